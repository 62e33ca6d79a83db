package database

import (
	"context"
	"fmt"
	"time"
)

// SeedRan reports whether the seed called name has run on this database.
func SeedRan(ctx context.Context, q Querier, name string) (bool, error) {
	var n int
	if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM seed_runs WHERE name = $1`, name).Scan(&n); err != nil {
		return false, fmt.Errorf("database: seed runs: %w", err)
	}
	return n > 0, nil
}

// MarkSeedRan records that the seed called name has run.
func MarkSeedRan(ctx context.Context, q Querier, name string) error {
	_, err := q.ExecContext(ctx, `INSERT INTO seed_runs (name, ran_at) VALUES ($1, $2)
		ON CONFLICT (name) DO UPDATE SET ran_at = excluded.ran_at`, name, time.Now().UnixMilli())
	if err != nil {
		return fmt.Errorf("database: mark seed: %w", err)
	}
	return nil
}
