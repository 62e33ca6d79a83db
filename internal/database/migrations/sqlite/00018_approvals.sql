-- +goose Up
-- Issue 13 item 3, two-person approval (maker-checker, decision 0022): a
-- request by one operator (payload JSON text, e.g. a balance adjustment),
-- decided by another; pending ones expire after 24 hours.
CREATE TABLE approvals (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    merchant_code TEXT NOT NULL,
    kind TEXT NOT NULL,
    payload TEXT NOT NULL,
    summary TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('pending', 'approved', 'rejected', 'expired')),
    requested_by BIGINT NOT NULL,
    requested_by_name TEXT NOT NULL,
    requested_at BIGINT NOT NULL,
    expires_at BIGINT NOT NULL,
    decided_by BIGINT NOT NULL DEFAULT 0,
    decided_by_name TEXT NOT NULL DEFAULT '',
    decided_at BIGINT NOT NULL DEFAULT 0,
    decision_reason TEXT NOT NULL DEFAULT '',
    result TEXT NOT NULL DEFAULT ''
);
CREATE INDEX approvals_merchant ON approvals (merchant_code, status, id);

-- +goose Down
SELECT 1;
