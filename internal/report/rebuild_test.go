package report_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"portal/internal/database"
	"portal/internal/dbtest"
	"portal/internal/report"
)

func TestRebuildChecksCorruptionAndRepairs(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		c := newCasino(t, db)
		c.playMix()
		ctx := context.Background()
		check := func(merchant string) report.Rebuilt {
			t.Helper()
			res, err := report.Rebuild(ctx, db, merchant, true)
			if err != nil {
				t.Fatal(err)
			}
			return res
		}
		if res := check(""); res.Differing != 0 || res.Rows["report_members"] == 0 || res.Rows["report_games"] == 0 || res.Rows["report_hours"] == 0 {
			t.Fatalf("after play: %+v", res)
		}

		// One corrupt figure is found and named; the other merchant's
		// figures still agree.
		if _, err := db.Write().ExecContext(ctx, `UPDATE report_games SET wins = wins + 1 WHERE merchant_code = 'demo' AND vendor_code = 'JDB'
			AND day = (SELECT MIN(day) FROM report_games WHERE merchant_code = 'demo' AND vendor_code = 'JDB')`); err != nil {
			t.Fatal(err)
		}
		// A stored row the ledger does not make, and one it makes deleted
		// (carol01's registration hour).
		if _, err := db.Write().ExecContext(ctx, `INSERT INTO report_members (merchant_code, day, member_id, bets) VALUES ('demo', 1, 999999, 5)`); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Write().ExecContext(ctx, `DELETE FROM report_hours WHERE merchant_code = 'demo' AND hour = $1
			AND shard = (SELECT id % 16 FROM members WHERE username = 'carol01')`, start.Add(time.Hour).Unix()/3600); err != nil {
			t.Fatal(err)
		}
		res := check("demo")
		if res.Differing != 3 {
			t.Fatalf("differences = %d: %v", res.Differing, res.Differences)
		}
		var named []string
		for _, d := range res.Differences {
			named = append(named, d.String())
		}
		all := strings.Join(named, "\n")
		for _, want := range []string{"report_games merchant_code=demo", "vendor_code=JDB", "report_members merchant_code=demo day=1 member_id=999999", "report_hours merchant_code=demo", "(missing)"} {
			if !strings.Contains(all, want) {
				t.Errorf("differences do not name %q:\n%s", want, all)
			}
		}
		if res := check("lucky"); res.Differing != 0 {
			t.Fatalf("lucky: %v", res.Differences)
		}

		// A rebuild replaces them; then they agree again.
		if res, err := report.Rebuild(ctx, db, "demo", false); err != nil || res.Differing != 3 {
			t.Fatalf("rebuild: %v %+v", err, res)
		}
		if res := check(""); res.Differing != 0 {
			t.Fatalf("after rebuild: %v", res.Differences)
		}
		// A rebuild of agreeing figures rewrites them as they were.
		if res, err := report.Rebuild(ctx, db, "", false); err != nil || res.Differing != 0 {
			t.Fatalf("second rebuild: %v %+v", err, res)
		}
		if res := check(""); res.Differing != 0 {
			t.Fatalf("after second rebuild: %v", res.Differences)
		}
	})
}
