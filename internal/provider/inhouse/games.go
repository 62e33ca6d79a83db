package inhouse

import (
	"errors"
	"fmt"

	"portal/internal/provider/inhouse/game"
)

// The in-house game codes, as the catalogue lists them.
const (
	Slot  = "PGE_SLOT"
	Dice  = "PGE_DICE"
	Crash = "PGE_CRASH"
)

// Codes lists the games, for validation and routing.
var Codes = []string{Slot, Dice, Crash}

// Bet is what a player stakes and on what. Target and Over are dice's,
// CashOut is crash's; the slot needs only the stake.
type Bet struct {
	Game    string `json:"-"`
	Stake   int64  `json:"-"`
	Target  int    `json:"target,omitempty"`
	Over    bool   `json:"over,omitempty"`
	CashOut int64  `json:"cashOut,omitempty"`
}

// params keeps only the fields the game reads, so a stored round and a
// replayed request compare equal whatever else the client sent.
func (b Bet) params() Bet {
	p := Bet{Game: b.Game, Stake: b.Stake}
	switch b.Game {
	case Dice:
		p.Target, p.Over = b.Target, b.Over
	case Crash:
		p.CashOut = b.CashOut
	}
	return p
}

// Limits are a game's stakes in the merchant's minor units.
type Limits struct {
	MinStake  int64 `json:"minStake"`
	MaxStake  int64 `json:"maxStake"`
	StakeStep int64 `json:"stakeStep"`
}

// limitsFor scales each game's stakes to a currency with decimals digits:
// the slot from 0.20 to 500.00 in whole 20ths (each of its 20 lines gets a
// whole minor unit), dice and crash from 0.10 to 1,000.00.
func limitsFor(code string, decimals int) Limits {
	unit := int64(1)
	for range decimals {
		unit *= 10
	}
	if code == Slot {
		step := int64(len(game.SlotPaytable().Lines)) // a whole minor unit per payline
		return Limits{MinStake: max(step, roundUp(unit/5, step)), MaxStake: 500 * unit, StakeStep: step}
	}
	return Limits{MinStake: max(1, unit/10), MaxStake: 1000 * unit, StakeStep: 1}
}

func roundUp(v, step int64) int64 { return (v + step - 1) / step * step }

// ErrBet is a bet the game refuses: stake outside its limits or off its
// step, a dice target or crash cash-out out of range, an unknown game.
var ErrBet = errors.New("inhouse: invalid bet")

// check validates b against the game's rules and the merchant's limits,
// before any nonce or money is spent on it.
func (b Bet) check(l Limits) error {
	if b.Stake < l.MinStake || b.Stake > l.MaxStake || b.Stake%l.StakeStep != 0 {
		return fmt.Errorf("%w: stake must be %d to %d minor units in steps of %d", ErrBet, l.MinStake, l.MaxStake, l.StakeStep)
	}
	// The game's own checks (target, cash-out) on a throwaway stream.
	if _, _, err := play(game.NewStream("", "", 0), b); err != nil {
		return err
	}
	return nil
}

// play draws b's round from stream s: the result as the page shows it and
// the payout (stake included where the game returns it).
func play(s *game.Stream, b Bet) (any, int64, error) {
	switch b.Game {
	case Slot:
		r, err := game.PlaySlot(s, b.Stake)
		if err != nil {
			return nil, 0, fmt.Errorf("%w: %v", ErrBet, err)
		}
		return slotView(r), r.Win, nil
	case Dice:
		r, err := game.PlayDice(s, game.DiceBet{Stake: b.Stake, Target: b.Target, Over: b.Over})
		if err != nil {
			return nil, 0, fmt.Errorf("%w: %v", ErrBet, err)
		}
		return DiceResult{Roll: r.Roll, Won: r.Won, Multiplier: r.Multiplier, Chance: r.Chance, Win: r.Win, Target: b.Target, Over: b.Over}, r.Win, nil
	case Crash:
		r, err := game.PlayCrash(s, game.CrashBet{Stake: b.Stake, CashOut: b.CashOut})
		if err != nil {
			return nil, 0, fmt.Errorf("%w: %v", ErrBet, err)
		}
		return CrashResult{CrashPoint: r.CrashPoint, CashOut: b.CashOut, Won: r.Won, Win: r.Win}, r.Win, nil
	}
	return nil, 0, fmt.Errorf("%w: unknown game %q", ErrBet, b.Game)
}

// SlotResult is a slot round as the page shows it.
type SlotResult struct {
	Base      SpinView   `json:"base"`
	FreeSpins []SpinView `json:"freeSpins"`
	Win       int64      `json:"win"`
}

// SpinView is one spin: grid[reel][row], row 0 at the top.
type SpinView struct {
	Grid             [5][3]game.Symbol `json:"grid"`
	Lines            []LineView        `json:"lines"`
	Scatters         int               `json:"scatters"`
	ScatterWin       int64             `json:"scatterWin"`
	Multiplier       int               `json:"multiplier"`
	Win              int64             `json:"win"`
	FreeSpinsAwarded int               `json:"freeSpinsAwarded"`
}

// LineView is a paying payline.
type LineView struct {
	Line   int         `json:"line"`
	Symbol game.Symbol `json:"symbol"`
	Count  int         `json:"count"`
	Win    int64       `json:"win"`
}

// DiceResult is a dice round; Roll and Target are in hundredths.
type DiceResult struct {
	Roll       int     `json:"roll"`
	Won        bool    `json:"won"`
	Multiplier float64 `json:"multiplier"`
	Chance     float64 `json:"chance"`
	Win        int64   `json:"win"`
	Target     int     `json:"target"`
	Over       bool    `json:"over"`
}

// CrashResult is a crash round; multipliers are in hundredths.
type CrashResult struct {
	CrashPoint int64 `json:"crashPoint"`
	CashOut    int64 `json:"cashOut"`
	Won        bool  `json:"won"`
	Win        int64 `json:"win"`
}

func slotView(r game.SlotResult) SlotResult {
	v := SlotResult{Base: spinView(r.Base), FreeSpins: make([]SpinView, 0, len(r.FreeSpins)), Win: r.Win}
	for _, s := range r.FreeSpins {
		v.FreeSpins = append(v.FreeSpins, spinView(s))
	}
	return v
}

func spinView(s game.Spin) SpinView {
	v := SpinView{Grid: s.Grid, Lines: make([]LineView, 0, len(s.Lines)), Scatters: s.Scatters, ScatterWin: s.ScatterWin,
		Multiplier: s.Multiplier, Win: s.Win, FreeSpinsAwarded: s.FreeSpinsAwarded}
	for _, l := range s.Lines {
		v.Lines = append(v.Lines, LineView{Line: l.Line, Symbol: l.Symbol, Count: l.Count, Win: l.Win})
	}
	return v
}
