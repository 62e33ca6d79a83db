// Package cashier is the money coming in: a merchant's payment channels,
// members' deposit orders, the gateways that carry them (a manual bank
// transfer that finance approves, and the payment-gateway simulator), the
// proofs members upload and the daily cashier report. Every credit is one
// guarded status change and its ledger transfers in one transaction, so an
// order is credited exactly once whatever replays or races (decision 0028).
package cashier

import (
	"context"
	"log/slog"
	"net/http"
	"sync/atomic"
	"time"

	"portal/internal/database"
	"portal/internal/wallet"
)

// Options configure a Service; zero values take defaults.
type Options struct {
	Log *slog.Logger
	// Now is the clock (time.Now).
	Now func() time.Time
	// Store keeps proof images (a folder under the data directory).
	Store Store
	// HTTP calls the payment gateways.
	HTTP *http.Client
	// OnStatus hears, after commit, that an order changed status (the
	// member's pages re-read it).
	OnStatus func(merchant string, member, orderID int64, status string)
	// OnWithdrawal hears, after commit, that a withdrawal changed status.
	OnWithdrawal func(merchant string, member, orderID int64, status string)
	// OnBalance hears, after commit, a member's balance after a credit.
	OnBalance func(merchant string, member, balance int64, currency string)
	// DepositGuard is player protection's say over a new order (decision
	// 0032), asked inside the transaction that opens it; an error refuses
	// the order. nil refuses none.
	DepositGuard func(ctx context.Context, q database.Querier, merchant string, member, amount int64) error
	// BonusForfeit ends the member's running bonus inside a withdrawal
	// request's transaction (decision 0037); nil forfeits nothing.
	BonusForfeit func(ctx context.Context, q database.Querier, merchant string, member int64, currency, reason string) (int64, error)
}

// Service runs channels, deposits and the gateways.
type Service struct {
	db      *database.DB
	ledger  *wallet.Service
	log     *slog.Logger
	now     func() time.Time
	store   Store
	http    *http.Client
	opt     Options
	simBase atomic.Value // string: the simulator's base URL
}

// NewService runs the cashier on db, moving money through ledger.
func NewService(db *database.DB, ledger *wallet.Service, o Options) *Service {
	if o.Log == nil {
		o.Log = slog.New(slog.DiscardHandler)
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.HTTP == nil {
		o.HTTP = &http.Client{Timeout: 10 * time.Second}
	}
	s := &Service{db: db, ledger: ledger, log: o.Log, now: o.Now, store: o.Store, http: o.HTTP, opt: o}
	s.simBase.Store("")
	return s
}

// SetSimBase names where the payment-gateway simulator answers (the
// portal's own loopback address when it is mounted in this binary). It is
// known only once the server listens, hence a setter.
func (s *Service) SetSimBase(base string) { s.simBase.Store(base) }

func (s *Service) nowMs() int64 { return s.now().UnixMilli() }

func msTime(ms int64) time.Time { return time.UnixMilli(ms).UTC() }

func optTime(ms int64) *time.Time {
	if ms == 0 {
		return nil
	}
	t := msTime(ms)
	return &t
}
