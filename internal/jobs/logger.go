package jobs

import (
	"context"
	"log/slog"
)

// riverLogger hands River our logger with its info messages dropped: River
// logs every job error and every start and stop at info, and Handle and
// Every already log what an operator needs, once, with the job's kind.
// River's warnings (a stuck job) and errors still come through.
func riverLogger(log *slog.Logger) *slog.Logger {
	return slog.New(minLevel{inner: log.Handler(), min: slog.LevelWarn})
}

// minLevel passes on only records at min or above.
type minLevel struct {
	inner slog.Handler
	min   slog.Level
}

func (h minLevel) Enabled(ctx context.Context, l slog.Level) bool {
	return l >= h.min && h.inner.Enabled(ctx, l)
}

func (h minLevel) Handle(ctx context.Context, r slog.Record) error { return h.inner.Handle(ctx, r) }

func (h minLevel) WithAttrs(attrs []slog.Attr) slog.Handler {
	return minLevel{inner: h.inner.WithAttrs(attrs), min: h.min}
}

func (h minLevel) WithGroup(name string) slog.Handler {
	return minLevel{inner: h.inner.WithGroup(name), min: h.min}
}
