package game

import "sync"

// SlotExactRTP is the return to player of Portal Fortune Reels computed
// exactly from the published strips and paytable, with no simulation: the
// expected round win divided by the stake, free spins and their cap
// included. It is exact up to float64 rounding in the final free-spin step;
// the single-spin part is an exact integer count. Every pay is an integer
// multiple of the stake per line, so flooring never loses anything and the
// figure holds for every valid stake.
func SlotExactRTP() float64 {
	return slotExactRTP()
}

// slotExactRTP computes the figure once: the strips and pays are constants,
// and a game page may ask for it on every view.
var slotExactRTP = sync.OnceValue(func() float64 { return fortuneReels.stats().rtp() })

// slotStats are the exact single-spin counts of a config, over the
// equally likely stop combinations of one spin.
type slotStats struct {
	cfg *slotConfig
	// combos is the number of stop combinations, the product of the strip
	// lengths.
	combos int64
	// lineSum is the total, over all combos, of one payline's pay in stakes
	// per line. It is the same for every payline (see stats), and as a line
	// stake is stake/lines, it is also the total of all line pays in stakes.
	lineSum int64
	// scatterSum is the total, over all combos, of the scatter pay in stakes.
	scatterSum int64
	// triggers is the number of combos that award free spins.
	triggers int64
}

// stats counts the single-spin quantities exactly.
//
// Line pays: a payline takes one row on each reel, and a reel's stop is
// uniform, so as the stop runs over the strip the line's symbol on that reel
// runs over every strip position once. Its symbol is therefore distributed as
// the strip's symbol counts, independently per reel, whatever the rows of the
// line. Summing evalLine over symbol 5-tuples weighted by the product of the
// counts gives the line's total over all stop combinations, without visiting
// them (at most 10⁵ tuples instead of about 10⁸ combinations).
//
// Scatters: per reel, count the stops showing 0, 1, 2 or 3 scatters, then
// convolve the five reels (the stops are independent) into counts of combos
// by total scatters.
func (c *slotConfig) stats() slotStats {
	st := slotStats{cfg: c, combos: 1}
	var freq [5][]int64 // freq[i][id] = stops of reel i showing id on a given row
	for i, strip := range c.reels {
		st.combos *= int64(len(strip))
		freq[i] = make([]int64, len(c.names))
		for _, id := range strip {
			freq[i][id]++
		}
	}
	var syms [5]uint8
	var walk func(reel int, weight int64)
	walk = func(reel int, weight int64) {
		if reel == 5 {
			if _, _, pay := c.evalLine(syms); pay > 0 {
				st.lineSum += weight * pay
			}
			return
		}
		for id, n := range freq[reel] {
			if n > 0 {
				syms[reel] = uint8(id)
				walk(reel+1, weight*n)
			}
		}
	}
	walk(0, 1)

	byCount := []int64{1} // byCount[k] = combos of the reels so far showing k scatters
	for _, strip := range c.reels {
		var reel [4]int64
		for stop := range strip {
			k := 0
			for r := range 3 {
				if strip[(stop+r)%len(strip)] == c.scatter {
					k++
				}
			}
			reel[k]++
		}
		next := make([]int64, len(byCount)+3)
		for k, n := range byCount {
			for j, m := range reel {
				next[k+j] += n * m
			}
		}
		byCount = next
	}
	for k, n := range byCount {
		st.scatterSum += n * c.scatterPays[k]
		if k >= c.trigger {
			st.triggers += n
		}
	}
	return st
}

// spinReturn is the expected win of one spin without multiplier, in stakes.
func (st slotStats) spinReturn() float64 {
	return float64(st.lineSum+st.scatterSum) / float64(st.combos)
}

// triggerProb is the chance one spin awards free spins.
func (st slotStats) triggerProb() float64 {
	return float64(st.triggers) / float64(st.combos)
}

// rtp is the expected round win in stakes: the base spin, plus, when it
// triggers, the free-spin sequence it starts.
func (st slotStats) rtp() float64 {
	c := st.cfg
	perFree := st.spinReturn() * float64(c.multiplier)
	return st.spinReturn() + st.triggerProb()*freeSpinValue(perFree, st.triggerProb(), c.freeSpins, c.maxFreeSpins)
}

// expectedFreeSpins is the mean number of free spins played in a round that
// triggers them.
func (st slotStats) expectedFreeSpins() float64 {
	return freeSpinValue(1, st.triggerProb(), st.cfg.freeSpins, st.cfg.maxFreeSpins)
}

// freeSpinValue is the expected total of a free-spin sequence that starts
// with award spins, where each spin is worth perSpin on average and awards
// another award spins with probability p, up to max spins in all.
//
// It is a dynamic program over the state (spins awarded so far a, spins left
// r): v(a, 0) = 0 and
//
//	v(a, r) = perSpin + p·v(a+g, r−1+g) + (1−p)·v(a, r−1),  g = min(award, max−a)
//
// which is exact because the expectation of a spin's win plus what follows
// splits into the spin's own expected win and the expected continuation,
// and the continuation depends only on whether the spin awarded (the win and
// the award of one spin may be correlated; the sum's expectation does not
// care). States with larger a are filled first since v(a, ·) needs v(a+g, ·).
func freeSpinValue(perSpin, p float64, award, max int) float64 {
	v := make([][]float64, max+1)
	for a := max; a >= award; a-- {
		v[a] = make([]float64, a+1)
		g := min(award, max-a)
		for r := 1; r <= a; r++ {
			cont := v[a][r-1]
			if g > 0 {
				cont = p*v[a+g][r-1+g] + (1-p)*v[a][r-1]
			}
			v[a][r] = perSpin + cont
		}
	}
	return v[award][award]
}
