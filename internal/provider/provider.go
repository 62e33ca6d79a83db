// Package provider is the game side of the wallet: the seamless-wallet
// contract every vendor (and our in-house games) calls to read a balance,
// place a bet, pay a win or roll a bet back; vendor secrets; game sessions
// opened at launch; and the rounds the betting record and profit and loss
// are read from. Money moves only through the ledger (package wallet).
package provider

import (
	"context"
	"errors"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"

	"portal/internal/catalog"
	"portal/internal/database"
	"portal/internal/identity"
	"portal/internal/merchant"
	"portal/internal/wallet"
)

// Operations of the seamless-wallet API.
const (
	OpBalance  = "balance"
	OpBet      = "bet"
	OpWin      = "win"
	OpRollback = "rollback"
)

// Ops lists the operations, for routing.
var Ops = []string{OpBalance, OpBet, OpWin, OpRollback}

// Status is the answer's verdict, as vendors read it.
type Status string

// The statuses of the contract (docs/provider-api.md).
const (
	StatusOK                  Status = "OK"
	StatusInsufficientFunds   Status = "INSUFFICIENT_FUNDS"
	StatusInvalidToken        Status = "INVALID_TOKEN"
	StatusInvalidSignature    Status = "INVALID_SIGNATURE"
	StatusDuplicate           Status = "DUPLICATE_TRANSACTION"
	StatusTransactionNotFound Status = "TRANSACTION_NOT_FOUND"
	StatusPlayerDisabled      Status = "PLAYER_DISABLED"
	StatusWrongCurrency       Status = "WRONG_CURRENCY"
	StatusBadRequest          Status = "BAD_REQUEST"
	StatusError               Status = "ERROR"
	// StatusWinLimit refuses a win that would take its round past the
	// vendor's win limit (winlimit.go); the round stays open.
	StatusWinLimit Status = "WIN_LIMIT_EXCEEDED"
	// StatusLossLimit refuses a stake that would take the player's net
	// loss of a day, week or month past the limit they set (player
	// protection, decision 0032); nothing is debited.
	StatusLossLimit Status = "LOSS_LIMIT_EXCEEDED"
	// StatusPlayerExcluded refuses a stake of a player cooling off or
	// self-excluded.
	StatusPlayerExcluded Status = "PLAYER_EXCLUDED"
	// StatusSessionLimit refuses a stake once the player's minutes of play
	// for the day are used up.
	StatusSessionLimit Status = "SESSION_LIMIT_REACHED"
)

// Game session modes.
const (
	ModeReal  = "real"
	ModeTrial = "trial" // a trial account's play money
	ModeDemo  = "demo"  // a visitor's free demo: no account, no money
)

// Errors of the domain.
var (
	ErrVendorUnknown   = errors.New("provider: unknown vendor")
	ErrGameUnknown     = errors.New("provider: unknown game")
	ErrDemoUnavailable = errors.New("provider: this game has no free demo")
	ErrLoginRequired   = errors.New("provider: real-money play needs a login")
	ErrGameMaintenance = errors.New("provider: the game's vendor is under maintenance")
)

// Members is what the wallet contract needs of the identity domain.
type Members interface {
	Member(ctx context.Context, id int64) (*identity.Member, error)
}

// Games is what it needs of the catalogue.
type Games interface {
	Game(ctx context.Context, code string) (*catalog.Game, error)
	AnyVendor(ctx context.Context, code string) (*catalog.Vendor, error)
	RecordWin(ctx context.Context, q database.Querier, merchantCode, username, gameCode string, amount int64, currency string, at time.Time) error
}

// Merchants finds a merchant (for its currency and decimals).
type Merchants interface {
	Lookup(ctx context.Context, code string) (*merchant.Merchant, error)
}

// BalanceListener hears a member's new balance after a commit that changed
// it (the websocket pushes it).
type BalanceListener func(merchantCode string, memberID, balance int64, currency string)

// Options configure the service.
type Options struct {
	Log *slog.Logger
	Now func() time.Time
	// SessionTTL is how long a game session's token places bets.
	SessionTTL time.Duration
	// Lanes is how many commit lanes run (0: 1 on SQLite, 4 on PostgreSQL).
	Lanes int
	// BigWin is the smallest win, in minor units, that reaches the winner
	// board; 0 means 100.00.
	BigWin int64
	// OnBalance hears balance changes; nil hears nothing.
	OnBalance BalanceListener
	// StakeGuard is player protection's say over a member's real-money
	// stakes: nil (after an in-memory lookup) for a member without limits,
	// so the bet path pays nothing more for them. nil guards nothing.
	StakeGuard func(ctx context.Context, merchantCode string, memberID int64) StakeCheck
	// Bonus is bonus money's say in the bet path (package bonus): the
	// wagering of a member's running grant; nil counts no wagering.
	Bonus BonusWagering
	// OnBalances hears, instead of OnBalance, the new balances of a member
	// who has a bonus account: cash and bonus apart; nil hears nothing.
	OnBalances func(merchantCode string, memberID, cash, bonus int64, currency string)
	// PlayGuard refuses a real-money launch (cooling off, self-excluded,
	// the day's minutes used up); nil refuses none.
	PlayGuard func(ctx context.Context, merchantCode string, memberID int64) error
}

// BonusWagering is what the bet path needs of bonus money (package bonus):
// a game type's contribution to wagering, adding a stake's wager to a
// running grant (converting it at its target), and taking a rolled-back
// bet's wager off again, with where its bonus-funded leg is refunded.
type BonusWagering interface {
	Percent(ctx context.Context, merchant, gameType string) (int, error)
	WagerIn(ctx context.Context, q database.Querier, grant, wager int64) (converted int64, err error)
	UnwagerIn(ctx context.Context, q database.Querier, grant, wager int64) (refundTo wallet.Ref, err error)
}

// StakeCheck decides one stake inside the bet's transaction q: StatusOK
// or the refusal's status (StatusLossLimit, StatusPlayerExcluded,
// StatusSessionLimit); an error fails the callback (ERROR, the vendor
// retries).
type StakeCheck func(ctx context.Context, q database.Querier, amount int64) (Status, error)

// Service runs the seamless-wallet contract and game sessions.
type Service struct {
	db        *database.DB
	ledger    *wallet.Service
	members   Members
	games     Games
	merchants Merchants
	batch     *database.Batcher
	log       *slog.Logger
	now       func() time.Time
	ttl       time.Duration
	bigWin    int64
	onBalance BalanceListener
	secrets   *secretCache
	limits    limitCache
	known     memberCache
	guard     Options
}

// NewService starts the service; Close stops its commit lanes.
func NewService(db *database.DB, ledger *wallet.Service, members Members, games Games, merchants Merchants, o Options) *Service {
	if o.Log == nil {
		o.Log = slog.New(slog.DiscardHandler)
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.SessionTTL <= 0 {
		o.SessionTTL = 12 * time.Hour
	}
	if o.BigWin <= 0 {
		o.BigWin = 10000
	}
	if o.OnBalance == nil {
		o.OnBalance = func(string, int64, int64, string) {}
	}
	return &Service{db: db, ledger: ledger, members: members, games: games, merchants: merchants,
		batch: db.NewBatcher(o.Lanes, 256), log: o.Log, now: o.Now, ttl: o.SessionTTL, bigWin: o.BigWin,
		onBalance: o.OnBalance, secrets: newSecretCache(), guard: o}
}

// Close finishes queued callbacks and stops the commit lanes.
func (s *Service) Close() { s.batch.Close() }

// memberCache keeps what never changes of the members who play (id,
// merchant, username, type), so a callback does not read the member row
// again. Status does change: it is never taken from here, but read with the
// session on every bet and balance callback, so freezing a member refuses
// the very next bet.
type memberCache struct {
	m sync.Map // int64 -> *identity.Member, Status cleared
	n atomic.Int64
}

// maxCachedMembers bounds the cache (a few hundred bytes an entry); past it
// the cache starts again empty.
const maxCachedMembers = 100_000

// member is a member's fixed fields, from the cache after the first time.
func (s *Service) member(ctx context.Context, id int64) (*identity.Member, error) {
	if v, ok := s.known.m.Load(id); ok {
		return v.(*identity.Member), nil
	}
	m, err := s.members.Member(ctx, id)
	if err != nil {
		return nil, err
	}
	fixed := &identity.Member{ID: m.ID, MerchantCode: m.MerchantCode, Username: m.Username, Type: m.Type}
	if s.known.n.Add(1) > maxCachedMembers {
		s.known.m.Clear()
		s.known.n.Store(1)
	}
	s.known.m.Store(id, fixed)
	return fixed, nil
}
