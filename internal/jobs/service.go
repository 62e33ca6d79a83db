// Package jobs runs the portal's background work on River, a job queue kept
// in the portal's own database (SQLite or PostgreSQL): jobs survive a
// restart, retry with back-off, and run once however many portal processes
// share the database (decision 0029).
package jobs

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver"
	"github.com/riverqueue/river/riverdriver/riverdatabasesql"
	"github.com/riverqueue/river/riverdriver/riversqlite"

	"portal/internal/database"
)

// ErrUnknownKind is an Enqueue of a kind no Handle registered: nothing
// would ever work it.
var ErrUnknownKind = errors.New("jobs: no handler for this kind")

// ErrNotStarted is a Stop of a service that was never started.
var ErrNotStarted = errors.New("jobs: not started")

// maxAttempts bounds the tries of a one-off job; River's default back-off
// (attempt⁴ seconds, with jitter) spreads ten tries over about three hours.
const maxAttempts = 10

// Options tune a Service; the zero value suits production.
type Options struct {
	Log *slog.Logger
	// PollInterval is how often a process looks for jobs that became due
	// (both drivers poll: neither listens for notifications over
	// database/sql). Default one second; River refuses less than 100 ms.
	PollInterval time.Duration
	// Workers bounds the jobs one process runs at once. Default 4.
	Workers int
}

// Service owns the River client of this process. Register every Every and
// Handle, then Start; Enqueue works from New on.
type Service struct {
	db     *database.DB
	log    *slog.Logger
	opts   Options
	driver riverdriver.Driver[*sql.Tx]
	// inserter is a River client that works nothing: it lets Enqueue run
	// before Start (and after Stop) with the same insert path.
	inserter *river.Client[*sql.Tx]

	mu       sync.Mutex
	workers  *river.Workers
	periodic []*river.PeriodicJob
	kinds    map[string]bool
	client   *river.Client[*sql.Tx]
}

// New prepares the jobs of db, bringing River's schema up to date first
// (Migrate), so a fresh database of either dialect gets it.
func New(ctx context.Context, db *database.DB, opts Options) (*Service, error) {
	if opts.Log == nil {
		opts.Log = slog.Default()
	}
	if opts.PollInterval <= 0 {
		opts.PollInterval = river.FetchPollIntervalDefault
	}
	if opts.Workers <= 0 {
		opts.Workers = 4
	}
	driver := driverFor(db)
	if err := migrate(ctx, db, driver, opts.Log); err != nil {
		return nil, err
	}
	inserter, err := river.NewClient(driver, &river.Config{Logger: riverLogger(opts.Log), MaxAttempts: maxAttempts})
	if err != nil {
		return nil, fmt.Errorf("jobs: client: %w", err)
	}
	return &Service{
		db: db, log: opts.Log, opts: opts, driver: driver, inserter: inserter,
		workers: river.NewWorkers(), kinds: map[string]bool{},
	}, nil
}

// driverFor picks River's driver over the database's own writer pool. On
// SQLite that pool is the one writer connection, so River's statements
// queue behind ours in Go instead of meeting SQLITE_BUSY in the engine; on
// PostgreSQL it is the shared pool.
func driverFor(db *database.DB) riverdriver.Driver[*sql.Tx] {
	if db.Dialect == database.Postgres {
		return riverdatabasesql.New(db.SQLDB())
	}
	return riversqlite.New(db.SQLDB())
}

// Start begins working jobs and, when this process is elected leader,
// scheduling the periodic ones. Jobs run under a context detached from ctx:
// they end through Stop, which lets a running one finish.
func (s *Service) Start(ctx context.Context) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.client != nil {
		return errors.New("jobs: already started")
	}
	cfg := &river.Config{
		Logger:       riverLogger(s.log),
		MaxAttempts:  maxAttempts,
		Workers:      s.workers,
		PeriodicJobs: s.periodic,
		// LISTEN/NOTIFY is not available through database/sql, and on SQLite
		// River's notification poll would take the one writer every 50 ms.
		PollOnly:          true,
		FetchPollInterval: s.opts.PollInterval,
		Queues:            map[string]river.QueueConfig{river.QueueDefault: {MaxWorkers: s.opts.Workers}},
	}
	if len(s.kinds) == 0 {
		// River refuses a client with queues and no workers.
		cfg.Workers, cfg.Queues = nil, nil
	}
	client, err := river.NewClient(s.driver, cfg)
	if err != nil {
		return fmt.Errorf("jobs: client: %w", err)
	}
	if err := client.Start(context.WithoutCancel(ctx)); err != nil {
		return fmt.Errorf("jobs: start: %w", err)
	}
	s.client = client
	return nil
}

// Stop stops fetching jobs and waits for the running ones to finish; when
// ctx ends first, their contexts are cancelled and Stop waits for them to
// return. A job cut short runs again later (in this or another process).
func (s *Service) Stop(ctx context.Context) error {
	s.mu.Lock()
	client := s.client
	s.mu.Unlock()
	if client == nil {
		return ErrNotStarted
	}
	err := client.Stop(ctx)
	if err != nil && ctx.Err() != nil {
		// Past the grace: cancel what still runs and wait for it to return.
		err = client.StopAndCancel(context.WithoutCancel(ctx))
	}
	if err != nil {
		return fmt.Errorf("jobs: stop: %w", err)
	}
	return nil
}

// register adds a worker for kind; registering after Start, or a kind
// twice, is a wiring mistake and panics, like http.ServeMux does.
func (s *Service) register(kind string, w river.Worker[rawArgs]) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.client != nil {
		panic("jobs: " + kind + " registered after Start")
	}
	if s.kinds[kind] {
		panic("jobs: " + kind + " registered twice")
	}
	river.AddWorkerArgs(s.workers, rawArgs{kind: kind}, w)
	s.kinds[kind] = true
}
