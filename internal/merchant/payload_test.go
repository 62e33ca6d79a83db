package merchant

import (
	"context"
	"encoding/base64"
	"errors"
	"testing"

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
