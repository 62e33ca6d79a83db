// Package app wires the portal together: configuration, database, domain
// services, the HTTP server and the operator commands.
package app

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strings"

	"portal/internal/config"
	"portal/internal/database"
)

// Version is stamped at build time (-ldflags -X portal/internal/app.Version=...).
var Version = "dev"

const usage = `portal: a white-label gaming portal in one binary.

Usage:
  portal [serve]                          serve the API and web app (PORTAL_ADDR, default :8080)
  portal migrate                          apply pending database migrations
  portal seed                             seed the demo merchants and catalogue (idempotent)
  portal merchant set <code> <key> <value>
                                          change a merchant setting; keys: maintenance on|off,
                                          blocked-ips <CIDR,...>, blocked-countries <CC,...>,
                                          default-language <code>, languages <code,...>,
                                          module.<MODID> on|off, minimum-age <18..99>,
                                          password-expiry-days <n>, encryption on|off
  portal wallet adjust <merchant> <member> <amount> [--reason <text>]
                                          credit (or, negative, debit) a member through the ledger
  portal wallet verify                    recompute every balance from the transfers and check
                                          the ledger's invariants (exit status 1 on a violation)
  portal vendor secret <code> [--rotate]  print a vendor's seamless-wallet signing secret (or a
                                          new one; the old one is honoured for 24 hours)
  portal vendor win-limit <code> [<multiple> <max> | default]
                                          print (or set) the most one round of the vendor may pay:
                                          a multiple of its stakes and a maximum in major units
  portal vendor wallet-mode <merchant> <code> [seamless|transfer]
                                          print (or switch) whether the merchant's vendor keeps the
                                          players' money itself (transfer wallet) or calls ours
  portal vendor-sim [--portal URL] [--addr ADDR] [--faults]
                                          run the vendor simulator as a process of its own
  portal operator create <merchant|platform> <username> --role <role>
                                          add a back-office operator and print a one-time password
                                          (changed at the first log-in); roles: owner, finance, risk,
                                          support, content, marketing, readonly or a custom one
  portal report rebuild [--merchant CODE] [--check]
                                          recompute the back office's figures from the ledger and
                                          replace them, or (--check) print where they differ (exit
                                          status 1 if they do)
  portal version                          print the version

Environment: PORTAL_DB (SQLite path, sqlite:///absolute/path, sqlite:relative/path, file:...,
or a postgres:// URL; any other scheme is refused), PORTAL_DATA (default ./data),
PORTAL_ADDR, PORTAL_DEV=1 (dev mode), PORTAL_TRUSTED_PROXIES, PORTAL_GEOIP_DB,
PORTAL_LOG_LEVEL, PORTAL_LOG_FORMAT=json.
`

// errUsage marks a command line that could not be understood.
var errUsage = errors.New("usage")

// Run executes the command named by args (without the program name) and
// returns the process exit status.
func Run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) int {
	err := run(ctx, args, getenv, stdout, stderr)
	switch {
	case err == nil:
		return 0
	case errors.Is(err, errUsage):
		fmt.Fprintf(stderr, "%v\n\n%s", err, usage)
		return 2
	default:
		fmt.Fprintf(stderr, "portal: %v\n", err)
		return 1
	}
}

func run(ctx context.Context, args []string, getenv func(string) string, stdout, stderr io.Writer) error {
	cfg, err := config.Load(getenv)
	if err != nil {
		return err
	}
	log := newLogger(cfg, stderr)
	cmd := "serve"
	if len(args) > 0 {
		cmd, args = args[0], args[1:]
	}
	switch cmd {
	case "serve":
		return serve(ctx, cfg, log)
	case "migrate":
		db, err := openDB(ctx, cfg)
		if err != nil {
			return err
		}
		defer db.Close()
		fmt.Fprintln(stdout, "migrations applied")
		return nil
	case "seed":
		db, err := openDB(ctx, cfg)
		if err != nil {
			return err
		}
		defer db.Close()
		if err := seed(ctx, db); err != nil {
			return err
		}
		fmt.Fprintln(stdout, "seeded")
		return nil
	case "merchant":
		return merchantCommand(ctx, cfg, log, args, stdout)
	case "wallet":
		return walletCommand(ctx, cfg, args, stdout)
	case "vendor":
		return vendorCommand(ctx, cfg, log, args, stdout)
	case "operator":
		return operatorCommand(ctx, cfg, args, stdout)
	case "vendor-sim":
		return vendorSimCommand(ctx, cfg, log, args)
	case "report":
		return reportCommand(ctx, cfg, args, stdout)
	case "version":
		fmt.Fprintln(stdout, Version)
		return nil
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return nil
	default:
		return fmt.Errorf("%w: unknown command %q", errUsage, cmd)
	}
}

func newLogger(cfg config.Config, w io.Writer) *slog.Logger {
	opts := &slog.HandlerOptions{Level: cfg.LogLevel}
	if cfg.LogJSON {
		return slog.New(slog.NewJSONHandler(w, opts))
	}
	return slog.New(slog.NewTextHandler(w, opts))
}

// openDB opens and migrates the configured database.
func openDB(ctx context.Context, cfg config.Config) (*database.DB, error) {
	db, err := database.Open(ctx, cfg.DB)
	if err != nil {
		return nil, err
	}
	if err := db.Migrate(ctx); err != nil {
		db.Close()
		return nil, err
	}
	return db, nil
}

// describeDB names the database for the start-up log without its password.
func describeDB(dsn string) string {
	if !database.IsPostgresURL(dsn) {
		return "sqlite " + dsn
	}
	if at := strings.LastIndex(dsn, "@"); at >= 0 {
		return "postgres " + dsn[at+1:]
	}
	return "postgres"
}
