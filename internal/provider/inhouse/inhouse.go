// Package inhouse runs our own games (provider PGE) for real stakes: the
// provably-fair seed pairs and nonces, the rounds, and their money, which
// moves through the very seamless-wallet contract external vendors use
// (provider.Service.Apply), so the same rules guard it. The game maths is in
// the game subpackage; docs/inhouse-games.md publishes it.
package inhouse

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"portal/internal/catalog"
	"portal/internal/database"
	"portal/internal/merchant"
	"portal/internal/provider"
)

// Wallet is what the games need of the seamless-wallet side.
type Wallet interface {
	Apply(ctx context.Context, vendor, op string, cb provider.Callback) provider.Answer
	SessionByToken(ctx context.Context, token string) (provider.GameSession, bool, error)
	BetStateOf(ctx context.Context, vendor, transactionID string) (provider.BetState, error)
	Balance(ctx context.Context, merchantCode string, memberID int64) (int64, *merchant.Merchant, error)
	// PlayBalance is cash and bonus money together: what a game shows.
	PlayBalance(ctx context.Context, merchantCode string, memberID int64) (int64, *merchant.Merchant, error)
}

// Catalogue is what they need of the lobby's catalogue.
type Catalogue interface {
	Game(ctx context.Context, code string) (*catalog.Game, error)
	UnderMaintenance(ctx context.Context, merchantCode, vendor string) (bool, error)
	MerchantGame(ctx context.Context, merchantCode, code string) (*catalog.Game, bool, error)
}

// Merchants finds a merchant's currency.
type Merchants interface {
	Lookup(ctx context.Context, code string) (*merchant.Merchant, error)
}

// Errors of the domain; httpapi maps them to answers.
var (
	// ErrSession: the game token is unknown, expired, or not for this game.
	ErrSession = errors.New("inhouse: game session expired")
	// ErrInsufficientFunds: the balance does not cover the stake.
	ErrInsufficientFunds = errors.New("inhouse: insufficient funds")
	// ErrPlayerDisabled: the member may not play.
	ErrPlayerDisabled = errors.New("inhouse: player disabled")
	// ErrLossLimit, ErrPlayerExcluded and ErrSessionLimit: player
	// protection refused the stake (decision 0032); nothing was debited.
	ErrLossLimit      = errors.New("inhouse: loss limit reached")
	ErrPlayerExcluded = errors.New("inhouse: player cooling off or self-excluded")
	ErrSessionLimit   = errors.New("inhouse: time limit for the day reached")
	// ErrRoundVoid: the round was cancelled (its stake never taken or given
	// back); the player may play again with a new request.
	ErrRoundVoid = errors.New("inhouse: round void")
	// ErrRetry: the wallet could not answer; the same request may be sent
	// again and will finish the round.
	ErrRetry = errors.New("inhouse: wallet busy, retry")
	// ErrRequestReused: a request id already named another bet.
	ErrRequestReused = errors.New("inhouse: request id reused for another bet")
	// ErrClientSeed: a client seed that is not 1 to 64 printable ASCII
	// characters without ':'.
	ErrClientSeed = errors.New("inhouse: invalid client seed")
	// ErrDemoUnavailable: the game has no free demo.
	ErrDemoUnavailable = provider.ErrDemoUnavailable
	// ErrMaintenance: the in-house games are under maintenance.
	ErrMaintenance = provider.ErrGameMaintenance
)

// Options configure the service.
type Options struct {
	Log *slog.Logger
	Now func() time.Time
	// SettleAfter is how old a pending round must be before the sweeper
	// finishes it (no request can still be working on it by then; at least
	// twice the requests' money timeout).
	SettleAfter time.Duration
}

// Service runs the in-house games.
type Service struct {
	db          *database.DB
	wallet      Wallet
	games       Catalogue
	merchants   Merchants
	log         *slog.Logger
	now         func() time.Time
	settleAfter time.Duration
}

// NewService returns the games' service.
func NewService(db *database.DB, w Wallet, games Catalogue, merchants Merchants, o Options) *Service {
	if o.Log == nil {
		o.Log = slog.New(slog.DiscardHandler)
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.SettleAfter <= 0 {
		o.SettleAfter = 2 * time.Minute
	}
	// The sweeper must never race a request still moving the round's money:
	// those give up after moneyTimeout.
	o.SettleAfter = max(o.SettleAfter, 2*moneyTimeout)
	return &Service{db: db, wallet: w, games: games, merchants: merchants, log: o.Log, now: o.Now, settleAfter: o.SettleAfter}
}

// Player is the member a game token stands for.
type Player struct {
	Session  provider.GameSession
	Merchant *merchant.Merchant
}

// Player resolves a game token for game at merchantCode: the launch's
// session, which must be ours, for this game (or for our lobby) and at this
// merchant.
func (s *Service) Player(ctx context.Context, merchantCode, token, gameCode string) (Player, error) {
	gs, ok, err := s.wallet.SessionByToken(ctx, token)
	if err != nil {
		return Player{}, err
	}
	if !ok || gs.Vendor != provider.InhouseVendor || gs.Merchant != merchantCode || (gs.Game != "" && gameCode != "" && gs.Game != gameCode) {
		return Player{}, ErrSession
	}
	mer, err := s.merchants.Lookup(ctx, merchantCode)
	if err != nil {
		return Player{}, err
	}
	return Player{Session: gs, Merchant: mer}, nil
}

// known reports whether code is one of our games.
func known(code string) bool {
	for _, c := range Codes {
		if c == code {
			return true
		}
	}
	return false
}
