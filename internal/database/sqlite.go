package database

import (
	"database/sql"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"sync/atomic"

	"modernc.org/sqlite" // the pure-Go SQLite driver
)

// sqlitePragmas are applied on every connection. synchronous=FULL because
// NORMAL can lose acknowledged commits on power loss, and money must not.
var sqlitePragmas = []string{
	"journal_mode(WAL)",
	"foreign_keys(1)",
	"busy_timeout(10000)",
	"synchronous(FULL)",
}

func openSQLite(path string) (*DB, error) {
	if dir := filepath.Dir(path); dir != "" {
		if err := os.MkdirAll(dir, 0o750); err != nil {
			return nil, fmt.Errorf("database: create %s: %w", dir, err)
		}
	}
	q := url.Values{}
	for _, p := range sqlitePragmas {
		q.Add("_pragma", p)
	}
	// IMMEDIATE takes the write lock at BEGIN, so a transaction never fails
	// half-way when it upgrades from reading to writing.
	q.Set("_txlock", "immediate")
	// The path goes into an SQLite URI, where %, ? and # would be read as
	// an escape, the parameters and a fragment.
	uri := "file:" + strings.NewReplacer("%", "%25", "?", "%3f", "#", "%23").Replace(path)
	count := new(atomic.Int64)
	write, err := openSQLiteDB(uri+"?"+q.Encode(), count)
	if err != nil {
		return nil, fmt.Errorf("database: open sqlite: %w", err)
	}
	write.SetMaxOpenConns(1)
	write.SetConnMaxLifetime(0)

	rq := url.Values{}
	for _, p := range sqlitePragmas {
		rq.Add("_pragma", p)
	}
	rq.Add("_pragma", "query_only(1)")
	read, err := openSQLiteDB(uri+"?"+rq.Encode(), count)
	if err != nil {
		write.Close()
		return nil, fmt.Errorf("database: open sqlite reader: %w", err)
	}
	read.SetMaxOpenConns(max(4, runtime.NumCPU()*2))
	read.SetMaxIdleConns(max(4, runtime.NumCPU()*2))
	return &DB{Dialect: SQLite, write: write, read: read, statements: count}, nil
}

// openSQLiteDB opens a pool whose connections keep their statements
// prepared (stmtcache.go).
func openSQLiteDB(dsn string, count *atomic.Int64) (*sql.DB, error) {
	c, err := sqlite.NewConnector(dsn)
	if err != nil {
		return nil, err
	}
	return sql.OpenDB(stmtConnector{inner: c, count: count}), nil
}
