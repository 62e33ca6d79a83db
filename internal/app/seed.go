package app

import (
	"context"
	"fmt"

	"portal/internal/agent"
	"portal/internal/cashier"
	"portal/internal/catalog"
	"portal/internal/database"
	"portal/internal/identity"
	"portal/internal/loyalty"
	"portal/internal/merchant"
	"portal/internal/promo"
	"portal/internal/rebate"
	"portal/internal/transferwallet"
)

// demoSeed names the demo data set; a new name re-seeds existing databases
// once on their next start.
const demoSeed = "demo-v6"

// seed writes the demo merchants, their content and the catalogue. Every
// step is idempotent, so running it again changes nothing.
func seed(ctx context.Context, db *database.DB) error {
	if err := merchant.Seed(ctx, db); err != nil {
		return fmt.Errorf("seed merchants: %w", err)
	}
	if err := catalog.Seed(ctx, db); err != nil {
		return fmt.Errorf("seed catalogue: %w", err)
	}
	if err := identity.Seed(ctx, db); err != nil {
		return fmt.Errorf("seed accounts: %w", err)
	}
	if err := cashier.Seed(ctx, db); err != nil {
		return fmt.Errorf("seed payment channels: %w", err)
	}
	if err := transferwallet.Seed(ctx, db); err != nil {
		return fmt.Errorf("seed transfer wallets: %w", err)
	}
	if err := agent.Seed(ctx, db); err != nil {
		return fmt.Errorf("seed agent contracts: %w", err)
	}
	if err := rebate.Seed(ctx, db); err != nil {
		return fmt.Errorf("seed rebate rates: %w", err)
	}
	if err := loyalty.Seed(ctx, db); err != nil {
		return fmt.Errorf("seed points mall and VIP levels: %w", err)
	}
	if err := promo.Seed(ctx, db); err != nil {
		return fmt.Errorf("seed promotions: %w", err)
	}
	if err := seedWallets(ctx, db); err != nil {
		return fmt.Errorf("seed wallets: %w", err)
	}
	return database.MarkSeedRan(ctx, db.Write(), demoSeed)
}

// seedOnce seeds a database that has never been seeded.
func seedOnce(ctx context.Context, db *database.DB) (bool, error) {
	ran, err := database.SeedRan(ctx, db.Read(), demoSeed)
	if err != nil || ran {
		return false, err
	}
	return true, seed(ctx, db)
}
