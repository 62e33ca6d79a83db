package app

import (
	"context"
	"fmt"
	"io"
	"log/slog"

	"portal/internal/config"
	"portal/internal/merchant"
)

// merchantCommand runs `portal merchant set <code> <key> <value>`. The change
// is committed with a version bump, so running servers pick it up within
// their watch interval.
func merchantCommand(ctx context.Context, cfg config.Config, log *slog.Logger, args []string, stdout io.Writer) error {
	if len(args) < 3 || args[0] != "set" || len(args) > 4 {
		return fmt.Errorf("%w: merchant set <code> <key> <value>", errUsage)
	}
	code, key, value := args[1], args[2], ""
	if len(args) == 4 {
		value = args[3]
	}
	db, err := openDB(ctx, cfg)
	if err != nil {
		return err
	}
	defer db.Close()
	svc, err := merchant.NewService(db, merchant.Options{Log: log, GeoIPPath: cfg.GeoIPPath})
	if err != nil {
		return err
	}
	if err := svc.Set(ctx, code, key, value); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "merchant %s: %s = %q\n", code, key, value)
	return nil
}
