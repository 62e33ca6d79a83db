package operator

import (
	"context"
	"crypto/subtle"
	"database/sql"
	"errors"
	"fmt"
	"net/netip"
	"strings"
	"time"

	"github.com/pquerna/otp"
	"github.com/pquerna/otp/totp"

	"portal/internal/database"
	"portal/internal/identity"
)

// Session lifetimes and log-in limits (decision 0022).
const (
	IdleTimeout     = 30 * time.Minute
	AbsoluteTimeout = 12 * time.Hour
	LoginTokenTTL   = 5 * time.Minute
	// MaxFailures failed log-ins within FailureWindow lock that username
	// from that address for LockFor.
	MaxFailures   = 5
	FailureWindow = 15 * time.Minute
	LockFor       = 15 * time.Minute
	touchEvery    = time.Minute
)

// The log-in steps.
const (
	StepPasswordChange = "password_change"
	StepTOTPSetup      = "totp_setup"
	StepTOTP           = "totp"
)

// Step is what a log-in step answers: the next step and its token.
type Step struct {
	Step       string `json:"step"`
	LoginToken string `json:"loginToken"`
	Secret     string `json:"secret,omitempty"`
	OTPAuthURL string `json:"otpauthUrl,omitempty"`
}

// LockedError carries how long a locked log-in waits.
type LockedError struct{ RetryAfter time.Duration }

func (e *LockedError) Error() string { return ErrLocked.Error() }
func (e *LockedError) Unwrap() error { return ErrLocked }

// Login checks a username and password from ip and answers the next step.
// A wrong username and a wrong password are the same ErrLoginFailed; once
// locked, the password is not even checked.
func (s *Service) Login(ctx context.Context, username, password string, ip netip.Addr) (*Operator, Step, error) {
	username = NormalizeUsername(username)
	if len(username) > 64 || len(password) > 200 {
		return nil, Step{}, ErrLoginFailed
	}
	if err := s.checkLock(ctx, username, ip); err != nil {
		return nil, Step{}, err
	}
	o, err := s.byUsername(ctx, username)
	if err != nil && !errors.Is(err, ErrNotFound) {
		return nil, Step{}, err
	}
	hash := ""
	if o != nil {
		hash = o.passwordHash
	}
	if !identity.VerifyPassword(password, hash) || o.Disabled {
		return nil, Step{}, errors.Join(ErrLoginFailed, s.recordFailure(ctx, username, ip))
	}
	st, err := s.nextStep(ctx, o)
	return o, st, err
}

// nextStep issues the token of the operator's next step.
func (s *Service) nextStep(ctx context.Context, o *Operator) (Step, error) {
	st := Step{Step: StepTOTP}
	switch {
	case o.MustChangePassword:
		st.Step = StepPasswordChange
	case !o.TOTPEnabled:
		st.Step = StepTOTPSetup
		key, err := totp.Generate(totp.GenerateOpts{Issuer: "Portal back office", AccountName: o.Username})
		if err != nil {
			return Step{}, fmt.Errorf("operator: totp: %w", err)
		}
		if _, err := s.db.Write().ExecContext(ctx, `UPDATE operators SET totp_secret = $1, totp_last_step = 0 WHERE id = $2 AND totp_enabled = 0`, key.Secret(), o.ID); err != nil {
			return Step{}, fmt.Errorf("operator: totp: %w", err)
		}
		st.Secret, st.OTPAuthURL = key.Secret(), key.URL()
	}
	token, hash := newToken()
	if _, err := s.db.Write().ExecContext(ctx, `INSERT INTO operator_login_tokens (token_hash, operator_id, step, expires_at) VALUES ($1, $2, $3, $4)`,
		hash, o.ID, st.Step, s.now().Add(LoginTokenTTL).UnixMilli()); err != nil {
		return Step{}, fmt.Errorf("operator: login token: %w", err)
	}
	st.LoginToken = token
	return st, nil
}

// stepOperator returns the operator a live log-in token of one of steps
// belongs to, and the step; consume uses the token up.
func (s *Service) stepOperator(ctx context.Context, token string, consume bool, steps ...string) (*Operator, string, error) {
	if token == "" || len(token) > 200 {
		return nil, "", ErrLoginToken
	}
	hash := hashToken(token)
	var id, expires int64
	var step string
	err := s.db.Read().QueryRowContext(ctx, `SELECT operator_id, step, expires_at FROM operator_login_tokens WHERE token_hash = $1`, hash).Scan(&id, &step, &expires)
	if errors.Is(err, sql.ErrNoRows) || err == nil && (expires <= s.now().UnixMilli() || !containsStr(steps, step)) {
		return nil, "", ErrLoginToken
	}
	if err != nil {
		return nil, "", fmt.Errorf("operator: login token: %w", err)
	}
	o, err := s.ByID(ctx, id)
	if err != nil || o.Disabled {
		return nil, "", ErrLoginToken
	}
	if consume {
		res, err := s.db.Write().ExecContext(ctx, `DELETE FROM operator_login_tokens WHERE token_hash = $1`, hash)
		if err != nil {
			return nil, "", fmt.Errorf("operator: login token: %w", err)
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return nil, "", ErrLoginToken
		}
	}
	return o, step, nil
}

// ChangePassword finishes the password-change step and answers the next.
func (s *Service) ChangePassword(ctx context.Context, token, newPassword string) (*Operator, Step, error) {
	if err := CheckPassword(newPassword); err != nil {
		return nil, Step{}, err
	}
	o, _, err := s.stepOperator(ctx, token, true, StepPasswordChange)
	if err != nil {
		return nil, Step{}, err
	}
	hash, err := identity.HashPassword(newPassword)
	if err != nil {
		return nil, Step{}, err
	}
	if _, err := s.db.Write().ExecContext(ctx, `UPDATE operators SET password_hash = $1, must_change_password = 0 WHERE id = $2`, hash, o.ID); err != nil {
		return nil, Step{}, fmt.Errorf("operator: password: %w", err)
	}
	o.MustChangePassword = false
	st, err := s.nextStep(ctx, o)
	return o, st, err
}

// OperatorOfStep returns the operator a log-in token belongs to without
// using it (for the audit trail and the IP allow-list).
func (s *Service) OperatorOfStep(ctx context.Context, token string) (*Operator, error) {
	o, _, err := s.stepOperator(ctx, token, false, StepPasswordChange, StepTOTPSetup, StepTOTP)
	return o, err
}

// SessionStart is an opened admin session.
type SessionStart struct {
	Token string
	CSRF  string
}

// FinishTOTP checks the authenticator code of the last step (enabling the
// authenticator on a set-up step) and opens a session. A wrong code counts
// as a failed log-in and leaves the token for another try.
func (s *Service) FinishTOTP(ctx context.Context, token, code string, ip netip.Addr) (*Operator, SessionStart, error) {
	o, _, err := s.stepOperator(ctx, token, false, StepTOTPSetup, StepTOTP)
	if err != nil {
		return nil, SessionStart{}, err
	}
	if err := s.checkLock(ctx, o.Username, ip); err != nil {
		return nil, SessionStart{}, err
	}
	if err := s.useCode(ctx, o.ID, code); err != nil {
		if errors.Is(err, ErrTOTPInvalid) {
			return nil, SessionStart{}, errors.Join(err, s.recordFailure(ctx, o.Username, ip))
		}
		return nil, SessionStart{}, err
	}
	if _, _, err := s.stepOperator(ctx, token, true, StepTOTPSetup, StepTOTP); err != nil {
		return nil, SessionStart{}, err
	}
	session, hash := newToken()
	csrf, _ := newToken()
	now := s.now().UnixMilli()
	err = s.db.InTx(ctx, func(q database.Querier) error {
		if _, err := q.ExecContext(ctx, `UPDATE operators SET totp_enabled = 1, last_login_at = $1 WHERE id = $2`, now, o.ID); err != nil {
			return err
		}
		_, err := q.ExecContext(ctx, `INSERT INTO operator_sessions (token_hash, operator_id, csrf_token, created_at, last_seen_at, ip) VALUES ($1, $2, $3, $4, $4, $5)`,
			hash, o.ID, csrf, now, ip.String())
		return err
	})
	if err != nil {
		return nil, SessionStart{}, fmt.Errorf("operator: session: %w", err)
	}
	o.TOTPEnabled = true
	return o, SessionStart{Token: session, CSRF: csrf}, nil
}

// useCode checks a 6-digit code against the operator's secret and uses its
// time step up, so that each code works once (RFC 6238 §5.2).
func (s *Service) useCode(ctx context.Context, id int64, code string) error {
	var secret string
	var last int64
	if err := s.db.Read().QueryRowContext(ctx, `SELECT totp_secret, totp_last_step FROM operators WHERE id = $1`, id).Scan(&secret, &last); err != nil {
		return fmt.Errorf("operator: totp: %w", err)
	}
	if secret == "" || len(code) != 6 {
		return ErrTOTPInvalid
	}
	current := s.now().Unix() / 30
	opts := totp.ValidateOpts{Period: 30, Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1}
	var step int64
	for st := current + 1; st >= current-1 && st > last; st-- {
		want, err := totp.GenerateCodeCustom(secret, time.Unix(st*30, 0), opts)
		if err == nil && subtle.ConstantTimeCompare([]byte(want), []byte(code)) == 1 {
			step = st
			break
		}
	}
	if step == 0 {
		return ErrTOTPInvalid
	}
	res, err := s.db.Write().ExecContext(ctx, `UPDATE operators SET totp_last_step = $1 WHERE id = $2 AND totp_last_step < $1`, step, id)
	if err != nil {
		return fmt.Errorf("operator: totp: %w", err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return ErrTOTPInvalid
	}
	return nil
}

// checkLock refuses a username locked from ip: MaxFailures failures within
// FailureWindow lock it for LockFor after the last of them.
func (s *Service) checkLock(ctx context.Context, username string, ip netip.Addr) error {
	rows, err := s.db.Read().QueryContext(ctx, `SELECT at FROM operator_login_failures WHERE username = $1 AND ip = $2 AND at > $3 ORDER BY at DESC LIMIT $4`,
		username, ip.String(), s.now().Add(-FailureWindow-LockFor).UnixMilli(), MaxFailures)
	if err != nil {
		return fmt.Errorf("operator: lockout: %w", err)
	}
	defer rows.Close()
	var times []int64
	for rows.Next() {
		var at int64
		if err := rows.Scan(&at); err != nil {
			return fmt.Errorf("operator: lockout: %w", err)
		}
		times = append(times, at)
	}
	if err := rows.Err(); err != nil {
		return err
	}
	if len(times) < MaxFailures || times[0]-times[MaxFailures-1] > FailureWindow.Milliseconds() {
		return nil
	}
	until := time.UnixMilli(times[0]).Add(LockFor)
	if wait := until.Sub(s.now()); wait > 0 {
		return &LockedError{RetryAfter: wait}
	}
	return nil
}

func (s *Service) recordFailure(ctx context.Context, username string, ip netip.Addr) error {
	now := s.now()
	if _, err := s.db.Write().ExecContext(ctx, `INSERT INTO operator_login_failures (username, ip, at) VALUES ($1, $2, $3)`, username, ip.String(), now.UnixMilli()); err != nil {
		return fmt.Errorf("operator: lockout: %w", err)
	}
	_, _ = s.db.Write().ExecContext(ctx, `DELETE FROM operator_login_failures WHERE at < $1`, now.Add(-24*time.Hour).UnixMilli())
	return nil
}

// Session is a live admin session.
type Session struct {
	Operator    *Operator
	CSRF        string
	Permissions []Permission
}

// Authenticate returns the session of a cookie's token, and keeps it alive.
// Unknown, idle (IdleTimeout), old (AbsoluteTimeout) and disabled
// operators' sessions are ErrNoSession.
func (s *Service) Authenticate(ctx context.Context, token string) (*Session, error) {
	if token == "" || len(token) > 200 {
		return nil, ErrNoSession
	}
	hash := hashToken(token)
	var id, created, seen int64
	var csrf string
	err := s.db.Read().QueryRowContext(ctx, `SELECT operator_id, csrf_token, created_at, last_seen_at FROM operator_sessions WHERE token_hash = $1`, hash).
		Scan(&id, &csrf, &created, &seen)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNoSession
	}
	if err != nil {
		return nil, fmt.Errorf("operator: session: %w", err)
	}
	now := s.now()
	if now.Sub(time.UnixMilli(seen)) > IdleTimeout || now.Sub(time.UnixMilli(created)) > AbsoluteTimeout {
		_, _ = s.db.Write().ExecContext(ctx, `DELETE FROM operator_sessions WHERE token_hash = $1`, hash)
		return nil, ErrNoSession
	}
	o, err := s.ByID(ctx, id)
	if errors.Is(err, ErrNotFound) || err == nil && o.Disabled {
		return nil, ErrNoSession
	}
	if err != nil {
		return nil, err
	}
	perms, err := s.RolePermissions(ctx, o.Merchant, o.Role)
	if errors.Is(err, ErrUnknownRole) {
		perms = nil
	} else if err != nil {
		return nil, err
	}
	if now.Sub(time.UnixMilli(seen)) > touchEvery {
		if _, err := s.db.Write().ExecContext(ctx, `UPDATE operator_sessions SET last_seen_at = $1 WHERE token_hash = $2`, now.UnixMilli(), hash); err != nil {
			return nil, fmt.Errorf("operator: session: %w", err)
		}
	}
	return &Session{Operator: o, CSRF: csrf, Permissions: perms}, nil
}

// Logout ends the session of token.
func (s *Service) Logout(ctx context.Context, token string) error {
	_, err := s.db.Write().ExecContext(ctx, `DELETE FROM operator_sessions WHERE token_hash = $1`, hashToken(token))
	if err != nil {
		return fmt.Errorf("operator: logout: %w", err)
	}
	return nil
}

// IPAllow returns the merchant's allow-list ("" the platform's).
func (s *Service) IPAllow(ctx context.Context, merchantCode string) ([]string, error) {
	var text string
	err := s.db.Read().QueryRowContext(ctx, `SELECT cidrs FROM operator_ip_allow WHERE merchant_code = $1`, merchantCode).Scan(&text)
	if errors.Is(err, sql.ErrNoRows) {
		return []string{}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("operator: ip allow: %w", err)
	}
	out := []string{}
	for c := range strings.SplitSeq(text, ",") {
		if c != "" {
			out = append(out, c)
		}
	}
	return out, nil
}

// SetIPAllow replaces the merchant's allow-list; an empty list admits any
// address. Each entry is a CIDR or a single address.
func (s *Service) SetIPAllow(ctx context.Context, merchantCode string, cidrs []string) ([]string, error) {
	clean, err := CleanCIDRs(cidrs)
	if err != nil {
		return nil, err
	}
	_, err = s.db.Write().ExecContext(ctx, `INSERT INTO operator_ip_allow (merchant_code, cidrs) VALUES ($1, $2)
		ON CONFLICT (merchant_code) DO UPDATE SET cidrs = excluded.cidrs`, merchantCode, strings.Join(clean, ","))
	if err != nil {
		return nil, fmt.Errorf("operator: ip allow: %w", err)
	}
	return clean, nil
}

// CleanCIDRs checks an allow-list (at most 200 CIDRs or single addresses)
// and answers it in canonical form, or ErrCIDR.
func CleanCIDRs(cidrs []string) ([]string, error) {
	if len(cidrs) > 200 {
		return nil, ErrCIDR
	}
	clean := []string{}
	for _, c := range cidrs {
		p, err := parsePrefix(c)
		if err != nil {
			return nil, ErrCIDR
		}
		clean = append(clean, p.String())
	}
	return clean, nil
}

// ErrLocksOut: an allow-list that would refuse the very operator setting
// it, at the address they work from.
var ErrLocksOut = errors.New("operator: the allow-list leaves out your own address")

// Admits reports whether the allow-list cidrs admits ip (an empty list
// admits every address; entries that do not parse admit nothing).
func Admits(cidrs []string, ip netip.Addr) bool {
	if len(cidrs) == 0 {
		return true
	}
	for _, c := range cidrs {
		if p, err := parsePrefix(c); err == nil && p.Contains(ip.Unmap()) {
			return true
		}
	}
	return false
}

// IPAllowed reports whether ip may work for the merchant.
func (s *Service) IPAllowed(ctx context.Context, merchantCode string, ip netip.Addr) (bool, error) {
	list, err := s.IPAllow(ctx, merchantCode)
	if err != nil {
		return false, err
	}
	return Admits(list, ip), nil
}

func parsePrefix(c string) (netip.Prefix, error) {
	c = strings.TrimSpace(c)
	if !strings.Contains(c, "/") {
		a, err := netip.ParseAddr(c)
		if err != nil {
			return netip.Prefix{}, err
		}
		return netip.PrefixFrom(a.Unmap(), a.Unmap().BitLen()), nil
	}
	p, err := netip.ParsePrefix(c)
	return p.Masked(), err
}

func containsStr(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
