package httpapi

import (
	"bytes"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"testing"
)

// lockedBuffer collects log output from concurrent handlers.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

// TestNoSecretInLogs runs the log-in, SMS and reset flows with debug logging
// and checks that no password, token or code reaches a log line.
func TestNoSecretInLogs(t *testing.T) {
	var logs lockedBuffer
	base := newDevServer(t)
	s := New(Deps{Config: base.Config, Log: slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug})),
		Merchant: base.Merchant, Catalog: base.Catalog, Identity: base.Identity, Outbox: base.Outbox, Wallet: base.Wallet, Games: base.Games, Hub: base.Hub})
	c := newClient(t, s, "demo")
	secrets := []string{"Player@123", "wrongpass"}
	c.login("player01", "wrongpass")
	if rec, _ := c.login("player01", "Player@123"); rec.Code != 200 {
		t.Fatal("login")
	}
	secrets = append(secrets, c.token)
	c.do(http.MethodPost, "/wps/verification/sms/noLogin", c.withCaptcha(map[string]string{"mobileNum": "12345002", "countryDialingCode": "855"}), false)
	code := c.outbox()[0].Code
	secrets = append(secrets, code)
	c.do(http.MethodPost, "/wps/session/login", map[string]string{"type": "sms", "mobileNum": "12345002", "countryDialingCode": "855", "code": code}, true)
	c.do(http.MethodGet, "/wps/member/info?token="+c.token, nil, false)
	c.do(http.MethodPost, "/wps/member/password", map[string]string{"oldPassword": "Player@123", "newPassword": "Other@2026", "confirmNewPassword": "Other@2026"}, true)
	secrets = append(secrets, "Other@2026")
	out := logs.b.String()
	if !strings.Contains(out, "/wps/session/login") {
		t.Fatalf("nothing logged: %q", out)
	}
	for _, sec := range secrets {
		if strings.Contains(out, sec) {
			t.Errorf("a secret (%.3s...) is in the logs", sec)
		}
	}
}
