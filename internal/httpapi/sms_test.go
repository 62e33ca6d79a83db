package httpapi

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"portal/internal/identity"
	"portal/internal/notify"
)

func (c *client) outbox() []notify.Message {
	c.t.Helper()
	_, env := c.do(http.MethodGet, "/dev/outbox", nil, false)
	return value[outboxList](c.t, env).Content
}

func TestSMSLoginAndLimits(t *testing.T) {
	s := newDevServer(t)
	c := newClient(t, s, "demo")
	send := func(path string, body map[string]string) (int, string) {
		rec, env := c.do(http.MethodPost, path, c.withCaptcha(body), false)
		return rec.Code, env.Code
	}
	tests := []struct {
		name   string
		body   map[string]string
		status int
		code   string
	}{
		{"missing phone", map[string]string{"countryDialingCode": "855"}, 422, "sms.phone_missing"},
		{"bad phone", map[string]string{"mobileNum": "12ab", "countryDialingCode": "855"}, 422, "sms.phone_invalid"},
		{"wrong length for the country", map[string]string{"mobileNum": "1234567", "countryDialingCode": "855"}, 422, "sms.phone_invalid"},
		{"unknown number: nothing sent, nothing told", map[string]string{"mobileNum": "099999999", "countryDialingCode": "855"}, 200, ""},
		{"player01", map[string]string{"mobileNum": "012345002", "countryDialingCode": "855"}, 200, ""},
		{"again within a minute", map[string]string{"mobileNum": "12345002", "countryDialingCode": "855"}, 429, "sms.too_soon"},
	}
	for _, tt := range tests {
		if status, code := send("/wps/verification/sms/noLogin", tt.body); status != tt.status || code != tt.code {
			t.Errorf("%s = %d %s", tt.name, status, code)
		}
	}
	box := c.outbox()
	if len(box) != 1 || box[0].To != "+85512345002" || box[0].Kind != "sms" || len(box[0].Code) != 6 {
		t.Fatalf("outbox = %+v", box)
	}
	login := func(code string) (int, string) {
		rec, env := c.do(http.MethodPost, "/wps/session/login",
			map[string]string{"type": "sms", "mobileNum": "012345002", "countryDialingCode": "855", "code": code}, true)
		if rec.Code == 200 {
			c.token = value[loginResult](t, env).Token
		}
		return rec.Code, env.Code
	}
	if status, code := login(""); status != 422 || code != "sms.code_missing" {
		t.Errorf("no code = %d %s", status, code)
	}
	if status, code := login("000000x"); status != 400 || code != "sms.code_invalid" {
		t.Errorf("wrong code = %d %s", status, code)
	}
	if status, code := login(box[0].Code); status != 200 {
		t.Fatalf("sms login = %d %s", status, code)
	}
	if rec, env := c.do(http.MethodGet, "/wps/member/info", nil, false); rec.Code != 200 || value[memberInfo](t, env).Account != "player01" {
		t.Fatalf("info = %d %+v", rec.Code, env)
	}
	if status, code := login(box[0].Code); status != 400 || code != "sms.code_invalid" {
		t.Errorf("code reused = %d %s", status, code)
	}
	// lucky has SMS login off; the production server has no SMS sender.
	if rec, env := newClient(t, s, "lucky").do(http.MethodPost, "/wps/verification/sms/noLogin",
		c.withCaptcha(map[string]string{"mobileNum": "812345678", "countryDialingCode": "66"}), false); rec.Code != 403 || env.Code != "sms.not_enabled" {
		t.Errorf("lucky sms = %d %+v", rec.Code, env)
	}
	prod := newClient(t, newHostileTestServer(t), "demo")
	if rec, env := prod.do(http.MethodPost, "/wps/verification/sms/noLogin",
		map[string]string{"mobileNum": "12345001", "countryDialingCode": "855"}, false); rec.Code != 503 || env.Code != "sms.not_enabled" {
		t.Errorf("no sender = %d %+v", rec.Code, env)
	}
	if rec, _ := prod.do(http.MethodGet, "/dev/outbox", nil, false); rec.Code != 404 {
		t.Errorf("dev outbox in production = %d", rec.Code)
	}
}

func TestResetByPhone(t *testing.T) {
	s := newDevServer(t)
	c := newClient(t, s, "demo")
	old := newClient(t, s, "demo")
	if rec, _ := old.login("agent01", "Agent@123"); rec.Code != 200 {
		t.Fatal("agent login")
	}
	if rec, env := c.do(http.MethodPost, "/wps/verification/sms/noLogin",
		c.withCaptcha(map[string]string{"mobileNum": "12345001", "countryDialingCode": "855", "purpose": "reset"}), false); rec.Code != 200 {
		t.Fatalf("reset code = %d %+v", rec.Code, env)
	}
	code := c.outbox()[0].Code
	reset := map[string]string{"mobileNum": "12345001", "countryDialingCode": "855", "verificationCode": code,
		"newPassword": "weak", "confirmNewPassword": "weak"}
	if rec, env := c.do(http.MethodPost, "/wps/member/password/verification", reset, true); rec.Code != 422 || env.Code != "validation.field_invalid" {
		t.Fatalf("weak password = %d %+v", rec.Code, env)
	}
	reset["newPassword"], reset["confirmNewPassword"] = "Renewed@2026", "Renewed@2026"
	rec, env := c.do(http.MethodPost, "/wps/member/password/verification", reset, true)
	if rec.Code != 200 || value[loginResult](t, env).Account != "agent01" {
		t.Fatalf("reset = %d %+v", rec.Code, env)
	}
	if rec, _ := old.do(http.MethodGet, "/wps/member/info", nil, false); rec.Code != 401 {
		t.Errorf("old session survived the reset: %d", rec.Code)
	}
	if rec, _ := newClient(t, s, "demo").login("agent01", "Agent@123"); rec.Code != 400 {
		t.Errorf("old password still works: %d", rec.Code)
	}
}

func TestRegisterByMobile(t *testing.T) {
	s := newDevServer(t)
	c := newClient(t, s, "demo")
	if rec, env := c.do(http.MethodPost, "/wps/verification/sms/register",
		c.withCaptcha(map[string]string{"mobileNo": "0812345678", "countryDialingCode": "66", "regType": "registerMobile"}), false); rec.Code != 200 || value[smsSent](t, env).ExpiredMinutes != 5 {
		t.Fatalf("register code = %d %+v", rec.Code, env)
	}
	code := c.outbox()[0].Code
	body := map[string]any{"mobileNum": "0812345678", "countryDialingCode": "66", "verificationCode": "000000x",
		"password": "Mobile@2026", "confirmPassword": "Mobile@2026", "acceptTerms": true}
	if rec, env := c.do(http.MethodPut, "/wps/member/register/mobile", body, true); rec.Code != 400 || env.Code != "sms.code_invalid" {
		t.Fatalf("wrong code = %d %+v", rec.Code, env)
	}
	body["verificationCode"] = code
	rec, env := c.do(http.MethodPut, "/wps/member/register/mobile", body, true)
	res := value[loginResult](t, env)
	if rec.Code != 200 || res.Account != "812345678" || res.Token == "" {
		t.Fatalf("register by mobile = %d %+v", rec.Code, env)
	}
	if rec, _ := newClient(t, s, "demo").login("812345678", "Mobile@2026"); rec.Code != 200 {
		t.Fatalf("login with the mobile as username = %d", rec.Code)
	}
}

// TestSMSAnswersAlikeForEveryNumber: a number with an account, one without
// and one attached without proof get the same answers, 429s included, with
// the same bodies; only the number with a proven account receives a code.
// The captcha is checked when the merchant requires one.
func TestSMSAnswersAlikeForEveryNumber(t *testing.T) {
	s := newDevServer(t)
	c := newClient(t, s, "demo")
	// An account whose number was attached without proof (no SMS code).
	if _, err := s.Identity.Open(context.Background(), identity.NewMember{MerchantCode: "demo", Username: "squatter", Password: "Squat@2026", Mobile: "+85512345777"}); err != nil {
		t.Fatal(err)
	}
	type answer struct {
		status int
		body   string
	}
	send := func(number string, captcha bool) answer {
		body := map[string]string{"mobileNum": number, "countryDialingCode": "855"}
		if captcha {
			body = c.withCaptcha(body)
		}
		rec, _ := c.do(http.MethodPost, "/wps/verification/sms/noLogin", body, false)
		return answer{rec.Code, rec.Body.String()}
	}
	numbers := []struct {
		name, number string
		receives     bool
	}{
		{"member", "12345002", true},
		{"nobody", "99999999", false},
		{"unproven", "12345777", false},
	}
	var first, again, noCaptcha []answer
	for _, n := range numbers {
		first = append(first, send(n.number, true))
		again = append(again, send(n.number, true))
		noCaptcha = append(noCaptcha, send(n.number, false))
	}
	for i, n := range numbers {
		if first[i].status != 200 || first[i] != first[0] {
			t.Errorf("%s: first answer %+v, member's %+v", n.name, first[i], first[0])
		}
		if again[i].status != 429 || again[i] != again[0] {
			t.Errorf("%s: second answer %+v, member's %+v", n.name, again[i], again[0])
		}
		if noCaptcha[i].status != 400 || !strings.Contains(noCaptcha[i].body, "login.captcha_required") {
			t.Errorf("%s: without captcha %+v", n.name, noCaptcha[i])
		}
	}
	box := c.outbox()
	if len(box) != 1 || box[0].To != "+85512345002" {
		t.Fatalf("outbox = %+v", box)
	}
	// An unproven number logs nobody in, even with a code sent to it.
	rec, env := c.do(http.MethodPost, "/wps/session/login",
		map[string]string{"type": "sms", "mobileNum": "12345777", "countryDialingCode": "855", "code": "123456"}, true)
	if rec.Code != 400 || env.Code != "sms.code_invalid" {
		t.Errorf("sms log-in of an unproven number = %d %+v", rec.Code, env)
	}
}

// TestRegisterClaimsOnlyProvenNumbers: an unproven claim on a number does
// not stop its owner from registering it by phone, and the owner's SMS
// log-in reaches the owner's account, not the claimer's.
func TestRegisterClaimsOnlyProvenNumbers(t *testing.T) {
	s := newDevServer(t)
	c := newClient(t, s, "demo")
	if _, err := s.Identity.Open(context.Background(), identity.NewMember{MerchantCode: "demo", Username: "squatter", Password: "Squat@2026", Mobile: "+855 98 765 432"}); err != nil {
		t.Fatal(err)
	}
	code := c.registerCode("855", "098765432")
	body := map[string]any{"mobileNum": "098765432", "countryDialingCode": "855", "verificationCode": code,
		"password": "Owner@2026", "confirmPassword": "Owner@2026", "acceptTerms": true}
	rec, env := c.do(http.MethodPut, "/wps/member/register/mobile", body, true)
	if rec.Code != 200 || value[loginResult](t, env).Account != "98765432" {
		t.Fatalf("the owner's registration = %d %+v", rec.Code, env)
	}
	m, err := s.Identity.ByMobile(context.Background(), "demo", "+85598765432")
	if err != nil || m.Username != "98765432" {
		t.Fatalf("the number names %+v (%v)", m, err)
	}
}
