package rebate

// program is one kind and mode of a merchant: its rates share a period.
type program struct {
	kind, mode, period string
	rates              []Rate
	since              int64 // the program's first rate's creation (its first period)
}

// programs groups rates by kind and mode, in Kinds order, auto first.
func programs(rates []Rate) []program {
	var out []program
	for _, k := range Kinds {
		for _, m := range []string{ModeAuto, ModeManual} {
			p := program{kind: k, mode: m}
			for _, r := range rates {
				if r.Kind == k && r.Mode == m {
					p.rates = append(p.rates, r)
					p.period = r.Period
				}
			}
			if len(p.rates) > 0 {
				out = append(out, p)
			}
		}
	}
	return out
}

// pick is the rate of the program for a game type and VIP level: the most
// specific wins — a rate of the exact game type over one for every type
// (""), then, among those, the highest level not above the member's.
// ok false: no rate applies (every rate wants a higher level).
func (p program) pick(gameType string, vip int) (Rate, bool) {
	best, found := Rate{}, false
	exact := false
	for _, r := range p.rates {
		if r.VIPLevel > vip || (r.GameType != "" && r.GameType != gameType) {
			continue
		}
		isExact := r.GameType != ""
		switch {
		case !found, isExact && !exact, isExact == exact && r.VIPLevel > best.VIPLevel:
			best, found, exact = r, true, isExact
		}
	}
	return best, found
}

// fig is a member's figures on one game type over a window: valid bet
// (stakes net of refunds) and wins.
type fig struct {
	validBet, wins int64
}

// share is amount x bp / 10000 rounded down, without overflow.
func share(amount, bp int64) int64 {
	if amount <= 0 {
		return 0
	}
	return amount/10000*bp + amount%10000*bp/10000
}

// due is what the program pays a member of level vip on figures by game
// type: base (rebate: the valid bet; cashback: the net loss, wins less
// than bets) and amount. Each game type is paid at its rate (pick); one
// rate's total is held to its cap. Cashback pays only when the member lost
// over all its rated game types together, and never more than that loss
// at the highest rate it used. A total below the least minimum payout of
// the rates it used pays nothing (below is true).
func (p program) due(vip int, figs map[string]fig) (base, amount int64, below bool) {
	byRate := map[int64]int64{}
	rateOf := map[int64]Rate{}
	var bets, wins int64
	for gt, f := range figs {
		r, ok := p.pick(gt, vip)
		if !ok {
			continue
		}
		bets += f.validBet
		wins += f.wins
		line := f.validBet
		if p.kind == KindCashback {
			line = max(0, f.validBet-f.wins)
		}
		byRate[r.ID] += line
		rateOf[r.ID] = r
	}
	base = bets
	if p.kind == KindCashback {
		base = max(0, bets-wins)
		if base == 0 {
			return 0, 0, false
		}
	}
	minPayout, topBp := int64(-1), int64(0)
	for id, b := range byRate {
		r := rateOf[id]
		a := share(b, r.RateBp)
		if r.Cap > 0 {
			a = min(a, r.Cap)
		}
		amount += a
		if a > 0 && (minPayout < 0 || r.MinPayout < minPayout) {
			minPayout = r.MinPayout
		}
		topBp = max(topBp, r.RateBp)
	}
	if p.kind == KindCashback {
		amount = min(amount, share(base, topBp))
	}
	if amount > 0 && amount < minPayout {
		return base, 0, true
	}
	return base, amount, false
}
