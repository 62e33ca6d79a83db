// Package promo is the promotion engine (issue 16, decision 0036):
// promotions with a trigger (free, first deposit, deposit, turnover, loss,
// application), conditions and a reward paid in cash, bonus money or
// points through the ledger; the member's state on each (the labels of
// G-004), joins, claims guarded in SQL against overspending, and
// applications that marketing approves or rejects.
package promo

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"portal/internal/cashier"
	"portal/internal/database"
	"portal/internal/wallet"
)

// Kinds of promotion: what makes a member qualify.
const (
	KindFree         = "free"
	KindFirstDeposit = "first_deposit"
	KindDeposit      = "deposit"
	KindTurnover     = "turnover"
	KindLoss         = "loss"
	KindApplication  = "application"
)

// Kinds lists every kind, for validation and the API document.
var Kinds = []string{KindFree, KindFirstDeposit, KindDeposit, KindTurnover, KindLoss, KindApplication}

// Reward kinds.
const (
	RewardCash   = "cash"
	RewardBonus  = "bonus"
	RewardPoints = "points"
)

// RewardKinds lists every reward kind.
var RewardKinds = []string{RewardCash, RewardBonus, RewardPoints}

// Statuses of a promotion, as the operator sets them.
const (
	StatusDraft  = "draft"
	StatusLive   = "live"
	StatusPaused = "paused"
	StatusEnded  = "ended"
)

// Labels: a member's state on a promotion (G-004).
const (
	StateComingSoon = "coming_soon"
	StateClosed     = "closed"
	StateJoin       = "join"
	StateJoined     = "joined"
	StateInProgress = "in_progress"
	StateClaim      = "claim"
	StateApplying   = "applying"
	StateRejected   = "rejected"
	StateClaimed    = "claimed"
	StateIssued     = "issued"
)

// States lists every label.
var States = []string{StateComingSoon, StateClosed, StateJoin, StateJoined, StateInProgress, StateClaim, StateApplying,
	StateRejected, StateClaimed, StateIssued}

// Errors of the promotion domain.
var (
	ErrNotFound           = errors.New("promo: not found")
	ErrNotJoinable        = errors.New("promo: not an opt-in promotion")
	ErrClosed             = errors.New("promo: closed")
	ErrNotQualified       = errors.New("promo: not qualified")
	ErrBudgetExhausted    = errors.New("promo: budget exhausted")
	ErrAlreadyClaimed     = errors.New("promo: already claimed")
	ErrBonusActive        = errors.New("promo: a bonus is already running")
	ErrBonusUnavailable   = errors.New("promo: bonus money is not available")
	ErrCommentTooLong     = errors.New("promo: comment over 140 characters")
	ErrImageType          = errors.New("promo: image is not a PNG or JPEG")
	ErrImageTooLarge      = errors.New("promo: image over 5 MB")
	ErrTooManyImages      = errors.New("promo: more than 3 images")
	ErrApplicationPending = errors.New("promo: an application is already under review")
	ErrApplicationDecided = errors.New("promo: application already decided")
	ErrInvalid            = errors.New("promo: invalid promotion")
	ErrReasonRequired     = errors.New("promo: a reason is required")
	ErrAmountInvalid      = errors.New("promo: amount must be positive")
)

// Limits of an application (G-005..G-008).
const (
	MaxCommentRunes = 140
	MaxImages       = 3
	MaxImageBytes   = cashier.ProofMaxBytes
)

// Grant is a bonus to give: what the bonus package's Grant carries.
type Grant struct {
	Merchant string
	MemberID int64
	Currency string
	Amount   int64
	Wagering int
	Expires  time.Time
	Source   string
	From     wallet.Ref
	Title    string
}

// BonusGranter gives bonus money inside the caller's transaction; the app
// adapts internal/bonus to it. It answers the member's bonus balance
// after, and an error wrapping ErrBonusActive while a grant is running.
type BonusGranter interface {
	GrantIn(ctx context.Context, q database.Querier, g Grant) (int64, error)
}

// Options configure a Service.
type Options struct {
	Log *slog.Logger
	// Now is the clock (time.Now when nil).
	Now func() time.Time
	// Bonus grants bonus rewards; nil refuses them (ErrBonusUnavailable).
	Bonus BonusGranter
	// Store keeps application images (the cashier's proof store).
	Store cashier.Store
	// OnBalance hears of a member's changed cash balance.
	OnBalance func(merchant string, memberID, balance int64, currency string)
}

// Service runs promotions.
type Service struct {
	db     *database.DB
	wallet *wallet.Service
	opt    Options
}

// NewService opens the promotion engine over db and the ledger.
func NewService(db *database.DB, ledger *wallet.Service, opt Options) *Service {
	if opt.Log == nil {
		opt.Log = slog.New(slog.DiscardHandler)
	}
	if opt.Now == nil {
		opt.Now = time.Now
	}
	return &Service{db: db, wallet: ledger, opt: opt}
}

// SetBonus plugs in the bonus granter once the app has built it.
func (s *Service) SetBonus(b BonusGranter) { s.opt.Bonus = b }

func (s *Service) now() time.Time { return s.opt.Now() }

func (s *Service) nowMs() int64 { return s.opt.Now().UnixMilli() }
