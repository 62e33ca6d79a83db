package identity

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/pquerna/otp/totp"

	"portal/internal/database"
	"portal/internal/dbtest"
)

func TestKnownAddresses(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		s, _ := setup(t, db)
		ctx := context.Background()
		m, err := s.ByUsername(ctx, "demo", "player01")
		if err != nil {
			t.Fatal(err)
		}
		steps := []struct {
			remember, ask        string
			wantKnown, wantFirst bool
		}{
			{"", "10.0.0.1", false, true},
			{"10.0.0.1", "10.0.0.1", true, false},
			{"", "10.0.0.2", false, false},
			{"10.0.0.1", "10.0.0.1", true, false}, // remembered twice: one row, last seen moves
			{"10.0.0.2", "10.0.0.2", true, false},
		}
		for i, st := range steps {
			if st.remember != "" {
				if err := s.RememberIP(ctx, m.ID, st.remember); err != nil {
					t.Fatal(err)
				}
			}
			known, first, err := s.IPStanding(ctx, m.ID, st.ask)
			if err != nil || known != st.wantKnown || first != st.wantFirst {
				t.Errorf("step %d: known %v first %v err %v, want %v %v", i, known, first, err, st.wantKnown, st.wantFirst)
			}
		}
	})
}

func TestAuthenticator(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		s, clk := setup(t, db)
		ctx := context.Background()
		m, _ := s.ByUsername(ctx, "demo", "player01")
		if err := s.CheckTOTP(ctx, m.ID, "123456", false); !errors.Is(err, ErrTOTPNotSetUp) {
			t.Fatalf("no set-up: %v", err)
		}
		setup, err := s.StartTOTP(ctx, m.ID, "Demo Portal", "player01")
		if err != nil || setup.Secret == "" || setup.QRCode == "" || setup.OTPAuthURL == "" {
			t.Fatalf("start: %+v %v", setup, err)
		}
		// Pending: not yet a second factor.
		if on, _ := s.TOTPEnabled(ctx, m.ID); on {
			t.Fatal("enabled before confirmation")
		}
		code := func(at time.Time) string {
			c, err := totp.GenerateCode(setup.Secret, at)
			if err != nil {
				t.Fatal(err)
			}
			return c
		}
		if err := s.EnableTOTP(ctx, m.ID, "000000"); !errors.Is(err, ErrCodeInvalid) && code(clk.now()) != "000000" {
			t.Fatalf("wrong code enabled it: %v", err)
		}
		if err := s.EnableTOTP(ctx, m.ID, code(clk.now())); err != nil {
			t.Fatal(err)
		}
		if _, err := s.StartTOTP(ctx, m.ID, "Demo Portal", "player01"); !errors.Is(err, ErrTOTPEnabled) {
			t.Fatalf("second set-up while enabled: %v", err)
		}
		// Codes work once (TestAuthenticatorCodesWorkOnce): the window is
		// checked two minutes after the set-up code was used, oldest first.
		clk.add(2 * time.Minute)
		tests := []struct {
			name string
			at   time.Duration
			ok   bool
		}{
			{"previous step", -30 * time.Second, true},
			{"now", 0, true},
			{"two minutes old", -2 * time.Minute, false},
		}
		for _, tt := range tests {
			err := s.CheckTOTP(ctx, m.ID, code(clk.now().Add(tt.at)), false)
			if (err == nil) != tt.ok {
				t.Errorf("%s: err %v", tt.name, err)
			}
		}
		if err := s.CheckTOTP(ctx, m.ID, "12345", false); !errors.Is(err, ErrCodeInvalid) {
			t.Errorf("short code: %v", err)
		}
		if err := s.DisableTOTP(ctx, m.ID, code(clk.now().Add(30*time.Second))); err != nil {
			t.Fatal(err)
		}
		if on, _ := s.TOTPEnabled(ctx, m.ID); on {
			t.Fatal("still enabled after disable")
		}
	})
}

// TestAuthenticatorCodesWorkOnce: a code is used up with its time step, and
// a code of that step or an earlier one is refused afterwards, at set-up,
// at log-in (CheckTOTP) and at removal.
func TestAuthenticatorCodesWorkOnce(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		s, clk := setup(t, db)
		ctx := context.Background()
		m, _ := s.ByUsername(ctx, "demo", "player01")
		setup, err := s.StartTOTP(ctx, m.ID, "Demo Portal", "player01")
		if err != nil {
			t.Fatal(err)
		}
		code := func(at time.Duration) string {
			c, err := totp.GenerateCode(setup.Secret, clk.now().Add(at))
			if err != nil {
				t.Fatal(err)
			}
			return c
		}
		enabling := code(0)
		if err := s.EnableTOTP(ctx, m.ID, enabling); err != nil {
			t.Fatal(err)
		}
		steps := []struct {
			name  string
			check func() error
			ok    bool
		}{
			{"the set-up code again", func() error { return s.CheckTOTP(ctx, m.ID, enabling, false) }, false},
			{"the previous step after a later one", func() error { return s.CheckTOTP(ctx, m.ID, code(-30*time.Second), false) }, false},
			{"the next step", func() error { return s.CheckTOTP(ctx, m.ID, code(30*time.Second), false) }, true},
			{"the next step twice", func() error { return s.CheckTOTP(ctx, m.ID, code(30*time.Second), false) }, false},
			{"the current step once the next was used", func() error { return s.CheckTOTP(ctx, m.ID, code(0), false) }, false},
			{"removal with a used code", func() error { return s.DisableTOTP(ctx, m.ID, code(30*time.Second)) }, false},
			{"a minute later", func() error { clk.add(time.Minute); return s.CheckTOTP(ctx, m.ID, code(0), false) }, true},
			{"removal with the code just used", func() error { return s.DisableTOTP(ctx, m.ID, code(0)) }, false},
			{"removal with a fresh code", func() error { return s.DisableTOTP(ctx, m.ID, code(30*time.Second)) }, true},
		}
		for _, st := range steps {
			err := st.check()
			if (err == nil) != st.ok || err != nil && !errors.Is(err, ErrCodeInvalid) {
				t.Errorf("%s: %v", st.name, err)
			}
		}
		if on, _ := s.TOTPEnabled(ctx, m.ID); on {
			t.Error("still enabled after removal")
		}
	})
}
