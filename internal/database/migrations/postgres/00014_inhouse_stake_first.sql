-- +goose Up
-- Issue 12: a round's outcome is fixed only once its stake is held (decision
-- 0015, revised). A round is recorded first without a seed or nonce; the
-- nonce is taken after the wallet accepted the stake, so seed_id and nonce
-- are empty until then.
ALTER TABLE inhouse_rounds ALTER COLUMN seed_id DROP NOT NULL;
ALTER TABLE inhouse_rounds ALTER COLUMN nonce DROP NOT NULL;
CREATE INDEX inhouse_rounds_seed ON inhouse_rounds (seed_id, status);

-- A seed change first retires the live pair (no new nonce is taken from
-- it), settles the rounds drawn on it, and only then reveals it. The live
-- pair is the one not retired.
ALTER TABLE inhouse_seeds ADD COLUMN retired_at BIGINT NOT NULL DEFAULT 0;
UPDATE inhouse_seeds SET retired_at = revealed_at WHERE revealed_at > 0;
DROP INDEX inhouse_seeds_live;
CREATE UNIQUE INDEX inhouse_seeds_live ON inhouse_seeds (member_id) WHERE retired_at = 0;

-- +goose Down
SELECT 1;
