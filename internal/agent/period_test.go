package agent

import (
	"testing"
	"time"
)

func TestPeriodBounds(t *testing.T) {
	off := 7 * time.Hour
	zone := time.FixedZone("", int(off.Seconds()))
	at := func(y int, m time.Month, d, h, min int) int64 {
		return time.Date(y, m, d, h, min, 0, 0, zone).UnixMilli()
	}
	cases := []struct {
		name       string
		p          Period
		t          int64
		start, end int64
	}{
		{"daily mid-day", Daily, at(2026, 11, 25, 13, 5), at(2026, 11, 25, 0, 0), at(2026, 11, 26, 0, 0)},
		{"daily at midnight", Daily, at(2026, 11, 25, 0, 0), at(2026, 11, 25, 0, 0), at(2026, 11, 26, 0, 0)},
		{"weekly from Monday (Wednesday)", Weekly, at(2026, 11, 25, 9, 0), at(2026, 11, 23, 0, 0), at(2026, 11, 30, 0, 0)},
		{"weekly on Sunday", Weekly, at(2026, 11, 29, 23, 59), at(2026, 11, 23, 0, 0), at(2026, 11, 30, 0, 0)},
		{"semimonthly first half", SemiMonthly, at(2026, 2, 15, 23, 0), at(2026, 2, 1, 0, 0), at(2026, 2, 16, 0, 0)},
		{"semimonthly second half of February", SemiMonthly, at(2026, 2, 16, 0, 0), at(2026, 2, 16, 0, 0), at(2026, 3, 1, 0, 0)},
		{"semimonthly December into January", SemiMonthly, at(2026, 12, 31, 10, 0), at(2026, 12, 16, 0, 0), at(2027, 1, 1, 0, 0)},
		{"monthly", Monthly, at(2026, 11, 30, 23, 59), at(2026, 11, 1, 0, 0), at(2026, 12, 1, 0, 0)},
		{"hourly", Hourly, at(2026, 11, 25, 13, 59), at(2026, 11, 25, 13, 0), at(2026, 11, 25, 14, 0)},
		{"real-time five minutes", Realtime, at(2026, 11, 25, 13, 7), at(2026, 11, 25, 13, 5), at(2026, 11, 25, 13, 10)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s, e := c.p.bounds(c.t, off, 5*time.Minute)
			if s != c.start || e != c.end {
				t.Fatalf("bounds = %v..%v, want %v..%v", time.UnixMilli(s).In(zone), time.UnixMilli(e).In(zone),
					time.UnixMilli(c.start).In(zone), time.UnixMilli(c.end).In(zone))
			}
		})
	}
}

func TestKindPeriods(t *testing.T) {
	if p := DailySalary.Periods(); len(p) != 1 || p[0] != Daily {
		t.Fatalf("daily salary periods %v", p)
	}
	if p := Dividend.Periods(); len(p) != 4 {
		t.Fatalf("dividend periods %v", p)
	}
	if Kind("weekly_salary").Valid() {
		t.Fatal("unknown kind valid")
	}
}
