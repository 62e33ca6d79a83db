package app

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"portal/internal/config"
	"portal/internal/database"
	"portal/internal/identity"
	"portal/internal/merchant"
	"portal/internal/wallet"
)

// errLedgerBroken makes `portal wallet verify` exit non-zero.
var errLedgerBroken = errors.New("ledger invariants violated")

// walletCommand runs `portal wallet adjust ...` and `portal wallet verify`.
func walletCommand(ctx context.Context, cfg config.Config, args []string, stdout io.Writer) error {
	if len(args) == 0 {
		return fmt.Errorf("%w: wallet adjust|verify", errUsage)
	}
	db, err := openDB(ctx, cfg)
	if err != nil {
		return err
	}
	defer db.Close()
	ledger := wallet.NewService(db, time.Now)
	switch args[0] {
	case "verify":
		violations, err := ledger.Verify(ctx)
		if err != nil {
			return err
		}
		for _, v := range violations {
			fmt.Fprintln(stdout, "violation:", v.What)
		}
		if len(violations) > 0 {
			return fmt.Errorf("%w: %d found", errLedgerBroken, len(violations))
		}
		fmt.Fprintln(stdout, "ledger verified: every balance matches its transfers, no member below zero, every ledger sums to zero")
		return nil
	case "adjust":
		rest := args[1:]
		reason := "operator adjustment"
		if len(rest) == 5 && rest[3] == "--reason" {
			reason, rest = rest[4], rest[:3]
		}
		if len(rest) != 3 {
			return fmt.Errorf("%w: wallet adjust <merchant> <member> <amount> [--reason <text>]", errUsage)
		}
		return adjust(ctx, db, ledger, rest[0], rest[1], rest[2], reason, stdout)
	default:
		return fmt.Errorf("%w: wallet adjust|verify", errUsage)
	}
}

// adjust moves money between the merchant's adjustment account and a
// member: a positive amount credits the member, a negative one debits.
func adjust(ctx context.Context, db *database.DB, ledger *wallet.Service, code, username, amountText, reason string, stdout io.Writer) error {
	merchants, err := merchant.NewService(db, merchant.Options{})
	if err != nil {
		return err
	}
	mer, err := merchants.Lookup(ctx, code)
	if err != nil {
		return err
	}
	amount, err := wallet.ParseAmount(amountText, mer.Decimals)
	if err != nil || amount == 0 {
		return fmt.Errorf("%w: amount %q in %s with %d decimals", errUsage, amountText, mer.Currency, mer.Decimals)
	}
	m, err := identity.NewService(db, time.Now).ByUsername(ctx, code, username)
	if err != nil {
		return err
	}
	from, to := wallet.Side(wallet.KindAdjustment, "operator", mer.Currency), wallet.Member(m.ID, mer.Currency)
	if amount < 0 {
		from, to, amount = to, from, -amount
	}
	t, err := ledger.Move(ctx, wallet.Request{Merchant: code, Key: "adjust:" + rand.Text(), From: from, To: to, Amount: amount,
		Kind: "adjust", Reference: strings.TrimSpace(reason)})
	if err != nil {
		return err
	}
	// The emergency adjustment is in the audit trail like an operator's.
	if err := cliAudit(ctx, db, code, "cli.wallet.adjust", "member:"+m.Username, nil,
		map[string]any{"transfer": t.ID, "amount": amountText, "currency": mer.Currency, "reason": strings.TrimSpace(reason)}); err != nil {
		return err
	}
	balance, err := ledger.Balance(ctx, code, wallet.Member(m.ID, mer.Currency))
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "transfer %d: %s %s, balance of %s now %s %s\n", t.ID, amountText, mer.Currency, username,
		wallet.FormatAmount(balance, mer.Decimals), mer.Currency)
	return nil
}

// seedWallets gives player01 its demo 10,000.00 and 5,000 points (so the
// points mall can be tried at once); the fixed keys make the seed two
// transfers however often it runs.
func seedWallets(ctx context.Context, db *database.DB) error {
	m, err := identity.NewService(db, time.Now).ByUsername(ctx, "demo", "player01")
	if err != nil {
		return err
	}
	ledger := wallet.NewService(db, time.Now)
	if _, err = ledger.Move(ctx, wallet.Request{Merchant: "demo", Key: "seed:player01",
		From: wallet.Side(wallet.KindAdjustment, "seed", "USD"), To: wallet.Member(m.ID, "USD"), Amount: 1_000_000, Kind: "adjust", Reference: "demo balance"}); err != nil {
		return err
	}
	_, err = ledger.Move(ctx, wallet.Request{Merchant: "demo", Key: "seed:player01:points",
		From: wallet.Side(wallet.KindPromo, "points", wallet.PointsCurrency), To: wallet.Points(m.ID), Amount: 5_000, Kind: "adjust", Reference: "demo points"})
	return err
}
