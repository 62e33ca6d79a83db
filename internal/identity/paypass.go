package identity

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// The payment password (decision 0030): six digits that guard money going
// out (withdrawals, bank accounts, transfers), apart from the log-in
// password so that a stolen session alone cannot move money. It is hashed
// like the password; wrong guesses lock it for the rest of the window.

// Errors of the payment password.
var (
	ErrPaymentPasswordRequired  = errors.New("identity: no payment password set")
	ErrPaymentPasswordIncorrect = errors.New("identity: payment password incorrect")
	ErrPaymentPasswordInvalid   = errors.New("identity: payment password must be 6 digits, not trivial")
)

// PayPassLockedError refuses a payment password for the rest of its lock.
type PayPassLockedError struct{ RetryAfter time.Duration }

func (e *PayPassLockedError) Error() string { return "identity: payment password locked" }

// PayPassAttempts is how many wrong payment passwords within Window lock
// it for the rest of the window.
const PayPassAttempts = 5

func payPassSubject(memberID int64) string { return "paypass:" + strconv.FormatInt(memberID, 10) }

// ValidPaymentPassword accepts 6 digits that are not one digit repeated
// nor a run up or down (123456, 654321).
func ValidPaymentPassword(p string) bool {
	if len(p) != 6 {
		return false
	}
	for _, r := range p {
		if r < '0' || r > '9' {
			return false
		}
	}
	same, up, down := true, true, true
	for i := 1; i < len(p); i++ {
		same = same && p[i] == p[0]
		up = up && p[i] == p[i-1]+1
		down = down && p[i] == p[i-1]-1
	}
	return !same && !up && !down
}

// HasPaymentPassword reports whether the member set one.
func (s *Service) HasPaymentPassword(ctx context.Context, memberID int64) (bool, error) {
	var hash string
	if err := s.db.Read().QueryRowContext(ctx, `SELECT payment_password_hash FROM members WHERE id = $1`, memberID).Scan(&hash); err != nil {
		return false, fmt.Errorf("identity: payment password: %w", err)
	}
	return hash != "", nil
}

// payPassLock answers the lock left on the member's payment password.
func (s *Service) payPassLock(ctx context.Context, memberID int64) error {
	now := s.now()
	var n int
	var last int64
	if err := s.db.Read().QueryRowContext(ctx, `SELECT COUNT(*), COALESCE(MAX(failed_at), 0) FROM login_failures WHERE subject = $1 AND failed_at > $2`,
		payPassSubject(memberID), now.Add(-Window).UnixMilli()).Scan(&n, &last); err != nil {
		return fmt.Errorf("identity: payment password lock: %w", err)
	}
	if n >= PayPassAttempts {
		if left := time.UnixMilli(last).Add(Window).Sub(now); left > 0 {
			return &PayPassLockedError{RetryAfter: left}
		}
	}
	return nil
}

// CheckPaymentPassword checks the member's payment password: the lock
// first, then the hash; a wrong one counts towards the lock.
func (s *Service) CheckPaymentPassword(ctx context.Context, memberID int64, password string) error {
	if err := s.payPassLock(ctx, memberID); err != nil {
		return err
	}
	var hash string
	if err := s.db.Read().QueryRowContext(ctx, `SELECT payment_password_hash FROM members WHERE id = $1`, memberID).Scan(&hash); err != nil {
		return fmt.Errorf("identity: payment password: %w", err)
	}
	if hash == "" {
		return ErrPaymentPasswordRequired
	}
	if !VerifyPassword(password, hash) {
		if err := s.RecordFailure(ctx, payPassSubject(memberID)); err != nil {
			return err
		}
		return ErrPaymentPasswordIncorrect
	}
	return s.ClearFailures(ctx, payPassSubject(memberID))
}

// SetPaymentPassword sets or changes the member's payment password: the
// log-in password always, and the old payment password when one is set.
func (s *Service) SetPaymentPassword(ctx context.Context, memberID int64, loginPassword, oldPayment, newPayment string) error {
	if !ValidPaymentPassword(newPayment) {
		return ErrPaymentPasswordInvalid
	}
	m, err := s.memberBy(ctx, s.db.Read(), "id = $1", memberID)
	if err != nil {
		return err
	}
	if !VerifyPassword(loginPassword, m.passwordHash) {
		return ErrBadCredentials
	}
	has, err := s.HasPaymentPassword(ctx, memberID)
	if err != nil {
		return err
	}
	if has {
		if err := s.CheckPaymentPassword(ctx, memberID, oldPayment); err != nil {
			return err
		}
	}
	hash, err := HashPassword(newPayment)
	if err != nil {
		return err
	}
	if _, err := s.db.Write().ExecContext(ctx, `UPDATE members SET payment_password_hash = $1 WHERE id = $2`, hash, memberID); err != nil {
		return fmt.Errorf("identity: set payment password: %w", err)
	}
	return nil
}

// RealName is the member's real name (the register form's payeeName), ""
// when none was given.
func RealName(m *Member) string { return strings.TrimSpace(m.Profile["payeeName"]) }

// SetRealNameOnce records a real name for a member who has none: the
// holder's name of their first bank account. A name once set is not
// changed here (support changes it).
func (s *Service) SetRealNameOnce(ctx context.Context, memberID int64, name string) error {
	m, err := s.Member(ctx, memberID)
	if err != nil {
		return err
	}
	if RealName(m) != "" {
		return nil
	}
	return s.SetProfile(ctx, memberID, "payeeName", name)
}
