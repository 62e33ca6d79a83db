package identity

import (
	"context"
	"errors"
	"testing"

	"portal/internal/database"
	"portal/internal/dbtest"
)

func TestPlainText(t *testing.T) {
	for _, tt := range []struct {
		v  string
		ok bool
	}{
		{"Sok Dara", true}, {"សុខ ដារ៉ា", true}, {"محمد علي", true}, {"张伟", true}, {"O'Neil-Smith, Jr.", true}, {"", true},
		{"<b>x</b>", false}, {"a > b", false}, {"a\nb", false}, {"a\tb", false}, {"a\x00b", false}, {"a\u202eb", false},
		{"a\u200bb", false}, {"a\x7fb", false}, {"a\ufffdb", false}, {"a\u0085b", false},
	} {
		if got := PlainText(tt.v); got != tt.ok {
			t.Errorf("PlainText(%q) = %v", tt.v, got)
		}
	}
}

// TestUpdateProfile: labels only, plain text only, real name and birthday
// once; the rest of the document and the nickname column follow.
func TestUpdateProfile(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		s, _ := setup(t, db)
		id, err := s.Open(ctx, NewMember{MerchantCode: "demo", Username: "prof01", Password: "Prof@2026", Profile: map[string]string{"language": "KM"}})
		if err != nil {
			t.Fatal(err)
		}
		steps := []struct {
			changes map[string]string
			err     error
		}{
			{map[string]string{"nickname": "Dara", "payeeName": "Sok Dara"}, nil},
			{map[string]string{"icon": "3"}, ErrProfileLabel},
			{map[string]string{"language": "EN"}, ErrProfileLabel},
			{map[string]string{"address": "<b>"}, ErrProfileText},
			{map[string]string{"payeeName": "Other"}, ErrProfileLocked},
			{map[string]string{"payeeName": ""}, ErrProfileLocked},
			{map[string]string{"payeeName": "Sok Dara", "birthday": "1990-01-01"}, nil},
			{map[string]string{"birthday": "1990-01-02"}, ErrProfileLocked},
			{map[string]string{"nickname": ""}, nil},
		}
		for i, st := range steps {
			if _, err := s.UpdateProfile(ctx, id, st.changes); !errors.Is(err, st.err) {
				t.Fatalf("step %d %v: %v, want %v", i, st.changes, err, st.err)
			}
		}
		if err := s.SetProfile(ctx, id, "icon", "4"); err != nil {
			t.Fatal(err)
		}
		m, err := s.UpdateProfile(ctx, id, map[string]string{"nickname": "Dara2"})
		if err != nil {
			t.Fatal(err)
		}
		if m.Nickname != "Dara2" || m.Profile["nickname"] != "Dara2" || m.Profile["language"] != "KM" || m.Profile["icon"] != "4" ||
			m.Profile["payeeName"] != "Sok Dara" || m.Profile["birthday"] != "1990-01-01" {
			t.Fatalf("member = %+v", m)
		}
		// A real name from a first bank account meanwhile is not replaced.
		if err := s.SetRealNameOnce(ctx, id, "Someone Else"); err != nil {
			t.Fatal(err)
		}
		if m, _ := s.Member(ctx, id); RealName(m) != "Sok Dara" {
			t.Fatalf("real name = %q", RealName(m))
		}
	})
}

// TestBindContact: a proven number or address belongs to one member of a
// merchant; an unproven copy elsewhere blocks nothing.
func TestBindContact(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		s, _ := setup(t, db)
		a, err := s.Open(ctx, NewMember{MerchantCode: "demo", Username: "binda01", Password: "Bind@2026", Mobile: "+85511222333", Email: "same@example.com"})
		if err != nil {
			t.Fatal(err)
		}
		b, err := s.Open(ctx, NewMember{MerchantCode: "demo", Username: "bindb01", Password: "Bind@2026"})
		if err != nil {
			t.Fatal(err)
		}
		if err := s.BindMobile(ctx, b, "+855 11 222 333"); err != nil {
			t.Fatalf("an unproven copy blocks: %v", err)
		}
		if err := s.BindMobile(ctx, a, "+85511222333"); !errors.Is(err, ErrMobileTaken) {
			t.Fatalf("taken number = %v", err)
		}
		if err := s.BindEmail(ctx, b, " Same@Example.com "); err != nil {
			t.Fatal(err)
		}
		if err := s.BindEmail(ctx, a, "same@example.com"); !errors.Is(err, ErrEmailTaken) {
			t.Fatalf("taken address = %v", err)
		}
		m, err := s.Member(ctx, b)
		if err != nil {
			t.Fatal(err)
		}
		if m.Mobile != "+85511222333" || !m.MobileVerified || m.Email != "same@example.com" || !m.EmailVerified {
			t.Fatalf("b = %+v", m)
		}
		if m, _ := s.Member(ctx, a); m.MobileVerified || m.EmailVerified {
			t.Fatalf("a = %+v", m)
		}
		if got, err := s.ByMobile(ctx, "demo", "+85511222333"); err != nil || got.ID != b {
			t.Fatalf("ByMobile = %v %v", got, err)
		}
	})
}
