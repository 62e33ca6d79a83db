-- +goose Up
-- Issue 16, rebate and cashback (decision 0039).

-- A merchant's rates. A program is a kind (rebate: valid bet x rate;
-- cashback: net loss x rate) and a mode (auto: paid by the job at each
-- period's end; manual: claimed by the member within the period); all rates
-- of one program share its period. game_type '' is every game type; a rate
-- applies from vip_level up. cap (0: none) bounds what one rate pays one
-- member in one period; min_payout is the least a payout may be.
CREATE TABLE rebate_rates (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    merchant_code TEXT NOT NULL,
    kind          TEXT NOT NULL CHECK (kind IN ('rebate', 'cashback')),
    game_type     TEXT NOT NULL DEFAULT '',
    vip_level     INTEGER NOT NULL DEFAULT 0,
    rate_bp       BIGINT NOT NULL,
    period        TEXT NOT NULL CHECK (period IN ('daily', 'weekly')),
    mode          TEXT NOT NULL CHECK (mode IN ('auto', 'manual')),
    min_payout    BIGINT NOT NULL DEFAULT 0,
    cap           BIGINT NOT NULL DEFAULT 0,
    created_at    BIGINT NOT NULL,
    UNIQUE (merchant_code, kind, mode, game_type, vip_level)
);

-- One automatic settlement of a kind's period.
CREATE TABLE rebate_runs (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    merchant_code TEXT NOT NULL,
    kind          TEXT NOT NULL,
    period        TEXT NOT NULL,
    period_start  BIGINT NOT NULL,
    period_end    BIGINT NOT NULL,
    state         TEXT NOT NULL CHECK (state IN ('running', 'done', 'failed')),
    members       INTEGER NOT NULL DEFAULT 0,
    amount        BIGINT NOT NULL DEFAULT 0,
    error         TEXT NOT NULL DEFAULT '',
    trigger_by    TEXT NOT NULL DEFAULT 'schedule',
    started_at    BIGINT NOT NULL,
    finished_at   BIGINT NOT NULL DEFAULT 0,
    UNIQUE (merchant_code, kind, period_start)
);

-- What was paid: one row per auto run and member (seq 0), one per manual
-- claim and kind (seq 1, 2, ... within the period), written in the
-- transaction that moved the money. window_to is a claim's watermark: the
-- next claim counts rounds opened from there.
CREATE TABLE rebate_payouts (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    merchant_code TEXT NOT NULL,
    member_id     BIGINT NOT NULL,
    kind          TEXT NOT NULL,
    mode          TEXT NOT NULL,
    period        TEXT NOT NULL,
    period_start  BIGINT NOT NULL,
    period_end    BIGINT NOT NULL,
    seq           INTEGER NOT NULL DEFAULT 0,
    run_id        BIGINT REFERENCES rebate_runs (id),
    request_id    TEXT NOT NULL DEFAULT '',
    window_from   BIGINT NOT NULL,
    window_to     BIGINT NOT NULL,
    base          BIGINT NOT NULL,
    amount        BIGINT NOT NULL,
    paid_at       BIGINT NOT NULL,
    UNIQUE (member_id, kind, mode, period_start, seq)
);
CREATE INDEX rebate_payouts_run ON rebate_payouts (run_id, id);
CREATE INDEX rebate_payouts_member ON rebate_payouts (member_id, paid_at);
CREATE INDEX rebate_payouts_request ON rebate_payouts (member_id, request_id) WHERE request_id <> '';
-- The settlement sums a merchant's rounds by their opening time.
CREATE INDEX game_rounds_merchant_opened ON game_rounds (merchant_code, opened_at);

-- +goose Down
DROP INDEX game_rounds_merchant_opened;
DROP TABLE rebate_payouts;
DROP TABLE rebate_runs;
DROP TABLE rebate_rates;
