package merchant

import (
	"context"
	"encoding/base64"
	"errors"
	"testing"
	"time"

	"portal/internal/database"
	"portal/internal/dbtest"
)

func TestPayloadRoundTripAndTampering(t *testing.T) {
	db := dbtest.SQLite(t)
	ctx := context.Background()
	s := seeded(t, db, Options{})
	demo, _ := s.Lookup(ctx, "demo")
	lucky, _ := s.Lookup(ctx, "lucky")
	if !demo.Encryption || lucky.Encryption {
		t.Fatalf("encryption: demo %v lucky %v", demo.Encryption, lucky.Encryption)
	}
	p, _ := s.Permission(ctx, demo, Status{})
	header, body, err := SealPayload(p.Encryption.PublicKey, []byte(`{"username":"player01"}`))
	if err != nil {
		t.Fatal(err)
	}
	plain, err := s.OpenPayload(ctx, "demo", header, []byte(body))
	if err != nil || string(plain) != `{"username":"player01"}` {
		t.Fatalf("round trip = %q, %v", plain, err)
	}
	raw, _ := base64.StdEncoding.DecodeString(body)
	raw[len(raw)-1] ^= 1
	tampered := base64.StdEncoding.EncodeToString(raw)
	otherHeader, otherBody, _ := SealPayload(p.Encryption.PublicKey, []byte(`{}`))
	tests := []struct {
		name, code, header, body string
	}{
		{"tampered ciphertext", "demo", header, tampered},
		{"key of another message", "demo", otherHeader, body},
		{"body of another message", "demo", header, otherBody},
		{"no key", "demo", "", body},
		{"garbage key", "demo", "!!!", body},
		{"short key", "demo", base64.StdEncoding.EncodeToString([]byte("x")), body},
		{"garbage body", "demo", header, "%%%"},
		{"empty body", "demo", header, ""},
		{"merchant without a key pair in use", "lucky", header, body},
	}
	for _, tt := range tests {
		if _, err := s.OpenPayload(ctx, tt.code, tt.header, []byte(tt.body)); !errors.Is(err, ErrBadPayload) {
			t.Errorf("%s: err = %v", tt.name, err)
		}
	}
}

// TestPayloadReplayRefused: an (E) body opens once; the same body again is
// refused by this instance and by any other over the same database, for at
// least NonceTTL, after which its record is pruned.
func TestPayloadReplayRefused(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		one := seeded(t, db, Options{})
		other, err := NewService(db, Options{})
		if err != nil {
			t.Fatal(err)
		}
		now := time.Now()
		clock := func() time.Time { return now }
		one.now, other.now = clock, clock
		demo, _ := one.Lookup(ctx, "demo")
		p, _ := one.Permission(ctx, demo, Status{})
		seal := func(payload string) [2]string {
			h, b, err := SealPayload(p.Encryption.PublicKey, []byte(payload))
			if err != nil {
				t.Fatal(err)
			}
			return [2]string{h, b}
		}
		login, other1 := seal(`{"username":"player01","password":"Player@123"}`), seal(`{}`)
		steps := []struct {
			name  string
			by    *Service
			body  [2]string
			later time.Duration
			want  error
		}{
			{"first time", one, login, 0, nil},
			{"replayed to the same instance", one, login, 0, ErrPayloadReplayed},
			{"replayed to another instance", other, login, 0, ErrPayloadReplayed},
			{"another body", other, other1, 0, nil},
			{"replayed a day less a minute later", one, login, NonceTTL - time.Minute, ErrPayloadReplayed},
		}
		for _, st := range steps {
			now = now.Add(st.later)
			if _, err := st.by.OpenPayload(ctx, "demo", st.body[0], []byte(st.body[1])); !errors.Is(err, st.want) {
				t.Errorf("%s: %v, want %v", st.name, err, st.want)
			}
		}
		if n := count(t, db, "payload_nonces"); n != 2 {
			t.Fatalf("nonces recorded = %d, want 2", n)
		}
		// Past their day, the records go with the next accepted body.
		now = now.Add(time.Hour)
		if _, err := one.OpenPayload(ctx, "demo", seal(`{"n":3}`)[0], []byte(seal(`{"n":3}`)[1])); err == nil {
			t.Fatal("a key and a body of two different messages opened")
		}
		fresh := seal(`{"n":3}`)
		if _, err := one.OpenPayload(ctx, "demo", fresh[0], []byte(fresh[1])); err != nil {
			t.Fatal(err)
		}
		if n := count(t, db, "payload_nonces"); n != 1 {
			t.Errorf("nonces after pruning = %d, want 1", n)
		}
	})
}
