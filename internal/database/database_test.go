package database_test

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
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

// TestOpenForms: every SQLite form of PORTAL_DB opens the file it names,
// and any other scheme is refused before a file or folder is made (it used
// to create a folder named "sqlite:" in the working directory).
func TestOpenForms(t *testing.T) {
	dir := t.TempDir()
	tests := []struct {
		name, dsn string
		file      string // the file that must exist afterwards; "" for a refusal
	}{
		{"plain path", filepath.Join(dir, "a.db"), filepath.Join(dir, "a.db")},
		{"sqlite:///absolute", "sqlite://" + filepath.Join(dir, "b.db"), filepath.Join(dir, "b.db")},
		{"sqlite:/absolute", "sqlite:" + filepath.Join(dir, "c.db"), filepath.Join(dir, "c.db")},
		{"file:///absolute", "file://" + filepath.Join(dir, "d.db"), filepath.Join(dir, "d.db")},
		{"percent-encoded", "sqlite://" + filepath.Join(dir, "e%20f.db"), filepath.Join(dir, "e f.db")},
		{"path with URI characters", filepath.Join(dir, "g?h#%25.db"), filepath.Join(dir, "g?h#%25.db")},
		{"mysql", "mysql://root@" + dir + "/x", ""},
		{"sqlite with a host", "sqlite://nohost" + filepath.Join(dir, "i.db"), ""},
		{"parameters", "sqlite://" + filepath.Join(dir, "j.db") + "?mode=ro", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			db, err := database.Open(context.Background(), tt.dsn)
			if tt.file == "" {
				if !errors.Is(err, database.ErrBadDSN) {
					t.Fatalf("Open(%q) = %v, want ErrBadDSN", tt.dsn, err)
				}
				return
			}
			if err != nil {
				t.Fatalf("Open(%q): %v", tt.dsn, err)
			}
			if err := db.Migrate(context.Background()); err != nil {
				t.Fatal(err)
			}
			db.Close()
			if _, err := os.Stat(tt.file); err != nil {
				t.Fatalf("Open(%q) made no %s: %v", tt.dsn, tt.file, err)
			}
		})
	}
	for _, stray := range []string{"sqlite:", "mysql:", "file:"} {
		if _, err := os.Stat(stray); err == nil {
			t.Errorf("a folder named %q was made in the working directory", stray)
		}
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.Contains(e.Name(), "i.db") || strings.Contains(e.Name(), "j.db") || e.Name() == "x" {
			t.Errorf("a refused DSN made %s", e.Name())
		}
	}
}
