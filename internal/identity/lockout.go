package identity

import (
	"context"
	"fmt"
	"time"
)

// The lockout rule (decision 0017): after CaptchaAfter failures of an
// account or an address within Window a captcha is asked; more than
// LockAfter failures within Window lock an address (or any other single
// subject) for LockFor. An account is locked for everyone only after more
// than AccountLockAfter failures from at least AccountLockSources
// addresses: one address cannot lock somebody else out.
const (
	Window             = 15 * time.Minute
	CaptchaAfter       = 3
	LockAfter          = 10
	LockFor            = 5 * time.Minute
	AccountLockAfter   = 20
	AccountLockSources = 3
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

// Attempt is one log-in-like attempt (log-in, its new-address step, a
// password change): the account it is counted against (AccountSubject, or
// "" for none) and the address it comes from.
type Attempt struct {
	Account string
	Source  string
}

// LoginRisk applies the lockout rule to an attempt: its address is locked
// after more than LockAfter failures from it, whatever the account; the
// account only after more than AccountLockAfter failures from at least
// AccountLockSources addresses. Either asks for a captcha from
// CaptchaAfter failures on.
func (s *Service) LoginRisk(ctx context.Context, a Attempt) (Risk, error) {
	now := s.now()
	since := now.Add(-Window).UnixMilli()
	var r Risk
	lock := func(last int64) {
		if left := time.UnixMilli(last).Add(LockFor).Sub(now); left > r.RetryAfter {
			r.RetryAfter = left
		}
	}
	var n int
	var last int64
	if err := s.db.Read().QueryRowContext(ctx, `SELECT COUNT(*), COALESCE(MAX(failed_at), 0) FROM login_failures
		WHERE subject = $1 AND failed_at > $2`, IPSubject(a.Source), since).Scan(&n, &last); err != nil {
		return r, fmt.Errorf("identity: risk: %w", err)
	}
	r.NeedCaptcha = n >= CaptchaAfter
	if n > LockAfter {
		lock(last)
	}
	if a.Account == "" {
		return r, nil
	}
	var sources int
	if err := s.db.Read().QueryRowContext(ctx, `SELECT COUNT(*), COUNT(DISTINCT source), COALESCE(MAX(failed_at), 0) FROM login_failures
		WHERE subject = $1 AND failed_at > $2`, a.Account, since).Scan(&n, &sources, &last); err != nil {
		return r, fmt.Errorf("identity: risk: %w", err)
	}
	if n >= CaptchaAfter {
		r.NeedCaptcha = true
	}
	if n > AccountLockAfter && sources >= AccountLockSources {
		lock(last)
	}
	return r, nil
}

// LoginFailed counts a failed attempt against its account and its address.
func (s *Service) LoginFailed(ctx context.Context, a Attempt) error {
	now := s.now().UnixMilli()
	subjects := []string{IPSubject(a.Source)}
	if a.Account != "" {
		subjects = append(subjects, a.Account)
	}
	for _, subj := range subjects {
		if _, err := s.db.Write().ExecContext(ctx, `INSERT INTO login_failures (subject, source, failed_at) VALUES ($1, $2, $3)`,
			subj, a.Source, now); err != nil {
			return fmt.Errorf("identity: record failure: %w", err)
		}
	}
	if _, err := s.db.Write().ExecContext(ctx, `DELETE FROM login_failures WHERE failed_at < $1`, s.now().Add(-Window).UnixMilli()); err != nil {
		return fmt.Errorf("identity: prune failures: %w", err)
	}
	return nil
}

// LoginSucceeded forgets the account's failures (its address's stay).
func (s *Service) LoginSucceeded(ctx context.Context, a Attempt) error {
	if a.Account == "" {
		return nil
	}
	return s.ClearFailures(ctx, a.Account)
}

// Throttle counts one request of subject, unless more than limit were
// counted within Window: then it counts nothing and tells how long until
// the oldest of them leaves the window. It shares the failures table, so
// every instance sees the same counts.
func (s *Service) Throttle(ctx context.Context, subject string, limit int) (time.Duration, error) {
	now := s.now()
	var n int
	var oldest int64
	err := s.db.Read().QueryRowContext(ctx, `SELECT COUNT(*), COALESCE(MIN(failed_at), 0) FROM login_failures
		WHERE subject = $1 AND failed_at > $2`, subject, now.Add(-Window).UnixMilli()).Scan(&n, &oldest)
	if err != nil {
		return 0, fmt.Errorf("identity: throttle: %w", err)
	}
	if n >= limit {
		return max(time.UnixMilli(oldest).Add(Window).Sub(now), time.Second), nil
	}
	return 0, s.RecordFailure(ctx, subject)
}
