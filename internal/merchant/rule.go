package merchant

import (
	"errors"
	"fmt"
	"unicode/utf8"
)

// FieldRule is a merchant's rule for one registration or profile field
// (spec §3 "Registration field rule").
type FieldRule struct {
	Enabled         bool      `json:"enabled"`
	Required        bool      `json:"required"`
	AcceptedPattern string    `json:"acceptedPattern"`
	PatternID       PatternID `json:"patternId"`
	MinLength       int       `json:"minLength"`
	MaxLength       int       `json:"maxLength"`
	// Type is the input type a form uses: text, password, email, tel, date.
	Type string `json:"type"`
}

// ErrFieldInvalid is wrapped by every FieldError.
var ErrFieldInvalid = errors.New("merchant: field invalid")

// FieldError says which field failed which rule, with what the client needs
// to pick and fill its message (patternId, min and max).
type FieldError struct {
	Field     string    `json:"field"`
	Reason    string    `json:"reason"` // required, length, pattern
	PatternID PatternID `json:"patternId"`
	Min       int       `json:"min"`
	Max       int       `json:"max"`
}

// Error names the field and the rule it broke, never the value.
func (e *FieldError) Error() string {
	return fmt.Sprintf("merchant: field %s: %s", e.Field, e.Reason)
}

// Unwrap ties every FieldError to ErrFieldInvalid.
func (e *FieldError) Unwrap() error { return ErrFieldInvalid }

// Check validates value against the rule of field: a disabled field accepts
// nothing but the empty value; lengths are counted in characters, inclusive.
func (r FieldRule) Check(field, value string) error {
	fail := func(reason string) error {
		return &FieldError{Field: field, Reason: reason, PatternID: r.PatternID, Min: r.MinLength, Max: r.MaxLength}
	}
	if value == "" {
		if r.Enabled && r.Required {
			return fail("required")
		}
		return nil
	}
	if !r.Enabled {
		return fail("disabled")
	}
	n := utf8.RuneCountInString(value)
	if (r.MinLength > 0 && n < r.MinLength) || (r.MaxLength > 0 && n > r.MaxLength) {
		return fail("length")
	}
	p, ok := Patterns[r.PatternID]
	if !ok {
		p = Patterns[PatternAny]
	}
	if !p.Matches(value) {
		return fail("pattern")
	}
	return nil
}

// RegisterFields lists every field of spec §3 "Register user" and the other
// profile labels, in form order.
var RegisterFields = []string{
	"username", "password", "confirmPassword", "payeeName", "email", "qqNum", "mobileNum",
	"captcha", "verificationCode", "affiliateCode", "paymentPassword", "line", "whatsapp",
	"facebook", "wechat", "idNumber", "referralCode",
	"nickname", "telegram", "zalo", "birthday", "address", "nationality", "occupation", "sourceOfIncome",
}

func rule(enabled, required bool, id PatternID, min, max int, typ string) FieldRule {
	return FieldRule{Enabled: enabled, Required: required, AcceptedPattern: Patterns[id].JS, PatternID: id, MinLength: min, MaxLength: max, Type: typ}
}

// DefaultRegisterRules are the rules a new merchant starts with.
func DefaultRegisterRules() map[string]FieldRule {
	return map[string]FieldRule{
		"username":         rule(true, true, PatternLetterFirst, 6, 16, "text"),
		"password":         rule(true, true, PatternStrongPassword, 8, 20, "password"),
		"confirmPassword":  rule(true, true, PatternAny, 8, 20, "password"),
		"payeeName":        rule(true, false, PatternTwoLettersSpaces, 2, 50, "text"),
		"email":            rule(true, false, PatternEmail, 6, 100, "email"),
		"qqNum":            rule(false, false, PatternDigits, 5, 12, "text"),
		"mobileNum":        rule(true, true, PatternDigits, 6, 15, "tel"),
		"captcha":          rule(true, true, PatternAlnumNoChinese, 4, 6, "text"),
		"verificationCode": rule(true, true, PatternDigits, 4, 255, "text"),
		"affiliateCode":    rule(true, false, PatternAlnumNoChinese, 4, 20, "text"),
		"paymentPassword":  rule(false, false, PatternDigits, 6, 6, "password"),
		"line":             rule(false, false, PatternNoSpaces, 3, 50, "text"),
		"whatsapp":         rule(true, false, PatternDigits, 6, 15, "tel"),
		"facebook":         rule(false, false, PatternNoSpaces, 3, 100, "text"),
		"wechat":           rule(false, false, PatternNoSpaces, 3, 50, "text"),
		"idNumber":         rule(false, false, PatternAlnumNoChinese, 6, 30, "text"),
		"referralCode":     rule(true, false, PatternAlnumNoChinese, 4, 20, "text"),
		"nickname":         rule(true, false, PatternNoSpaces, 2, 20, "text"),
		"telegram":         rule(true, false, PatternNoSpaces, 3, 50, "text"),
		"zalo":             rule(false, false, PatternDigits, 6, 15, "tel"),
		"birthday":         rule(true, false, PatternDate, 10, 10, "date"),
		"address":          rule(true, false, PatternAny, 5, 200, "text"),
		"nationality":      rule(true, false, PatternEnglishSpaces, 2, 50, "text"),
		"occupation":       rule(true, false, PatternEnglishSpaces, 2, 50, "text"),
		"sourceOfIncome":   rule(true, false, PatternEnglishSpaces, 2, 50, "text"),
	}
}
