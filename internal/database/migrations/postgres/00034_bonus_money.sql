-- +goose Up
-- Issue 16, bonus money (decision 0037).

-- A bonus granted to a member: the money sits in the member's bonus
-- account (wallet kind bonus) until its wagering is done (converted to
-- cash), it expires, or it is forfeited. source is what granted it (such
-- as "promo:12:claim:55"), unique: the grant's idempotency key. from_kind
-- and from_owner name the paying side, where a forfeit returns the money.
CREATE TABLE bonus_grants (
    id            BIGSERIAL PRIMARY KEY,
    merchant_code TEXT NOT NULL,
    member_id     BIGINT NOT NULL REFERENCES members (id),
    currency      TEXT NOT NULL,
    source        TEXT NOT NULL,
    title         TEXT NOT NULL DEFAULT '',
    amount        BIGINT NOT NULL CHECK (amount > 0),
    wagering      INTEGER NOT NULL CHECK (wagering BETWEEN 1 AND 100),
    required      BIGINT NOT NULL,
    wagered       BIGINT NOT NULL DEFAULT 0,
    state         TEXT NOT NULL CHECK (state IN ('active', 'converted', 'forfeited', 'expired')),
    from_kind     TEXT NOT NULL,
    from_owner    TEXT NOT NULL,
    expires_at    BIGINT NOT NULL,
    created_at    BIGINT NOT NULL,
    ended_at      BIGINT NOT NULL DEFAULT 0,
    converted     BIGINT NOT NULL DEFAULT 0,
    forfeited     BIGINT NOT NULL DEFAULT 0,
    reason        TEXT NOT NULL DEFAULT '',
    UNIQUE (merchant_code, source)
);
-- One running bonus per member: the bet path finds it by this index.
CREATE UNIQUE INDEX bonus_grants_active ON bonus_grants (merchant_code, member_id) WHERE state = 'active';
CREATE INDEX bonus_grants_member ON bonus_grants (member_id, created_at);
CREATE INDEX bonus_grants_expiry ON bonus_grants (expires_at) WHERE state = 'active';

-- How much of a stake counts towards wagering, per merchant and game type
-- (percent 0..100); a type without a row takes the default in code.
CREATE TABLE bonus_contributions (
    merchant_code TEXT NOT NULL,
    game_type     TEXT NOT NULL,
    percent       INTEGER NOT NULL CHECK (percent BETWEEN 0 AND 100),
    PRIMARY KEY (merchant_code, game_type)
);

-- The bonus-funded share of a round's stakes (net of rollbacks): a win
-- pays that share into the bonus account while the grant runs.
ALTER TABLE game_rounds ADD COLUMN bonus_stake BIGINT NOT NULL DEFAULT 0;
-- A bet's bonus leg, the grant it counted towards and what it counted,
-- so a rollback undoes exactly that.
ALTER TABLE vendor_transactions ADD COLUMN bonus_amount BIGINT NOT NULL DEFAULT 0;
ALTER TABLE vendor_transactions ADD COLUMN bonus_grant BIGINT NOT NULL DEFAULT 0;
ALTER TABLE vendor_transactions ADD COLUMN wager BIGINT NOT NULL DEFAULT 0;

-- +goose Down
ALTER TABLE vendor_transactions DROP COLUMN wager;
ALTER TABLE vendor_transactions DROP COLUMN bonus_grant;
ALTER TABLE vendor_transactions DROP COLUMN bonus_amount;
ALTER TABLE game_rounds DROP COLUMN bonus_stake;
DROP TABLE bonus_contributions;
DROP INDEX bonus_grants_expiry;
DROP INDEX bonus_grants_member;
DROP INDEX bonus_grants_active;
DROP TABLE bonus_grants;
