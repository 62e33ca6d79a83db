package database

import (
	"context"
	"errors"
	"fmt"
	"sync"
)

// ErrBatcherClosed is returned by Batcher.Do after Close.
var ErrBatcherClosed = errors.New("database: batcher closed")

// Batcher is group commit: small write transactions of many callers run
// together in one database transaction, so they share one durable commit
// (one fsync) instead of paying one each. A caller's Do returns only after
// the commit, so whatever it acknowledges is on disk.
//
// A batch first runs every caller's work straight in the transaction, with
// no savepoints: they cost a statement each and, on PostgreSQL, a
// subtransaction each. Work that fails without having changed anything says
// so (Unchanged) and the batch goes on. Any other failure rolls the whole
// batch back and runs it again with each caller's work in its own savepoint,
// so the failing caller is rolled back alone and the others still commit.
//
// Work is spread over lanes: SQLite has one writer, so one lane; PostgreSQL
// commits in parallel, so several. Callers pick the lane (by member, say) so
// that rows one lane touches are never touched by another, and lanes never
// wait on each other's locks.
type Batcher struct {
	db    *DB
	lanes []chan *batchItem
	max   int
	wg    sync.WaitGroup

	mu     sync.RWMutex
	closed bool
}

// unchanged marks the error of work that changed nothing.
type unchanged struct{ err error }

func (u unchanged) Error() string { return u.err.Error() }
func (u unchanged) Unwrap() error { return u.err }

// Unchanged marks err, returned by batched work, as a failure that wrote
// nothing (a refusal decided by reading): the batch carries on without
// undoing anything. Do returns it as it came, and errors.Is still sees the
// error inside. Mark only a failure that left the transaction as it found
// it: on PostgreSQL, never one after a statement failed.
func Unchanged(err error) error {
	if err == nil {
		return nil
	}
	return unchanged{err}
}

func isUnchanged(err error) bool {
	var u unchanged
	return errors.As(err, &u)
}

type batchItem struct {
	ctx  context.Context
	fn   func(ctx context.Context, q Querier) error
	done chan error
}

// NewBatcher starts the lanes; max bounds how many callers share a commit.
// lanes 0 picks one lane on SQLite and four on PostgreSQL.
func (db *DB) NewBatcher(lanes, max int) *Batcher {
	if lanes <= 0 {
		lanes = 1
		if db.Dialect == Postgres {
			lanes = 4
		}
	}
	if max <= 0 {
		max = 256
	}
	b := &Batcher{db: db, max: max}
	for range lanes {
		ch := make(chan *batchItem, max*4)
		b.lanes = append(b.lanes, ch)
		b.wg.Add(1)
		go b.run(ch)
	}
	return b
}

// Lanes is how many lanes run; a caller's lane number is taken modulo it.
func (b *Batcher) Lanes() int { return len(b.lanes) }

// Do runs fn in the next commit of lane and returns fn's error, or the
// commit's. fn must do only database work: it runs on the lane's goroutine,
// and every other caller of the lane waits for it. fn may run twice (when
// another caller's work failed after writing, see Batcher): only its last
// run counts, so it must set its results rather than add to them. ctx's
// values reach fn but its cancellation does not: work once queued is
// finished, because a caller that gave up may still be answered by a retry
// that finds the result.
func (b *Batcher) Do(ctx context.Context, lane int, fn func(ctx context.Context, q Querier) error) error {
	b.mu.RLock()
	if b.closed {
		b.mu.RUnlock()
		return ErrBatcherClosed
	}
	it := &batchItem{ctx: context.WithoutCancel(ctx), fn: fn, done: make(chan error, 1)}
	if lane < 0 {
		lane = -lane
	}
	b.lanes[lane%len(b.lanes)] <- it
	b.mu.RUnlock()
	return <-it.done
}

// Close finishes the queued work and stops the lanes.
func (b *Batcher) Close() {
	b.mu.Lock()
	if b.closed {
		b.mu.Unlock()
		return
	}
	b.closed = true
	for _, ch := range b.lanes {
		close(ch)
	}
	b.mu.Unlock()
	b.wg.Wait()
}

func (b *Batcher) run(ch chan *batchItem) {
	defer b.wg.Done()
	batch := make([]*batchItem, 0, b.max)
	for first := range ch {
		batch = append(batch[:0], first)
		// Whatever queued while the last commit ran joins this one; the
		// batch is not held open waiting for more.
	fill:
		for len(batch) < b.max {
			select {
			case it, ok := <-ch:
				if !ok {
					break fill
				}
				batch = append(batch, it)
			default:
				break fill
			}
		}
		b.commit(batch)
	}
}

// errRerun stops a batch's first run: some work failed after writing.
var errRerun = errors.New("database: batch to run again with savepoints")

// savepointChunk bounds the callers sharing a transaction when each has a
// savepoint: PostgreSQL keeps 64 subtransactions per transaction in shared
// memory, and past that every snapshot of every session gets slower.
const savepointChunk = 64

// commit runs one batch. A failed commit fails every caller of the batch:
// none of their work is on disk, and each may retry.
func (b *Batcher) commit(batch []*batchItem) {
	results := make([]error, len(batch))
	err := b.db.InTx(context.Background(), func(q Querier) error {
		for i, it := range batch {
			results[i] = runItem(it, q)
			if results[i] != nil && !isUnchanged(results[i]) {
				return errRerun
			}
		}
		return nil
	})
	if errors.Is(err, errRerun) {
		for start := 0; start < len(batch); start += savepointChunk {
			end := min(start+savepointChunk, len(batch))
			b.commitEach(batch[start:end])
		}
		return
	}
	for i, it := range batch {
		if err != nil {
			it.done <- err
			continue
		}
		it.done <- results[i]
	}
}

// commitEach runs a batch with each caller's work in its own savepoint, so
// work that fails is rolled back alone.
func (b *Batcher) commitEach(batch []*batchItem) {
	results := make([]error, len(batch))
	err := b.db.InTx(context.Background(), func(q Querier) error {
		for i, it := range batch {
			if _, err := q.ExecContext(it.ctx, "SAVEPOINT item"); err != nil {
				return fmt.Errorf("database: savepoint: %w", err)
			}
			results[i] = runItem(it, q)
			if results[i] != nil {
				if _, err := q.ExecContext(it.ctx, "ROLLBACK TO SAVEPOINT item"); err != nil {
					return fmt.Errorf("database: rollback to savepoint: %w", err)
				}
			}
			if _, err := q.ExecContext(it.ctx, "RELEASE SAVEPOINT item"); err != nil {
				return fmt.Errorf("database: release savepoint: %w", err)
			}
		}
		return nil
	})
	for i, it := range batch {
		if err != nil {
			it.done <- err
			continue
		}
		it.done <- results[i]
	}
}

// runItem runs one caller's work, turning a panic into its error so one bad
// caller cannot take the lane down.
func runItem(it *batchItem, q Querier) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("database: batched work panicked: %v", p)
		}
	}()
	return it.fn(it.ctx, q)
}
