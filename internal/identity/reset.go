package identity

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
)

// ResetTTL is how long an e-mailed reset link works.
const ResetTTL = 30 * time.Minute

// ErrResetInvalid is an unknown, used or expired reset token.
var ErrResetInvalid = errors.New("identity: reset link invalid or expired")

// StartEmailReset makes a reset token for the member whose username and
// e-mail both match, or returns "" when none does (the caller answers the
// same either way, so nobody learns which accounts exist).
func (s *Service) StartEmailReset(ctx context.Context, merchantCode, username, email string) (*Member, string, error) {
	m, err := s.ByUsername(ctx, merchantCode, normalizeUsername(username))
	if errors.Is(err, ErrMemberNotFound) {
		return nil, "", nil
	}
	if err != nil {
		return nil, "", err
	}
	if m.Email == "" || !strings.EqualFold(m.Email, strings.TrimSpace(email)) || m.Status != StatusActive {
		return nil, "", nil
	}
	token, hash := newToken()
	if _, err := s.db.Write().ExecContext(ctx, `INSERT INTO password_resets (token_hash, member_id, expires_at) VALUES ($1, $2, $3)`,
		hash, m.ID, s.now().Add(ResetTTL).UnixMilli()); err != nil {
		return nil, "", fmt.Errorf("identity: reset: %w", err)
	}
	return m, token, nil
}

// FinishEmailReset sets a new password with a reset token, uses the token
// up and ends every session of the member.
func (s *Service) FinishEmailReset(ctx context.Context, token, password string) (int64, error) {
	var memberID, expires int64
	var used int
	err := s.db.Read().QueryRowContext(ctx, `SELECT member_id, expires_at, used FROM password_resets WHERE token_hash = $1`, hashToken(token)).
		Scan(&memberID, &expires, &used)
	if errors.Is(err, sql.ErrNoRows) || (err == nil && (used == 1 || s.now().UnixMilli() > expires)) {
		return 0, ErrResetInvalid
	}
	if err != nil {
		return 0, fmt.Errorf("identity: reset: %w", err)
	}
	res, err := s.db.Write().ExecContext(ctx, `UPDATE password_resets SET used = 1 WHERE token_hash = $1 AND used = 0`, hashToken(token))
	if err != nil {
		return 0, fmt.Errorf("identity: reset: %w", err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return 0, ErrResetInvalid
	}
	return memberID, s.SetPassword(ctx, memberID, password)
}

// SetProfile sets one profile label of a member (icon, nickname...).
func (s *Service) SetProfile(ctx context.Context, memberID int64, key, value string) error {
	m, err := s.memberBy(ctx, s.db.Read(), "id = $1", memberID)
	if err != nil {
		return err
	}
	profile := nonNilMap(m.Profile)
	profile[key] = value
	b, err := jsonMarshal(profile)
	if err != nil {
		return err
	}
	if _, err := s.db.Write().ExecContext(ctx, `UPDATE members SET profile = $1 WHERE id = $2`, b, memberID); err != nil {
		return fmt.Errorf("identity: profile: %w", err)
	}
	return nil
}
