package cashier_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"portal/internal/cashier"
	"portal/internal/database"
	"portal/internal/dbtest"
	"portal/internal/identity"
	"portal/internal/wallet"
)

// open is a policy without turnover and with room for several open
// withdrawals, so tests choose the rule they look at.
var open = cashier.Policy{TurnoverPct: 0, Min: 100, Max: 1_000_000, MaxOpen: 5, ReceiptMinutes: 30, Payout: cashier.PayoutManual,
	UplineMin: 100, UplineMax: 100_000}

func (w *world) policy(p cashier.Policy) {
	w.t.Helper()
	if _, _, err := w.svc.SetPolicy(context.Background(), "demo", p); err != nil {
		w.t.Fatal(err)
	}
}

// fund gives a member money from an adjustment (no deposit: no turnover).
func (w *world) fund(member, amount int64) {
	w.t.Helper()
	_, err := w.ledger.Move(context.Background(), wallet.Request{Merchant: "demo", Key: fmt.Sprintf("fund:%d:%d", member, time.Now().UnixNano()),
		From: wallet.Side(wallet.KindAdjustment, "test", "USD"), To: wallet.Member(member, "USD"), Amount: amount, Kind: "adjust"})
	if err != nil {
		w.t.Fatal(err)
	}
}

func (w *world) account(member int64, realName, number string) cashier.BankAccount {
	w.t.Helper()
	a, _, err := w.svc.AddBankAccount(context.Background(), "demo", member, realName,
		cashier.NewBankAccount{BankName: "ABA Bank", Number: number, Name: realName})
	if err != nil {
		w.t.Fatalf("add account: %v", err)
	}
	return a
}

func (w *world) withdraw(member, account, amount int64, request string) (cashier.Withdrawal, error) {
	return w.svc.CreateWithdrawal(context.Background(), cashier.Withdrawer{Merchant: "demo", MemberID: member, Currency: "USD"}, account, amount, request)
}

func (w *world) withdrawal(id int64) cashier.Withdrawal {
	w.t.Helper()
	o, err := w.svc.Withdrawal(context.Background(), "demo", id)
	if err != nil {
		w.t.Fatal(err)
	}
	return o
}

func (w *world) side(kind, owner string) int64 {
	w.t.Helper()
	b, err := w.ledger.Balance(context.Background(), "demo", wallet.Side(kind, owner, "USD"))
	if err != nil {
		w.t.Fatal(err)
	}
	return b
}

// TestWithdrawalPaidByHand: the amount is held on request, paid out on
// approval, and the member's "received" closes the order.
func TestWithdrawalPaidByHand(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newWorld(t, db)
		ctx := context.Background()
		w.policy(open)
		w.fund(w.p1, 10000)
		acct := w.account(w.p1, "Sok Dara", "0012 3456 789")
		if acct.Number != "00123456789" || acct.Masked() != "•••• 6789" {
			t.Fatalf("account = %+v", acct)
		}
		o, err := w.withdraw(w.p1, acct.ID, 3000, "w1")
		if err != nil || o.Status != cashier.WithdrawPending {
			t.Fatalf("withdraw = %+v, %v", o, err)
		}
		// The same request answers the same order and holds nothing more.
		if again, err := w.withdraw(w.p1, acct.ID, 3000, "w1"); err != nil || again.ID != o.ID {
			t.Fatalf("replay = %+v, %v", again, err)
		}
		if b := w.balance(w.p1); b != 7000 {
			t.Fatalf("balance after request = %d", b)
		}
		if h := w.side(wallet.KindHold, "withdrawal"); h != 3000 {
			t.Fatalf("hold = %d", h)
		}
		_, after, err := w.svc.ApproveWithdrawal(ctx, "demo", o.ID, "finance1", "", "BANK-REF-1")
		if err != nil || after.Status != cashier.WithdrawPaid || after.PaidAt == nil || after.ReceiptDueAt == nil || after.PayoutRef != "BANK-REF-1" {
			t.Fatalf("approve = %+v, %v", after, err)
		}
		if _, _, err := w.svc.ApproveWithdrawal(ctx, "demo", o.ID, "finance2", "", ""); !errors.Is(err, cashier.ErrOrderState) {
			t.Fatalf("second approval: %v", err)
		}
		if h, p := w.side(wallet.KindHold, "withdrawal"), w.side(wallet.KindPayout, "manual"); h != 0 || p != 3000 {
			t.Fatalf("hold %d payout %d", h, p)
		}
		done, err := w.svc.ConfirmReceipt(ctx, "demo", w.p1, o.ID, cashier.ReceiptReceived, 0, nil, "")
		if err != nil || done.Status != cashier.WithdrawCompleted || done.Receipt != cashier.ReceiptReceived {
			t.Fatalf("receipt = %+v, %v", done, err)
		}
		if b := w.balance(w.p1); b != 7000 {
			t.Fatalf("balance at the end = %d", b)
		}
		// The report counts it on the day it was paid, paid by hand.
		day := w.clk.now().Add(7 * time.Hour)
		rows, total, err := w.svc.Report(ctx, "demo", day, day)
		if err != nil || total.Withdrawals != 1 || total.WithdrawalAmount != 3000 || total.Net != -3000 || len(rows) != 1 || rows[0].ChannelID != 0 {
			t.Fatalf("report = %+v %+v %v", rows, total, err)
		}
		w.verify()
	})
}

// TestWithdrawalReturns: finance's rejection and the member's cancel each
// return the hold once; neither works twice or on a decided order.
func TestWithdrawalReturns(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newWorld(t, db)
		ctx := context.Background()
		w.policy(open)
		w.fund(w.p1, 10000)
		acct := w.account(w.p1, "Sok Dara", "111222333")
		a, _ := w.withdraw(w.p1, acct.ID, 4000, "a")
		b, _ := w.withdraw(w.p1, acct.ID, 5000, "b")
		if bal := w.balance(w.p1); bal != 1000 {
			t.Fatalf("balance = %d", bal)
		}
		if _, _, err := w.svc.RejectWithdrawal(ctx, "demo", a.ID, "finance1", ""); !errors.Is(err, cashier.ErrReasonInvalid) {
			t.Fatalf("reject without a reason: %v", err)
		}
		if _, after, err := w.svc.RejectWithdrawal(ctx, "demo", a.ID, "finance1", "name differs"); err != nil || after.Status != cashier.WithdrawRejected {
			t.Fatalf("reject = %+v, %v", after, err)
		}
		if _, err := w.svc.CancelWithdrawal(ctx, "demo", w.p1, a.ID); !errors.Is(err, cashier.ErrOrderState) {
			t.Fatalf("cancel a rejected order: %v", err)
		}
		// Another member cannot cancel it, nor see it.
		if _, err := w.svc.CancelWithdrawal(ctx, "demo", w.p2, b.ID); !errors.Is(err, cashier.ErrNotFound) {
			t.Fatalf("another member's cancel: %v", err)
		}
		if _, err := w.svc.MemberWithdrawal(ctx, "demo", w.p2, b.ID); !errors.Is(err, cashier.ErrNotFound) {
			t.Fatalf("another member's read: %v", err)
		}
		if c, err := w.svc.CancelWithdrawal(ctx, "demo", w.p1, b.ID); err != nil || c.Status != cashier.WithdrawCancelled {
			t.Fatalf("cancel = %+v, %v", c, err)
		}
		if _, _, err := w.svc.ApproveWithdrawal(ctx, "demo", b.ID, "finance1", "", ""); !errors.Is(err, cashier.ErrOrderState) {
			t.Fatalf("approve a cancelled order: %v", err)
		}
		if bal := w.balance(w.p1); bal != 10000 {
			t.Fatalf("balance after returns = %d", bal)
		}
		w.verify()
	})
}

// TestWithdrawalRules: limits, open orders, funds and the request id.
func TestWithdrawalRules(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newWorld(t, db)
		p := open
		p.Max, p.MaxOpen, p.DailyCount = 5000, 1, 2
		w.policy(p)
		w.fund(w.p1, 20000)
		acct := w.account(w.p1, "Sok Dara", "111222333")
		other := w.account(w.p2, "Chan Vanna", "999888777")
		for _, c := range []struct {
			name    string
			account int64
			amount  int64
			request string
			want    error
		}{
			{"below the minimum", acct.ID, 99, "r1", cashier.ErrAmountOutOfRange},
			{"above the maximum", acct.ID, 5001, "r2", cashier.ErrAmountOutOfRange},
			{"another member's account", other.ID, 1000, "r3", cashier.ErrNotFound},
			{"no request id", acct.ID, 1000, "", cashier.ErrRequestInvalid},
			{"a control character in the id", acct.ID, 1000, "a\x00b", cashier.ErrRequestInvalid},
		} {
			if _, err := w.withdraw(w.p1, c.account, c.amount, c.request); !errors.Is(err, c.want) {
				t.Errorf("%s: %v, want %v", c.name, err, c.want)
			}
		}
		first, err := w.withdraw(w.p1, acct.ID, 1000, "ok1")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.withdraw(w.p1, acct.ID, 1000, "ok2"); !errors.Is(err, cashier.ErrTooManyPending) {
			t.Fatalf("second open order: %v", err)
		}
		if _, err := w.svc.CancelWithdrawal(context.Background(), "demo", w.p1, first.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := w.withdraw(w.p1, acct.ID, 1000, "ok3"); err != nil {
			t.Fatal(err)
		}
		w.svc.CancelWithdrawal(context.Background(), "demo", w.p1, first.ID+1)
		// Cancelled orders do not count against the day.
		if _, err := w.withdraw(w.p1, acct.ID, 1000, "ok4"); err != nil {
			t.Fatalf("after cancels: %v", err)
		}
		w.svc.CancelWithdrawal(context.Background(), "demo", w.p1, first.ID+2)
		if _, err := w.withdraw(w.p2, other.ID, 1000, "poor"); !errors.Is(err, wallet.ErrInsufficientFunds) {
			t.Fatalf("without funds: %v", err)
		}
		// Nothing of the refused order stays.
		if list, total, err := w.svc.Withdrawals(context.Background(), cashier.Filter{Merchant: "demo", MemberID: w.p2}, 1, 10); err != nil || total != 0 || len(list) != 0 {
			t.Fatalf("refused order kept: %d %v", total, err)
		}
		w.verify()
	})
}

// TestWithdrawalRacingBets: withdrawals racing a burst of bets never take
// the member below zero, and every cent is accounted for.
func TestWithdrawalRacingBets(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newWorld(t, db)
		ctx := context.Background()
		w.policy(open)
		w.fund(w.p1, 10000)
		acct := w.account(w.p1, "Sok Dara", "111222333")
		var withdrawn, bet atomic.Int64
		var wg sync.WaitGroup
		for i := range 8 {
			wg.Add(2)
			go func() {
				defer wg.Done()
				if _, err := w.withdraw(w.p1, acct.ID, 3000, fmt.Sprintf("race-%d", i)); err == nil {
					withdrawn.Add(3000)
				} else if !errors.Is(err, wallet.ErrInsufficientFunds) && !errors.Is(err, cashier.ErrTooManyPending) {
					t.Errorf("withdraw: %v", err)
				}
			}()
			go func() {
				defer wg.Done()
				for j := range 5 {
					_, err := w.ledger.Move(ctx, wallet.Request{Merchant: "demo", Key: fmt.Sprintf("bet-%d-%d", i, j), From: wallet.Member(w.p1, "USD"),
						To: wallet.Side(wallet.KindHouse, "house", "USD"), Amount: 200, Kind: "bet"})
					if err == nil {
						bet.Add(200)
					} else if !errors.Is(err, wallet.ErrInsufficientFunds) {
						t.Errorf("bet: %v", err)
					}
				}
			}()
		}
		wg.Wait()
		b := w.balance(w.p1)
		if b < 0 || b != 10000-withdrawn.Load()-bet.Load() {
			t.Fatalf("balance %d, withdrawn %d, bet %d", b, withdrawn.Load(), bet.Load())
		}
		if h := w.side(wallet.KindHold, "withdrawal"); h != withdrawn.Load() {
			t.Fatalf("hold %d, withdrawn %d", h, withdrawn.Load())
		}
		w.verify()
	})
}

// TestTurnover: deposits must be matched by valid bets before a
// withdrawal; an approved withdrawal starts the count again.
func TestTurnover(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newWorld(t, db)
		ctx := context.Background()
		p := open
		p.TurnoverPct = 100
		w.policy(p)
		secret := w.secret()
		o := w.deposit(w.p1, w.simCh, 10000, "dep1")
		body := w.notice(o, cashier.NoticePaid, 10000)
		if err := w.svc.Webhook(ctx, "sim", body, cashier.Sign(secret, body)); err != nil {
			t.Fatal(err)
		}
		acct := w.account(w.p1, "Sok Dara", "111222333")
		_, err := w.withdraw(w.p1, acct.ID, 1000, "t1")
		var te *cashier.TurnoverError
		if !errors.As(err, &te) || te.Turnover.Required != 9900 || te.Turnover.Done != 0 || te.Turnover.Remaining != 9900 {
			t.Fatalf("before bets: %v %+v", err, te)
		}
		round := func(stake, refunded int64, mode string) {
			t.Helper()
			if _, err := db.Write().ExecContext(ctx, `INSERT INTO game_rounds (vendor_code, round_id, merchant_code, member_id, game_code, game_type,
				currency, mode, stake, refunded, opened_at) VALUES ('SIM', $1, 'demo', $2, 'g', 'RNG', 'USD', $3, $4, $5, $6)`,
				fmt.Sprintf("r-%d", time.Now().UnixNano()), w.p1, mode, stake, refunded, w.clk.now().UnixMilli()); err != nil {
				t.Fatal(err)
			}
		}
		round(6000, 1000, "real") // 5000 valid
		round(9000, 0, "trial")   // play money never counts
		got, err := w.svc.MemberTurnover(ctx, "demo", w.p1)
		if err != nil || got.Done != 5000 || got.Remaining != 4900 {
			t.Fatalf("after 5000 valid: %+v, %v", got, err)
		}
		round(4900, 0, "real")
		w.clk.add(time.Second)
		first, err := w.withdraw(w.p1, acct.ID, 1000, "t2")
		if err != nil {
			t.Fatalf("after the turnover: %v", err)
		}
		// Pending is not yet a payout: the deposits still count as met.
		if got, _ := w.svc.MemberTurnover(ctx, "demo", w.p1); got.Remaining != 0 {
			t.Fatalf("with a pending withdrawal: %+v", got)
		}
		if _, _, err := w.svc.ApproveWithdrawal(ctx, "demo", first.ID, "finance1", "", ""); err != nil {
			t.Fatal(err)
		}
		// A new deposit after the payout asks for its own turnover.
		w.clk.add(time.Second)
		o2 := w.deposit(w.p1, w.simCh, 2000, "dep2")
		body = w.notice(o2, cashier.NoticePaid, 2000)
		if err := w.svc.Webhook(ctx, "sim", body, cashier.Sign(secret, body)); err != nil {
			t.Fatal(err)
		}
		if got, _ := w.svc.MemberTurnover(ctx, "demo", w.p1); got.Required != 1980 || got.Done != 0 {
			t.Fatalf("after the payout: %+v", got)
		}
		w.verify()
	})
}

// TestReceipts: the member's three answers, finance's two outcomes, the
// automatic receipt, and proofs seen by their owner only.
func TestReceipts(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newWorld(t, db)
		ctx := context.Background()
		w.policy(open)
		w.fund(w.p1, 50000)
		acct := w.account(w.p1, "Sok Dara", "111222333")
		paid := func(request string, amount int64) cashier.Withdrawal {
			t.Helper()
			o, err := w.withdraw(w.p1, acct.ID, amount, request)
			if err != nil {
				t.Fatal(err)
			}
			_, after, err := w.svc.ApproveWithdrawal(ctx, "demo", o.ID, "finance1", "", "")
			if err != nil {
				t.Fatal(err)
			}
			return after
		}
		proof := pngOf(t, 20, 10)
		// The rules of an answer.
		a := paid("a", 10000)
		for _, c := range []struct {
			name      string
			result    string
			remaining int64
			proofs    [][]byte
			note      string
		}{
			{"unknown result", "maybe", 0, nil, ""},
			{"partial without the remaining amount", cashier.ReceiptPartial, 0, nil, ""},
			{"partial of the whole", cashier.ReceiptPartial, 10000, nil, ""},
			{"not received without a proof", cashier.ReceiptNotReceived, 0, nil, ""},
			{"four proofs", cashier.ReceiptNotReceived, 0, [][]byte{proof, proof, proof, proof}, ""},
			{"received with a proof", cashier.ReceiptReceived, 0, [][]byte{proof}, ""},
			{"a note too long", cashier.ReceiptReceived, 0, nil, string(make([]rune, 201))},
		} {
			if _, err := w.svc.ConfirmReceipt(ctx, "demo", w.p1, a.ID, c.result, c.remaining, c.proofs, c.note); !errors.Is(err, cashier.ErrReceiptInvalid) {
				t.Errorf("%s: %v", c.name, err)
			}
		}
		if _, err := w.svc.ConfirmReceipt(ctx, "demo", w.p1, a.ID, cashier.ReceiptNotReceived, 0, [][]byte{[]byte("GIF89a not an image")}, ""); !errors.Is(err, cashier.ErrProofInvalid) {
			t.Errorf("a proof that is no image: %v", err)
		}
		if _, err := w.svc.ConfirmReceipt(ctx, "demo", w.p2, a.ID, cashier.ReceiptReceived, 0, nil, ""); !errors.Is(err, cashier.ErrNotFound) {
			t.Errorf("another member's receipt: %v", err)
		}
		// Partially received, refunded by finance: what did not arrive returns.
		d, err := w.svc.ConfirmReceipt(ctx, "demo", w.p1, a.ID, cashier.ReceiptPartial, 2500, [][]byte{proof}, "only 75.00 arrived")
		if err != nil || d.Status != cashier.WithdrawDisputed || d.ReceiptRemaining != 2500 || len(d.Proofs) != 1 {
			t.Fatalf("partial = %+v, %v", d, err)
		}
		if _, err := w.svc.ConfirmReceipt(ctx, "demo", w.p1, a.ID, cashier.ReceiptReceived, 0, nil, ""); !errors.Is(err, cashier.ErrOrderState) {
			t.Errorf("a second answer: %v", err)
		}
		if p, err := w.svc.WithdrawalProof(ctx, "demo", w.p1, a.ID, 0); err != nil || p.ContentType != "image/png" || len(p.Data) == 0 {
			t.Errorf("own proof: %v", err)
		}
		if _, err := w.svc.WithdrawalProof(ctx, "demo", w.p2, a.ID, 0); !errors.Is(err, cashier.ErrNotFound) {
			t.Errorf("another member's proof: %v", err)
		}
		if _, err := w.svc.WithdrawalProof(ctx, "demo", 0, a.ID, 1); !errors.Is(err, cashier.ErrNotFound) {
			t.Errorf("a proof that does not exist: %v", err)
		}
		before := w.balance(w.p1)
		if _, after, err := w.svc.ResolveDispute(ctx, "demo", a.ID, "finance2", cashier.ResolveRefunded, "bank confirmed 75.00"); err != nil ||
			after.Status != cashier.WithdrawCompleted || after.Resolution != cashier.ResolveRefunded {
			t.Fatalf("refund = %+v, %v", after, err)
		}
		if got := w.balance(w.p1) - before; got != 2500 {
			t.Fatalf("refunded %d, want 2500", got)
		}
		if _, _, err := w.svc.ResolveDispute(ctx, "demo", a.ID, "finance2", cashier.ResolveRefunded, "again"); !errors.Is(err, cashier.ErrOrderState) {
			t.Fatalf("second resolution: %v", err)
		}
		// Not received, confirmed by finance: nothing moves.
		b := paid("b", 5000)
		if _, err := w.svc.ConfirmReceipt(ctx, "demo", w.p1, b.ID, cashier.ReceiptNotReceived, 0, [][]byte{proof, proof}, ""); err != nil {
			t.Fatal(err)
		}
		before = w.balance(w.p1)
		if _, after, err := w.svc.ResolveDispute(ctx, "demo", b.ID, "finance2", cashier.ResolveConfirmed, "bank slip shows it paid"); err != nil ||
			after.Resolution != cashier.ResolveConfirmed {
			t.Fatalf("confirm = %+v, %v", after, err)
		}
		if w.balance(w.p1) != before {
			t.Fatal("a confirmed dispute moved money")
		}
		// Unanswered past the merchant's minutes: counted as received, for good.
		c := paid("c", 3000)
		if n, err := w.svc.ReceiptsDue(ctx); err != nil || n != 0 {
			t.Fatalf("due too early: %d %v", n, err)
		}
		w.clk.add(31 * time.Minute)
		if _, err := w.svc.ConfirmReceipt(ctx, "demo", w.p1, c.ID, cashier.ReceiptNotReceived, 0, [][]byte{proof}, ""); !errors.Is(err, cashier.ErrOrderState) {
			t.Fatalf("an answer past the deadline: %v", err)
		}
		if n, err := w.svc.ReceiptsDue(ctx); err != nil || n != 1 {
			t.Fatalf("receipts due: %d %v", n, err)
		}
		if got := w.withdrawal(c.ID); got.Status != cashier.WithdrawCompleted || got.Receipt != cashier.ReceiptAuto {
			t.Fatalf("auto receipt = %+v", got)
		}
		if n, _ := w.svc.ReceiptsDue(ctx); n != 0 {
			t.Fatalf("auto receipt ran twice: %d", n)
		}
		w.verify()
	})
}

// TestSimPayout: the simulator pays on approval and says so by webhook;
// a failed payout returns the hold; a silent one is found by the
// reconciler; a replayed webhook moves nothing more.
func TestSimPayout(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newWorld(t, db)
		ctx := context.Background()
		p := open
		p.Payout = cashier.PayoutSim
		w.policy(p)
		w.fund(w.p1, 30000)
		wait := func(id int64, status string) cashier.Withdrawal {
			t.Helper()
			deadline := time.Now().Add(10 * time.Second)
			for {
				o := w.withdrawal(id)
				if o.Status == status {
					return o
				}
				if time.Now().After(deadline) {
					t.Fatalf("order %d is %s, want %s", id, o.Status, status)
				}
				time.Sleep(20 * time.Millisecond)
			}
		}
		good := w.account(w.p1, "Sok Dara", "111222333")
		o, _ := w.withdraw(w.p1, good.ID, 5000, "ok")
		if _, after, err := w.svc.ApproveWithdrawal(ctx, "demo", o.ID, "finance1", "", ""); err != nil || after.Status != cashier.WithdrawPaying {
			t.Fatalf("approve = %+v, %v", after, err)
		}
		paid := wait(o.ID, cashier.WithdrawPaid)
		if paid.PayoutRef == "" || paid.PayoutChannel != "sim" {
			t.Fatalf("paid = %+v", paid)
		}
		if got := w.side(wallet.KindPayout, "sim"); got != 5000 {
			t.Fatalf("payout side = %d", got)
		}
		failing := w.account(w.p1, "Sok Dara", "555550000")
		f, _ := w.withdraw(w.p1, failing.ID, 4000, "fail")
		w.svc.ApproveWithdrawal(ctx, "demo", f.ID, "finance1", "", "")
		if got := wait(f.ID, cashier.WithdrawFailed); got.Reason == "" {
			t.Fatalf("failed = %+v", got)
		}
		silent := w.account(w.p1, "Sok Dara", "777779999")
		s, _ := w.withdraw(w.p1, silent.ID, 3000, "silent")
		w.svc.ApproveWithdrawal(ctx, "demo", s.ID, "finance1", "", "")
		w.sim.Wait()
		if got := w.withdrawal(s.ID); got.Status != cashier.WithdrawPaying {
			t.Fatalf("silent payout = %+v", got)
		}
		if n, err := w.svc.ReconcilePayouts(ctx); err != nil || n != 0 {
			t.Fatalf("reconciled too early: %d %v", n, err)
		}
		w.clk.add(3 * time.Minute)
		if n, err := w.svc.ReconcilePayouts(ctx); err != nil || n != 1 {
			t.Fatalf("reconcile: %d %v", n, err)
		}
		if got := w.withdrawal(s.ID); got.Status != cashier.WithdrawPaid {
			t.Fatalf("after reconcile = %+v", got)
		}
		// 30000 - 5000 paid - 3000 paid; the failed 4000 came back.
		if b := w.balance(w.p1); b != 22000 {
			t.Fatalf("balance = %d", b)
		}
		if got := w.side(wallet.KindPayout, "sim"); got != 8000 {
			t.Fatalf("payout side = %d", got)
		}
		// A forged payout notice moves nothing.
		body := []byte(fmt.Sprintf(`{"pspOrderId":"PO1","orderId":%d,"status":"failed","amount":5000,"currency":"USD","paidAt":""}`, o.ID))
		if err := w.svc.PayoutWebhook(ctx, "sim", body, cashier.Sign("not the secret", body)); !errors.Is(err, cashier.ErrSignature) {
			t.Fatalf("forged payout notice: %v", err)
		}
		w.verify()
	})
}

// TestBankAccounts: the holder is the member's real name; a member
// without one may add a first account only; limits and removal.
func TestBankAccounts(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newWorld(t, db)
		ctx := context.Background()
		add := func(member int64, real, name, number string) error {
			_, _, err := w.svc.AddBankAccount(ctx, "demo", member, real, cashier.NewBankAccount{BankName: "ACLEDA", Number: number, Name: name})
			return err
		}
		for _, c := range []struct {
			name               string
			real, holder, numb string
			want               error
		}{
			{"another holder", "Sok Dara", "Chan Vanna", "123456789", cashier.ErrAccountNameMismatch},
			{"a number too short", "Sok Dara", "Sok Dara", "12345", cashier.ErrBankAccountInvalid},
			{"a number with symbols", "Sok Dara", "Sok Dara", "1234<script>", cashier.ErrBankAccountInvalid},
			{"a one-letter holder", "", "S", "123456789", cashier.ErrBankAccountInvalid},
		} {
			if err := add(w.p1, c.real, c.holder, c.numb); !errors.Is(err, c.want) {
				t.Errorf("%s: %v, want %v", c.name, err, c.want)
			}
		}
		// Case and spacing aside, the name matches.
		if err := add(w.p1, "Sok Dara", "  sok   DARA ", "123-456-789"); err != nil {
			t.Fatal(err)
		}
		if err := add(w.p1, "Sok Dara", "Sok Dara", "123 456 789"); !errors.Is(err, cashier.ErrBankAccountExists) {
			t.Fatalf("the same number again: %v", err)
		}
		add(w.p1, "Sok Dara", "Sok Dara", "222333444")
		add(w.p1, "Sok Dara", "Sok Dara", "333444555")
		if err := add(w.p1, "Sok Dara", "Sok Dara", "444555666"); !errors.Is(err, cashier.ErrBankAccountLimit) {
			t.Fatalf("a fourth account: %v", err)
		}
		// Without a real name: the first account names the member; a second
		// needs the real name first.
		a, sets, err := w.svc.AddBankAccount(ctx, "demo", w.p2, "", cashier.NewBankAccount{BankName: "Wing", Number: "987654321", Name: "Chan Vanna"})
		if err != nil || !sets {
			t.Fatalf("first account without a real name: %v %v", sets, err)
		}
		if err := add(w.p2, "", "Someone Else", "876543210"); !errors.Is(err, cashier.ErrAccountNameMismatch) {
			t.Fatalf("second account without a real name: %v", err)
		}
		// Not removable while a withdrawal pays to it; another member's is 404.
		w.policy(open)
		w.fund(w.p2, 5000)
		o, err := w.withdraw(w.p2, a.ID, 1000, "x")
		if err != nil {
			t.Fatal(err)
		}
		if err := w.svc.RemoveBankAccount(ctx, "demo", w.p2, a.ID); !errors.Is(err, cashier.ErrBankAccountInUse) {
			t.Fatalf("remove in use: %v", err)
		}
		if err := w.svc.RemoveBankAccount(ctx, "demo", w.p1, a.ID); !errors.Is(err, cashier.ErrNotFound) {
			t.Fatalf("remove another member's: %v", err)
		}
		w.svc.CancelWithdrawal(ctx, "demo", w.p2, o.ID)
		if err := w.svc.RemoveBankAccount(ctx, "demo", w.p2, a.ID); err != nil {
			t.Fatal(err)
		}
		if list, _ := w.svc.BankAccounts(ctx, "demo", w.p2); len(list) != 0 {
			t.Fatalf("accounts after removal = %+v", list)
		}
		// The removed account's withdrawal still reads.
		if got := w.withdrawal(o.ID); got.BankAccount.Number != "987654321" {
			t.Fatalf("withdrawal after removal = %+v", got)
		}
		w.verify()
	})
}

// TestTransferToUpline: only to the member's own upline, within the
// limits, once per request.
func TestTransferToUpline(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newWorld(t, db)
		ctx := context.Background()
		p := open
		p.UplineDaily = 5000
		w.policy(p)
		ids := identity.NewService(db, nil)
		agent, err := ids.Open(ctx, identity.NewMember{MerchantCode: "demo", Username: "agent77", Password: "Agent@123", Type: identity.TypeAgent1})
		if err != nil {
			t.Fatal(err)
		}
		down, err := ids.Open(ctx, identity.NewMember{MerchantCode: "demo", Username: "down77", Password: "Down@1234", UplineID: agent})
		if err != nil {
			t.Fatal(err)
		}
		w.fund(down, 10000)
		send := func(member, amount int64, request string) (cashier.UplineTransfer, error) {
			return w.svc.TransferToUpline(ctx, cashier.Withdrawer{Merchant: "demo", MemberID: member, Currency: "USD"}, amount, request)
		}
		if _, err := send(w.p2, 1000, "n"); !errors.Is(err, cashier.ErrNoUpline) {
			t.Fatalf("no upline: %v", err)
		}
		if _, err := send(down, 99, "low"); !errors.Is(err, cashier.ErrAmountOutOfRange) {
			t.Fatalf("below the minimum: %v", err)
		}
		first, err := send(down, 3000, "u1")
		if err != nil || first.Balance != 7000 {
			t.Fatalf("send = %+v, %v", first, err)
		}
		if again, err := send(down, 3000, "u1"); err != nil || again.ID != first.ID {
			t.Fatalf("replay = %+v, %v", again, err)
		}
		if _, err := send(down, 2001, "u2"); !errors.Is(err, cashier.ErrDailyLimit) {
			t.Fatalf("past the daily limit: %v", err)
		}
		if b := w.balance(agent); b != 3000 {
			t.Fatalf("upline balance = %d", b)
		}
		if list, _ := w.svc.UplineTransfers(ctx, down, 20); len(list) != 1 {
			t.Fatalf("list = %+v", list)
		}
		w.verify()
	})
}
