-- +goose Up
-- Every bet and win inserts a transfer and a round naming the merchant. A
-- foreign key check on PostgreSQL locks the referenced row FOR KEY SHARE,
-- and with a handful of merchants every concurrent transaction locked the
-- same row, so its lockers were kept as MultiXacts (twice the MultiXact
-- traffic with these keys). In five pairs of wallet bench runs taking
-- turns, each run without these keys beat its partner with them by 10-32%
-- (634-813 bet-and-win pairs/s became 738-904), and the server's CPU per
-- pair fell by about a fifth to a third (decision 0016).
--
-- These tables name the merchant for queries only: a transfer's accounts
-- carry the merchant under their own foreign key, and `portal wallet
-- verify` checks that both accounts of every transfer are the transfer's
-- merchant's. Merchants are never deleted. SQLite's checks take no locks;
-- it keeps its keys.
ALTER TABLE wallet_transfers DROP CONSTRAINT wallet_transfers_merchant_code_fkey;
ALTER TABLE game_rounds DROP CONSTRAINT game_rounds_merchant_code_fkey;
ALTER TABLE inhouse_rounds DROP CONSTRAINT inhouse_rounds_merchant_code_fkey;

-- +goose Down
ALTER TABLE wallet_transfers ADD CONSTRAINT wallet_transfers_merchant_code_fkey FOREIGN KEY (merchant_code) REFERENCES merchants (code);
ALTER TABLE game_rounds ADD CONSTRAINT game_rounds_merchant_code_fkey FOREIGN KEY (merchant_code) REFERENCES merchants (code);
ALTER TABLE inhouse_rounds ADD CONSTRAINT inhouse_rounds_merchant_code_fkey FOREIGN KEY (merchant_code) REFERENCES merchants (code);
