package httpapi

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
)

func (c *client) form(path string, values url.Values) (*httptest.ResponseRecorder, envelope) {
	c.t.Helper()
	r := httptest.NewRequest(http.MethodPost, path, strings.NewReader(values.Encode()))
	r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	r.Header.Set("Merchant", c.merchant)
	r.RemoteAddr = c.ip + ":1"
	rec := httptest.NewRecorder()
	c.s.ServeHTTP(rec, r)
	return rec, decodeEnvelope(c.t, rec.Result())
}

func TestEmailReset(t *testing.T) {
	s := newDevServer(t)
	c := newClient(t, s, "demo")
	// A wrong pair answers exactly like a right one, and sends nothing.
	rec, env := c.form("/wps/member/password/email", url.Values{"username": {"player01"}, "email": {"someone@else.com"}})
	if rec.Code != 200 || value[notice](t, env).Key != "in_been_out" || len(c.outbox()) != 0 {
		t.Fatalf("mismatch = %d %+v, outbox %d", rec.Code, env, len(c.outbox()))
	}
	if rec, env := c.form("/wps/member/password/email", url.Values{"username": {"player01"}}); rec.Code != 422 || env.Code != "validation.required" {
		t.Fatalf("no e-mail = %d %+v", rec.Code, env)
	}
	rec, _ = c.form("/wps/member/password/email", url.Values{"username": {"player01"}, "email": {"PLAYER01@example.com"}})
	box := c.outbox()
	if rec.Code != 200 || len(box) != 1 || box[0].Kind != "email" || box[0].To != "player01@example.com" || !strings.Contains(box[0].Text, box[0].Code) {
		t.Fatalf("reset mail = %d %+v", rec.Code, box)
	}
	finish := map[string]string{"token": box[0].Code, "newPassword": "Mailed@2026", "confirmNewPassword": "Mailed@2026"}
	rec, env = c.do(http.MethodPost, "/wps/member/password/email/reset", finish, true)
	if rec.Code != 200 || value[loginResult](t, env).Account != "player01" {
		t.Fatalf("finish = %d %+v", rec.Code, env)
	}
	if rec, env := c.do(http.MethodPost, "/wps/member/password/email/reset", finish, true); rec.Code != 400 || env.Code != "member.reset_link_invalid" {
		t.Fatalf("token reused = %d %+v", rec.Code, env)
	}
	if rec, _ := newClient(t, s, "demo").login("player01", "Mailed@2026"); rec.Code != 200 {
		t.Fatal("new password does not work")
	}
}

func TestIconAffiliateFirstLoginAndTrialLimits(t *testing.T) {
	s := newHostileTestServer(t)
	c := newClient(t, s, "demo")
	_, env := c.do(http.MethodGet, "/wps/agent/affiliate?code=agent01", nil, false)
	if a := value[affiliateInfo](t, env); !a.Valid {
		t.Errorf("agent01 = %+v", a)
	}
	for _, code := range []string{"player01", "nobody"} {
		_, env := c.do(http.MethodGet, "/wps/agent/affiliate?code="+code, nil, false)
		if value[affiliateInfo](t, env).Valid {
			t.Errorf("%s is a valid invitation code", code)
		}
	}
	c.login("player01", "Player@123")
	if rec, env := c.do(http.MethodPost, "/wps/member/info/icon", map[string]string{"icon": "7"}, false); rec.Code != 200 {
		t.Fatalf("set icon = %d %+v", rec.Code, env)
	}
	if _, env := c.do(http.MethodGet, "/wps/member/info/icon", nil, false); value[iconChoice](t, env).Icon != "7" {
		t.Errorf("icon = %+v", env)
	}
	if rec, _ := c.do(http.MethodPost, "/wps/member/info/icon", map[string]string{"icon": "99"}, false); rec.Code != 422 {
		t.Errorf("icon 99 = %d", rec.Code)
	}
	if rec, env := c.do(http.MethodGet, "/wps/member/firstLogin?language=KM", nil, false); rec.Code != 200 || len(value[[]map[string]any](t, env)) == 0 {
		t.Errorf("first login = %d %+v", rec.Code, env)
	}
	trial := newClient(t, s, "demo")
	_, env = trial.do(http.MethodPost, "/wps/session/login/freeplay", nil, false)
	trial.token = value[loginResult](t, env).Token
	for _, call := range []struct{ method, path string }{{http.MethodPost, "/wps/member/info/icon"}, {http.MethodGet, "/wps/member/sessions"}} {
		rec, env := trial.do(call.method, call.path, map[string]string{"icon": "2"}, false)
		if rec.Code != 403 || env.Code != "member.in_need_true_account" || env.Message != messages["member.in_need_true_account"]["KM"] {
			t.Errorf("trial %s %s = %d %+v", call.method, call.path, rec.Code, env)
		}
	}
}

// TestAffiliateLookupNamesNobodyAndIsThrottled: the invitation-code check
// answers valid or not and nothing else (no login name, no nickname, no
// echo), and an address gets affiliateLookups checks per window.
func TestAffiliateLookupNamesNobodyAndIsThrottled(t *testing.T) {
	s := newHostileTestServer(t)
	c := newClient(t, s, "demo")
	tests := []struct {
		code  string
		valid bool
	}{
		{"agent01", true},
		{"AGENT01", true},
		{"player01", false},
		{"nobody", false},
	}
	for _, tt := range tests {
		rec, env := c.do(http.MethodGet, "/wps/agent/affiliate?code="+tt.code, nil, false)
		got, _ := env.Value.(map[string]any)
		if rec.Code != 200 || len(got) != 1 || got["valid"] != tt.valid {
			t.Errorf("%s = %d %+v", tt.code, rec.Code, env.Value)
		}
	}
	for i := len(tests); i < affiliateLookups; i++ {
		if rec, _ := c.do(http.MethodGet, "/wps/agent/affiliate?code=x"+strings.Repeat("a", i%5), nil, false); rec.Code != 200 {
			t.Fatalf("check %d = %d", i+1, rec.Code)
		}
	}
	rec, env := c.do(http.MethodGet, "/wps/agent/affiliate?code=agent01", nil, false)
	if rec.Code != 429 || env.Code != "request.too_many" || value[retryAfter](t, env).RetryAfter <= 0 || rec.Header().Get("Retry-After") == "" {
		t.Fatalf("check %d = %d %+v", affiliateLookups+1, rec.Code, env)
	}
	other := newClient(t, s, "demo")
	other.ip = "198.51.100.30"
	if rec, _ := other.do(http.MethodGet, "/wps/agent/affiliate?code=agent01", nil, false); rec.Code != 200 {
		t.Fatalf("another address = %d", rec.Code)
	}
}
