package identity

import (
	"bytes"
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"fmt"
	"strings"
	"time"

	"github.com/dchest/captcha"
)

// Captcha settings: six digits, valid for five minutes, one try.
const (
	captchaDigits = 6
	captchaTTL    = 5 * time.Minute
)

// Captcha is an issued captcha: its id, the PNG to show and, for dev mode
// only, the answer.
type Captcha struct {
	ID     string
	PNG    []byte
	Answer string
}

// NewCaptcha issues a captcha. The image comes from dchest/captcha; the
// answer's hash is stored in the database so that any server of a cluster
// can check it.
func (s *Service) NewCaptcha(ctx context.Context) (Captcha, error) {
	idBytes := make([]byte, 16)
	if _, err := rand.Read(idBytes); err != nil {
		return Captcha{}, err
	}
	id := hex.EncodeToString(idBytes)
	digits := captcha.RandomDigits(captchaDigits)
	var answer strings.Builder
	for _, d := range digits {
		answer.WriteByte('0' + d)
	}
	var png bytes.Buffer
	if _, err := captcha.NewImage(id, digits, 180, 60).WriteTo(&png); err != nil {
		return Captcha{}, fmt.Errorf("identity: captcha image: %w", err)
	}
	now := s.now()
	if _, err := s.db.Write().ExecContext(ctx, `DELETE FROM captchas WHERE expires_at < $1`, now.UnixMilli()); err != nil {
		return Captcha{}, fmt.Errorf("identity: captcha: %w", err)
	}
	if _, err := s.db.Write().ExecContext(ctx, `INSERT INTO captchas (id, answer_hash, expires_at) VALUES ($1, $2, $3)`,
		id, captchaHash(id, answer.String()), now.Add(captchaTTL).UnixMilli()); err != nil {
		return Captcha{}, fmt.Errorf("identity: captcha: %w", err)
	}
	return Captcha{ID: id, PNG: png.Bytes(), Answer: answer.String()}, nil
}

// CheckCaptcha reports whether answer solves captcha id; the captcha is
// used up either way.
func (s *Service) CheckCaptcha(ctx context.Context, id, answer string) (bool, error) {
	if id == "" || len(id) > 64 || answer == "" || len(answer) > 32 {
		return false, nil
	}
	var hash string
	var expires int64
	err := s.db.Write().QueryRowContext(ctx, `DELETE FROM captchas WHERE id = $1 RETURNING answer_hash, expires_at`, id).Scan(&hash, &expires)
	if err != nil {
		return false, nil // unknown or already used
	}
	if s.now().UnixMilli() > expires {
		return false, nil
	}
	got := captchaHash(id, strings.TrimSpace(answer))
	return subtle.ConstantTimeCompare([]byte(got), []byte(hash)) == 1, nil
}

func captchaHash(id, answer string) string {
	sum := sha256.Sum256([]byte(id + ":" + answer))
	return hex.EncodeToString(sum[:])
}
