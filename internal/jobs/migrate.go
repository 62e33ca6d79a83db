package jobs

import (
	"context"
	"database/sql"
	"fmt"
	"log/slog"

	"github.com/riverqueue/river/riverdriver"
	"github.com/riverqueue/river/rivermigrate"

	"portal/internal/database"
)

// migrateLock is the PostgreSQL advisory lock key that serialises River's
// migrations between portal processes starting at once ("portal" + 1):
// rivermigrate takes no lock of its own.
const migrateLock = 0x706f7274616c01

// Migrate brings River's tables (river_job, river_leader, ...) up to the
// version this build's River expects. River keeps its own record of what ran
// (river_migration) beside goose's, so it is run after the portal's
// migrations rather than copied into them (decision 0029). Running it again
// does nothing.
func Migrate(ctx context.Context, db *database.DB, log *slog.Logger) error {
	if log == nil {
		log = slog.Default()
	}
	return migrate(ctx, db, driverFor(db), log)
}

func migrate(ctx context.Context, db *database.DB, driver riverdriver.Driver[*sql.Tx], log *slog.Logger) error {
	if db.Dialect == database.Postgres {
		// The lock is held by a connection of its own while the migrator
		// works on others: a second process waits here, then finds nothing
		// left to do.
		conn, err := db.SQLDB().Conn(ctx)
		if err != nil {
			return fmt.Errorf("jobs: migrate: %w", err)
		}
		defer conn.Close()
		if _, err := conn.ExecContext(ctx, `SELECT pg_advisory_lock($1)`, int64(migrateLock)); err != nil {
			return fmt.Errorf("jobs: migrate lock: %w", err)
		}
		defer func() {
			// Closing the connection would release the lock too, but a pooled
			// connection is not closed: it goes back to the pool.
			_, _ = conn.ExecContext(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock($1)`, int64(migrateLock))
		}()
	}
	m, err := rivermigrate.New(driver, &rivermigrate.Config{Logger: riverLogger(log)})
	if err != nil {
		return fmt.Errorf("jobs: migrate: %w", err)
	}
	res, err := m.Migrate(ctx, rivermigrate.DirectionUp, nil)
	if err != nil {
		return fmt.Errorf("jobs: migrate: %w", err)
	}
	if len(res.Versions) > 0 {
		log.InfoContext(ctx, "jobs: River's schema migrated", "versions", len(res.Versions))
	}
	return nil
}
