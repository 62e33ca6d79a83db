-- +goose Up
-- The ledger (architecture rule 4). An account holds one currency for one
-- owner: a member, or one of the house, vendor, adjustment (and later
-- cashier, bonus, agent) sides. The house side is split into shards so no
-- single row is updated by every bet.
CREATE TABLE wallet_accounts (
    id             INTEGER PRIMARY KEY,
    merchant_code  TEXT NOT NULL REFERENCES merchants (code),
    kind           TEXT NOT NULL,
    owner          TEXT NOT NULL,
    currency       TEXT NOT NULL,
    balance        BIGINT NOT NULL DEFAULT 0,
    -- Only the platform's own sides may go below zero; member accounts never.
    may_go_negative INTEGER NOT NULL DEFAULT 0,
    created_at     BIGINT NOT NULL,
    UNIQUE (merchant_code, kind, owner, currency),
    CHECK (may_go_negative = 1 OR balance >= 0)
);
-- A transfer moves amount (minor units, > 0) from the debit account to the
-- credit account. Rows are never updated or deleted; the idempotency key
-- makes a retried request one transfer.
CREATE TABLE wallet_transfers (
    id              INTEGER PRIMARY KEY,
    merchant_code   TEXT NOT NULL REFERENCES merchants (code),
    idempotency_key TEXT NOT NULL,
    request_hash    TEXT NOT NULL,
    debit_account   BIGINT NOT NULL REFERENCES wallet_accounts (id),
    credit_account  BIGINT NOT NULL REFERENCES wallet_accounts (id),
    amount          BIGINT NOT NULL CHECK (amount > 0),
    kind            TEXT NOT NULL,
    reference       TEXT NOT NULL DEFAULT '',
    created_at      BIGINT NOT NULL,
    UNIQUE (merchant_code, idempotency_key),
    CHECK (debit_account <> credit_account)
);
CREATE INDEX wallet_transfers_debit ON wallet_transfers (debit_account, id);
CREATE INDEX wallet_transfers_credit ON wallet_transfers (credit_account, id);
