package database_test

import (
	"context"
	"fmt"
	"testing"

	"portal/internal/database"
	"portal/internal/dbtest"
)

// TestPreparedStatementsStayCorrect: on SQLite, whose connections keep
// their statements prepared, the same SQL run again and again, run again
// while its own rows are still open, after the table it reads changed
// shape, and past the number kept per connection, answers as a plain query
// would.
func TestPreparedStatementsStayCorrect(t *testing.T) {
	db := dbtest.SQLite(t)
	ctx := context.Background()
	w := db.Write()
	if _, err := w.ExecContext(ctx, `CREATE TABLE stmt_probe (n BIGINT PRIMARY KEY, label TEXT NOT NULL)`); err != nil {
		t.Fatal(err)
	}
	for i := range 5 {
		if _, err := w.ExecContext(ctx, `INSERT INTO stmt_probe (n, label) VALUES ($1, $2)`, i, fmt.Sprint("n", i)); err != nil {
			t.Fatal(err)
		}
	}
	const each = `SELECT n FROM stmt_probe WHERE n >= $1 ORDER BY n`
	err := db.InTx(ctx, func(q database.Querier) error {
		outer, err := q.QueryContext(ctx, each, 0)
		if err != nil {
			return err
		}
		defer outer.Close()
		var got []int
		for outer.Next() {
			var n int
			if err := outer.Scan(&n); err != nil {
				return err
			}
			// The same statement while its rows are open.
			var count int
			inner, err := q.QueryContext(ctx, each, n)
			if err != nil {
				return err
			}
			for inner.Next() {
				count++
			}
			if err := inner.Close(); err != nil {
				return err
			}
			if count != 5-n {
				return fmt.Errorf("from %d: %d rows, want %d", n, count, 5-n)
			}
			got = append(got, n)
		}
		if len(got) != 5 {
			return fmt.Errorf("outer rows %v", got)
		}
		return outer.Err()
	})
	if err != nil {
		t.Fatal(err)
	}
	// The table changes shape: the kept statement follows it.
	const star = `SELECT * FROM stmt_probe WHERE n = $1`
	var n int
	var label string
	if err := w.QueryRowContext(ctx, star, 3).Scan(&n, &label); err != nil || label != "n3" {
		t.Fatalf("before: %v %q", err, label)
	}
	if _, err := w.ExecContext(ctx, `ALTER TABLE stmt_probe ADD COLUMN extra TEXT NOT NULL DEFAULT 'x'`); err != nil {
		t.Fatal(err)
	}
	var extra string
	if err := w.QueryRowContext(ctx, star, 3).Scan(&n, &label, &extra); err != nil || extra != "x" {
		t.Fatalf("after: %v %q", err, extra)
	}
	// More distinct statements than are kept per connection.
	for i := range 300 {
		var got int
		if err := w.QueryRowContext(ctx, fmt.Sprintf(`SELECT n + %d FROM stmt_probe WHERE n = $1`, i), 2).Scan(&got); err != nil || got != 2+i {
			t.Fatalf("statement %d: %v %d", i, err, got)
		}
	}
}
