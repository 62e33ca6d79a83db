-- +goose Up
-- Failed logins, by subject ("account:<merchant>:<username>" or "ip:<addr>"),
-- for the lockout rule; old rows are pruned as new ones arrive.
CREATE TABLE login_failures (
    subject   TEXT NOT NULL,
    failed_at BIGINT NOT NULL
);
CREATE INDEX login_failures_subject ON login_failures (subject, failed_at);
