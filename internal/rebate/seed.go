package rebate

import (
	"context"
	"fmt"
	"time"

	"portal/internal/database"
	"portal/internal/wallet"
)

// SeedRates are the demo's rates: a daily automatic rebate of 0.5% on
// every game at VIP 0 rising with the level, a weekly automatic cashback
// of 5% of the net loss, and a manual rebate of 0.3% on slots (RNG)
// claimed from the member centre. Minimums and caps in minor units.
func SeedRates() []Rate {
	var out []Rate
	for level, bp := range []int64{50, 60, 70, 80, 100, 120} {
		out = append(out, Rate{Kind: KindRebate, Mode: ModeAuto, Period: "daily", VIPLevel: level, RateBp: bp, MinPayout: 1})
	}
	out = append(out,
		Rate{Kind: KindCashback, Mode: ModeAuto, Period: "weekly", RateBp: 500, MinPayout: 100, Cap: 1_000_000},
		Rate{Kind: KindRebate, Mode: ModeManual, Period: "daily", GameType: "RNG", RateBp: 30, MinPayout: 10},
	)
	return out
}

// Seed gives each seeded merchant the demo rates. Idempotent: a merchant
// with any rate is left as it is.
func Seed(ctx context.Context, db *database.DB) error {
	rows, err := db.Read().QueryContext(ctx, `SELECT code FROM merchants WHERE code IN ('demo', 'lucky')
		AND NOT EXISTS (SELECT 1 FROM rebate_rates r WHERE r.merchant_code = merchants.code) ORDER BY code`)
	if err != nil {
		return fmt.Errorf("rebate: seed: %w", err)
	}
	var codes []string
	for rows.Next() {
		var c string
		if err := rows.Scan(&c); err != nil {
			rows.Close()
			return fmt.Errorf("rebate: seed: %w", err)
		}
		codes = append(codes, c)
	}
	rows.Close()
	s := NewService(db, wallet.NewService(db, time.Now), Options{})
	for _, c := range codes {
		if _, err := s.SetRates(ctx, c, SeedRates()); err != nil {
			return fmt.Errorf("rebate: seed %s: %w", c, err)
		}
	}
	return nil
}
