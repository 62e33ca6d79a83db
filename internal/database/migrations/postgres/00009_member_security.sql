-- +goose Up
-- Addresses a member has logged in from; a log-in from any other address
-- asks for one more proof when the merchant runs IPVERIFY3.
CREATE TABLE member_ips (
    member_id  BIGINT NOT NULL REFERENCES members (id),
    ip         TEXT NOT NULL,
    first_seen BIGINT NOT NULL,
    last_seen  BIGINT NOT NULL,
    PRIMARY KEY (member_id, ip)
);
-- A member's authenticator (TOTP) secret; enabled once a code from the app
-- has been entered.
CREATE TABLE member_totp (
    member_id  BIGINT PRIMARY KEY REFERENCES members (id),
    secret     TEXT NOT NULL,
    enabled    INTEGER NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL
);
