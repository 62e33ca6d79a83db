package agent

import (
	"encoding/json"
	"fmt"
)

// Tier is one step of a contract: when the period's team figures reach
// every threshold, Rate (basis points) applies. Loss counts only for a
// dividend.
type Tier struct {
	ValidBet      int64 `json:"validBet"`
	ActiveMembers int64 `json:"activeMembers"`
	Loss          int64 `json:"loss"`
	Rate          int64 `json:"rate"`
}

// MaxTiers bounds a contract's tiers.
const MaxTiers = 10

// MaxRate is 100 %, in basis points.
const MaxRate = 10_000

// checkTiers holds a contract's tiers to their rules: 1..MaxTiers of them,
// thresholds and rates never decreasing, rates within (0, 100 %], and no
// loss threshold on a salary.
func checkTiers(k Kind, tiers []Tier) error {
	if len(tiers) == 0 || len(tiers) > MaxTiers {
		return fmt.Errorf("%w: 1 to %d tiers", ErrTiersInvalid, MaxTiers)
	}
	for i, t := range tiers {
		if t.ValidBet < 0 || t.ActiveMembers < 0 || t.Loss < 0 || t.Rate <= 0 || t.Rate > MaxRate {
			return fmt.Errorf("%w: tier %d: thresholds at least 0, rate 1..%d basis points", ErrTiersInvalid, i+1, MaxRate)
		}
		if !k.IsDividend() && t.Loss != 0 {
			return fmt.Errorf("%w: tier %d: a salary has no loss threshold", ErrTiersInvalid, i+1)
		}
		if i > 0 {
			p := tiers[i-1]
			if t.ValidBet < p.ValidBet || t.ActiveMembers < p.ActiveMembers || t.Loss < p.Loss || t.Rate < p.Rate {
				return fmt.Errorf("%w: tier %d: thresholds and rate may not fall below tier %d's", ErrTiersInvalid, i+1, i)
			}
		}
	}
	return nil
}

// tierFor is the highest tier whose thresholds the figures reach (-1:
// none). loss is the team's net loss (0 when it won).
func tierFor(tiers []Tier, validBet, active, loss int64) int {
	best := -1
	for i, t := range tiers {
		if validBet >= t.ValidBet && active >= t.ActiveMembers && loss >= t.Loss {
			best = i
		}
	}
	return best
}

// share is rate basis points of base, rounded down to the minor unit.
func share(base, rate int64) int64 {
	if base <= 0 || rate <= 0 {
		return 0
	}
	// base × rate fits in int64 for any base under 9.2e14 minor units.
	return base * rate / MaxRate
}

func encodeTiers(tiers []Tier) string {
	b, _ := json.Marshal(tiers)
	return string(b)
}

func decodeTiers(s string) ([]Tier, error) {
	var t []Tier
	if err := json.Unmarshal([]byte(s), &t); err != nil {
		return nil, fmt.Errorf("agent: stored tiers: %w", err)
	}
	return t, nil
}
