package wallet

import (
	"errors"
	"math"
	"strconv"
	"strings"
)

// ErrBadAmount is an amount that is not a decimal number in the currency's
// precision (more decimal places than it has are refused, never rounded).
var ErrBadAmount = errors.New("wallet: amount is not a number in the currency's precision")

// ParseAmount reads a decimal string ("100", "-12.5", "0.01") into minor
// units of a currency with decimals digits.
func ParseAmount(s string, decimals int) (int64, error) {
	s = strings.TrimSpace(s)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(strings.TrimPrefix(s, "-"), "+")
	whole, frac, hasDot := strings.Cut(s, ".")
	if whole == "" && frac == "" || hasDot && frac == "" || len(frac) > decimals || strings.ContainsAny(whole+frac, "+-eE_ ") {
		return 0, ErrBadAmount
	}
	if whole == "" {
		whole = "0"
	}
	w, err := strconv.ParseUint(whole, 10, 63)
	if err != nil {
		return 0, ErrBadAmount
	}
	frac += strings.Repeat("0", decimals-len(frac))
	var f uint64
	if frac != "" {
		if f, err = strconv.ParseUint(frac, 10, 63); err != nil {
			return 0, ErrBadAmount
		}
	}
	scale := uint64(math.Pow10(decimals))
	if w > (math.MaxInt64-f)/scale {
		return 0, ErrBadAmount
	}
	v := int64(w*scale + f)
	if neg {
		v = -v
	}
	return v, nil
}

// FormatAmount writes minor units as a decimal string.
func FormatAmount(v int64, decimals int) string {
	neg := v < 0
	u := uint64(v)
	if neg {
		u = uint64(-v)
	}
	s := strconv.FormatUint(u, 10)
	if decimals > 0 {
		if len(s) <= decimals {
			s = strings.Repeat("0", decimals-len(s)+1) + s
		}
		s = s[:len(s)-decimals] + "." + s[len(s)-decimals:]
	}
	if neg {
		s = "-" + s
	}
	return s
}
