package httpapi

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"portal/internal/merchant"
)

// client talks to the API as the web app does: it encrypts (E) bodies with
// the merchant's public key when the permission call says so.
type client struct {
	t        *testing.T
	s        http.Handler
	merchant string
	key      string // public key PEM, "" when encryption is off
	token    string
	ip       string
	// gameToken is sent as X-Game-Token (the in-house games' credential).
	gameToken string
}

func newClient(t *testing.T, s http.Handler, merchantCode string) *client {
	c := &client{t: t, s: s, merchant: merchantCode, ip: "192.0.2.10"}
	_, env := c.do(http.MethodGet, "/wps/system/permission", nil, false)
	p := value[merchant.Permission](t, env)
	if p.Encryption.Enabled {
		c.key = p.Encryption.PublicKey
	}
	return c
}

func (c *client) do(method, path string, payload any, encrypted bool) (*httptest.ResponseRecorder, envelope) {
	c.t.Helper()
	var body string
	header := ""
	if payload != nil {
		raw, _ := json.Marshal(payload)
		body = string(raw)
		if encrypted && c.key != "" {
			var err error
			header, body, err = merchant.SealPayload(c.key, raw)
			if err != nil {
				c.t.Fatal(err)
			}
		}
	}
	r := httptest.NewRequest(method, path, strings.NewReader(body))
	r.RemoteAddr = c.ip + ":5555"
	r.Header.Set("Merchant", c.merchant)
	if header != "" {
		r.Header.Set("Encryption", header)
		r.Header.Set("Content-Type", "text/plain")
	}
	if c.token != "" {
		r.Header.Set("Authorization", c.token)
	}
	if c.gameToken != "" {
		r.Header.Set(gameTokenHeader, c.gameToken)
	}
	rec := httptest.NewRecorder()
	c.s.ServeHTTP(rec, r)
	return rec, decodeEnvelope(c.t, rec.Result())
}

func (c *client) login(user, pass string) (*httptest.ResponseRecorder, envelope) {
	c.t.Helper()
	rec, env := c.do(http.MethodPost, "/wps/session/login", map[string]string{"username": user, "password": pass, "type": "username"}, true)
	if rec.Code == 200 {
		c.token = value[loginResult](c.t, env).Token
	}
	return rec, env
}

func TestLoginOverEncryptedChannel(t *testing.T) {
	s := newHostileTestServer(t)
	c := newClient(t, s, "demo")
	if c.key == "" {
		t.Fatal("demo has encryption off")
	}
	rec, env := c.login("player01", "Player@123")
	res := value[loginResult](t, env)
	if rec.Code != 200 || len(res.Token) < 43 || !res.FirstTimeLogin || res.PasswordExpired || res.Account != "player01" || res.IsAgent {
		t.Fatalf("login = %d %+v", rec.Code, res)
	}
	if res.Email != "p*******@example.com" || !strings.Contains(res.Mobile, "****") {
		t.Errorf("personal data not masked: %q %q", res.Email, res.Mobile)
	}
	rec, env = c.do(http.MethodGet, "/wps/member/info", nil, false)
	if rec.Code != 200 || value[memberInfo](t, env).Account != "player01" {
		t.Fatalf("info = %d %+v", rec.Code, env)
	}
	// Second login: not the first any more.
	c2 := newClient(t, s, "demo")
	_, env = c2.login("PLAYER01", "Player@123")
	if value[loginResult](t, env).FirstTimeLogin {
		t.Error("second login reported as first")
	}
	// Logout ends only this session.
	if rec, _ := c.do(http.MethodDelete, "/wps/session/logout", nil, false); rec.Code != 200 {
		t.Fatalf("logout = %d", rec.Code)
	}
	if rec, env := c.do(http.MethodGet, "/wps/member/info", nil, false); rec.Code != 401 || env.Code != "login.not.session" {
		t.Fatalf("after logout = %d %+v", rec.Code, env)
	}
	if rec, _ := c2.do(http.MethodGet, "/wps/member/info", nil, false); rec.Code != 200 {
		t.Fatalf("other session ended by logout: %d", rec.Code)
	}
}

func TestLoginRefusals(t *testing.T) {
	s := newHostileTestServer(t)
	c := newClient(t, s, "demo")
	// A plain body where encryption is on is refused, clearly.
	rec, env := c.do(http.MethodPost, "/wps/session/login", map[string]string{"username": "player01", "password": "Player@123"}, false)
	if rec.Code != 400 || env.Code != "request.decrypt_failed" {
		t.Fatalf("plain body = %d %+v", rec.Code, env)
	}
	tests := []struct {
		name, user, pass string
		status           int
		code             string
	}{
		{"wrong password", "player01", "nope", 400, "login.password.incorrect"},
		{"no such account answers the same", "ghost", "nope", 400, "login.password.incorrect"},
		{"missing username", "", "x", 422, "validation.required"},
		{"missing password", "player01", "", 422, "validation.required"},
	}
	for _, tt := range tests {
		rec, env := c.login(tt.user, tt.pass)
		if rec.Code != tt.status || env.Code != tt.code {
			t.Errorf("%s = %d %+v", tt.name, rec.Code, env)
		}
	}
	if env.Message == "" {
		t.Error("no message")
	}
	// Agent entry refuses members; member entry takes agents of types 1/2.
	rec, env = c.do(http.MethodPost, "/wps/session/login", map[string]string{"username": "player01", "password": "Player@123", "entry": "agent"}, true)
	if rec.Code != 403 || env.Code != "login.not_agent" {
		t.Errorf("member at agent entry = %d %+v", rec.Code, env)
	}
	rec, _ = c.do(http.MethodPost, "/wps/session/login", map[string]string{"username": "agent01", "password": "Agent@123", "entry": "agent"}, true)
	if rec.Code != 200 {
		t.Errorf("agent at agent entry = %d", rec.Code)
	}
	// A merchant with encryption off takes plain JSON.
	lucky := newClient(t, s, "lucky")
	if lucky.key != "" {
		t.Fatal("lucky has encryption on")
	}
	if rec, env := lucky.login("player01", "Player@123"); rec.Code != 400 || env.Code != "login.password.incorrect" {
		t.Errorf("demo's member at lucky = %d %+v", rec.Code, env)
	}
}

func TestLockoutOverHTTP(t *testing.T) {
	s := newHostileTestServer(t)
	c := newClient(t, s, "demo")
	for i := 0; i < 11; i++ {
		if rec, _ := c.login("player01", "wrong"); rec.Code != 400 {
			t.Fatalf("attempt %d = %d", i+1, rec.Code)
		}
	}
	rec, env := c.login("player01", "Player@123") // the right password, too late
	if rec.Code != 429 || env.Code != "login.too_many_attempts" || rec.Header().Get("Retry-After") == "" {
		t.Fatalf("locked login = %d %+v", rec.Code, env)
	}
	ra := value[retryAfter](t, env)
	if ra.RetryAfter < 290 || ra.RetryAfter > 300 {
		t.Fatalf("retryAfter = %d", ra.RetryAfter)
	}
	// The address is locked for other accounts too.
	if rec, _ := c.login("agent01", "Agent@123"); rec.Code != 429 {
		t.Fatalf("other account from the locked address = %d", rec.Code)
	}
	// The account is locked from another address as well.
	other := newClient(t, s, "demo")
	other.ip = "198.51.100.20"
	if rec, _ := other.login("player01", "Player@123"); rec.Code != 429 {
		t.Fatalf("locked account from another address = %d", rec.Code)
	}
}

func TestForcedPasswordChange(t *testing.T) {
	s := newHostileTestServer(t)
	c := newClient(t, s, "demo")
	rec, env := c.login("newbie01", "123456")
	if rec.Code != 200 || !value[loginResult](t, env).PasswordExpired {
		t.Fatalf("newbie login = %d %+v", rec.Code, env)
	}
	// Everything but the change itself (and info, logout) waits for it.
	if rec, env := c.do(http.MethodGet, "/wps/member/sessions", nil, false); rec.Code != 403 || env.Code != "member.password_change_required" {
		t.Fatalf("sessions before the change = %d %+v", rec.Code, env)
	}
	change := func(old, nw, confirm string) (*httptest.ResponseRecorder, envelope) {
		return c.do(http.MethodPost, "/wps/member/password", map[string]string{"oldPassword": old, "newPassword": nw, "confirmNewPassword": confirm}, true)
	}
	tests := []struct {
		old, nw, confirm string
		status           int
		code             string
	}{
		{"123456", "Fresh@2026", "Fresh@2027", 422, "validation.inconsistent_twice"},
		{"123456", "123456", "123456", 422, "member.password_not_new"},
		{"123456", "weakpass", "weakpass", 422, "validation.field_invalid"},
		{"wrong", "Fresh@2026", "Fresh@2026", 400, "login.password.incorrect"},
		{"", "Fresh@2026", "Fresh@2026", 422, "validation.required"},
	}
	for _, tt := range tests {
		rec, env := change(tt.old, tt.nw, tt.confirm)
		if rec.Code != tt.status || env.Code != tt.code {
			t.Errorf("change(%q, %q, %q) = %d %+v", tt.old, tt.nw, tt.confirm, rec.Code, env)
		}
	}
	if rec, env := change("123456", "Fresh@2026", "Fresh@2026"); rec.Code != 200 {
		t.Fatalf("change = %d %+v", rec.Code, env)
	}
	rec, env = c.do(http.MethodGet, "/wps/member/sessions", nil, false)
	list := value[[]sessionInfo](t, env)
	if rec.Code != 200 || len(list) != 1 || !list[0].Current {
		t.Fatalf("sessions after the change = %d %+v", rec.Code, list)
	}
	if rec, _ := c.login("newbie01", "Fresh@2026"); rec.Code != 200 {
		t.Fatalf("login with the new password = %d", rec.Code)
	}
}

func TestCaptchaAfterThreeFailures(t *testing.T) {
	prod := newHostileTestServer(t)
	// The dev route does not exist without dev mode.
	if rec, env := (call{path: "/dev/captcha/last"}).do(t, prod); rec.Code != 404 || env.Code != "request.not_found" {
		t.Fatalf("dev route in production = %d %+v", rec.Code, env)
	}
	s := New(Deps{Config: Config{Dev: true}, Log: prod.log, Merchant: prod.Merchant, Catalog: prod.Catalog, Identity: prod.Identity, Wallet: prod.Wallet, Games: prod.Games, Hub: prod.Hub})
	c := newClient(t, s, "demo")
	for i := 1; i <= 3; i++ {
		_, env := c.login("player01", "wrong")
		needs := value[captchaNeeded](t, env).Captcha
		if needs != (i >= 3) {
			t.Fatalf("attempt %d: captcha flag %v", i, needs)
		}
	}
	rec, env := c.login("player01", "Player@123")
	if rec.Code != 400 || env.Code != "login.captcha_required" || !value[captchaNeeded](t, env).Captcha {
		t.Fatalf("without captcha = %d %+v", rec.Code, env)
	}
	solve := func() (string, string) {
		rec, env := c.do(http.MethodGet, "/wps/captcha", nil, false)
		img := value[captchaImage](t, env)
		if rec.Code != 200 || img.CaptchaID == "" || len(img.Image) < 100 {
			t.Fatalf("captcha = %d %+v", rec.Code, env)
		}
		_, env = c.do(http.MethodGet, "/dev/captcha/last", nil, false)
		last := value[lastCaptcha](t, env)
		if last.CaptchaID != img.CaptchaID {
			t.Fatalf("dev captcha %s, issued %s", last.CaptchaID, img.CaptchaID)
		}
		return last.CaptchaID, last.Text
	}
	id, _ := solve()
	rec, env = c.do(http.MethodPost, "/wps/session/login", map[string]string{"username": "player01", "password": "Player@123", "captchaId": id, "captcha": "000000x"}, true)
	if rec.Code != 400 || env.Code != "login.captcha_incorrect" {
		t.Fatalf("wrong captcha = %d %+v", rec.Code, env)
	}
	id, text := solve()
	rec, env = c.do(http.MethodPost, "/wps/session/login", map[string]string{"username": "player01", "password": "Player@123", "captchaId": id, "captcha": text}, true)
	if rec.Code != 200 {
		t.Fatalf("solved captcha = %d %+v", rec.Code, env)
	}
	// The same captcha cannot be used twice (the address's failures still
	// ask for one after the account's were cleared).
	rec, env = c.do(http.MethodPost, "/wps/session/login", map[string]string{"username": "player01", "password": "Player@123", "captchaId": id, "captcha": text}, true)
	if rec.Code != 400 || env.Code != "login.captcha_incorrect" {
		t.Fatalf("reused captcha = %d %+v", rec.Code, env)
	}
}
