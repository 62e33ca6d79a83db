-- +goose Up
-- Issue 12 (decision 0018): the most one round of a vendor may pay, as a
-- multiple of the round's live stakes and as an amount in major units of
-- the round's currency. A vendor without a row has the defaults in code
-- (provider.DefaultWinLimit); `portal vendor win-limit` writes the row.
CREATE TABLE vendor_win_limits (
    vendor_code    TEXT PRIMARY KEY,
    stake_multiple BIGINT NOT NULL,
    max_win        BIGINT NOT NULL,
    updated_at     BIGINT NOT NULL
);

-- +goose Down
DROP TABLE vendor_win_limits;
