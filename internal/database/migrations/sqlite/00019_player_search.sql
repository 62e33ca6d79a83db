-- +goose Up
-- Issue 13 item 4, the back office's player search (decision 0022): each
-- kind of query is one indexed range or equality, newest first.
-- Listing a merchant's members newest first.
CREATE INDEX members_merchant_id ON members (merchant_code, id);
-- Prefixes of the canonical mobile number (verified or not) and of the
-- lower-cased e-mail address; usernames are stored lower-case and already
-- indexed by UNIQUE (merchant_code, username).
CREATE INDEX members_mobile_prefix ON members (merchant_code, mobile);
CREATE INDEX members_email_prefix ON members (merchant_code, lower(email));
-- The members who logged in from an address.
CREATE INDEX member_ips_ip ON member_ips (ip);

-- +goose Down
DROP INDEX member_ips_ip;
DROP INDEX members_email_prefix;
DROP INDEX members_mobile_prefix;
DROP INDEX members_merchant_id;
