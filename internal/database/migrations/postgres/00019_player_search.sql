-- +goose Up
-- Issue 13 item 4, the back office's player search (decision 0022): each
-- kind of query is one indexed range or equality, newest first. Prefixes
-- are byte ranges (COLLATE "C"), whatever the database's collation.
-- Listing a merchant's members newest first.
CREATE INDEX members_merchant_id ON members (merchant_code, id);
-- Prefixes of the username (stored lower-case), of the canonical mobile
-- number (verified or not) and of the lower-cased e-mail address.
CREATE INDEX members_username_prefix ON members (merchant_code, username COLLATE "C");
CREATE INDEX members_mobile_prefix ON members (merchant_code, mobile COLLATE "C");
CREATE INDEX members_email_prefix ON members (merchant_code, (lower(email)) COLLATE "C");
-- The members who logged in from an address.
CREATE INDEX member_ips_ip ON member_ips (ip);

-- +goose Down
DROP INDEX member_ips_ip;
DROP INDEX members_email_prefix;
DROP INDEX members_mobile_prefix;
DROP INDEX members_username_prefix;
DROP INDEX members_merchant_id;
