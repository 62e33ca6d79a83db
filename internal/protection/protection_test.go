package protection

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"portal/internal/database"
	"portal/internal/dbtest"
	"portal/internal/identity"
	"portal/internal/merchant"
)

// clock is a test's settable time.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// world is the service over a seeded database on a test clock (a
// Wednesday, 10:00 in the reporting zone), with two members.
func world(t *testing.T, db *database.DB) (*Service, *clock, int64, int64) {
	t.Helper()
	ctx := context.Background()
	if err := merchant.Seed(ctx, db); err != nil {
		t.Fatal(err)
	}
	if err := identity.Seed(ctx, db); err != nil {
		t.Fatal(err)
	}
	ids := identity.NewService(db, nil)
	a, err := ids.ByUsername(ctx, "demo", "player01")
	if err != nil {
		t.Fatal(err)
	}
	b, err := ids.ByUsername(ctx, "demo", "newbie01")
	if err != nil {
		t.Fatal(err)
	}
	clk := &clock{t: time.Date(2026, 11, 25, 3, 0, 0, 0, time.UTC)}
	return NewService(db, Options{Now: clk.now}), clk, a.ID, b.ID
}

func valueOf(t *testing.T, l Limits, kind string) (value, pending *int64, pendingAt *time.Time) {
	t.Helper()
	for _, x := range l.Limits {
		if x.Kind == kind {
			return x.Value, x.Pending, x.PendingAt
		}
	}
	t.Fatalf("no %s in %+v", kind, l)
	return nil, nil, nil
}

func is(p *int64, v int64) bool { return p != nil && *p == v }

// TestLowerAtOnceRaiseWaits: a new or lower limit applies at once and
// drops a pending raise; a raise or a removal waits 24 hours; the
// reality check's interval applies at once either way; every change is in
// the history.
func TestLowerAtOnceRaiseWaits(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		s, clk, member, _ := world(t, db)
		ctx := context.Background()
		set := func(kind string, v int64) Limits {
			t.Helper()
			l, err := s.Set(ctx, "demo", member, kind, v, "member")
			if err != nil {
				t.Fatalf("set %s %d: %v", kind, v, err)
			}
			return l
		}
		if v, p, _ := valueOf(t, set(DepositDay, 5000), DepositDay); !is(v, 5000) || p != nil {
			t.Fatalf("new limit = %v pending %v", v, p)
		}
		if v, p, _ := valueOf(t, set(DepositDay, 3000), DepositDay); !is(v, 3000) || p != nil {
			t.Fatalf("lowered = %v pending %v", v, p)
		}
		v, p, at := valueOf(t, set(DepositDay, 8000), DepositDay)
		if !is(v, 3000) || !is(p, 8000) || at == nil || !at.Equal(clk.now().Add(RaiseDelay)) {
			t.Fatalf("raised = %v pending %v at %v", v, p, at)
		}
		clk.add(23 * time.Hour)
		if l, _ := s.Get(ctx, member); !is(l.Limits[0].Value, 3000) {
			t.Fatalf("after 23 h = %+v", l.Limits[0])
		}
		clk.add(2 * time.Hour)
		if l, _ := s.Get(ctx, member); !is(l.Limits[0].Value, 8000) || l.Limits[0].Pending != nil || l.Limits[0].PendingAt != nil {
			t.Fatalf("after 25 h = %+v", l.Limits[0])
		}
		// A removal waits too, and a lower value meanwhile cancels it.
		if v, p, at := valueOf(t, set(DepositDay, 0), DepositDay); !is(v, 8000) || p != nil || at == nil {
			t.Fatalf("removal = %v pending %v at %v", v, p, at)
		}
		if v, p, at := valueOf(t, set(DepositDay, 7000), DepositDay); !is(v, 7000) || p != nil || at != nil {
			t.Fatalf("lowered during a removal = %v pending %v at %v", v, p, at)
		}
		set(DepositDay, 0)
		clk.add(RaiseDelay)
		if v, _, _ := valueOf(t, set(LossWeek, 100), DepositDay); v != nil {
			t.Fatalf("removed after the wait = %v", *v)
		}
		// Removing what is not there changes nothing.
		set(DepositDay, 0)
		// The reminder is not a restriction.
		set(RealityMinutes, 30)
		if v, p, _ := valueOf(t, set(RealityMinutes, 60), RealityMinutes); !is(v, 60) || p != nil {
			t.Fatalf("reality raised = %v pending %v", v, p)
		}
		h, err := s.History(ctx, member)
		if err != nil {
			t.Fatal(err)
		}
		if len(h) != 9 || h[0].Kind != RealityMinutes || !is(h[0].NewValue, 60) || h[0].Actor != "member" || h[len(h)-1].OldValue != nil {
			t.Fatalf("history = %d %+v", len(h), h)
		}
	})
}

// TestLimitInputRefused: unknown kinds and values out of bounds change
// nothing.
func TestLimitInputRefused(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		s, _, member, _ := world(t, db)
		ctx := context.Background()
		for _, tc := range []struct {
			kind  string
			value int64
		}{
			{"", 100}, {"exclusion", 1 << 40}, {"depositday", 100}, {"DROP TABLE player_limits", 1},
			{DepositDay, -1}, {DepositDay, MaxAmount + 1}, {LossMonth, -9223372036854775808},
			{SessionMinutes, MaxSessionMinutes + 1}, {RealityMinutes, MinReality - 1}, {RealityMinutes, MaxReality + 1},
		} {
			if _, err := s.Set(ctx, "demo", member, tc.kind, tc.value, "member"); !errors.Is(err, ErrLimitInvalid) {
				t.Errorf("set %q %d = %v", tc.kind, tc.value, err)
			}
		}
		for _, p := range []string{"", "1h", "forever", "PERMANENT", "7 d"} {
			if _, err := s.Exclude(ctx, "demo", member, p, "member"); !errors.Is(err, ErrPeriodInvalid) {
				t.Errorf("exclude %q = %v", p, err)
			}
		}
		if h, _ := s.History(ctx, member); len(h) != 0 {
			t.Fatalf("refused input left history %+v", h)
		}
		if _, err := s.RealitySince(ctx, member, time.Now().Add(time.Hour)); !errors.Is(err, ErrLimitInvalid) {
			t.Errorf("reality in the future = %v", err)
		}
	})
}

// TestExclusion: a cooling-off or self-exclusion starts at once, is never
// shortened, and closes play, deposits and stakes while it runs; it ends
// on its own.
func TestExclusion(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		s, clk, member, other := world(t, db)
		ctx := context.Background()
		l, err := s.Exclude(ctx, "demo", member, "24h", "member")
		if err != nil || l.Exclusion == nil || l.Exclusion.Kind != "coolingOff" || l.Exclusion.Until == nil || !l.Exclusion.Until.Equal(clk.now().Add(24*time.Hour)) {
			t.Fatalf("cooling off = %+v %v", l.Exclusion, err)
		}
		if err := s.CheckPlay(ctx, "demo", member); !errors.Is(err, ErrExcluded) {
			t.Errorf("play while cooling off = %v", err)
		}
		if err := s.CheckDeposit(ctx, db.Read(), "demo", member, 100); !errors.Is(err, ErrExcluded) {
			t.Errorf("deposit while cooling off = %v", err)
		}
		if check := s.Stake(ctx, "demo", member); check == nil || !errors.Is(check(ctx, db.Read(), 100), ErrExcluded) {
			t.Errorf("stake while cooling off passed")
		}
		// Another member is untouched, and pays no check at all.
		if err := s.CheckPlay(ctx, "demo", other); err != nil {
			t.Errorf("other member = %v", err)
		}
		if s.Stake(ctx, "demo", other) != nil {
			t.Error("a member without limits got a stake check")
		}
		if _, err := s.Exclude(ctx, "demo", member, "24h", "member"); !errors.Is(err, ErrExclusionActive) {
			t.Errorf("same again = %v", err)
		}
		if l, err = s.Exclude(ctx, "demo", member, "6m", "member"); err != nil || l.Exclusion.Kind != "selfExclusion" || l.Exclusion.Period != "6m" {
			t.Fatalf("longer = %+v %v", l.Exclusion, err)
		}
		if _, err := s.Exclude(ctx, "demo", member, "30d", "member"); !errors.Is(err, ErrExclusionActive) {
			t.Errorf("shorter = %v", err)
		}
		if l, err = s.Exclude(ctx, "demo", member, "permanent", "member"); err != nil || l.Exclusion.Until != nil {
			t.Fatalf("permanent = %+v %v", l.Exclusion, err)
		}
		if _, err := s.Exclude(ctx, "demo", member, "1y", "member"); !errors.Is(err, ErrExclusionActive) {
			t.Errorf("after permanent = %v", err)
		}
		// A cooling-off ends by itself.
		if _, err := s.Exclude(ctx, "demo", other, "7d", "member"); err != nil {
			t.Fatal(err)
		}
		clk.add(7*24*time.Hour + time.Second)
		if err := s.CheckPlay(ctx, "demo", other); err != nil {
			t.Errorf("after the cooling-off = %v", err)
		}
		if l, _ := s.Get(ctx, other); l.Exclusion != nil {
			t.Errorf("ended exclusion still shown: %+v", l.Exclusion)
		}
		if err := s.CheckPlay(ctx, "demo", member); !errors.Is(err, ErrExcluded) {
			t.Errorf("permanent after a week = %v", err)
		}
	})
}

// TestLossLimit: a stake that would take the day's net loss (stakes -
// wins - refunds, from the report's days) past the limit is refused; one
// that reaches it exactly is not; yesterday counts for the week only.
func TestLossLimit(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		s, clk, member, _ := world(t, db)
		ctx := context.Background()
		p := periodsOf("demo", clk.now())
		for _, d := range []struct{ day, bets, wins int64 }{{p.day, 9000, 2000}, {p.day - 1, 5000, 0}, {p.day - 40, 99999, 0}} {
			if _, err := db.Write().ExecContext(ctx, `INSERT INTO report_members (merchant_code, day, member_id, bets, wins) VALUES ('demo', $1, $2, $3, $4)`,
				d.day, member, d.bets, d.wins); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := s.Set(ctx, "demo", member, LossDay, 10000, "member"); err != nil {
			t.Fatal(err)
		}
		check := s.Stake(ctx, "demo", member)
		if check == nil {
			t.Fatal("no stake check for a member with a loss limit")
		}
		if err := check(ctx, db.Read(), 3000); err != nil {
			t.Errorf("stake reaching the limit = %v", err)
		}
		if err := check(ctx, db.Read(), 3001); !errors.Is(err, ErrLossLimit) {
			t.Errorf("stake past the day's limit = %v", err)
		}
		if _, err := s.Set(ctx, "demo", member, LossWeek, 13000, "member"); err != nil {
			t.Fatal(err)
		}
		check = s.Stake(ctx, "demo", member)
		if err := check(ctx, db.Read(), 1000); err != nil {
			t.Errorf("stake within the week = %v", err)
		}
		if err := check(ctx, db.Read(), 1001); !errors.Is(err, ErrLossLimit) {
			t.Errorf("stake past the week's limit (yesterday counted) = %v", err)
		}
		u, err := s.Usage(ctx, "demo", member)
		if err != nil || u.LossDay != 7000 || u.LossWeek != 12000 || u.LossMonth != 12000 {
			t.Fatalf("usage = %+v %v", u, err)
		}
	})
}

// TestSessionMinutes: the minutes in which the member opened real-money
// rounds today count; once they reach the limit, no launch and no stake.
func TestSessionMinutes(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		s, clk, member, _ := world(t, db)
		ctx := context.Background()
		at := clk.now().Add(-time.Hour).UnixMilli()
		for i, offset := range []int64{0, 10_000, 60_000, 120_000, 180_000} {
			mode := "real"
			if i == 4 {
				mode = "trial" // play money is not counted
			}
			if _, err := db.Write().ExecContext(ctx, `INSERT INTO game_rounds (vendor_code, round_id, merchant_code, member_id, game_code, game_type, currency, mode, opened_at)
				VALUES ('PG', $1, 'demo', $2, 'g', 'SLOT', 'USD', $3, $4)`, fmt.Sprint("r", i), member, mode, at+offset); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := s.Set(ctx, "demo", member, SessionMinutes, 4, "member"); err != nil {
			t.Fatal(err)
		}
		if err := s.CheckPlay(ctx, "demo", member); err != nil {
			t.Errorf("3 of 4 minutes = %v", err)
		}
		if _, err := s.Set(ctx, "demo", member, SessionMinutes, 3, "member"); err != nil {
			t.Fatal(err)
		}
		if err := s.CheckPlay(ctx, "demo", member); !errors.Is(err, ErrSessionLimit) {
			t.Errorf("3 of 3 minutes = %v", err)
		}
		if err := s.Stake(ctx, "demo", member)(ctx, db.Read(), 100); !errors.Is(err, ErrSessionLimit) {
			t.Errorf("stake after the minutes = %v", err)
		}
		r, err := s.RealitySince(ctx, member, clk.now().Add(-2*time.Hour))
		if err != nil || r.MinutesPlayed != 3 {
			t.Fatalf("reality = %+v %v", r, err)
		}
	})
}

// TestPeriods: day, week from Monday and month in the reporting zone.
func TestPeriods(t *testing.T) {
	for _, tc := range []struct {
		at               time.Time
		day, week, month string
	}{
		// Wednesday 25 November, 10:00 local (UTC+7).
		{time.Date(2026, 11, 25, 3, 0, 0, 0, time.UTC), "2026-11-25", "2026-11-23", "2026-11-01"},
		// 23:30 UTC on Sunday 29 November is Monday 30 November locally.
		{time.Date(2026, 11, 29, 23, 30, 0, 0, time.UTC), "2026-11-30", "2026-11-30", "2026-11-01"},
		// 1 December, 06:59 local: still 30 November in UTC.
		{time.Date(2026, 11, 30, 23, 59, 0, 0, time.UTC), "2026-12-01", "2026-11-30", "2026-12-01"},
	} {
		p := periodsOf("demo", tc.at)
		date := func(d int64) string { return time.Unix(d*86400, 0).UTC().Format(time.DateOnly) }
		if date(p.day) != tc.day || date(p.week) != tc.week || date(p.month) != tc.month {
			t.Errorf("%v: %s %s %s", tc.at, date(p.day), date(p.week), date(p.month))
		}
		if start := time.UnixMilli(p.startMs(p.day)).UTC(); start.Add(7*time.Hour).Format(time.TimeOnly) != "00:00:00" {
			t.Errorf("day starts at %v", start)
		}
	}
}
