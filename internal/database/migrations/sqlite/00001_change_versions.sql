-- +goose Up
-- Versions of cached data, bumped by writers and polled by every process.
CREATE TABLE change_versions (
    topic   TEXT PRIMARY KEY,
    version BIGINT NOT NULL
);

-- Seeds that have run, so a server seeds an empty database once.
CREATE TABLE seed_runs (
    name   TEXT PRIMARY KEY,
    ran_at BIGINT NOT NULL
);
