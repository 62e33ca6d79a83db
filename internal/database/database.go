// Package database opens the portal's storage: an embedded SQLite file by
// default, PostgreSQL when the DSN is a postgres:// URL. Both run the same SQL
// ($N placeholders, ON CONFLICT, RETURNING, BIGINT amounts).
package database

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"sync/atomic"
)

// Dialect names the SQL engine behind a DB.
type Dialect string

// The supported dialects.
const (
	SQLite   Dialect = "sqlite"
	Postgres Dialect = "postgres"
)

// Querier is what storage functions take, so that one transaction can span
// several domains: both *sql.DB and *sql.Tx satisfy it.
type Querier interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// DB is an open database. On SQLite, writes go through a single connection
// (SQLite allows one writer; queuing in Go beats busy-waiting in the engine)
// and reads through a pool; on PostgreSQL both are the same pool.
type DB struct {
	Dialect Dialect
	write   *sql.DB
	read    *sql.DB
	// statements counts the statements run on SQLite.
	statements *atomic.Int64
}

// ErrNotFound is returned by storage lookups that match no row.
var ErrNotFound = errors.New("not found")

// Open connects to dsn: a postgres:// (or postgresql://) URL selects
// PostgreSQL, an SQLite file path or sqlite:/file: URL (ParseDSN) SQLite;
// anything else is refused before a file is made.
func Open(ctx context.Context, dsn string) (*DB, error) {
	dialect, target, err := ParseDSN(dsn)
	if err != nil {
		return nil, err
	}
	var db *DB
	if dialect == Postgres {
		db, err = openPostgres(target)
	} else {
		db, err = openSQLite(target)
	}
	if err != nil {
		return nil, err
	}
	if err := db.write.PingContext(ctx); err != nil {
		db.Close()
		return nil, fmt.Errorf("database: ping: %w", err)
	}
	return db, nil
}

// IsPostgresURL reports whether dsn names a PostgreSQL server.
func IsPostgresURL(dsn string) bool {
	return strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://")
}

// Close releases every connection.
func (db *DB) Close() error {
	err := db.write.Close()
	if db.read != db.write {
		err = errors.Join(err, db.read.Close())
	}
	return err
}

// Read is the pool for queries that change nothing.
func (db *DB) Read() Querier { return db.read }

// Write is the connection for single statements that change data; several
// statements that must hold together go through InTx instead.
func (db *DB) Write() Querier { return db.write }

// InTx runs fn in one transaction, committing when fn returns nil and rolling
// back otherwise (also on panic, which is re-raised).
func (db *DB) InTx(ctx context.Context, fn func(q Querier) error) (err error) {
	tx, err := db.write.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("database: begin: %w", err)
	}
	defer func() {
		if p := recover(); p != nil {
			_ = tx.Rollback()
			panic(p)
		}
		if err != nil {
			_ = tx.Rollback()
		}
	}()
	if err = fn(tx); err != nil {
		return err
	}
	if err = tx.Commit(); err != nil {
		return fmt.Errorf("database: commit: %w", err)
	}
	return nil
}

// Statements is how many statements the SQLite connections have run
// (transaction begin and commit aside); 0 on PostgreSQL. Tests hold the
// work per request to a budget with it.
func (db *DB) Statements() int64 {
	if db.statements == nil {
		return 0
	}
	return db.statements.Load()
}

// SQLDB exposes the writer pool for tools that need a *sql.DB (migrations).
func (db *DB) SQLDB() *sql.DB { return db.write }
