package identity

import (
	"bytes"
	"context"
	"crypto/subtle"
	"database/sql"
	"encoding/base64"
	"errors"
	"fmt"
	"image/png"
	"time"

	"github.com/pquerna/otp"
	"github.com/pquerna/otp/totp"
)

// ErrTOTPNotSetUp is a code checked for a member without an authenticator.
var ErrTOTPNotSetUp = errors.New("identity: no authenticator set up")

// TOTPSetup is what the security centre shows to add the account to an
// authenticator app.
type TOTPSetup struct {
	Secret     string `json:"secret"`
	OTPAuthURL string `json:"otpauthUrl"`
	QRCode     string `json:"qrCode"` // base64 PNG
}

// StartTOTP makes a new secret for the member, not yet in force until a
// code from the app confirms it; a pending or enabled one is replaced only
// when none is enabled.
func (s *Service) StartTOTP(ctx context.Context, memberID int64, issuer, account string) (TOTPSetup, error) {
	if on, err := s.TOTPEnabled(ctx, memberID); err != nil || on {
		if on {
			return TOTPSetup{}, ErrTOTPEnabled
		}
		return TOTPSetup{}, err
	}
	key, err := totp.Generate(totp.GenerateOpts{Issuer: issuer, AccountName: account})
	if err != nil {
		return TOTPSetup{}, fmt.Errorf("identity: totp: %w", err)
	}
	img, err := key.Image(200, 200)
	if err != nil {
		return TOTPSetup{}, fmt.Errorf("identity: totp image: %w", err)
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return TOTPSetup{}, fmt.Errorf("identity: totp image: %w", err)
	}
	_, err = s.db.Write().ExecContext(ctx, `INSERT INTO member_totp (member_id, secret, enabled, created_at) VALUES ($1, $2, 0, $3)
		ON CONFLICT (member_id) DO UPDATE SET secret = excluded.secret, enabled = 0, created_at = excluded.created_at, last_step = 0`,
		memberID, key.Secret(), s.now().UnixMilli())
	if err != nil {
		return TOTPSetup{}, fmt.Errorf("identity: totp: %w", err)
	}
	return TOTPSetup{Secret: key.Secret(), OTPAuthURL: key.URL(), QRCode: base64.StdEncoding.EncodeToString(buf.Bytes())}, nil
}

// ErrTOTPEnabled refuses a second set-up while one is in force.
var ErrTOTPEnabled = errors.New("identity: authenticator already enabled")

// TOTPEnabled reports whether the member's authenticator is in force.
func (s *Service) TOTPEnabled(ctx context.Context, memberID int64) (bool, error) {
	var enabled int
	err := s.db.Read().QueryRowContext(ctx, `SELECT enabled FROM member_totp WHERE member_id = $1`, memberID).Scan(&enabled)
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("identity: totp: %w", err)
	}
	return enabled == 1, nil
}

// totpPeriod is the authenticator's time step; totpSkew steps either side
// are accepted for clock drift.
const (
	totpPeriod = 30
	totpSkew   = 1
)

// CheckTOTP verifies a code from the member's app (the pending secret too
// when pending is true, to confirm a set-up) and uses it up: the code's time
// step is remembered, and a code of that step or an earlier one is refused
// afterwards (RFC 6238 §5.2), so a code seen over a shoulder or captured in
// transit cannot be replayed within its window.
func (s *Service) CheckTOTP(ctx context.Context, memberID int64, code string, pending bool) error {
	var secret string
	var enabled int
	var last int64
	err := s.db.Read().QueryRowContext(ctx, `SELECT secret, enabled, last_step FROM member_totp WHERE member_id = $1`, memberID).Scan(&secret, &enabled, &last)
	if errors.Is(err, sql.ErrNoRows) || err == nil && enabled == 0 && !pending {
		return ErrTOTPNotSetUp
	}
	if err != nil {
		return fmt.Errorf("identity: totp: %w", err)
	}
	if len(code) != 6 {
		return ErrCodeInvalid
	}
	step := totpStep(secret, code, s.now(), last)
	if step == 0 {
		return ErrCodeInvalid
	}
	// Use the step up; a concurrent check of the same code finds it taken.
	res, err := s.db.Write().ExecContext(ctx, `UPDATE member_totp SET last_step = $1 WHERE member_id = $2 AND last_step < $1`, step, memberID)
	if err != nil {
		return fmt.Errorf("identity: totp: %w", err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return ErrCodeInvalid
	}
	return nil
}

// totpStep returns the latest time step within the skew around now whose
// code is code and which is later than last, or 0 when there is none.
func totpStep(secret, code string, now time.Time, last int64) int64 {
	current := now.Unix() / totpPeriod
	opts := totp.ValidateOpts{Period: totpPeriod, Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1}
	for step := current + totpSkew; step >= current-totpSkew; step-- {
		if step <= last {
			break
		}
		want, err := totp.GenerateCodeCustom(secret, time.Unix(step*totpPeriod, 0), opts)
		if err != nil {
			return 0
		}
		if subtle.ConstantTimeCompare([]byte(want), []byte(code)) == 1 {
			return step
		}
	}
	return 0
}

// EnableTOTP puts the pending authenticator in force once code matches.
func (s *Service) EnableTOTP(ctx context.Context, memberID int64, code string) error {
	if err := s.CheckTOTP(ctx, memberID, code, true); err != nil {
		return err
	}
	_, err := s.db.Write().ExecContext(ctx, `UPDATE member_totp SET enabled = 1 WHERE member_id = $1`, memberID)
	if err != nil {
		return fmt.Errorf("identity: totp: %w", err)
	}
	return nil
}

// DisableTOTP removes the authenticator once a current code proves the
// member still holds it.
func (s *Service) DisableTOTP(ctx context.Context, memberID int64, code string) error {
	if err := s.CheckTOTP(ctx, memberID, code, false); err != nil {
		return err
	}
	_, err := s.db.Write().ExecContext(ctx, `DELETE FROM member_totp WHERE member_id = $1`, memberID)
	if err != nil {
		return fmt.Errorf("identity: totp: %w", err)
	}
	return nil
}
