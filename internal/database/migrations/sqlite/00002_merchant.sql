-- +goose Up
-- A white-label tenant. Settings that are read as a whole and never queried
-- by field live in the config JSON document (see merchant.Config).
CREATE TABLE merchants (
    code        TEXT PRIMARY KEY,
    name        TEXT NOT NULL,
    currency    TEXT NOT NULL,
    config      TEXT NOT NULL DEFAULT '{}',
    -- PEM of the RSA key that unwraps (E) payload keys; never served.
    private_key TEXT NOT NULL DEFAULT '',
    created_at  BIGINT NOT NULL DEFAULT 0,
    updated_at  BIGINT NOT NULL DEFAULT 0
);

-- Host names that belong to a merchant: its main domain and mirrors.
CREATE TABLE merchant_domains (
    domain        TEXT PRIMARY KEY,
    merchant_code TEXT NOT NULL REFERENCES merchants (code),
    kind          TEXT NOT NULL CHECK (kind IN ('main', 'mirror'))
);

-- Localized content a merchant publishes: banners, notices, announcements
-- and help-centre articles. texts is JSON {LANG: {title, content}}; content
-- is sanitized HTML.
CREATE TABLE merchant_content (
    id            INTEGER PRIMARY KEY,
    merchant_code TEXT NOT NULL REFERENCES merchants (code),
    kind          TEXT NOT NULL CHECK (kind IN ('banner', 'notice', 'announcement', 'help')),
    -- Stable name, so seeding and imports are idempotent.
    slug          TEXT NOT NULL,
    -- banner group, notice type, announcement promotion type, help category
    type          TEXT NOT NULL DEFAULT '',
    execution     TEXT NOT NULL DEFAULT '',
    platform      TEXT NOT NULL DEFAULT 'W',
    linkage_type  TEXT NOT NULL DEFAULT 'NONE',
    linkage       TEXT NOT NULL DEFAULT '',
    texts         TEXT NOT NULL DEFAULT '{}',
    sort          INTEGER NOT NULL DEFAULT 0,
    starts_at     BIGINT NOT NULL DEFAULT 0,
    ends_at       BIGINT NOT NULL DEFAULT 0,
    created_at    BIGINT NOT NULL DEFAULT 0,
    UNIQUE (merchant_code, kind, slug)
);
