-- +goose Up
-- Issue 14, the finance queue sorted by amount (decision 0028, "Measured"):
-- without these the page of 20 sorted every order of the merchant (70 ms
-- over 100,000 orders) or of the status. The username-prefix search needs
-- no index of its own: it is a byte range on the members' username
-- (members_username_prefix, migration 00019).
CREATE INDEX deposit_orders_amount ON deposit_orders (merchant_code, amount, id);
CREATE INDEX deposit_orders_queue_amount ON deposit_orders (merchant_code, status, amount, id);

-- +goose Down
DROP INDEX deposit_orders_queue_amount;
DROP INDEX deposit_orders_amount;
