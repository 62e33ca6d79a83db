package identity

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"portal/internal/database"
	"portal/internal/dbtest"
	"portal/internal/merchant"
)

// clock is a settable test clock.
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

func setup(t *testing.T, db *database.DB) (*Service, *clock) {
	t.Helper()
	ctx := context.Background()
	if err := merchant.Seed(ctx, db); err != nil {
		t.Fatal(err)
	}
	if err := Seed(ctx, db); err != nil {
		t.Fatal(err)
	}
	c := &clock{t: time.Now()}
	return NewService(db, c.now), c
}

func TestPasswords(t *testing.T) {
	h, err := HashPassword("Player@123")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		password, hash string
		want           bool
	}{
		{"Player@123", h, true},
		{"player@123", h, false},
		{"", h, false},
		{"Player@123", "", false},
		{"Player@123", "not-a-hash", false},
	}
	for _, tt := range tests {
		if got := VerifyPassword(tt.password, tt.hash); got != tt.want {
			t.Errorf("VerifyPassword(%q, %.20q) = %v", tt.password, tt.hash, got)
		}
	}
	if !IsDefaultPassword("123456") || IsDefaultPassword("1234567") {
		t.Error("IsDefaultPassword")
	}
}

func TestSeedAndLogin(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		s, _ := setup(t, db)
		if err := Seed(ctx, db); err != nil { // idempotent
			t.Fatal(err)
		}
		tests := []struct {
			user, pass string
			err        error
		}{
			{"player01", "Player@123", nil},
			{"PLAYER01", "Player@123", nil},
			{" player01 ", "Player@123", nil},
			{"player01", "wrong", ErrBadCredentials},
			{"nosuch", "Player@123", ErrBadCredentials},
			{"agent01", "Agent@123", nil},
			{"newbie01", "123456", nil},
		}
		for _, tt := range tests {
			m, err := s.Login(ctx, "demo", tt.user, tt.pass)
			if !errors.Is(err, tt.err) {
				t.Errorf("Login(%s) = %v, want %v", tt.user, err, tt.err)
			}
			if err == nil && m.MerchantCode != "demo" {
				t.Errorf("member = %+v", m)
			}
		}
		if _, err := s.Login(ctx, "lucky", "player01", "Player@123"); !errors.Is(err, ErrBadCredentials) {
			t.Errorf("player01 logged in at another merchant: %v", err)
		}
		p, _ := s.ByUsername(ctx, "demo", "player01")
		a, _ := s.ByUsername(ctx, "demo", "agent01")
		n, _ := s.ByUsername(ctx, "demo", "newbie01")
		if p.UplineID != a.ID || !a.Type.IsAgent() || p.Type.IsAgent() || p.VIPLevel == 0 || p.Email != "player01@example.com" {
			t.Errorf("seeded accounts: player %+v agent %+v", p, a)
		}
		if !n.MustChangePassword || p.MustChangePassword {
			t.Errorf("must change: newbie %v player %v", n.MustChangePassword, p.MustChangePassword)
		}
		if _, err := s.Create(ctx, db.Write(), NewMember{MerchantCode: "demo", Username: "Player01", Password: "x"}); !errors.Is(err, ErrUsernameTaken) {
			t.Errorf("duplicate username: %v", err)
		}
		// A proven number is taken; an unproven claim on it takes nothing
		// (decision 0017).
		if _, err := s.Create(ctx, db.Write(), NewMember{MerchantCode: "demo", Username: "other", Password: "x", Mobile: "+85512345002", MobileVerified: true}); !errors.Is(err, ErrMobileTaken) {
			t.Errorf("duplicate mobile: %v", err)
		}
		if _, err := s.Create(ctx, db.Write(), NewMember{MerchantCode: "demo", Username: "claimer", Password: "x", Mobile: "+85512345002"}); err != nil {
			t.Errorf("unproven claim on a taken number: %v", err)
		}
		if _, err := s.Create(ctx, db.Write(), NewMember{MerchantCode: "lucky", Username: "player01", Password: "x"}); err != nil {
			t.Errorf("same username at another merchant: %v", err)
		}
	})
}

func TestSessions(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		s, c := setup(t, db)
		p, _ := s.ByUsername(ctx, "demo", "player01")
		tok, err := s.CreateSession(ctx, p.ID, "192.0.2.1", "test")
		if err != nil {
			t.Fatal(err)
		}
		var stored int
		_ = db.Read().QueryRowContext(ctx, `SELECT COUNT(*) FROM sessions WHERE token_hash = $1`, tok).Scan(&stored)
		if stored != 0 || len(tok) < 43 {
			t.Fatalf("token stored in clear or too short (%d chars)", len(tok))
		}
		if m, err := s.Authenticate(ctx, "demo", tok); err != nil || m.ID != p.ID {
			t.Fatalf("Authenticate = %v, %v", m, err)
		}
		if _, err := s.Authenticate(ctx, "lucky", tok); !errors.Is(err, ErrNoSession) {
			t.Errorf("token valid at another merchant: %v", err)
		}
		for _, bad := range []string{"", "x", tok + "x"} {
			if _, err := s.Authenticate(ctx, "demo", bad); !errors.Is(err, ErrNoSession) {
				t.Errorf("Authenticate(%q) = %v", bad, err)
			}
		}
		// Use keeps it alive; idleness ends it.
		c.add(IdleTimeout - time.Minute)
		if _, err := s.Authenticate(ctx, "demo", tok); err != nil {
			t.Fatalf("session died while in use: %v", err)
		}
		c.add(IdleTimeout - time.Minute)
		if _, err := s.Authenticate(ctx, "demo", tok); err != nil {
			t.Fatalf("touched session expired: %v", err)
		}
		c.add(IdleTimeout)
		if _, err := s.Authenticate(ctx, "demo", tok); !errors.Is(err, ErrNoSession) {
			t.Fatalf("idle session still valid: %v", err)
		}
		// Absolute expiry holds even under constant use.
		tok2, _ := s.CreateSession(ctx, p.ID, "", "")
		for i := 0; i < 7*24; i++ {
			c.add(time.Hour)
			_, err := s.Authenticate(ctx, "demo", tok2)
			if i < 7*24-1 && err != nil {
				t.Fatalf("hour %d: %v", i, err)
			}
			if i == 7*24-1 && !errors.Is(err, ErrNoSession) {
				t.Fatalf("session outlived its absolute limit: %v", err)
			}
		}
		// Logout and password change revoke.
		a, _ := s.CreateSession(ctx, p.ID, "", "")
		b, _ := s.CreateSession(ctx, p.ID, "", "")
		d, _ := s.CreateSession(ctx, p.ID, "", "")
		if err := s.Logout(ctx, a); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Authenticate(ctx, "demo", a); !errors.Is(err, ErrNoSession) {
			t.Fatal("logged-out session still valid")
		}
		list, _ := s.Sessions(ctx, p.ID)
		if len(list) != 2 {
			t.Fatalf("live sessions = %d, want 2", len(list))
		}
		if err := s.ChangePassword(ctx, p.ID, "wrong", "New@12345", b); !errors.Is(err, ErrBadCredentials) {
			t.Fatalf("change with wrong old password: %v", err)
		}
		if err := s.ChangePassword(ctx, p.ID, "Player@123", "New@12345", b); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Authenticate(ctx, "demo", b); err != nil {
			t.Errorf("the changing session was ended: %v", err)
		}
		if _, err := s.Authenticate(ctx, "demo", d); !errors.Is(err, ErrNoSession) {
			t.Errorf("other session survived a password change: %v", err)
		}
		if _, err := s.Login(ctx, "demo", "player01", "New@12345"); err != nil {
			t.Errorf("login with new password: %v", err)
		}
		list, _ = s.Sessions(ctx, p.ID)
		if len(list) != 1 || list[0].ID == "" {
			t.Fatalf("sessions = %+v", list)
		}
		if err := s.EndSession(ctx, p.ID+1, list[0].ID); !errors.Is(err, ErrNoSession) {
			t.Errorf("another member ended this session: %v", err)
		}
		if err := s.EndSession(ctx, p.ID, list[0].ID); err != nil {
			t.Fatal(err)
		}
		if _, err := s.Authenticate(ctx, "demo", b); !errors.Is(err, ErrNoSession) {
			t.Error("ended session still valid")
		}
	})
}

func TestPasswordExpiry(t *testing.T) {
	db := dbtest.SQLite(t)
	s, c := setup(t, db)
	p, _ := s.ByUsername(context.Background(), "demo", "player01")
	if s.PasswordExpired(p, 90) || s.PasswordExpired(p, 0) {
		t.Fatal("fresh password expired")
	}
	c.add(91 * 24 * time.Hour)
	if !s.PasswordExpired(p, 90) || s.PasswordExpired(p, 0) {
		t.Fatal("old password not expired (or expiry off ignored)")
	}
}

func TestLockout(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		s, c := setup(t, db)
		acct, ip := AccountSubject("demo", "Player01 "), IPSubject("192.0.2.7")
		if acct != "account:demo:player01" {
			t.Fatalf("subject = %q", acct)
		}
		risk := func() Risk {
			r, err := s.Risk(ctx, acct, ip)
			if err != nil {
				t.Fatal(err)
			}
			return r
		}
		for i := 1; i <= 11; i++ {
			if err := s.RecordFailure(ctx, acct, ip); err != nil {
				t.Fatal(err)
			}
			r := risk()
			if r.NeedCaptcha != (i >= CaptchaAfter) || (r.RetryAfter > 0) != (i > LockAfter) {
				t.Fatalf("after %d failures: %+v", i, r)
			}
		}
		if r := risk(); r.RetryAfter > LockFor || r.RetryAfter < LockFor-time.Second {
			t.Fatalf("retry after %v", r.RetryAfter)
		}
		c.add(LockFor + time.Second)
		if r := risk(); r.RetryAfter != 0 || !r.NeedCaptcha {
			t.Fatalf("after the lock: %+v", r)
		}
		// Another address is not locked by this one's failures, but the
		// account is, whatever the address.
		if r, _ := s.Risk(ctx, IPSubject("198.51.100.1")); r.NeedCaptcha {
			t.Fatal("an unrelated address needs a captcha")
		}
		c.add(Window)
		if r := risk(); r.NeedCaptcha || r.RetryAfter != 0 {
			t.Fatalf("failures outlived the window: %+v", r)
		}
		_ = s.RecordFailure(ctx, acct)
		_ = s.ClearFailures(ctx, acct)
		if r, _ := s.Risk(ctx, acct); r.NeedCaptcha {
			t.Fatal("clear did not forget")
		}
	})
}

func TestCaptcha(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		s, c := setup(t, db)
		cp, err := s.NewCaptcha(ctx)
		if err != nil {
			t.Fatal(err)
		}
		if len(cp.PNG) < 100 || string(cp.PNG[1:4]) != "PNG" || len(cp.Answer) != 6 {
			t.Fatalf("captcha = %d bytes, answer %q", len(cp.PNG), cp.Answer)
		}
		if ok, _ := s.CheckCaptcha(ctx, cp.ID, "000000x"); ok {
			t.Fatal("wrong answer accepted")
		}
		if ok, _ := s.CheckCaptcha(ctx, cp.ID, cp.Answer); ok {
			t.Fatal("a captcha was good for a second try")
		}
		cp2, _ := s.NewCaptcha(ctx)
		if ok, _ := s.CheckCaptcha(ctx, cp2.ID, " "+cp2.Answer+" "); !ok {
			t.Fatal("right answer refused")
		}
		cp3, _ := s.NewCaptcha(ctx)
		c.add(captchaTTL + time.Second)
		if ok, _ := s.CheckCaptcha(ctx, cp3.ID, cp3.Answer); ok {
			t.Fatal("expired captcha accepted")
		}
		for _, bad := range [][2]string{{"", "1"}, {"nope", "123456"}, {strings.Repeat("a", 100), "1"}} {
			if ok, err := s.CheckCaptcha(ctx, bad[0], bad[1]); ok || err != nil {
				t.Fatalf("CheckCaptcha(%q) = %v, %v", bad[0], ok, err)
			}
		}
	})
}

func TestNormalizePhone(t *testing.T) {
	tests := []struct {
		cc, num, want string
		err           error
	}{
		{"855", "012345678", "+85512345678", nil},
		{"+855", "12345678", "+85512345678", nil},
		{"855", "1234567", "", ErrPhoneFormat},
		{"66", "0812345678", "+66812345678", nil},
		{"86", "13812345678", "+8613812345678", nil},
		{"86", "1381234567", "", ErrPhoneFormat},
		{"855", "12-345-678", "", ErrPhoneFormat},
		{"999", "12345678", "", ErrPhoneFormat},
		{"855", "", "", ErrPhoneMissing},
	}
	for _, tt := range tests {
		got, err := NormalizePhone(tt.cc, tt.num)
		if got != tt.want || !errors.Is(err, tt.err) {
			t.Errorf("NormalizePhone(%s, %s) = %q, %v", tt.cc, tt.num, got, err)
		}
	}
}

func TestSMSCodes(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		s, c := setup(t, db)
		const num = "+85587654321"
		code, err := s.IssueCode(ctx, "demo", num, PurposeLogin, "192.0.2.1", 5)
		if err != nil || len(code) != 6 {
			t.Fatalf("issue = %q, %v", code, err)
		}
		var lim *SMSLimit
		if _, err := s.IssueCode(ctx, "demo", num, PurposeLogin, "192.0.2.1", 5); !errors.As(err, &lim) || !errors.Is(err, ErrSMSTooSoon) || lim.RetryAfter > SMSInterval {
			t.Fatalf("second code within a minute: %v", err)
		}
		if err := s.CheckCode(ctx, "demo", num, PurposeRegister, code); !errors.Is(err, ErrCodeInvalid) {
			t.Fatalf("code for another purpose: %v", err)
		}
		if err := s.CheckCode(ctx, "demo", num, PurposeLogin, ""); !errors.Is(err, ErrCodeMissing) {
			t.Fatalf("missing code: %v", err)
		}
		if err := s.CheckCode(ctx, "demo", num, PurposeLogin, code); err != nil {
			t.Fatalf("right code: %v", err)
		}
		if err := s.CheckCode(ctx, "demo", num, PurposeLogin, code); !errors.Is(err, ErrCodeInvalid) {
			t.Fatalf("code used twice: %v", err)
		}
		// Expiry.
		c.add(SMSInterval)
		code, _ = s.IssueCode(ctx, "demo", num, PurposeLogin, "192.0.2.1", 1)
		c.add(61 * time.Second)
		if err := s.CheckCode(ctx, "demo", num, PurposeLogin, code); !errors.Is(err, ErrCodeExpired) {
			t.Fatalf("expired code: %v", err)
		}
		// Guessing kills the code.
		code, _ = s.IssueCode(ctx, "demo", num, PurposeLogin, "192.0.2.1", 5)
		for i := 0; i < SMSMaxAttempts; i++ {
			_ = s.CheckCode(ctx, "demo", num, PurposeLogin, "000000x")
		}
		if err := s.CheckCode(ctx, "demo", num, PurposeLogin, code); !errors.Is(err, ErrCodeInvalid) {
			t.Fatalf("code survived %d wrong guesses: %v", SMSMaxAttempts, err)
		}
		// Daily cap per number.
		for i := 0; i < SMSDailyPerNumber; i++ {
			c.add(SMSInterval)
			_, err = s.IssueCode(ctx, "demo", num, PurposeLogin, "198.51.100.1", 5)
		}
		if !errors.Is(err, ErrSMSTooMany) {
			t.Fatalf("daily cap per number: %v", err)
		}
		c.add(24 * time.Hour)
		if _, err := s.IssueCode(ctx, "demo", num, PurposeLogin, "198.51.100.1", 5); err != nil {
			t.Fatalf("next day: %v", err)
		}
	})
}
