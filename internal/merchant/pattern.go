package merchant

import (
	"regexp"
	"time"
	"unicode"
	"unicode/utf8"
)

// PatternID names one of the value patterns of spec §5. A register rule
// carries the id (the client picks its message by it) and acceptedPattern,
// the pattern as a JavaScript regular expression for the web form; the server
// checks the same kind with Go code, because Go's RE2 has no look-ahead. One
// example table (pattern_test.go) holds the two in agreement.
type PatternID int

// The pattern kinds.
const (
	PatternAny               PatternID = 1  // any value (acceptedPattern "*")
	PatternLetterFirst       PatternID = 2  // letter first, then letters/digits
	PatternLettersChinese    PatternID = 3  // letters and Chinese
	PatternEmail             PatternID = 4  // e-mail address
	PatternAlnumNoChinese    PatternID = 5  // letters or digits, no Chinese
	PatternLettersAndDigits  PatternID = 6  // letters and digits, both present
	PatternDigits            PatternID = 7  // digits only
	PatternAlnumUpper        PatternID = 8  // alphanumeric with at least one uppercase
	PatternEnglishSpaces     PatternID = 9  // English letters and spaces
	PatternNoSpaces          PatternID = 10 // anything without spaces
	PatternChinesePunct      PatternID = 11 // Chinese and punctuation
	PatternDate              PatternID = 12 // yyyy-MM-dd or MM-dd-yyyy
	PatternTwoLettersSpaces  PatternID = 13 // at least two letters, plus spaces
	PatternKorean            PatternID = 14 // Korean only
	PatternThai              PatternID = 15 // Thai only
	PatternThaiEnglishSpaces PatternID = 16 // Thai or English plus spaces
	PatternUpperSpaces       PatternID = 17 // uppercase and spaces
	PatternPrintable         PatternID = 18 // letters, digits and symbols
	PatternStrongPassword    PatternID = 19 // upper, lower, digit and symbol
)

// Pattern is one kind of value pattern.
type Pattern struct {
	ID PatternID `json:"patternId"`
	// Name says what the pattern accepts, in English, for operators.
	Name string `json:"name"`
	// JS is the acceptedPattern handed to the web form.
	JS    string `json:"acceptedPattern"`
	check func(string) bool
}

// Matches reports whether v is of this pattern's kind.
func (p Pattern) Matches(v string) bool { return p.check(v) }

func re(expr string) func(string) bool {
	r := regexp.MustCompile(expr)
	return r.MatchString
}

func all(preds ...func(string) bool) func(string) bool {
	return func(v string) bool {
		for _, p := range preds {
			if !p(v) {
				return false
			}
		}
		return true
	}
}

func hasRune(f func(rune) bool) func(string) bool {
	return func(v string) bool {
		for _, r := range v {
			if f(r) {
				return true
			}
		}
		return false
	}
}

func isASCIILetter(r rune) bool { return r < utf8.RuneSelf && unicode.IsLetter(r) }
func isASCIIDigit(r rune) bool  { return r >= '0' && r <= '9' }
func isSymbol(r rune) bool      { return r > ' ' && r < 0x7f && !isASCIILetter(r) && !isASCIIDigit(r) }

func countLetters(v string) int {
	n := 0
	for _, r := range v {
		if isASCIILetter(r) {
			n++
		}
	}
	return n
}

func validDate(v string) bool {
	for _, layout := range []string{"2006-01-02", "01-02-2006"} {
		if _, err := time.Parse(layout, v); err == nil {
			return true
		}
	}
	return false
}

// Patterns is the catalogue of pattern kinds, by id.
var Patterns = map[PatternID]Pattern{
	PatternAny:              {PatternAny, "any value", "*", func(string) bool { return true }},
	PatternLetterFirst:      {PatternLetterFirst, "a letter first, then letters or digits", `^[A-Za-z][A-Za-z0-9]*$`, re(`^[A-Za-z][A-Za-z0-9]*$`)},
	PatternLettersChinese:   {PatternLettersChinese, "letters and Chinese characters", `^[A-Za-z\u4e00-\u9fa5]+$`, re(`^[A-Za-z\p{Han}]+$`)},
	PatternEmail:            {PatternEmail, "an e-mail address", `^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$`, re(`^[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}$`)},
	PatternAlnumNoChinese:   {PatternAlnumNoChinese, "letters or digits, no Chinese", `^[A-Za-z0-9]+$`, re(`^[A-Za-z0-9]+$`)},
	PatternLettersAndDigits: {PatternLettersAndDigits, "letters and digits combined", `^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d]+$`, all(re(`^[A-Za-z0-9]+$`), hasRune(isASCIILetter), hasRune(isASCIIDigit))},
	PatternDigits:           {PatternDigits, "digits only", `^\d+$`, re(`^[0-9]+$`)},
	PatternAlnumUpper:       {PatternAlnumUpper, "letters and digits with at least one uppercase letter", `^(?=.*[A-Z])[A-Za-z\d]+$`, all(re(`^[A-Za-z0-9]+$`), hasRune(func(r rune) bool { return r >= 'A' && r <= 'Z' }))},
	PatternEnglishSpaces:    {PatternEnglishSpaces, "English letters and spaces", `^[A-Za-z ]+$`, re(`^[A-Za-z ]+$`)},
	PatternNoSpaces:         {PatternNoSpaces, "no spaces", `^\S+$`, re(`^\S+$`)},
	PatternChinesePunct:     {PatternChinesePunct, "Chinese characters and punctuation", `^[\u4e00-\u9fa5\u3000-\u303f\uff00-\uffef·.]+$`, re(`^[\p{Han}\p{P}\x{3000}-\x{303f}\x{ff00}-\x{ffef}]+$`)},
	PatternDate:             {PatternDate, "a date yyyy-MM-dd or MM-dd-yyyy", `^(\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])|(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])-\d{4})$`, validDate},
	PatternTwoLettersSpaces: {PatternTwoLettersSpaces, "at least two letters, and spaces", `^(?=(?:.*[A-Za-z]){2})[A-Za-z ]+$`, all(re(`^[A-Za-z ]+$`), func(v string) bool { return countLetters(v) >= 2 })},
	PatternKorean:           {PatternKorean, "Korean only", `^[\uac00-\ud7a3\u1100-\u11ff\u3130-\u318f]+$`, re(`^\p{Hangul}+$`)},
	PatternThai:             {PatternThai, "Thai only", `^[\u0e00-\u0e7f]+$`, re(`^\p{Thai}+$`)},
	PatternThaiEnglishSpaces: {PatternThaiEnglishSpaces, "Thai or English letters and spaces", `^[\u0e00-\u0e7fA-Za-z ]+$`,
		re(`^[\p{Thai}A-Za-z ]+$`)},
	PatternUpperSpaces: {PatternUpperSpaces, "uppercase letters and spaces", `^[A-Z ]+$`, re(`^[A-Z ]+$`)},
	PatternPrintable:   {PatternPrintable, "letters, digits and symbols", `^[\x21-\x7e]+$`, re(`^[\x21-\x7e]+$`)},
	PatternStrongPassword: {PatternStrongPassword, "at least one uppercase, one lowercase, one digit and one symbol",
		`^(?=.*[a-z])(?=.*[A-Z])(?=.*\d)(?=.*[^A-Za-z\d\s])[\x21-\x7e]+$`,
		all(re(`^[\x21-\x7e]+$`), hasRune(func(r rune) bool { return r >= 'a' && r <= 'z' }),
			hasRune(func(r rune) bool { return r >= 'A' && r <= 'Z' }), hasRune(isASCIIDigit), hasRune(isSymbol))},
}
