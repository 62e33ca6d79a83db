package database_test

import (
	"context"
	"errors"
	"sync"
	"testing"

	"portal/internal/database"
	"portal/internal/dbtest"
)

// TestBatcherCommitsEachCallerAlone: many callers share commits; the ones
// whose work fails (after writing) leave nothing behind, the others are all
// there, and every caller hears its own result.
func TestBatcherCommitsEachCallerAlone(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		if _, err := db.Write().ExecContext(ctx, `CREATE TABLE batch_probe (n BIGINT PRIMARY KEY)`); err != nil {
			t.Fatal(err)
		}
		b := db.NewBatcher(0, 16)
		defer b.Close()
		errOdd := errors.New("odd")
		const callers = 300
		var wg sync.WaitGroup
		results := make([]error, callers)
		for i := range callers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				results[i] = b.Do(ctx, i, func(ctx context.Context, q database.Querier) error {
					if _, err := q.ExecContext(ctx, `INSERT INTO batch_probe (n) VALUES ($1)`, i); err != nil {
						return err
					}
					if i%2 == 1 {
						return errOdd
					}
					if i%50 == 0 {
						panic("a caller's bug")
					}
					return nil
				})
			}()
		}
		wg.Wait()
		want := 0
		for i, err := range results {
			switch {
			case i%2 == 1:
				if !errors.Is(err, errOdd) {
					t.Fatalf("caller %d: %v, want its own error", i, err)
				}
			case i%50 == 0:
				if err == nil {
					t.Fatalf("caller %d panicked but got no error", i)
				}
			default:
				if err != nil {
					t.Fatalf("caller %d: %v", i, err)
				}
				want++
			}
		}
		var got, bad int
		if err := db.Read().QueryRowContext(ctx, `SELECT COUNT(*), COALESCE(SUM(CASE WHEN n % 2 = 1 OR n % 50 = 0 THEN 1 ELSE 0 END), 0) FROM batch_probe`).Scan(&got, &bad); err != nil {
			t.Fatal(err)
		}
		if got != want || bad != 0 {
			t.Fatalf("%d rows (%d of failed callers), want %d and 0", got, bad, want)
		}
		b.Close()
		if err := b.Do(ctx, 0, func(context.Context, database.Querier) error { return nil }); !errors.Is(err, database.ErrBatcherClosed) {
			t.Fatalf("after close: %v", err)
		}
	})
}

// TestBatcherRefusalsNeedNoRerun: work that fails without writing
// (Unchanged) does not send the batch round again, and the other callers'
// work commits; work that fails after writing does, and is then rolled back
// alone.
func TestBatcherRefusalsNeedNoRerun(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		if _, err := db.Write().ExecContext(ctx, `CREATE TABLE batch_refusals (n BIGINT PRIMARY KEY)`); err != nil {
			t.Fatal(err)
		}
		b := db.NewBatcher(1, 64)
		defer b.Close()
		errNo := errors.New("refused")
		var mu sync.Mutex
		runs := map[int]int{}
		do := func(i int, fail error, write bool) error {
			return b.Do(ctx, 0, func(ctx context.Context, q database.Querier) error {
				mu.Lock()
				runs[i]++
				mu.Unlock()
				if write {
					if _, err := q.ExecContext(ctx, `INSERT INTO batch_refusals (n) VALUES ($1)`, i); err != nil {
						return err
					}
				}
				return fail
			})
		}
		var wg sync.WaitGroup
		results := make([]error, 40)
		for i := range 40 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				switch {
				case i%10 == 3:
					results[i] = do(i, database.Unchanged(errNo), false)
				case i == 17:
					results[i] = do(i, errNo, true)
				default:
					results[i] = do(i, nil, true)
				}
			}()
		}
		wg.Wait()
		for i, err := range results {
			if (i%10 == 3 || i == 17) != errors.Is(err, errNo) {
				t.Fatalf("caller %d: %v", i, err)
			}
		}
		var got int
		if err := db.Read().QueryRowContext(ctx, `SELECT COUNT(*) FROM batch_refusals WHERE n % 10 <> 3 AND n <> 17`).Scan(&got); err != nil {
			t.Fatal(err)
		}
		var stray int
		if err := db.Read().QueryRowContext(ctx, `SELECT COUNT(*) FROM batch_refusals WHERE n = 17`).Scan(&stray); err != nil {
			t.Fatal(err)
		}
		if got != 35 || stray != 0 {
			t.Fatalf("%d rows of the successful callers (want 35), %d of the failed one", got, stray)
		}
		// Only the batch holding caller 17 ran twice.
		if runs[17] != 2 {
			t.Fatalf("the failing caller ran %d times, want 2", runs[17])
		}
	})
}
