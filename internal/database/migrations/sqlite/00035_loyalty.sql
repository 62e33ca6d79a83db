-- +goose Up
-- Issue 16, the points mall and VIP levels (decision 0038). Points and
-- upgrade rewards move in the ledger; these tables hold the rules and the
-- records that make each movement happen once.

-- A merchant's points rules: points earned per valid bet (basis points of
-- a point per major unit) and the conversion of points into cash.
CREATE TABLE loyalty_settings (
    merchant_code TEXT PRIMARY KEY,
    enabled       INTEGER NOT NULL DEFAULT 1,
    earn_rate_bp  INTEGER NOT NULL CHECK (earn_rate_bp >= 0),
    convert_rate  BIGINT NOT NULL CHECK (convert_rate > 0),
    convert_min   BIGINT NOT NULL CHECK (convert_min > 0),
    updated_at    BIGINT NOT NULL
);

-- The mall's items. stock never goes below zero: a redemption takes it in
-- a guarded UPDATE, so concurrent redemptions never oversell.
CREATE TABLE point_items (
    id                 INTEGER PRIMARY KEY AUTOINCREMENT,
    merchant_code      TEXT NOT NULL,
    kind               TEXT NOT NULL CHECK (kind IN ('goods', 'cash')),
    cash_amount        BIGINT NOT NULL DEFAULT 0 CHECK (cash_amount >= 0),
    points             BIGINT NOT NULL CHECK (points > 0),
    amount_requirement BIGINT NOT NULL DEFAULT 0 CHECK (amount_requirement >= 0),
    stock              BIGINT NOT NULL CHECK (stock >= 0),
    per_member_limit   INTEGER NOT NULL DEFAULT 0 CHECK (per_member_limit >= 0),
    status             TEXT NOT NULL CHECK (status IN ('active', 'hidden')),
    sort               INTEGER NOT NULL DEFAULT 0,
    image_url          TEXT NOT NULL DEFAULT '',
    created_at         BIGINT NOT NULL,
    updated_at         BIGINT NOT NULL
);
CREATE INDEX point_items_merchant ON point_items (merchant_code, status, sort);

CREATE TABLE point_item_texts (
    item_id     BIGINT NOT NULL REFERENCES point_items (id),
    language    TEXT NOT NULL,
    name        TEXT NOT NULL,
    description TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (item_id, language)
);

-- A member's redemption: points taken at once, the item given (or its cash
-- paid) when an operator approves, points and stock back on a rejection.
-- kind and cash_amount are the item's at the time of the redemption.
CREATE TABLE point_redemptions (
    id                 INTEGER PRIMARY KEY AUTOINCREMENT,
    merchant_code      TEXT NOT NULL,
    member_id          BIGINT NOT NULL REFERENCES members (id),
    item_id            BIGINT NOT NULL REFERENCES point_items (id),
    quantity           INTEGER NOT NULL CHECK (quantity > 0),
    points             BIGINT NOT NULL CHECK (points > 0),
    kind               TEXT NOT NULL,
    cash_amount        BIGINT NOT NULL DEFAULT 0,
    amount_requirement BIGINT NOT NULL DEFAULT 0,
    state              TEXT NOT NULL CHECK (state IN ('applying', 'approved', 'rejected')),
    reference_no       TEXT NOT NULL UNIQUE,
    request_id         TEXT NOT NULL,
    reason             TEXT NOT NULL DEFAULT '',
    created_at         BIGINT NOT NULL,
    decided_at         BIGINT NOT NULL DEFAULT 0,
    decided_by         TEXT NOT NULL DEFAULT '',
    UNIQUE (merchant_code, member_id, request_id)
);
CREATE INDEX point_redemptions_member ON point_redemptions (member_id, id);
CREATE INDEX point_redemptions_queue ON point_redemptions (merchant_code, state, id);
CREATE INDEX point_redemptions_item ON point_redemptions (item_id, member_id);

-- A conversion of points into cash (the ledger moves are keyed by its
-- request id).
CREATE TABLE point_conversions (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    merchant_code TEXT NOT NULL,
    member_id     BIGINT NOT NULL REFERENCES members (id),
    points        BIGINT NOT NULL,
    amount        BIGINT NOT NULL,
    request_id    TEXT NOT NULL,
    created_at    BIGINT NOT NULL,
    UNIQUE (merchant_code, member_id, request_id)
);

-- The earning job's days: one row per merchant and ended local day once
-- it is paid, and one per member paid, written in the payment's
-- transaction, so a re-run pays nothing twice.
CREATE TABLE point_earn_days (
    merchant_code TEXT NOT NULL,
    day           BIGINT NOT NULL,
    members       BIGINT NOT NULL DEFAULT 0,
    points        BIGINT NOT NULL DEFAULT 0,
    finished_at   BIGINT NOT NULL,
    PRIMARY KEY (merchant_code, day)
);
CREATE TABLE point_earnings (
    merchant_code TEXT NOT NULL,
    day           BIGINT NOT NULL,
    member_id     BIGINT NOT NULL,
    valid_bet     BIGINT NOT NULL,
    points        BIGINT NOT NULL,
    created_at    BIGINT NOT NULL,
    PRIMARY KEY (merchant_code, day, member_id)
);
CREATE INDEX point_earnings_member ON point_earnings (member_id, day);

-- VIP levels of a merchant, 0 (everyone) upwards.
CREATE TABLE vip_levels (
    merchant_code        TEXT NOT NULL,
    level                INTEGER NOT NULL CHECK (level >= 0 AND level <= 99),
    name                 TEXT NOT NULL,
    min_deposit          BIGINT NOT NULL DEFAULT 0,
    min_valid_bet        BIGINT NOT NULL DEFAULT 0,
    window_days          INTEGER NOT NULL DEFAULT 30,
    upgrade_reward       BIGINT NOT NULL DEFAULT 0,
    withdraw_daily_limit BIGINT,
    PRIMARY KEY (merchant_code, level)
);

-- Each level's upgrade reward paid to a member, once.
CREATE TABLE vip_rewards (
    member_id     BIGINT NOT NULL REFERENCES members (id),
    level         INTEGER NOT NULL,
    merchant_code TEXT NOT NULL,
    amount        BIGINT NOT NULL,
    paid_at       BIGINT NOT NULL,
    PRIMARY KEY (member_id, level)
);

-- +goose Down
DROP TABLE vip_rewards;
DROP TABLE vip_levels;
DROP INDEX point_earnings_member;
DROP TABLE point_earnings;
DROP TABLE point_earn_days;
DROP TABLE point_conversions;
DROP INDEX point_redemptions_item;
DROP INDEX point_redemptions_queue;
DROP INDEX point_redemptions_member;
DROP TABLE point_redemptions;
DROP TABLE point_item_texts;
DROP INDEX point_items_merchant;
DROP TABLE point_items;
DROP TABLE loyalty_settings;
