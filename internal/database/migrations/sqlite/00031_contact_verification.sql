-- +goose Up
-- Issue 14 item 7, the security centre (decision 0034): an e-mail address
-- is proven like a number, by a code sent to it. Only a proven address is
-- the member's for good: like a proven number, it belongs to one member of
-- a merchant at a time (stored lower-cased), and an unproven one names
-- nobody and blocks nobody.
ALTER TABLE members ADD COLUMN email_verified INTEGER NOT NULL DEFAULT 0;
CREATE UNIQUE INDEX members_email_verified ON members (merchant_code, email) WHERE email IS NOT NULL AND email_verified = 1;

-- +goose Down
DROP INDEX members_email_verified;
ALTER TABLE members DROP COLUMN email_verified;
