// Package agent is the agent network (decision 0035): the team tree, an
// agent's downlines and referral codes, the salary and dividend contracts
// between an upline and its direct downlines, their settlement at each
// period's end, and the team figures of the agent centre.
//
// Money moves only through the wallet (idempotency key per contract and
// period); figures come from the report aggregates and the ledger, so every
// payout can be traced to the bets behind it.
package agent

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"portal/internal/database"
	"portal/internal/report"
	"portal/internal/wallet"
)

// Errors of the agent domain.
var (
	ErrNotInTeam         = errors.New("agent: the member is not in the agent's team")
	ErrNotDownline       = errors.New("agent: the member is not a direct downline")
	ErrMemberNotAgent    = errors.New("agent: contracts are for agents")
	ErrCannotOffer       = errors.New("agent: the agent holds no active contract of this kind to offer from")
	ErrRateAboveUpline   = errors.New("agent: the rate is above the upline's own")
	ErrRateNotHigher     = errors.New("agent: the rate is not higher than the member's current contract")
	ErrOfferPending      = errors.New("agent: an offer of this kind is already waiting for the member")
	ErrTiersInvalid      = errors.New("agent: the tiers are not valid")
	ErrContractState     = errors.New("agent: the contract is not in a state that allows this")
	ErrNotFound          = errors.New("agent: not found")
	ErrCodeTaken         = errors.New("agent: the referral code is taken")
	ErrTooManyCodes      = errors.New("agent: too many referral codes")
	ErrCodeInvalid       = errors.New("agent: a referral code is 4-20 letters and digits")
	ErrMoveCycle         = errors.New("agent: a member cannot move under its own team")
	ErrUplineNotAgent    = errors.New("agent: the new upline is not an agent")
	ErrRangeInvalid      = errors.New("agent: the period is not a valid range")
	ErrRunState          = errors.New("agent: the run has nothing to re-run")
	ErrDisabled          = errors.New("agent: the merchant has this contract kind switched off")
	ErrPeriodKindInvalid = errors.New("agent: the period does not fit the contract kind")
)

// Options configure the service.
type Options struct {
	Log *slog.Logger
	Now func() time.Time
	// RealtimePeriod is the real-time salary's period: five minutes (spec
	// §4, §9). Demonstrations and browser tests shorten it.
	RealtimePeriod time.Duration
	// OnBalance hears, after commit, a member's balance after a payout or
	// a transfer.
	OnBalance func(merchant string, member, balance int64, currency string)
	// Enabled says whether a merchant runs a contract kind (its module
	// switch); nil: every kind everywhere.
	Enabled func(ctx context.Context, merchant string, k Kind) bool
}

// Service is the agent network.
type Service struct {
	db        *database.DB
	ledger    *wallet.Service
	log       *slog.Logger
	now       func() time.Time
	realtime  time.Duration
	onBalance func(merchant string, member, balance int64, currency string)
	enabled   func(ctx context.Context, merchant string, k Kind) bool
}

// NewService builds the agent network's service.
func NewService(db *database.DB, ledger *wallet.Service, o Options) *Service {
	s := &Service{db: db, ledger: ledger, log: o.Log, now: o.Now, realtime: o.RealtimePeriod, onBalance: o.OnBalance, enabled: o.Enabled}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	if s.now == nil {
		s.now = time.Now
	}
	if s.realtime <= 0 {
		s.realtime = 5 * time.Minute
	}
	if s.enabled == nil {
		s.enabled = func(context.Context, string, Kind) bool { return true }
	}
	return s
}

func (s *Service) nowMs() int64 { return s.now().UnixMilli() }

// offset is the merchant's reporting zone: periods are its local days.
func offset(merchant string) time.Duration { return report.Offset(merchant) }

func (s *Service) balanceChanged(merchant string, member, balance int64, currency string) {
	if s.onBalance != nil && member > 0 {
		s.onBalance(merchant, member, balance, currency)
	}
}

// currencyOf is the merchant's one currency.
func (s *Service) currencyOf(ctx context.Context, q database.Querier, merchant string) (string, error) {
	var c string
	if err := q.QueryRowContext(ctx, `SELECT currency FROM merchants WHERE code = $1`, merchant).Scan(&c); err != nil {
		return "", fmt.Errorf("agent: merchant currency: %w", err)
	}
	return c, nil
}

// MemberRef names a member in answers.
type MemberRef struct {
	ID       int64  `json:"id"`
	Username string `json:"username"`
}

func isNoRows(err error) bool { return errors.Is(err, sql.ErrNoRows) }
