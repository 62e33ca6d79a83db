// Package report keeps the back office's figures: registrations, first
// deposits, active players, bets, wins and the house's gross gaming revenue,
// as aggregates updated in the same transaction as the money they count, so
// they always agree with the ledger (decision 0023). Reading them never scans
// bets; `portal report rebuild` recomputes them from the ledger and proves
// they agree.
//
// The package depends on the database only: the domains that move money
// (provider, later the cashier) call it with their transaction's querier.
package report

import (
	"errors"
	"time"

	"portal/internal/database"
)

// Shards is how many rows each hour's, vendor's and game's figures are spread
// over, by member id, like the wallet's house accounts (wallet.HouseShards):
// the seamless wallet's commit lanes serve members by id, so two lanes never
// update the same aggregate row and never wait on each other's locks.
const Shards = 16

// DefaultOffset is the reporting zone of every merchant for now: Cambodia's
// UTC+07:00, without daylight saving. Days are local days of this zone.
const DefaultOffset = 7 * time.Hour

// Offset is the reporting zone of a merchant, a whole number of hours east
// of UTC (hourly aggregates are kept per UTC hour; a whole-hour zone maps
// each of them into exactly one local day). A merchant setting can replace
// the constant later; changing a merchant's zone then needs a rebuild, since
// the daily aggregates are kept per local day.
func Offset(merchantCode string) time.Duration { return DefaultOffset }

// ErrRange is a report period that is not valid (bad dates, from after to,
// longer than MaxDays).
var ErrRange = errors.New("report: the period is not a valid range of days")

// MaxDays bounds a report's period.
const MaxDays = 366

const (
	msPerHour = int64(time.Hour / time.Millisecond)
	msPerDay  = 24 * msPerHour
)

// Service reads the figures.
type Service struct {
	db  *database.DB
	now func() time.Time
}

// NewService reads the figures from db; now is the clock.
func NewService(db *database.DB, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{db: db, now: now}
}

// hourOf is the UTC hour bucket of a time in Unix milliseconds.
func hourOf(ms int64) int64 { return floorDiv(ms, msPerHour) }

// dayOf is the local day number (days since 1970-01-01 in the zone) of a
// time in Unix milliseconds.
func dayOf(ms int64, offset time.Duration) int64 {
	return floorDiv(ms+offset.Milliseconds(), msPerDay)
}

func floorDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}

func shardOf(memberID int64) int64 {
	if memberID < 0 {
		memberID = -memberID
	}
	return memberID % Shards
}

// Day is a local day number as a date.
func Day(day int64) string {
	return time.Unix(day*86400, 0).UTC().Format(time.DateOnly)
}

// ParseDay reads a YYYY-MM-DD date as a local day number.
func ParseDay(s string) (int64, error) {
	t, err := time.Parse(time.DateOnly, s)
	if err != nil || t.Format(time.DateOnly) != s {
		return 0, ErrRange
	}
	return floorDiv(t.Unix(), 86400), nil
}
