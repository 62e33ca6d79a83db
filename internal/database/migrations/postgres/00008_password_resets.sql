-- +goose Up
-- E-mailed password-reset links: only the token's hash is kept; a token is
-- single-use and short-lived.
CREATE TABLE password_resets (
    token_hash TEXT PRIMARY KEY,
    member_id  BIGINT NOT NULL REFERENCES members (id),
    expires_at BIGINT NOT NULL,
    used       INTEGER NOT NULL DEFAULT 0
);
