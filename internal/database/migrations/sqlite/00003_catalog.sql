-- +goose Up
-- A game vendor (provider). game_type is its main category; is_game says
-- whether its games launch one by one (GAME) or through its own lobby
-- (VASSALAGE: sports, lottery, cockfight).
CREATE TABLE vendors (
    code       TEXT PRIMARY KEY,
    name       TEXT NOT NULL,
    game_type  TEXT NOT NULL,
    is_game    TEXT NOT NULL DEFAULT 'GAME' CHECK (is_game IN ('GAME', 'VASSALAGE')),
    sort       INTEGER NOT NULL DEFAULT 0
);

-- A game. names is JSON {LANG: name}; rooms is JSON for PVP room tiers.
CREATE TABLE games (
    id            INTEGER PRIMARY KEY,
    game_code     TEXT NOT NULL UNIQUE,
    vassalage     TEXT NOT NULL REFERENCES vendors (code),
    game_type     TEXT NOT NULL,
    classify      TEXT NOT NULL DEFAULT '',
    names         TEXT NOT NULL,
    is_hot        INTEGER NOT NULL DEFAULT 0,
    support_play  INTEGER NOT NULL DEFAULT 1,
    is_new        INTEGER NOT NULL DEFAULT 0,
    popularity    INTEGER NOT NULL DEFAULT 0,
    sort          INTEGER NOT NULL DEFAULT 0,
    rooms         TEXT NOT NULL DEFAULT '[]'
);
CREATE INDEX games_vendor ON games (vassalage);

-- Which vendors a merchant offers, in which order, and which are down.
CREATE TABLE merchant_vendors (
    merchant_code TEXT NOT NULL REFERENCES merchants (code),
    vassalage     TEXT NOT NULL REFERENCES vendors (code),
    sort          INTEGER NOT NULL DEFAULT 0,
    maintenance   INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (merchant_code, vassalage)
);

-- Big wins for the winner board; amounts in minor units of the currency.
CREATE TABLE big_wins (
    id            INTEGER PRIMARY KEY,
    merchant_code TEXT NOT NULL REFERENCES merchants (code),
    customer_name TEXT NOT NULL,
    game_code     TEXT NOT NULL REFERENCES games (game_code),
    amount        BIGINT NOT NULL CHECK (amount > 0),
    currency      TEXT NOT NULL,
    won_at        BIGINT NOT NULL
);
CREATE INDEX big_wins_board ON big_wins (merchant_code, amount);
