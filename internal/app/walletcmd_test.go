package app

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// seededCommands gives a test a seeded database in its own data folder and
// a run that calls the binary's commands on it, answering the exit code and
// everything printed.
func seededCommands(t *testing.T) (dir string, run func(args ...string) (int, string)) {
	t.Helper()
	dir = t.TempDir()
	getenv := func(k string) string {
		if k == "PORTAL_DATA" {
			return dir
		}
		return ""
	}
	run = func(args ...string) (int, string) {
		var out, errs bytes.Buffer
		rc := Run(context.Background(), args, getenv, &out, &errs)
		return rc, out.String() + errs.String()
	}
	if rc, out := run("seed"); rc != 0 {
		t.Fatalf("seed: %d %s", rc, out)
	}
	return dir, run
}

func TestWalletCommands(t *testing.T) {
	_, run := seededCommands(t)
	tests := []struct {
		args   []string
		rc     int
		output string
	}{
		{[]string{"wallet", "verify"}, 0, "ledger verified"},
		{[]string{"wallet", "adjust", "demo", "player01", "250.50", "--reason", "gift"}, 0, "now 10250.50 USD"},
		{[]string{"wallet", "adjust", "demo", "player01", "-250.50"}, 0, "now 10000.00 USD"},
		{[]string{"wallet", "adjust", "demo", "player01", "1.001"}, 2, "2 decimals"},
		{[]string{"wallet", "adjust", "demo", "player01", "-10000.01"}, 1, "insufficient funds"},
		{[]string{"wallet", "adjust", "demo", "nobody", "1"}, 1, ""},
		{[]string{"wallet", "frob"}, 2, ""},
		{[]string{"wallet", "verify"}, 0, "ledger verified"},
	}
	for _, tt := range tests {
		rc, out := run(tt.args...)
		if rc != tt.rc || !strings.Contains(out, tt.output) {
			t.Errorf("%v = %d %q, want %d containing %q", tt.args, rc, out, tt.rc, tt.output)
		}
	}
	// Seeding again gives no second 10,000.00.
	run("seed")
	if _, out := run("wallet", "adjust", "demo", "player01", "0.01"); !strings.Contains(out, "now 10000.01 USD") {
		t.Fatalf("after a second seed: %s", out)
	}
}
