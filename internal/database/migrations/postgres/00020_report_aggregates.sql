-- +goose Up
-- Issue 13, the back office's figures (decision 0023): aggregates kept up to
-- date in the same transaction as the money moves (cash basis: a stake
-- counts when it was debited, a win when it was credited, a refund when it
-- was paid back), rebuildable from the ledger by `portal report rebuild`.
-- Amounts are minor units of the merchant's currency; trial play never
-- counts. hour is whole hours since the Unix epoch (UTC); day is a local
-- day number of the merchant's reporting zone (days since 1970-01-01 there).
-- shard is member_id % 16, like the wallet's house shards: one commit lane
-- serves a member, so two lanes never update the same row.
--
-- The house's figures per hour: bet_count and bets are net of refunds;
-- active_players counts the members whose first bet of their local day fell
-- in the hour; registrations are new non-trial members.
CREATE TABLE report_hours (
    merchant_code  TEXT NOT NULL,
    hour           BIGINT NOT NULL,
    shard          BIGINT NOT NULL,
    registrations  BIGINT NOT NULL DEFAULT 0,
    first_deposits BIGINT NOT NULL DEFAULT 0,
    active_players BIGINT NOT NULL DEFAULT 0,
    bet_count      BIGINT NOT NULL DEFAULT 0,
    bets           BIGINT NOT NULL DEFAULT 0,
    wins           BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (merchant_code, hour, shard)
);
-- The figures per local day, vendor and game type (GGR by day, vendor and
-- game type: a few rows a day whatever the number of games).
CREATE TABLE report_vendors (
    merchant_code TEXT NOT NULL,
    day           BIGINT NOT NULL,
    vendor_code   TEXT NOT NULL,
    game_type     TEXT NOT NULL,
    shard         BIGINT NOT NULL,
    bet_count     BIGINT NOT NULL DEFAULT 0,
    bets          BIGINT NOT NULL DEFAULT 0,
    wins          BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (merchant_code, day, vendor_code, game_type, shard)
);
-- The figures per local day and game (GGR by game).
CREATE TABLE report_games (
    merchant_code TEXT NOT NULL,
    day           BIGINT NOT NULL,
    vendor_code   TEXT NOT NULL,
    game_code     TEXT NOT NULL,
    game_type     TEXT NOT NULL,
    shard         BIGINT NOT NULL,
    bet_count     BIGINT NOT NULL DEFAULT 0,
    bets          BIGINT NOT NULL DEFAULT 0,
    wins          BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (merchant_code, day, vendor_code, game_code, game_type, shard)
);
-- The figures per local day and member (player profit and loss, active
-- players). bets_placed counts stakes debited that day, refunds aside: its
-- first one makes the member active, in first_bet_hour (0: none yet).
CREATE TABLE report_members (
    merchant_code  TEXT NOT NULL,
    day            BIGINT NOT NULL,
    member_id      BIGINT NOT NULL,
    first_bet_hour BIGINT NOT NULL DEFAULT 0,
    bets_placed    BIGINT NOT NULL DEFAULT 0,
    bet_count      BIGINT NOT NULL DEFAULT 0,
    bets           BIGINT NOT NULL DEFAULT 0,
    wins           BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (merchant_code, day, member_id)
);
-- The rebuild counts registrations by the members' creation times.
CREATE INDEX members_created ON members (merchant_code, created_at);

-- +goose Down
DROP INDEX members_created;
DROP TABLE report_members;
DROP TABLE report_games;
DROP TABLE report_vendors;
DROP TABLE report_hours;
