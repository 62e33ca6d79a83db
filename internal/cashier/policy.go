package cashier

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"portal/internal/database"
)

// Payout methods of a policy.
const (
	PayoutManual = "manual" // finance pays by hand, then approves
	PayoutSim    = "sim"    // the payment-gateway simulator pays
)

// Policy is a merchant's rules for money going out (minor units; 0 on a
// limit means none).
type Policy struct {
	// TurnoverPct is the share of the deposits since the last payout the
	// member's valid bets must reach before a withdrawal (100 = 1x).
	TurnoverPct    int    `json:"turnoverPct"`
	Min            int64  `json:"min"`
	Max            int64  `json:"max"`
	DailyCount     int    `json:"dailyCount"`
	DailyAmount    int64  `json:"dailyAmount"`
	MaxOpen        int    `json:"maxOpen"`
	ReceiptMinutes int    `json:"receiptMinutes"`
	Payout         string `json:"payout"`
	UplineMin      int64  `json:"uplineMin"`
	UplineMax      int64  `json:"uplineMax"`
	UplineDaily    int64  `json:"uplineDaily"`
}

// DefaultPolicy is a merchant's policy until an operator sets one: 1x
// turnover, 10.00 to 50,000.00 a withdrawal (two-decimal currencies), one
// open withdrawal, receipts counted as received after 30 minutes, paid by
// hand.
var DefaultPolicy = Policy{TurnoverPct: 100, Min: 1000, Max: 5_000_000, DailyCount: 5, MaxOpen: 1, ReceiptMinutes: 30,
	Payout: PayoutManual, UplineMin: 100, UplineMax: 1_000_000}

// Bounds of a policy.
const (
	MaxTurnoverPct     = 10_000 // 100x
	MaxReceiptMinutes  = 7 * 24 * 60
	MaxOpenWithdrawals = 5
)

// check says which setting of p is out of range.
func (p Policy) check() error {
	bad := func(field string) error { return &FieldError{Field: field, Err: ErrPolicyInvalid} }
	switch {
	case p.TurnoverPct < 0 || p.TurnoverPct > MaxTurnoverPct:
		return bad("turnoverPct")
	case p.Min <= 0:
		return bad("min")
	case p.Max < p.Min:
		return bad("max")
	case p.DailyCount < 0:
		return bad("dailyCount")
	case p.DailyAmount < 0 || p.DailyAmount > 0 && p.DailyAmount < p.Min:
		return bad("dailyAmount")
	case p.MaxOpen < 1 || p.MaxOpen > MaxOpenWithdrawals:
		return bad("maxOpen")
	case p.ReceiptMinutes < 1 || p.ReceiptMinutes > MaxReceiptMinutes:
		return bad("receiptMinutes")
	case p.Payout != PayoutManual && p.Payout != PayoutSim && p.Payout != PayoutP2P:
		return bad("payout")
	case p.UplineMin <= 0:
		return bad("uplineMin")
	case p.UplineMax < p.UplineMin:
		return bad("uplineMax")
	case p.UplineDaily < 0 || p.UplineDaily > 0 && p.UplineDaily < p.UplineMin:
		return bad("uplineDaily")
	}
	return nil
}

// Policy is merchantCode's withdrawal policy (DefaultPolicy until set).
func (s *Service) Policy(ctx context.Context, merchantCode string) (Policy, error) {
	return s.policy(ctx, s.db.Read(), merchantCode)
}

func (s *Service) policy(ctx context.Context, q database.Querier, merchantCode string) (Policy, error) {
	var p Policy
	err := q.QueryRowContext(ctx, `SELECT turnover_pct, min_amount, max_amount, daily_count, daily_amount, max_open, receipt_minutes, payout,
		upline_min, upline_max, upline_daily FROM cashier_policies WHERE merchant_code = $1`, merchantCode).
		Scan(&p.TurnoverPct, &p.Min, &p.Max, &p.DailyCount, &p.DailyAmount, &p.MaxOpen, &p.ReceiptMinutes, &p.Payout,
			&p.UplineMin, &p.UplineMax, &p.UplineDaily)
	if errors.Is(err, sql.ErrNoRows) {
		return DefaultPolicy, nil
	}
	if err != nil {
		return p, fmt.Errorf("cashier: policy: %w", err)
	}
	return p, nil
}

// SetPolicy replaces merchantCode's policy after checking it whole; it
// answers the policy before and after for the audit.
func (s *Service) SetPolicy(ctx context.Context, merchantCode string, p Policy) (before, after Policy, err error) {
	if err := p.check(); err != nil {
		return before, after, err
	}
	if before, err = s.Policy(ctx, merchantCode); err != nil {
		return before, after, err
	}
	_, err = s.db.Write().ExecContext(ctx, `INSERT INTO cashier_policies (merchant_code, turnover_pct, min_amount, max_amount, daily_count,
		daily_amount, max_open, receipt_minutes, payout, upline_min, upline_max, upline_daily, updated_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
		ON CONFLICT (merchant_code) DO UPDATE SET turnover_pct = excluded.turnover_pct, min_amount = excluded.min_amount,
		max_amount = excluded.max_amount, daily_count = excluded.daily_count, daily_amount = excluded.daily_amount,
		max_open = excluded.max_open, receipt_minutes = excluded.receipt_minutes, payout = excluded.payout,
		upline_min = excluded.upline_min, upline_max = excluded.upline_max, upline_daily = excluded.upline_daily,
		updated_at = excluded.updated_at`,
		merchantCode, p.TurnoverPct, p.Min, p.Max, p.DailyCount, p.DailyAmount, p.MaxOpen, p.ReceiptMinutes, p.Payout,
		p.UplineMin, p.UplineMax, p.UplineDaily, s.nowMs())
	if err != nil {
		return before, after, fmt.Errorf("cashier: set policy: %w", err)
	}
	return before, p, nil
}
