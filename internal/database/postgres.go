package database

import (
	"database/sql"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" driver
)

// postgresConns bounds the pool. Every open connection is also kept idle:
// with fewer idle than open, each burst above the idle count closed its
// extra connections on return and dialled new ones a moment later, so under
// load most statements ran on a freshly forked server process (connection
// set-up, cold catalogue caches, every cached statement prepared again).
// That churn held the wallet bench to about a hundred bet-and-win pairs per
// second. Connections idle for minutes are let go.
const postgresConns = 20

func openPostgres(dsn string) (*DB, error) {
	db, err := sql.Open("pgx", dsn)
	if err != nil {
		return nil, fmt.Errorf("database: open postgres: %w", err)
	}
	db.SetMaxOpenConns(postgresConns)
	db.SetMaxIdleConns(postgresConns)
	db.SetConnMaxIdleTime(5 * time.Minute)
	return &DB{Dialect: Postgres, write: db, read: db}, nil
}

// IsTransient reports whether err ended a transaction that may succeed if
// run again: PostgreSQL broke a deadlock or a serialization conflict by
// failing it.
func IsTransient(err error) bool {
	var pg *pgconn.PgError
	return errors.As(err, &pg) && (pg.Code == "40P01" || pg.Code == "40001")
}
