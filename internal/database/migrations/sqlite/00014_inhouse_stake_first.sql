-- +goose Up
-- Issue 12: a round's outcome is fixed only once its stake is held (decision
-- 0015, revised). A round is recorded first without a seed or nonce; the
-- nonce is taken after the wallet accepted the stake, so seed_id and nonce
-- are empty until then. SQLite cannot drop NOT NULL in place: the table is
-- rebuilt with the same columns, keys and indexes.
CREATE TABLE inhouse_rounds_new (
    id            INTEGER PRIMARY KEY,
    member_id     BIGINT NOT NULL REFERENCES members (id),
    merchant_code TEXT NOT NULL REFERENCES merchants (code),
    request_id    TEXT NOT NULL,
    seed_id       BIGINT REFERENCES inhouse_seeds (id),
    nonce         BIGINT,
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
INSERT INTO inhouse_rounds_new (id, member_id, merchant_code, request_id, seed_id, nonce, game_code, mode, currency, stake, win,
    params, result, status, refusal, created_at, settled_at)
SELECT id, member_id, merchant_code, request_id, seed_id, nonce, game_code, mode, currency, stake, win,
    params, result, status, refusal, created_at, settled_at FROM inhouse_rounds;
DROP TABLE inhouse_rounds;
ALTER TABLE inhouse_rounds_new RENAME TO inhouse_rounds;
CREATE INDEX inhouse_rounds_member ON inhouse_rounds (member_id, game_code, id);
CREATE INDEX inhouse_rounds_pending ON inhouse_rounds (status, created_at);
CREATE INDEX inhouse_rounds_seed ON inhouse_rounds (seed_id, status);

-- A seed change first retires the live pair (no new nonce is taken from
-- it), settles the rounds drawn on it, and only then reveals it. The live
-- pair is the one not retired.
ALTER TABLE inhouse_seeds ADD COLUMN retired_at BIGINT NOT NULL DEFAULT 0;
UPDATE inhouse_seeds SET retired_at = revealed_at WHERE revealed_at > 0;
DROP INDEX inhouse_seeds_live;
CREATE UNIQUE INDEX inhouse_seeds_live ON inhouse_seeds (member_id) WHERE retired_at = 0;

-- +goose Down
SELECT 1;
