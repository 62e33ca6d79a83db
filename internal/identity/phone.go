package identity

import (
	"errors"
	"slices"
	"strings"
)

// Country is a dialing code with the lengths its national numbers have
// (without the trunk 0), for the country-specific digit count rule.
type Country struct {
	DialingCode string `json:"countryDialingCode"`
	ISO         string `json:"iso"`
	Name        string `json:"name"`
	Digits      []int  `json:"digits"`
}

// Countries are the dialing codes the register and SMS forms offer.
var Countries = []Country{
	{"855", "KH", "Cambodia", []int{8, 9}},
	{"66", "TH", "Thailand", []int{9}},
	{"84", "VN", "Vietnam", []int{9, 10}},
	{"86", "CN", "China", []int{11}},
	{"60", "MY", "Malaysia", []int{9, 10}},
	{"62", "ID", "Indonesia", []int{9, 10, 11, 12}},
	{"63", "PH", "Philippines", []int{10}},
	{"95", "MM", "Myanmar", []int{8, 9, 10}},
	{"856", "LA", "Laos", []int{8, 9, 10}},
	{"65", "SG", "Singapore", []int{8}},
	{"91", "IN", "India", []int{10}},
	{"880", "BD", "Bangladesh", []int{10}},
	{"81", "JP", "Japan", []int{9, 10}},
	{"82", "KR", "South Korea", []int{9, 10}},
	{"886", "TW", "Taiwan", []int{9}},
	{"1", "US", "United States", []int{10}},
}

// Phone errors (spec §8, phone verification).
var (
	ErrPhoneMissing = errors.New("identity: phone number missing")
	ErrPhoneFormat  = errors.New("identity: phone number format invalid")
)

// NormalizePhone returns the E.164 form (+85512345678) of a national number
// under a dialing code: digits only, leading zeros dropped, and as many
// digits as the country's numbers have.
func NormalizePhone(dialingCode, national string) (string, error) {
	national = strings.TrimSpace(national)
	if national == "" {
		return "", ErrPhoneMissing
	}
	cc := strings.TrimPrefix(strings.TrimSpace(dialingCode), "+")
	i := slices.IndexFunc(Countries, func(c Country) bool { return c.DialingCode == cc })
	if i < 0 {
		return "", ErrPhoneFormat
	}
	for _, r := range national {
		if r < '0' || r > '9' {
			return "", ErrPhoneFormat
		}
	}
	national = strings.TrimLeft(national, "0")
	if !slices.Contains(Countries[i].Digits, len(national)) {
		return "", ErrPhoneFormat
	}
	return "+" + cc + national, nil
}

// CanonicalPhone is the one stored form of a number already carrying its
// dialing code: "+" and digits only (spaces, dashes, dots and brackets
// dropped), 7 to 15 digits as E.164 allows. Every number is stored and
// looked up in this form, so one number is never two.
func CanonicalPhone(number string) (string, error) {
	var b strings.Builder
	b.WriteByte('+')
	for i, r := range strings.TrimSpace(number) {
		switch {
		case r >= '0' && r <= '9':
			b.WriteRune(r)
		case r == '+' && i == 0, r == ' ', r == '-', r == '.', r == '(', r == ')':
		default:
			return "", ErrPhoneFormat
		}
	}
	if n := b.Len() - 1; n < 7 || n > 15 {
		return "", ErrPhoneFormat
	}
	return b.String(), nil
}
