package identity

import (
	"context"
	"fmt"
)

// PurposeIPVerify is the code purpose of a log-in from an unrecognised
// address (sent by SMS or e-mail).
const PurposeIPVerify = "ipverify"

// IPStanding tells whether ip is one the member has logged in from, and
// whether the member has any recorded address at all (the first log-in
// records one without asking).
func (s *Service) IPStanding(ctx context.Context, memberID int64, ip string) (known, first bool, err error) {
	var total, match int
	err = s.db.Read().QueryRowContext(ctx, `SELECT COUNT(*), COALESCE(SUM(CASE WHEN ip = $2 THEN 1 ELSE 0 END), 0)
		FROM member_ips WHERE member_id = $1`, memberID, ip).Scan(&total, &match)
	if err != nil {
		return false, false, fmt.Errorf("identity: known addresses: %w", err)
	}
	return match > 0, total == 0, nil
}

// RememberIP records a successful log-in from ip.
func (s *Service) RememberIP(ctx context.Context, memberID int64, ip string) error {
	now := s.now().UnixMilli()
	_, err := s.db.Write().ExecContext(ctx, `INSERT INTO member_ips (member_id, ip, first_seen, last_seen) VALUES ($1, $2, $3, $3)
		ON CONFLICT (member_id, ip) DO UPDATE SET last_seen = excluded.last_seen`, memberID, ip, now)
	if err != nil {
		return fmt.Errorf("identity: remember address: %w", err)
	}
	return nil
}
