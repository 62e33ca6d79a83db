// Package dbtest gives each test a fresh, migrated database: SQLite in the
// test's temporary folder always, and PostgreSQL too when PORTAL_TEST_POSTGRES
// holds a server URL. Under CI=true a missing PostgreSQL fails the test
// rather than skipping it, so CI can never pass on SQLite alone.
package dbtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"testing"

	"portal/internal/database"
)

// EnvPostgres names the variable holding the PostgreSQL server URL for tests.
const EnvPostgres = "PORTAL_TEST_POSTGRES"

// Each runs fn as a subtest once per available database, named after its
// dialect. Every domain's storage tests go through it.
func Each(t *testing.T, fn func(t *testing.T, db *database.DB)) {
	t.Helper()
	t.Run("sqlite", func(t *testing.T) { fn(t, SQLite(t)) })
	t.Run("postgres", func(t *testing.T) { fn(t, Postgres(t)) })
}

// SQLite returns a migrated database in a file under t.TempDir().
func SQLite(t testing.TB) *database.DB {
	t.Helper()
	return open(t, filepath.Join(t.TempDir(), "portal.db"))
}

// Postgres returns a migrated database in a schema of its own on the server
// named by PORTAL_TEST_POSTGRES, dropped when the test ends. Without that
// server it skips, or fails under CI=true.
func Postgres(t testing.TB) *database.DB {
	t.Helper()
	return open(t, PostgresDSN(t))
}

// EachDSN runs fn once per available database with a connection string of
// a fresh, empty database (for tests that start the portal as a process).
func EachDSN(t *testing.T, fn func(t *testing.T, dsn string)) {
	t.Helper()
	t.Run("sqlite", func(t *testing.T) { fn(t, filepath.Join(t.TempDir(), "portal.db")) })
	t.Run("postgres", func(t *testing.T) { fn(t, PostgresDSN(t)) })
}

// PostgresDSN creates a schema of its own on the server named by
// PORTAL_TEST_POSTGRES (dropped when the test ends) and returns a URL that
// works in it. Without that server it skips, or fails under CI=true.
func PostgresDSN(t testing.TB) string {
	t.Helper()
	base := os.Getenv(EnvPostgres)
	if base == "" {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is not set under CI=true: the PostgreSQL tests must run", EnvPostgres)
		}
		t.Skipf("%s not set: PostgreSQL tests skipped", EnvPostgres)
	}
	schema := "t_" + randomHex(8)
	ctx := context.Background()
	admin, err := database.Open(ctx, base)
	if err != nil {
		t.Fatalf("postgres: %v", err)
	}
	defer admin.Close()
	if _, err := admin.Write().ExecContext(ctx, "CREATE SCHEMA "+schema); err != nil {
		t.Fatalf("postgres: create schema: %v", err)
	}
	t.Cleanup(func() {
		a, err := database.Open(context.Background(), base)
		if err != nil {
			return
		}
		defer a.Close()
		_, _ = a.Write().ExecContext(context.Background(), "DROP SCHEMA "+schema+" CASCADE")
	})
	u, err := url.Parse(base)
	if err != nil {
		t.Fatalf("postgres: %v", err)
	}
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	return u.String()
}

func open(t testing.TB, dsn string) *database.DB {
	t.Helper()
	ctx := context.Background()
	db, err := database.Open(ctx, dsn)
	if err != nil {
		t.Fatalf("open %s: %v", dsn, err)
	}
	t.Cleanup(func() { db.Close() })
	if err := db.Migrate(ctx); err != nil {
		t.Fatalf("migrate: %v", err)
	}
	return db
}

func randomHex(n int) string {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		panic(fmt.Sprintf("dbtest: random: %v", err))
	}
	return hex.EncodeToString(b)
}
