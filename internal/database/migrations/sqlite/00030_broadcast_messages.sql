-- +goose Up
-- Issue 14 item 6 (decision 0033): messages to every member of a merchant
-- or to one VIP level, stored once. A member's read or delete of one is a
-- mark, written only when it happens, so a send to a million members is
-- one row. A member may delete a direct message too.
CREATE TABLE broadcasts (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    merchant_code TEXT NOT NULL REFERENCES merchants (code),
    -- NULL: every member; otherwise the members at this VIP level when
    -- they read.
    vip_level     INTEGER,
    title         TEXT NOT NULL,
    body          TEXT NOT NULL,
    sender        TEXT NOT NULL,
    created_at    BIGINT NOT NULL,
    -- Members who have read it, kept with the mark so the back office's
    -- list does not count marks.
    read_count    BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX broadcasts_merchant ON broadcasts (merchant_code, created_at);
CREATE TABLE broadcast_marks (
    member_id     BIGINT NOT NULL REFERENCES members (id),
    broadcast_id  BIGINT NOT NULL REFERENCES broadcasts (id),
    read_at       BIGINT NOT NULL DEFAULT 0,
    deleted_at    BIGINT NOT NULL DEFAULT 0,
    PRIMARY KEY (member_id, broadcast_id)
);
ALTER TABLE member_messages ADD COLUMN deleted_at BIGINT NOT NULL DEFAULT 0;

-- +goose Down
ALTER TABLE member_messages DROP COLUMN deleted_at;
DROP TABLE broadcast_marks;
DROP TABLE broadcasts;
