-- +goose Up
-- Issue 14 item 9, player protection (decision 0032): the limits a member
-- sets on themself, one row per kind (depositDay, depositWeek,
-- depositMonth, lossDay, lossWeek, lossMonth in minor units;
-- sessionMinutes, realityMinutes in minutes; exclusion: value is the end,
-- Unix ms, of a cooling-off or self-exclusion named by period). A raise or
-- a removal waits: pending_value (-1: removed) takes over at pending_at
-- (Unix ms; 0: nothing pending), applied when read, so no job is needed.
CREATE TABLE player_limits (
    member_id     BIGINT NOT NULL REFERENCES members (id),
    kind          TEXT NOT NULL,
    merchant_code TEXT NOT NULL,
    value         BIGINT NOT NULL,
    period        TEXT NOT NULL DEFAULT '',
    pending_value BIGINT NOT NULL DEFAULT 0,
    pending_at    BIGINT NOT NULL DEFAULT 0,
    updated_at    BIGINT NOT NULL,
    PRIMARY KEY (member_id, kind)
);
-- Every change, append-only: who (the member, or later an operator
-- lowering one), what it was, what it asked for, when it takes effect.
CREATE TABLE player_limit_changes (
    id            BIGSERIAL PRIMARY KEY,
    merchant_code TEXT NOT NULL,
    member_id     BIGINT NOT NULL REFERENCES members (id),
    kind          TEXT NOT NULL,
    old_value     BIGINT NOT NULL,
    new_value     BIGINT NOT NULL,
    period        TEXT NOT NULL DEFAULT '',
    effective_at  BIGINT NOT NULL,
    actor         TEXT NOT NULL,
    created_at    BIGINT NOT NULL
);
CREATE INDEX player_limit_changes_member ON player_limit_changes (member_id, id);
-- A loss limit sums the member's days of the period: by member, not by the
-- merchant's whole day. A row is inserted once per member and day, so the
-- bet path's upserts do not maintain it more than that.
CREATE INDEX report_members_member ON report_members (member_id, day);

-- +goose Down
DROP INDEX report_members_member;
DROP INDEX player_limit_changes_member;
DROP TABLE player_limit_changes;
DROP TABLE player_limits;
