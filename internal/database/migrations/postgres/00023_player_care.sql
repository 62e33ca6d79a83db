-- +goose Up
-- Issue 13, the Players screen: what staff keep about a player (notes,
-- append-only like the audit trail; tags, a set), the messages the
-- merchant sends a player (read by the member centre), and the actions an
-- owner has marked as needing a second operator's approval.
CREATE TABLE member_notes (
    id            BIGSERIAL PRIMARY KEY,
    merchant_code TEXT NOT NULL,
    member_id     BIGINT NOT NULL REFERENCES members (id),
    operator_name TEXT NOT NULL,
    body          TEXT NOT NULL,
    created_at    BIGINT NOT NULL
);
CREATE INDEX member_notes_member ON member_notes (member_id, id);
CREATE TABLE member_tags (
    merchant_code TEXT NOT NULL,
    member_id     BIGINT NOT NULL REFERENCES members (id),
    tag           TEXT NOT NULL,
    PRIMARY KEY (member_id, tag)
);
-- Players by tag within a merchant, for the search's tag: filter.
CREATE INDEX member_tags_tag ON member_tags (merchant_code, tag, member_id);
CREATE TABLE member_messages (
    id            BIGSERIAL PRIMARY KEY,
    merchant_code TEXT NOT NULL,
    member_id     BIGINT NOT NULL REFERENCES members (id),
    title         TEXT NOT NULL,
    body          TEXT NOT NULL,
    sender        TEXT NOT NULL,
    created_at    BIGINT NOT NULL,
    read_at       BIGINT NOT NULL DEFAULT 0
);
CREATE INDEX member_messages_member ON member_messages (member_id, id);
CREATE INDEX member_messages_unread ON member_messages (member_id, read_at);
CREATE TABLE sensitive_actions (
    merchant_code TEXT NOT NULL,
    action        TEXT NOT NULL,
    PRIMARY KEY (merchant_code, action)
);

-- +goose Down
DROP TABLE sensitive_actions;
DROP TABLE member_messages;
DROP TABLE member_tags;
DROP TABLE member_notes;
