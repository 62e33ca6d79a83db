package httpapi

import (
	"context"
	"net/http"
	"testing"
)

// TestLanguageChangeIsSentAndKept: the site sends every language change
// (checklist B-109); the answer is the language the merchant will use, and
// a logged-in member's choice is kept.
func TestLanguageChangeIsSentAndKept(t *testing.T) {
	s := newHostileTestServer(t)

	visitor := newClient(t, s, "demo")
	lucky := newClient(t, s, "lucky")
	tests := []struct {
		name   string
		c      *client
		body   any
		status int
		want   string
		code   string
	}{
		{"offered", visitor, map[string]string{"language": "AR"}, 200, "AR", ""},
		{"client spelling", visitor, map[string]string{"language": "pt-br"}, 200, "PT-BR", ""},
		{"empty is the default", visitor, map[string]string{"language": ""}, 200, "KM", ""},
		{"unknown falls back silently", visitor, map[string]string{"language": "XX"}, 200, "KM", ""},
		{"not offered by this merchant", lucky, map[string]string{"language": "KM"}, 200, "EN", ""},
		{"too long", visitor, map[string]string{"language": "ENGLISH-PLEASE"}, 400, "", "request.invalid_parameter"},
		{"not a string", visitor, map[string]int{"language": 7}, 400, "", "request.invalid_body"},
		{"unknown field", visitor, map[string]string{"lang": "EN"}, 400, "", "request.invalid_body"},
	}
	for _, tt := range tests {
		rec, env := tt.c.do(http.MethodPut, "/wps/member/language", tt.body, false)
		if rec.Code != tt.status || env.Code != tt.code {
			t.Errorf("%s: %d %s, want %d %s", tt.name, rec.Code, env.Code, tt.status, tt.code)
			continue
		}
		if tt.status == 200 {
			if got := value[languageChoice](t, env).Language; got != tt.want {
				t.Errorf("%s: language %q, want %q", tt.name, got, tt.want)
			}
		}
	}

	member := newClient(t, s, "demo")
	if rec, env := member.login("player01", "Player@123"); rec.Code != 200 {
		t.Fatalf("login: %d %+v", rec.Code, env)
	}
	_, env := member.do(http.MethodGet, "/wps/member/info", nil, false)
	info := value[memberInfo](t, env)
	for _, lang := range []string{"TH", "zh-TW"} {
		if rec, env := member.do(http.MethodPut, "/wps/member/language", map[string]string{"language": lang}, false); rec.Code != 200 {
			t.Fatalf("member %s: %d %+v", lang, rec.Code, env)
		}
	}
	m, err := s.Identity.Member(context.Background(), info.ID)
	if err != nil {
		t.Fatal(err)
	}
	if m.Profile[profileLanguage] != "TW" {
		t.Fatalf("stored language = %q, want TW (profile %v)", m.Profile[profileLanguage], m.Profile)
	}

	// A token the server does not know is refused, as on every (T) call.
	member.token = "not-a-session"
	if rec, env := member.do(http.MethodPut, "/wps/member/language", map[string]string{"language": "EN"}, false); rec.Code != 401 || env.Code != "login.not.session" {
		t.Fatalf("stale token: %d %s", rec.Code, env.Code)
	}
}
