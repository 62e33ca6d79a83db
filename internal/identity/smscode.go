package identity

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"database/sql"
	"errors"
	"fmt"
	"math/big"
	"time"
)

// SMS code limits: one code per number per SMSInterval; past
// SMSDailyPerNumber codes per number or SMSDailyPerIP per address in 24
// hours, one code per SMSCooldown ("too many requests, retry after 5
// minutes", and it is 5 minutes, not the rest of the day);
// SMSDailyPerMerchant for a merchant's whole SMS budget, and SMSMaxAttempts
// wrong entries before a code is void.
const (
	SMSCooldown         = 5 * time.Minute
	SMSInterval         = 60 * time.Second
	SMSDailyPerNumber   = 10
	SMSDailyPerIP       = 20
	SMSDailyPerMerchant = 5000
	SMSMaxAttempts      = 5
	smsCodeDigits       = 6
)

// Purposes of SMS codes; a code only verifies for its own purpose.
const (
	PurposeLogin    = "login"
	PurposeRegister = "register"
	PurposeReset    = "reset"
)

// SMS code errors, each with its own answer (spec §8 phone verification).
var (
	ErrSMSTooSoon  = errors.New("identity: sms requested too soon")
	ErrSMSTooMany  = errors.New("identity: too many sms requests")
	ErrSMSQuota    = errors.New("identity: sms quota exhausted")
	ErrCodeMissing = errors.New("identity: verification code missing")
	ErrCodeInvalid = errors.New("identity: verification code invalid")
	ErrCodeExpired = errors.New("identity: verification code expired")
)

// SMSLimit carries how long to wait before asking again.
type SMSLimit struct {
	Err        error
	RetryAfter time.Duration
}

func (e *SMSLimit) Error() string { return e.Err.Error() }
func (e *SMSLimit) Unwrap() error { return e.Err }

// IssueCode makes a code for mobile (E.164) valid for minutes, within the
// limits; it returns the code for the caller to send, and stores its hash.
func (s *Service) IssueCode(ctx context.Context, merchantCode, mobile, purpose, ip string, minutes int) (string, error) {
	now := s.now()
	day := now.Add(-24 * time.Hour).UnixMilli()
	q := s.db.Read()
	var last, lastIP int64
	var perNumber, perIP, perMerchant int
	if err := q.QueryRowContext(ctx, `SELECT COALESCE(MAX(created_at), 0), COUNT(*) FROM sms_codes
		WHERE merchant_code = $1 AND mobile = $2 AND created_at > $3`, merchantCode, mobile, day).Scan(&last, &perNumber); err != nil {
		return "", fmt.Errorf("identity: sms limits: %w", err)
	}
	if err := q.QueryRowContext(ctx, `SELECT COALESCE(MAX(created_at), 0), COUNT(*) FROM sms_codes WHERE ip = $1 AND created_at > $2`, ip, day).Scan(&lastIP, &perIP); err != nil {
		return "", fmt.Errorf("identity: sms limits: %w", err)
	}
	if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM sms_codes WHERE merchant_code = $1 AND created_at > $2`, merchantCode, day).Scan(&perMerchant); err != nil {
		return "", fmt.Errorf("identity: sms limits: %w", err)
	}
	if wait := time.UnixMilli(last).Add(SMSInterval).Sub(now); last > 0 && wait > 0 {
		return "", &SMSLimit{Err: ErrSMSTooSoon, RetryAfter: wait}
	}
	var cooldown time.Duration
	if perNumber >= SMSDailyPerNumber {
		cooldown = time.UnixMilli(last).Add(SMSCooldown).Sub(now)
	}
	if perIP >= SMSDailyPerIP {
		cooldown = max(cooldown, time.UnixMilli(lastIP).Add(SMSCooldown).Sub(now))
	}
	if cooldown > 0 {
		return "", &SMSLimit{Err: ErrSMSTooMany, RetryAfter: cooldown}
	}
	if perMerchant >= SMSDailyPerMerchant {
		return "", ErrSMSQuota
	}
	code := randomDigits(smsCodeDigits)
	if minutes <= 0 {
		minutes = 5
	}
	_, err := s.db.Write().ExecContext(ctx, `INSERT INTO sms_codes (merchant_code, mobile, purpose, code_hash, ip, created_at, expires_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7)`, merchantCode, mobile, purpose, hashToken(mobile+":"+code), ip,
		now.UnixMilli(), now.Add(time.Duration(minutes)*time.Minute).UnixMilli())
	if err != nil {
		return "", fmt.Errorf("identity: issue code: %w", err)
	}
	return code, nil
}

// CheckCode verifies the latest code sent to mobile for purpose and uses it
// up when right; wrong entries count, and a code dies after SMSMaxAttempts.
func (s *Service) CheckCode(ctx context.Context, merchantCode, mobile, purpose, code string) error {
	if code == "" {
		return ErrCodeMissing
	}
	if len(code) > 255 {
		return ErrCodeInvalid
	}
	var id, expires int64
	var hash string
	var attempts, used int
	err := s.db.Read().QueryRowContext(ctx, `SELECT id, code_hash, expires_at, attempts, used FROM sms_codes
		WHERE merchant_code = $1 AND mobile = $2 AND purpose = $3 ORDER BY created_at DESC, id DESC LIMIT 1`,
		merchantCode, mobile, purpose).Scan(&id, &hash, &expires, &attempts, &used)
	if errors.Is(err, sql.ErrNoRows) {
		return ErrCodeInvalid
	}
	if err != nil {
		return fmt.Errorf("identity: check code: %w", err)
	}
	if used == 1 || attempts >= SMSMaxAttempts {
		return ErrCodeInvalid
	}
	if s.now().UnixMilli() > expires {
		return ErrCodeExpired
	}
	if subtle.ConstantTimeCompare([]byte(hashToken(mobile+":"+code)), []byte(hash)) != 1 {
		if _, err := s.db.Write().ExecContext(ctx, `UPDATE sms_codes SET attempts = attempts + 1 WHERE id = $1`, id); err != nil {
			return fmt.Errorf("identity: check code: %w", err)
		}
		return ErrCodeInvalid
	}
	// Use it up; a concurrent check of the same code finds used = 1.
	res, err := s.db.Write().ExecContext(ctx, `UPDATE sms_codes SET used = 1 WHERE id = $1 AND used = 0`, id)
	if err != nil {
		return fmt.Errorf("identity: check code: %w", err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return ErrCodeInvalid
	}
	return nil
}

func randomDigits(n int) string {
	b := make([]byte, n)
	for i := range b {
		d, err := rand.Int(rand.Reader, big.NewInt(10))
		if err != nil {
			panic(err)
		}
		b[i] = byte('0' + d.Int64())
	}
	return string(b)
}

// ByMobile returns the member of a merchant whose proven number is mobile.
// A number attached without proof names nobody: it must not let anyone log
// in or reset a password, nor stand in the way of its real owner.
func (s *Service) ByMobile(ctx context.Context, merchantCode, mobile string) (*Member, error) {
	mobile, err := CanonicalPhone(mobile)
	if err != nil {
		return nil, ErrMemberNotFound
	}
	m, err := s.memberBy(ctx, s.db.Read(), "merchant_code = $1 AND mobile = $2 AND mobile_verified = 1", merchantCode, mobile)
	if err != nil {
		return nil, err
	}
	return &m.Member, nil
}
