package httpapi

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"portal/internal/database"
	"portal/internal/dbtest"
	"portal/internal/identity"
	"portal/internal/notify"
	"portal/internal/provider/inhouse"
)

// newProfileServer is the API over db in dev mode (codes in the outbox)
// with a settable identity clock, and a fresh member mira01 (no number,
// no e-mail, no payment password) beside the seeded player01.
func newProfileServer(t *testing.T, db *database.DB) (*Server, *identityClock) {
	t.Helper()
	base := newSeededServer(t, db, inhouse.Options{})
	clk := &identityClock{t: time.Now()}
	ids := identity.NewService(db, clk.now)
	for _, u := range []string{"mira01", "kosal01"} {
		if _, err := ids.Open(context.Background(), identity.NewMember{MerchantCode: "demo", Username: u, Password: "Mira@2026"}); err != nil {
			t.Fatal(err)
		}
	}
	return New(Deps{Config: Config{Dev: true}, Log: base.log, Merchant: base.Merchant, Catalog: base.Catalog, Identity: ids,
		Wallet: base.Wallet, Games: base.Games, Hub: base.Hub, Outbox: &notify.Outbox{}}), clk
}

func loggedIn(t *testing.T, s *Server, user, pass, ip string) *client {
	t.Helper()
	c := newClient(t, s, "demo")
	c.ip = ip
	if rec, env := c.login(user, pass); rec.Code != 200 {
		t.Fatalf("login %s = %d %+v", user, rec.Code, env)
	}
	return c
}

func (v profileView) field(name string) (profileField, bool) {
	for _, f := range v.Fields {
		if f.Name == name {
			return f, true
		}
	}
	return profileField{}, false
}

// TestProfileRules: the labels shown with their rules; the nickname is
// edited (and is the account's nickname); the real name and the birthday
// are set once, the birthday only when old enough; a label the merchant
// does not ask for takes nothing.
func TestProfileRules(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		s, _ := newProfileServer(t, db)
		c := loggedIn(t, s, "player01", "Player@123", "192.0.2.31")
		_, env := c.do(http.MethodGet, "/wps/member/profile", nil, false)
		p := value[profileView](t, env)
		nick, ok := p.field("nickname")
		if !ok || nick.Value != "Player One" || !nick.Editable || nick.Rule.MaxLength != 20 {
			t.Fatalf("nickname = %+v", nick)
		}
		if f, ok := p.field("payeeName"); !ok || !f.Editable || f.Locked {
			t.Fatalf("real name before = %+v", f)
		}
		if _, ok := p.field("qqNum"); ok {
			t.Fatal("a disabled empty label is shown")
		}
		if !p.MobileVerified || p.EmailVerified || p.ChangePassword != "login" || p.Mobile == "+85512345002" || p.MinimumAge != 18 {
			t.Fatalf("contact = %+v", p)
		}
		underage := time.Now().AddDate(-17, 0, 0).Format("2006-01-02")
		steps := []struct {
			name   string
			body   map[string]any
			status int
			code   string
		}{
			{"nickname", map[string]any{"nickname": "Lucky7"}, 200, ""},
			{"nickname with a space breaks its pattern", map[string]any{"nickname": "Lucky 7"}, 422, "validation.field_invalid"},
			{"nickname too long", map[string]any{"nickname": strings.Repeat("n", 21)}, 422, "validation.field_invalid"},
			{"real name malformed", map[string]any{"payeeName": "1"}, 422, "validation.real_name_invalid"},
			{"real name", map[string]any{"payeeName": "Sok Dara"}, 200, ""},
			{"real name again, the same", map[string]any{"payeeName": "Sok Dara"}, 200, ""},
			{"real name changed", map[string]any{"payeeName": "Chan Dara"}, 409, "member.profile_locked"},
			{"real name cleared", map[string]any{"payeeName": ""}, 409, "member.profile_locked"},
			{"birthday under age", map[string]any{"birthday": underage}, 422, "register.underage"},
			{"birthday malformed", map[string]any{"birthday": "1990/01/01"}, 422, "validation.field_invalid"},
			{"birthday", map[string]any{"birthday": "1990-01-31"}, 200, ""},
			{"birthday changed", map[string]any{"birthday": "1991-01-31"}, 409, "member.profile_locked"},
			{"a label the merchant does not ask for", map[string]any{"qqNum": "12345"}, 422, "validation.field_invalid"},
			{"several at once, one bad: nothing changes", map[string]any{"telegram": "dara_tg", "nationality": "K4"}, 422, "validation.field_invalid"},
			{"several at once", map[string]any{"telegram": "dara_tg", "nationality": "Cambodian", "address": "12 Street 310, Phnom Penh"}, 200, ""},
			{"address cleared", map[string]any{"address": ""}, 200, ""},
		}
		for _, st := range steps {
			rec, env := c.do(http.MethodPut, "/wps/member/profile", st.body, false)
			if rec.Code != st.status || env.Code != st.code {
				t.Fatalf("%s = %d %s %v", st.name, rec.Code, env.Code, env.Value)
			}
		}
		_, env = c.do(http.MethodGet, "/wps/member/profile", nil, false)
		p = value[profileView](t, env)
		for name, want := range map[string]string{"nickname": "Lucky7", "payeeName": "Sok Dara", "birthday": "1990-01-31", "telegram": "dara_tg", "nationality": "Cambodian", "address": ""} {
			if f, _ := p.field(name); f.Value != want {
				t.Errorf("%s = %q, want %q", name, f.Value, want)
			}
		}
		for _, name := range []string{"payeeName", "birthday"} {
			if f, _ := p.field(name); f.Editable || !f.Locked {
				t.Errorf("%s after it is set = %+v", name, f)
			}
		}
		_, env = c.do(http.MethodGet, "/wps/member/info", nil, false)
		if info := value[memberInfo](t, env); info.Nickname != "Lucky7" || !info.MobileVerified || info.EmailVerified {
			t.Errorf("info = %+v", info)
		}
		// The rest of the document (the language, the icon) is kept.
		if rec, _ := c.do(http.MethodPost, "/wps/member/info/icon", map[string]string{"icon": "7"}, false); rec.Code != 200 {
			t.Fatal("icon")
		}
		c.do(http.MethodPut, "/wps/member/profile", map[string]any{"occupation": "Teacher"}, false)
		if _, env := c.do(http.MethodGet, "/wps/member/info/icon", nil, false); value[iconChoice](t, env).Icon != "7" {
			t.Error("a profile change lost the icon")
		}
	})
}

// TestProfileHostile: markup, control characters, huge values, unknown
// keys and wrong shapes are refused with the envelope, never a 500, and
// change nothing.
func TestProfileHostile(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		s, _ := newProfileServer(t, db)
		c := loggedIn(t, s, "mira01", "Mira@2026", "192.0.2.32")
		tests := []struct {
			name, body string
			status     int
			code       string
		}{
			{"script in the address", `{"address":"<script>alert(1)</script> Street"}`, 422, "validation.field_invalid"},
			{"img in the nickname", `{"nickname":"<img/src=x>"}`, 422, "validation.field_invalid"},
			{"a lone bracket", `{"occupation":"Dev > Ops"}`, 422, "validation.field_invalid"},
			{"bell character", "{\"address\":\"12 Street\\u0007 310\"}", 422, "validation.field_invalid"},
			{"line break", `{"address":"12 Street\n310 Phnom Penh"}`, 422, "validation.field_invalid"},
			{"right-to-left override", "{\"nickname\":\"abc\\u202edef\"}", 422, "validation.field_invalid"},
			{"NUL", `{"telegram":"ab\u0000cd"}`, 422, "validation.field_invalid"},
			{"10 KB value", `{"address":"` + strings.Repeat("a", 10<<10) + `"}`, 422, "validation.field_invalid"},
			{"10 KB key", `{"` + strings.Repeat("k", 10<<10) + `":"x"}`, 422, "validation.field_invalid"},
			{"unknown key", `{"memberId":"1"}`, 422, "validation.field_invalid"},
			{"another member's name", `{"username":"player01"}`, 422, "validation.field_invalid"},
			{"the site's own key", `{"icon":"3"}`, 422, "validation.field_invalid"},
			{"mobile through the profile", `{"mobileNum":"12345678"}`, 422, "validation.field_invalid"},
			{"a number value", `{"nickname":5}`, 400, "request.invalid_body"},
			{"a nested object", `{"nickname":{"a":"b"}}`, 400, "request.invalid_body"},
			{"an array", `["nickname"]`, 400, "request.invalid_body"},
			{"null", `null`, 400, "request.invalid_body"},
			{"not JSON", `nickname=x`, 400, "request.invalid_body"},
			{"trailing data", `{"nickname":"ab"}{}`, 400, "request.invalid_body"},
			{"2 MB body", `{"address":"` + strings.Repeat("a", 2<<20) + `"}`, 413, "request.too_large"},
		}
		for _, tt := range tests {
			rec, env := c.raw(http.MethodPut, "/wps/member/profile", tt.body)
			if rec.Code != tt.status || env.Code != tt.code {
				t.Errorf("%s = %d %s %v", tt.name, rec.Code, env.Code, env.Value)
			}
			if fe, ok := env.Value.(map[string]any); ok && len(fe["field"].(string)) > 64 {
				t.Errorf("%s: the answer echoes a huge key", tt.name)
			}
		}
		_, env := c.do(http.MethodGet, "/wps/member/profile", nil, false)
		for _, f := range value[profileView](t, env).Fields {
			if f.Value != "" {
				t.Errorf("%s = %q after hostile input", f.Name, f.Value)
			}
		}
	})
}

// TestProfileIsOwn: there are no ids to change; every call acts on the
// session's member only; without a session or as a trial account, nothing.
func TestProfileIsOwn(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		s, _ := newProfileServer(t, db)
		a := loggedIn(t, s, "mira01", "Mira@2026", "192.0.2.33")
		b := loggedIn(t, s, "kosal01", "Mira@2026", "192.0.2.34")
		if rec, _ := b.do(http.MethodPut, "/wps/member/profile", map[string]any{"nickname": "KosalB"}, false); rec.Code != 200 {
			t.Fatal("b's own change")
		}
		for _, body := range []map[string]any{{"id": "1", "nickname": "x1"}, {"member": "mira01"}, {"username": "mira01", "nickname": "hijack"}} {
			if rec, _ := b.do(http.MethodPut, "/wps/member/profile", body, false); rec.Code != 422 {
				t.Errorf("%v = %d", body, rec.Code)
			}
		}
		for _, path := range []string{"/wps/member/profile?id=1", "/wps/member/profile?memberId=1&username=mira01"} {
			rec, env := b.do(http.MethodGet, path, nil, false)
			if f, _ := value[profileView](t, env).field("nickname"); rec.Code == 200 && f.Value != "KosalB" {
				t.Errorf("%s shows %q", path, f.Value)
			}
		}
		_, env := a.do(http.MethodGet, "/wps/member/profile", nil, false)
		if f, _ := value[profileView](t, env).field("nickname"); f.Value != "" {
			t.Errorf("a's nickname = %q", f.Value)
		}
		anon := newClient(t, s, "demo")
		for _, m := range []string{http.MethodGet, http.MethodPut} {
			if rec, env := anon.do(m, "/wps/member/profile", map[string]any{"nickname": "anon1"}, false); rec.Code != 401 || env.Code != "login.not.session" {
				t.Errorf("%s without a session = %d %s", m, rec.Code, env.Code)
			}
		}
		trial := newClient(t, s, "demo")
		trial.ip = "192.0.2.35"
		if rec, env := trial.do(http.MethodPost, "/wps/session/login/freeplay", nil, false); rec.Code == 200 {
			trial.token = value[loginResult](t, env).Token
			if rec, env := trial.do(http.MethodPut, "/wps/member/profile", map[string]any{"nickname": "trial1"}, false); rec.Code != 403 || env.Code != "member.in_need_true_account" {
				t.Errorf("trial = %d %s", rec.Code, env.Code)
			}
		}
	})
}

// lastTo is the newest outbox message to to.
func (c *client) lastTo(to string) notify.Message {
	c.t.Helper()
	for _, m := range c.outbox() {
		if m.To == to {
			return m
		}
	}
	c.t.Fatalf("nothing sent to %s", to)
	return notify.Message{}
}

// TestMobileVerification: a code to a number, a wrong code, the right one
// (the number becomes the member's, verified), replay, expiry, a number
// another member proved, a code asked by another member, the password that
// replacing a proven number takes, and the throttles.
func TestMobileVerification(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		s, clk := newProfileServer(t, db)
		c := loggedIn(t, s, "mira01", "Mira@2026", "192.0.2.41")
		send := func(c *client, body map[string]string) (int, string) {
			rec, env := c.do(http.MethodPost, "/wps/member/mobile/code", c.withCaptcha(body), false)
			return rec.Code, env.Code
		}
		verify := func(c *client, body map[string]string) (int, string, profileView) {
			rec, env := c.do(http.MethodPost, "/wps/member/mobile/verify", body, false)
			var p profileView
			if rec.Code == 200 {
				p = value[profileView](t, env)
			}
			return rec.Code, env.Code, p
		}
		num := map[string]string{"mobileNum": "012777888", "countryDialingCode": "855"}
		if rec, env := c.do(http.MethodPost, "/wps/member/mobile/code", num, false); rec.Code != 400 || env.Code != "login.captcha_incorrect" && env.Code != "login.captcha_required" {
			t.Fatalf("without a captcha = %d %s", rec.Code, env.Code)
		}
		if st, code := send(c, map[string]string{"mobileNum": "12ab", "countryDialingCode": "855"}); st != 422 || code != "sms.phone_invalid" {
			t.Fatalf("bad number = %d %s", st, code)
		}
		if st, code := send(c, num); st != 200 {
			t.Fatalf("send = %d %s", st, code)
		}
		if st, code := send(c, num); st != 429 || code != "sms.too_soon" {
			t.Fatalf("again at once = %d %s", st, code)
		}
		msg := c.lastTo("+85512777888")
		if msg.Kind != "sms" || !strings.Contains(msg.Text, msg.Code) {
			t.Fatalf("message = %+v", msg)
		}
		// Another member cannot use a code this member asked for.
		k := loggedIn(t, s, "kosal01", "Mira@2026", "192.0.2.42")
		if st, code, _ := verify(k, map[string]string{"mobileNum": "012777888", "countryDialingCode": "855", "code": msg.Code}); st != 400 || code != "sms.code_invalid" {
			t.Fatalf("someone else's code = %d %s", st, code)
		}
		wrong := "000000"
		if msg.Code == wrong {
			wrong = "111111"
		}
		if st, code, _ := verify(c, map[string]string{"mobileNum": "012777888", "countryDialingCode": "855", "code": wrong}); st != 400 || code != "sms.code_invalid" {
			t.Fatalf("wrong code = %d %s", st, code)
		}
		if st, code, _ := verify(c, map[string]string{"mobileNum": "012777888", "countryDialingCode": "855"}); st != 422 || code != "sms.code_missing" {
			t.Fatalf("no code = %d %s", st, code)
		}
		st, code, p := verify(c, map[string]string{"mobileNum": "012777888", "countryDialingCode": "855", "code": msg.Code})
		if st != 200 || !p.MobileVerified || p.Mobile != maskMiddle("+85512777888") {
			t.Fatalf("verify = %d %s %+v", st, code, p)
		}
		if st, code, _ := verify(c, map[string]string{"mobileNum": "012777888", "countryDialingCode": "855", "code": msg.Code}); st != 409 || code != "member.contact_verified" {
			t.Fatalf("again = %d %s", st, code)
		}
		// A number player01 proved: the code goes to its owner, and typing
		// it (replayed or not) never takes the number.
		clk.add(identity.SMSInterval)
		if st, code := send(k, map[string]string{"mobileNum": "12345002", "countryDialingCode": "855"}); st != 200 {
			t.Fatalf("send to a taken number = %d %s", st, code)
		}
		taken := k.lastTo("+85512345002").Code
		if st, code, _ := verify(k, map[string]string{"mobileNum": "12345002", "countryDialingCode": "855", "code": taken}); st != 409 || code != "register.mobile_taken" {
			t.Fatalf("taken = %d %s", st, code)
		}
		if st, code, _ := verify(k, map[string]string{"mobileNum": "12345002", "countryDialingCode": "855", "code": taken}); st != 400 || code != "sms.code_invalid" {
			t.Fatalf("replayed = %d %s", st, code)
		}
		// Expired.
		clk.add(identity.SMSInterval)
		if st, code := send(k, map[string]string{"mobileNum": "012555666", "countryDialingCode": "855"}); st != 200 {
			t.Fatalf("send = %d %s", st, code)
		}
		old := k.lastTo("+85512555666").Code
		clk.add(6 * time.Minute)
		if st, code, _ := verify(k, map[string]string{"mobileNum": "012555666", "countryDialingCode": "855", "code": old}); st != 400 || code != "sms.code_expired" {
			t.Fatalf("expired = %d %s", st, code)
		}
		// Replacing mira01's proven number: the log-in password (no payment
		// password yet), then the payment password once set.
		other := map[string]string{"mobileNum": "012666777", "countryDialingCode": "855"}
		if st, code := send(c, other); st != 422 || code != "validation.required" {
			t.Fatalf("replace without a password = %d %s", st, code)
		}
		other["password"] = "Wrong@2026"
		if st, code := send(c, other); st != 400 || code != "login.password.incorrect" {
			t.Fatalf("replace, wrong password = %d %s", st, code)
		}
		other["password"] = "Mira@2026"
		if st, code := send(c, other); st != 200 {
			t.Fatalf("replace, log-in password = %d %s", st, code)
		}
		repl := c.lastTo("+85512666777").Code
		mira, err := s.Identity.ByUsername(context.Background(), "demo", "mira01")
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Identity.SetPaymentPassword(context.Background(), mira.ID, "Mira@2026", "", "246810"); err != nil {
			t.Fatal(err)
		}
		if st, code, _ := verify(c, map[string]string{"mobileNum": "012666777", "countryDialingCode": "855", "code": repl, "password": "Mira@2026"}); st != 403 || code != "cashier.payment_password_incorrect" {
			t.Fatalf("log-in password once a payment password is set = %d %s", st, code)
		}
		st, code, p = verify(c, map[string]string{"mobileNum": "012666777", "countryDialingCode": "855", "code": repl, "password": "246810"})
		if st != 200 || !p.MobileVerified || p.ChangePassword != "payment" || p.Mobile != maskMiddle("+85512666777") {
			t.Fatalf("replaced = %d %s %+v", st, code, p)
		}
		// The member's own throttle, whatever the numbers.
		k.ip = "192.0.2.43"
		clk.add(identity.Window)
		var last int
		for i := 0; i < contactCodesPerWindow+1; i++ {
			last, code = send(k, map[string]string{"mobileNum": fmt.Sprintf("0128000%02d", i), "countryDialingCode": "855"})
			if i < contactCodesPerWindow && last != 200 {
				t.Fatalf("code %d = %d %s", i+1, last, code)
			}
		}
		if last != 429 || code != "request.too_many" {
			t.Fatalf("past the member's throttle = %d %s", last, code)
		}
	})
}

// TestEmailVerification: the same with the e-mail sender; the address is
// stored lower-cased and verified, and one another member verified is
// refused.
func TestEmailVerification(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		s, clk := newProfileServer(t, db)
		c := loggedIn(t, s, "player01", "Player@123", "192.0.2.51")
		send := func(c *client, email string) (int, string) {
			rec, env := c.do(http.MethodPost, "/wps/member/email/code", c.withCaptcha(map[string]string{"email": email}), false)
			return rec.Code, env.Code
		}
		for _, bad := range []string{"", "not-an-address", "<a@b.co>", strings.Repeat("a", 10<<10) + "@x.com"} {
			if st, code := send(c, bad); st != 422 {
				t.Errorf("%.20q = %d %s", bad, st, code)
			}
		}
		if st, code := send(c, "Player01@Example.com"); st != 200 {
			t.Fatalf("send = %d %s", st, code)
		}
		msg := c.lastTo("player01@example.com")
		if msg.Kind != "email" {
			t.Fatalf("kind = %s", msg.Kind)
		}
		rec, env := c.do(http.MethodPost, "/wps/member/email/verify", map[string]string{"email": "player01@example.com", "code": msg.Code}, false)
		if p := value[profileView](t, env); rec.Code != 200 || !p.EmailVerified {
			t.Fatalf("verify = %d %s %+v", rec.Code, env.Code, p)
		}
		_, env = c.do(http.MethodGet, "/wps/member/info", nil, false)
		if info := value[memberInfo](t, env); !info.EmailVerified {
			t.Errorf("info = %+v", info)
		}
		k := loggedIn(t, s, "kosal01", "Mira@2026", "192.0.2.52")
		clk.add(identity.SMSInterval)
		if st, code := send(k, "PLAYER01@example.com"); st != 200 {
			t.Fatalf("send = %d %s", st, code)
		}
		code := k.lastTo("player01@example.com").Code
		rec, env = k.do(http.MethodPost, "/wps/member/email/verify", map[string]string{"email": "player01@example.com", "code": code}, false)
		if rec.Code != 409 || env.Code != "member.email_taken" {
			t.Fatalf("taken = %d %s", rec.Code, env.Code)
		}
		// Replacing a verified address takes the log-in password.
		if st, code := send(c, "dara@example.org"); st != 422 || code != "validation.required" {
			t.Fatalf("replace without a password = %d %s", st, code)
		}
	})
}
