package httpapi

import (
	"context"
	"fmt"
	"net/http"
	"testing"

	"portal/internal/dbtest"
	"portal/internal/notify"
	"portal/internal/provider/inhouse"
)

// TestVerificationLeftUndone: a log-in from a new address that names a way
// to verify but leaves its code out answers "complete verification first"
// with the challenge, alike for a right and a wrong password.
func TestVerificationLeftUndone(t *testing.T) {
	s, _ := newClockedDevServer(t)
	home := newClient(t, s, "demo")
	if rec, env := home.login("player01", "Player@123"); rec.Code != 200 {
		t.Fatalf("first log-in: %d %+v", rec.Code, env)
	}
	away := newClient(t, s, "demo")
	away.ip = "198.51.100.8"
	var answers []string
	for _, password := range []string{"Player@123", "nope"} {
		body := away.withCaptcha(map[string]string{"username": "player01", "password": password, "type": "username", "ipVerifyMethod": "sms"})
		rec, env := away.do(http.MethodPost, "/wps/session/login?language=EN", body, true)
		ch := value[ipChallenge](t, env)
		if rec.Code != 403 || env.Code != "login.verification_incomplete" || env.Message != "Please complete verification first" || len(ch.Methods) == 0 {
			t.Fatalf("password %q: %d %+v", password, rec.Code, env)
		}
		answers = append(answers, rec.Body.String())
	}
	if answers[0] != answers[1] {
		t.Fatalf("right and wrong password answer differently: %s / %s", answers[0], answers[1])
	}
}

// TestFrozenDownlineContactsItsAgent: a frozen account under an agent is
// told to contact the agent; one without an upline, customer
// service. Both only once the password is right.
func TestFrozenDownlineContactsItsAgent(t *testing.T) {
	db := dbtest.SQLite(t)
	s := newSeededServer(t, db, inhouse.Options{})
	if _, err := db.Write().ExecContext(context.Background(), `UPDATE members SET status = 'frozen' WHERE username IN ('player01', 'agent01')`); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		user, password, entry string
		status                int
		code, message         string
	}{
		{"player01", "Player@123", "member", 403, "login.contact_agent", "This account is restricted, please contact your agent"},
		{"agent01", "Agent@123", "agent", 403, "login.account_frozen", "This account is frozen, please contact customer service"},
		{"player01", "wrong", "member", 400, "login.password.incorrect", "Incorrect account or password"},
	}
	for _, tt := range tests {
		c := newClient(t, s, "demo")
		rec, env := c.do(http.MethodPost, "/wps/session/login?language=EN", map[string]string{"username": tt.user, "password": tt.password, "type": "username", "entry": tt.entry}, true)
		if rec.Code != tt.status || env.Code != tt.code || env.Message != tt.message {
			t.Errorf("%s/%s: %d %s %q", tt.user, tt.password, rec.Code, env.Code, env.Message)
		}
	}
}

// TestWrongConfirmationCode: a wrong code typed to confirm the
// authenticator's set-up or removal is an incorrect confirmation input
//
func TestWrongConfirmationCode(t *testing.T) {
	s := newHostileTestServer(t)
	c := newClient(t, s, "demo")
	if rec, env := c.login("player01", "Player@123"); rec.Code != 200 {
		t.Fatalf("login = %d %+v", rec.Code, env)
	}
	if rec, env := c.do(http.MethodPost, "/wps/member/totp/setup", nil, false); rec.Code != 200 {
		t.Fatalf("setup = %d %+v", rec.Code, env)
	}
	for _, code := range []string{"000000", "12"} {
		rec, env := c.do(http.MethodPost, "/wps/member/totp/enable?language=EN", totpCode{Code: code}, false)
		if rec.Code != 400 || env.Code != "member.confirmation_incorrect" || env.Message != "Incorrect confirmation input" {
			t.Errorf("enable with %q = %d %+v", code, rec.Code, env)
		}
	}
}

// failingSMS is a gateway that cannot deliver.
type failingSMS struct{}

func (failingSMS) Send(context.Context, notify.Message) error {
	return fmt.Errorf("%w: gateway answered 500", notify.ErrSMSFailed)
}

// TestUndeliveredCodeIsAnUnknownPhoneVerificationFailure: a registration
// code the SMS gateway could not deliver answers the phone-verification
// failure, not a system error.
func TestUndeliveredCodeIsAnUnknownPhoneVerificationFailure(t *testing.T) {
	dev := newDevServer(t)
	s := New(Deps{Config: Config{Dev: true}, Log: dev.log, Merchant: dev.Merchant, Catalog: dev.Catalog, Identity: dev.Identity, Wallet: dev.Wallet,
		Games: dev.Games, Hub: dev.Hub, Outbox: &notify.Outbox{}, SMS: failingSMS{}})
	c := newClient(t, s, "demo")
	rec, env := c.do(http.MethodPost, "/wps/verification/sms/register?language=EN",
		c.withCaptcha(map[string]string{"mobileNo": "098765401", "countryDialingCode": "855", "regType": "registerMobile"}), false)
	if rec.Code != 502 || env.Code != "sms.failed" || env.Message != "Phone verification failed, please try again later" {
		t.Fatalf("= %d %+v", rec.Code, env)
	}
}
