package merchant

import (
	"regexp"
	"strconv"
	"strings"
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

// patternHints say, per pattern kind and language, what a valid value looks
// like, with {min} and {max} standing for the field's length limits: the
// message of a field that fails its rule is chosen by its patternId (spec
// §5). The server answers in EN, KM and CN, the languages of its message
// catalogue; the web form keeps the same hints in every catalogue it has.
var patternHints = map[PatternID]map[string]string{
	PatternAny: {
		"EN": "Enter {min} to {max} characters.",
		"KM": "សូមបញ្ចូល {min} ដល់ {max} តួអក្សរ។",
		"CN": "请输入 {min} 至 {max} 个字符。",
	},
	PatternLetterFirst: {
		"EN": "Enter {min} to {max} letters or digits, starting with a letter.",
		"KM": "សូមបញ្ចូលអក្សរ ឬលេខ {min} ដល់ {max} តួ ដោយចាប់ផ្ដើមដោយអក្សរ។",
		"CN": "请输入 {min} 至 {max} 位字母或数字，以字母开头。",
	},
	PatternLettersChinese: {
		"EN": "Enter {min} to {max} letters or Chinese characters.",
		"KM": "សូមបញ្ចូលអក្សរឡាតាំង ឬអក្សរចិន {min} ដល់ {max} តួ។",
		"CN": "请输入 {min} 至 {max} 位字母或汉字。",
	},
	PatternEmail: {
		"EN": "Enter an e-mail address of {min} to {max} characters.",
		"KM": "សូមបញ្ចូលអាសយដ្ឋានអ៊ីមែលដែលមាន {min} ដល់ {max} តួអក្សរ។",
		"CN": "请输入 {min} 至 {max} 位的电子邮箱地址。",
	},
	PatternAlnumNoChinese: {
		"EN": "Enter {min} to {max} letters or digits.",
		"KM": "សូមបញ្ចូលអក្សរ ឬលេខ {min} ដល់ {max} តួ។",
		"CN": "请输入 {min} 至 {max} 位字母或数字。",
	},
	PatternLettersAndDigits: {
		"EN": "Enter {min} to {max} characters with both letters and digits.",
		"KM": "សូមបញ្ចូល {min} ដល់ {max} តួ ដែលមានទាំងអក្សរ និងលេខ។",
		"CN": "请输入 {min} 至 {max} 位字母和数字的组合。",
	},
	PatternDigits: {
		"EN": "Enter {min} to {max} digits.",
		"KM": "សូមបញ្ចូលលេខ {min} ដល់ {max} ខ្ទង់។",
		"CN": "请输入 {min} 至 {max} 位数字。",
	},
	PatternAlnumUpper: {
		"EN": "Enter {min} to {max} letters or digits with at least one capital letter.",
		"KM": "សូមបញ្ចូលអក្សរ ឬលេខ {min} ដល់ {max} តួ ដែលមានអក្សរធំយ៉ាងហោចណាស់មួយ។",
		"CN": "请输入 {min} 至 {max} 位字母或数字，至少包含一个大写字母。",
	},
	PatternEnglishSpaces: {
		"EN": "Enter {min} to {max} English letters or spaces.",
		"KM": "សូមបញ្ចូលអក្សរអង់គ្លេស ឬដកឃ្លា {min} ដល់ {max} តួ។",
		"CN": "请输入 {min} 至 {max} 位英文字母或空格。",
	},
	PatternNoSpaces: {
		"EN": "Enter {min} to {max} characters without spaces.",
		"KM": "សូមបញ្ចូល {min} ដល់ {max} តួ ដោយគ្មានដកឃ្លា។",
		"CN": "请输入 {min} 至 {max} 个字符，不能包含空格。",
	},
	PatternChinesePunct: {
		"EN": "Enter {min} to {max} Chinese characters or punctuation.",
		"KM": "សូមបញ្ចូលអក្សរចិន ឬវណ្ណយុត្តិ {min} ដល់ {max} តួ។",
		"CN": "请输入 {min} 至 {max} 位汉字或标点。",
	},
	PatternDate: {
		"EN": "Enter a date as yyyy-MM-dd or MM-dd-yyyy ({min} to {max} characters).",
		"KM": "សូមបញ្ចូលកាលបរិច្ឆេទជា yyyy-MM-dd ឬ MM-dd-yyyy ({min} ដល់ {max} តួ)។",
		"CN": "请按 yyyy-MM-dd 或 MM-dd-yyyy 格式输入日期（{min} 至 {max} 个字符）。",
	},
	PatternTwoLettersSpaces: {
		"EN": "Enter {min} to {max} letters or spaces, with at least two letters.",
		"KM": "សូមបញ្ចូលអក្សរ ឬដកឃ្លា {min} ដល់ {max} តួ ដែលមានអក្សរយ៉ាងហោចណាស់ពីរ។",
		"CN": "请输入 {min} 至 {max} 位字母或空格，至少包含两个字母。",
	},
	PatternKorean: {
		"EN": "Enter {min} to {max} Korean characters.",
		"KM": "សូមបញ្ចូលអក្សរកូរ៉េ {min} ដល់ {max} តួ។",
		"CN": "请输入 {min} 至 {max} 个韩文字符。",
	},
	PatternThai: {
		"EN": "Enter {min} to {max} Thai characters.",
		"KM": "សូមបញ្ចូលអក្សរថៃ {min} ដល់ {max} តួ។",
		"CN": "请输入 {min} 至 {max} 个泰文字符。",
	},
	PatternThaiEnglishSpaces: {
		"EN": "Enter {min} to {max} Thai or English letters or spaces.",
		"KM": "សូមបញ្ចូលអក្សរថៃ អក្សរអង់គ្លេស ឬដកឃ្លា {min} ដល់ {max} តួ។",
		"CN": "请输入 {min} 至 {max} 位泰文、英文字母或空格。",
	},
	PatternUpperSpaces: {
		"EN": "Enter {min} to {max} capital letters or spaces.",
		"KM": "សូមបញ្ចូលអក្សរធំ ឬដកឃ្លា {min} ដល់ {max} តួ។",
		"CN": "请输入 {min} 至 {max} 位大写字母或空格。",
	},
	PatternPrintable: {
		"EN": "Enter {min} to {max} letters, digits or symbols, without spaces.",
		"KM": "សូមបញ្ចូលអក្សរ លេខ ឬនិមិត្តសញ្ញា {min} ដល់ {max} តួ ដោយគ្មានដកឃ្លា។",
		"CN": "请输入 {min} 至 {max} 位字母、数字或符号，不能包含空格。",
	},
	PatternStrongPassword: {
		"EN": "Enter {min} to {max} characters with at least one capital letter, one small letter, one digit and one symbol.",
		"KM": "សូមបញ្ចូល {min} ដល់ {max} តួ ដែលមានអក្សរធំ អក្សរតូច លេខ និងនិមិត្តសញ្ញា យ៉ាងហោចណាស់មួយៗ។",
		"CN": "请输入 {min} 至 {max} 位字符，至少包含一个大写字母、一个小写字母、一个数字和一个符号。",
	},
}

// Hint is what a valid value of pattern id looks like, in lang (EN when
// the server has no hint in it), with the field's length limits filled in.
// An unknown id hints like PatternAny.
func Hint(id PatternID, lang string, min, max int) string {
	hints, ok := patternHints[id]
	if !ok {
		hints = patternHints[PatternAny]
	}
	h, ok := hints[lang]
	if !ok {
		h = hints["EN"]
	}
	return strings.NewReplacer("{min}", strconv.Itoa(min), "{max}", strconv.Itoa(max)).Replace(h)
}
