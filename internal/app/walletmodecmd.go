package app

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"time"

	"portal/internal/config"
	"portal/internal/transferwallet"
	"portal/internal/wallet"
)

// walletModeCommand runs `portal vendor wallet-mode <merchant> <code>
// [seamless|transfer]`: it prints how a vendor the merchant offers keeps
// its players' money, or switches it first (decision 0031). The member's
// transfer page and GCS_merchantWallet follow at the next call.
func walletModeCommand(ctx context.Context, cfg config.Config, log *slog.Logger, args []string, stdout io.Writer) error {
	const use = "vendor wallet-mode <merchant> <code> [seamless|transfer]"
	if len(args) < 2 || len(args) > 3 {
		return fmt.Errorf("%w: %s", errUsage, use)
	}
	merchantCode, code := args[0], strings.ToUpper(args[1])
	db, err := openDB(ctx, cfg)
	if err != nil {
		return err
	}
	defer db.Close()
	svc := transferwallet.NewService(db, wallet.NewService(db, time.Now), transferwallet.Options{Log: log})
	if len(args) == 3 {
		err = svc.SetMode(ctx, merchantCode, code, strings.ToLower(args[2]))
		switch {
		case errors.Is(err, transferwallet.ErrMode):
			return fmt.Errorf("%w: %s", errUsage, use)
		case errors.Is(err, transferwallet.ErrNotTransferVendor):
			return fmt.Errorf("%w: %s does not offer vendor %q", errUsage, merchantCode, code)
		case err != nil:
			return err
		}
	}
	mode, err := svc.Mode(ctx, merchantCode, code)
	if err != nil {
		return fmt.Errorf("%w: %s does not offer vendor %q", errUsage, merchantCode, code)
	}
	fmt.Fprintf(stdout, "%s of %s: %s wallet\n", code, merchantCode, mode)
	if len(args) == 3 && mode == transferwallet.ModeSeamless {
		fmt.Fprintln(stdout, "members' money still at the vendor is no longer shown to them: have them recall it first")
	}
	return nil
}
