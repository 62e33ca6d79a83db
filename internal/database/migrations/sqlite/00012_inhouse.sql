-- +goose Up
-- A member's provably-fair seed pair for the in-house games. The server seed
-- is secret while in use (only its hash is shown); revealed_at > 0 once the
-- member has changed seeds and it has been shown. One live pair per member.
CREATE TABLE inhouse_seeds (
    id               INTEGER PRIMARY KEY,
    member_id        BIGINT NOT NULL REFERENCES members (id),
    server_seed      TEXT NOT NULL,
    server_seed_hash TEXT NOT NULL,
    client_seed      TEXT NOT NULL,
    next_nonce       BIGINT NOT NULL DEFAULT 0,
    created_at       BIGINT NOT NULL,
    revealed_at      BIGINT NOT NULL DEFAULT 0
);
CREATE UNIQUE INDEX inhouse_seeds_live ON inhouse_seeds (member_id) WHERE revealed_at = 0;
CREATE INDEX inhouse_seeds_member ON inhouse_seeds (member_id, id);
-- An in-house round: its seed pair and nonce fix the outcome before any
-- money moves. status: pending (money may be in flight), settled, void (the
-- stake never left or was refunded) or refused (the wallet said no; no
-- outcome shown). request_id makes a player's retry replay the round.
CREATE TABLE inhouse_rounds (
    id            INTEGER PRIMARY KEY,
    member_id     BIGINT NOT NULL REFERENCES members (id),
    merchant_code TEXT NOT NULL REFERENCES merchants (code),
    request_id    TEXT NOT NULL,
    seed_id       BIGINT NOT NULL REFERENCES inhouse_seeds (id),
    nonce         BIGINT NOT NULL,
    game_code     TEXT NOT NULL,
    mode          TEXT NOT NULL,
    currency      TEXT NOT NULL,
    stake         BIGINT NOT NULL,
    win           BIGINT NOT NULL DEFAULT 0,
    params        TEXT NOT NULL,
    result        TEXT NOT NULL DEFAULT '',
    status        TEXT NOT NULL,
    refusal       TEXT NOT NULL DEFAULT '',
    created_at    BIGINT NOT NULL,
    settled_at    BIGINT NOT NULL DEFAULT 0,
    UNIQUE (member_id, request_id),
    UNIQUE (seed_id, nonce)
);
CREATE INDEX inhouse_rounds_member ON inhouse_rounds (member_id, game_code, id);
CREATE INDEX inhouse_rounds_pending ON inhouse_rounds (status, created_at);

-- +goose Down
DROP TABLE inhouse_rounds;
DROP TABLE inhouse_seeds;
