package inhouse

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"portal/internal/catalog"
	"portal/internal/database"

	"portal/internal/provider"
	"portal/internal/provider/inhouse/game"
)

// RoundView is a past round in the fairness panel's list: everything needed
// to check it once its server seed is revealed.
type RoundView struct {
	RoundID        string `json:"roundId"`
	Game           string `json:"game"`
	Nonce          int64  `json:"nonce"`
	ServerSeedHash string `json:"serverSeedHash"`
	// ServerSeed is empty until the player changes seeds.
	ServerSeed string `json:"serverSeed"`
	ClientSeed string `json:"clientSeed"`
	Stake      int64  `json:"stake"`
	Win        int64  `json:"win"`
	Status     string `json:"status"`
	Params     Bet    `json:"params"`
	CreatedAt  int64  `json:"createdAt"`
}

// RoundPage is a page of rounds, newest first.
type RoundPage struct {
	Content    []RoundView `json:"content"`
	PageNum    int         `json:"pageNum"`
	TotalPages int         `json:"totalPages"`
}

// Rounds lists the member's drawn rounds (settled, or pending their win) of gameCode
// (all games when empty). Refused rounds are left out: no money moved and
// their outcome was never shown.
func (s *Service) Rounds(ctx context.Context, memberID int64, gameCode string, page, size int) (RoundPage, error) {
	out := RoundPage{Content: []RoundView{}, PageNum: page}
	var total int
	filter := `r.member_id = $1 AND r.status <> 'refused' AND ($2 = '' OR r.game_code = $2)`
	if err := s.db.Read().QueryRowContext(ctx, `SELECT COUNT(*) FROM inhouse_rounds r WHERE `+filter, memberID, gameCode).Scan(&total); err != nil {
		return out, fmt.Errorf("inhouse: count rounds: %w", err)
	}
	out.TotalPages = (total + size - 1) / size
	rows, err := s.db.Read().QueryContext(ctx, `SELECT `+roundColumns+` FROM inhouse_rounds r JOIN inhouse_seeds s ON s.id = r.seed_id
		WHERE `+filter+` ORDER BY r.id DESC LIMIT $3 OFFSET $4`, memberID, gameCode, size, (page-1)*size)
	if err != nil {
		return out, fmt.Errorf("inhouse: rounds: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		r, err := scanRound(rows)
		if err != nil {
			return out, fmt.Errorf("inhouse: round: %w", err)
		}
		v, err := r.view()
		if err != nil {
			return out, err
		}
		out.Content = append(out.Content, v)
	}
	return out, rows.Err()
}

// Round is one of the member's rounds by its id (IH-<n>), as the betting
// record links to it; another member's round is not found.
func (s *Service) Round(ctx context.Context, memberID int64, roundID string) (RoundView, error) {
	n, err := strconv.ParseInt(strings.TrimPrefix(roundID, "IH-"), 10, 64)
	if err != nil || !strings.HasPrefix(roundID, "IH-") {
		return RoundView{}, database.ErrNotFound
	}
	r, err := scanRound(s.db.Read().QueryRowContext(ctx, `SELECT `+roundColumns+` FROM inhouse_rounds r JOIN inhouse_seeds s ON s.id = r.seed_id
		WHERE r.id = $1 AND r.member_id = $2 AND r.status <> 'refused'`, n, memberID))
	if errors.Is(err, sql.ErrNoRows) {
		return RoundView{}, database.ErrNotFound
	}
	if err != nil {
		return RoundView{}, fmt.Errorf("inhouse: round: %w", err)
	}
	return r.view()
}

func (r roundRow) view() (RoundView, error) {
	b, err := r.bet()
	if err != nil {
		return RoundView{}, err
	}
	roundID, _, _ := r.ids()
	v := RoundView{RoundID: roundID, Game: r.game, Nonce: r.nonce, ServerSeedHash: r.hash, ClientSeed: r.clientSeed,
		Stake: r.stake, Win: r.win, Status: r.status, Params: b.params(), CreatedAt: r.createdAt}
	if r.revealed {
		v.ServerSeed = r.serverSeed
	}
	return v, nil
}

// VerifyRequest is a round to redo from its revealed seeds.
type VerifyRequest struct {
	Game       string `json:"game"`
	ServerSeed string `json:"serverSeed"`
	ClientSeed string `json:"clientSeed"`
	Nonce      int64  `json:"nonce"`
	Stake      int64  `json:"stake"`
	Target     int    `json:"target"`
	Over       bool   `json:"over"`
	CashOut    int64  `json:"cashOut"`
}

// Verification is the redone round.
type Verification struct {
	ServerSeedHash string `json:"serverSeedHash"`
	Win            int64  `json:"win"`
	Result         any    `json:"result"`
}

// Verify redoes a round from its seeds, nonce and bet, exactly as play did:
// anyone may check any round, played here or not.
func Verify(v VerifyRequest) (Verification, error) {
	if len(v.ServerSeed) == 0 || len(v.ServerSeed) > 128 {
		return Verification{}, fmt.Errorf("%w: serverSeed must be 1 to 128 characters", ErrBet)
	}
	if !game.ValidClientSeed(v.ClientSeed) {
		return Verification{}, ErrClientSeed
	}
	if v.Nonce < 0 {
		return Verification{}, fmt.Errorf("%w: nonce must not be negative", ErrBet)
	}
	b := Bet{Game: v.Game, Stake: v.Stake, Target: v.Target, Over: v.Over, CashOut: v.CashOut}.params()
	result, win, err := play(game.NewStream(v.ServerSeed, v.ClientSeed, uint64(v.Nonce)), b)
	if err != nil {
		return Verification{}, err
	}
	return Verification{ServerSeedHash: game.HashSeed(v.ServerSeed), Win: win, Result: result}, nil
}

// DemoRequest is a visitor's free round: nothing is stored and no money
// moves.
type DemoRequest struct {
	Merchant   string
	Bet        Bet
	Decimals   int
	ClientSeed string
}

// PlayDemo plays a free round of a game that offers a demo, on a fresh seed
// pair that it reveals at once.
func (s *Service) PlayDemo(ctx context.Context, d DemoRequest) (Round, error) {
	b := d.Bet.params()
	if err := s.demoOpen(ctx, d.Merchant, b.Game); err != nil {
		return Round{}, err
	}
	if err := b.check(limitsFor(b.Game, d.Decimals)); err != nil {
		return Round{}, err
	}
	server, client, err := newSeedPair()
	if err != nil {
		return Round{}, err
	}
	if d.ClientSeed != "" {
		if !game.ValidClientSeed(d.ClientSeed) {
			return Round{}, ErrClientSeed
		}
		client = d.ClientSeed
	}
	result, win, err := play(game.NewStream(server, client, 0), b)
	if err != nil {
		return Round{}, err
	}
	return Round{Game: b.Game, ServerSeedHash: game.HashSeed(server), ServerSeed: server, ClientSeed: client,
		Stake: b.Stake, Win: win, Result: result}, nil
}

// SessionView is what a game page needs on opening.
type SessionView struct {
	Game           string `json:"game"`
	Mode           string `json:"mode"`
	Balance        int64  `json:"balance"`
	Currency       string `json:"currency"`
	CurrencySymbol string `json:"currencySymbol"`
	Decimals       int    `json:"decimals"`
	Limits         Limits `json:"limits"`
	Seed           *Seed  `json:"seed"`
}

// Session is the opening view of gameCode for a player.
func (s *Service) Session(ctx context.Context, p Player, gameCode string) (SessionView, error) {
	if !known(gameCode) {
		return SessionView{}, fmt.Errorf("%w: unknown game %q", ErrBet, gameCode)
	}
	bal, _, err := s.wallet.PlayBalance(ctx, p.Merchant.Code, p.Session.MemberID)
	if err != nil {
		return SessionView{}, err
	}
	seeds, err := s.Seeds(ctx, p.Session.MemberID)
	if err != nil {
		return SessionView{}, err
	}
	m := p.Merchant
	return SessionView{Game: gameCode, Mode: p.Session.Mode, Balance: bal, Currency: m.Currency, CurrencySymbol: m.CurrencySymbol,
		Decimals: m.Decimals, Limits: limitsFor(gameCode, m.Decimals), Seed: &seeds.Current}, nil
}

// DemoSession is the opening view of a free demo. It refuses as PlayDemo
// would, so a page learns before the first round that a game has no demo
// or is under maintenance.
func (s *Service) DemoSession(ctx context.Context, d DemoView) (SessionView, error) {
	if err := s.demoOpen(ctx, d.Merchant, d.Game); err != nil {
		return SessionView{}, err
	}
	return SessionView{Game: d.Game, Mode: provider.ModeDemo, Currency: d.Currency, CurrencySymbol: d.Symbol, Decimals: d.Decimals,
		Limits: limitsFor(d.Game, d.Decimals)}, nil
}

// DemoView asks for a demo's opening view in a merchant's currency.
type DemoView struct {
	Merchant, Game, Currency, Symbol string
	Decimals                         int
}

// demoOpen tells whether a visitor may play gameCode for free at merchant:
// a game of ours, offering a demo (supportPlay 0), not under maintenance.
func (s *Service) demoOpen(ctx context.Context, merchant, gameCode string) error {
	if !known(gameCode) {
		return fmt.Errorf("%w: unknown game %q", ErrBet, gameCode)
	}
	g, err := s.games.Game(ctx, gameCode)
	if err != nil {
		return err
	}
	if g.SupportPlay {
		return ErrDemoUnavailable
	}
	return s.playable(ctx, merchant, gameCode)
}

// playable refuses a new round of a game the merchant has switched off
// (as an unknown game is refused) or put, or its vendor, under maintenance
// (decision 0025).
func (s *Service) playable(ctx context.Context, merchant, gameCode string) error {
	_, down, err := s.games.MerchantGame(ctx, merchant, gameCode)
	if errors.Is(err, catalog.ErrGameNotFound) {
		return fmt.Errorf("%w: game %q is not offered", ErrBet, gameCode)
	} else if err != nil {
		return err
	}
	if down {
		return ErrMaintenance
	}
	return nil
}

// Paytables are the published rules of the three games.
type Paytables struct {
	Slot  SlotPaytable  `json:"slot"`
	Dice  DicePaytable  `json:"dice"`
	Crash CrashPaytable `json:"crash"`
}

// SlotPaytable is Portal Fortune Reels' published table.
type SlotPaytable struct {
	RTP         float64          `json:"rtp"`
	Lines       [20][5]int       `json:"lines"`
	Symbols     []SymbolPays     `json:"symbols"`
	Wild        game.Symbol      `json:"wild"`
	Scatter     game.Symbol      `json:"scatter"`
	ScatterPays map[string]int64 `json:"scatterPays"`
	FreeSpins   FreeSpinRules    `json:"freeSpins"`
	Reels       [5][]game.Symbol `json:"reels"`
}

// SymbolPays is a symbol's line pays, in stakes per line, by run length.
type SymbolPays struct {
	Symbol game.Symbol      `json:"symbol"`
	Pays   map[string]int64 `json:"pays"`
}

// FreeSpinRules are the free-spin feature's rules.
type FreeSpinRules struct {
	Scatters   int `json:"scatters"`
	Award      int `json:"award"`
	Multiplier int `json:"multiplier"`
	Max        int `json:"max"`
}

// DicePaytable is Portal Dice's published rules (targets in hundredths).
type DicePaytable struct {
	RTP       float64 `json:"rtp"`
	MinTarget int     `json:"minTarget"`
	MaxTarget int     `json:"maxTarget"`
}

// CrashPaytable is Portal Crash's (cash-outs in hundredths).
type CrashPaytable struct {
	RTP        float64 `json:"rtp"`
	MinCashOut int64   `json:"minCashOut"`
	MaxCashOut int64   `json:"maxCashOut"`
}

// PublishedPaytables reads the tables from the game code itself, so the page
// can never disagree with what plays.
func PublishedPaytables() Paytables {
	p := game.SlotPaytable()
	slot := SlotPaytable{RTP: p.PublishedRTP, Lines: p.Lines, Wild: p.Wild, Scatter: p.Scatter, Reels: p.Reels,
		ScatterPays: keyed(p.ScatterPays),
		FreeSpins:   FreeSpinRules{Scatters: p.FreeSpinScatters, Award: p.FreeSpins, Multiplier: p.FreeSpinMultiplier, Max: p.MaxFreeSpins}}
	for _, sp := range p.Symbols {
		slot.Symbols = append(slot.Symbols, SymbolPays{Symbol: sp.Symbol, Pays: keyed(sp.Pays)})
	}
	return Paytables{Slot: slot,
		Dice:  DicePaytable{RTP: 0.99, MinTarget: game.DiceMinTarget, MaxTarget: game.DiceMaxTarget},
		Crash: CrashPaytable{RTP: 0.99, MinCashOut: game.CrashMinCashOut, MaxCashOut: game.CrashMaxCashOut}}
}

func keyed(m map[int]int64) map[string]int64 {
	out := make(map[string]int64, len(m))
	for k, v := range m {
		out[fmt.Sprint(k)] = v
	}
	return out
}
