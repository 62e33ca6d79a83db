package identity

import (
	"context"
	"fmt"
	"time"
)

// The lockout rule (issue: abuse resistance): after CaptchaAfter failures of
// an account or an address within Window a captcha is asked; more than
// LockAfter failures within Window lock the subject for LockFor.
const (
	Window       = 15 * time.Minute
	CaptchaAfter = 3
	LockAfter    = 10
	LockFor      = 5 * time.Minute
)

// Subjects of the lockout rule.
func AccountSubject(merchantCode, username string) string {
	return "account:" + merchantCode + ":" + normalizeUsername(username)
}

// IPSubject is the subject of a client address.
func IPSubject(ip string) string { return "ip:" + ip }

// Risk is what the failures of some subjects say about the next attempt.
type Risk struct {
	NeedCaptcha bool
	// RetryAfter > 0 means locked: refuse without checking the password.
	RetryAfter time.Duration
}

// Risk reads the recent failures of every subject; the worst one decides.
func (s *Service) Risk(ctx context.Context, subjects ...string) (Risk, error) {
	now := s.now()
	var r Risk
	for _, subj := range subjects {
		var n int
		var last int64
		err := s.db.Read().QueryRowContext(ctx, `SELECT COUNT(*), COALESCE(MAX(failed_at), 0) FROM login_failures
			WHERE subject = $1 AND failed_at > $2`, subj, now.Add(-Window).UnixMilli()).Scan(&n, &last)
		if err != nil {
			return r, fmt.Errorf("identity: risk: %w", err)
		}
		if n >= CaptchaAfter {
			r.NeedCaptcha = true
		}
		if n > LockAfter {
			if left := time.UnixMilli(last).Add(LockFor).Sub(now); left > r.RetryAfter {
				r.RetryAfter = left
			}
		}
	}
	return r, nil
}

// RecordFailure counts a failed attempt against every subject and drops
// failures older than the window.
func (s *Service) RecordFailure(ctx context.Context, subjects ...string) error {
	now := s.now().UnixMilli()
	for _, subj := range subjects {
		if _, err := s.db.Write().ExecContext(ctx, `INSERT INTO login_failures (subject, failed_at) VALUES ($1, $2)`, subj, now); err != nil {
			return fmt.Errorf("identity: record failure: %w", err)
		}
	}
	if _, err := s.db.Write().ExecContext(ctx, `DELETE FROM login_failures WHERE failed_at < $1`, s.now().Add(-Window).UnixMilli()); err != nil {
		return fmt.Errorf("identity: prune failures: %w", err)
	}
	return nil
}

// ClearFailures forgets a subject's failures (after a successful login of
// the account; an address's failures stay).
func (s *Service) ClearFailures(ctx context.Context, subject string) error {
	if _, err := s.db.Write().ExecContext(ctx, `DELETE FROM login_failures WHERE subject = $1`, subject); err != nil {
		return fmt.Errorf("identity: clear failures: %w", err)
	}
	return nil
}
