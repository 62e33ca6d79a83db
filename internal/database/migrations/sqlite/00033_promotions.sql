-- +goose Up
-- Issue 16, the promotion engine (decision 0036). Times are Unix ms;
-- amounts minor units of the merchant's currency (points: whole points).

-- A promotion: its trigger (kind), window, conditions and reward, and the
-- counters the claim guards in its own UPDATE (spent within budget,
-- claims within total_limit), so neither is overspent under concurrency.
CREATE TABLE promotions (
    id                INTEGER PRIMARY KEY AUTOINCREMENT,
    merchant_code     TEXT NOT NULL,
    kind              TEXT NOT NULL CHECK (kind IN ('free', 'first_deposit', 'deposit', 'turnover', 'loss', 'application')),
    status            TEXT NOT NULL CHECK (status IN ('draft', 'live', 'paused', 'ended')),
    starts_at         BIGINT NOT NULL,
    ends_at           BIGINT NOT NULL DEFAULT 0,
    vip_min           INTEGER NOT NULL DEFAULT 0,
    vip_max           INTEGER NOT NULL DEFAULT 99,
    game_types        TEXT NOT NULL DEFAULT '',
    min_deposit       BIGINT NOT NULL DEFAULT 0,
    target            BIGINT NOT NULL DEFAULT 0,
    per_member_limit  INTEGER NOT NULL DEFAULT 1,
    total_limit       INTEGER NOT NULL DEFAULT 0,
    budget            BIGINT NOT NULL DEFAULT 0,
    spent             BIGINT NOT NULL DEFAULT 0,
    claims            INTEGER NOT NULL DEFAULT 0,
    reward_kind       TEXT NOT NULL CHECK (reward_kind IN ('cash', 'bonus', 'points')),
    reward_amount     BIGINT NOT NULL DEFAULT 0,
    reward_percent_bp INTEGER NOT NULL DEFAULT 0,
    reward_cap        BIGINT NOT NULL DEFAULT 0,
    wagering          INTEGER NOT NULL DEFAULT 0,
    expiry_days       INTEGER NOT NULL DEFAULT 0,
    image_url         TEXT NOT NULL DEFAULT '',
    seed_key          TEXT NOT NULL DEFAULT '',
    created_at        BIGINT NOT NULL,
    updated_at        BIGINT NOT NULL
);
CREATE INDEX promotions_merchant ON promotions (merchant_code, status, starts_at);
CREATE UNIQUE INDEX promotions_seed ON promotions (merchant_code, seed_key) WHERE seed_key <> '';

-- Title, summary and body (sanitized HTML) per language.
CREATE TABLE promotion_texts (
    promotion_id BIGINT NOT NULL REFERENCES promotions (id),
    language     TEXT NOT NULL,
    title        TEXT NOT NULL,
    summary      TEXT NOT NULL DEFAULT '',
    body         TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (promotion_id, language)
);

-- Opt-in promotions (turnover, loss) count from the join.
CREATE TABLE promotion_joins (
    promotion_id BIGINT NOT NULL REFERENCES promotions (id),
    member_id    BIGINT NOT NULL REFERENCES members (id),
    joined_at    BIGINT NOT NULL,
    PRIMARY KEY (promotion_id, member_id)
);

-- A reward given: claimed by the member, or issued by an operator's
-- approval. One per member and slot (the member's n-th claim), one per
-- qualifying deposit: concurrent clicks meet the unique indexes.
CREATE TABLE promotion_claims (
    id             INTEGER PRIMARY KEY AUTOINCREMENT,
    promotion_id   BIGINT NOT NULL REFERENCES promotions (id),
    merchant_code  TEXT NOT NULL,
    member_id      BIGINT NOT NULL REFERENCES members (id),
    slot           INTEGER NOT NULL,
    qualifying_ref TEXT NOT NULL DEFAULT '',
    state          TEXT NOT NULL CHECK (state IN ('claimed', 'issued')),
    reward_kind    TEXT NOT NULL,
    amount         BIGINT NOT NULL,
    request_id     TEXT NOT NULL DEFAULT '',
    ledger_key     TEXT NOT NULL DEFAULT '',
    application_id BIGINT NOT NULL DEFAULT 0,
    created_at     BIGINT NOT NULL,
    decided_at     BIGINT NOT NULL DEFAULT 0,
    decided_by     TEXT NOT NULL DEFAULT '',
    reason         TEXT NOT NULL DEFAULT '',
    UNIQUE (promotion_id, member_id, slot)
);
CREATE UNIQUE INDEX promotion_claims_ref ON promotion_claims (promotion_id, qualifying_ref) WHERE qualifying_ref <> '';
CREATE UNIQUE INDEX promotion_claims_request ON promotion_claims (promotion_id, member_id, request_id) WHERE request_id <> '';
CREATE INDEX promotion_claims_member ON promotion_claims (member_id, id);

-- An application: the member's comment and images (kept like deposit
-- proofs), decided by marketing. One pending per member and promotion.
CREATE TABLE promotion_applications (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    promotion_id  BIGINT NOT NULL REFERENCES promotions (id),
    merchant_code TEXT NOT NULL,
    member_id     BIGINT NOT NULL REFERENCES members (id),
    comment       TEXT NOT NULL DEFAULT '',
    images        TEXT NOT NULL DEFAULT '',
    state         TEXT NOT NULL CHECK (state IN ('applying', 'approved', 'rejected')),
    amount        BIGINT NOT NULL DEFAULT 0,
    reason        TEXT NOT NULL DEFAULT '',
    created_at    BIGINT NOT NULL,
    decided_at    BIGINT NOT NULL DEFAULT 0,
    decided_by    TEXT NOT NULL DEFAULT ''
);
CREATE UNIQUE INDEX promotion_applications_pending ON promotion_applications (promotion_id, member_id) WHERE state = 'applying';
CREATE INDEX promotion_applications_queue ON promotion_applications (merchant_code, state, id);
CREATE INDEX promotion_applications_member ON promotion_applications (member_id, id);

-- Qualification reads a member's credited deposits by time.
CREATE INDEX deposit_orders_member_credited ON deposit_orders (member_id, credited_at);

-- +goose Down
DROP INDEX deposit_orders_member_credited;
DROP TABLE promotion_applications;
DROP TABLE promotion_claims;
DROP TABLE promotion_joins;
DROP TABLE promotion_texts;
DROP TABLE promotions;
