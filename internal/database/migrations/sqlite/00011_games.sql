-- +goose Up
-- Vendors' signing secrets for the seamless-wallet API. The previous secret
-- stays good until previous_until after a rotation, so a vendor can switch
-- without refused callbacks.
CREATE TABLE vendor_secrets (
    vendor_code     TEXT PRIMARY KEY,
    secret          TEXT NOT NULL,
    previous_secret TEXT NOT NULL DEFAULT '',
    previous_until  BIGINT NOT NULL DEFAULT 0,
    created_at      BIGINT NOT NULL,
    rotated_at      BIGINT NOT NULL DEFAULT 0
);
-- A game session: the token a launched game carries (stored hashed) and
-- whose bets it may place. mode is real or trial (play money).
CREATE TABLE game_sessions (
    id            INTEGER PRIMARY KEY,
    token_hash    TEXT NOT NULL UNIQUE,
    merchant_code TEXT NOT NULL REFERENCES merchants (code),
    member_id     BIGINT NOT NULL REFERENCES members (id),
    vendor_code   TEXT NOT NULL,
    game_code     TEXT NOT NULL,
    currency      TEXT NOT NULL,
    mode          TEXT NOT NULL,
    created_at    BIGINT NOT NULL,
    expires_at    BIGINT NOT NULL
);
-- A vendor's round as the wallet saw it: the sums of its bets, wins and
-- refunds, for the betting record and profit and loss. The money itself is
-- in the ledger.
CREATE TABLE game_rounds (
    id            INTEGER PRIMARY KEY,
    vendor_code   TEXT NOT NULL,
    round_id      TEXT NOT NULL,
    merchant_code TEXT NOT NULL REFERENCES merchants (code),
    member_id     BIGINT NOT NULL REFERENCES members (id),
    game_code     TEXT NOT NULL,
    game_type     TEXT NOT NULL,
    currency      TEXT NOT NULL,
    mode          TEXT NOT NULL,
    stake         BIGINT NOT NULL DEFAULT 0,
    win           BIGINT NOT NULL DEFAULT 0,
    refunded      BIGINT NOT NULL DEFAULT 0,
    closed        INTEGER NOT NULL DEFAULT 0,
    opened_at     BIGINT NOT NULL,
    closed_at     BIGINT NOT NULL DEFAULT 0,
    UNIQUE (vendor_code, round_id)
);
CREATE INDEX game_rounds_member ON game_rounds (member_id, opened_at);
-- Every callback a vendor made that took effect, with its answer, so a
-- replay gets the first answer. kind tombstone marks a transaction id
-- rolled back before it arrived: that bet is refused when it comes.
CREATE TABLE vendor_transactions (
    id             INTEGER PRIMARY KEY,
    vendor_code    TEXT NOT NULL,
    transaction_id TEXT NOT NULL,
    kind           TEXT NOT NULL,
    round_ref      BIGINT REFERENCES game_rounds (id),
    member_id      BIGINT NOT NULL,
    amount         BIGINT NOT NULL DEFAULT 0,
    reference_id   TEXT NOT NULL DEFAULT '',
    request_hash   TEXT NOT NULL,
    balance        BIGINT NOT NULL DEFAULT 0,
    currency       TEXT NOT NULL DEFAULT '',
    rolled_back    INTEGER NOT NULL DEFAULT 0,
    created_at     BIGINT NOT NULL,
    UNIQUE (vendor_code, transaction_id)
);
CREATE INDEX vendor_transactions_round ON vendor_transactions (round_ref);
-- A member's favourite games and recently played games.
CREATE TABLE member_favourites (
    member_id  BIGINT NOT NULL REFERENCES members (id),
    game_id    BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (member_id, game_id)
);
CREATE TABLE member_recent_games (
    member_id BIGINT NOT NULL REFERENCES members (id),
    game_id   BIGINT NOT NULL,
    played_at BIGINT NOT NULL,
    PRIMARY KEY (member_id, game_id)
);
CREATE INDEX member_recent_games_time ON member_recent_games (member_id, played_at);

-- +goose Down
DROP TABLE member_recent_games;
DROP TABLE member_favourites;
DROP TABLE vendor_transactions;
DROP TABLE game_rounds;
DROP TABLE game_sessions;
DROP TABLE vendor_secrets;
