package identity

import (
	"context"
	"errors"
	"testing"
	"time"

	"portal/internal/database"
	"portal/internal/dbtest"
)

// TestSMSTooManyLastsFiveMinutes: past the daily caps, "retry after 5
// minutes" is true: five minutes after the last code another one goes out.
func TestSMSTooManyLastsFiveMinutes(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		s, clk := setup(t, db)
		tests := []struct {
			name     string
			codes    int // sent before the cap is hit, SMSInterval apart
			number   func(i int) string
			ip       func(i int) string
			capError error
		}{
			{"per number", SMSDailyPerNumber, func(int) string { return "+85511111111" }, func(int) string { return "192.0.2.1" }, ErrSMSTooMany},
			{"per address", SMSDailyPerIP, func(i int) string { return "+8552000000" + string(rune('0'+i%10)) + string(rune('0'+i/10)) }, func(int) string { return "192.0.2.2" }, ErrSMSTooMany},
		}
		for _, tt := range tests {
			for i := 0; i < tt.codes; i++ {
				clk.add(SMSInterval)
				if _, err := s.IssueCode(ctx, "demo", tt.number(i), PurposeLogin, tt.ip(i), 5); err != nil {
					t.Fatalf("%s: code %d: %v", tt.name, i+1, err)
				}
			}
			clk.add(SMSInterval)
			var lim *SMSLimit
			_, err := s.IssueCode(ctx, "demo", tt.number(tt.codes), PurposeLogin, tt.ip(tt.codes), 5)
			if !errors.As(err, &lim) || !errors.Is(err, tt.capError) || lim.RetryAfter > SMSCooldown-SMSInterval || lim.RetryAfter <= 0 {
				t.Fatalf("%s: past the cap: %v", tt.name, err)
			}
			clk.add(lim.RetryAfter - time.Second)
			if _, err := s.IssueCode(ctx, "demo", tt.number(tt.codes), PurposeLogin, tt.ip(tt.codes), 5); !errors.Is(err, tt.capError) {
				t.Fatalf("%s: a second before the wait is over: %v", tt.name, err)
			}
			clk.add(time.Second)
			if _, err := s.IssueCode(ctx, "demo", tt.number(tt.codes), PurposeLogin, tt.ip(tt.codes), 5); err != nil {
				t.Fatalf("%s: 5 minutes after the last code: %v", tt.name, err)
			}
			if _, err := s.IssueCode(ctx, "demo", tt.number(tt.codes), PurposeLogin, tt.ip(tt.codes), 5); !errors.Is(err, ErrSMSTooSoon) && !errors.Is(err, ErrSMSTooMany) {
				t.Fatalf("%s: right after: %v", tt.name, err)
			}
			clk.add(24 * time.Hour)
		}
	})
}

// TestUnprovenNumbers: a number attached without an SMS code names nobody:
// it neither logs in nor resets (ByMobile) nor counts as taken; a proven one
// does, in its one stored form whatever the spelling.
func TestUnprovenNumbers(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		s, _ := setup(t, db)
		open := func(user, mobile string, proven bool) error {
			_, err := s.Create(ctx, db.Write(), NewMember{MerchantCode: "demo", Username: user, Password: "Some@2026", Mobile: mobile, MobileVerified: proven})
			return err
		}
		steps := []struct {
			name    string
			do      func() error
			want    error
			byPhone string // then ByMobile of this number names that user ("" nobody)
		}{
			{"an attacker attaches the number", func() error { return open("squatter", "+855 96 000 0001", false) }, nil, ""},
			{"a second unproven claim", func() error { return open("squatter2", "+85596-000-0001", false) }, nil, ""},
			{"the owner proves it", func() error { return open("owner", "+855960000001", true) }, nil, "owner"},
			{"nobody else proves it again", func() error { return open("thief", "+855 (96) 000 0001", true) }, ErrMobileTaken, "owner"},
			{"a number that is no number", func() error { return open("odd", "+855abc", false) }, ErrPhoneFormat, "owner"},
		}
		for _, st := range steps {
			if err := st.do(); !errors.Is(err, st.want) {
				t.Errorf("%s: %v, want %v", st.name, err, st.want)
			}
			m, err := s.ByMobile(ctx, "demo", "+855 96 000 0001")
			switch {
			case st.byPhone == "" && !errors.Is(err, ErrMemberNotFound):
				t.Errorf("%s: the number names %+v (%v)", st.name, m, err)
			case st.byPhone != "" && (err != nil || m.Username != st.byPhone || !m.MobileVerified):
				t.Errorf("%s: the number names %+v (%v), want %s", st.name, m, err, st.byPhone)
			}
		}
		sq, _ := s.ByUsername(ctx, "demo", "squatter")
		if sq.Mobile != "+855960000001" || sq.MobileVerified {
			t.Errorf("stored as %q, proven %v", sq.Mobile, sq.MobileVerified)
		}
	})
}

func TestCanonicalPhone(t *testing.T) {
	tests := []struct {
		in, want string
		err      error
	}{
		{"+85512345678", "+85512345678", nil},
		{" +855 12-345.678 ", "+85512345678", nil},
		{"(855) 12 345 678", "+85512345678", nil},
		{"85512345678", "+85512345678", nil},
		{"+855+12345678", "", ErrPhoneFormat},
		{"+855123x5678", "", ErrPhoneFormat},
		{"+12345", "", ErrPhoneFormat},
		{"+1234567890123456", "", ErrPhoneFormat},
	}
	for _, tt := range tests {
		got, err := CanonicalPhone(tt.in)
		if got != tt.want || !errors.Is(err, tt.err) {
			t.Errorf("CanonicalPhone(%q) = %q, %v", tt.in, got, err)
		}
	}
}
