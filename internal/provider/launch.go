package provider

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strconv"

	"portal/internal/catalog"
	"portal/internal/identity"
	"portal/internal/merchant"
	"portal/internal/wallet"
)

// Launcher is what launching needs of the catalogue beyond Games.
type Launcher interface {
	Vendor(ctx context.Context, merchantCode, code string) (*catalog.Vendor, error)
	UnderMaintenance(ctx context.Context, merchantCode, vendor string) (bool, error)
	// MerchantGame is a game as the merchant offers it (ErrGameNotFound
	// when switched off) and whether it is under maintenance.
	MerchantGame(ctx context.Context, merchantCode, code string) (*catalog.Game, bool, error)
	RememberPlayed(ctx context.Context, memberID, gameID int64) error
}

// LaunchRequest asks to start a game. Member is nil for a visitor.
type LaunchRequest struct {
	Merchant string
	Member   *identity.Member
	Vendor   string
	GameCode string // empty opens the vendor's own lobby
	Language string
	Demo     bool
}

// Launch is where the game plays.
type Launch struct {
	URL  string `json:"url"`
	Mode string `json:"mode"`
	// GameCode is the game started (the vendor's lobby when empty).
	GameCode string `json:"gameCode"`
}

// InhouseVendor is the code of our own games' provider.
const InhouseVendor = "PGE"

// inhousePages maps in-house game codes to their page under /play/pge/.
var inhousePages = map[string]string{"PGE_SLOT": "slot", "PGE_DICE": "dice", "PGE_CRASH": "crash"}

// StartGame opens a game session and answers the game's URL (spec §4 Game
// launching). A visitor gets a free demo where the game offers one
// (supportPlay 0) and nothing else; a trial account plays with play money;
// real money needs a real account. The URL carries the session token once:
// the game hands it back on its bet callbacks.
func (s *Service) StartGame(ctx context.Context, l Launcher, r LaunchRequest) (Launch, error) {
	if _, err := l.Vendor(ctx, r.Merchant, r.Vendor); err != nil {
		return Launch{}, fmt.Errorf("%w: %s", ErrVendorUnknown, r.Vendor)
	}
	if down, err := l.UnderMaintenance(ctx, r.Merchant, r.Vendor); err != nil {
		return Launch{}, err
	} else if down {
		return Launch{}, ErrGameMaintenance
	}
	var game *catalog.Game
	if r.GameCode != "" {
		// The merchant's own switches (decision 0025): a game switched off
		// does not exist for its players; one under maintenance waits.
		g, down, err := l.MerchantGame(ctx, r.Merchant, r.GameCode)
		if errors.Is(err, catalog.ErrGameNotFound) || err == nil && g.Vendor != r.Vendor {
			return Launch{}, fmt.Errorf("%w: %s", ErrGameUnknown, r.GameCode)
		} else if err != nil {
			return Launch{}, err
		}
		if down {
			return Launch{}, ErrGameMaintenance
		}
		game = g
	}
	q := url.Values{}
	q.Set("lang", r.Language)
	if game != nil {
		q.Set("game", game.Code)
	}
	if r.Member == nil {
		if !r.Demo {
			return Launch{}, ErrLoginRequired
		}
		// A free demo: no account, no token, no money (decision D-015).
		if game == nil || game.SupportPlay {
			return Launch{}, ErrDemoUnavailable
		}
		q.Set("demo", "1")
		return Launch{URL: gameURL(r.Vendor, game, q), Mode: ModeDemo, GameCode: game.Code}, nil
	}
	mode := ModeReal
	if r.Member.Type.IsTrial() {
		mode = ModeTrial // decision D-016: trial accounts play, with play money
	}
	if mode == ModeReal && s.guard.PlayGuard != nil {
		// Player protection (decision 0032): cooling off, self-excluded or
		// out of time for the day, no real-money game starts.
		if err := s.guard.PlayGuard(ctx, r.Merchant, r.Member.ID); err != nil {
			return Launch{}, err
		}
	}
	mer, err := s.merchants.Lookup(ctx, r.Merchant)
	if err != nil {
		return Launch{}, err
	}
	gs, err := s.openSession(ctx, GameSession{Merchant: r.Merchant, MemberID: r.Member.ID, Vendor: r.Vendor,
		Game: r.GameCode, Currency: mer.Currency, Mode: mode})
	if err != nil {
		return Launch{}, err
	}
	if game != nil {
		if err := l.RememberPlayed(ctx, r.Member.ID, game.ID); err != nil {
			return Launch{}, err
		}
	}
	q.Set("token", gs.Token)
	q.Set("player", strconv.FormatInt(r.Member.ID, 10))
	q.Set("currency", mer.Currency)
	return Launch{URL: gameURL(r.Vendor, game, q), Mode: mode, GameCode: r.GameCode}, nil
}

// gameURL is where a game's page is served: our in-house games' own pages,
// or the vendor simulator that stands in for each external vendor here.
func gameURL(vendor string, game *catalog.Game, q url.Values) string {
	if vendor == InhouseVendor && game != nil {
		if page, ok := inhousePages[game.Code]; ok {
			return "/play/pge/" + page + "?" + q.Encode()
		}
	}
	return "/sim/" + url.PathEscape(vendor) + "/play?" + q.Encode()
}

// IsLaunchError reports whether err is one of launching's own refusals.
func IsLaunchError(err error) bool {
	for _, e := range []error{ErrVendorUnknown, ErrGameUnknown, ErrDemoUnavailable, ErrLoginRequired, ErrGameMaintenance} {
		if errors.Is(err, e) {
			return true
		}
	}
	return false
}

// PlayMoney is what a new trial account is given to play with, in major
// units of the merchant's currency.
const PlayMoney = 2000

// GrantPlayMoney funds a new trial account from the play-money side, once.
func (s *Service) GrantPlayMoney(ctx context.Context, merchantCode string, memberID int64) error {
	mer, err := s.merchants.Lookup(ctx, merchantCode)
	if err != nil {
		return err
	}
	amount := int64(PlayMoney)
	for range mer.Decimals {
		amount *= 10
	}
	_, err = s.ledger.Move(ctx, wallet.Request{Merchant: merchantCode, Key: "trial-grant:" + strconv.FormatInt(memberID, 10),
		From: wallet.Side(wallet.KindPlay, "grant", mer.Currency), To: wallet.Member(memberID, mer.Currency), Amount: amount, Kind: "play_money"})
	return err
}

// PlayBalance is what a member may stake: cash and bonus money together,
// the balance games show (decision 0037).
func (s *Service) PlayBalance(ctx context.Context, merchantCode string, memberID int64) (int64, *merchant.Merchant, error) {
	b, mer, err := s.Balance(ctx, merchantCode, memberID)
	if err != nil {
		return 0, nil, err
	}
	bonus, err := s.ledger.Balance(ctx, merchantCode, wallet.Bonus(memberID, mer.Currency))
	return b + bonus, mer, err
}

// Balance is a member's balance in the merchant's currency.
func (s *Service) Balance(ctx context.Context, merchantCode string, memberID int64) (int64, *merchant.Merchant, error) {
	mer, err := s.merchants.Lookup(ctx, merchantCode)
	if err != nil {
		return 0, nil, err
	}
	b, err := s.ledger.Balance(ctx, merchantCode, wallet.Member(memberID, mer.Currency))
	return b, mer, err
}
