package jobs

import (
	"context"
	"fmt"
	"time"

	"github.com/riverqueue/river"
)

// Every runs run every interval, and once as soon as a process becomes
// leader, registered before Start. Only the elected leader among the
// processes sharing the database schedules it, and each run is a job unique
// within its period, so when leadership moves (or two processes briefly both
// think they lead) a period still runs once. run answers how much it did:
// more than zero is logged at info. A failed run is logged and not retried:
// the next period is the retry.
func (s *Service) Every(name string, interval time.Duration, run func(ctx context.Context) (int, error)) {
	if interval <= 0 {
		panic(fmt.Sprintf("jobs: %s: interval %v", name, interval))
	}
	s.register(name, river.WorkFunc(func(ctx context.Context, _ *river.Job[rawArgs]) error {
		n, err := run(ctx)
		if err != nil {
			s.log.ErrorContext(ctx, "jobs: periodic job failed", "job", name, "done", n, "err", err)
			return err
		}
		if n > 0 {
			s.log.InfoContext(ctx, "jobs: periodic job done", "job", name, "done", n)
		}
		return nil
	}))
	opts := &river.InsertOpts{MaxAttempts: 1}
	if interval >= time.Second {
		// River keys uniqueness by whole seconds at least; a shorter
		// interval (a test's) relies on the leader alone.
		opts.UniqueOpts = river.UniqueOpts{ByPeriod: interval}
	}
	job := river.NewPeriodicJob(river.PeriodicInterval(interval), func() (river.JobArgs, *river.InsertOpts) {
		o := *opts // a copy per insert: River may fill in defaults
		return rawArgs{kind: name}, &o
	}, &river.PeriodicJobOpts{ID: name, RunOnStart: true})
	s.mu.Lock()
	s.periodic = append(s.periodic, job)
	s.mu.Unlock()
}
