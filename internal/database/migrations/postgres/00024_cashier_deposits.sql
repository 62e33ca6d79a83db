-- +goose Up
-- Issue 14, deposits: the merchant's payment channels, the members'
-- deposit orders (credited once through the ledger), and the payment
-- gateway simulator's own orders (it stands for an outside PSP, so it
-- keeps its own table and survives restarts).
CREATE TABLE payment_channels (
    id            BIGSERIAL PRIMARY KEY,
    merchant_code TEXT NOT NULL,
    code          TEXT NOT NULL,
    name          TEXT NOT NULL,
    kind          TEXT NOT NULL,
    gateway       TEXT NOT NULL,
    currency      TEXT NOT NULL,
    min_amount    BIGINT NOT NULL,
    max_amount    BIGINT NOT NULL,
    fee_bps       INTEGER NOT NULL DEFAULT 0,
    fee_fixed     BIGINT NOT NULL DEFAULT 0,
    daily_count   INTEGER NOT NULL DEFAULT 0,
    daily_amount  BIGINT NOT NULL DEFAULT 0,
    display_order INTEGER NOT NULL DEFAULT 0,
    vip_levels    TEXT NOT NULL DEFAULT '',
    enabled       INTEGER NOT NULL DEFAULT 1,
    instructions  TEXT NOT NULL DEFAULT '{}',
    bank          TEXT NOT NULL DEFAULT '',
    secret        TEXT NOT NULL DEFAULT '',
    created_at    BIGINT NOT NULL,
    updated_at    BIGINT NOT NULL,
    UNIQUE (merchant_code, code)
);
CREATE TABLE deposit_orders (
    id            BIGSERIAL PRIMARY KEY,
    merchant_code TEXT NOT NULL,
    member_id     BIGINT NOT NULL REFERENCES members (id),
    channel_id    BIGINT NOT NULL REFERENCES payment_channels (id),
    request_id    TEXT NOT NULL,
    amount        BIGINT NOT NULL,
    fee           BIGINT NOT NULL,
    credit        BIGINT NOT NULL,
    currency      TEXT NOT NULL,
    status        TEXT NOT NULL,
    reference     TEXT NOT NULL DEFAULT '',
    proof_key     TEXT NOT NULL DEFAULT '',
    proof_type    TEXT NOT NULL DEFAULT '',
    psp_order_id  TEXT NOT NULL DEFAULT '',
    paid_amount   BIGINT NOT NULL DEFAULT 0,
    reason        TEXT NOT NULL DEFAULT '',
    created_at    BIGINT NOT NULL,
    expires_at    BIGINT NOT NULL,
    credited_at   BIGINT NOT NULL DEFAULT 0,
    decided_at    BIGINT NOT NULL DEFAULT 0,
    decided_by    TEXT NOT NULL DEFAULT '',
    UNIQUE (merchant_code, member_id, request_id)
);
-- The finance queue by status, and the period filters.
CREATE INDEX deposit_orders_queue ON deposit_orders (merchant_code, status, id);
CREATE INDEX deposit_orders_created ON deposit_orders (merchant_code, created_at);
-- A member's own list and limits.
CREATE INDEX deposit_orders_member ON deposit_orders (member_id, id);
CREATE INDEX deposit_orders_psp ON deposit_orders (psp_order_id);
CREATE TABLE paysim_orders (
    psp_order_id  TEXT PRIMARY KEY,
    merchant_code TEXT NOT NULL,
    channel_code  TEXT NOT NULL,
    order_id      BIGINT NOT NULL,
    amount        BIGINT NOT NULL,
    currency      TEXT NOT NULL,
    notify_path   TEXT NOT NULL,
    return_url    TEXT NOT NULL,
    status        TEXT NOT NULL,
    paid_amount   BIGINT NOT NULL DEFAULT 0,
    paid_at       BIGINT NOT NULL DEFAULT 0,
    created_at    BIGINT NOT NULL
);

-- +goose Down
DROP TABLE paysim_orders;
DROP TABLE deposit_orders;
DROP TABLE payment_channels;
