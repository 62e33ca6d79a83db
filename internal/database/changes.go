package database

import (
	"context"
	"fmt"
	"log/slog"
	"sync"
	"time"
)

// Changes lets cached data in every running process follow writes made by
// any process (an operator command, another server): a writer bumps a topic's
// version inside its transaction, and a Watcher polling the table tells
// subscribers, who drop their caches.
//
// Bump increments topic's version.
func Bump(ctx context.Context, q Querier, topic string) error {
	_, err := q.ExecContext(ctx, `INSERT INTO change_versions (topic, version) VALUES ($1, 1)
		ON CONFLICT (topic) DO UPDATE SET version = change_versions.version + 1`, topic)
	if err != nil {
		return fmt.Errorf("database: bump %s: %w", topic, err)
	}
	return nil
}

// Watcher polls change_versions and calls the subscribers of a topic when its
// version moves.
type Watcher struct {
	db       *DB
	interval time.Duration
	log      *slog.Logger

	mu       sync.Mutex
	seen     map[string]int64
	handlers map[string][]func()
}

// NewWatcher returns a Watcher that polls every interval.
func NewWatcher(db *DB, interval time.Duration, log *slog.Logger) *Watcher {
	return &Watcher{db: db, interval: interval, log: log, seen: map[string]int64{}, handlers: map[string][]func(){}}
}

// Subscribe registers fn to run after topic changes.
func (w *Watcher) Subscribe(topic string, fn func()) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.handlers[topic] = append(w.handlers[topic], fn)
}

// Run polls until ctx ends.
func (w *Watcher) Run(ctx context.Context) {
	if err := w.Poll(ctx); err != nil {
		w.log.Warn("change watcher", "err", err)
	}
	t := time.NewTicker(w.interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			if err := w.Poll(ctx); err != nil && ctx.Err() == nil {
				w.log.Warn("change watcher", "err", err)
			}
		}
	}
}

// Poll checks once and notifies; the first poll only records versions.
func (w *Watcher) Poll(ctx context.Context) error {
	rows, err := w.db.Read().QueryContext(ctx, `SELECT topic, version FROM change_versions`)
	if err != nil {
		return fmt.Errorf("database: poll changes: %w", err)
	}
	defer rows.Close()
	current := map[string]int64{}
	for rows.Next() {
		var topic string
		var v int64
		if err := rows.Scan(&topic, &v); err != nil {
			return fmt.Errorf("database: poll changes: %w", err)
		}
		current[topic] = v
	}
	if err := rows.Err(); err != nil {
		return fmt.Errorf("database: poll changes: %w", err)
	}
	var fire []func()
	w.mu.Lock()
	for topic, v := range current {
		if old, ok := w.seen[topic]; ok && old != v || !ok && len(w.seen) > 0 {
			fire = append(fire, w.handlers[topic]...)
		}
		w.seen[topic] = v
	}
	if len(w.seen) == 0 {
		// Mark the first poll as done even on an empty table, so a topic
		// that appears later counts as a change.
		w.seen[""] = 0
	}
	w.mu.Unlock()
	for _, fn := range fire {
		fn()
	}
	return nil
}
