package agent

import (
	"slices"
	"time"
)

// Kind is a contract kind.
type Kind string

// The contract kinds (spec §3, §4).
const (
	DailySalary    Kind = "daily_salary"
	HourlySalary   Kind = "hourly_salary"
	RealtimeSalary Kind = "realtime_salary"
	Dividend       Kind = "dividend"
)

// Kinds are every contract kind, in the order pages list them.
var Kinds = []Kind{Dividend, DailySalary, HourlySalary, RealtimeSalary}

// Period is how often a contract settles.
type Period string

// The periods (spec §3: daily, weekly, semimonthly, monthly; the hourly and
// real-time salaries add their own).
const (
	Daily       Period = "daily"
	Hourly      Period = "hourly"
	Realtime    Period = "realtime"
	Weekly      Period = "weekly"
	SemiMonthly Period = "semimonthly"
	Monthly     Period = "monthly"
)

// Valid reports whether k is a known kind.
func (k Kind) Valid() bool { return slices.Contains(Kinds, k) }

// Periods are the periods a kind may settle by: a salary has its one, a
// dividend any of the four of spec §3.
func (k Kind) Periods() []Period {
	switch k {
	case DailySalary:
		return []Period{Daily}
	case HourlySalary:
		return []Period{Hourly}
	case RealtimeSalary:
		return []Period{Realtime}
	case Dividend:
		return []Period{Daily, Weekly, SemiMonthly, Monthly}
	}
	return nil
}

// IsDividend: a dividend pays a share of the team's loss; a salary a share
// of its valid bet.
func (k Kind) IsDividend() bool { return k == Dividend }

// byDay reports whether a period is whole local days: its figures come from
// the daily report aggregates; hourly and real-time ones from the ledger.
func (p Period) byDay() bool { return p == Daily || p == Weekly || p == SemiMonthly || p == Monthly }

// bounds is the period of type p holding t (Unix ms), as [start, end) in
// Unix ms, in the zone off east of UTC; rt is the real-time period.
func (p Period) bounds(t int64, off, rt time.Duration) (int64, int64) {
	switch p {
	case Realtime, Hourly:
		n := rt.Milliseconds()
		if p == Hourly {
			n = time.Hour.Milliseconds()
		}
		start := floorDiv(t, n) * n
		return start, start + n
	}
	zone := time.FixedZone("", int(off.Seconds()))
	lt := time.UnixMilli(t).In(zone)
	y, m, d := lt.Date()
	var from, to time.Time
	switch p {
	case Daily:
		from = time.Date(y, m, d, 0, 0, 0, 0, zone)
		to = from.AddDate(0, 0, 1)
	case Weekly:
		// Weeks start on Monday.
		back := (int(lt.Weekday()) + 6) % 7
		from = time.Date(y, m, d-back, 0, 0, 0, 0, zone)
		to = from.AddDate(0, 0, 7)
	case SemiMonthly:
		if d <= 15 {
			from, to = time.Date(y, m, 1, 0, 0, 0, 0, zone), time.Date(y, m, 16, 0, 0, 0, 0, zone)
		} else {
			from, to = time.Date(y, m, 16, 0, 0, 0, 0, zone), time.Date(y, m+1, 1, 0, 0, 0, 0, zone)
		}
	default: // Monthly
		from = time.Date(y, m, 1, 0, 0, 0, 0, zone)
		to = from.AddDate(0, 1, 0)
	}
	return from.UnixMilli(), to.UnixMilli()
}

// Bounds is the day-long period of type p (daily, weekly from Monday,
// semi-monthly, monthly) holding t (Unix ms) in the zone off east of UTC,
// as [start, end) in Unix ms: rebate and cashback settle by the same
// periods (decision 0039).
func (p Period) Bounds(t int64, off time.Duration) (int64, int64) {
	return p.bounds(t, off, 5*time.Minute)
}

// grace is how long after a period's end its settlement waits, so every
// callback that recorded a bet inside it has committed: a fifth of the
// period, at most a minute.
func (p Period) grace(rt time.Duration) time.Duration {
	n := time.Hour
	if p == Realtime {
		n = rt
	}
	return min(time.Minute, n/5)
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}

// dayNumber is the local day (days since 1970-01-01 in the zone) of t.
func dayNumber(t int64, off time.Duration) int64 {
	return floorDiv(t+off.Milliseconds(), 24*time.Hour.Milliseconds())
}
