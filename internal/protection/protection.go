// Package protection is player protection (issue 14 item 9, decision
// 0032): the limits a member sets on their own play (deposits and net
// losses per day, week and month, minutes of play a day, a reality-check
// reminder) and the cooling-off and self-exclusion they can ask for; and
// the checks the cashier, game launch and the bet path make against them.
//
// A limit is lowered (or set) at once; a raise or a removal waits
// RaiseDelay, kept as a pending value with the time it takes over. A
// cooling-off or self-exclusion cannot be shortened or lifted by the member.
// Operators read the limits and their history; nobody raises them for the
// member.
package protection

import (
	"errors"
	"log/slog"
	"math"
	"time"

	"portal/internal/database"
)

// Kinds of limit a member sets.
const (
	DepositDay     = "depositDay"
	DepositWeek    = "depositWeek"
	DepositMonth   = "depositMonth"
	LossDay        = "lossDay"
	LossWeek       = "lossWeek"
	LossMonth      = "lossMonth"
	SessionMinutes = "sessionMinutes" // minutes of real-money play a local day
	RealityMinutes = "realityMinutes" // the reality-check reminder's interval
	// kindExclusion is the row of a cooling-off or self-exclusion: its
	// value is the end (Unix ms), its period what was asked for.
	kindExclusion = "exclusion"
)

// Kinds are the limits a member sets, in the order pages show them.
var Kinds = []string{DepositDay, DepositWeek, DepositMonth, LossDay, LossWeek, LossMonth, SessionMinutes, RealityMinutes}

// Periods of a cooling-off (a short pause) and of a self-exclusion.
var (
	CoolingOff    = []string{"24h", "7d", "30d"}
	SelfExclusion = []string{"6m", "1y", "permanent"}
)

// Bounds of a limit's value.
const (
	// MaxAmount bounds a money limit (minor units).
	MaxAmount = int64(1e13)
	// MaxSessionMinutes is a whole day.
	MaxSessionMinutes = 24 * 60
	// MinReality and MaxReality bound the reminder's interval (minutes).
	MinReality = 5
	MaxReality = 240
	// RaiseDelay is how long a raise or a removal waits.
	RaiseDelay = 24 * time.Hour
	// Permanent is the end of a permanent self-exclusion.
	Permanent = int64(math.MaxInt64)
	// none is a value meaning "no limit" (a pending removal).
	none = -1
)

// Topic is the change topic that drops the limits cache in every process
// sharing the database (database.Watcher).
const Topic = "protection"

// Errors of the domain; httpapi maps them to answers.
var (
	// ErrLimitInvalid: an unknown kind or a value out of its bounds.
	ErrLimitInvalid = errors.New("protection: invalid limit")
	// ErrPeriodInvalid: an unknown cooling-off or self-exclusion period.
	ErrPeriodInvalid = errors.New("protection: invalid exclusion period")
	// ErrExclusionActive: a cooling-off or self-exclusion that ends later
	// is already running; it cannot be shortened.
	ErrExclusionActive = errors.New("protection: an exclusion that ends later is running")
	// ErrExcluded: the member is cooling off or self-excluded: no play, no
	// deposit (log-in, balance and withdrawals stay open).
	ErrExcluded = errors.New("protection: cooling off or self-excluded")
	// ErrDepositLimit: the deposit would pass a deposit limit.
	ErrDepositLimit = errors.New("protection: deposit limit reached")
	// ErrLossLimit: the stake would take the period's net loss past a loss
	// limit.
	ErrLossLimit = errors.New("protection: loss limit reached")
	// ErrSessionLimit: the day's minutes of play are used up.
	ErrSessionLimit = errors.New("protection: session time limit reached")
	// ErrNotFound: no such member at this merchant.
	ErrNotFound = errors.New("protection: member not found")
)

// Options configure a Service; zero values take defaults.
type Options struct {
	Log *slog.Logger
	// Now is the clock (time.Now).
	Now func() time.Time
}

// Service keeps and enforces the limits.
type Service struct {
	db    *database.DB
	log   *slog.Logger
	now   func() time.Time
	cache cache
}

// NewService keeps limits in db.
func NewService(db *database.DB, o Options) *Service {
	if o.Log == nil {
		o.Log = slog.New(slog.DiscardHandler)
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	return &Service{db: db, log: o.Log, now: o.Now}
}

func validKind(kind string) bool {
	for _, k := range Kinds {
		if k == kind {
			return true
		}
	}
	return false
}

// bounds are the values kind takes when set.
func bounds(kind string) (int64, int64) {
	switch kind {
	case SessionMinutes:
		return 1, MaxSessionMinutes
	case RealityMinutes:
		return MinReality, MaxReality
	}
	return 1, MaxAmount
}

// periodEnd is when an exclusion of period asked at now ends, and whether
// period is one.
func periodEnd(period string, now time.Time) (int64, bool) {
	switch period {
	case "24h":
		return now.Add(24 * time.Hour).UnixMilli(), true
	case "7d":
		return now.AddDate(0, 0, 7).UnixMilli(), true
	case "30d":
		return now.AddDate(0, 0, 30).UnixMilli(), true
	case "6m":
		return now.AddDate(0, 6, 0).UnixMilli(), true
	case "1y":
		return now.AddDate(1, 0, 0).UnixMilli(), true
	case "permanent":
		return Permanent, true
	}
	return 0, false
}
