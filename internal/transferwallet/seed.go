package transferwallet

import (
	"context"
	"fmt"

	"portal/internal/database"
)

// seedTransferVendors are the demo merchant's vendors that keep their own
// wallets (sports books commonly do); every other vendor, the in-house
// games included, stays seamless, and so does every other merchant.
var seedTransferVendors = []string{"SABA", "CMD"}

// Seed puts the demo merchant's seedTransferVendors in transfer mode. It
// runs after the catalogue's seed has offered them; it changes nothing
// when they are not offered.
func Seed(ctx context.Context, db *database.DB) error {
	for _, v := range seedTransferVendors {
		if _, err := db.Write().ExecContext(ctx, `UPDATE merchant_vendors SET wallet_mode = $1 WHERE merchant_code = 'demo' AND vassalage = $2`,
			ModeTransfer, v); err != nil {
			return fmt.Errorf("transferwallet: seed: %w", err)
		}
	}
	return nil
}
