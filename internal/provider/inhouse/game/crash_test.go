package game

import (
	"errors"
	"math"
	"testing"
)

var crashCashOuts = []int64{101, 110, 150, 200, 333, 500, 1000, 2500, 10_000, 100_000, CrashMaxCashOut}

func TestCrashRTP(t *testing.T) {
	for _, c := range crashCashOuts {
		rtp := float64(c) / 100 * CrashWinProbability(c)
		if rtp < 0.985 || rtp > 0.995 {
			t.Errorf("cash-out %d: RTP %.8f", c, rtp)
		}
	}
}

func TestCrashWinProbabilityIsExact(t *testing.T) {
	// The points are non-decreasing in r, so the winning draws are a top
	// range of r. Find its first value from the formula and check both sides
	// of the edge with crashPoint itself: then the count of winning draws,
	// and so the probability, is exactly what CrashWinProbability says.
	for _, c := range append(crashCashOuts, 102, 199, 201, 999_999) {
		wins := uint64(math.Round(CrashWinProbability(c) * (1 << 32)))
		first := uint64(1<<32) - wins
		if p := crashPoint(uint32(first)); p < c {
			t.Errorf("cash-out %d: first winning draw %d crashes at %d", c, first, p)
		}
		if p := crashPoint(uint32(first - 1)); p >= c {
			t.Errorf("cash-out %d: draw %d before the first winner reaches %d", c, first-1, p)
		}
	}
	if CrashWinProbability(100) != 1 {
		t.Error("every point is at least 1.00x")
	}
}

func TestCrashPoint(t *testing.T) {
	tests := []struct {
		r    uint32
		want int64
	}{
		{0, 100},                         // 0.99 shows as 1.00
		{1 << 31, 198},                   // u = 1/2: 0.99 × 2
		{3 << 30, 396},                   // u = 3/4: 0.99 × 4
		{math.MaxUint32, 99 << 32},       // the top draw
		{1307303430, 142},                // the replay round below
		{84_215_045, 100},                // just under 1.01x
		{1<<32 - 4_209_067_950 + 1, 101}, // floor(99·2³²/101) = 4,209,067,950
	}
	for _, tt := range tests {
		if got := crashPoint(tt.r); got != tt.want {
			t.Errorf("crashPoint(%d) = %d, want %d", tt.r, got, tt.want)
		}
	}
}

func TestCrashRules(t *testing.T) {
	tests := []struct {
		name string
		bet  CrashBet
		r    uint32
		won  bool
		win  int64
	}{
		{"reaches the cash-out exactly", CrashBet{100, 198}, 1 << 31, true, 198},
		{"crashes one hundredth short", CrashBet{100, 199}, 1 << 31, false, 0},
		{"win floored", CrashBet{33, 150}, 1 << 31, true, 49},
		{"largest bet and cash-out", CrashBet{MaxStake, CrashMaxCashOut}, math.MaxUint32, true, MaxStake * 10_000},
		{"instant crash", CrashBet{100, 101}, 0, false, 0},
	}
	for _, tt := range tests {
		// A stream cannot be steered to a given draw, so settle by hand the
		// way PlayCrash does.
		res := CrashResult{CrashPoint: crashPoint(tt.r)}
		if res.CrashPoint >= tt.bet.CashOut {
			res.Won, res.Win = true, mulDivFloor(tt.bet.Stake, tt.bet.CashOut, 100)
		}
		if res.Won != tt.won || res.Win != tt.win {
			t.Errorf("%s: %+v, want won %v win %d", tt.name, res, tt.won, tt.win)
		}
	}
}

func TestCrashRefuses(t *testing.T) {
	tests := []struct {
		bet  CrashBet
		want error
	}{
		{CrashBet{0, 200}, ErrInvalidStake},
		{CrashBet{MaxStake + 1, 200}, ErrInvalidStake},
		{CrashBet{100, 100}, ErrInvalidCashOut},
		{CrashBet{100, CrashMaxCashOut + 1}, ErrInvalidCashOut},
	}
	for _, tt := range tests {
		if _, err := PlayCrash(NewStream("s", "c", 0), tt.bet); !errors.Is(err, tt.want) {
			t.Errorf("PlayCrash(%+v) error %v, want %v", tt.bet, err, tt.want)
		}
	}
}

func TestCrashMonteCarlo2x(t *testing.T) {
	const rounds = 200_000
	bet := CrashBet{Stake: 100, CashOut: 200}
	wins := 0
	for n := range rounds {
		res, err := PlayCrash(NewStream(testServerSeed, "crash-mc", uint64(n)), bet)
		if err != nil {
			t.Fatal(err)
		}
		if res.Won != (res.CrashPoint >= 200) || res.Won != (res.Win == 200) {
			t.Fatalf("nonce %d: %+v", n, res)
		}
		if res.Won {
			wins++
		}
	}
	p := CrashWinProbability(200)
	got := float64(wins) / rounds
	se := math.Sqrt(p * (1 - p) / rounds)
	t.Logf("P(win at 2.00x): %.5f over %d rounds, exact %.8f, se %.5f", got, rounds, p, se)
	if math.Abs(got-p) > 5*se {
		t.Errorf("P(win at 2.00x) = %.5f, want %.5f ± %.5f", got, p, 5*se)
	}
}

func TestCrashReplay(t *testing.T) {
	// Nonce 43: first 4 bytes 1307303430, point 1.42x, from Python's hmac.
	bet := CrashBet{Stake: 1000, CashOut: 142}
	a, err := PlayCrash(NewStream(testServerSeed, testClientSeed, 43), bet)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := PlayCrash(NewStream(testServerSeed, testClientSeed, 43), bet)
	if a != b || a.CrashPoint != 142 || !a.Won || a.Win != 1420 {
		t.Errorf("replay = %+v then %+v, want point 142 winning 1420", a, b)
	}
}
