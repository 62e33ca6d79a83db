// Package bonus is bonus money (decision 0037): a grant puts money in the
// member's bonus account (wallet.Bonus), bets spend cash first and bonus
// after, and the grant ends converted (its wagering done: the bonus balance
// becomes cash), expired or forfeited (the balance goes back to the side
// that paid it). One grant runs per member at a time.
package bonus

import (
	"errors"
	"log/slog"
	"sync"
	"time"

	"portal/internal/database"
	"portal/internal/wallet"
)

// Grant states.
const (
	StateActive    = "active"
	StateConverted = "converted"
	StateForfeited = "forfeited"
	StateExpired   = "expired"
)

// Ledger kinds of the bonus's own movements (the grant itself is kind
// wallet.KindBonus's "bonus").
const (
	KindGrant   = "bonus_grant"
	KindConvert = "bonus_convert"
	KindExpire  = "bonus_expire"
	KindForfeit = "bonus_forfeit"
)

// Errors of the domain.
var (
	ErrActiveGrant    = errors.New("bonus: a bonus is already running")
	ErrInvalidGrant   = errors.New("bonus: the grant's amount, wagering, expiry or source is out of range")
	ErrNoActiveGrant  = errors.New("bonus: no bonus is running")
	ErrNotEligible    = errors.New("bonus: the member is not a real-money member of the merchant")
	ErrInvalidPercent = errors.New("bonus: a contribution is a game type with a percent of 0 to 100")
)

// Grant asks for bonus money for a member.
type Grant struct {
	Merchant string
	MemberID int64
	Currency string
	Amount   int64
	// Wagering is the multiple of Amount to bet before the bonus becomes
	// cash, 1..100.
	Wagering int
	Expires  time.Time
	// Source names what granted it, unique per merchant (such as
	// "promo:12:claim:55"): the idempotency key's base.
	Source string
	// From is the paying side (wallet.Side(wallet.KindPromo, "promo:12", cur)).
	From  wallet.Ref
	Title string
}

// GrantResult is a grant made (or, for a replayed Source, the one made
// before).
type GrantResult struct {
	ID      int64
	Balance int64 // bonus balance after
}

// GrantView is a grant as the member and the back office see it.
type GrantView struct {
	ID              int64      `json:"id"`
	MemberID        int64      `json:"memberId,omitempty"`
	Username        string     `json:"username,omitempty"`
	Title           string     `json:"title"`
	Source          string     `json:"source"`
	Currency        string     `json:"currency"`
	Amount          int64      `json:"amount"`
	Wagering        int        `json:"wagering"`
	Required        int64      `json:"required"`
	Wagered         int64      `json:"wagered"`
	ProgressPercent int        `json:"progressPercent"`
	State           string     `json:"state"`
	GrantedAt       time.Time  `json:"grantedAt"`
	ExpiresAt       time.Time  `json:"expiresAt"`
	EndedAt         *time.Time `json:"endedAt"`
	Converted       int64      `json:"converted"`
	Forfeited       int64      `json:"forfeited"`
}

// Options configure the service.
type Options struct {
	Log *slog.Logger
	Now func() time.Time
	// OnBalance hears, after commit, a member's cash and bonus balances
	// after the bonus changed (the websocket pushes them); nil hears nothing.
	OnBalance func(merchant string, member, cash, bonus int64, currency string)
}

// Service keeps bonus grants.
type Service struct {
	db        *database.DB
	ledger    *wallet.Service
	log       *slog.Logger
	now       func() time.Time
	onBalance func(merchant string, member, cash, bonus int64, currency string)
	rates     rateCache
}

// NewService builds the bonus service.
func NewService(db *database.DB, ledger *wallet.Service, o Options) *Service {
	s := &Service{db: db, ledger: ledger, log: o.Log, now: o.Now, onBalance: o.OnBalance}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	if s.now == nil {
		s.now = time.Now
	}
	if s.onBalance == nil {
		s.onBalance = func(string, int64, int64, int64, string) {}
	}
	s.rates.m = map[string]rateEntry{}
	return s
}

// rateCache keeps each merchant's contribution table a short while: the
// bet path asks for it on every bet of a member with a running bonus.
type rateCache struct {
	mu sync.Mutex
	m  map[string]rateEntry
}

type rateEntry struct {
	rates map[string]int
	at    time.Time
}
