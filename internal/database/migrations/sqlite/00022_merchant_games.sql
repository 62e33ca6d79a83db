-- +goose Up
-- Issue 13, Games and vendors (decision 0025). A merchant's own switches
-- over the catalogue. merchant_vendors keeps which vendors the platform
-- offers a merchant (a row is an offer); enabled is the merchant's switch
-- over an offered vendor, so turning it off keeps its order and state.
ALTER TABLE merchant_vendors ADD COLUMN enabled INTEGER NOT NULL DEFAULT 1;

-- A merchant's settings of one game; no row means the catalogue's
-- defaults. is_hot, is_new and sort are NULL while the merchant keeps the
-- catalogue's value.
CREATE TABLE merchant_games (
    merchant_code TEXT NOT NULL REFERENCES merchants (code),
    game_code     TEXT NOT NULL REFERENCES games (game_code),
    enabled       INTEGER NOT NULL DEFAULT 1 CHECK (enabled IN (0, 1)),
    maintenance   INTEGER NOT NULL DEFAULT 0 CHECK (maintenance IN (0, 1)),
    is_hot        INTEGER CHECK (is_hot IN (0, 1)),
    is_new        INTEGER CHECK (is_new IN (0, 1)),
    sort          BIGINT,
    updated_at    BIGINT NOT NULL,
    PRIMARY KEY (merchant_code, game_code)
);

-- +goose Down
DROP TABLE merchant_games;
