package game

import (
	"errors"
	"testing"
)

func TestDiceRTPEveryTarget(t *testing.T) {
	// For every target and side, settle all 10,000 rolls and average the
	// return: 0.99 less what flooring the win to a minor unit costs.
	const stake = 1_000_000
	lo, hi := 1.0, 0.0
	for target := DiceMinTarget; target <= DiceMaxTarget; target++ {
		for _, over := range []bool{false, true} {
			b := DiceBet{Stake: stake, Target: target, Over: over}
			var total, wins int64
			for roll := range DiceOutcomes {
				if r := settleDice(b, roll); r.Won {
					total += r.Win
					wins++
				}
			}
			if int(wins) != DiceWinningRolls(target, over) {
				t.Fatalf("target %d over %v: %d winning rolls, DiceWinningRolls says %d", target, over, wins, DiceWinningRolls(target, over))
			}
			rtp := float64(total) / stake / DiceOutcomes
			lo, hi = min(lo, rtp), max(hi, rtp)
			if rtp < 0.989 || rtp > 0.990 {
				t.Errorf("target %d over %v: RTP %.6f", target, over, rtp)
			}
		}
	}
	t.Logf("dice RTP at stake %d: %.6f..%.6f", stake, lo, hi)
}

func TestDiceRules(t *testing.T) {
	tests := []struct {
		name   string
		bet    DiceBet
		roll   int
		won    bool
		win    int64
		chance float64
	}{
		{"over wins above the target", DiceBet{100, 5000, true}, 5001, true, 198, 0.4999},
		{"over loses on the target", DiceBet{100, 5000, true}, 5000, false, 0, 0.4999},
		{"under wins below the target", DiceBet{100, 5000, false}, 4999, true, 198, 0.5},
		{"under loses on the target", DiceBet{100, 5000, false}, 5000, false, 0, 0.5},
		{"lowest under target, lowest roll", DiceBet{MaxStake, 100, false}, 0, true, 99 * MaxStake, 0.01},
		{"highest over target, highest roll", DiceBet{7, 9800, true}, 9999, true, 7 * 9900 / 199, 0.0199},
		{"over 1.00 loses on 0.50", DiceBet{1000, 100, true}, 50, false, 0, 0.9899},
		{"floored win", DiceBet{1, 9800, false}, 0, true, 1, 0.98},
	}
	for _, tt := range tests {
		r := settleDice(tt.bet, tt.roll)
		if r.Won != tt.won || r.Win != tt.win || r.Chance != tt.chance || r.Roll != tt.roll {
			t.Errorf("%s: %+v, want won %v win %d chance %v", tt.name, r, tt.won, tt.win, tt.chance)
		}
		if want := 0.99 / tt.chance; r.Multiplier < want-1e-9 || r.Multiplier > want+1e-9 {
			t.Errorf("%s: multiplier %v, want %v", tt.name, r.Multiplier, want)
		}
	}
}

func TestDiceRefuses(t *testing.T) {
	tests := []struct {
		bet  DiceBet
		want error
	}{
		{DiceBet{0, 5000, true}, ErrInvalidStake},
		{DiceBet{-5, 5000, true}, ErrInvalidStake},
		{DiceBet{MaxStake + 1, 5000, true}, ErrInvalidStake},
		{DiceBet{100, 99, false}, ErrInvalidTarget},
		{DiceBet{100, 9801, true}, ErrInvalidTarget},
		{DiceBet{100, -1, true}, ErrInvalidTarget},
	}
	for _, tt := range tests {
		if _, err := PlayDice(NewStream("s", "c", 0), tt.bet); !errors.Is(err, tt.want) {
			t.Errorf("PlayDice(%+v) error %v, want %v", tt.bet, err, tt.want)
		}
	}
}

func TestDiceReplay(t *testing.T) {
	// Nonce 42: roll 2306 (23.06), computed with Python's hmac.
	bet := DiceBet{Stake: 500, Target: 5000, Over: false}
	a, err := PlayDice(NewStream(testServerSeed, testClientSeed, 42), bet)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := PlayDice(NewStream(testServerSeed, testClientSeed, 42), bet)
	if a != b {
		t.Fatalf("same seeds, different rolls: %+v, %+v", a, b)
	}
	if a.Roll != 2306 || !a.Won || a.Win != 990 {
		t.Errorf("replay = %+v, want roll 2306 winning 990", a)
	}
}
