package app

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"portal/internal/database"
)

func TestReportRebuildCommand(t *testing.T) {
	dir, run := seededCommands(t)
	corrupt := func(stmt string) {
		t.Helper()
		db, err := database.Open(context.Background(), filepath.Join(dir, "portal.db"))
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		if _, err := db.Write().ExecContext(context.Background(), stmt); err != nil {
			t.Fatal(err)
		}
	}
	check := []string{"report", "rebuild", "--check"}
	tests := []struct {
		before string // a statement run first
		args   []string
		rc     int
		output string
	}{
		// The seeded players are registrations; the figures agree.
		{"", check, 0, "the figures agree with the ledger"},
		{"", []string{"report", "rebuild", "--merchant", "demo", "--check"}, 0, "0 differed"},
		{`UPDATE report_hours SET registrations = registrations + 1 WHERE merchant_code = 'demo'`, check, 1, "report_hours merchant_code=demo"},
		{"", []string{"report", "rebuild", "--check", "--merchant", "lucky"}, 0, "agree"},
		{"", []string{"report", "rebuild", "--merchant", "demo"}, 0, "replaced"},
		{"", check, 0, "the figures agree with the ledger"},
		{"", []string{"report", "rebuild"}, 0, "0 differed"},
		{"", []string{"report"}, 2, "report rebuild [--merchant CODE] [--check]"},
		{"", []string{"report", "rebuild", "--merchant"}, 2, "report rebuild"},
		{"", []string{"report", "rebuild", "--merchant", "nobody"}, 2, `no merchant "nobody"`},
		{"", []string{"report", "rebuild", "--force"}, 2, "report rebuild"},
	}
	for _, tt := range tests {
		if tt.before != "" {
			corrupt(tt.before)
		}
		rc, out := run(tt.args...)
		if rc != tt.rc || !strings.Contains(out, tt.output) {
			t.Errorf("%v = %d %q, want %d containing %q", tt.args, rc, out, tt.rc, tt.output)
		}
	}
}
