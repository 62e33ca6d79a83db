package httpapi

import (
	"net/http"
	"testing"
	"time"

	"github.com/pquerna/otp/totp"

	"portal/internal/identity"
)

func TestLoginFromNewAddress(t *testing.T) {
	s := newDevServer(t)
	home := newClient(t, s, "demo")
	if rec, env := home.login("player01", "Player@123"); rec.Code != 200 {
		t.Fatalf("first log-in records its address without asking: %d %+v", rec.Code, env)
	}
	away := newClient(t, s, "demo")
	away.ip = "198.51.100.7"
	login := func(extra map[string]string) (*http.Response, envelope) {
		body := map[string]string{"username": "player01", "password": "Player@123", "type": "username"}
		for k, v := range extra {
			body[k] = v
		}
		rec, env := away.do(http.MethodPost, "/wps/session/login", body, true)
		return rec.Result(), env
	}

	res, env := login(nil)
	ch := value[ipChallenge](t, env)
	if res.StatusCode != 403 || env.Code != "login.ip_verification_required" || len(ch.Methods) != 2 || ch.Mobile == "" || ch.Email == "" {
		t.Fatalf("new address: %d %+v %+v", res.StatusCode, env, ch)
	}
	if ch.Mobile == "+85512345002" || ch.Email == "player01@example.com" {
		t.Fatal("challenge reveals the full number or address")
	}

	// A wrong password never gets a code sent.
	rec, env := away.do(http.MethodPost, "/wps/session/login", map[string]string{"username": "player01", "password": "nope", "type": "username", "ipVerifySend": "sms"}, true)
	if rec.Code != 400 || env.Code != "login.password.incorrect" || len(away.outbox()) != 0 {
		t.Fatalf("wrong password: %d %s, outbox %d", rec.Code, env.Code, len(away.outbox()))
	}

	res, env = login(map[string]string{"ipVerifySend": "sms"})
	ch = value[ipChallenge](t, env)
	if res.StatusCode != 403 || ch.Sent != "sms" || ch.ExpiredMinutes == 0 {
		t.Fatalf("send: %d %+v %+v", res.StatusCode, ch, env)
	}
	box := away.outbox()
	if len(box) != 1 || box[0].To != "+85512345002" || box[0].Code == "" {
		t.Fatalf("outbox = %+v", box)
	}
	tests := []struct {
		name, method, code, wantCode string
		status                       int
	}{
		{"method not offered", "totp", "123456", "validation.field_invalid", 422},
		{"wrong code", "sms", "000000", "sms.code_invalid", 400},
		{"right code", "sms", box[0].Code, "", 200},
	}
	for _, tt := range tests {
		if tt.code == "000000" && box[0].Code == "000000" {
			continue
		}
		res, env := login(map[string]string{"ipVerifyMethod": tt.method, "ipVerifyCode": tt.code})
		if res.StatusCode != tt.status || env.Code != tt.wantCode {
			t.Errorf("%s: %d %q, want %d %q", tt.name, res.StatusCode, env.Code, tt.status, tt.wantCode)
		}
	}
	// The address is now known: no second question.
	if res, env := login(nil); res.StatusCode != 200 {
		t.Fatalf("known address asked again: %d %+v", res.StatusCode, env)
	}

	// An authenticator becomes a third way.
	_, env = home.do(http.MethodPost, "/wps/member/totp/setup", nil, false)
	setup := value[identity.TOTPSetup](t, env)
	code, _ := totp.GenerateCode(setup.Secret, time.Now())
	if rec, env := home.do(http.MethodPost, "/wps/member/totp/enable", totpCode{Code: code}, false); rec.Code != 200 {
		t.Fatalf("enable: %d %+v", rec.Code, env)
	}
	third := newClient(t, s, "demo")
	third.ip = "203.0.113.9"
	rec, env = third.do(http.MethodPost, "/wps/session/login", map[string]string{"username": "player01", "password": "Player@123", "type": "username"}, true)
	if ch := value[ipChallenge](t, env); rec.Code != 403 || len(ch.Methods) != 3 || ch.Methods[2] != "totp" {
		t.Fatalf("with authenticator: %d %+v", rec.Code, ch)
	}
	code, _ = totp.GenerateCode(setup.Secret, time.Now())
	rec, env = third.do(http.MethodPost, "/wps/session/login", map[string]string{"username": "player01", "password": "Player@123", "type": "username", "ipVerifyMethod": "totp", "ipVerifyCode": code}, true)
	if rec.Code != 200 {
		t.Fatalf("totp answer: %d %+v", rec.Code, env)
	}
}
