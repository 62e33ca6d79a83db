package merchant

import (
	"context"
	"crypto/aes"
	"crypto/cipher"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"
)

// ErrBadPayload is an (E) body that cannot be opened: a wrong or missing
// key, a tampered or truncated ciphertext, bad base64.
var ErrBadPayload = errors.New("merchant: encrypted payload cannot be opened")

// ErrPayloadReplayed is an (E) body whose nonce was already accepted: a
// captured request sent again.
var ErrPayloadReplayed = errors.New("merchant: encrypted payload already received")

// NonceTTL is how long an accepted (E) body's nonce is remembered: a body
// replayed within it is refused by every instance.
const NonceTTL = 24 * time.Hour

// pruneEvery bounds how often an instance deletes expired nonces.
const pruneEvery = time.Minute

// OpenPayload decrypts an (E) call's body as api-conventions.md specifies:
// wrappedKey is base64(RSA-OAEP-SHA256(32-byte AES key)) from the Encryption
// header, body is base64(nonce(12) || AES-256-GCM(JSON)). Every failure is
// ErrBadPayload, whatever the cause, so no oracle is offered. A body that
// opens is accepted once: its nonce is recorded in the database for
// NonceTTL, and a body with a nonce already recorded is ErrPayloadReplayed.
// Honest clients draw a fresh random nonce for every body (the contract
// already says so), so only a copy is refused.
func (s *Service) OpenPayload(ctx context.Context, code, wrappedKey string, body []byte) ([]byte, error) {
	t, err := s.tenant(ctx, code)
	if err != nil {
		return nil, err
	}
	if t.rsaKey == nil {
		return nil, ErrBadPayload
	}
	wrapped, err := base64.StdEncoding.DecodeString(strings.TrimSpace(wrappedKey))
	if err != nil || len(wrapped) != t.rsaKey.Size() {
		return nil, ErrBadPayload
	}
	key, err := rsa.DecryptOAEP(sha256.New(), nil, t.rsaKey, wrapped, nil)
	if err != nil || len(key) != 32 {
		return nil, ErrBadPayload
	}
	raw, err := base64.StdEncoding.DecodeString(strings.TrimSpace(string(body)))
	if err != nil {
		return nil, ErrBadPayload
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return nil, ErrBadPayload
	}
	gcm, err := cipher.NewGCM(block)
	if err != nil || len(raw) < gcm.NonceSize()+gcm.Overhead() {
		return nil, ErrBadPayload
	}
	plain, err := gcm.Open(nil, raw[:gcm.NonceSize()], raw[gcm.NonceSize():], nil)
	if err != nil {
		return nil, ErrBadPayload
	}
	if err := s.acceptNonce(ctx, raw[:gcm.NonceSize()]); err != nil {
		return nil, err
	}
	return plain, nil
}

// acceptNonce records a nonce of an opened body, or refuses it when it was
// recorded before. The table is shared by every instance; expired rows are
// pruned at most once per pruneEvery by each.
func (s *Service) acceptNonce(ctx context.Context, nonce []byte) error {
	now := s.clock()
	sum := sha256.Sum256(nonce)
	res, err := s.db.Write().ExecContext(ctx, `INSERT INTO payload_nonces (nonce_hash, expires_at) VALUES ($1, $2)
		ON CONFLICT (nonce_hash) DO NOTHING`, hex.EncodeToString(sum[:]), now.Add(NonceTTL).UnixMilli())
	if err != nil {
		return fmt.Errorf("merchant: payload nonce: %w", err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return ErrPayloadReplayed
	}
	if last := s.noncesPruned.Load(); now.UnixMilli()-last >= pruneEvery.Milliseconds() && s.noncesPruned.CompareAndSwap(last, now.UnixMilli()) {
		if _, err := s.db.Write().ExecContext(ctx, `DELETE FROM payload_nonces WHERE expires_at < $1`, now.UnixMilli()); err != nil {
			return fmt.Errorf("merchant: prune payload nonces: %w", err)
		}
	}
	return nil
}

func (s *Service) clock() time.Time {
	if s.now != nil {
		return s.now()
	}
	return time.Now()
}

// SealPayload is the client's side of OpenPayload, for tests and for Go
// clients: it encrypts payload for a merchant's public key (PEM, SPKI).
func SealPayload(publicKeyPEM string, payload []byte) (header, body string, err error) {
	pub, err := parsePublicKey(publicKeyPEM)
	if err != nil {
		return "", "", err
	}
	key := make([]byte, 32)
	if _, err := rand.Read(key); err != nil {
		return "", "", err
	}
	wrapped, err := rsa.EncryptOAEP(sha256.New(), rand.Reader, pub, key, nil)
	if err != nil {
		return "", "", fmt.Errorf("merchant: wrap key: %w", err)
	}
	block, err := aes.NewCipher(key)
	if err != nil {
		return "", "", err
	}
	gcm, err := cipher.NewGCM(block)
	if err != nil {
		return "", "", err
	}
	nonce := make([]byte, gcm.NonceSize())
	if _, err := rand.Read(nonce); err != nil {
		return "", "", err
	}
	return base64.StdEncoding.EncodeToString(wrapped), base64.StdEncoding.EncodeToString(gcm.Seal(nonce, nonce, payload, nil)), nil
}
