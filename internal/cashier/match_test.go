package cashier_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"portal/internal/cashier"
	"portal/internal/database"
	"portal/internal/dbtest"
	"portal/internal/wallet"
)

// TestMatchedDeposits: a p2p deposit takes the oldest withdrawal of its
// amount waiting for a depositor, shows the withdrawer's account, and the
// withdrawer's receipt decides: received or left unanswered (a forced
// receipt) credits the depositor from the withdrawal's hold for good; not
// received, refunded by finance, returns the hold to the withdrawer and
// credits nobody; an unpaid order gives the withdrawal back to matching.
func TestMatchedDeposits(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newWorld(t, db)
		ctx := context.Background()
		p := open
		p.Payout = cashier.PayoutP2P
		w.policy(p)
		ch, err := w.svc.CreateChannel(ctx, "demo", "USD", cashier.Channel{Code: "p2p", Name: "Player to player", Kind: cashier.KindP2P,
			Gateway: cashier.GatewayMatch, Currency: "USD", Min: 100, Max: 100_000, Enabled: true})
		if err != nil {
			t.Fatal(err)
		}
		withdrawer, depositor := w.p2, w.p1
		w.fund(withdrawer, 20000)
		acct := w.account(withdrawer, "Chan Vanna", "888777666")
		// matched is a withdrawal of amount approved and taken by a p2p
		// order of the depositor; it answers both.
		matched := func(request string, amount int64) (cashier.Withdrawal, cashier.Order) {
			t.Helper()
			wd, err := w.withdraw(withdrawer, acct.ID, amount, request)
			if err != nil {
				t.Fatal(err)
			}
			if _, after, err := w.svc.ApproveWithdrawal(ctx, "demo", wd.ID, "finance1", "", ""); err != nil || after.Status != cashier.WithdrawMatching {
				t.Fatalf("approve for matching = %+v, %v", after, err)
			}
			o, err := w.svc.CreateDeposit(ctx, w.payer(depositor), ch.ID, amount, "dep-"+request)
			if err != nil {
				t.Fatalf("p2p deposit: %v", err)
			}
			if o.MatchedWithdrawal != wd.ID || o.Bank == nil || o.Bank.AccountNumber != "888777666" || o.Bank.AccountName != "Chan Vanna" {
				t.Fatalf("p2p order = %+v", o)
			}
			if got := w.withdrawal(wd.ID); got.Status != cashier.WithdrawPaying || got.MatchedDeposit != o.ID {
				t.Fatalf("matched withdrawal = %+v", got)
			}
			return wd, o
		}
		submit := func(o cashier.Order) {
			t.Helper()
			if _, err := w.svc.Submit(ctx, "demo", depositor, o.ID, "P2P-"+o.RequestID, pngOf(t, 9, 9)); err != nil {
				t.Fatal(err)
			}
		}

		// Nothing waits for this amount: refused, nothing kept.
		if _, err := w.svc.CreateDeposit(ctx, w.payer(depositor), ch.ID, 1234, "none"); !errors.Is(err, cashier.ErrNoMatch) {
			t.Fatalf("no match: %v", err)
		}
		// Received: the depositor is credited from the hold.
		wd, o := matched("a", 3000)
		// A member never pays their own withdrawal.
		if _, err := w.svc.CreateDeposit(ctx, w.payer(withdrawer), ch.ID, 3000, "self"); !errors.Is(err, cashier.ErrNoMatch) {
			t.Fatalf("own withdrawal matched: %v", err)
		}
		submit(o)
		if got := w.withdrawal(wd.ID); got.Status != cashier.WithdrawPaid || got.ReceiptDueAt == nil {
			t.Fatalf("after the depositor paid = %+v", got)
		}
		if _, _, err := w.svc.Approve(ctx, "demo", o.ID, "finance1", ""); !errors.Is(err, cashier.ErrOrderState) {
			t.Fatalf("finance approving a p2p order: %v", err)
		}
		before := w.balance(depositor)
		if got, err := w.svc.ConfirmReceipt(ctx, "demo", withdrawer, wd.ID, cashier.ReceiptReceived, 0, nil, ""); err != nil || got.Status != cashier.WithdrawCompleted {
			t.Fatalf("received = %+v, %v", got, err)
		}
		if got := w.order(o.ID); got.Status != cashier.StatusCredited || w.balance(depositor)-before != 3000 {
			t.Fatalf("deposit after receipt = %+v, credited %d", got, w.balance(depositor)-before)
		}
		// Left unanswered: counted as received, the deposit stands.
		wd, o = matched("b", 2000)
		submit(o)
		w.clk.add(31 * time.Minute)
		if n, err := w.svc.ReceiptsDue(ctx); err != nil || n != 1 {
			t.Fatalf("receipts due: %d %v", n, err)
		}
		if got := w.order(o.ID); got.Status != cashier.StatusCredited {
			t.Fatalf("deposit after a forced receipt = %+v", got)
		}
		// Not received, refunded: the withdrawer gets the hold back, the
		// depositor nothing.
		wd, o = matched("c", 1500)
		submit(o)
		if _, err := w.svc.ConfirmReceipt(ctx, "demo", withdrawer, wd.ID, cashier.ReceiptNotReceived, 0, [][]byte{pngOf(t, 5, 5)}, ""); err != nil {
			t.Fatal(err)
		}
		wBefore, dBefore := w.balance(withdrawer), w.balance(depositor)
		if _, after, err := w.svc.ResolveDispute(ctx, "demo", wd.ID, "finance2", cashier.ResolveRefunded, "no transfer on the statement"); err != nil ||
			after.Resolution != cashier.ResolveRefunded {
			t.Fatalf("refund = %+v, %v", after, err)
		}
		if w.balance(withdrawer)-wBefore != 1500 || w.balance(depositor) != dBefore || w.order(o.ID).Status != cashier.StatusRejected {
			t.Fatalf("after refund: withdrawer +%d, depositor +%d, order %s", w.balance(withdrawer)-wBefore, w.balance(depositor)-dBefore, w.order(o.ID).Status)
		}
		// Partly received, refunded: the depositor is credited with what arrived.
		wd, o = matched("d", 4000)
		submit(o)
		w.svc.ConfirmReceipt(ctx, "demo", withdrawer, wd.ID, cashier.ReceiptPartial, 1000, nil, "")
		wBefore, dBefore = w.balance(withdrawer), w.balance(depositor)
		if _, _, err := w.svc.ResolveDispute(ctx, "demo", wd.ID, "finance2", cashier.ResolveRefunded, "3000 arrived"); err != nil {
			t.Fatal(err)
		}
		if w.balance(withdrawer)-wBefore != 1000 || w.balance(depositor)-dBefore != 3000 {
			t.Fatalf("partial refund: withdrawer +%d, depositor +%d", w.balance(withdrawer)-wBefore, w.balance(depositor)-dBefore)
		}
		// Never paid: the order expires and the withdrawal waits again.
		wd, o = matched("e", 1000)
		w.clk.add(31 * time.Minute)
		if _, err := w.svc.ExpireDue(ctx); err != nil {
			t.Fatal(err)
		}
		if got := w.withdrawal(wd.ID); got.Status != cashier.WithdrawMatching || got.MatchedDeposit != 0 {
			t.Fatalf("after the order expired = %+v", got)
		}
		if _, err := w.svc.Submit(ctx, "demo", depositor, o.ID, "late", pngOf(t, 5, 5)); !errors.Is(err, cashier.ErrOrderState) {
			t.Fatalf("submit after expiry: %v", err)
		}
		again, err := w.svc.CreateDeposit(ctx, w.payer(depositor), ch.ID, 1000, "again")
		if err != nil || again.MatchedWithdrawal != wd.ID {
			t.Fatalf("rematch = %+v, %v", again, err)
		}
		// The hold holds exactly what is still waiting: the last 1000.
		if h := w.side(wallet.KindHold, "withdrawal"); h != 1000 {
			t.Fatalf("hold = %d", h)
		}
		w.verify()
	})
}
