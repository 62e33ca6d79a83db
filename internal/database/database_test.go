package database_test

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"testing"
	"time"

	"log/slog"

	"portal/internal/database"
	"portal/internal/dbtest"
)

func TestMigrationFoldersMatch(t *testing.T) {
	list := func(dir string) map[string]bool {
		out := map[string]bool{}
		err := fs.WalkDir(os.DirFS("migrations/"+dir), ".", func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				out[p] = true
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	lite, pg := list("sqlite"), list("postgres")
	for f := range lite {
		if !pg[f] {
			t.Errorf("migration %s exists for sqlite but not postgres", f)
		}
	}
	for f := range pg {
		if !lite[f] {
			t.Errorf("migration %s exists for postgres but not sqlite", f)
		}
	}
}

func TestInTxRollsBackOnError(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		boom := errors.New("boom")
		err := db.InTx(ctx, func(q database.Querier) error {
			if err := database.Bump(ctx, q, "x"); err != nil {
				return err
			}
			return boom
		})
		if !errors.Is(err, boom) {
			t.Fatalf("InTx error = %v, want boom", err)
		}
		var n int
		if err := db.Read().QueryRowContext(ctx, `SELECT COUNT(*) FROM change_versions`).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n != 0 {
			t.Fatalf("rolled-back bump left %d rows", n)
		}
	})
}

func TestWatcherNotifiesOnBump(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		w := database.NewWatcher(db, time.Hour, slog.New(slog.DiscardHandler))
		calls := map[string]int{}
		w.Subscribe("merchant", func() { calls["merchant"]++ })
		w.Subscribe("catalog", func() { calls["catalog"]++ })
		if err := w.Poll(ctx); err != nil {
			t.Fatal(err)
		}
		if err := database.Bump(ctx, db.Write(), "merchant"); err != nil {
			t.Fatal(err)
		}
		if err := w.Poll(ctx); err != nil {
			t.Fatal(err)
		}
		if err := database.Bump(ctx, db.Write(), "merchant"); err != nil {
			t.Fatal(err)
		}
		if err := w.Poll(ctx); err != nil {
			t.Fatal(err)
		}
		if err := w.Poll(ctx); err != nil {
			t.Fatal(err)
		}
		if calls["merchant"] != 2 || calls["catalog"] != 0 {
			t.Fatalf("calls = %v, want merchant 2, catalog 0", calls)
		}
	})
}
