package rebate_test

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"portal/internal/database"
	"portal/internal/dbtest"
	"portal/internal/identity"
	"portal/internal/merchant"
	"portal/internal/rebate"
	"portal/internal/report"
	"portal/internal/wallet"
)

type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time  { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) set(t time.Time) { c.mu.Lock(); c.t = t; c.mu.Unlock() }

var zone = time.FixedZone("", int(report.DefaultOffset.Seconds()))

// at is a local time of the demo merchant in November 2026 (the 2nd is a
// Monday).
func at(day, hour, minute int) time.Time { return time.Date(2026, 11, day, hour, minute, 0, 0, zone) }

type world struct {
	t      *testing.T
	db     *database.DB
	clk    *clock
	ledger *wallet.Service
	svc    *rebate.Service
	ids    *identity.Service
	rounds int
}

func newWorld(t *testing.T, db *database.DB) *world {
	t.Helper()
	if err := merchant.Seed(context.Background(), db); err != nil {
		t.Fatal(err)
	}
	w := &world{t: t, db: db, clk: &clock{t: at(2, 9, 0)}}
	w.ledger = wallet.NewService(db, w.clk.now)
	w.ids = identity.NewService(db, nil)
	w.svc = rebate.NewService(db, w.ledger, rebate.Options{Now: w.clk.now})
	return w
}

func (w *world) member(name string, vip int, typ identity.MemberType) int64 {
	w.t.Helper()
	id, err := w.ids.Open(context.Background(), identity.NewMember{MerchantCode: "demo", Username: name, Password: "Secret@123", VIPLevel: vip, Type: typ})
	if err != nil {
		w.t.Fatal(err)
	}
	return id
}

// round is a round as the seamless wallet keeps it (game_rounds, the table
// the settlement reads), with its money moved through the ledger as the
// bet and win callbacks move it.
func (w *world) round(member int64, gameType, mode string, stake, win, refunded int64, opened time.Time) {
	w.t.Helper()
	ctx := context.Background()
	w.rounds++
	id := strconv.Itoa(w.rounds)
	side := wallet.Side(wallet.KindVendor, "TV", "USD")
	if mode != "real" {
		side = wallet.Side(wallet.KindPlay, "TV", "USD")
	}
	move := func(key string, from, to wallet.Ref, amount int64, kind string) {
		if amount == 0 {
			return
		}
		if _, err := w.ledger.Move(ctx, wallet.Request{Merchant: "demo", Key: key, From: from, To: to, Amount: amount, Kind: kind}); err != nil {
			w.t.Fatal(err)
		}
	}
	move("fund:"+id, wallet.Side(wallet.KindAdjustment, "test", "USD"), wallet.Member(member, "USD"), stake, "adjust")
	move("vendor:TV:b"+id, wallet.Member(member, "USD"), side, stake, "bet")
	move("vendor:TV:w"+id, side, wallet.Member(member, "USD"), win, "win")
	move("vendor:TV:r"+id, side, wallet.Member(member, "USD"), refunded, "rollback")
	if _, err := w.db.Write().ExecContext(ctx, `INSERT INTO game_rounds (vendor_code, round_id, merchant_code, member_id, game_code, game_type, currency, mode,
		stake, win, refunded, closed, opened_at, closed_at) VALUES ('TV', $1, 'demo', $2, 'g1', $3, 'USD', $4, $5, $6, $7, 1, $8, $8)`,
		id, member, gameType, mode, stake, win, refunded, opened.UnixMilli()); err != nil {
		w.t.Fatal(err)
	}
}

func (w *world) balance(member int64) int64 {
	w.t.Helper()
	b, err := w.ledger.Balance(context.Background(), "demo", wallet.Member(member, "USD"))
	if err != nil {
		w.t.Fatal(err)
	}
	return b
}

func (w *world) verify() {
	w.t.Helper()
	v, err := w.ledger.Verify(context.Background())
	if err != nil || len(v) > 0 {
		w.t.Fatalf("ledger verify: %v %v", v, err)
	}
}

func (w *world) rates(rates ...rebate.Rate) {
	w.t.Helper()
	if _, err := w.svc.SetRates(context.Background(), "demo", rates); err != nil {
		w.t.Fatal(err)
	}
}

func (w *world) settle() int {
	w.t.Helper()
	n, err := w.svc.SettleDue(context.Background())
	if err != nil {
		w.t.Fatal(err)
	}
	return n
}

func TestSettleRebateAndCashback(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		w := newWorld(t, db)
		w.rates(
			rebate.Rate{Kind: rebate.KindRebate, Mode: rebate.ModeAuto, Period: "daily", RateBp: 50},
			rebate.Rate{Kind: rebate.KindRebate, Mode: rebate.ModeAuto, Period: "daily", VIPLevel: 2, RateBp: 100},
			rebate.Rate{Kind: rebate.KindRebate, Mode: rebate.ModeAuto, Period: "daily", GameType: "LIVE", RateBp: 20},
			rebate.Rate{Kind: rebate.KindCashback, Mode: rebate.ModeAuto, Period: "weekly", RateBp: 500, MinPayout: 100, Cap: 2_000},
		)
		ann := w.member("ann01", 0, identity.TypeMember)
		bob := w.member("bob01", 3, identity.TypeMember)
		trial := w.member("trial01", 0, identity.TypeTrial)
		w.round(ann, "RNG", "real", 10_000, 2_000, 0, at(2, 10, 0))
		w.round(ann, "LIVE", "real", 5_000, 0, 0, at(2, 11, 0))
		w.round(ann, "RNG", "real", 1_000, 0, 1_000, at(2, 12, 0)) // refunded: no valid bet
		w.round(bob, "RNG", "real", 20_000, 0, 0, at(2, 23, 59))
		w.round(bob, "RNG", "real", 70_000, 0, 0, at(3, 0, 0)) // the next day
		w.round(trial, "RNG", "trial", 50_000, 0, 0, at(2, 10, 0))

		// Before the day's end and grace nothing is due.
		w.clk.set(at(3, 0, 4))
		if n := w.settle(); n != 0 {
			t.Fatalf("settled %d periods before the grace", n)
		}
		annBefore, bobBefore := w.balance(ann), w.balance(bob)
		w.clk.set(at(3, 0, 6))
		if n := w.settle(); n != 1 {
			t.Fatalf("settled %d periods, want the 2nd", n)
		}
		// ann: RNG 10,000 x 0.5% + LIVE 5,000 x 0.2%; bob (VIP 3): 20,000 x 1%.
		if got := w.balance(ann) - annBefore; got != 50+10 {
			t.Fatalf("ann's rebate: %d", got)
		}
		if got := w.balance(bob) - bobBefore; got != 200 {
			t.Fatalf("bob's rebate: %d", got)
		}
		if b := w.balance(trial); b != 0 {
			t.Fatalf("trial account paid: %d", b)
		}
		runs, total, err := w.svc.Runs(ctx, "demo", "", 1, 20)
		if err != nil || total != 1 || runs[0].State != rebate.RunDone || runs[0].Members != 2 || runs[0].Amount != 260 || !runs[0].PeriodStart.Equal(at(2, 0, 0)) {
			t.Fatalf("runs: %+v %d %v", runs, total, err)
		}
		list, n, err := w.svc.RunPayouts(ctx, "demo", runs[0].ID, 1, 20)
		if err != nil || n != 2 || list[0].Base+list[1].Base != 35_000 {
			t.Fatalf("payouts: %+v %v", list, err)
		}
		var csv strings.Builder
		if err := w.svc.RunPayoutsCSV(ctx, "demo", runs[0].ID, &csv); err != nil || strings.Count(csv.String(), "\n") != 3 {
			t.Fatalf("csv: %q %v", csv.String(), err)
		}

		// Again: nothing twice.
		if n := w.settle(); n != 0 {
			t.Fatalf("second pass settled %d", n)
		}
		// An operator's re-run of the settled day pays nothing more.
		before := w.balance(ann)
		if r, err := w.svc.Rerun(ctx, "demo", rebate.KindRebate, at(2, 0, 0)); err != nil || r.Members != 2 || r.Amount != 260 {
			t.Fatalf("rerun: %+v %v", r, err)
		}
		if w.balance(ann) != before {
			t.Fatal("the re-run paid again")
		}
		if _, err := w.svc.Rerun(ctx, "demo", rebate.KindRebate, at(2, 1, 0)); !errors.Is(err, rebate.ErrPeriodInvalid) {
			t.Fatalf("rerun inside a period: %v", err)
		}
		if _, err := w.svc.Rerun(ctx, "demo", rebate.KindRebate, at(3, 0, 0)); !errors.Is(err, rebate.ErrPeriodInvalid) {
			t.Fatalf("rerun of a running period: %v", err)
		}

		// The week (Monday 2nd to Sunday 8th): ann's net loss is 15,000 -
		// 2,000 (the refunded round counts nothing): 5% is 650; bob's is
		// 90,000: 4,500, capped at 2,000.
		w.clk.set(at(9, 0, 6))
		annBefore, bobBefore = w.balance(ann), w.balance(bob)
		if n := w.settle(); n != 7 { // six more days of rebate, one week of cashback
			t.Fatalf("settled %d periods", n)
		}
		if got := w.balance(ann) - annBefore; got != 650 {
			t.Fatalf("ann's cashback: %d", got)
		}
		// bob: 3rd's rebate 70,000 x 1% and the capped cashback.
		if got := w.balance(bob) - bobBefore; got != 700+2_000 {
			t.Fatalf("bob's cashback and rebate: %d", got)
		}
		var side int64
		if side, err = w.ledger.Balance(ctx, "demo", wallet.Side(wallet.KindPromo, "cashback", "USD")); err != nil || side != -2_650 {
			t.Fatalf("cashback side: %d %v", side, err)
		}
		w.verify()
	})
}

// A run a crash left "running" is taken over: it pays the members it had
// not reached, and nobody twice.
func TestSettleTakesOverACrashedRun(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		w := newWorld(t, db)
		w.rates(rebate.Rate{Kind: rebate.KindRebate, Mode: rebate.ModeAuto, Period: "daily", RateBp: 100})
		ann := w.member("ann01", 0, identity.TypeMember)
		bob := w.member("bob01", 0, identity.TypeMember)
		w.round(ann, "RNG", "real", 10_000, 0, 0, at(2, 10, 0))
		w.clk.set(at(3, 0, 6))
		if n := w.settle(); n != 1 {
			t.Fatalf("settled %d", n)
		}
		// The crash: bob's round was not reached and the run stayed running.
		w.round(bob, "RNG", "real", 30_000, 0, 0, at(2, 11, 0))
		if _, err := db.Write().ExecContext(ctx, `UPDATE rebate_runs SET state = 'running', started_at = $1`, at(3, 0, 6).UnixMilli()); err != nil {
			t.Fatal(err)
		}
		annBefore := w.balance(ann)
		// Not stale yet: left alone.
		w.clk.set(at(3, 0, 7))
		if n := w.settle(); n != 0 || w.balance(bob) != 0 {
			t.Fatalf("a fresh running run was taken: %d", n)
		}
		w.clk.set(at(3, 0, 9))
		if n := w.settle(); n != 1 {
			t.Fatalf("takeover settled %d", n)
		}
		if w.balance(bob) != 300 || w.balance(ann) != annBefore {
			t.Fatalf("after takeover: bob %d, ann %d (was %d)", w.balance(bob), w.balance(ann), annBefore)
		}
		runs, _, err := w.svc.Runs(ctx, "demo", rebate.KindRebate, 1, 20)
		if err != nil || len(runs) != 1 || runs[0].State != rebate.RunDone || runs[0].Members != 2 || runs[0].Amount != 400 {
			t.Fatalf("run after takeover: %+v %v", runs, err)
		}
		w.verify()
	})
}

func TestSeedIsIdempotent(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		w := newWorld(t, db)
		for range 2 {
			if err := rebate.Seed(ctx, db); err != nil {
				t.Fatal(err)
			}
		}
		for _, m := range []string{"demo", "lucky"} {
			got, err := w.svc.Rates(ctx, m)
			if err != nil || len(got) != len(rebate.SeedRates()) {
				t.Fatalf("%s: %d rates, %v", m, len(got), err)
			}
		}
		// An operator's own rates are kept.
		w.rates(rebate.Rate{Kind: rebate.KindCashback, Mode: rebate.ModeManual, Period: "weekly", RateBp: 100})
		if err := rebate.Seed(ctx, db); err != nil {
			t.Fatal(err)
		}
		if got, _ := w.svc.Rates(ctx, "demo"); len(got) != 1 {
			t.Fatalf("seed replaced the operator's rates: %+v", got)
		}
	})
}
