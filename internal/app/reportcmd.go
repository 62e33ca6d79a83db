package app

import (
	"context"
	"errors"
	"fmt"
	"io"

	"portal/internal/config"
	"portal/internal/report"
)

// errFiguresDisagree is the outcome of a check that found differences: the
// command exits non-zero.
var errFiguresDisagree = errors.New("the report figures do not agree with the ledger")

// reportCommand runs `portal report rebuild [--merchant CODE] [--check]`:
// it recomputes the back office's figures from the ledger and the members
// and either compares them with the stored ones (--check: prints the
// differences, exit status 1 if any) or replaces them.
func reportCommand(ctx context.Context, cfg config.Config, args []string, stdout io.Writer) error {
	const use = "report rebuild [--merchant CODE] [--check]"
	if len(args) == 0 || args[0] != "rebuild" {
		return fmt.Errorf("%w: %s", errUsage, use)
	}
	var code string
	var check bool
	for rest := args[1:]; len(rest) > 0; rest = rest[1:] {
		switch rest[0] {
		case "--check":
			check = true
		case "--merchant":
			if len(rest) < 2 || rest[1] == "" {
				return fmt.Errorf("%w: %s", errUsage, use)
			}
			code, rest = rest[1], rest[1:]
		default:
			return fmt.Errorf("%w: %s", errUsage, use)
		}
	}
	db, err := openDB(ctx, cfg)
	if err != nil {
		return err
	}
	defer db.Close()
	if code != "" {
		var n int
		if err := db.Read().QueryRowContext(ctx, `SELECT COUNT(*) FROM merchants WHERE code = $1`, code).Scan(&n); err != nil {
			return err
		}
		if n == 0 {
			return fmt.Errorf("%w: no merchant %q", errUsage, code)
		}
	}
	res, err := report.Rebuild(ctx, db, code, check)
	if err != nil {
		return err
	}
	for _, d := range res.Differences {
		fmt.Fprintln(stdout, d)
	}
	if more := res.Differing - int64(len(res.Differences)); more > 0 {
		fmt.Fprintf(stdout, "... and %d more\n", more)
	}
	fmt.Fprintf(stdout, "rebuilt from the ledger: %d hour rows, %d game rows, %d member rows; %d differed\n",
		res.Rows["report_hours"], res.Rows["report_games"], res.Rows["report_members"], res.Differing)
	switch {
	case check && res.Differing > 0:
		return errFiguresDisagree
	case check:
		fmt.Fprintln(stdout, "the figures agree with the ledger")
	case res.Differing > 0:
		fmt.Fprintln(stdout, "the figures were replaced and now agree with the ledger")
	default:
		fmt.Fprintln(stdout, "the figures agreed with the ledger; rewritten as they were")
	}
	return nil
}
