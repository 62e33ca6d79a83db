package app

import (
	"context"
	"net/netip"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"portal/internal/database"
	"portal/internal/operator"
)

// TestOperatorCommand: `portal operator create` prints a one-time password
// that logs in (and must be changed), and it and `portal wallet adjust`
// leave audit entries by operator "cli".
func TestOperatorCommand(t *testing.T) {
	dir, run := seededCommands(t)
	tests := []struct {
		args   []string
		rc     int
		output string
	}{
		{[]string{"operator", "create", "demo", "Boss", "--role", "owner"}, 0, "one-time password: "},
		{[]string{"operator", "create", "platform", "root", "--role", "owner"}, 0, "owner of the platform"},
		{[]string{"operator", "create", "demo", "boss", "--role", "owner"}, 1, "username taken"},
		{[]string{"operator", "create", "demo", "x2", "--role", "owner"}, 1, "username must be"},
		{[]string{"operator", "create", "demo", "clerk", "--role", "emperor"}, 1, "no such role"},
		{[]string{"operator", "create", "nosuch", "clerk", "--role", "owner"}, 1, "no such merchant"},
		{[]string{"operator", "create", "demo", "clerk"}, 2, "usage"},
		{[]string{"wallet", "adjust", "demo", "player01", "5", "--reason", "=goodwill"}, 0, "now 10005.00 USD"},
	}
	var password string
	for _, tt := range tests {
		rc, out := run(tt.args...)
		if rc != tt.rc || !strings.Contains(out, tt.output) {
			t.Errorf("%v = %d %q, want %d containing %q", tt.args, rc, out, tt.rc, tt.output)
		}
		if m := regexp.MustCompile(`one-time password: (\S+)`).FindStringSubmatch(out); m != nil && password == "" {
			password = m[1]
		}
	}
	ctx := context.Background()
	db, err := database.Open(ctx, filepath.Join(dir, "portal.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	ops := operator.NewService(db, time.Now)
	o, st, err := ops.Login(ctx, "boss", password, netipLocal)
	if err != nil || o.Merchant != "demo" || o.Role != "owner" || st.Step != operator.StepPasswordChange {
		t.Fatalf("log-in with the one-time password = %+v %+v %v", o, st, err)
	}
	entries, total, err := ops.Audit(ctx, operator.AuditFilter{AllMerchants: true, Operator: "cli"}, 1, 10)
	if err != nil || total != 3 {
		t.Fatalf("cli audit = %+v %d %v", entries, total, err)
	}
	if e := entries[0]; e.Action != "cli.wallet.adjust" || e.Merchant != "demo" || e.Target != "member:player01" || !strings.Contains(e.After, `"reason":"=goodwill"`) {
		t.Errorf("adjust entry = %+v", e)
	}
	if e := entries[1]; e.Action != "cli.operator.create" || e.Merchant != "" || e.Target != "operator:root" || e.Outcome != "ok" {
		t.Errorf("create entry = %+v", e)
	}
	if strings.Contains(entries[2].After, password) {
		t.Error("the one-time password is in the audit trail")
	}
}

var netipLocal = netip.MustParseAddr("127.0.0.1")
