-- +goose Up
-- Issue 13, back office: operators, their roles, sessions, log-in steps,
-- lockout, per-merchant IP allow-lists and the audit trail (decision 0022).

-- An operator works for one merchant, or for the platform (merchant_code '').
CREATE TABLE operators (
    id INTEGER PRIMARY KEY,
    merchant_code TEXT NOT NULL,
    username TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    role TEXT NOT NULL,
    must_change_password INTEGER NOT NULL DEFAULT 1,
    totp_secret TEXT NOT NULL DEFAULT '',
    totp_enabled INTEGER NOT NULL DEFAULT 0,
    totp_last_step BIGINT NOT NULL DEFAULT 0,
    disabled INTEGER NOT NULL DEFAULT 0,
    created_at BIGINT NOT NULL,
    last_login_at BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX operators_merchant ON operators (merchant_code, role);

-- Custom roles of a merchant (the built-in ones live in code).
CREATE TABLE operator_roles (
    merchant_code TEXT NOT NULL,
    name TEXT NOT NULL,
    permissions TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (merchant_code, name)
);

CREATE TABLE operator_sessions (
    token_hash TEXT PRIMARY KEY,
    operator_id BIGINT NOT NULL,
    csrf_token TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    last_seen_at BIGINT NOT NULL,
    ip TEXT NOT NULL
);
CREATE INDEX operator_sessions_operator ON operator_sessions (operator_id);

-- The token carrying a log-in from one step to the next (5 minutes, each
-- used once).
CREATE TABLE operator_login_tokens (
    token_hash TEXT PRIMARY KEY,
    operator_id BIGINT NOT NULL,
    step TEXT NOT NULL,
    expires_at BIGINT NOT NULL
);

CREATE TABLE operator_login_failures (
    username TEXT NOT NULL,
    ip TEXT NOT NULL,
    at BIGINT NOT NULL
);
CREATE INDEX operator_login_failures_key ON operator_login_failures (username, ip, at);

-- The addresses a merchant's operators may work from; no row (or an empty
-- list) lets any address in.
CREATE TABLE operator_ip_allow (
    merchant_code TEXT PRIMARY KEY,
    cidrs TEXT NOT NULL
);

-- The audit trail: appended to, never changed (the triggers refuse it).
CREATE TABLE audit_log (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    at BIGINT NOT NULL,
    operator_id BIGINT NOT NULL,
    operator TEXT NOT NULL,
    merchant_code TEXT NOT NULL,
    ip TEXT NOT NULL,
    action TEXT NOT NULL,
    target TEXT NOT NULL,
    before_value TEXT NOT NULL,
    after_value TEXT NOT NULL,
    outcome TEXT NOT NULL
);
CREATE INDEX audit_log_merchant ON audit_log (merchant_code, id);

-- +goose StatementBegin
CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
BEGIN
    SELECT RAISE(ABORT, 'audit_log is append-only');
END;
-- +goose StatementEnd

-- +goose StatementBegin
CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
BEGIN
    SELECT RAISE(ABORT, 'audit_log is append-only');
END;
-- +goose StatementEnd

-- +goose Down
SELECT 1;
