-- +goose Up
-- Issue 14, money going out (decision 0030): the members' bank accounts,
-- withdrawal orders with their receipt confirmation, the merchant's
-- withdrawal policy, transfers to the upline, and the payment-gateway
-- simulator's payouts (it stands for an outside PSP: its own table).
CREATE TABLE member_bank_accounts (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    merchant_code  TEXT NOT NULL,
    member_id      BIGINT NOT NULL REFERENCES members (id),
    bank_name      TEXT NOT NULL,
    -- The number as the bank knows it (finance pays to it); members and
    -- read-only staff only ever see its last four characters.
    account_number TEXT NOT NULL,
    account_name   TEXT NOT NULL,
    created_at     BIGINT NOT NULL,
    -- Removed accounts stay for the withdrawals that paid to them.
    removed_at     BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX member_bank_accounts_member ON member_bank_accounts (member_id, removed_at);
CREATE TABLE withdrawal_orders (
    id                INTEGER PRIMARY KEY AUTOINCREMENT,
    merchant_code     TEXT NOT NULL,
    member_id         BIGINT NOT NULL REFERENCES members (id),
    bank_account_id   BIGINT NOT NULL REFERENCES member_bank_accounts (id),
    request_id        TEXT NOT NULL,
    amount            BIGINT NOT NULL,
    currency          TEXT NOT NULL,
    status            TEXT NOT NULL,
    reason            TEXT NOT NULL DEFAULT '',
    payout            TEXT NOT NULL DEFAULT 'manual',
    payout_channel    TEXT NOT NULL DEFAULT '',
    payout_ref        TEXT NOT NULL DEFAULT '',
    receipt           TEXT NOT NULL DEFAULT '',
    receipt_remaining BIGINT NOT NULL DEFAULT 0,
    receipt_note      TEXT NOT NULL DEFAULT '',
    -- JSON list of {key, type}: the member's proofs (at most 3).
    proofs            TEXT NOT NULL DEFAULT '[]',
    resolution        TEXT NOT NULL DEFAULT '',
    created_at        BIGINT NOT NULL,
    decided_at        BIGINT NOT NULL DEFAULT 0,
    decided_by        TEXT NOT NULL DEFAULT '',
    paid_at           BIGINT NOT NULL DEFAULT 0,
    receipt_due_at    BIGINT NOT NULL DEFAULT 0,
    receipt_at        BIGINT NOT NULL DEFAULT 0,
    resolved_at       BIGINT NOT NULL DEFAULT 0,
    resolved_by       TEXT NOT NULL DEFAULT '',
    -- A withdrawal paid by a matched depositor: their deposit order.
    matched_deposit   BIGINT NOT NULL DEFAULT 0,
    UNIQUE (merchant_code, member_id, request_id)
);
-- The finance queue by status (newest, oldest, largest first; the amount
-- index also finds the oldest withdrawal of an amount waiting for a p2p
-- depositor), the period filter, the member's own list, and the receipts
-- falling due.
CREATE INDEX withdrawal_orders_queue ON withdrawal_orders (merchant_code, status, id);
CREATE INDEX withdrawal_orders_amount ON withdrawal_orders (merchant_code, status, amount, id);
CREATE INDEX withdrawal_orders_created ON withdrawal_orders (merchant_code, created_at);
CREATE INDEX withdrawal_orders_member ON withdrawal_orders (member_id, id);
CREATE INDEX withdrawal_orders_due ON withdrawal_orders (status, receipt_due_at);
-- A p2p deposit order's withdrawal (0: not matched).
ALTER TABLE deposit_orders ADD COLUMN matched_withdrawal BIGINT NOT NULL DEFAULT 0;
CREATE TABLE cashier_policies (
    merchant_code   TEXT PRIMARY KEY,
    -- 100 = valid bets must reach 1x the deposits since the last payout.
    turnover_pct    INTEGER NOT NULL,
    min_amount      BIGINT NOT NULL,
    max_amount      BIGINT NOT NULL,
    daily_count     INTEGER NOT NULL,
    daily_amount    BIGINT NOT NULL,
    max_open        INTEGER NOT NULL,
    receipt_minutes INTEGER NOT NULL,
    payout          TEXT NOT NULL,
    upline_min      BIGINT NOT NULL,
    upline_max      BIGINT NOT NULL,
    upline_daily    BIGINT NOT NULL,
    updated_at      BIGINT NOT NULL
);
CREATE TABLE upline_transfers (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    merchant_code TEXT NOT NULL,
    member_id     BIGINT NOT NULL REFERENCES members (id),
    upline_id     BIGINT NOT NULL REFERENCES members (id),
    request_id    TEXT NOT NULL,
    amount        BIGINT NOT NULL,
    currency      TEXT NOT NULL,
    created_at    BIGINT NOT NULL,
    UNIQUE (merchant_code, member_id, request_id)
);
CREATE INDEX upline_transfers_member ON upline_transfers (member_id, created_at);
CREATE TABLE paysim_payouts (
    payout_id      TEXT PRIMARY KEY,
    merchant_code  TEXT NOT NULL,
    channel_code   TEXT NOT NULL,
    order_id       BIGINT NOT NULL,
    amount         BIGINT NOT NULL,
    currency       TEXT NOT NULL,
    account_number TEXT NOT NULL,
    notify_path    TEXT NOT NULL,
    status         TEXT NOT NULL,
    created_at     BIGINT NOT NULL,
    paid_at        BIGINT NOT NULL DEFAULT 0,
    UNIQUE (merchant_code, order_id)
);

-- +goose Down
ALTER TABLE deposit_orders DROP COLUMN matched_withdrawal;
DROP TABLE paysim_payouts;
DROP TABLE upline_transfers;
DROP TABLE cashier_policies;
DROP TABLE withdrawal_orders;
DROP TABLE member_bank_accounts;
