package httpapi

import (
	"net/http"
	"net/http/httptest"
	"testing"
)

// TestCatalogueSpeaksEveryCode: every code a route, the frame or a domain
// error can answer, and the spec's message-only rows, has
// its words in each language of the server's catalogue.
func TestCatalogueSpeaksEveryCode(t *testing.T) {
	s := newHostileTestServer(t)
	codes := map[string]bool{}
	for _, list := range [][]string{commonErrors, merchantErrors, lobbyErrors, {
		"login.verification_incomplete", // X-017 complete verification first
		"login.contact_agent",           // X-018 contact your agent
		"member.confirmation_incorrect", // X-019 incorrect confirmation input
		"validation.empty",              // X-022 input cannot be empty
		"validation.required",           // X-023 items marked * are required
		"validation.real_name_invalid",  // X-024 real name format incorrect
		"validation.field_invalid",      // X-025 account, password or e-mail format incorrect
		"validation.format_incorrect",   // a malformed field of any other kind
		"sms.failed",                    // X-029 unknown phone-verification failure
		"login.verification_closed",     // X-036 verification popup closed
		"request.method_not_allowed", "request.upgrade_required",
	}} {
		for _, c := range list {
			codes[c] = true
		}
	}
	for _, rt := range s.Routes() {
		for _, c := range rt.Errors {
			codes[c] = true
		}
	}
	for _, d := range domainErrors {
		codes[d.code] = true
	}
	for code := range codes {
		seen := map[string]bool{}
		for _, lang := range []string{"EN", "KM", "CN"} {
			text := messages[code][lang]
			if text == "" || seen[text] {
				t.Errorf("%s: no %s words of its own (%q)", code, lang, text)
			}
			seen[text] = true
		}
	}
}

// TestFieldRuleMessages: a missing required field answers X-023, a
// malformed one "format incorrect" in its field's words followed by the
// hint its patternId chooses, with min and max filled in (C-070), in the
// caller's language.
func TestFieldRuleMessages(t *testing.T) {
	s := newDevServer(t)
	c := newClient(t, s, "demo")
	tests := []struct {
		name, lang string
		change     map[string]any
		code       string
		message    string
	}{
		{"missing username", "EN", map[string]any{"username": ""}, "validation.required", "Items marked * are required"},
		{"missing username, Khmer", "KM", map[string]any{"username": ""}, "validation.required", "ធាតុដែលមានសញ្ញា * ត្រូវតែបំពេញ"},
		{"malformed username", "EN", map[string]any{"username": "1fresh"}, "validation.field_invalid",
			"Account, password or e-mail format incorrect: Enter 6 to 16 letters or digits, starting with a letter."},
		{"too short username, Chinese", "CN", map[string]any{"username": "ab"}, "validation.field_invalid",
			"账号、密码或邮箱格式不正确：请输入 6 至 16 位字母或数字，以字母开头。"},
		{"weak password, Khmer", "KM", map[string]any{"password": "fresh2026", "confirmPassword": "fresh2026"}, "validation.field_invalid",
			"ទម្រង់គណនី ពាក្យសម្ងាត់ ឬអ៊ីមែលមិនត្រឹមត្រូវ: សូមបញ្ចូល 8 ដល់ 20 តួ ដែលមានអក្សរធំ អក្សរតូច លេខ និងនិមិត្តសញ្ញា យ៉ាងហោចណាស់មួយៗ។"},
		{"real name", "EN", map[string]any{"payeeName": "J1"}, "validation.real_name_invalid",
			"Real name format incorrect: Enter 2 to 50 letters or spaces, with at least two letters."},
		{"whatsapp", "EN", map[string]any{"whatsapp": "12ab56"}, "validation.field_invalid", "Format incorrect: Enter 6 to 15 digits."},
		{"nationality, Chinese", "CN", map[string]any{"nationality": "K4"}, "validation.field_invalid", "格式不正确：请输入 2 至 50 位英文字母或空格。"},
		{"language without server hints falls back to English", "TH", map[string]any{"whatsapp": "12ab56"}, "validation.field_invalid", "Format incorrect: Enter 6 to 15 digits."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			id, text := c.solveCaptcha()
			body := map[string]any{"username": "fresh01", "password": "Fresh@2026", "confirmPassword": "Fresh@2026",
				"mobileNum": "012345678", "countryDialingCode": "855", "captchaId": id, "captcha": text, "acceptTerms": true, "registerMethod": "WEB"}
			for k, v := range tt.change {
				body[k] = v
			}
			rec, env := c.do(http.MethodPut, "/wps/member/register?language="+tt.lang, body, true)
			if rec.Code != 422 || env.Code != tt.code || env.Message != tt.message {
				t.Fatalf("= %d %s %q, want 422 %s %q", rec.Code, env.Code, env.Message, tt.code, tt.message)
			}
		})
	}
}

// TestAnswersWithoutAMerchantSpeakTheRequestLanguage: unknown addresses,
// wrong methods and invalid domains are refused in the caller's language.
func TestAnswersWithoutAMerchantSpeakTheRequestLanguage(t *testing.T) {
	s := newHostileTestServer(t)
	tests := []struct {
		method, path, merchant, accept string
		status                         int
		code, lang                     string
	}{
		{"GET", "/wps/nope", "demo", "km-KH,km;q=0.9", 404, "request.not_found", "KM"},
		{"GET", "/wps/nope?language=CN", "", "", 404, "request.not_found", "CN"},
		{"DELETE", "/wps/system/permission", "demo", "zh-CN", 405, "request.method_not_allowed", "CN"},
		{"GET", "/wps/system/permission", "nosuch", "km", 400, "invalid.domain", "KM"},
		{"GET", "/wps/system/permission?language=CN", "", "km", 400, "invalid.domain", "CN"},
		{"GET", "/wps/system/permission", "nosuch", "", 400, "invalid.domain", "EN"},
	}
	for _, tt := range tests {
		r := httptest.NewRequest(tt.method, tt.path, nil)
		if tt.merchant != "" {
			r.Header.Set("Merchant", tt.merchant)
		}
		if tt.accept != "" {
			r.Header.Set("Accept-Language", tt.accept)
		}
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, r)
		env := decodeEnvelope(t, rec.Result())
		if rec.Code != tt.status || env.Code != tt.code || env.Message != messages[tt.code][tt.lang] {
			t.Errorf("%s %s = %d %s %q, want %d %s in %s", tt.method, tt.path, rec.Code, env.Code, env.Message, tt.status, tt.code, tt.lang)
		}
	}
}

// TestSearchNeedsAName: a name search without a name answers X-022.
func TestSearchNeedsAName(t *testing.T) {
	s := newHostileTestServer(t)
	rec, env := call{path: "/wps/game/list?gameType=SEARCH&language=EN", merchant: "demo"}.do(t, s)
	if rec.Code != 422 || env.Code != "validation.empty" || env.Message != "Input cannot be empty" {
		t.Fatalf("= %d %+v", rec.Code, env)
	}
	found, _ := call{path: "/wps/game/list?gameType=SEARCH&gameName=dragon", merchant: "demo"}.do(t, s)
	if found.Code != 200 {
		t.Fatalf("search with a name = %d", found.Code)
	}
}
