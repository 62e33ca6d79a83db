-- +goose Up
-- Issue 14, the withdrawal queue without a status filter, newest first
-- (its default, and any page deep into it): the page's ids are read from
-- this index alone, in order; without it the orders themselves were
-- walked from the newest, every row the OFFSET skips read
-- (cmd/portal-bench, cashier part). Filtered by status, the queue has
-- withdrawal_orders_queue (migration 00026).
CREATE INDEX withdrawal_orders_merchant ON withdrawal_orders (merchant_code, id);

-- +goose Down
DROP INDEX withdrawal_orders_merchant;
