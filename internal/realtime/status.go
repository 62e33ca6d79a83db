package realtime

import (
	"context"
	"log/slog"
	"sync"
	"time"
)

// StatusKeys answers, per merchant, a summary of what its status depends
// on (merchant.Service.StatusKeys).
type StatusKeys func(ctx context.Context) (map[string]string, error)

// StatusWatch tells the open pages of a merchant, within the change
// watcher's interval, that its maintenance switch or region rules moved,
// so a page learns of maintenance in seconds instead of at its next poll.
// Each process runs one over its own connections; the change watcher,
// which every process runs, says when merchant settings changed anywhere.
type StatusWatch struct {
	hub  *Hub
	keys StatusKeys
	log  *slog.Logger

	mu   sync.Mutex
	last map[string]string
}

// NewStatusWatch returns a StatusWatch publishing to hub.
func NewStatusWatch(hub *Hub, keys StatusKeys, log *slog.Logger) *StatusWatch {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &StatusWatch{hub: hub, keys: keys, log: log}
}

// Check compares every merchant's status key with the last one seen and
// tells the pages of those that moved. The first check only records them.
// It is the change watcher's handler for the merchant topic, run after the
// merchant cache has been dropped.
func (w *StatusWatch) Check() {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	now, err := w.keys(ctx)
	if err != nil {
		w.log.Warn("status watch", "err", err)
		return
	}
	w.mu.Lock()
	first := w.last == nil
	var moved []string
	for code, k := range now {
		if old, ok := w.last[code]; !first && (!ok || old != k) {
			moved = append(moved, code)
		}
	}
	w.last = now
	w.mu.Unlock()
	for _, code := range moved {
		w.hub.PublishMerchant(code, Event{Type: EventStatus})
	}
}

// Run checks every interval until ctx ends. The merchant topic says when
// settings changed; the timer catches what changes without a write: a
// scheduled maintenance window opening or closing (decision 0026).
func (w *StatusWatch) Run(ctx context.Context, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			w.Check()
		}
	}
}
