package app

import (
	"context"
	"fmt"
	"io"
	"os"
	"time"

	"portal/internal/config"
	"portal/internal/database"
	"portal/internal/operator"
)

// operatorCommand runs `portal operator create <merchant|platform>
// <username> --role <role>`: the first owner of a merchant (or of the
// platform) comes from the shell; the rest from the back office.
func operatorCommand(ctx context.Context, cfg config.Config, args []string, stdout io.Writer) error {
	const use = "operator create <merchant|platform> <username> --role <role>"
	if len(args) != 5 || args[0] != "create" || args[3] != "--role" {
		return fmt.Errorf("%w: %s", errUsage, use)
	}
	code, username, role := args[1], args[2], args[4]
	if code == "platform" {
		code = ""
	}
	db, err := openDB(ctx, cfg)
	if err != nil {
		return err
	}
	defer db.Close()
	ops := operator.NewService(db, time.Now)
	var o *operator.Operator
	var password string
	err = db.InTx(ctx, func(q database.Querier) error {
		var err error
		if o, password, err = ops.Create(ctx, q, code, username, role); err != nil {
			return err
		}
		return ops.Append(ctx, q, operator.Entry{Operator: "cli", Merchant: code, IP: cliHost(), Action: "cli.operator.create",
			Target: "operator:" + o.Username, After: operator.JSONText(o), Outcome: "ok"})
	})
	if err != nil {
		return err
	}
	where := o.Merchant
	if where == "" {
		where = "the platform"
	}
	fmt.Fprintf(stdout, "operator %s (%s of %s) created\none-time password: %s\n(it must be changed at the first log-in, then an authenticator app is set up)\n",
		o.Username, o.Role, where, password)
	return nil
}

// cliAudit appends an entry for a shell command (operator "cli").
func cliAudit(ctx context.Context, db *database.DB, merchantCode, action, target string, before, after any) error {
	return operator.NewService(db, time.Now).Append(ctx, nil, operator.Entry{Operator: "cli", Merchant: merchantCode, IP: cliHost(),
		Action: action, Target: target, Before: operator.JSONText(before), After: operator.JSONText(after), Outcome: "ok"})
}

// cliHost names where a shell command ran, in the audit trail's ip column.
func cliHost() string {
	h, err := os.Hostname()
	if err != nil {
		return "cli"
	}
	return "cli@" + h
}
