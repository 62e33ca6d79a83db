-- +goose Up
-- Issued captchas: only a hash of the answer is kept, and a row is deleted
-- when it is checked, so each captcha is good for one try.
CREATE TABLE captchas (
    id          TEXT PRIMARY KEY,
    answer_hash TEXT NOT NULL,
    expires_at  BIGINT NOT NULL
);
