-- +goose Up
-- PostgreSQL drops the foreign keys from the bet-path tables (transfers,
-- rounds, in-house rounds) to merchants at this number: there each check
-- locked the one shared merchant row (decision 0016). SQLite's checks are
-- index lookups that take no lock, so its tables keep their keys; this
-- file keeps the two folders' numbers equal.
SELECT 1;

-- +goose Down
SELECT 1;
