-- +goose Up
-- Issue 15, the agent centre (decision 0035).

-- The upline relation's closure: a row for every member and each of its
-- uplines at any depth, and one to itself at depth 0, so a team (an
-- agent and everyone below it) is one index range, never a recursive walk.
CREATE TABLE member_tree (
    ancestor_id BIGINT NOT NULL REFERENCES members (id),
    member_id   BIGINT NOT NULL REFERENCES members (id),
    depth       INTEGER NOT NULL,
    PRIMARY KEY (ancestor_id, member_id)
);
CREATE INDEX member_tree_member ON member_tree (member_id, depth);
INSERT INTO member_tree (ancestor_id, member_id, depth)
WITH RECURSIVE up (ancestor_id, member_id, depth) AS (
    SELECT id, id, 0 FROM members
    UNION ALL
    SELECT m.upline_id, up.member_id, up.depth + 1 FROM up JOIN members m ON m.id = up.ancestor_id WHERE m.upline_id IS NOT NULL
)
SELECT ancestor_id, member_id, depth FROM up;

-- An agent's referral codes: registering with one puts the new account
-- under the agent, as a member or an agent as the code says.
CREATE TABLE agent_referral_codes (
    id            BIGSERIAL PRIMARY KEY,
    merchant_code TEXT NOT NULL,
    agent_id      BIGINT NOT NULL REFERENCES members (id),
    code          TEXT NOT NULL,
    member_type   INTEGER NOT NULL,
    created_at    BIGINT NOT NULL,
    disabled_at   BIGINT NOT NULL DEFAULT 0,
    UNIQUE (merchant_code, code)
);
CREATE INDEX agent_referral_codes_agent ON agent_referral_codes (agent_id);
ALTER TABLE members ADD COLUMN referral_code_id BIGINT REFERENCES agent_referral_codes (id);
CREATE INDEX members_referral_code ON members (referral_code_id) WHERE referral_code_id IS NOT NULL;

-- A salary or dividend contract between an upline (NULL: the platform)
-- and a direct downline. tiers is JSON [{validBet, activeMembers, loss,
-- rate}]; top_rate is the last tier's rate, what the rate rules compare.
CREATE TABLE agent_contracts (
    id             BIGSERIAL PRIMARY KEY,
    merchant_code  TEXT NOT NULL,
    kind           TEXT NOT NULL CHECK (kind IN ('daily_salary', 'hourly_salary', 'realtime_salary', 'dividend')),
    period         TEXT NOT NULL CHECK (period IN ('daily', 'hourly', 'realtime', 'weekly', 'semimonthly', 'monthly')),
    upline_id      BIGINT REFERENCES members (id),
    member_id      BIGINT NOT NULL REFERENCES members (id),
    tiers          TEXT NOT NULL,
    active_min_bet BIGINT NOT NULL,
    top_rate       INTEGER NOT NULL,
    state          TEXT NOT NULL CHECK (state IN ('offered', 'active', 'refused', 'terminated', 'expired')),
    offered_at     BIGINT NOT NULL,
    offered_by_operator BIGINT NOT NULL DEFAULT 0,
    decided_at     BIGINT NOT NULL DEFAULT 0,
    starts_at      BIGINT NOT NULL DEFAULT 0,
    ends_at        BIGINT NOT NULL DEFAULT 0,
    ended_reason   TEXT NOT NULL DEFAULT '',
    replaces_id    BIGINT NOT NULL DEFAULT 0
);
-- One open offer and one active contract per member and kind: the rate
-- rules hold under concurrent offers because the second insert fails.
CREATE UNIQUE INDEX agent_contracts_offered ON agent_contracts (member_id, kind) WHERE state = 'offered';
CREATE UNIQUE INDEX agent_contracts_active ON agent_contracts (member_id, kind) WHERE state = 'active';
CREATE INDEX agent_contracts_upline ON agent_contracts (upline_id, kind);
CREATE INDEX agent_contracts_merchant ON agent_contracts (merchant_code, kind, state);

-- A settlement of one period of one kind (and period type) for a merchant.
CREATE TABLE agent_settlement_runs (
    id            BIGSERIAL PRIMARY KEY,
    merchant_code TEXT NOT NULL,
    kind          TEXT NOT NULL,
    period        TEXT NOT NULL,
    period_start  BIGINT NOT NULL,
    period_end    BIGINT NOT NULL,
    state         TEXT NOT NULL CHECK (state IN ('running', 'done', 'failed')),
    contracts     INTEGER NOT NULL DEFAULT 0,
    paid          INTEGER NOT NULL DEFAULT 0,
    insufficient  INTEGER NOT NULL DEFAULT 0,
    nothing_due   INTEGER NOT NULL DEFAULT 0,
    amount        BIGINT NOT NULL DEFAULT 0,
    error         TEXT NOT NULL DEFAULT '',
    trigger_by    TEXT NOT NULL DEFAULT 'schedule',
    started_at    BIGINT NOT NULL,
    finished_at   BIGINT NOT NULL DEFAULT 0,
    UNIQUE (merchant_code, kind, period, period_start)
);

-- One payout per contract and period, with the figures it came from.
CREATE TABLE agent_payouts (
    id             BIGSERIAL PRIMARY KEY,
    merchant_code  TEXT NOT NULL,
    contract_id    BIGINT NOT NULL REFERENCES agent_contracts (id),
    run_id         BIGINT REFERENCES agent_settlement_runs (id),
    kind           TEXT NOT NULL,
    period         TEXT NOT NULL,
    period_start   BIGINT NOT NULL,
    period_end     BIGINT NOT NULL,
    payer_id       BIGINT REFERENCES members (id),
    member_id      BIGINT NOT NULL REFERENCES members (id),
    team_size      INTEGER NOT NULL,
    active_members INTEGER NOT NULL,
    valid_bet      BIGINT NOT NULL,
    profit_loss    BIGINT NOT NULL,
    base           BIGINT NOT NULL,
    tier           INTEGER NOT NULL,
    rate           INTEGER NOT NULL,
    amount         BIGINT NOT NULL,
    state          TEXT NOT NULL CHECK (state IN ('paid', 'insufficient', 'nothing')),
    attempts       INTEGER NOT NULL DEFAULT 1,
    created_at     BIGINT NOT NULL,
    paid_at        BIGINT NOT NULL DEFAULT 0,
    UNIQUE (contract_id, period_start)
);
CREATE INDEX agent_payouts_member ON agent_payouts (member_id, period_start);
CREATE INDEX agent_payouts_payer ON agent_payouts (payer_id, period_start);
CREATE INDEX agent_payouts_run ON agent_payouts (run_id, id);
CREATE INDEX agent_payouts_period ON agent_payouts (merchant_code, kind, period, period_start);
CREATE INDEX agent_payouts_insufficient ON agent_payouts (merchant_code, kind) WHERE state = 'insufficient';

-- Team figures per agent and local day, rolled up from the report
-- aggregates about every minute (the overview reads a few rows).
-- week_active and month_active: distinct active members from the week's
-- (Monday) and the month's first day up to this day.
CREATE TABLE agent_team_days (
    agent_id        BIGINT NOT NULL REFERENCES members (id),
    day             BIGINT NOT NULL,
    merchant_code   TEXT NOT NULL,
    team_size       INTEGER NOT NULL DEFAULT 0,
    new_members     INTEGER NOT NULL DEFAULT 0,
    active_members  INTEGER NOT NULL DEFAULT 0,
    week_active     INTEGER NOT NULL DEFAULT 0,
    month_active    INTEGER NOT NULL DEFAULT 0,
    deposits        BIGINT NOT NULL DEFAULT 0,
    withdrawals     BIGINT NOT NULL DEFAULT 0,
    bet_count       BIGINT NOT NULL DEFAULT 0,
    valid_bet       BIGINT NOT NULL DEFAULT 0,
    wins            BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (agent_id, day)
);
-- Which local days of a merchant have been rolled up, and whether after
-- the day ended (final: not rolled again).
CREATE TABLE agent_rollups (
    merchant_code TEXT NOT NULL,
    day           BIGINT NOT NULL,
    final         INTEGER NOT NULL DEFAULT 0,
    rolled_at     BIGINT NOT NULL,
    PRIMARY KEY (merchant_code, day)
);

-- The team overview's deposits and withdrawals by day.
CREATE INDEX deposit_orders_credited ON deposit_orders (merchant_code, credited_at);
CREATE INDEX withdrawal_orders_paid ON withdrawal_orders (merchant_code, paid_at);

-- Hourly and five-minute salaries read a window of the ledger by time.
-- BRIN: the transfers arrive in time order, so the index stays a few
-- pages and costs the bet path next to nothing.
CREATE INDEX wallet_transfers_time ON wallet_transfers USING BRIN (created_at);

-- +goose Down
DROP INDEX wallet_transfers_time;
DROP INDEX withdrawal_orders_paid;
DROP INDEX deposit_orders_credited;
DROP TABLE agent_rollups;
DROP TABLE agent_team_days;
DROP TABLE agent_payouts;
DROP TABLE agent_settlement_runs;
DROP TABLE agent_contracts;
DROP INDEX members_referral_code;
ALTER TABLE members DROP COLUMN referral_code_id;
DROP TABLE agent_referral_codes;
DROP TABLE member_tree;
