package agent_test

import (
	"context"
	"testing"
	"time"

	"portal/internal/agent"
	"portal/internal/database"
	"portal/internal/dbtest"
)

// payouts are a member's received payouts of a kind, newest first.
func (w *world) payouts(member int64, k agent.Kind, role string) []agent.Payout {
	w.t.Helper()
	p, err := w.svc.Payouts(context.Background(), agent.PayoutQuery{Merchant: "demo", MemberID: member, Role: role, Kind: k, From: 0, To: 1 << 62})
	if err != nil {
		w.t.Fatal(err)
	}
	return p.List
}

func TestDailySalarySettlesDownTheChainOnce(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newWorld(t, db)
		ctx := context.Background()
		w.contract(0, w.top, agent.DailySalary, agent.Daily, rate(200))
		// mid earns 1 % up to 20,000 of team valid bet, 1.5 % from there
		// with two active members betting at least 5,000 each.
		w.contract(w.top, w.mid, agent.DailySalary, "", rate(100), agent.Tier{ValidBet: 20_000, ActiveMembers: 2, Rate: 150})
		w.svc = agent.NewService(db, w.ledger, agent.Options{Now: w.clk.now})
		// The day the contracts were signed is not theirs: this play
		// counts for nothing.
		w.play(w.p1, 99_999, 0)
		w.clk.set(at(3, 12, 0))
		w.play(w.p1, 12_000, 2_000)
		w.play(w.p2, 6_000, 0)
		w.play(w.p3, 4_000, 9_000)
		w.play(w.mid, 1_000, 0)
		// Not yet: the day has not ended (and its grace).
		w.clk.set(at(4, 0, 0))
		if _, err := w.svc.SettleDue(ctx); err != nil {
			t.Fatal(err)
		}
		if got := w.payouts(w.mid, agent.DailySalary, "received"); len(got) != 0 {
			t.Fatalf("settled before the grace: %+v", got)
		}
		w.clk.set(at(4, 0, 2))
		for i := 0; i < 2; i++ { // the second pass pays nothing again
			if _, err := w.svc.SettleDue(ctx); err != nil {
				t.Fatal(err)
			}
		}
		top := w.payouts(w.top, agent.DailySalary, "received")
		mid := w.payouts(w.mid, agent.DailySalary, "received")
		if len(top) != 1 || len(mid) != 1 {
			t.Fatalf("payouts: top %+v mid %+v", top, mid)
		}
		// top's team: everyone, 23,000 valid bet, at 2 %.
		if p := top[0]; p.ValidBet != 23_000 || p.TeamSize != 5 || p.Amount != 460 || p.State != agent.PayoutPaid || p.Payer != nil {
			t.Fatalf("top's payout: %+v", p)
		}
		// mid's team: mid, p1, p2: 19,000, under the second tier's 20,000.
		if p := mid[0]; p.ValidBet != 19_000 || p.ActiveMembers != 3 || p.Tier != 0 || p.Amount != 190 || p.Payer == nil || p.Payer.ID != w.top {
			t.Fatalf("mid's payout: %+v", p)
		}
		if w.balance(w.top) != 460-190 || w.balance(w.mid) != 190 {
			t.Fatalf("balances: top %d mid %d", w.balance(w.top), w.balance(w.mid))
		}
		figs, err := w.svc.FiguresOf(ctx, "demo", w.mid, mid[0].ID, 1, 50)
		if err != nil || figs.Total != 3 || figs.List[0].MemberID != w.p1 || figs.List[0].ValidBet != 12_000 {
			t.Fatalf("figures behind mid's payout: %+v %v", figs, err)
		}
		var sum int64
		for _, f := range figs.List {
			sum += f.ValidBet
		}
		if sum != mid[0].ValidBet {
			t.Fatalf("figures sum to %d, payout says %d", sum, mid[0].ValidBet)
		}
		if _, err := w.svc.FiguresOf(ctx, "demo", w.p3, mid[0].ID, 1, 50); err == nil {
			t.Fatal("a stranger read the figures")
		}
		runs, total, err := w.svc.Runs(ctx, "demo", agent.DailySalary, 1, 10)
		if err != nil || total != 1 || runs[0].State != agent.RunDone || runs[0].Paid != 2 || runs[0].Amount != 650 {
			t.Fatalf("runs: %+v %d %v", runs, total, err)
		}
		// The process call finds nothing left to pay.
		if done, err := w.svc.Process(ctx, "demo", w.mid, agent.DailySalary); err != nil || len(done) != 0 {
			t.Fatalf("process after the run: %+v %v", done, err)
		}
		w.verify()
	})
}

func TestDividendPaysOnlyALossAndWaitsForTheUplinesMoney(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newWorld(t, db)
		ctx := context.Background()
		// top's own dividend needs a loss top's team will not reach, so
		// top is paid nothing and cannot pay mid from its empty balance.
		w.contract(0, w.top, agent.Dividend, agent.SemiMonthly, agent.Tier{Loss: 1_000_000, Rate: 4000})
		midC := w.contract(w.top, w.mid, agent.Dividend, agent.SemiMonthly, rate(3000))
		w.clk.set(at(16, 9, 0))
		w.play(w.p1, 10_000, 2_000) // team lost 8,000
		w.clk.set(at(30, 23, 0))
		w.play(w.p2, 1_000, 3_000) // and won back 2,000: net loss 6,000
		w.clk.set(at(30, 23, 0).Add(time.Hour + 2*time.Minute))
		if _, err := w.svc.SettleDue(ctx); err != nil {
			t.Fatal(err)
		}
		mid := w.payouts(w.mid, agent.Dividend, "received")
		if len(mid) != 1 || mid[0].State != agent.PayoutInsufficient || mid[0].Amount != 1_800 || mid[0].ProfitLoss != -6_000 {
			t.Fatalf("mid's dividend: %+v", mid)
		}
		if top := w.payouts(w.top, agent.Dividend, "received"); len(top) != 1 || top[0].State != agent.PayoutNothing || top[0].Tier != -1 {
			t.Fatalf("top's dividend: %+v", top)
		}
		// Once top has the money, mid's process call pays it, once.
		w.fund(w.top, 5_000)
		for i := 0; i < 2; i++ {
			if _, err := w.svc.Process(ctx, "demo", w.mid, agent.Dividend); err != nil {
				t.Fatal(err)
			}
		}
		mid = w.payouts(w.mid, agent.Dividend, "received")
		if mid[0].State != agent.PayoutPaid || mid[0].Attempts != 2 || w.balance(w.mid) != 1_800 || w.balance(w.top) != 3_200 {
			t.Fatalf("after the retry: %+v, balances mid %d top %d", mid[0], w.balance(w.mid), w.balance(w.top))
		}
		// A period where the team won pays nothing.
		w.clk.set(at(30, 0, 0).AddDate(0, 0, 2))
		w.play(w.p1, 1_000, 5_000)
		w.clk.set(at(30, 0, 0).AddDate(0, 0, 16).Add(2 * time.Minute))
		if _, err := w.svc.SettleDue(ctx); err != nil {
			t.Fatal(err)
		}
		got := w.payouts(w.mid, agent.Dividend, "received")
		if len(got) != 2 || got[0].State != agent.PayoutNothing || got[0].ProfitLoss != 4_000 || got[0].ContractID != midC.ID {
			t.Fatalf("a winning period: %+v", got)
		}
		w.verify()
	})
}

func TestRealtimeSalaryReadsTheLedgerWindow(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newWorld(t, db)
		ctx := context.Background()
		w.contract(0, w.top, agent.RealtimeSalary, agent.Realtime, rate(100))
		// Signed at 10:00: the first period is 10:05-10:10.
		w.clk.set(at(2, 10, 3))
		w.play(w.p1, 50_000, 0)
		w.clk.set(at(2, 10, 6))
		w.play(w.p1, 7_000, 1_000)
		w.play(w.p3, 3_000, 0)
		w.clk.set(at(2, 10, 11))
		w.play(w.p1, 40_000, 0)
		w.clk.set(at(2, 10, 11).Add(30 * time.Second))
		done, err := w.svc.Process(ctx, "demo", w.top, agent.RealtimeSalary)
		if err != nil || len(done) != 1 {
			t.Fatalf("process: %+v %v", done, err)
		}
		if p := done[0]; p.ValidBet != 10_000 || p.Amount != 100 || p.PeriodStart != at(2, 10, 5).UnixMilli() || p.State != agent.PayoutPaid {
			t.Fatalf("real-time payout: %+v", p)
		}
		// The job finds the period paid and records its run.
		if _, err := w.svc.SettleDue(ctx); err != nil {
			t.Fatal(err)
		}
		if got := w.payouts(w.top, agent.RealtimeSalary, "received"); len(got) != 1 {
			t.Fatalf("payouts after the job: %+v", got)
		}
		runs, _, err := w.svc.Runs(ctx, "demo", agent.RealtimeSalary, 1, 10)
		if err != nil || len(runs) != 1 || runs[0].Paid != 1 || runs[0].Amount != 100 {
			t.Fatalf("runs: %+v %v", runs, err)
		}
		w.verify()
	})
}

// TestSettlementResumesAfterACrash: a run a crash left half done (its row
// still running, the payouts of its first batch committed, the others
// missing) is taken up by the next pass, which pays only what is missing.
func TestSettlementResumesAfterACrash(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newWorld(t, db)
		ctx := context.Background()
		w.contract(0, w.top, agent.DailySalary, agent.Daily, rate(200))
		w.contract(0, w.other, agent.DailySalary, agent.Daily, rate(100))
		w.contract(w.top, w.mid, agent.DailySalary, "", rate(100))
		w.clk.set(at(3, 12, 0))
		w.play(w.p1, 10_000, 0)
		w.play(w.other, 5_000, 0)
		// What a crash after the first batch leaves: other's payout
		// committed (written through the same path, by other's own process
		// call), the run's row still running, top's and mid's unpaid.
		w.clk.set(at(4, 0, 2))
		if done, err := w.svc.Process(ctx, "demo", w.other, agent.DailySalary); err != nil || len(done) != 1 {
			t.Fatalf("other's payout: %+v %v", done, err)
		}
		if _, err := db.Write().ExecContext(ctx, `INSERT INTO agent_settlement_runs (merchant_code, kind, period, period_start, period_end, state, started_at)
			VALUES ('demo', 'daily_salary', 'daily', $1, $2, 'running', $3)`, at(3, 0, 0).UnixMilli(), at(4, 0, 0).UnixMilli(), at(4, 0, 2).UnixMilli()); err != nil {
			t.Fatal(err)
		}
		// Not yet: the run may still be running in another process.
		if _, err := w.svc.SettleDue(ctx); err != nil {
			t.Fatal(err)
		}
		if w.balance(w.top) != 0 {
			t.Fatal("a run still running was taken over at once")
		}
		w.clk.set(at(4, 0, 10))
		if _, err := w.svc.SettleDue(ctx); err != nil {
			t.Fatal(err)
		}
		runs, _, err := w.svc.Runs(ctx, "demo", agent.DailySalary, 1, 10)
		if err != nil || len(runs) != 1 || runs[0].State != agent.RunDone || runs[0].Contracts != 3 || runs[0].Paid != 3 || runs[0].Amount != 350 {
			t.Fatalf("runs after the resume: %+v %v", runs, err)
		}
		if w.balance(w.other) != 50 || w.balance(w.top) != 200-100 || w.balance(w.mid) != 100 {
			t.Fatalf("balances: top %d mid %d other %d", w.balance(w.top), w.balance(w.mid), w.balance(w.other))
		}
		var moves int
		if err := db.Read().QueryRowContext(ctx, `SELECT COUNT(*) FROM wallet_transfers WHERE idempotency_key LIKE 'agentpay:%'`).Scan(&moves); err != nil || moves != 3 {
			t.Fatalf("payout moves %d (%v), want 3", moves, err)
		}
		w.verify()
	})
}
