package transferwallet

import (
	"context"
	"fmt"
)

// VendorWallet is a transfer-mode vendor a merchant offers.
type VendorWallet struct {
	Vendor string
	Name   string
}

// TransferVendors lists the merchant's enabled vendors that run transfer
// mode, in the merchant's order. None means every game plays from the one
// (seamless) main wallet.
func (s *Service) TransferVendors(ctx context.Context, merchantCode string) ([]VendorWallet, error) {
	rows, err := s.db.Read().QueryContext(ctx, `SELECT mv.vassalage, v.name FROM merchant_vendors mv JOIN vendors v ON v.code = mv.vassalage
		WHERE mv.merchant_code = $1 AND mv.wallet_mode = $2 AND mv.enabled = 1 ORDER BY mv.sort, mv.vassalage`, merchantCode, ModeTransfer)
	if err != nil {
		return nil, fmt.Errorf("transferwallet: vendors: %w", err)
	}
	defer rows.Close()
	out := []VendorWallet{}
	for rows.Next() {
		var v VendorWallet
		if err := rows.Scan(&v.Vendor, &v.Name); err != nil {
			return nil, fmt.Errorf("transferwallet: vendors: %w", err)
		}
		out = append(out, v)
	}
	return out, rows.Err()
}

// isTransferVendor says whether the merchant offers vendor, enabled, in
// transfer mode.
func (s *Service) isTransferVendor(ctx context.Context, merchantCode, vendor string) (bool, error) {
	var n int
	err := s.db.Read().QueryRowContext(ctx, `SELECT COUNT(*) FROM merchant_vendors WHERE merchant_code = $1 AND vassalage = $2
		AND wallet_mode = $3 AND enabled = 1`, merchantCode, vendor, ModeTransfer).Scan(&n)
	if err != nil {
		return false, fmt.Errorf("transferwallet: vendor mode: %w", err)
	}
	return n == 1, nil
}

// Mode is the wallet mode of a vendor the merchant offers.
func (s *Service) Mode(ctx context.Context, merchantCode, vendor string) (string, error) {
	var mode string
	err := s.db.Read().QueryRowContext(ctx, `SELECT wallet_mode FROM merchant_vendors WHERE merchant_code = $1 AND vassalage = $2`,
		merchantCode, vendor).Scan(&mode)
	if err != nil {
		return "", fmt.Errorf("transferwallet: vendor %s of %s: %w", vendor, merchantCode, err)
	}
	return mode, nil
}

// SetMode switches a vendor the merchant offers to a wallet mode (the
// operator command `portal vendor wallet-mode`). Switching back to
// seamless hides the vendor's sub-wallet: members should recall first.
func (s *Service) SetMode(ctx context.Context, merchantCode, vendor, mode string) error {
	if mode != ModeSeamless && mode != ModeTransfer {
		return ErrMode
	}
	res, err := s.db.Write().ExecContext(ctx, `UPDATE merchant_vendors SET wallet_mode = $1 WHERE merchant_code = $2 AND vassalage = $3`,
		mode, merchantCode, vendor)
	if err != nil {
		return fmt.Errorf("transferwallet: set mode: %w", err)
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return fmt.Errorf("%w: %s is not offered to %s", ErrNotTransferVendor, vendor, merchantCode)
	}
	return nil
}
