package main

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime/pprof"
	"slices"
	"strconv"
	"time"

	"portal/internal/agent"
	"portal/internal/database"
	"portal/internal/rebate"
	"portal/internal/report"
	"portal/internal/wallet"
)

// Rebate and cashback at scale (issue 16): merchant demo with 100,000
// members (VIP levels 0-5) and 1,000,000 real-money rounds on the last day
// of the last ended week (game types RNG, LIVE, SPORTS, FISH; stakes
// 1.00-200.00, about half of them winning); the rates are the demo's seed
// (a daily auto rebate of 0.5% rising by level and a weekly auto cashback of
// 5%, capped). Then the wall time of one SettleDue paying that day's rebate
// and that week's cashback to every member owed, a second SettleDue that
// must pay nothing, and the ledger's Verify.
//
// The generator is bench-only: it writes members and game_rounds rows as
// the seamless wallet leaves them (the settlement reads only the rounds)
// and the members' ledger accounts at zero, no ledger transfers for the
// bets.

const (
	benchRebateMembers = 100_000
	benchRebateBets    = 1_000_000
)

func rebateBenches(portal, only string, members, bets int) error {
	fmt.Printf("\nrebate: merchant demo with %d members and %d rounds on the last day of the last ended week;\n", members, bets)
	fmt.Println("SettleDue in process (clock just after the week and its grace) pays the day's rebate and the week's cashback;")
	dir, err := os.MkdirTemp("", "portal-bench-rebate-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	if only != "postgres" {
		if err := rebateBench(portal, "SQLite", filepath.Join(dir, "rebate.db"), dir, members, bets); err != nil {
			return fmt.Errorf("sqlite: %w", err)
		}
	}
	if only != "sqlite" {
		dsn, drop, ok := postgresBenchDSN()
		if !ok {
			fmt.Println("PostgreSQL  skipped: no server at PORTAL_BENCH_POSTGRES (or the local default)")
		} else {
			defer drop()
			if err := rebateBench(portal, "PostgreSQL", dsn, dir, members, bets); err != nil {
				return fmt.Errorf("postgres: %w", err)
			}
		}
	}
	fmt.Println("goal: rebate + cashback settlement (both kinds) < 10 s")
	return nil
}

func rebateBench(portal, label, dsn, dir string, members, bets int) error {
	// The portal migrates and seeds the database, then stops: its jobs
	// would settle beside the timed call.
	addr, err := freeAddr()
	if err != nil {
		return err
	}
	_, stop, err := startPortal(portal, addr, dir, dsn)
	if err != nil {
		return err
	}
	stop()
	ctx := context.Background()
	db, err := database.Open(ctx, dsn)
	if err != nil {
		return err
	}
	defer db.Close()
	off := report.Offset("demo")
	// The last ended week and its last day (Sunday).
	weekStart, weekEnd := agent.Weekly.Bounds(time.Now().AddDate(0, 0, -7).UnixMilli(), off)
	dayStart := weekEnd - 24*time.Hour.Milliseconds()
	clock := time.UnixMilli(weekEnd).Add(6 * time.Minute)
	t0 := time.Now()
	if err := generateRounds(ctx, db, members, bets, dayStart); err != nil {
		return fmt.Errorf("generate: %w", err)
	}
	// The seed's rates, set as of the day's start (their first periods:
	// that day and that week).
	if _, err := db.Write().ExecContext(ctx, `DELETE FROM rebate_rates WHERE merchant_code = 'demo'`); err != nil {
		return err
	}
	setAt := func() time.Time { return time.UnixMilli(dayStart) }
	if _, err := rebate.NewService(db, wallet.NewService(db, setAt), rebate.Options{Now: setAt}).SetRates(ctx, "demo", rebate.SeedRates()); err != nil {
		return err
	}
	fmt.Printf("\n%-11s generated in %v: %d members, %d rounds on %s (week from %s)\n", label, time.Since(t0).Round(time.Second), members, bets,
		report.Day(dayNum(dayStart)), report.Day(dayNum(weekStart)))
	fmt.Printf("%-11s %-34s %10s %9s %9s %14s\n", "database", "step", "seconds", "periods", "payouts", "amount")
	svc := rebate.NewService(db, wallet.NewService(db, func() time.Time { return clock }), rebate.Options{Now: func() time.Time { return clock }})
	count := func() (n, amount int64, err error) {
		err = db.Read().QueryRowContext(ctx, `SELECT COUNT(*), COALESCE(SUM(amount), 0) FROM rebate_payouts`).Scan(&n, &amount)
		return n, amount, err
	}
	for _, step := range []string{"SettleDue (rebate + cashback)", "second SettleDue"} {
		before, beforeAmount, err := count()
		if err != nil {
			return err
		}
		t1 := time.Now()
		var periods int
		pprof.Do(ctx, pprof.Labels("phase", "rebate"), func(ctx context.Context) { periods, err = svc.SettleDue(ctx) })
		took := time.Since(t1)
		if err != nil {
			return fmt.Errorf("%s: %w", step, err)
		}
		after, afterAmount, err := count()
		if err != nil {
			return err
		}
		fmt.Printf("%-11s %-34s %10.2f %9d %9d %14d\n", label, step, took.Seconds(), periods, after-before, afterAmount-beforeAmount)
		if step == "second SettleDue" && (periods != 0 || after != before) {
			return fmt.Errorf("a second SettleDue settled %d periods and wrote %d payouts", periods, after-before)
		}
	}
	if v, err := wallet.NewService(db, time.Now).Verify(ctx); err != nil || len(v) > 0 {
		return fmt.Errorf("ledger after settlement: %d violations, %v", len(v), err)
	}
	return nil
}

// generateRounds writes members with VIP levels 0-5 and bets rounds
// spread over the day from dayStart.
func generateRounds(ctx context.Context, db *database.DB, members, bets int, dayStart int64) error {
	ids, err := benchMembersOf(ctx, db, "reb", 7, members)
	if err != nil {
		return err
	}
	if _, err := db.Write().ExecContext(ctx, `UPDATE members SET vip_level = id % 6 WHERE username LIKE 'reb%'`); err != nil {
		return err
	}
	// Members who played have ledger accounts (their stakes moved): open
	// them at zero, as the first bet did.
	accounts := make([][]any, len(ids))
	for i, id := range ids {
		accounts[i] = []any{"demo", wallet.KindMember, strconv.FormatInt(id, 10), "USD", 0, 0, dayStart}
	}
	if err := insertRows(ctx, db, "wallet_accounts", "merchant_code, kind, owner, currency, balance, may_go_negative, created_at", accounts, 500); err != nil {
		return err
	}
	r := rand.New(rand.NewPCG(16, 39))
	types := []string{"RNG", "LIVE", "SPORTS", "FISH"}
	const chunk = 50_000
	day := 24 * time.Hour.Milliseconds()
	// Rounds are written as they open, in time order (as the seamless
	// wallet writes them): the opening-time index follows the table.
	times := make([]int64, bets)
	for i := range times {
		times[i] = dayStart + r.Int64N(day)
	}
	slices.Sort(times)
	for from := 0; from < bets; from += chunk {
		rows := make([][]any, 0, min(chunk, bets-from))
		for i := from; i < min(from+chunk, bets); i++ {
			stake := int64(100 + r.IntN(20_000))
			win := int64(0)
			if r.IntN(2) == 0 {
				win = stake * int64(r.IntN(190)) / 100
			}
			at := times[i]
			rows = append(rows, []any{"SIM", "rb" + strconv.Itoa(i), "demo", ids[r.IntN(len(ids))], "g1", types[r.IntN(len(types))], "USD", "real", stake, win, 1, at, at})
		}
		if err := insertRows(ctx, db, "game_rounds", "vendor_code, round_id, merchant_code, member_id, game_code, game_type, currency, mode, stake, win, closed, opened_at, closed_at",
			rows, 500); err != nil {
			return err
		}
	}
	if db.Dialect == database.Postgres {
		if _, err := db.Write().ExecContext(ctx, `ANALYZE game_rounds`); err != nil {
			return err
		}
	}
	return nil
}
