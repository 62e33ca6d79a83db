package agent

import (
	"context"
	"fmt"
	"time"

	"portal/internal/database"
	"portal/internal/wallet"
)

// Seed gives the demo's agent01 the platform's contracts of every kind, so
// the agent centre shows its salary and dividend pages with something to
// offer downlines, and a member referral code. Idempotent: an agent01 that
// holds or was offered any contract is left as it is.
func Seed(ctx context.Context, db *database.DB) error {
	var id int64
	err := db.Read().QueryRowContext(ctx, `SELECT id FROM members WHERE merchant_code = 'demo' AND username = 'agent01'`).Scan(&id)
	if isNoRows(err) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("agent: seed: %w", err)
	}
	var n int
	if err := db.Read().QueryRowContext(ctx, `SELECT COUNT(*) FROM agent_contracts WHERE member_id = $1`, id).Scan(&n); err != nil {
		return fmt.Errorf("agent: seed: %w", err)
	}
	if n > 0 {
		return nil
	}
	s := NewService(db, wallet.NewService(db, time.Now), Options{})
	offers := []Offer{
		{Kind: DailySalary, ActiveMinBet: 10_000, Tiers: []Tier{{Rate: 50}, {ValidBet: 10_000_000, ActiveMembers: 5, Rate: 100}}},
		{Kind: HourlySalary, ActiveMinBet: 1_000, Tiers: []Tier{{Rate: 30}}},
		{Kind: RealtimeSalary, ActiveMinBet: 100, Tiers: []Tier{{Rate: 20}}},
		{Kind: Dividend, Period: SemiMonthly, ActiveMinBet: 10_000, Tiers: []Tier{{Rate: 2000}, {ValidBet: 50_000_000, ActiveMembers: 10, Loss: 1_000_000, Rate: 3500}}},
	}
	for _, o := range offers {
		o.Merchant, o.MemberID = "demo", id
		c, err := s.Offer(ctx, o)
		if err != nil {
			return fmt.Errorf("agent: seed %s: %w", o.Kind, err)
		}
		if _, err := s.Sign(ctx, "demo", id, c.ID); err != nil {
			return fmt.Errorf("agent: seed %s: %w", o.Kind, err)
		}
	}
	if _, err := s.CreateReferralCode(ctx, "demo", id, "member", "DEMO2026"); err != nil {
		return fmt.Errorf("agent: seed referral code: %w", err)
	}
	return nil
}
