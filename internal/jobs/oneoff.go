package jobs

import (
	"context"
	"database/sql"
	"encoding/json"
	"fmt"
	"time"

	"github.com/riverqueue/river"

	"portal/internal/database"
)

// rawArgs carries a job's arguments as the JSON they were stored as, so a
// kind is a name chosen at registration rather than a Go type: handlers
// decode what they need, and River only sees the kind and the bytes.
type rawArgs struct {
	kind string
	body json.RawMessage
}

// Kind names the job for River.
func (a rawArgs) Kind() string { return a.kind }

// MarshalJSON stores the arguments as given.
func (a rawArgs) MarshalJSON() ([]byte, error) {
	if len(a.body) == 0 || string(a.body) == "null" {
		return []byte("{}"), nil
	}
	return a.body, nil
}

// UnmarshalJSON keeps the stored arguments for the handler.
func (a *rawArgs) UnmarshalJSON(b []byte) error {
	a.body = append(json.RawMessage(nil), b...)
	return nil
}

// Handle registers fn as the worker of kind, before Start. A returned error
// is retried with back-off up to ten attempts in all, then the job is
// discarded (kept in river_job for a week for a look). fn may run more
// than once for one job (a crash after its work, before River recorded it):
// work that moves money must carry its own idempotency key.
func (s *Service) Handle(kind string, fn func(ctx context.Context, args json.RawMessage) error) {
	s.register(kind, river.WorkFunc(func(ctx context.Context, job *river.Job[rawArgs]) error {
		err := fn(ctx, job.Args.body)
		if err == nil {
			return nil
		}
		if job.Attempt >= job.MaxAttempts {
			s.log.ErrorContext(ctx, "jobs: job failed for good", "kind", kind, "job", job.ID, "attempt", job.Attempt, "err", err)
		} else {
			s.log.WarnContext(ctx, "jobs: job failed, to be retried", "kind", kind, "job", job.ID, "attempt", job.Attempt, "err", err)
		}
		return err
	}))
}

// Enqueue records a job of kind with args (encoded as JSON) to run at runAt
// (now when zero). With q a transaction (the one database.InTx hands out)
// the job is part of it: a rollback leaves no job, a commit makes it due.
// Any other querier inserts it on its own.
func (s *Service) Enqueue(ctx context.Context, q database.Querier, kind string, args any, runAt time.Time) error {
	s.mu.Lock()
	known := s.kinds[kind]
	s.mu.Unlock()
	if !known {
		return fmt.Errorf("%w: %s", ErrUnknownKind, kind)
	}
	body, err := json.Marshal(args)
	if err != nil {
		return fmt.Errorf("jobs: %s arguments: %w", kind, err)
	}
	opts := &river.InsertOpts{MaxAttempts: maxAttempts, ScheduledAt: runAt}
	job := rawArgs{kind: kind, body: body}
	if tx, ok := q.(*sql.Tx); ok {
		_, err = s.inserter.InsertTx(ctx, tx, job, opts)
	} else {
		_, err = s.inserter.Insert(ctx, job, opts)
	}
	if err != nil {
		return fmt.Errorf("jobs: enqueue %s: %w", kind, err)
	}
	return nil
}
