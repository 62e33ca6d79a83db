package jobs_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"portal/internal/database"
	"portal/internal/dbtest"
	"portal/internal/jobs"
	"portal/internal/merchant"
	"portal/internal/wallet"
)

// poll is short so the tests wait little; River refuses less than 100 ms.
const poll = 100 * time.Millisecond

var quiet = slog.New(slog.NewTextHandler(io.Discard, nil))

// open prepares a service on db that is stopped when the test ends.
func open(t *testing.T, db *database.DB) *jobs.Service {
	t.Helper()
	svc, err := jobs.New(context.Background(), db, jobs.Options{Log: quiet, PollInterval: poll})
	if err != nil {
		t.Fatal(err)
	}
	return svc
}

func start(t *testing.T, svc *jobs.Service) {
	t.Helper()
	if err := svc.Start(context.Background()); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if err := svc.Stop(ctx); err != nil && !errors.Is(err, jobs.ErrNotStarted) {
			t.Errorf("stop: %v", err)
		}
	})
}

// waitFor polls cond until it holds or the deadline passes.
func waitFor(t *testing.T, within time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(within)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("still waiting after %v: %s", within, what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

func count(t *testing.T, db *database.DB, query string, args ...any) int {
	t.Helper()
	var n int
	if err := db.Read().QueryRowContext(context.Background(), query, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func exec(t *testing.T, db *database.DB, query string) {
	t.Helper()
	if _, err := db.Write().ExecContext(context.Background(), query); err != nil {
		t.Fatal(err)
	}
}

// TestPeriodicRunsOncePerPeriodAcrossInstances: two services on one
// database (two portal processes) each register the same periodic job;
// only the leader schedules it, so each period runs once, not twice.
func TestPeriodicRunsOncePerPeriodAcrossInstances(t *testing.T) {
	dbtest.EachDSN(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		var dbs []*database.DB
		for range 2 {
			db, err := database.Open(ctx, dsn)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { db.Close() })
			if err := db.Migrate(ctx); err != nil {
				t.Fatal(err)
			}
			dbs = append(dbs, db)
		}
		exec(t, dbs[0], `CREATE TABLE periodic_runs (instance BIGINT NOT NULL)`)
		const interval = time.Second
		for i, db := range dbs {
			svc := open(t, db)
			svc.Every("probe.tick", interval, func(ctx context.Context) (int, error) {
				_, err := db.Write().ExecContext(ctx, `INSERT INTO periodic_runs (instance) VALUES ($1)`, i)
				return 1, err
			})
			start(t, svc)
		}
		// River staggers its scheduler's start by up to a second. From the
		// first run on: 1 s, 2 s, 3 s later, four runs by one leader, eight
		// if both scheduled.
		waitFor(t, 10*time.Second, "the first run", func() bool { return count(t, dbs[0], `SELECT COUNT(*) FROM periodic_runs`) > 0 })
		time.Sleep(3200 * time.Millisecond)
		runs := count(t, dbs[0], `SELECT COUNT(*) FROM periodic_runs`)
		if runs < 3 || runs > 5 {
			t.Fatalf("%d runs in 3.5 s of a 1 s job, want about 4", runs)
		}
		// Each run is one job, and no two jobs share a period.
		rows, err := dbs[0].Read().QueryContext(ctx, `SELECT scheduled_at FROM river_job WHERE kind = 'probe.tick'`)
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		periods := map[int64]int{}
		jobsSeen := 0
		for rows.Next() {
			var at time.Time
			if err := rows.Scan(&at); err != nil {
				t.Fatal(err)
			}
			periods[at.UnixNano()/int64(interval)]++
			jobsSeen++
		}
		if err := rows.Err(); err != nil {
			t.Fatal(err)
		}
		for p, n := range periods {
			if n > 1 {
				t.Fatalf("period %d has %d jobs", p, n)
			}
		}
		if jobsSeen < runs {
			t.Fatalf("%d runs from %d jobs: a job ran twice", runs, jobsSeen)
		}
	})
}

// TestEnqueueFollowsTheTransaction: a job enqueued in a transaction that
// rolls back never runs; one whose transaction commits runs once.
func TestEnqueueFollowsTheTransaction(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		exec(t, db, `CREATE TABLE probe_runs (n BIGINT NOT NULL)`)
		svc := open(t, db)
		svc.Handle("probe.record", func(ctx context.Context, args json.RawMessage) error {
			var a struct{ N int }
			if err := json.Unmarshal(args, &a); err != nil {
				return err
			}
			_, err := db.Write().ExecContext(ctx, `INSERT INTO probe_runs (n) VALUES ($1)`, a.N)
			return err
		})
		start(t, svc)
		errUndo := errors.New("undo")
		tests := []struct {
			name string
			n    int
			fail error
			runs int
		}{
			{"rolled back", 1, errUndo, 0},
			{"committed", 2, nil, 1},
		}
		for _, tt := range tests {
			err := db.InTx(ctx, func(q database.Querier) error {
				if err := svc.Enqueue(ctx, q, "probe.record", map[string]int{"N": tt.n}, time.Time{}); err != nil {
					return err
				}
				return tt.fail
			})
			if !errors.Is(err, tt.fail) {
				t.Fatalf("%s: %v", tt.name, err)
			}
		}
		waitFor(t, 10*time.Second, "the committed job", func() bool {
			return count(t, db, `SELECT COUNT(*) FROM probe_runs WHERE n = 2`) > 0
		})
		time.Sleep(5 * poll) // time for a wrong second run to show
		for _, tt := range tests {
			if got := count(t, db, `SELECT COUNT(*) FROM probe_runs WHERE n = $1`, tt.n); got != tt.runs {
				t.Fatalf("%s: ran %d times, want %d", tt.name, got, tt.runs)
			}
		}
		if n := count(t, db, `SELECT COUNT(*) FROM river_job WHERE kind = 'probe.record'`); n != 1 {
			t.Fatalf("%d jobs stored, want 1", n)
		}
		if err := svc.Enqueue(ctx, db.Write(), "probe.unknown", nil, time.Time{}); !errors.Is(err, jobs.ErrUnknownKind) {
			t.Fatalf("unknown kind: %v", err)
		}
	})
}

// TestFailingJobIsRetriedWithBackoff: a handler that fails once is run
// again after River's back-off (about a second for the first retry) and
// then succeeds; the job ends completed with the one error recorded.
func TestFailingJobIsRetriedWithBackoff(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		svc := open(t, db)
		var mu sync.Mutex
		var tries []time.Time
		svc.Handle("probe.flaky", func(ctx context.Context, _ json.RawMessage) error {
			mu.Lock()
			defer mu.Unlock()
			tries = append(tries, time.Now())
			if len(tries) == 1 {
				return errors.New("first try fails")
			}
			return nil
		})
		start(t, svc)
		if err := svc.Enqueue(ctx, db.Write(), "probe.flaky", struct{}{}, time.Time{}); err != nil {
			t.Fatal(err)
		}
		waitFor(t, 15*time.Second, "the retried job to complete", func() bool {
			return count(t, db, `SELECT COUNT(*) FROM river_job WHERE kind = 'probe.flaky' AND state = 'completed'`) == 1
		})
		mu.Lock()
		defer mu.Unlock()
		if len(tries) != 2 {
			t.Fatalf("%d tries, want 2", len(tries))
		}
		if gap := tries[1].Sub(tries[0]); gap < 800*time.Millisecond {
			t.Fatalf("retried after %v, want River's back-off of about 1 s", gap)
		}
		if n := count(t, db, `SELECT attempt FROM river_job WHERE kind = 'probe.flaky'`); n != 2 {
			t.Fatalf("attempt %d recorded, want 2", n)
		}
	})
}

// TestJobSurvivesRestart: a job still waiting when its service stops is
// run by the next service started on the database, once.
func TestJobSurvivesRestart(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		var runs atomic.Int64
		handler := func(context.Context, json.RawMessage) error { runs.Add(1); return nil }
		first := open(t, db)
		first.Handle("probe.later", handler)
		if err := first.Start(ctx); err != nil {
			t.Fatal(err)
		}
		if err := first.Enqueue(ctx, db.Write(), "probe.later", nil, time.Now().Add(1500*time.Millisecond)); err != nil {
			t.Fatal(err)
		}
		stop, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		if err := first.Stop(stop); err != nil {
			t.Fatal(err)
		}
		time.Sleep(2 * time.Second) // due now, and nobody works it
		if runs.Load() != 0 {
			t.Fatal("the job ran though its service had stopped")
		}
		second := open(t, db)
		second.Handle("probe.later", handler)
		start(t, second)
		// Only the leader moves a due scheduled job to available. When the
		// first service stops while its election is still in flight, its
		// leadership is not resigned but lapses with River's TTL (15 s);
		// the second then wins at its next attempt (every 5 s) and schedules
		// at its next pass (every 5 s): up to 25 s in all.
		waitFor(t, 35*time.Second, "the job to run after the restart", func() bool { return runs.Load() > 0 })
		time.Sleep(5 * poll)
		if n := runs.Load(); n != 1 {
			t.Fatalf("ran %d times, want 1", n)
		}
	})
}

// TestPollingDoesNotStarveWrites: River's polling shares the one SQLite
// writer with the wallet; a periodic job every 100 ms while 200 transfers
// commit must fail none of them, and still run.
func TestPollingDoesNotStarveWrites(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		if err := merchant.Seed(ctx, db); err != nil {
			t.Fatal(err)
		}
		exec(t, db, `CREATE TABLE tick_runs (at BIGINT NOT NULL)`)
		ledger := wallet.NewService(db, time.Now)
		const transfers, amount = 200, 5
		if _, err := ledger.Move(ctx, wallet.Request{Merchant: "demo", Key: "fund", Kind: "adjust", Amount: transfers * amount,
			From: wallet.Side(wallet.KindAdjustment, "test", "USD"), To: wallet.Member(1, "USD")}); err != nil {
			t.Fatal(err)
		}
		svc := open(t, db)
		var ticks atomic.Int64
		svc.Every("probe.fast", 100*time.Millisecond, func(ctx context.Context) (int, error) {
			ticks.Add(1)
			err := db.InTx(ctx, func(q database.Querier) error {
				_, err := q.ExecContext(ctx, `INSERT INTO tick_runs (at) VALUES ($1)`, time.Now().UnixMilli())
				return err
			})
			return 0, err
		})
		start(t, svc)
		waitFor(t, 10*time.Second, "the first tick", func() bool { return ticks.Load() > 0 })
		before, began := ticks.Load(), time.Now()
		var wg sync.WaitGroup
		errs := make(chan error, transfers)
		for w := range 8 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := w; i < transfers; i += 8 {
					_, err := ledger.Move(ctx, wallet.Request{Merchant: "demo", Key: fmt.Sprintf("bet-%d", i), Kind: "bet", Amount: amount,
						From: wallet.Member(1, "USD"), To: wallet.Side(wallet.KindHouse, "house", "USD")})
					if err != nil {
						errs <- err
					}
					// Paced to span about a second, so ticks fall among them.
					time.Sleep(40 * time.Millisecond)
				}
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			t.Fatalf("transfer failed beside the jobs: %v", err)
		}
		during, took := ticks.Load(), time.Since(began)
		if during-before < 3 {
			t.Fatalf("%d ticks while the transfers ran for %v, want at least 3", during-before, took)
		}
		waitFor(t, 10*time.Second, "the ticks after the transfers", func() bool { return ticks.Load() >= during+3 })
		if b, err := ledger.Balance(ctx, "demo", wallet.Member(1, "USD")); err != nil || b != 0 {
			t.Fatalf("balance %d (%v), want 0", b, err)
		}
		if v, err := ledger.Verify(ctx); err != nil || len(v) != 0 {
			t.Fatalf("verify: %v %+v", err, v)
		}
		stop, cancel := context.WithTimeout(ctx, 10*time.Second)
		defer cancel()
		if err := svc.Stop(stop); err != nil {
			t.Fatal(err)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM tick_runs`); int64(n) != ticks.Load() {
			t.Fatalf("%d periodic runs recorded of %d: a tick's write failed", n, ticks.Load())
		}
		t.Logf("%d ticks in all, %d while the %d transfers ran (%v)", ticks.Load(), during-before, transfers, took)
	})
}
