package merchant

import "strings"

// Languages lists every language code the portal can serve (spec §9), in the
// order a language switcher shows them. A merchant supports a subset.
var Languages = []Language{
	{"KM", "ខ្មែរ", false}, {"EN", "English", false}, {"CN", "简体中文", false}, {"TW", "繁體中文", false},
	{"TH", "ไทย", false}, {"VI", "Tiếng Việt", false}, {"ID", "Bahasa Indonesia", false}, {"MS", "Bahasa Melayu", false},
	{"JA", "日本語", false}, {"KO", "한국어", false}, {"LO", "ລາວ", false}, {"MY", "မြန်မာ", false},
	{"TL", "Filipino", false}, {"TY", "Tagalog (TY)", false}, {"HI", "हिन्दी", false}, {"BN", "বাংলা", false},
	{"TA", "தமிழ்", false}, {"NE", "नेपाली", false}, {"UR", "اردو", true}, {"AR", "العربية", true},
	{"FA", "فارسی", true}, {"TR", "Türkçe", false}, {"RU", "Русский", false}, {"UK", "Українська", false},
	{"ES", "Español", false}, {"PT", "Português", false}, {"PT-BR", "Português (Brasil)", false}, {"FR", "Français", false},
	{"DE", "Deutsch", false}, {"IT", "Italiano", false}, {"NL", "Nederlands", false}, {"PL", "Polski", false},
	{"SV", "Svenska", false}, {"SI", "සිංහල", false}, {"TE", "తెలుగు", false},
}

// Language is one selectable language.
type Language struct {
	Code string `json:"code"`
	// Name is the language's own name for itself, as a switcher shows it.
	Name string `json:"name"`
	RTL  bool   `json:"rtl"`
}

// IsLanguage reports whether code is one of Languages.
func IsLanguage(code string) bool {
	for _, l := range Languages {
		if l.Code == code {
			return true
		}
	}
	return false
}

// localeAliases maps BCP 47 primary tags (and a few full tags) that differ
// from the portal's codes.
var localeAliases = map[string]string{
	"zh": "CN", "zh-cn": "CN", "zh-hans": "CN", "zh-sg": "CN",
	"zh-tw": "TW", "zh-hk": "TW", "zh-mo": "TW", "zh-hant": "TW",
	"pt-br": "PT-BR", "ja": "JA", "ko": "KO", "km": "KM", "en": "EN",
	"vi": "VI", "th": "TH", "id": "ID", "in": "ID", "ms": "MS", "lo": "LO", "my": "MY",
	"fil": "TL", "tl": "TL", "uk": "UK", "si": "SI", "sv": "SV",
}

// NormalizeLanguage turns a language code as clients send it ("km", "zh-TW",
// "PT-BR", "en_US") into a portal code, or "" when it names none.
func NormalizeLanguage(s string) string {
	s = strings.TrimSpace(strings.ReplaceAll(s, "_", "-"))
	if s == "" || len(s) > 35 {
		return ""
	}
	if up := strings.ToUpper(s); IsLanguage(up) {
		return up
	}
	low := strings.ToLower(s)
	if c, ok := localeAliases[low]; ok {
		return c
	}
	primary, _, _ := strings.Cut(low, "-")
	if c, ok := localeAliases[primary]; ok {
		return c
	}
	if up := strings.ToUpper(primary); IsLanguage(up) {
		return up
	}
	return ""
}

// PickLanguage chooses the language for a request: the explicit value when the
// merchant supports it, else the first supported entry of an Accept-Language
// header, else the merchant's default. Unsupported choices fall back silently.
func (m *Merchant) PickLanguage(explicit, acceptLanguage string) string {
	if c := NormalizeLanguage(explicit); c != "" && m.Supports(c) {
		return c
	}
	if explicit == "" {
		for _, part := range strings.Split(acceptLanguage, ",") {
			tag, _, _ := strings.Cut(part, ";")
			if c := NormalizeLanguage(tag); c != "" && m.Supports(c) {
				return c
			}
		}
	}
	return m.DefaultLanguage
}

// Supports reports whether the merchant offers language code.
func (m *Merchant) Supports(code string) bool {
	for _, l := range m.Languages {
		if l == code {
			return true
		}
	}
	return false
}
