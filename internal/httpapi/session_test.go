package httpapi

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"portal/internal/identity"
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
	// (Each client its own address: the wrong entry counts as a failure.)
	entry := newClient(t, s, "demo")
	entry.ip = "192.0.2.11"
	rec, env = entry.do(http.MethodPost, "/wps/session/login", map[string]string{"username": "player01", "password": "Player@123", "entry": "agent"}, true)
	if rec.Code != 403 || env.Code != "login.not_agent" {
		t.Errorf("member at agent entry = %d %+v", rec.Code, env)
	}
	rec, _ = entry.do(http.MethodPost, "/wps/session/login", map[string]string{"username": "agent01", "password": "Agent@123", "entry": "agent"}, true)
	if rec.Code != 200 {
		t.Errorf("agent at agent entry = %d", rec.Code)
	}
	// A merchant with encryption off takes plain JSON.
	lucky := newClient(t, s, "lucky")
	lucky.ip = "192.0.2.12"
	if lucky.key != "" {
		t.Fatal("lucky has encryption on")
	}
	if rec, env := lucky.login("player01", "Player@123"); rec.Code != 400 || env.Code != "login.password.incorrect" {
		t.Errorf("demo's member at lucky = %d %+v", rec.Code, env)
	}
}

// TestLockoutOverHTTP: once a captcha is asked, attempts without it are
// refused before the password and count for nothing; with captchas, one
// address that keeps failing locks itself for every account but not the
// account elsewhere; the account locks for everyone only after failures
// from several addresses (decision 0017).
func TestLockoutOverHTTP(t *testing.T) {
	// newbie01 has no second factor, so no new-address step gets in the way.
	s := newDevServer(t)
	attacker := newClient(t, s, "demo")
	try := func(c *client, user, pass string, captcha bool) (*httptest.ResponseRecorder, envelope) {
		c.t.Helper()
		body := map[string]string{"username": user, "password": pass, "type": "username"}
		if captcha {
			body = c.withCaptcha(body)
		}
		return c.do(http.MethodPost, "/wps/session/login", body, true)
	}
	for i := 1; i <= 3; i++ {
		if rec, env := try(attacker, "newbie01", "wrong", false); rec.Code != 400 || env.Code != "login.password.incorrect" {
			t.Fatalf("attempt %d = %d %+v", i, rec.Code, env)
		}
	}
	// Without a captcha, a hundred more attempts are refused unchecked and
	// lock nothing: the right password with a captcha still works.
	for i := 0; i < 100; i++ {
		if rec, env := try(attacker, "newbie01", "wrong", false); rec.Code != 400 || env.Code != "login.captcha_required" {
			t.Fatalf("attempt without captcha = %d %+v", rec.Code, env)
		}
	}
	owner := newClient(t, s, "demo")
	owner.ip = "198.51.100.20"
	if rec, env := try(owner, "newbie01", "123456", false); rec.Code != 400 || env.Code != "login.captcha_required" {
		t.Fatalf("the account asks its owner for a captcha too: %d %+v", rec.Code, env)
	}
	if rec, env := try(owner, "newbie01", "123456", true); rec.Code != 200 {
		t.Fatalf("owner with a captcha = %d %+v", rec.Code, env)
	}
	// With captchas, the eleventh failure locks the attacker's address.
	for i := 4; i <= identity.LockAfter+1; i++ {
		if rec, env := try(attacker, "newbie01", "wrong", true); rec.Code != 400 || env.Code != "login.password.incorrect" {
			t.Fatalf("attempt %d with captcha = %d %+v", i, rec.Code, env)
		}
	}
	rec, env := try(attacker, "newbie01", "123456", true) // the right password, too late
	if rec.Code != 429 || env.Code != "login.too_many_attempts" || rec.Header().Get("Retry-After") == "" {
		t.Fatalf("locked login = %d %+v", rec.Code, env)
	}
	if ra := value[retryAfter](t, env); ra.RetryAfter < 290 || ra.RetryAfter > 300 {
		t.Fatalf("retryAfter = %d", ra.RetryAfter)
	}
	if rec, _ := try(attacker, "agent01", "Agent@123", true); rec.Code != 429 {
		t.Fatalf("other account from the locked address = %d", rec.Code)
	}
	if rec, env := try(owner, "newbie01", "123456", true); rec.Code != 200 {
		t.Fatalf("the owner locked out by one address: %d %+v", rec.Code, env)
	}
	// Failures from several addresses lock the account everywhere.
	for i, ip := range []string{"203.0.113.1", "203.0.113.2", "203.0.113.3"} {
		c := newClient(t, s, "demo")
		c.ip = ip
		// 10 + 10 + 1: more than AccountLockAfter from AccountLockSources.
		for j := 0; j < min(identity.LockAfter, identity.AccountLockAfter+1-i*identity.LockAfter); j++ {
			if rec, env := try(c, "newbie01", "wrong", true); rec.Code != 400 {
				t.Fatalf("address %d attempt %d = %d %+v", i, j, rec.Code, env)
			}
		}
	}
	if rec, env := try(owner, "newbie01", "123456", true); rec.Code != 429 || env.Code != "login.too_many_attempts" {
		t.Fatalf("account after failures from several addresses = %d %+v", rec.Code, env)
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

// TestChangePasswordCountsWrongOldPasswords: a wrong old password is a
// failed log-in of the account: a captcha after three, then the lock, which
// also ends the session that was guessing (decision 0017).
func TestChangePasswordCountsWrongOldPasswords(t *testing.T) {
	s := newDevServer(t)
	c := newClient(t, s, "demo")
	if rec, _ := c.login("player01", "Player@123"); rec.Code != 200 {
		t.Fatal("login")
	}
	change := func(old string, captcha bool) (*httptest.ResponseRecorder, envelope) {
		body := map[string]string{"oldPassword": old, "newPassword": "Fresh@2026", "confirmNewPassword": "Fresh@2026"}
		if captcha {
			body = c.withCaptcha(body)
		}
		return c.do(http.MethodPost, "/wps/member/password", body, true)
	}
	steps := []struct {
		name    string
		old     string
		captcha bool
		status  int
		code    string
		asks    bool // the answer asks for a captcha
	}{
		{"first wrong", "guess1", false, 400, "login.password.incorrect", false},
		{"second wrong", "guess2", false, 400, "login.password.incorrect", false},
		{"third wrong asks for a captcha", "guess3", false, 400, "login.password.incorrect", true},
		{"no captcha: refused unchecked", "Player@123", false, 400, "login.captcha_required", true},
	}
	for i := 4; i <= identity.LockAfter; i++ {
		steps = append(steps, struct {
			name    string
			old     string
			captcha bool
			status  int
			code    string
			asks    bool
		}{"wrong with captcha", "guess", true, 400, "login.password.incorrect", true})
	}
	for _, st := range steps {
		rec, env := change(st.old, st.captcha)
		if rec.Code != st.status || env.Code != st.code || value[captchaNeeded](t, env).Captcha != st.asks {
			t.Fatalf("%s = %d %+v", st.name, rec.Code, env)
		}
	}
	rec, env := change("guess", true)
	if rec.Code != 429 || env.Code != "login.too_many_attempts" {
		t.Fatalf("the failure past the limit = %d %+v", rec.Code, env)
	}
	if rec, env := c.do(http.MethodGet, "/wps/member/info", nil, false); rec.Code != 401 || env.Code != "login.not.session" {
		t.Fatalf("the guessing session survived the lock: %d %+v", rec.Code, env)
	}
	if rec, _ := newClient(t, s, "demo").login("player01", "Player@123"); rec.Code != 429 {
		t.Fatalf("log-in from the locked address = %d", rec.Code)
	}
}

// TestWrongEntryCostsAFailure: "not an agent" / "not a member" come only
// with the right password, and cost what a wrong password costs.
func TestWrongEntryCostsAFailure(t *testing.T) {
	s := newHostileTestServer(t)
	c := newClient(t, s, "demo")
	entry := func(user, pass, entry string) (int, string) {
		rec, env := c.do(http.MethodPost, "/wps/session/login", map[string]string{"username": user, "password": pass, "type": "username", "entry": entry}, true)
		return rec.Code, env.Code
	}
	steps := []struct {
		user, pass, entry string
		status            int
		code              string
	}{
		{"player01", "wrong", "agent", 400, "login.password.incorrect"},
		{"player01", "Player@123", "agent", 403, "login.not_agent"},
		{"player01", "Player@123", "agent", 403, "login.not_agent"},
		{"player01", "Player@123", "member", 400, "login.captcha_required"},
	}
	for i, st := range steps {
		if status, code := entry(st.user, st.pass, st.entry); status != st.status || code != st.code {
			t.Errorf("step %d: %d %s, want %d %s", i, status, code, st.status, st.code)
		}
	}
}

// TestEncryptedBodyReplayRefused: a captured (E) body sent again, even to
// another server over the same database, is refused with the envelope's
// 409 request.replayed; the client contract is unchanged (a fresh body
// works).
func TestEncryptedBodyReplayRefused(t *testing.T) {
	s := newHostileTestServer(t)
	c := newClient(t, s, "demo")
	other := New(Deps{Log: s.log, Merchant: s.Merchant, Catalog: s.Catalog, Identity: s.Identity, Wallet: s.Wallet, Games: s.Games, Hub: s.Hub})
	raw, _ := json.Marshal(map[string]string{"username": "player01", "password": "Player@123", "type": "username"})
	header, body, err := merchant.SealPayload(c.key, raw)
	if err != nil {
		t.Fatal(err)
	}
	send := func(to http.Handler) (*httptest.ResponseRecorder, envelope) {
		r := httptest.NewRequest(http.MethodPost, "/wps/session/login?language=EN", strings.NewReader(body))
		r.RemoteAddr = c.ip + ":5555"
		r.Header.Set("Merchant", "demo")
		r.Header.Set("Encryption", header)
		r.Header.Set("Content-Type", "text/plain")
		rec := httptest.NewRecorder()
		to.ServeHTTP(rec, r)
		return rec, decodeEnvelope(t, rec.Result())
	}
	steps := []struct {
		name   string
		to     http.Handler
		status int
		code   string
	}{
		{"captured body, first time", s, 200, ""},
		{"replayed", s, 409, "request.replayed"},
		{"replayed to another instance", other, 409, "request.replayed"},
	}
	for _, st := range steps {
		rec, env := send(st.to)
		if rec.Code != st.status || env.Code != st.code || (st.code != "" && env.Message != messages[st.code]["EN"]) {
			t.Errorf("%s = %d %+v", st.name, rec.Code, env)
		}
	}
	if rec, _ := c.login("player01", "Player@123"); rec.Code != 200 {
		t.Errorf("a fresh body = %d", rec.Code)
	}
}
