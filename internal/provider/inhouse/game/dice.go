package game

import (
	"errors"
	"fmt"
)

// Dice limits. A roll is one of DiceOutcomes equally likely integers,
// 0..9999, shown divided by 100 (0.00 to 99.99); targets use the same units.
const (
	// DiceOutcomes is the number of possible rolls.
	DiceOutcomes = 10000
	// DiceMinTarget is the lowest target, 1.00.
	DiceMinTarget = 100
	// DiceMaxTarget is the highest target, 98.00.
	DiceMaxTarget = 9800
	// diceReturn is 99% in hundredths of a percent of DiceOutcomes: a bet
	// with w winning rolls pays stake × diceReturn / w, so its expected
	// return is w/10000 × 9900/w = 0.99 (1% house edge) before flooring.
	diceReturn = 9900
)

// ErrInvalidTarget is a dice target outside DiceMinTarget..DiceMaxTarget.
var ErrInvalidTarget = errors.New("game: invalid dice target")

// DiceBet is a dice bet. Over bets that the roll is strictly above Target;
// otherwise the bet is that the roll is strictly below it. A roll equal to
// the target loses either way, which keeps "over 50.00" and "under 50.00"
// symmetric (4999 winning rolls each).
type DiceBet struct {
	// Stake in minor units.
	Stake int64
	// Target in hundredths, DiceMinTarget..DiceMaxTarget.
	Target int
	// Over picks "roll over" rather than "roll under".
	Over bool
}

// DiceResult is the outcome of a dice bet.
type DiceResult struct {
	// Roll is 0..9999, shown as Roll/100 with two decimals.
	Roll int
	// Won reports whether the roll was on the bet's side of the target.
	Won bool
	// Multiplier is the payout multiple, 0.99 × 10000 / winning rolls; for
	// display only, Win is computed in integers.
	Multiplier float64
	// Win is the payout, stake included: floor(stake × 9900 / winning
	// rolls) when Won, else 0.
	Win int64
	// Chance is the probability of winning, winning rolls / 10000.
	Chance float64
}

// DiceWinningRolls is the number of rolls, out of DiceOutcomes, that win a
// bet on target: 9999 − target rolling over, target rolling under.
func DiceWinningRolls(target int, over bool) int {
	if over {
		return DiceOutcomes - 1 - target
	}
	return target
}

// PlayDice validates the bet and rolls: the roll is s.Intn(10000), the
// stream's first draw.
func PlayDice(s *Stream, b DiceBet) (DiceResult, error) {
	if !validStake(b.Stake) {
		return DiceResult{}, fmt.Errorf("%w: the dice stake must be 1 to %d minor units", ErrInvalidStake, MaxStake)
	}
	if b.Target < DiceMinTarget || b.Target > DiceMaxTarget {
		return DiceResult{}, fmt.Errorf("%w: %d is outside %d..%d", ErrInvalidTarget, b.Target, DiceMinTarget, DiceMaxTarget)
	}
	return settleDice(b, s.Intn(DiceOutcomes)), nil
}

// settleDice is the result of a valid bet b for a given roll.
func settleDice(b DiceBet, roll int) DiceResult {
	w := DiceWinningRolls(b.Target, b.Over)
	res := DiceResult{
		Roll:       roll,
		Multiplier: float64(diceReturn) / float64(w),
		Chance:     float64(w) / DiceOutcomes,
	}
	if b.Over {
		res.Won = roll > b.Target
	} else {
		res.Won = roll < b.Target
	}
	if res.Won {
		res.Win = mulDivFloor(b.Stake, diceReturn, int64(w))
	}
	return res
}
