package identity

import (
	"context"
	"errors"
	"fmt"

	"portal/internal/database"
)

// Seed creates the demo accounts the README lists, once: agent01 (an agent),
// player01 (a VIP member in agent01's downline) and newbie01 (default
// password, must change it). Existing accounts are left as they are.
func Seed(ctx context.Context, db *database.DB) error {
	s := NewService(db, nil)
	var exists int
	if err := db.Read().QueryRowContext(ctx, `SELECT COUNT(*) FROM merchants WHERE code = 'demo'`).Scan(&exists); err != nil {
		return fmt.Errorf("identity: seed: %w", err)
	}
	if exists == 0 {
		return nil
	}
	ensure := func(n NewMember) (int64, error) {
		if m, err := s.ByUsername(ctx, n.MerchantCode, n.Username); err == nil {
			return m.ID, nil
		} else if !errors.Is(err, ErrMemberNotFound) {
			return 0, err
		}
		return s.Open(ctx, n)
	}
	agent, err := ensure(NewMember{MerchantCode: "demo", Username: "agent01", Password: "Agent@123", Type: TypeAgent1,
		Mobile: "+85512345001", MobileVerified: true, Email: "agent01@example.com", Nickname: "Agent One"})
	if err != nil {
		return fmt.Errorf("identity: seed agent01: %w", err)
	}
	if _, err := ensure(NewMember{MerchantCode: "demo", Username: "player01", Password: "Player@123", Type: TypeMember,
		Mobile: "+85512345002", MobileVerified: true, Email: "player01@example.com", Nickname: "Player One", VIPLevel: 3, UplineID: agent}); err != nil {
		return fmt.Errorf("identity: seed player01: %w", err)
	}
	if _, err := ensure(NewMember{MerchantCode: "demo", Username: "newbie01", Password: DefaultPassword, Type: TypeMember,
		UplineID: agent}); err != nil {
		return fmt.Errorf("identity: seed newbie01: %w", err)
	}
	return nil
}
