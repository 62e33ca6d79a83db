package identity

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"

	"portal/internal/database"
)

// Session lifetimes: a session ends after IdleTimeout without use, and in
// any case AbsoluteTimeout after login.
const (
	IdleTimeout     = 2 * time.Hour
	AbsoluteTimeout = 7 * 24 * time.Hour
	// touchEvery bounds how often a busy session's last-seen time is
	// written: every request would make reads into writes.
	touchEvery = time.Minute
)

// Session is one login, as its owner may list it (never with its token).
type Session struct {
	ID         string // a short prefix of the token hash, to name it
	MemberID   int64
	CreatedAt  time.Time
	LastSeenAt time.Time
	ExpiresAt  time.Time
	IP         string
	UserAgent  string
	hash       string
}

// newToken returns a 256-bit random token and the hash that is stored.
func newToken() (token, hash string) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		panic(fmt.Sprintf("identity: random: %v", err))
	}
	token = base64.RawURLEncoding.EncodeToString(b)
	return token, hashToken(token)
}

func hashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// codeSessionMark starts the token of a session opened by a one-time code
// (an SMS log-in), which is never held to a pending password change (spec
// §4, C-022). The mark is part of what is hashed, so it cannot be added to
// the token of a password session, and base64url tokens never contain '.'.
const codeSessionMark = "c."

// CreateSession starts a session for member and returns its token, which
// is shown once and never stored.
func (s *Service) CreateSession(ctx context.Context, memberID int64, ip, userAgent string) (string, error) {
	return s.createSession(ctx, memberID, ip, userAgent, "")
}

// CreateCodeSession starts the session of a log-in by one-time code.
func (s *Service) CreateCodeSession(ctx context.Context, memberID int64, ip, userAgent string) (string, error) {
	return s.createSession(ctx, memberID, ip, userAgent, codeSessionMark)
}

// IsCodeSession reports whether token belongs to a session opened by a
// one-time code (CreateCodeSession).
func IsCodeSession(token string) bool { return strings.HasPrefix(token, codeSessionMark) }

func (s *Service) createSession(ctx context.Context, memberID int64, ip, userAgent, mark string) (string, error) {
	token, _ := newToken()
	token = mark + token
	hash := hashToken(token)
	now := s.now()
	if len(userAgent) > 300 {
		userAgent = userAgent[:300]
	}
	_, err := s.db.Write().ExecContext(ctx, `INSERT INTO sessions (token_hash, member_id, created_at, last_seen_at, expires_at, ip, user_agent)
		VALUES ($1, $2, $3, $3, $4, $5, $6)`, hash, memberID, now.UnixMilli(), now.Add(AbsoluteTimeout).UnixMilli(), ip, userAgent)
	if err != nil {
		return "", fmt.Errorf("identity: create session: %w", err)
	}
	return token, nil
}

// Authenticate returns the member whose live session token is, and keeps
// the session alive. Unknown, expired, idle and revoked tokens are all
// ErrNoSession.
func (s *Service) Authenticate(ctx context.Context, merchantCode, token string) (*Member, error) {
	if token == "" || len(token) > 200 {
		return nil, ErrNoSession
	}
	hash := hashToken(token)
	now := s.now()
	var memberID, lastSeen, expires, revoked int64
	err := s.db.Read().QueryRowContext(ctx, `SELECT member_id, last_seen_at, expires_at, revoked_at FROM sessions WHERE token_hash = $1`, hash).
		Scan(&memberID, &lastSeen, &expires, &revoked)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrNoSession
	}
	if err != nil {
		return nil, fmt.Errorf("identity: session: %w", err)
	}
	if revoked != 0 || now.UnixMilli() >= expires || now.Sub(time.UnixMilli(lastSeen)) >= IdleTimeout {
		return nil, ErrNoSession
	}
	m, err := s.memberByID(ctx, s.db.Read(), memberID)
	if err != nil {
		return nil, err
	}
	if m.MerchantCode != merchantCode {
		// A token of one merchant is no session at another.
		return nil, ErrNoSession
	}
	if m.Status != StatusActive {
		return nil, ErrMemberFrozen
	}
	if now.Sub(time.UnixMilli(lastSeen)) >= touchEvery {
		if _, err := s.db.Write().ExecContext(ctx, `UPDATE sessions SET last_seen_at = $1 WHERE token_hash = $2`, now.UnixMilli(), hash); err != nil {
			return nil, fmt.Errorf("identity: touch session: %w", err)
		}
	}
	return m, nil
}

// Logout revokes the session of token; an unknown token is not an error.
func (s *Service) Logout(ctx context.Context, token string) error {
	_, err := s.db.Write().ExecContext(ctx, `UPDATE sessions SET revoked_at = $1 WHERE token_hash = $2 AND revoked_at = 0`,
		s.now().UnixMilli(), hashToken(token))
	if err != nil {
		return fmt.Errorf("identity: logout: %w", err)
	}
	return nil
}

// revokeAll ends every live session of a member (password change), except
// the one whose hash is keep, if any.
func (s *Service) revokeAll(ctx context.Context, q database.Querier, memberID int64, keep string) error {
	_, err := q.ExecContext(ctx, `UPDATE sessions SET revoked_at = $1 WHERE member_id = $2 AND revoked_at = 0 AND token_hash <> $3`,
		s.now().UnixMilli(), memberID, keep)
	if err != nil {
		return fmt.Errorf("identity: revoke sessions: %w", err)
	}
	return nil
}

// Sessions lists a member's live sessions, newest first.
func (s *Service) Sessions(ctx context.Context, memberID int64) ([]Session, error) {
	now := s.now()
	rows, err := s.db.Read().QueryContext(ctx, `SELECT token_hash, created_at, last_seen_at, expires_at, ip, user_agent FROM sessions
		WHERE member_id = $1 AND revoked_at = 0 AND expires_at > $2 AND last_seen_at > $3 ORDER BY created_at DESC`,
		memberID, now.UnixMilli(), now.Add(-IdleTimeout).UnixMilli())
	if err != nil {
		return nil, fmt.Errorf("identity: sessions: %w", err)
	}
	defer rows.Close()
	var out []Session
	for rows.Next() {
		var ss Session
		var created, seen, exp int64
		if err := rows.Scan(&ss.hash, &created, &seen, &exp, &ss.IP, &ss.UserAgent); err != nil {
			return nil, fmt.Errorf("identity: sessions: %w", err)
		}
		ss.ID, ss.MemberID = ss.hash[:16], memberID
		ss.CreatedAt, ss.LastSeenAt, ss.ExpiresAt = time.UnixMilli(created).UTC(), time.UnixMilli(seen).UTC(), time.UnixMilli(exp).UTC()
		out = append(out, ss)
	}
	return out, rows.Err()
}

// EndSession revokes the member's own session named by id (see Session.ID).
func (s *Service) EndSession(ctx context.Context, memberID int64, id string) error {
	if len(id) != 16 {
		return ErrNoSession
	}
	res, err := s.db.Write().ExecContext(ctx, `UPDATE sessions SET revoked_at = $1 WHERE member_id = $2 AND revoked_at = 0 AND token_hash LIKE $3`,
		s.now().UnixMilli(), memberID, id+"%")
	if err != nil {
		return fmt.Errorf("identity: end session: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNoSession
	}
	return nil
}

// SessionID names the session of token as Sessions lists it.
func SessionID(token string) string {
	if token == "" {
		return ""
	}
	return hashToken(token)[:16]
}
