-- +goose Up
-- Issue 14, transfer wallets (decision 0031). A vendor a merchant offers
-- runs seamless (it calls back our wallet) or transfer (it keeps the
-- player's money itself and the player moves money in and out).
ALTER TABLE merchant_vendors ADD COLUMN wallet_mode TEXT NOT NULL DEFAULT 'seamless';

-- One move between the main wallet and a vendor's wallet. The row is
-- written with the ledger move that starts it and settled exactly once
-- (status guarded), whoever finishes it: the request or the reconciler.
CREATE TABLE wallet_transfer_orders (
    id            BIGSERIAL PRIMARY KEY,
    merchant_code TEXT NOT NULL,
    member_id     BIGINT NOT NULL REFERENCES members (id),
    vendor_code   TEXT NOT NULL,
    direction     TEXT NOT NULL CHECK (direction IN ('in', 'out')),
    amount        BIGINT NOT NULL CHECK (amount > 0),
    currency      TEXT NOT NULL,
    status        TEXT NOT NULL CHECK (status IN ('pending', 'done', 'failed', 'unknown')),
    request_id    TEXT NOT NULL,
    reason        TEXT NOT NULL DEFAULT '',
    created_at    BIGINT NOT NULL,
    settled_at    BIGINT NOT NULL DEFAULT 0,
    UNIQUE (merchant_code, member_id, request_id)
);
-- The member's own list, and the reconciler's sweep of open moves.
CREATE INDEX wallet_transfer_orders_member ON wallet_transfer_orders (member_id, id);
CREATE INDEX wallet_transfer_orders_open ON wallet_transfer_orders (status, created_at);

-- The vendor simulator's books (it stands for outside vendors, so it
-- keeps its own tables and survives restarts): each player's balance at
-- a vendor, and every transfer it was asked for, by the portal's id.
CREATE TABLE vendorsim_wallets (
    vendor_code   TEXT NOT NULL,
    merchant_code TEXT NOT NULL,
    player        TEXT NOT NULL,
    currency      TEXT NOT NULL,
    balance       BIGINT NOT NULL DEFAULT 0 CHECK (balance >= 0),
    PRIMARY KEY (vendor_code, merchant_code, player, currency)
);
CREATE TABLE vendorsim_transfers (
    vendor_code   TEXT NOT NULL,
    transfer_id   TEXT NOT NULL,
    merchant_code TEXT NOT NULL,
    player        TEXT NOT NULL,
    currency      TEXT NOT NULL,
    direction     TEXT NOT NULL,
    amount        BIGINT NOT NULL,
    status        TEXT NOT NULL,
    balance       BIGINT NOT NULL DEFAULT 0,
    created_at    BIGINT NOT NULL,
    PRIMARY KEY (vendor_code, transfer_id)
);

-- +goose Down
DROP TABLE vendorsim_transfers;
DROP TABLE vendorsim_wallets;
DROP TABLE wallet_transfer_orders;
ALTER TABLE merchant_vendors DROP COLUMN wallet_mode;
