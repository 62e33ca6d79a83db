package game

import (
	"errors"
	"math"
	"reflect"
	"runtime"
	"sync"
	"testing"
)

// lineOf turns symbols into the ids of config c, for evalLine tests.
func (c *slotConfig) lineOf(t *testing.T, syms ...Symbol) [5]uint8 {
	t.Helper()
	var ids [5]uint8
	for i, sym := range syms {
		id := -1
		for k, name := range c.names {
			if name == sym {
				id = k
			}
		}
		if id < 0 {
			t.Fatalf("unknown symbol %q", sym)
		}
		ids[i] = uint8(id)
	}
	return ids
}

func TestSlotRTP(t *testing.T) {
	exact := SlotExactRTP()
	t.Logf("published %.4f, exact %.6f", SlotPublishedRTP, exact)
	if SlotPublishedRTP < 0.94 || SlotPublishedRTP > 0.97 {
		t.Errorf("published RTP %.4f is outside 0.94..0.97", SlotPublishedRTP)
	}
	if d := math.Abs(exact - SlotPublishedRTP); d > 0.005 {
		t.Errorf("exact RTP %.6f is %.4f from the published %.4f", exact, d, SlotPublishedRTP)
	}
	// The strips are tuned much closer than the 0.5% the RTP test allows;
	// keep them there so a careless edit shows up.
	if d := math.Abs(exact - SlotPublishedRTP); d > 0.001 {
		t.Errorf("exact RTP %.6f drifted %.4f from the published %.4f (design target 0.001)", exact, d, SlotPublishedRTP)
	}
}

// tinySlot is a small config whose every stop combination (2,400) can be
// visited. It is built to reach the corners of the rules: a reel that shows
// two scatters, a two-of-a-kind pay, five wilds that read as SEVEN, scatter
// pays looked up below the largest key, free spins triggered often (four
// scatters) with a cap that is not a multiple of the award, so rounds hit the
// cap and get a partial award.
func tinySlot() Paytable {
	W, S, X, C := Wild, Scatter, Seven, Cherry
	var lines [20][5]int
	copy(lines[:], slotLines[:])
	return Paytable{
		Symbols: []SymbolPays{
			{W, map[int]int64{3: 20, 4: 50, 5: 100}},
			{X, map[int]int64{3: 10, 4: 40, 5: 200}},
			{C, map[int]int64{2: 1, 3: 2, 4: 4, 5: 8}},
		},
		Wild:    W,
		Scatter: S,
		Lines:   lines,
		Reels: [5][]Symbol{
			{X, W, C, S, C},
			{C, X, W, S},
			{S, S, C, W, X, C},
			{W, C, X, S, C},
			{C, X, S, W},
		},
		ScatterPays:        map[int]int64{2: 1, 4: 3, 6: 10},
		FreeSpinScatters:   4,
		FreeSpins:          2,
		FreeSpinMultiplier: 2,
		MaxFreeSpins:       7,
	}
}

func TestSlotExactMatchesBruteForce(t *testing.T) {
	c := mustCompileSlot(tinySlot())
	st := c.stats()

	// Visit every stop combination and play it with the real evaluator,
	// stake 20 (1 per line).
	const stake = 20
	type outcome struct {
		win  int64
		trig bool
	}
	outcomes := map[outcome]int64{}
	var combos, total, triggers int64
	var stops [5]int
	var visit func(reel int)
	visit = func(reel int) {
		if reel == 5 {
			sp := c.spinAt(stops, 1, stake, 1)
			trig := sp.Scatters >= c.trigger
			outcomes[outcome{sp.Win, trig}]++
			combos++
			total += sp.Win
			if trig {
				triggers++
			}
			return
		}
		for stops[reel] = range c.reels[reel] {
			visit(reel + 1)
		}
	}
	visit(0)

	if combos != st.combos || total != stake*(st.lineSum+st.scatterSum) || triggers != st.triggers {
		t.Fatalf("brute force: %d combos, total win %d, %d triggers; exact: %d combos, total win %d, %d triggers",
			combos, total, triggers, st.combos, stake*(st.lineSum+st.scatterSum), st.triggers)
	}
	if triggers == 0 || st.scatterSum == 0 {
		t.Fatal("the tiny config should trigger free spins and pay scatters")
	}

	// The round by conditioning on each spin's full outcome, a different
	// route from stats().rtp(): value(left, awarded) is the expected free-spin
	// win still to come.
	type state struct{ left, awarded int }
	memo := map[state]float64{}
	var value func(left, awarded int) float64
	value = func(left, awarded int) float64 {
		if left == 0 {
			return 0
		}
		if v, ok := memo[state{left, awarded}]; ok {
			return v
		}
		v := 0.0
		for o, n := range outcomes {
			p := float64(n) / float64(combos)
			g := 0
			if o.trig {
				g = min(c.freeSpins, c.maxFreeSpins-awarded)
			}
			v += p * (float64(o.win*c.multiplier)/stake + value(left-1+g, awarded+g))
		}
		memo[state{left, awarded}] = v
		return v
	}
	brute := 0.0
	for o, n := range outcomes {
		v := float64(o.win) / stake
		if o.trig {
			v += value(c.freeSpins, c.freeSpins)
		}
		brute += float64(n) / float64(combos) * v
	}
	if exact := st.rtp(); math.Abs(exact-brute) > 1e-12 {
		t.Errorf("tiny config: exact RTP %.15f, brute force %.15f", exact, brute)
	}
}

// TestSlotExactMatchesBruteForcePublished visits all 42.5 million stop
// combinations of the published strips and checks the exact single-spin
// counts the RTP is built from.
func TestSlotExactMatchesBruteForcePublished(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("visits 42.5 million spins; run without -short and -race")
	}
	c := fortuneReels
	st := c.stats()
	type sums struct{ line, scatter, triggers int64 }
	results := make([]sums, len(c.reels[0]))
	var wg sync.WaitGroup
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	for s0 := range c.reels[0] {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			var sum sums
			var ids [5][3]uint8
			grab := func(i, stop int) {
				strip := c.reels[i]
				for r := range 3 {
					ids[i][r] = strip[(stop+r)%len(strip)]
				}
			}
			grab(0, s0)
			for s1 := range c.reels[1] {
				grab(1, s1)
				for s2 := range c.reels[2] {
					grab(2, s2)
					for s3 := range c.reels[3] {
						grab(3, s3)
						for s4 := range c.reels[4] {
							grab(4, s4)
							scatters := 0
							for i := range ids {
								for _, id := range ids[i] {
									if id == c.scatter {
										scatters++
									}
								}
							}
							for _, line := range c.lines {
								_, _, pay := c.evalLine([5]uint8{ids[0][line[0]], ids[1][line[1]], ids[2][line[2]], ids[3][line[3]], ids[4][line[4]]})
								sum.line += pay
							}
							sum.scatter += c.scatterPays[scatters]
							if scatters >= c.trigger {
								sum.triggers++
							}
						}
					}
				}
			}
			results[s0] = sum
		}()
	}
	wg.Wait()
	var total sums
	for _, s := range results {
		total.line += s.line
		total.scatter += s.scatter
		total.triggers += s.triggers
	}
	// All 20 lines together, in stakes per line, are 20 times one line.
	if want := int64(len(c.lines)) * st.lineSum; total.line != want {
		t.Errorf("line pays: brute force %d, exact %d", total.line, want)
	}
	if total.scatter != st.scatterSum || total.triggers != st.triggers {
		t.Errorf("scatters: brute force pays %d, triggers %d; exact %d, %d", total.scatter, total.triggers, st.scatterSum, st.triggers)
	}
}

func TestFreeSpinValue(t *testing.T) {
	tests := []struct {
		name       string
		per, p     float64
		award, max int
		want       float64
	}{
		{"no retrigger", 1, 0, 10, 100, 10},
		{"always retrigger hits the cap", 1, 1, 10, 100, 100},
		{"partial award at the cap", 1, 1, 10, 25, 25},
		// Award 1, cap 2: a second spin happens with probability p.
		{"one retrigger", 2, 0.25, 1, 2, 2 * 1.25},
		// Cap out of reach: each spin awards 10·p = 0.1 spins on average, so
		// the mean count is 10/(1−0.1); reaching 1,000 spins is so unlikely
		// that the cap changes nothing at this tolerance.
		{"uncapped mean", 1, 0.01, 10, 1000, 10 / (1 - 10*0.01)},
	}
	for _, tt := range tests {
		if got := freeSpinValue(tt.per, tt.p, tt.award, tt.max); math.Abs(got-tt.want) > 1e-9 {
			t.Errorf("%s: freeSpinValue = %.12f, want %.12f", tt.name, got, tt.want)
		}
	}
}

// slotReturns plays rounds on config c with nonces 0..rounds-1 of the test
// seeds, on all CPUs, and returns the mean and the sample standard deviation
// of the round return (win / stake), and the most free spins seen in a round.
func slotReturns(t *testing.T, c *slotConfig, rounds int) (mean, sd float64, maxFree int) {
	t.Helper()
	const stake = 20
	workers := runtime.GOMAXPROCS(0)
	type part struct {
		sum     int64
		sumSq   float64
		maxFree int
		err     error
	}
	parts := make([]part, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			p := &parts[w]
			for n := w; n < rounds; n += workers {
				res, err := c.play(NewStream(testServerSeed, testClientSeed, uint64(n)), stake)
				if err != nil {
					p.err = err
					return
				}
				p.sum += res.Win
				p.sumSq += float64(res.Win) * float64(res.Win)
				p.maxFree = max(p.maxFree, len(res.FreeSpins))
			}
		}()
	}
	wg.Wait()
	var sum int64
	var sumSq float64
	for _, p := range parts {
		if p.err != nil {
			t.Fatal(p.err)
		}
		sum += p.sum
		sumSq += p.sumSq
		maxFree = max(maxFree, p.maxFree)
	}
	n := float64(rounds)
	mean = float64(sum) / n / stake
	variance := (sumSq/(stake*stake) - n*mean*mean) / (n - 1)
	return mean, math.Sqrt(variance), maxFree
}

func TestSlotMonteCarlo(t *testing.T) {
	if testing.Short() {
		t.Skip("plays a million rounds")
	}
	const rounds = 1_000_000
	exact := SlotExactRTP()
	mean, sd, maxFree := slotReturns(t, fortuneReels, rounds)
	se := sd / math.Sqrt(rounds)
	t.Logf("%d rounds: mean return %.5f, sd %.3f, standard error %.5f, exact %.5f, z %.2f, most free spins %d",
		rounds, mean, sd, se, exact, (mean-exact)/se, maxFree)
	if math.Abs(mean-exact) >= 5*se {
		t.Errorf("mean return %.5f is more than 5 standard errors (%.5f) from the exact %.5f", mean, se, exact)
	}
}

func TestSlotMonteCarloTinyCap(t *testing.T) {
	// The tiny config retriggers often, so this checks that play's free-spin
	// loop and cap are the ones the exact value assumes.
	c := mustCompileSlot(tinySlot())
	rounds := 200_000
	if testing.Short() {
		rounds = 20_000
	}
	exact := c.stats().rtp()
	mean, sd, maxFree := slotReturns(t, c, rounds)
	se := sd / math.Sqrt(float64(rounds))
	t.Logf("tiny: %d rounds: mean %.5f, exact %.5f, se %.5f, most free spins %d", rounds, mean, exact, se, maxFree)
	if math.Abs(mean-exact) >= 5*se {
		t.Errorf("mean return %.5f is more than 5 standard errors (%.5f) from the exact %.5f", mean, se, exact)
	}
	if maxFree != c.maxFreeSpins {
		t.Errorf("most free spins in a round %d, want the cap %d", maxFree, c.maxFreeSpins)
	}
}

func TestEvalLine(t *testing.T) {
	W, S := Wild, Scatter
	tests := []struct {
		name  string
		line  []Symbol
		sym   Symbol
		count int
		pay   int64
	}{
		{"three cherries", []Symbol{Cherry, Cherry, Cherry, Lemon, Seven}, Cherry, 3, 5},
		{"four sevens", []Symbol{Seven, Seven, Seven, Seven, Bar}, Seven, 4, 200},
		{"five bars", []Symbol{Bar, Bar, Bar, Bar, Bar}, Bar, 5, 500},
		{"two of a kind pays nothing", []Symbol{Bar, Bar, Bell, Bar, Bar}, W, 0, 0},
		{"only from the left", []Symbol{Lemon, Bar, Bar, Bar, Bar}, W, 0, 0},
		{"wild in the middle", []Symbol{Bell, W, Bell, Bell, Melon}, Bell, 4, 60},
		{"wilds everywhere after", []Symbol{Cherry, W, W, W, W}, Cherry, 5, 40},
		{"leading wild substitutes", []Symbol{W, Grape, Grape, Lemon, Lemon}, Grape, 3, 10},
		{"leading wilds pay as wild when better", []Symbol{W, W, W, Cherry, Lemon}, W, 3, 100},
		{"leading wilds pay as the symbol when better", []Symbol{W, W, W, Seven, Seven}, Seven, 5, 1000},
		{"four leading wilds", []Symbol{W, W, W, W, Lemon}, W, 4, 500},
		{"five wilds", []Symbol{W, W, W, W, W}, W, 5, 2000},
		{"two leading wilds make three", []Symbol{W, W, Lemon, Cherry, Cherry}, Lemon, 3, 5},
		{"one wild and a pair pays nothing", []Symbol{W, Lemon, Cherry, Cherry, Cherry}, W, 0, 0},
		{"scatter is not substituted", []Symbol{Cherry, Cherry, S, Cherry, Cherry}, W, 0, 0},
		{"scatter ends the wilds", []Symbol{W, W, W, S, Seven}, W, 3, 100},
		{"scatter after wilds leaves nothing", []Symbol{W, W, S, Seven, Seven}, W, 0, 0},
		{"leading scatter", []Symbol{S, Cherry, Cherry, Cherry, Cherry}, W, 0, 0},
		{"scatter ends a run", []Symbol{Melon, Melon, W, S, Melon}, Melon, 3, 15},
	}
	c := fortuneReels
	for _, tt := range tests {
		sym, count, pay := c.evalLine(c.lineOf(t, tt.line...))
		if pay != tt.pay || (pay > 0 && (c.names[sym] != tt.sym || count != tt.count)) {
			t.Errorf("%s: %v pays %s×%d = %d, want %s×%d = %d", tt.name, tt.line, c.names[sym], count, pay, tt.sym, tt.count, tt.pay)
		}
	}

	// Five wilds read as the best five of a kind when it beats the wild's
	// own pay (the tiny config: SEVEN 200 over WILD 100).
	tiny := mustCompileSlot(tinySlot())
	if sym, n, pay := tiny.evalLine(tiny.lineOf(t, W, W, W, W, W)); tiny.names[sym] != Seven || n != 5 || pay != 200 {
		t.Errorf("tiny five wilds pay %s×%d = %d, want SEVEN×5 = 200", tiny.names[sym], n, pay)
	}
}

func TestSlotStake(t *testing.T) {
	tests := []struct {
		stake int64
		ok    bool
	}{
		{20, true},
		{1000, true},
		{MaxStake, true},
		{0, false},
		{-20, false},
		{10, false},
		{30, false},
		{1001, false},
		{MaxStake + 20, false},
	}
	for _, tt := range tests {
		res, err := PlaySlot(NewStream(testServerSeed, testClientSeed, 1), tt.stake)
		if tt.ok && (err != nil || res.Stake != tt.stake) {
			t.Errorf("PlaySlot(stake %d) = %v", tt.stake, err)
		}
		if !tt.ok && !errors.Is(err, ErrInvalidStake) {
			t.Errorf("PlaySlot(stake %d) error %v, want ErrInvalidStake", tt.stake, err)
		}
	}
}

// TestSlotRoundInvariants replays rounds and checks each result against the
// published paytable independently of the evaluator's bookkeeping.
func TestSlotRoundInvariants(t *testing.T) {
	p := SlotPaytable()
	pays := map[Symbol]map[int]int64{}
	for _, sp := range p.Symbols {
		pays[sp.Symbol] = sp.Pays
	}
	const stake = 200
	var sawFree, sawRetrigger, sawScatterWin bool
	for n := range 30_000 {
		res, err := PlaySlot(NewStream(testServerSeed, "invariants", uint64(n)), stake)
		if err != nil {
			t.Fatal(err)
		}
		spins := append([]Spin{res.Base}, res.FreeSpins...)
		total, awarded := int64(0), 0
		for k, sp := range spins {
			mult := int64(1)
			if k > 0 {
				mult = int64(p.FreeSpinMultiplier)
			}
			scatters := 0
			for i := range 5 {
				strip := p.Reels[i]
				for r := range 3 {
					if sp.Grid[i][r] != strip[(sp.Stops[i]+r)%len(strip)] {
						t.Fatalf("nonce %d spin %d: grid does not match stops", n, k)
					}
					if sp.Grid[i][r] == Scatter {
						scatters++
					}
				}
			}
			lineTotal := int64(0)
			for _, lw := range sp.Lines {
				if want := pays[lw.Symbol][lw.Count] * stake / 20 * mult; lw.Win != want || want == 0 {
					t.Fatalf("nonce %d spin %d: line %+v, want win %d", n, k, lw, want)
				}
				lineTotal += lw.Win
			}
			wantScatter := int64(0)
			if scatters >= 3 {
				wantScatter = p.ScatterPays[min(scatters, 5)] * stake * mult
				sawScatterWin = true
			}
			if sp.Scatters != scatters || sp.ScatterWin != wantScatter || sp.Win != lineTotal+wantScatter || sp.Multiplier != int(mult) {
				t.Fatalf("nonce %d spin %d: %+v, want %d scatters paying %d", n, k, sp, scatters, wantScatter)
			}
			if (scatters >= 3) != (sp.FreeSpinsAwarded > 0) && awarded < p.MaxFreeSpins {
				t.Fatalf("nonce %d spin %d: %d scatters awarded %d free spins", n, k, scatters, sp.FreeSpinsAwarded)
			}
			if k > 0 && sp.FreeSpinsAwarded > 0 {
				sawRetrigger = true
			}
			awarded += sp.FreeSpinsAwarded
			total += sp.Win
		}
		if awarded != len(res.FreeSpins) || awarded > p.MaxFreeSpins || res.Win != total {
			t.Fatalf("nonce %d: %d free spins awarded, %d played, win %d, spins total %d", n, awarded, len(res.FreeSpins), res.Win, total)
		}
		sawFree = sawFree || awarded > 0
	}
	if !sawFree || !sawRetrigger || !sawScatterWin {
		t.Errorf("30,000 rounds saw free spins %v, retrigger %v, scatter win %v", sawFree, sawRetrigger, sawScatterWin)
	}
}

func TestSlotPaytable(t *testing.T) {
	p := SlotPaytable()
	seen := map[[5]int]bool{}
	for i, line := range p.Lines {
		if seen[line] {
			t.Errorf("payline %d repeats %v", i+1, line)
		}
		seen[line] = true
	}
	for i, strip := range p.Reels {
		if len(strip) < 30 || len(strip) > 40 {
			t.Errorf("reel %d has %d stops, want 30..40", i+1, len(strip))
		}
		// At most one scatter visible per reel: scatters three stops apart.
		for k := range strip {
			n := 0
			for r := range 3 {
				if strip[(k+r)%len(strip)] == Scatter {
					n++
				}
			}
			if n > 1 {
				t.Errorf("reel %d shows %d scatters at stop %d", i+1, n, k)
			}
		}
	}
	// The published table is a copy: changing it does not change the game.
	p.Reels[0][0] = Scatter
	p.Symbols[0].Pays[5] = 1
	p.ScatterPays[3] = 1000
	if q := SlotPaytable(); q.Reels[0][0] == Scatter || q.Symbols[0].Pays[5] == 1 || q.ScatterPays[3] == 1000 {
		t.Error("SlotPaytable shares its slices or maps")
	}
	if _, err := compileSlot(SlotPaytable()); err != nil {
		t.Error(err)
	}
}

func TestSlotMaxWinFitsInt64(t *testing.T) {
	// A spin pays at most the best line pay on every line plus the best
	// scatter pay; a round at most that on the base spin and, multiplied, on
	// every free spin the cap allows.
	p := SlotPaytable()
	best := int64(0)
	for _, sp := range p.Symbols {
		for _, pay := range sp.Pays {
			best = max(best, pay)
		}
	}
	bestScatter := int64(0)
	for _, pay := range p.ScatterPays {
		bestScatter = max(bestScatter, pay)
	}
	perSpin := best + bestScatter // stakes: 20 lines × best × stake/20, plus scatter
	perRound := perSpin * (1 + int64(p.FreeSpinMultiplier*p.MaxFreeSpins))
	if perRound > math.MaxInt64/MaxStake {
		t.Errorf("a round can pay %d stakes; at MaxStake that overflows int64", perRound)
	}
}

func TestCompileSlotRefuses(t *testing.T) {
	tests := []struct {
		name   string
		change func(*Paytable)
	}{
		{"unknown reel symbol", func(p *Paytable) { p.Reels[2][0] = "DIAMOND" }},
		{"short reel", func(p *Paytable) { p.Reels[1] = p.Reels[1][:2] }},
		{"bad row", func(p *Paytable) { p.Lines[4][2] = 3 }},
		{"scatter on lines", func(p *Paytable) { p.Symbols = append(p.Symbols, SymbolPays{Scatter, nil}) }},
		{"no wild pays", func(p *Paytable) { p.Symbols = p.Symbols[1:] }},
		{"duplicate symbol", func(p *Paytable) { p.Symbols = append(p.Symbols, p.Symbols[1]) }},
		{"six of a kind", func(p *Paytable) { p.Symbols[1].Pays[6] = 1 }},
		{"scatter count 16", func(p *Paytable) { p.ScatterPays[16] = 1 }},
		{"cap below award", func(p *Paytable) { p.MaxFreeSpins = 5 }},
	}
	for _, tt := range tests {
		p := SlotPaytable()
		tt.change(&p)
		if _, err := compileSlot(p); err == nil {
			t.Errorf("%s: compiled", tt.name)
		}
	}
}

func TestSlotReplay(t *testing.T) {
	// Nonce 7: stops from Python's hmac with rejection sampling per the guide.
	play := func() SlotResult {
		res, err := PlaySlot(NewStream(testServerSeed, testClientSeed, 7), 100)
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	a, b := play(), play()
	if !reflect.DeepEqual(a, b) {
		t.Fatalf("same seeds, different rounds:\n%+v\n%+v", a, b)
	}
	if want := [5]int{30, 25, 16, 0, 22}; a.Base.Stops != want {
		t.Errorf("stops %v, want %v", a.Base.Stops, want)
	}
	t.Logf("%+v", a)
}

func BenchmarkPlaySlot(b *testing.B) {
	b.ReportAllocs()
	n := uint64(0)
	for b.Loop() {
		if _, err := PlaySlot(NewStream(testServerSeed, testClientSeed, n), 20); err != nil {
			b.Fatal(err)
		}
		n++
	}
}
