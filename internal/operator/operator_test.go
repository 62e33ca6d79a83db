package operator

import (
	"bytes"
	"context"
	"encoding/csv"
	"errors"
	"fmt"
	"net/netip"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/pquerna/otp"
	"github.com/pquerna/otp/totp"

	"portal/internal/database"
	"portal/internal/dbtest"
	"portal/internal/merchant"
)

type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

func newTestService(t *testing.T, db *database.DB) (*Service, *clock) {
	t.Helper()
	if err := merchant.Seed(context.Background(), db); err != nil {
		t.Fatal(err)
	}
	clk := &clock{t: time.Now()}
	return NewService(db, clk.now), clk
}

// Code is the authenticator code of secret at t (tests only).
func Code(t *testing.T, secret string, at time.Time) string {
	t.Helper()
	c, err := totp.GenerateCodeCustom(secret, at, totp.ValidateOpts{Period: 30, Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1})
	if err != nil {
		t.Fatal(err)
	}
	return c
}

var home = netip.MustParseAddr("192.0.2.1")

// TestLoginSteps walks a new operator through the password change, the
// authenticator set-up and a later log-in: each step's token works once,
// each code once, and a wrong user and a wrong password answer alike.
func TestLoginSteps(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		s, clk := newTestService(t, db)
		o, otp1, err := s.Create(ctx, db.Write(), "demo", "Alice", RoleOwner)
		if err != nil || o.Username != "alice" || !o.MustChangePassword || CheckPassword(otp1) != nil {
			t.Fatalf("create = %+v %q %v", o, otp1, err)
		}
		if _, _, err := s.Create(ctx, db.Write(), "", "ALICE", RoleReadonly); !errors.Is(err, ErrUsernameTaken) {
			t.Fatalf("second alice = %v", err)
		}
		if _, _, err := s.Create(ctx, db.Write(), "demo", "bob", "nosuch"); !errors.Is(err, ErrUnknownRole) {
			t.Fatalf("unknown role = %v", err)
		}
		for _, bad := range [][2]string{{"alice", "wrong"}, {"nobody", otp1}, {"", ""}} {
			if _, _, err := s.Login(ctx, bad[0], bad[1], home); !errors.Is(err, ErrLoginFailed) {
				t.Fatalf("login %v = %v", bad, err)
			}
		}
		_, st, err := s.Login(ctx, "alice", otp1, home)
		if err != nil || st.Step != StepPasswordChange || st.LoginToken == "" {
			t.Fatalf("login = %+v %v", st, err)
		}
		for _, weak := range []string{"short1", "lettersonly", "12345678", strings.Repeat("a1", 33)} {
			if _, _, err := s.ChangePassword(ctx, st.LoginToken, weak); !errors.Is(err, ErrPasswordRule) {
				t.Fatalf("password %q = %v", weak, err)
			}
		}
		_, setup, err := s.ChangePassword(ctx, st.LoginToken, "NewPass123")
		if err != nil || setup.Step != StepTOTPSetup || setup.Secret == "" || !strings.HasPrefix(setup.OTPAuthURL, "otpauth://") {
			t.Fatalf("change = %+v %v", setup, err)
		}
		if _, _, err := s.ChangePassword(ctx, st.LoginToken, "Other1234"); !errors.Is(err, ErrLoginToken) {
			t.Fatalf("token reused = %v", err)
		}
		if _, _, err := s.FinishTOTP(ctx, setup.LoginToken, "000000", home); !errors.Is(err, ErrTOTPInvalid) {
			t.Fatalf("wrong code = %v", err)
		}
		code := Code(t, setup.Secret, clk.now())
		_, sess, err := s.FinishTOTP(ctx, setup.LoginToken, code, home)
		if err != nil || sess.Token == "" || sess.CSRF == "" {
			t.Fatalf("finish = %+v %v", sess, err)
		}
		if _, _, err := s.FinishTOTP(ctx, setup.LoginToken, code, home); !errors.Is(err, ErrLoginToken) {
			t.Fatalf("finish token reused = %v", err)
		}
		// Next log-in: password, then a code; the code just used is refused.
		if _, _, err := s.Login(ctx, "alice", otp1, home); !errors.Is(err, ErrLoginFailed) {
			t.Fatalf("old password = %v", err)
		}
		_, st, err = s.Login(ctx, "alice", "NewPass123", home)
		if err != nil || st.Step != StepTOTP || st.Secret != "" {
			t.Fatalf("second login = %+v %v", st, err)
		}
		if _, _, err := s.FinishTOTP(ctx, st.LoginToken, code, home); !errors.Is(err, ErrTOTPInvalid) {
			t.Fatalf("code reused = %v", err)
		}
		clk.add(30 * time.Second)
		if _, _, err := s.FinishTOTP(ctx, st.LoginToken, Code(t, setup.Secret, clk.now()), home); err != nil {
			t.Fatalf("next code = %v", err)
		}
		// A login token lives 5 minutes.
		_, st, _ = s.Login(ctx, "alice", "NewPass123", home)
		clk.add(LoginTokenTTL + time.Second)
		if _, _, err := s.FinishTOTP(ctx, st.LoginToken, Code(t, setup.Secret, clk.now()), home); !errors.Is(err, ErrLoginToken) {
			t.Fatalf("expired token = %v", err)
		}
	})
}

// TestLockout: five failures in 15 minutes lock the username from that
// address for 15 minutes, before the password is checked; another address
// is not locked.
func TestLockout(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		s, clk := newTestService(t, db)
		_, pw, _ := s.Create(ctx, db.Write(), "demo", "carol", RoleSupport)
		for i := range MaxFailures {
			if _, _, err := s.Login(ctx, "carol", "bad", home); !errors.Is(err, ErrLoginFailed) {
				t.Fatalf("failure %d = %v", i, err)
			}
			clk.add(time.Minute)
		}
		var locked *LockedError
		if _, _, err := s.Login(ctx, "carol", pw, home); !errors.As(err, &locked) || locked.RetryAfter <= 0 || locked.RetryAfter > LockFor {
			t.Fatalf("locked login = %v", err)
		}
		if _, _, err := s.Login(ctx, "carol", pw, netip.MustParseAddr("198.51.100.9")); err != nil {
			t.Fatalf("other address = %v", err)
		}
		// Unknown usernames lock the same way (no difference to observe).
		for range MaxFailures {
			_, _, _ = s.Login(ctx, "ghost", "bad", home)
		}
		if _, _, err := s.Login(ctx, "ghost", "bad", home); !errors.Is(err, ErrLocked) {
			t.Fatalf("ghost = %v", err)
		}
		clk.add(LockFor)
		if _, _, err := s.Login(ctx, "carol", pw, home); err != nil {
			t.Fatalf("after the lock = %v", err)
		}
	})
}

// TestSessionTimeouts: 30 minutes idle or 12 hours in all end a session.
func TestSessionTimeouts(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		s, clk := newTestService(t, db)
		token := loggedIn(t, s, clk, db, "demo", "dave", RoleOwner)
		clk.add(IdleTimeout - time.Minute)
		if _, err := s.Authenticate(ctx, token); err != nil {
			t.Fatalf("29 minutes idle = %v", err)
		}
		clk.add(IdleTimeout + time.Second)
		if _, err := s.Authenticate(ctx, token); !errors.Is(err, ErrNoSession) {
			t.Fatalf("idle = %v", err)
		}
		token = loggedIn(t, s, clk, db, "demo", "erin", RoleOwner)
		loginAt := clk.now()
		for range 25 {
			clk.add(IdleTimeout - time.Minute)
			if _, err := s.Authenticate(ctx, token); err != nil {
				if clk.now().Sub(loginAt) <= AbsoluteTimeout {
					t.Fatalf("busy session ended early: %v", err)
				}
				return
			}
		}
		t.Fatal("a busy session outlived the absolute timeout")
	})
}

// loggedIn creates an operator, walks the log-in and returns the session
// token.
func loggedIn(t *testing.T, s *Service, clk *clock, db *database.DB, merchantCode, username, role string) string {
	t.Helper()
	ctx := context.Background()
	_, pw, err := s.Create(ctx, db.Write(), merchantCode, username, role)
	if err != nil {
		t.Fatal(err)
	}
	_, st, err := s.Login(ctx, username, pw, home)
	if err != nil {
		t.Fatal(err)
	}
	_, st, err = s.ChangePassword(ctx, st.LoginToken, "Passw0rd!")
	if err != nil {
		t.Fatal(err)
	}
	_, sess, err := s.FinishTOTP(ctx, st.LoginToken, Code(t, st.Secret, clk.now()), home)
	if err != nil {
		t.Fatal(err)
	}
	return sess.Token
}

// TestLastOwner: the last enabled owner of a merchant cannot be disabled
// or demoted; with a second owner they can.
func TestLastOwner(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		s, _ := newTestService(t, db)
		o, _, _ := s.Create(ctx, db.Write(), "demo", "owner1", RoleOwner)
		yes, role := true, RoleReadonly
		if _, _, err := s.Update(ctx, "demo", o.ID, Change{Disabled: &yes}); !errors.Is(err, ErrLastOwner) {
			t.Fatalf("disable last owner = %v", err)
		}
		if _, _, err := s.Update(ctx, "demo", o.ID, Change{Role: &role}); !errors.Is(err, ErrLastOwner) {
			t.Fatalf("demote last owner = %v", err)
		}
		if _, _, err := s.Update(ctx, "lucky", o.ID, Change{Disabled: &yes}); !errors.Is(err, ErrNotFound) {
			t.Fatalf("another merchant's = %v", err)
		}
		if _, _, err := s.Create(ctx, db.Write(), "demo", "owner2", RoleOwner); err != nil {
			t.Fatal(err)
		}
		if _, after, err := s.Update(ctx, "demo", o.ID, Change{Disabled: &yes}); err != nil || !after.Disabled {
			t.Fatalf("disable with another owner = %+v %v", after, err)
		}
	})
}

// TestOwnersDisablingEachOther: two owners disabling each other at the
// same moment leave one enabled, on both engines, however often it is
// tried.
func TestOwnersDisablingEachOther(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		s, _ := newTestService(t, db)
		yes := true
		for round := range 10 {
			a, _, err := s.Create(ctx, db.Write(), "demo", fmt.Sprintf("own-a%d", round), RoleOwner)
			if err != nil {
				t.Fatal(err)
			}
			b, _, err := s.Create(ctx, db.Write(), "demo", fmt.Sprintf("own-b%d", round), RoleOwner)
			if err != nil {
				t.Fatal(err)
			}
			var wg sync.WaitGroup
			for _, id := range []int64{a.ID, b.ID} {
				wg.Add(1)
				go func() {
					defer wg.Done()
					_, _, _ = s.Update(ctx, "demo", id, Change{Disabled: &yes})
				}()
			}
			wg.Wait()
			var enabled int
			if err := db.Read().QueryRowContext(ctx, `SELECT COUNT(*) FROM operators WHERE merchant_code = 'demo' AND role = 'owner' AND disabled = 0`).Scan(&enabled); err != nil {
				t.Fatal(err)
			}
			if enabled != 1 {
				t.Fatalf("round %d: %d enabled owners", round, enabled)
			}
			// The next round starts with its own pair as the only owners.
			if _, err := db.Write().ExecContext(ctx, `UPDATE operators SET disabled = 1 WHERE merchant_code = 'demo' AND role = 'owner'`); err != nil {
				t.Fatal(err)
			}
		}
	})
}

// TestAuditAppendOnly: the triggers refuse any UPDATE or DELETE of the
// audit trail on both engines.
func TestAuditAppendOnly(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		s, _ := newTestService(t, db)
		if err := s.Append(ctx, nil, Entry{Operator: "cli", Merchant: "demo", Action: "test", Outcome: "ok"}); err != nil {
			t.Fatal(err)
		}
		for _, q := range []string{
			`UPDATE audit_log SET outcome = 'forged'`,
			`UPDATE audit_log SET operator = 'someone' WHERE id = 1`,
			`DELETE FROM audit_log`,
			`DELETE FROM audit_log WHERE id = 1`,
		} {
			if _, err := db.Write().ExecContext(ctx, q); err == nil || !strings.Contains(err.Error(), "append-only") {
				t.Errorf("%s = %v", q, err)
			}
		}
		entries, total, err := s.Audit(ctx, AuditFilter{Merchant: "demo"}, 1, 10)
		if err != nil || total != 1 || entries[0].Outcome != "ok" || entries[0].Operator != "cli" {
			t.Fatalf("after = %+v %d %v", entries, total, err)
		}
	})
}

// TestAuditFiltersAndCSV: filters, newest first, and cells a spreadsheet
// would run as formulas are defused.
func TestAuditFiltersAndCSV(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		s, clk := newTestService(t, db)
		for _, e := range []Entry{
			{Operator: "amy", Merchant: "demo", Action: "a1", Target: "=HYPERLINK(\"http://x\")", Outcome: "ok"},
			{Operator: "amy", Merchant: "demo", Action: "a2", Target: "+1", Before: `{"v":"-2"}`, Outcome: "refused:admin.forbidden"},
			{Operator: "bob", Merchant: "lucky", Action: "a1", Target: "@SUM(A1)", Outcome: "ok"},
			{Operator: "amy", Merchant: "demo", Action: "a3", Target: "-3", Outcome: "ok"},
		} {
			clk.add(time.Second)
			if err := s.Append(ctx, nil, e); err != nil {
				t.Fatal(err)
			}
		}
		tests := []struct {
			f    AuditFilter
			want []string
		}{
			{AuditFilter{Merchant: "demo"}, []string{"a3", "a2", "a1"}},
			{AuditFilter{Merchant: "demo", Oldest: true}, []string{"a1", "a2", "a3"}},
			{AuditFilter{AllMerchants: true}, []string{"a3", "a1", "a2", "a1"}},
			{AuditFilter{Merchant: "demo", Outcome: "refused"}, []string{"a2"}},
			{AuditFilter{Merchant: "demo", Outcome: "ok", Action: "a1"}, []string{"a1"}},
			{AuditFilter{AllMerchants: true, Operator: "BOB"}, []string{"a1"}},
			{AuditFilter{Merchant: "demo", From: clk.now().Add(-1500 * time.Millisecond)}, []string{"a3"}},
			{AuditFilter{Merchant: "demo", To: clk.now().Add(-1500 * time.Millisecond)}, []string{"a2", "a1"}},
		}
		for _, tt := range tests {
			entries, total, err := s.Audit(ctx, tt.f, 1, 10)
			var got []string
			for _, e := range entries {
				got = append(got, e.Action)
			}
			if err != nil || total != len(tt.want) || strings.Join(got, ",") != strings.Join(tt.want, ",") {
				t.Errorf("%+v = %v (%d) %v, want %v", tt.f, got, total, err, tt.want)
			}
		}
		var buf bytes.Buffer
		if err := s.ExportCSV(ctx, AuditFilter{AllMerchants: true}, &buf); err != nil {
			t.Fatal(err)
		}
		recs, err := csv.NewReader(&buf).ReadAll()
		if err != nil || len(recs) != 5 || recs[0][6] != "target" {
			t.Fatalf("csv = %v %v", recs, err)
		}
		for i, want := range []string{"'-3", "'@SUM(A1)", "'+1", "'=HYPERLINK(\"http://x\")"} {
			if recs[i+1][6] != want {
				t.Errorf("row %d target = %q, want %q", i+1, recs[i+1][6], want)
			}
		}
		if recs[3][7] != `{"v":"-2"}` {
			t.Errorf("before = %q", recs[3][7])
		}
	})
}

func TestIPAllow(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		s, _ := newTestService(t, db)
		if ok, err := s.IPAllowed(ctx, "demo", home); !ok || err != nil {
			t.Fatalf("empty list = %v %v", ok, err)
		}
		if _, err := s.SetIPAllow(ctx, "demo", []string{"not-a-cidr"}); !errors.Is(err, ErrCIDR) {
			t.Fatalf("bad cidr = %v", err)
		}
		list, err := s.SetIPAllow(ctx, "demo", []string{"203.0.113.0/24", "192.0.2.1", "2001:db8::/32"})
		if err != nil || strings.Join(list, ",") != "203.0.113.0/24,192.0.2.1/32,2001:db8::/32" {
			t.Fatalf("set = %v %v", list, err)
		}
		for ip, want := range map[string]bool{"192.0.2.1": true, "203.0.113.77": true, "192.0.2.2": false, "2001:db8::5": true, "::ffff:192.0.2.1": true} {
			if ok, _ := s.IPAllowed(ctx, "demo", netip.MustParseAddr(ip)); ok != want {
				t.Errorf("%s allowed = %v", ip, ok)
			}
		}
		if ok, _ := s.IPAllowed(ctx, "lucky", netip.MustParseAddr("192.0.2.2")); !ok {
			t.Error("lucky's empty list refused")
		}
	})
}
