package httpapi

import (
	"net/http"
	"sync"
	"testing"
	"time"

	"portal/internal/dbtest"
	"portal/internal/identity"
	"portal/internal/notify"
	"portal/internal/provider/inhouse"
)

func newDevServer(t *testing.T) *Server {
	t.Helper()
	prod := newHostileTestServer(t)
	return New(Deps{Config: Config{Dev: true}, Log: prod.log, Merchant: prod.Merchant, Catalog: prod.Catalog, Identity: prod.Identity, Wallet: prod.Wallet, Games: prod.Games, Hub: prod.Hub,
		Outbox: &notify.Outbox{}})
}

func (c *client) solveCaptcha() (string, string) {
	c.t.Helper()
	c.do(http.MethodGet, "/wps/captcha", nil, false)
	_, env := c.do(http.MethodGet, "/dev/captcha/last", nil, false)
	last := value[lastCaptcha](c.t, env)
	return last.CaptchaID, last.Text
}

// withCaptcha adds a solved captcha to a payload, as the site does where
// the merchant requires one (dev mode only).
func (c *client) withCaptcha(body map[string]string) map[string]string {
	c.t.Helper()
	id, text := c.solveCaptcha()
	out := map[string]string{"captchaId": id, "captcha": text}
	for k, v := range body {
		out[k] = v
	}
	return out
}

// identityClock is a settable clock for the identity service of a test server (SMS intervals, lockout windows).
type identityClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *identityClock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *identityClock) add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// newClockedDevServer is newDevServer whose identity service runs on a test
// clock (SMS intervals, lockout windows).
func newClockedDevServer(t *testing.T) (*Server, *identityClock) {
	t.Helper()
	db := dbtest.SQLite(t)
	base := newSeededServer(t, db, inhouse.Options{})
	clk := &identityClock{t: time.Now()}
	return New(Deps{Config: Config{Dev: true}, Log: base.log, Merchant: base.Merchant, Catalog: base.Catalog, Identity: identity.NewService(db, clk.now),
		Wallet: base.Wallet, Games: base.Games, Hub: base.Hub, Outbox: &notify.Outbox{}}), clk
}

// registerCode asks for a registration code for a number and returns it.
func (c *client) registerCode(dialing, number string) string {
	c.t.Helper()
	rec, env := c.do(http.MethodPost, "/wps/verification/sms/register", c.withCaptcha(map[string]string{"mobileNo": number, "countryDialingCode": dialing}), false)
	if rec.Code != 200 {
		c.t.Fatalf("register code for %s = %d %+v", number, rec.Code, env)
	}
	return c.outbox()[0].Code
}

func TestRegister(t *testing.T) {
	s, clk := newClockedDevServer(t)
	c := newClient(t, s, "demo")
	// The merchant checks phones: the number goes with its SMS code.
	code := c.registerCode("855", "012345678")
	base := func() map[string]any {
		id, text := c.solveCaptcha()
		return map[string]any{"username": "fresh01", "password": "Fresh@2026", "confirmPassword": "Fresh@2026",
			"email": "fresh01@example.com", "mobileNum": "012345678", "countryDialingCode": "855", "verificationCode": code,
			"affiliateCode": "agent01", "captchaId": id, "captcha": text, "acceptTerms": true, "registerMethod": "WEB"}
	}
	tests := []struct {
		name   string
		change map[string]any
		status int
		code   string
		field  string
	}{
		{"terms not accepted", map[string]any{"acceptTerms": false}, 422, "register.terms_required", "acceptTerms"},
		{"confirm differs", map[string]any{"confirmPassword": "Fresh@2027"}, 422, "validation.inconsistent_twice", "confirmPassword"},
		{"username starts with a digit", map[string]any{"username": "1fresh"}, 422, "validation.field_invalid", "username"},
		{"username too short", map[string]any{"username": "ab"}, 422, "validation.field_invalid", "username"},
		{"weak password", map[string]any{"password": "fresh2026", "confirmPassword": "fresh2026"}, 422, "validation.field_invalid", "password"},
		{"bad email", map[string]any{"email": "not-an-email"}, 422, "validation.field_invalid", "email"},
		{"disabled field", map[string]any{"qqNum": "12345"}, 422, "validation.field_invalid", "qqNum"},
		{"unknown invitation code", map[string]any{"affiliateCode": "nobody"}, 422, "register.invitation_code_error", "affiliateCode"},
		{"member as invitation code", map[string]any{"affiliateCode": "player01"}, 422, "register.invitation_code_error", "affiliateCode"},
		{"wrong captcha", map[string]any{"captcha": "x"}, 400, "login.captcha_incorrect", ""},
		{"taken username", map[string]any{"username": "PLAYER01"}, 409, "register.username_taken", "username"},
		{"under 18", map[string]any{"birthday": time.Now().AddDate(-17, 0, 0).Format("2006-01-02")}, 422, "register.underage", "birthday"},
		{"bad birthday", map[string]any{"birthday": "2001-13-01"}, 422, "validation.field_invalid", "birthday"},
		{"nationality with digits", map[string]any{"nationality": "K4"}, 422, "validation.field_invalid", "nationality"},
		{"disabled zalo", map[string]any{"zalo": "12345678"}, 422, "validation.field_invalid", "zalo"},
		{"number without its code", map[string]any{"verificationCode": ""}, 422, "sms.code_missing", ""},
		{"number with a wrong code", map[string]any{"verificationCode": "000000x"}, 400, "sms.code_invalid", ""},
		{"number of the wrong length", map[string]any{"mobileNum": "1234567"}, 422, "sms.phone_invalid", ""},
	}
	for _, tt := range tests {
		body := base()
		for k, v := range tt.change {
			body[k] = v
		}
		rec, env := c.do(http.MethodPut, "/wps/member/register", body, true)
		if rec.Code != tt.status || env.Code != tt.code {
			t.Errorf("%s = %d %+v", tt.name, rec.Code, env)
			continue
		}
		if tt.field != "" {
			if f, _ := env.Value.(map[string]any)["field"].(string); f != tt.field {
				t.Errorf("%s: field %v", tt.name, env.Value)
			}
		}
	}
	ok := base()
	ok["birthday"] = time.Now().AddDate(-18, 0, -1).Format("01-02-2006")
	ok["nickname"], ok["occupation"] = "Freshy", "Teacher"
	rec, env := c.do(http.MethodPut, "/wps/member/register", ok, true)
	res := value[loginResult](t, env)
	if rec.Code != 200 || res.Token == "" || res.Account != "fresh01" || !res.FirstTimeLogin || res.Mobile != "+855****5678" {
		t.Fatalf("register = %d %+v", rec.Code, env)
	}
	c.token = res.Token
	if rec, env := c.do(http.MethodGet, "/wps/member/info", nil, false); rec.Code != 200 || value[memberInfo](t, env).Account != "fresh01" {
		t.Fatalf("info after register = %d %+v", rec.Code, env)
	}
	// The mobile number, leading zero dropped, is now proven and taken.
	clk.add(identity.SMSInterval)
	again := base()
	again["username"], again["mobileNum"], again["verificationCode"] = "fresh02", "12345678", c.registerCode("855", "12345678")
	if rec, env := c.do(http.MethodPut, "/wps/member/register", again, true); rec.Code != 409 || env.Code != "register.mobile_taken" {
		t.Fatalf("same mobile = %d %+v", rec.Code, env)
	}
	if rec, _ := newClient(t, s, "demo").login("fresh01", "Fresh@2026"); rec.Code != 200 {
		t.Fatalf("login of the new account = %d", rec.Code)
	}
}

func TestFreePlay(t *testing.T) {
	s := newHostileTestServer(t)
	c := newClient(t, s, "demo")
	rec, env := c.do(http.MethodPost, "/wps/session/login/freeplay", nil, false)
	res := value[loginResult](t, env)
	if rec.Code != 200 || !res.IsTrial || res.Type != 4 || res.Token == "" {
		t.Fatalf("free play = %d %+v", rec.Code, env)
	}
	c.token = res.Token
	if rec, env := c.do(http.MethodGet, "/wps/member/info", nil, false); rec.Code != 200 || !value[memberInfo](t, env).IsTrial {
		t.Fatalf("trial info = %d %+v", rec.Code, env)
	}
	// lucky has free play off.
	if rec, env := newClient(t, s, "lucky").do(http.MethodPost, "/wps/session/login/freeplay", nil, false); rec.Code != 403 || env.Code != "freeplay.disabled" {
		t.Fatalf("lucky free play = %d %+v", rec.Code, env)
	}
	// One address cannot mint trial accounts without end.
	var last int
	for i := 0; i < 11; i++ {
		rec, _ := c.do(http.MethodPost, "/wps/session/login/freeplay", nil, false)
		last = rec.Code
	}
	if last != 429 {
		t.Fatalf("12th trial account from one address = %d", last)
	}
}

func TestOldEnough(t *testing.T) {
	now := time.Date(2026, 11, 23, 12, 0, 0, 0, time.UTC)
	tests := []struct {
		birthday string
		age      int
		want     bool
	}{
		{"2008-11-23", 18, true},  // eighteenth birthday today
		{"2008-11-24", 18, false}, // tomorrow
		{"11-23-2008", 18, true},  // MM-dd-yyyy
		{"2005-11-24", 21, false}, // a merchant asking 21
		{"1990-01-01", 0, true},   // no age configured: 18
		{"garbage", 18, true},     // left to the field rule
	}
	for _, tt := range tests {
		if got := oldEnough(tt.birthday, tt.age, now); got != tt.want {
			t.Errorf("oldEnough(%q, %d) = %v, want %v", tt.birthday, tt.age, got, tt.want)
		}
	}
}
