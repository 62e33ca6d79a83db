package game

import (
	"errors"
	"math/bits"
)

// MaxStake is the largest stake, in minor units, any game accepts. It keeps
// every payout (at most a few hundred thousand times the stake, see the
// tests) far inside int64, so win arithmetic cannot overflow.
const MaxStake int64 = 1_000_000_000_000

// ErrInvalidStake is a stake that is not positive, above MaxStake, or (for the
// slot) not a whole number of minor units per payline.
var ErrInvalidStake = errors.New("game: invalid stake")

// validStake reports whether stake is in (0, MaxStake].
func validStake(stake int64) bool { return stake > 0 && stake <= MaxStake }

// mulDivFloor returns floor(a*b/c) for non-negative a, b and positive c. The
// product is taken in 128 bits so callers need not reason about overflow of
// the intermediate; the quotient must fit in int64, which the stake limits
// guarantee.
func mulDivFloor(a, b, c int64) int64 {
	if a < 0 || b < 0 || c <= 0 {
		panic("game: mulDivFloor needs a, b >= 0 and c > 0")
	}
	hi, lo := bits.Mul64(uint64(a), uint64(b))
	if hi >= uint64(c) {
		panic("game: mulDivFloor quotient overflows")
	}
	q, _ := bits.Div64(hi, lo, uint64(c))
	if q > 1<<63-1 {
		panic("game: mulDivFloor quotient overflows int64")
	}
	return int64(q)
}
