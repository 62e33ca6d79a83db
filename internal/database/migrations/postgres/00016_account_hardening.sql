-- +goose Up
-- Issue 12, accounts (decision 0017).

-- The last authenticator time step (unix seconds / 30) a code was accepted
-- for: a code of that step or an earlier one is refused, so each code works
-- once.
ALTER TABLE member_totp ADD COLUMN last_step BIGINT NOT NULL DEFAULT 0;

-- A mobile number counts (SMS log-in, reset, "taken") only once its owner
-- has proved it with an SMS code. Numbers stored so far are normalised to
-- "+" and digits; those of accounts registered by mobile number went
-- through the phone form (which asked for the code when the merchant checks
-- phones) and stay usable, the others wait for proof.
ALTER TABLE members ADD COLUMN mobile_verified INTEGER NOT NULL DEFAULT 0;
DROP INDEX members_mobile;
UPDATE members SET mobile = '+' || REPLACE(REPLACE(REPLACE(REPLACE(REPLACE(LTRIM(mobile, '+'), ' ', ''), '-', ''), '(', ''), ')', ''), '.', '')
    WHERE mobile IS NOT NULL;
UPDATE members SET mobile_verified = 1 WHERE mobile IS NOT NULL AND profile LIKE '%"registerMethod":"mobile"%';
CREATE UNIQUE INDEX members_mobile ON members (merchant_code, mobile) WHERE mobile IS NOT NULL AND mobile_verified = 1;

-- The address each log-in failure came from: the account-wide lock needs
-- failures from several addresses.
ALTER TABLE login_failures ADD COLUMN source TEXT NOT NULL DEFAULT '';

-- Nonces of accepted encrypted (E) bodies, hashed, kept 24 hours and more so
-- that a captured body cannot be replayed to any instance.
CREATE TABLE payload_nonces (
    nonce_hash TEXT PRIMARY KEY,
    expires_at BIGINT NOT NULL
);
CREATE INDEX payload_nonces_expiry ON payload_nonces (expires_at);

-- +goose Down
SELECT 1;
