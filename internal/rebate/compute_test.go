package rebate

import (
	"errors"
	"math"
	"testing"
)

func TestPickMostSpecific(t *testing.T) {
	p := program{kind: KindRebate, rates: []Rate{
		{ID: 1, GameType: "", VIPLevel: 0, RateBp: 50},
		{ID: 2, GameType: "", VIPLevel: 3, RateBp: 80},
		{ID: 3, GameType: "RNG", VIPLevel: 0, RateBp: 60},
		{ID: 4, GameType: "RNG", VIPLevel: 5, RateBp: 90},
		{ID: 5, GameType: "LIVE", VIPLevel: 2, RateBp: 70},
	}}
	for _, c := range []struct {
		gameType string
		vip      int
		want     int64 // rate id, 0: none
	}{
		{"SPORTS", 0, 1},
		{"SPORTS", 4, 2}, // highest level not above the member's
		{"RNG", 0, 3},    // exact game type over ""
		{"RNG", 4, 3},    // exact type wins over a higher level of ""
		{"RNG", 7, 4},    // the exact type's highest level
		{"LIVE", 1, 1},   // LIVE's rate wants level 2: "" applies
		{"LIVE", 2, 5},
	} {
		r, ok := p.pick(c.gameType, c.vip)
		if (c.want == 0) == ok || r.ID != c.want {
			t.Errorf("pick(%s, %d) = %d %v, want %d", c.gameType, c.vip, r.ID, ok, c.want)
		}
	}
	if _, ok := (program{rates: []Rate{{ID: 1, VIPLevel: 2}}}).pick("RNG", 1); ok {
		t.Error("a rate above the member's level applied")
	}
}

func TestDue(t *testing.T) {
	rebate := program{kind: KindRebate, rates: []Rate{{ID: 1, RateBp: 50, MinPayout: 10}, {ID: 2, GameType: "RNG", RateBp: 100, Cap: 300}}}
	cashback := program{kind: KindCashback, rates: []Rate{{ID: 1, RateBp: 500}, {ID: 2, GameType: "LIVE", RateBp: 1000}}}
	for _, c := range []struct {
		name         string
		p            program
		figs         map[string]fig
		base, amount int64
		below        bool
	}{
		{"rebate per type", rebate, map[string]fig{"LIVE": {10_000, 50_000}, "RNG": {20_000, 0}}, 30_000, 50 + 200, false},
		{"rate cap", rebate, map[string]fig{"RNG": {100_000, 0}}, 100_000, 300, false},
		{"below minimum", rebate, map[string]fig{"LIVE": {1_000, 0}}, 1_000, 0, true},
		{"nothing", rebate, map[string]fig{}, 0, 0, false},
		{"cashback on loss", cashback, map[string]fig{"RNG": {10_000, 4_000}}, 6_000, 300, false},
		{"cashback, a winner", cashback, map[string]fig{"RNG": {10_000, 14_000}}, 0, 0, false},
		// Lost 10,000 on LIVE, won 8,000 on RNG: net loss 2,000, paid at
		// most at the highest rate used (10%).
		{"cashback held to net loss", cashback, map[string]fig{"LIVE": {10_000, 0}, "RNG": {1_000, 9_000}}, 2_000, 200, false},
		{"no overflow", program{kind: KindRebate, rates: []Rate{{ID: 1, RateBp: 10000}}}, map[string]fig{"RNG": {math.MaxInt64 / 2, 0}}, math.MaxInt64 / 2, math.MaxInt64 / 2, false},
	} {
		base, amount, below := c.p.due(0, c.figs)
		if base != c.base || amount != c.amount || below != c.below {
			t.Errorf("%s: got %d %d %v, want %d %d %v", c.name, base, amount, below, c.base, c.amount, c.below)
		}
	}
}

func TestCheckRates(t *testing.T) {
	ok := Rate{Kind: KindRebate, Mode: ModeAuto, Period: "daily", RateBp: 50}
	with := func(f func(r *Rate)) []Rate { r := ok; f(&r); return []Rate{r} }
	for _, c := range []struct {
		name  string
		rates []Rate
		field string
	}{
		{"kind", with(func(r *Rate) { r.Kind = "bonus" }), "kind"},
		{"mode", with(func(r *Rate) { r.Mode = "" }), "mode"},
		{"period", with(func(r *Rate) { r.Period = "monthly" }), "period"},
		{"game type", with(func(r *Rate) { r.GameType = "<script>" }), "gameType"},
		{"long game type", with(func(r *Rate) { r.GameType = "ABCDEFGHIJKLMNOPQRSTU" }), "gameType"},
		{"level", with(func(r *Rate) { r.VIPLevel = 100 }), "vipLevel"},
		{"negative level", with(func(r *Rate) { r.VIPLevel = -1 }), "vipLevel"},
		{"zero rate", with(func(r *Rate) { r.RateBp = 0 }), "rateBp"},
		{"rate over 100%", with(func(r *Rate) { r.RateBp = 10001 }), "rateBp"},
		{"negative minimum", with(func(r *Rate) { r.MinPayout = -1 }), "minPayout"},
		{"huge cap", with(func(r *Rate) { r.Cap = math.MaxInt64 }), "cap"},
		{"two periods", []Rate{ok, {Kind: KindRebate, Mode: ModeAuto, Period: "weekly", GameType: "RNG", RateBp: 1}}, "period"},
		{"twice", []Rate{ok, ok}, "gameType"},
	} {
		err := Check(c.rates)
		var re *RateError
		if !errors.As(err, &re) || re.Field != c.field || !errors.Is(err, ErrRatesInvalid) {
			t.Errorf("%s: %v", c.name, err)
		}
	}
	if err := Check(append(SeedRates(), Rate{Kind: KindCashback, Mode: ModeManual, Period: "daily", GameType: "rng", RateBp: 5})); err != nil {
		t.Errorf("seed rates: %v", err)
	}
}
