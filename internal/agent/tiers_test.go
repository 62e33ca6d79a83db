package agent

import (
	"errors"
	"testing"
)

func TestCheckTiers(t *testing.T) {
	ok := []Tier{{ValidBet: 0, ActiveMembers: 0, Rate: 50}, {ValidBet: 100_000, ActiveMembers: 5, Rate: 80}}
	cases := []struct {
		name  string
		kind  Kind
		tiers []Tier
		bad   bool
	}{
		{"two rising tiers", DailySalary, ok, false},
		{"none", DailySalary, nil, true},
		{"eleven", DailySalary, make([]Tier, 11), true},
		{"zero rate", DailySalary, []Tier{{Rate: 0}}, true},
		{"over 100 %", Dividend, []Tier{{Rate: 10_001}}, true},
		{"negative threshold", DailySalary, []Tier{{ValidBet: -1, Rate: 1}}, true},
		{"falling rate", DailySalary, []Tier{{Rate: 80}, {ValidBet: 10, Rate: 50}}, true},
		{"falling threshold", DailySalary, []Tier{{ValidBet: 10, Rate: 50}, {ValidBet: 5, Rate: 60}}, true},
		{"loss on a salary", HourlySalary, []Tier{{Loss: 10, Rate: 50}}, true},
		{"loss on a dividend", Dividend, []Tier{{Loss: 10, Rate: 3000}}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := checkTiers(c.kind, c.tiers)
			if c.bad != (err != nil) || (err != nil && !errors.Is(err, ErrTiersInvalid)) {
				t.Fatalf("checkTiers = %v, want bad=%v", err, c.bad)
			}
		})
	}
}

func TestTierFor(t *testing.T) {
	tiers := []Tier{{ValidBet: 1000, ActiveMembers: 1, Rate: 50}, {ValidBet: 5000, ActiveMembers: 3, Rate: 80}, {ValidBet: 10_000, ActiveMembers: 3, Loss: 100, Rate: 100}}
	cases := []struct {
		bet, active, loss int64
		want              int
	}{
		{999, 5, 0, -1},
		{1000, 1, 0, 0},
		{6000, 2, 0, 0},
		{6000, 3, 0, 1},
		{20_000, 9, 99, 1},
		{20_000, 9, 100, 2},
	}
	for _, c := range cases {
		if got := tierFor(tiers, c.bet, c.active, c.loss); got != c.want {
			t.Errorf("tierFor(%d, %d, %d) = %d, want %d", c.bet, c.active, c.loss, got, c.want)
		}
	}
	if share(12345, 150) != 185 || share(-5, 100) != 0 {
		t.Fatal("share rounds down and pays nothing on nothing")
	}
}
