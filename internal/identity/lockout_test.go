package identity

import (
	"context"
	"testing"
	"time"

	"portal/internal/database"
	"portal/internal/dbtest"
)

// TestLoginLockNeedsSeveralSources: one address that fails over and over
// locks itself, not the account; the account is locked for everyone only
// after more than AccountLockAfter failures from AccountLockSources
// addresses (decision 0017).
func TestLoginLockNeedsSeveralSources(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		s, clk := setup(t, db)
		acct := AccountSubject("demo", "player01")
		from := func(ip string) Attempt { return Attempt{Account: acct, Source: ip} }
		fail := func(ip string, n int) {
			for i := 0; i < n; i++ {
				if err := s.LoginFailed(ctx, from(ip)); err != nil {
					t.Fatal(err)
				}
			}
		}
		steps := []struct {
			name          string
			failFrom      string
			failures      int
			ask           Attempt
			captcha, lock bool
		}{
			{"a fresh address", "", 0, from("192.0.2.1"), false, false},
			{"two failures", "192.0.2.1", 2, from("192.0.2.1"), false, false},
			{"the third asks for a captcha", "192.0.2.1", 1, from("192.0.2.1"), true, false},
			{"the account asks it from elsewhere", "", 0, from("198.51.100.1"), true, false},
			{"another account from elsewhere does not", "", 0, Attempt{Account: AccountSubject("demo", "agent01"), Source: "198.51.100.1"}, false, false},
			{"eleven failures lock the address", "192.0.2.1", 8, from("192.0.2.1"), true, true},
			{"for any account", "", 0, Attempt{Account: AccountSubject("demo", "agent01"), Source: "192.0.2.1"}, true, true},
			{"but not the account elsewhere", "", 0, from("198.51.100.1"), true, false},
			{"twenty-one failures from two addresses", "198.51.100.1", 10, from("203.0.113.1"), true, false},
			{"from a third address the account locks", "203.0.113.1", 1, from("203.0.113.9"), true, true},
		}
		for _, st := range steps {
			fail(st.failFrom, st.failures)
			r, err := s.LoginRisk(ctx, st.ask)
			if err != nil {
				t.Fatal(err)
			}
			if r.NeedCaptcha != st.captcha || (r.RetryAfter > 0) != st.lock {
				t.Errorf("%s: %+v", st.name, r)
			}
			if st.lock && (r.RetryAfter > LockFor || r.RetryAfter < LockFor-time.Second) {
				t.Errorf("%s: retry after %v", st.name, r.RetryAfter)
			}
		}
		clk.add(LockFor + time.Second)
		if r, _ := s.LoginRisk(ctx, from("203.0.113.9")); r.RetryAfter != 0 || !r.NeedCaptcha {
			t.Errorf("after the lock: %+v", r)
		}
		if err := s.LoginSucceeded(ctx, from("192.0.2.1")); err != nil {
			t.Fatal(err)
		}
		if r, _ := s.LoginRisk(ctx, from("203.0.113.9")); r.NeedCaptcha {
			t.Errorf("a success did not clear the account: %+v", r)
		}
		if r, _ := s.LoginRisk(ctx, from("192.0.2.1")); !r.NeedCaptcha {
			t.Errorf("a success cleared the address: %+v", r)
		}
		clk.add(Window)
		if r, _ := s.LoginRisk(ctx, from("192.0.2.1")); r.NeedCaptcha || r.RetryAfter != 0 {
			t.Errorf("failures outlived the window: %+v", r)
		}
	})
}
