package database

import (
	"context"
	"embed"
	"fmt"
	"io/fs"

	"github.com/pressly/goose/v3"
)

// Migrations are numbered forward-only files, one folder per dialect with the
// same numbers and names in both (a test holds them equal), because the two
// engines differ in a few types (identity columns, booleans).
//
//go:embed migrations
var migrations embed.FS

// Migrate applies every pending migration.
func (db *DB) Migrate(ctx context.Context) error {
	sub, err := fs.Sub(migrations, "migrations/"+string(db.Dialect))
	if err != nil {
		return fmt.Errorf("database: migrations: %w", err)
	}
	dialect := goose.DialectSQLite3
	if db.Dialect == Postgres {
		dialect = goose.DialectPostgres
	}
	p, err := goose.NewProvider(dialect, db.write, sub)
	if err != nil {
		return fmt.Errorf("database: migrations: %w", err)
	}
	if _, err := p.Up(ctx); err != nil {
		return fmt.Errorf("database: migrate: %w", err)
	}
	return nil
}
