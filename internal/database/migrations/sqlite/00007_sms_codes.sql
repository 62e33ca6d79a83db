-- +goose Up
-- SMS verification codes; only a hash of the code is kept.
CREATE TABLE sms_codes (
    id            INTEGER PRIMARY KEY,
    merchant_code TEXT NOT NULL REFERENCES merchants (code),
    mobile        TEXT NOT NULL,
    purpose       TEXT NOT NULL,
    code_hash     TEXT NOT NULL,
    ip            TEXT NOT NULL DEFAULT '',
    created_at    BIGINT NOT NULL,
    expires_at    BIGINT NOT NULL,
    attempts      INTEGER NOT NULL DEFAULT 0,
    used          INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX sms_codes_mobile ON sms_codes (merchant_code, mobile, created_at);
CREATE INDEX sms_codes_ip ON sms_codes (ip, created_at);
