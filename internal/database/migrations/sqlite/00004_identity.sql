-- +goose Up
-- A member (player, agent or trial account) of one merchant.
CREATE TABLE members (
    id                     INTEGER PRIMARY KEY,
    merchant_code          TEXT NOT NULL REFERENCES merchants (code),
    -- username is stored lower-case: names are unique regardless of case.
    username               TEXT NOT NULL,
    mobile                 TEXT,
    email                  TEXT,
    password_hash          TEXT NOT NULL,
    payment_password_hash  TEXT NOT NULL DEFAULT '',
    -- 0 member, 1/2/41/42 agents, 4 trial (spec §4).
    type                   INTEGER NOT NULL DEFAULT 0,
    status                 TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'frozen')),
    upline_id              BIGINT REFERENCES members (id),
    nickname               TEXT NOT NULL DEFAULT '',
    vip_level              INTEGER NOT NULL DEFAULT 0,
    -- Register fields and profile labels that nothing queries by.
    profile                TEXT NOT NULL DEFAULT '{}',
    password_changed_at    BIGINT NOT NULL DEFAULT 0,
    must_change_password   INTEGER NOT NULL DEFAULT 0,
    created_at             BIGINT NOT NULL,
    last_login_at          BIGINT NOT NULL DEFAULT 0,
    UNIQUE (merchant_code, username)
);
CREATE UNIQUE INDEX members_mobile ON members (merchant_code, mobile) WHERE mobile IS NOT NULL;
CREATE INDEX members_upline ON members (upline_id);

-- A login session. Only the SHA-256 of the token is stored: a copy of the
-- database does not let anyone act as a member.
CREATE TABLE sessions (
    token_hash    TEXT PRIMARY KEY,
    member_id     BIGINT NOT NULL REFERENCES members (id),
    created_at    BIGINT NOT NULL,
    last_seen_at  BIGINT NOT NULL,
    expires_at    BIGINT NOT NULL,
    revoked_at    BIGINT NOT NULL DEFAULT 0,
    ip            TEXT NOT NULL DEFAULT '',
    user_agent    TEXT NOT NULL DEFAULT ''
);
CREATE INDEX sessions_member ON sessions (member_id);
