package app

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strconv"
	"strings"
	"time"

	"portal/internal/catalog"
	"portal/internal/config"
	"portal/internal/database"
	"portal/internal/identity"
	"portal/internal/merchant"
	"portal/internal/provider"
	"portal/internal/vendorsim"
	"portal/internal/wallet"
)

// gamesService opens the wallet contract's service over db, for commands.
func gamesService(db *database.DB, log *slog.Logger) (*provider.Service, error) {
	merchants, err := merchant.NewService(db, merchant.Options{Log: log})
	if err != nil {
		return nil, err
	}
	return provider.NewService(db, wallet.NewService(db, time.Now), identity.NewService(db, nil), catalog.NewService(db, log), merchants,
		provider.Options{Log: log}), nil
}

// withGames opens the database named by cfg and the wallet contract's
// service over it for one command, and closes both after fn.
func withGames(ctx context.Context, cfg config.Config, log *slog.Logger, fn func(*provider.Service) error) error {
	db, err := openDB(ctx, cfg)
	if err != nil {
		return err
	}
	defer db.Close()
	games, err := gamesService(db, log)
	if err != nil {
		return err
	}
	defer games.Close()
	return fn(games)
}

// vendorCommand runs `portal vendor secret <code> [--rotate]`: it prints
// the vendor's signing secret for the seamless-wallet API (creating it on
// first use), or a new one that replaces it (the old one is honoured for
// provider.RotationGrace). `portal vendor win-limit ...` is
// winLimitCommand.
func vendorCommand(ctx context.Context, cfg config.Config, log *slog.Logger, args []string, stdout io.Writer) error {
	if len(args) > 0 && args[0] == "win-limit" {
		return winLimitCommand(ctx, cfg, log, args[1:], stdout)
	}
	if len(args) > 0 && args[0] == "wallet-mode" {
		return walletModeCommand(ctx, cfg, log, args[1:], stdout)
	}
	const use = "vendor secret <code> [--rotate] | vendor win-limit <code> [<multiple> <max> | default]"
	if len(args) < 2 || args[0] != "secret" || len(args) > 3 || (len(args) == 3 && args[2] != "--rotate") {
		return fmt.Errorf("%w: %s", errUsage, use)
	}
	code := strings.ToUpper(args[1])
	var secret string
	err := withGames(ctx, cfg, log, func(games *provider.Service) (err error) {
		if len(args) == 3 {
			secret, err = games.RotateSecret(ctx, code)
		} else {
			secret, err = games.Secret(ctx, code)
		}
		return err
	})
	if errors.Is(err, provider.ErrVendorUnknown) {
		return fmt.Errorf("%w: no vendor %q in the catalogue", errUsage, code)
	}
	if err != nil {
		return err
	}
	fmt.Fprintln(stdout, secret)
	return nil
}

// winLimitCommand runs `portal vendor win-limit <code> [<multiple> <max> |
// default]`: it prints the vendor's win limit (decision 0018), or sets it
// first: at most multiple times a round's stakes and at most max in major
// units of the round's currency; "default" drops the vendor's own limit.
// A running server uses the change within 5 seconds.
func winLimitCommand(ctx context.Context, cfg config.Config, log *slog.Logger, args []string, stdout io.Writer) error {
	const use = "vendor win-limit <code> [<multiple> <max> | default]"
	var multiple, most int64
	switch {
	case len(args) == 1, len(args) == 2 && args[1] == "default":
	case len(args) == 3:
		var err1, err2 error
		multiple, err1 = strconv.ParseInt(strings.TrimSuffix(args[1], "x"), 10, 64)
		most, err2 = strconv.ParseInt(strings.ReplaceAll(args[2], ",", ""), 10, 64)
		if err1 != nil || err2 != nil {
			return fmt.Errorf("%w: %s (whole numbers: the multiple of the stakes, the maximum in major units)", errUsage, use)
		}
	default:
		return fmt.Errorf("%w: %s", errUsage, use)
	}
	code := strings.ToUpper(args[0])
	err := withGames(ctx, cfg, log, func(games *provider.Service) error {
		var err error
		switch len(args) {
		case 2:
			err = games.ResetWinLimit(ctx, code)
		case 3:
			err = games.SetWinLimit(ctx, code, multiple, most)
		}
		if err != nil {
			return err
		}
		l, err := games.WinLimit(ctx, code)
		if err != nil {
			return err
		}
		kind := "its own"
		if l.Default {
			kind = "the default"
		}
		fmt.Fprintf(stdout, "%s: a round pays at most %d times its stakes and at most %d in major units of its currency (%s)\n", code, l.Multiple, l.Max, kind)
		return nil
	})
	switch {
	case errors.Is(err, provider.ErrVendorUnknown):
		return fmt.Errorf("%w: no vendor %q in the catalogue", errUsage, code)
	case errors.Is(err, provider.ErrWinLimit):
		return fmt.Errorf("%w: %v", errUsage, err)
	}
	return err
}

// vendorSimCommand runs `portal vendor-sim [--portal URL] [--addr ADDR]`:
// the vendor simulator as a process of its own, calling the portal at URL.
// It reads the vendors' secrets from the same database the portal uses.
func vendorSimCommand(ctx context.Context, cfg config.Config, log *slog.Logger, args []string) error {
	fs := flag.NewFlagSet("vendor-sim", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	portal := fs.String("portal", "http://127.0.0.1:8080", "the portal's base URL")
	addr := fs.String("addr", "127.0.0.1:8090", "where the simulator listens")
	faults := fs.Bool("faults", false, "let the page's fault-injection switches through")
	if err := fs.Parse(args); err != nil {
		return fmt.Errorf("%w: vendor-sim [--portal URL] [--addr ADDR] [--faults]", errUsage)
	}
	return withGames(ctx, cfg, log, func(games *provider.Service) error {
		return serveVendorSim(ctx, log, games, strings.TrimRight(*portal, "/"), *addr, *faults)
	})
}

// serveVendorSim serves the simulator at addr until ctx ends.
func serveVendorSim(ctx context.Context, log *slog.Logger, games *provider.Service, base, addr string, faults bool) error {
	sim := vendorsim.NewHandler(&vendorsim.Client{
		Base:   func() string { return base },
		HTTP:   &http.Client{Timeout: 15 * time.Second},
		Secret: games.Secret,
	}, faults)
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return fmt.Errorf("listen %s: %w", addr, err)
	}
	srv := &http.Server{Handler: sim, ReadHeaderTimeout: 10 * time.Second}
	log.Info("vendor simulator serving", "addr", ln.Addr().String(), "portal", base)
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
		sctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		return srv.Shutdown(sctx)
	}
}
