package game

import (
	"errors"
	"fmt"
)

// Crash limits, in hundredths of the stake (101 is 1.01x).
const (
	// CrashMinCashOut is the lowest auto cash-out, 1.01x.
	CrashMinCashOut = 101
	// CrashMaxCashOut is the highest auto cash-out, 10000.00x.
	CrashMaxCashOut = 1_000_000
)

// ErrInvalidCashOut is an auto cash-out outside CrashMinCashOut..CrashMaxCashOut.
var ErrInvalidCashOut = errors.New("game: invalid crash cash-out")

// CrashBet is a single-player crash bet with its auto cash-out fixed before
// the round.
type CrashBet struct {
	// Stake in minor units.
	Stake int64
	// CashOut is the multiplier, in hundredths, at which the bet cashes out
	// automatically.
	CashOut int64
}

// CrashResult is the outcome of a crash round.
type CrashResult struct {
	// CrashPoint is where the multiplier stopped, in hundredths, at least 100.
	CrashPoint int64
	// Won reports whether the multiplier reached the cash-out: CrashPoint >=
	// CashOut.
	Won bool
	// Win is the payout, stake included: floor(stake × CashOut / 100) when
	// Won, else 0.
	Win int64
}

// crashPoint turns the round's first 32-bit draw r into the crash point, in
// hundredths:
//
//	crash = max(100, floor(99 × 2³² / (2³² − r)))
//
// With u = r/2³² uniform in [0, 1) this is 0.99/(1−u) in multiplier terms,
// the usual 1%-edge crash curve: it reaches any c ≥ 1.01x with probability
// almost exactly 0.99/c, so every cash-out returns about 99%. Points below
// 1.00x are shown as 1.00x (an instant crash, about 1.98% of rounds).
func crashPoint(r uint32) int64 {
	p := int64((99 << 32) / (1<<32 - uint64(r)))
	return max(100, p)
}

// CrashWinProbability is the exact chance that a round reaches cashOut
// (hundredths), from the crashPoint formula. Writing d = 2³² − r, uniform on
// 1..2³², the point reaches c ≥ 101 exactly when d ≤ 99·2³²/c, so the
// chance is floor(99·2³²/c) / 2³². Every point is at least 100, so a
// cash-out of 100 or less always wins.
func CrashWinProbability(cashOut int64) float64 {
	if cashOut <= 100 {
		return 1
	}
	return float64((99<<32)/uint64(cashOut)) / (1 << 32)
}

// PlayCrash validates the bet and plays the round: the crash point comes from
// the stream's first 4 bytes, s.Uint32(), through the formula of crashPoint.
func PlayCrash(s *Stream, b CrashBet) (CrashResult, error) {
	if !validStake(b.Stake) {
		return CrashResult{}, fmt.Errorf("%w: the crash stake must be 1 to %d minor units", ErrInvalidStake, MaxStake)
	}
	if b.CashOut < CrashMinCashOut || b.CashOut > CrashMaxCashOut {
		return CrashResult{}, fmt.Errorf("%w: %d is outside %d..%d", ErrInvalidCashOut, b.CashOut, CrashMinCashOut, CrashMaxCashOut)
	}
	res := CrashResult{CrashPoint: crashPoint(s.Uint32())}
	if res.CrashPoint >= b.CashOut {
		res.Won = true
		res.Win = mulDivFloor(b.Stake, b.CashOut, 100)
	}
	return res, nil
}
