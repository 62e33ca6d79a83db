package provider

import (
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"sync"
	"time"

	"portal/internal/catalog"
)

// RotationGrace is how long a rotated-out secret still signs callbacks, so
// a vendor can switch to the new one without refused calls.
const RotationGrace = 24 * time.Hour

type vendorSecret struct {
	current, previous string
	previousUntil     time.Time
	loaded            time.Time
}

// secretCache keeps secrets for a few seconds: every callback checks a
// signature, and a rotation by `portal vendor secret --rotate` in another
// process must still take effect promptly.
type secretCache struct {
	mu sync.Mutex
	m  map[string]vendorSecret
}

func newSecretCache() *secretCache { return &secretCache{m: map[string]vendorSecret{}} }

const secretCacheTTL = 5 * time.Second

// Secret returns a vendor's signing secret, creating one on first use.
func (s *Service) Secret(ctx context.Context, vendor string) (string, error) {
	v, err := s.secret(ctx, vendor)
	return v.current, err
}

func (s *Service) secret(ctx context.Context, vendor string) (vendorSecret, error) {
	now := s.now()
	s.secrets.mu.Lock()
	v, ok := s.secrets.m[vendor]
	s.secrets.mu.Unlock()
	if ok && now.Sub(v.loaded) < secretCacheTTL {
		return v, nil
	}
	// An unknown code is answered from the catalogue in memory, so junk
	// vendor codes never reach the database.
	if _, err := s.games.AnyVendor(ctx, vendor); errors.Is(err, catalog.ErrVendorNotFound) {
		return vendorSecret{}, fmt.Errorf("%w: %s", ErrVendorUnknown, vendor)
	} else if err != nil {
		return vendorSecret{}, err
	}
	var until int64
	read := func() error {
		return s.db.Read().QueryRowContext(ctx, `SELECT secret, previous_secret, previous_until FROM vendor_secrets WHERE vendor_code = $1`, vendor).
			Scan(&v.current, &v.previous, &until)
	}
	err := read()
	if errors.Is(err, sql.ErrNoRows) {
		// First use: make one, insert-or-keep, then read, so two processes
		// creating at once agree.
		fresh, ferr := newSecret()
		if ferr != nil {
			return vendorSecret{}, ferr
		}
		if _, err := s.db.Write().ExecContext(ctx, `INSERT INTO vendor_secrets (vendor_code, secret, created_at) VALUES ($1, $2, $3)
			ON CONFLICT (vendor_code) DO NOTHING`, vendor, fresh, now.UnixMilli()); err != nil {
			return vendorSecret{}, fmt.Errorf("provider: create secret: %w", err)
		}
		err = read()
	}
	if err != nil {
		return vendorSecret{}, fmt.Errorf("provider: read secret: %w", err)
	}
	v.previousUntil, v.loaded = time.UnixMilli(until), now
	s.secrets.mu.Lock()
	s.secrets.m[vendor] = v
	s.secrets.mu.Unlock()
	return v, nil
}

// RotateSecret gives a vendor a new secret; the old one stays good for
// RotationGrace.
func (s *Service) RotateSecret(ctx context.Context, vendor string) (string, error) {
	old, err := s.secret(ctx, vendor)
	if err != nil {
		return "", err
	}
	fresh, err := newSecret()
	if err != nil {
		return "", err
	}
	now := s.now()
	if _, err := s.db.Write().ExecContext(ctx, `UPDATE vendor_secrets SET secret = $1, previous_secret = $2, previous_until = $3, rotated_at = $4
		WHERE vendor_code = $5`, fresh, old.current, now.Add(RotationGrace).UnixMilli(), now.UnixMilli(), vendor); err != nil {
		return "", fmt.Errorf("provider: rotate secret: %w", err)
	}
	s.secrets.mu.Lock()
	delete(s.secrets.m, vendor)
	s.secrets.mu.Unlock()
	return fresh, nil
}

// Sign is the signature of body under secret: hex(HMAC-SHA256(secret, body)).
func Sign(secret string, body []byte) string {
	return hex.EncodeToString(mac(secret, body))
}

// checkSignature compares in constant time against the current secret and,
// within its grace, the previous one.
func (s *Service) checkSignature(ctx context.Context, vendor string, body []byte, signature string) (bool, error) {
	v, err := s.secret(ctx, vendor)
	if err != nil {
		return false, err
	}
	got, err := hex.DecodeString(signature)
	if err != nil || len(got) != sha256.Size {
		return false, nil
	}
	ok := hmac.Equal(got, mac(v.current, body))
	if v.previous != "" && s.now().Before(v.previousUntil) {
		ok = hmac.Equal(got, mac(v.previous, body)) || ok
	}
	return ok, nil
}

func mac(secret string, body []byte) []byte {
	m := hmac.New(sha256.New, []byte(secret))
	m.Write(body)
	return m.Sum(nil)
}

func newSecret() (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("provider: random: %w", err)
	}
	return hex.EncodeToString(b), nil
}
