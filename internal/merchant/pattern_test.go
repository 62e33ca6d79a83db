package merchant

import (
	"errors"
	"regexp"
	"strings"
	"testing"
)

// patternExamples is the one table of accepted and refused values per kind;
// the web form's tests read the same acceptedPattern strings.
var patternExamples = []struct {
	id     PatternID
	accept []string
	refuse []string
}{
	{PatternAny, []string{"x", "任何 thing"}, nil},
	{PatternLetterFirst, []string{"player01", "A1"}, []string{"1player", "play er", "玩家"}},
	{PatternLettersChinese, []string{"abc", "张三abc"}, []string{"abc1", "a b"}},
	{PatternEmail, []string{"a.b@example.com", "x+y@mail.co"}, []string{"a@b", "a.example.com", "a b@c.com"}},
	{PatternAlnumNoChinese, []string{"abc123", "ABC"}, []string{"abc 1", "中文", "a-b"}},
	{PatternLettersAndDigits, []string{"abc123"}, []string{"abcdef", "123456", "abc-12"}},
	{PatternDigits, []string{"0123456789"}, []string{"12a", "١٢٣", "-1"}},
	{PatternAlnumUpper, []string{"Abc123"}, []string{"abc123", "ABC-1"}},
	{PatternEnglishSpaces, []string{"John Smith"}, []string{"John3", "Jöhn"}},
	{PatternNoSpaces, []string{"a@b#c"}, []string{"a b", "a\tb"}},
	{PatternChinesePunct, []string{"张三", "张·三，"}, []string{"abc", "张三1"}},
	{PatternDate, []string{"1990-12-31", "12-31-1990"}, []string{"1990/12/31", "1990-13-01", "31-12-1990"}},
	{PatternTwoLettersSpaces, []string{"Jo", "Jo Li"}, []string{"J", "J ", "Jo1"}},
	{PatternKorean, []string{"홍길동"}, []string{"홍길동a", "abc"}},
	{PatternThai, []string{"สมชาย"}, []string{"สมชาย a", "abc"}},
	{PatternThaiEnglishSpaces, []string{"สมชาย Smith"}, []string{"สมชาย1"}},
	{PatternUpperSpaces, []string{"JOHN SMITH"}, []string{"John"}},
	{PatternPrintable, []string{"a1!~"}, []string{"a 1", "ä"}},
	{PatternStrongPassword, []string{"Player@123", "Aa1!aaaa"}, []string{"player@123", "PLAYER@123", "Player123", "Player@abc", "Pla yer@1"}},
}

func TestPatterns(t *testing.T) {
	if len(patternExamples) != len(Patterns) {
		t.Fatalf("examples cover %d of %d patterns", len(patternExamples), len(Patterns))
	}
	for _, ex := range patternExamples {
		p, ok := Patterns[ex.id]
		if !ok || p.ID != ex.id {
			t.Fatalf("pattern %d missing or mis-keyed", ex.id)
		}
		for _, v := range ex.accept {
			if !p.Matches(v) {
				t.Errorf("pattern %d (%s) refused %q", ex.id, p.Name, v)
			}
		}
		for _, v := range ex.refuse {
			if p.Matches(v) {
				t.Errorf("pattern %d (%s) accepted %q", ex.id, p.Name, v)
			}
		}
		// Where the JavaScript pattern is also valid RE2, it must agree with
		// the Go check on every example (ECMAScript-only syntax is skipped).
		if js, err := regexp.Compile(p.JS); err == nil && p.JS != "*" {
			for _, v := range append(append([]string{}, ex.accept...), ex.refuse...) {
				if js.MatchString(v) != p.Matches(v) {
					t.Errorf("pattern %d: JS %q and Go disagree on %q", ex.id, p.JS, v)
				}
			}
		}
	}
}

func TestFieldRuleCheck(t *testing.T) {
	rules := DefaultRegisterRules()
	for _, f := range RegisterFields {
		if _, ok := rules[f]; !ok {
			t.Errorf("no default rule for field %s", f)
		}
	}
	tests := []struct {
		field, value, reason string
	}{
		{"username", "player01", ""},
		{"username", "", "required"},
		{"username", "abc", "length"},
		{"username", "abcdefghijklmnop", ""}, // 16: max inclusive
		{"username", "abcdefghijklmnopq", "length"},
		{"username", "1player", "pattern"},
		{"password", "Player@123", ""},
		{"password", "player123", "pattern"},
		{"email", "", ""}, // optional
		{"email", "x@y", "length"},
		{"qqNum", "12345", "disabled"},
		{"birthday", "2000-02-30", "pattern"},
	}
	for _, tt := range tests {
		err := rules[tt.field].Check(tt.field, tt.value)
		if tt.reason == "" {
			if err != nil {
				t.Errorf("%s=%q: %v", tt.field, tt.value, err)
			}
			continue
		}
		var fe *FieldError
		if !errors.As(err, &fe) || fe.Reason != tt.reason || fe.Field != tt.field || !errors.Is(err, ErrFieldInvalid) {
			t.Errorf("%s=%q: err = %v, want %s", tt.field, tt.value, err, tt.reason)
		}
	}
}

// TestHintsByPatternID: a failing field's message is chosen by its
// patternId, with min and max substituted, in every language of the
// server's catalogue (C-070).
func TestHintsByPatternID(t *testing.T) {
	for id := range Patterns {
		seen := map[string]bool{}
		for _, lang := range []string{"EN", "KM", "CN"} {
			h := Hint(id, lang, 7, 23)
			if !strings.Contains(h, "7") || !strings.Contains(h, "23") || strings.Contains(h, "{") {
				t.Errorf("pattern %d %s: hint %q lacks its limits", id, lang, h)
			}
			if seen[h] {
				t.Errorf("pattern %d %s: hint %q is another language's", id, lang, h)
			}
			seen[h] = true
		}
	}
	tests := []struct {
		id       PatternID
		lang     string
		min, max int
		want     string
	}{
		{PatternLetterFirst, "EN", 6, 16, "Enter 6 to 16 letters or digits, starting with a letter."},
		{PatternDigits, "CN", 6, 15, "请输入 6 至 15 位数字。"},
		{PatternDigits, "KM", 4, 6, "សូមបញ្ចូលលេខ 4 ដល់ 6 ខ្ទង់។"},
		{PatternDigits, "TH", 6, 15, "Enter 6 to 15 digits."}, // no server hint in TH: EN
		{PatternID(99), "EN", 1, 2, "Enter 1 to 2 characters."},
	}
	for _, tt := range tests {
		if got := Hint(tt.id, tt.lang, tt.min, tt.max); got != tt.want {
			t.Errorf("Hint(%d, %s) = %q, want %q", tt.id, tt.lang, got, tt.want)
		}
	}
	// Different kinds read differently: the message does depend on the id.
	if Hint(PatternDigits, "EN", 1, 2) == Hint(PatternEmail, "EN", 1, 2) {
		t.Error("digits and e-mail hints are the same")
	}
}
