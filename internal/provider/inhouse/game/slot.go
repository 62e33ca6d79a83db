package game

import (
	"errors"
	"fmt"
)

// Symbol is a slot symbol as published and as shown on the grid.
type Symbol string

// LineWin is one paying payline of a spin.
type LineWin struct {
	// Line is the payline number, 1..20; its shape is Paytable.Lines[Line-1].
	Line int
	// Symbol is the symbol the line paid as; WILD when the leading wilds paid
	// more on their own than the symbol they substitute for.
	Symbol Symbol
	// Count is how many reels from the left took part, 3..5.
	Count int
	// Win is the amount paid for the line, free-spin multiplier included.
	Win int64
}

// Spin is one spin of the reels, the base spin or a free spin.
type Spin struct {
	// Grid is what the player sees: Grid[reel][row], row 0 at the top.
	Grid [5][3]Symbol
	// Stops is the strip index shown on the top row of each reel; row r of
	// reel i shows Reels[i][(Stops[i]+r) % len(Reels[i])].
	Stops [5]int
	// Lines are the paying paylines in payline order.
	Lines []LineWin
	// Scatters is the number of SCATTER symbols visible anywhere.
	Scatters int
	// ScatterWin is the scatter pay, free-spin multiplier included.
	ScatterWin int64
	// Multiplier is 1 on the base spin and the free-spin multiplier on free
	// spins; Win already includes it.
	Multiplier int
	// Win is everything this spin paid: line wins plus ScatterWin.
	Win int64
	// FreeSpinsAwarded is the free spins this spin awarded, after the round's
	// MaxFreeSpins cap (so 0 once the cap has been reached).
	FreeSpinsAwarded int
}

// SlotResult is one round of the slot: the base spin and the free spins it
// led to, in play order.
type SlotResult struct {
	// Stake is the total stake of the round; free spins cost nothing.
	Stake int64
	// Base is the paid spin that opens the round.
	Base Spin
	// FreeSpins are the free spins, in the order they were played.
	FreeSpins []Spin
	// Win is everything the round paid: Base.Win plus every free spin's Win.
	Win int64
}

// PlaySlot plays one round of Portal Fortune Reels on stream s. The stake is
// the total over all 20 paylines and must be a positive multiple of 20 minor
// units (so the stake per line is whole and every pay, an integer multiple of
// it, is a whole minor unit) and at most MaxStake.
//
// The stream is used in this order: the base spin's stops for reels 1 to 5
// (each Intn(len(strip))), then each free spin's five stops in turn.
func PlaySlot(s *Stream, stake int64) (SlotResult, error) {
	return fortuneReels.play(s, stake)
}

// slotConfig is a Paytable compiled for play: symbols become small integer
// ids so evaluating 20 lines is cheap, and the scatter pays become a table by
// count. Tests build small configs with the same compiler, which is how the
// exact RTP method is checked against brute force.
type slotConfig struct {
	names        []Symbol   // symbol by id
	wild         uint8      // id of the wild
	scatter      uint8      // id of the scatter
	best5        uint8      // what five wilds read as: the highest five-of-a-kind pay
	pays         [][6]int64 // line pay by id and count, in stakes per line
	reels        [5][]uint8 // strips as ids
	lines        [][5]int   // row per reel of each payline
	scatterPays  [16]int64  // pay by visible scatter count, in total stakes
	trigger      int        // scatters that award free spins
	freeSpins    int        // free spins per award
	multiplier   int64      // free-spin win multiplier
	maxFreeSpins int        // cap on the free spins awarded in one round
}

// compileSlot checks a paytable and turns it into a slotConfig.
func compileSlot(p Paytable) (*slotConfig, error) {
	c := &slotConfig{
		lines:        make([][5]int, len(p.Lines)),
		trigger:      p.FreeSpinScatters,
		freeSpins:    p.FreeSpins,
		multiplier:   int64(p.FreeSpinMultiplier),
		maxFreeSpins: p.MaxFreeSpins,
	}
	ids := map[Symbol]uint8{}
	add := func(sym Symbol) (uint8, error) {
		if _, dup := ids[sym]; dup || sym == "" {
			return 0, fmt.Errorf("slot: symbol %q empty or listed twice", sym)
		}
		id := uint8(len(c.names))
		ids[sym] = id
		c.names = append(c.names, sym)
		c.pays = append(c.pays, [6]int64{})
		return id, nil
	}
	for _, sp := range p.Symbols {
		if sp.Symbol == p.Scatter {
			return nil, errors.New("slot: the scatter pays through ScatterPays, not lines")
		}
		id, err := add(sp.Symbol)
		if err != nil {
			return nil, err
		}
		for n, pay := range sp.Pays {
			if n < 1 || n > 5 || pay < 0 {
				return nil, fmt.Errorf("slot: %s pays %d for %d of a kind", sp.Symbol, pay, n)
			}
			c.pays[id][n] = pay
		}
	}
	if _, ok := ids[p.Wild]; !ok {
		return nil, fmt.Errorf("slot: wild %q has no pay entry", p.Wild)
	}
	c.wild = ids[p.Wild]
	var err error
	if c.scatter, err = add(p.Scatter); err != nil {
		return nil, err
	}
	for id := range c.pays {
		if c.pays[id][5] > c.pays[c.best5][5] {
			c.best5 = uint8(id)
		}
	}
	for i, strip := range p.Reels {
		if len(strip) < 3 {
			return nil, fmt.Errorf("slot: reel %d has %d stops, fewer than its 3 rows", i+1, len(strip))
		}
		for _, sym := range strip {
			id, ok := ids[sym]
			if !ok {
				return nil, fmt.Errorf("slot: reel %d has unknown symbol %q", i+1, sym)
			}
			c.reels[i] = append(c.reels[i], id)
		}
	}
	for i, line := range p.Lines {
		for _, row := range line {
			if row < 0 || row > 2 {
				return nil, fmt.Errorf("slot: payline %d has row %d", i+1, row)
			}
		}
		c.lines[i] = line
	}
	// n visible scatters pay the entry with the largest count <= n.
	for n := 1; n < len(c.scatterPays); n++ {
		c.scatterPays[n] = c.scatterPays[n-1]
		if pay, ok := p.ScatterPays[n]; ok {
			if pay < 0 {
				return nil, fmt.Errorf("slot: %d scatters pay %d", n, pay)
			}
			c.scatterPays[n] = pay
		}
	}
	for n := range p.ScatterPays {
		if n < 1 || n >= len(c.scatterPays) {
			return nil, fmt.Errorf("slot: scatter pay for %d scatters", n)
		}
	}
	if c.trigger < 1 || c.freeSpins < 1 || c.multiplier < 1 || c.maxFreeSpins < c.freeSpins {
		return nil, errors.New("slot: free spins need a trigger, an award, a multiplier and a cap of at least one award")
	}
	return c, nil
}

// mustCompileSlot is compileSlot for the built-in paytable, which is a
// constant of the program: a mistake in it should stop the program at start.
func mustCompileSlot(p Paytable) *slotConfig {
	c, err := compileSlot(p)
	if err != nil {
		panic(err)
	}
	return c
}

// evalLine reads the five symbols of one payline, left to right, and returns
// the single best way the line pays: the run of leading wilds paid as WILD,
// or the first other symbol with the wilds before and after it substituting
// for it. Only one interpretation is paid, the higher one (the wild reading
// on a tie). A scatter is never substituted, so it ends the run. pay is in
// stakes per line and 0 when the line does not pay.
func (c *slotConfig) evalLine(syms [5]uint8) (sym uint8, count int, pay int64) {
	w := 0
	for w < 5 && syms[w] == c.wild {
		w++
	}
	sym, count, pay = c.wild, w, c.pays[c.wild][w]
	if w == 5 {
		// Five wilds stand for any symbol; read them as the best one.
		if p := c.pays[c.best5][5]; p > pay {
			return c.best5, 5, p
		}
		return sym, count, pay
	}
	x := syms[w]
	if x == c.scatter {
		return sym, count, pay
	}
	n := w + 1
	for n < 5 && (syms[n] == x || syms[n] == c.wild) {
		n++
	}
	if p := c.pays[x][n]; p > pay {
		return x, n, p
	}
	return sym, count, pay
}

// spinAt evaluates the spin whose reels stop at stops. lineStake and stake
// are the stake per line and the total stake; mult is the win multiplier.
// FreeSpinsAwarded is left to the caller, which knows the round's cap.
func (c *slotConfig) spinAt(stops [5]int, lineStake, stake, mult int64) Spin {
	sp := Spin{Stops: stops, Multiplier: int(mult)}
	var ids [5][3]uint8
	for i, strip := range c.reels {
		for r := range 3 {
			id := strip[(stops[i]+r)%len(strip)]
			ids[i][r] = id
			sp.Grid[i][r] = c.names[id]
			if id == c.scatter {
				sp.Scatters++
			}
		}
	}
	for li, line := range c.lines {
		var syms [5]uint8
		for i, row := range line {
			syms[i] = ids[i][row]
		}
		if sym, n, pay := c.evalLine(syms); pay > 0 {
			win := pay * lineStake * mult
			sp.Lines = append(sp.Lines, LineWin{Line: li + 1, Symbol: c.names[sym], Count: n, Win: win})
			sp.Win += win
		}
	}
	sp.ScatterWin = c.scatterPays[sp.Scatters] * stake * mult
	sp.Win += sp.ScatterWin
	return sp
}

// drawStops picks one uniform stop per reel, reels in order.
func (c *slotConfig) drawStops(s *Stream) [5]int {
	var stops [5]int
	for i, strip := range c.reels {
		stops[i] = s.Intn(len(strip))
	}
	return stops
}

// play is PlaySlot for any config. The free-spin loop awards each retrigger
// in full until the round's cap, then only what is left under the cap; so a
// round plays at most maxFreeSpins free spins and always ends.
func (c *slotConfig) play(s *Stream, stake int64) (SlotResult, error) {
	nLines := int64(len(c.lines))
	if !validStake(stake) || stake%nLines != 0 {
		return SlotResult{}, fmt.Errorf("%w: the slot stake must be a positive multiple of %d minor units, at most %d", ErrInvalidStake, nLines, MaxStake)
	}
	lineStake := stake / nLines
	res := SlotResult{Stake: stake}
	res.Base = c.spinAt(c.drawStops(s), lineStake, stake, 1)
	awarded := 0
	if res.Base.Scatters >= c.trigger {
		awarded = c.freeSpins
		res.Base.FreeSpinsAwarded = awarded
	}
	res.Win = res.Base.Win
	if awarded > 0 {
		res.FreeSpins = make([]Spin, 0, awarded)
	}
	for played := 0; played < awarded; played++ {
		sp := c.spinAt(c.drawStops(s), lineStake, stake, c.multiplier)
		if sp.Scatters >= c.trigger {
			sp.FreeSpinsAwarded = min(c.freeSpins, c.maxFreeSpins-awarded)
			awarded += sp.FreeSpinsAwarded
		}
		res.FreeSpins = append(res.FreeSpins, sp)
		res.Win += sp.Win
	}
	return res, nil
}
