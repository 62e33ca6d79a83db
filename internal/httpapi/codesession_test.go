package httpapi

import (
	"context"
	"net/http"
	"testing"

	"portal/internal/identity"
)

// TestSMSLoginNeverForcesThePasswordChange: a member with the default
// password who logs in by SMS code is not held to the password change
// (C-022): the log-in answer, the member info and the (T) routes let them
// through; the same member logging in by password still must change it.
func TestSMSLoginNeverForcesThePasswordChange(t *testing.T) {
	s := newDevServer(t)
	ctx := context.Background()
	if _, err := s.Identity.Open(ctx, identity.NewMember{MerchantCode: "demo", Username: "phone77", Password: identity.DefaultPassword,
		Mobile: "+85512345077", MobileVerified: true}); err != nil {
		t.Fatal(err)
	}
	bySMS := newClient(t, s, "demo")
	if rec, env := bySMS.do(http.MethodPost, "/wps/verification/sms/noLogin",
		bySMS.withCaptcha(map[string]string{"mobileNum": "012345077", "countryDialingCode": "855"}), false); rec.Code != 200 {
		t.Fatalf("send code = %d %+v", rec.Code, env)
	}
	var code string
	for _, m := range bySMS.outbox() {
		if m.To == "+85512345077" {
			code = m.Code
			break
		}
	}
	rec, env := bySMS.do(http.MethodPost, "/wps/session/login",
		map[string]string{"type": "sms", "mobileNum": "012345077", "countryDialingCode": "855", "code": code}, true)
	res := value[loginResult](t, env)
	if rec.Code != 200 || res.PasswordExpired || res.PasswordChangeRequired || !identity.IsCodeSession(res.Token) {
		t.Fatalf("sms log-in = %d %+v", rec.Code, env)
	}
	bySMS.token = res.Token
	byPassword := newClient(t, s, "demo")
	byPassword.ip = "198.51.100.77"
	rec, env = byPassword.login("phone77", identity.DefaultPassword)
	if res := value[loginResult](t, env); rec.Code != 200 || !res.PasswordChangeRequired || identity.IsCodeSession(res.Token) {
		t.Fatalf("password log-in = %d %+v", rec.Code, env)
	}
	tests := []struct {
		name    string
		c       *client
		forced  bool
		balance int
	}{
		{"SMS session", bySMS, false, 200},
		{"password session", byPassword, true, 403},
	}
	for _, tt := range tests {
		rec, env := tt.c.do(http.MethodGet, "/wps/member/info", nil, false)
		if info := value[memberInfo](t, env); rec.Code != 200 || info.PasswordChangeRequired != tt.forced {
			t.Errorf("%s: member info = %d %+v", tt.name, rec.Code, info)
		}
		if rec, env := tt.c.do(http.MethodGet, "/wps/v2/wallets/balance", nil, false); rec.Code != tt.balance {
			t.Errorf("%s: balance = %d %+v", tt.name, rec.Code, env)
		}
	}
	// A session token cannot be made into an SMS one: the mark is hashed.
	forged := newClient(t, s, "demo")
	forged.token = "c." + byPassword.token
	if rec, _ := forged.do(http.MethodGet, "/wps/member/info", nil, false); rec.Code != 401 {
		t.Fatalf("forged mark = %d", rec.Code)
	}
}
