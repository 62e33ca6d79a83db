package main

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"net/http"
	"os"
	"path/filepath"
	"runtime/pprof"
	"slices"
	"time"

	"portal/internal/agent"
	"portal/internal/database"
	"portal/internal/identity"
	"portal/internal/report"
	"portal/internal/wallet"
)

// The agent network at scale (issue 15): merchant demo with a team tree of
// 100,000 members (8 levels: agents at depths 0-6, about one member in
// ten an agent, the rest members at the leaves) and the aggregates of
// 1,000,000 bets over the last ended semi-monthly period; then the wall
// time of SettleDue paying one day of daily salary and that period's
// semi-monthly dividend to every agent, the roll-up of the team figures,
// and the latency of the top agent's team overview, one request at a time.
//
// The generator is bench-only. It writes the members with their uplines
// and the closure rows member_tree keeps (identity's linkTree writes the
// same for one account), and report_members rows exactly as report.Record
// keeps them (one per member and local day of report.Offset: stakes, wins,
// bets). It writes no ledger transfers for the bets: the settlement of
// day-long periods reads only the aggregates. The platform's two contracts
// with the top agent go through agent.Service Offer and Sign (clock set
// before the periods); the 19,998 contracts each agent gave its direct
// downline agents are written straight into agent_contracts as Sign leaves
// them (active, starting with the period measured), each at a lower rate
// than its upline's. Every agent is funded through the ledger with far more
// than it can owe, so no payout is insufficient.

const (
	benchAgentMembers = 100_000
	benchAgentBets    = 1_000_000
	// agentLevels: agents at depths 0 .. agentLevels-1, members one below.
	agentLevels = 7
	// agentFunding is each agent's opening balance (minor units).
	agentFunding = 10_000_000_000
	// rolledDays is how many days (today included) the roll-up fills
	// before the overview is timed: the overview's chart.
	rolledDays = 30
)

// agentBenches runs the figures on SQLite and, when it answers, on
// PostgreSQL.
func agentBenches(portal, only string, members, bets int) error {
	fmt.Printf("\nagents: merchant demo with a team of %d members (8 levels, about 10%% agents) and the aggregates of %d bets over the last ended semi-monthly period;\n",
		members, bets)
	fmt.Println("SettleDue in process (clock just after the periods end) pays every agent's daily salary for the period's last day and its semi-monthly dividend;")
	fmt.Printf("GET /wps/agent/overview of the top agent, one request at a time, %d samples\n", latencySamples)
	dir, err := os.MkdirTemp("", "portal-bench-agents-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	if only != "postgres" {
		if err := agentBench(portal, "SQLite", filepath.Join(dir, "agents.db"), dir, members, bets); err != nil {
			return fmt.Errorf("sqlite: %w", err)
		}
	}
	if only != "sqlite" {
		dsn, drop, ok := postgresBenchDSN()
		if !ok {
			fmt.Println("PostgreSQL  skipped: no server at PORTAL_BENCH_POSTGRES (or the local default)")
		} else {
			defer drop()
			if err := agentBench(portal, "PostgreSQL", dsn, dir, members, bets); err != nil {
				return fmt.Errorf("postgres: %w", err)
			}
		}
	}
	fmt.Println("goals: daily salary + semi-monthly dividend settlement < 10 s; overview p99 < 50 ms")
	return nil
}

// agentPeriods are the periods the settlement is timed on, in Unix ms.
type agentPeriods struct {
	// start, end: the last semi-monthly period that ended (its bets);
	// dayStart: its last local day (the daily salary's).
	start, end, dayStart int64
	// clock is just after both ended and their grace passed.
	clock time.Time
}

// lastSemiMonthly is the last semi-monthly period of the merchant's zone
// that ended before now (the same bounds as agent's Period.bounds).
func lastSemiMonthly(now time.Time, off time.Duration) agentPeriods {
	zone := time.FixedZone("", int(off.Seconds()))
	y, m, d := now.In(zone).Date()
	cur := time.Date(y, m, 16, 0, 0, 0, 0, zone)
	prev := time.Date(y, m, 1, 0, 0, 0, 0, zone)
	if d <= 15 {
		cur, prev = prev, time.Date(y, m-1, 16, 0, 0, 0, 0, zone)
	}
	return agentPeriods{start: prev.UnixMilli(), end: cur.UnixMilli(), dayStart: cur.AddDate(0, 0, -1).UnixMilli(),
		// A period's grace is a minute.
		clock: cur.Add(time.Minute + time.Second)}
}

// agentTree is what the generator wrote.
type agentTree struct {
	top, agents, members, closure, memberDays int
	topID                                     int64
}

func agentBench(portal, label, dsn, dir string, members, bets int) error {
	// The portal migrates and seeds the database, then stops: its jobs
	// would settle and roll up beside the timed calls.
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
	per := lastSemiMonthly(time.Now(), report.Offset("demo"))
	start := time.Now()
	g, err := generateTeam(ctx, db, per, members, bets)
	if err != nil {
		return fmt.Errorf("generate: %w", err)
	}
	fmt.Printf("\n%-11s generated in %v: %d members (%d agents), %d closure rows, %d member-days from %s to %s, %d contracts\n", label,
		time.Since(start).Round(time.Second), g.members, g.agents, g.closure, g.memberDays, report.Day(dayNum(per.start)), report.Day(dayNum(per.end)-1), 2*g.agents)

	fmt.Printf("%-11s %-44s %10s %9s %9s %9s %14s\n", "database", "step", "seconds", "payouts", "paid", "short", "amount")
	clock := func() time.Time { return per.clock }
	ledger := wallet.NewService(db, clock)
	settle := func(name string, kinds []agent.Kind, periodStart int64) (time.Duration, int, error) {
		svc := agent.NewService(db, ledger, agent.Options{Now: clock, Enabled: func(_ context.Context, _ string, k agent.Kind) bool { return slices.Contains(kinds, k) }})
		t0 := time.Now()
		var n int
		var err error
		// Labelled, so -cpuprofile can be focused on it (-tagfocus).
		pprof.Do(ctx, pprof.Labels("phase", "settle"), func(ctx context.Context) { n, err = svc.SettleDue(ctx) })
		took := time.Since(t0)
		if err != nil {
			return took, n, fmt.Errorf("%s: %w", name, err)
		}
		if len(kinds) > 1 {
			return took, n, nil
		}
		var count, paid, short, amount int64
		if err := db.Read().QueryRowContext(ctx, `SELECT COUNT(*), COALESCE(SUM(CASE WHEN state = 'paid' THEN 1 ELSE 0 END), 0),
			COALESCE(SUM(CASE WHEN state = 'insufficient' THEN 1 ELSE 0 END), 0), COALESCE(SUM(CASE WHEN state = 'paid' THEN amount ELSE 0 END), 0)
			FROM agent_payouts WHERE merchant_code = 'demo' AND kind = $1 AND period_start = $2`, kinds[0], periodStart).Scan(&count, &paid, &short, &amount); err != nil {
			return took, n, err
		}
		fmt.Printf("%-11s %-44s %10.2f %9d %9d %9d %14d\n", label, name, took.Seconds(), count, paid, short, amount)
		return took, n, nil
	}
	daily, n1, err := settle("daily salary, "+report.Day(dayNum(per.dayStart)), []agent.Kind{agent.DailySalary}, per.dayStart)
	if err != nil {
		return err
	}
	dividend, n2, err := settle("semi-monthly dividend, "+report.Day(dayNum(per.start))+" +15", []agent.Kind{agent.Dividend}, per.start)
	if err != nil {
		return err
	}
	fmt.Printf("%-11s %-44s %10.2f %9s\n", label, fmt.Sprintf("both (%d periods)", n1+n2), (daily + dividend).Seconds(), "")
	var before, after int64
	if err := db.Read().QueryRowContext(ctx, `SELECT COUNT(*) FROM agent_payouts`).Scan(&before); err != nil {
		return err
	}
	again, n3, err := settle("second SettleDue", agent.Kinds, 0)
	if err != nil {
		return err
	}
	if err := db.Read().QueryRowContext(ctx, `SELECT COUNT(*) FROM agent_payouts`).Scan(&after); err != nil {
		return err
	}
	fmt.Printf("%-11s %-44s %10.2f %9d   (periods settled: %d)\n", label, "second SettleDue, every kind", again.Seconds(), after-before, n3)
	if n3 != 0 || after != before {
		return fmt.Errorf("a second SettleDue settled %d periods and wrote %d payouts", n3, after-before)
	}
	if v, err := wallet.NewService(db, time.Now).Verify(ctx); err != nil || len(v) > 0 {
		return fmt.Errorf("ledger after settlement: %d violations, %v", len(v), err)
	}

	// The timed runs met agent_payouts empty, as a merchant's first
	// settlement does: its statistics said so. Fresh ones now, as a
	// database settling every day has (autovacuum's analyze); the catch-up
	// below then shows a day's settlement with them (no bets: nothing paid).
	if _, err := db.Write().ExecContext(ctx, `ANALYZE`); err != nil {
		return err
	}
	// Up to today, as a portal that settled every day would be, so the
	// portal's own job finds nothing to catch up beside the timed calls.
	live := agent.NewService(db, wallet.NewService(db, time.Now), agent.Options{})
	t0 := time.Now()
	caught := 0
	for {
		n, err := live.SettleDue(ctx)
		if err != nil {
			return fmt.Errorf("catch-up settlement: %w", err)
		}
		if caught += n; n == 0 {
			break
		}
	}
	caughtUp := time.Since(t0)
	// The seed's agent01 adds a few hourly and real-time periods of a
	// single contract: the daily ones are what the time is spent on.
	var days int
	if err := db.Read().QueryRowContext(ctx, `SELECT COUNT(*) FROM agent_settlement_runs WHERE merchant_code = 'demo' AND kind = $1 AND period_start > $2`,
		agent.DailySalary, per.dayStart).Scan(&days); err != nil {
		return err
	}
	fmt.Printf("%-11s %-44s %10.2f   (no goal: %d periods, %d of them daily salary of every agent without bets; %.2f s a day)\n", label,
		"settlement caught up to today", caughtUp.Seconds(), caught, days, caughtUp.Seconds()/float64(max(days, 1)))

	// The roll-up job, run until the chart's days are rolled.
	today := dayNum(time.Now().UnixMilli())
	t0 = time.Now()
	passes, rolled := 0, 0
	for ; passes < 40; passes++ {
		if err := db.Read().QueryRowContext(ctx, `SELECT COUNT(*) FROM agent_rollups WHERE merchant_code = 'demo' AND day > $1 AND day <= $2`,
			today-rolledDays, today).Scan(&rolled); err != nil {
			return err
		}
		if rolled >= rolledDays {
			break
		}
		var err error
		pprof.Do(ctx, pprof.Labels("phase", "rollup"), func(ctx context.Context) { err = live.RollUp(ctx) })
		if err != nil {
			return fmt.Errorf("roll-up: %w", err)
		}
	}
	took := time.Since(t0)
	var dayRows int64
	if err := db.Read().QueryRowContext(ctx, `SELECT COUNT(*) FROM agent_team_days WHERE merchant_code = 'demo'`).Scan(&dayRows); err != nil {
		return err
	}
	fmt.Printf("%-11s %-44s %10.2f %9s   (%d passes, %.2f s each; %d agent-day rows)\n", label, fmt.Sprintf("roll-up of the last %d days", rolled), took.Seconds(), "",
		passes, took.Seconds()/float64(max(passes, 1)), dayRows)

	// The top agent's overview through the portal.
	token, err := identity.NewService(db, time.Now).CreateSession(ctx, g.topID, "127.0.0.1", "portal-bench")
	if err != nil {
		return err
	}
	addr, err = freeAddr()
	if err != nil {
		return err
	}
	started := time.Now()
	_, stop, err = startPortal(portal, addr, dir, dsn)
	if err != nil {
		return err
	}
	defer stop()
	// The portal's roll-up job runs at start: let its first pass end, as
	// it would have long before on a portal running for days.
	for deadline := time.Now().Add(2 * time.Minute); time.Now().Before(deadline); time.Sleep(200 * time.Millisecond) {
		var at int64
		if err := db.Read().QueryRowContext(ctx, `SELECT COALESCE(MAX(rolled_at), 0) FROM agent_rollups WHERE merchant_code = 'demo' AND day = $1`, today).Scan(&at); err != nil {
			return err
		}
		if at >= started.UnixMilli() {
			break
		}
	}
	client := &http.Client{Timeout: 30 * time.Second}
	overview := func() (agent.Overview, error) {
		var ov agent.Overview
		req, _ := http.NewRequest(http.MethodGet, "http://"+addr+"/wps/agent/overview", nil)
		req.Header.Set("Merchant", "demo")
		req.Header.Set("Authorization", "Bearer "+token)
		res, err := client.Do(req)
		if err != nil {
			return ov, err
		}
		defer res.Body.Close()
		return ov, decodeAnswer(res, &ov)
	}
	for range 2 {
		ov, err := overview()
		if err != nil {
			return fmt.Errorf("overview: %w", err)
		}
		if ov.TeamSize != int64(g.members) {
			return fmt.Errorf("overview: team size %d, want %d", ov.TeamSize, g.members)
		}
	}
	var samples []time.Duration
	for range latencySamples {
		t0 := time.Now()
		if _, err := overview(); err != nil {
			return fmt.Errorf("overview: %w", err)
		}
		samples = append(samples, time.Since(t0))
	}
	slices.Sort(samples)
	fmt.Printf("%-11s %-44s p50 %.1f ms, p99 %.1f ms, max %.1f ms (%d samples, team of %d)\n", label, "team overview of the top agent",
		ms(samples[len(samples)/2]), ms(samples[len(samples)*99/100]), ms(samples[len(samples)-1]), len(samples), g.members)
	return nil
}

// dayNum is the local day of demo's reporting zone holding t (Unix ms).
func dayNum(t int64) int64 {
	const msDay = 24 * 60 * 60 * 1000
	v := t + report.Offset("demo").Milliseconds()
	if v < 0 {
		return (v - msDay + 1) / msDay
	}
	return v / msDay
}

// agentLevelSizes splits agents over agentLevels levels growing by a
// constant factor, the last level taking what rounding left.
func agentLevelSizes(agents int) []int {
	lo, hi := 1.0, float64(agents)
	for range 100 {
		r := (lo + hi) / 2
		sum := 0.0
		for d := range agentLevels {
			sum += math.Pow(r, float64(d))
		}
		if sum > float64(agents) {
			hi = r
		} else {
			lo = r
		}
	}
	sizes := make([]int, agentLevels)
	left := agents
	for d := range agentLevels - 1 {
		sizes[d] = max(1, int(math.Round(math.Pow(lo, float64(d)))))
		left -= sizes[d]
	}
	sizes[agentLevels-1] = max(1, left)
	return sizes
}

// generateTeam writes the tree, its closure, the bets' aggregates over the
// period, the contracts and the agents' funding.
func generateTeam(ctx context.Context, db *database.DB, per agentPeriods, n, bets int) (agentTree, error) {
	out := agentTree{members: n}
	r := rand.New(rand.NewPCG(15, 8))
	nowMs := time.Now().UnixMilli()
	const msDay = 24 * 60 * 60 * 1000
	var currency string
	if err := db.Read().QueryRowContext(ctx, `SELECT currency FROM merchants WHERE code = 'demo'`).Scan(&currency); err != nil {
		return out, err
	}
	var firstID int64
	if err := db.Read().QueryRowContext(ctx, `SELECT COALESCE(MAX(id), 0) + 1 FROM members`).Scan(&firstID); err != nil {
		return out, err
	}
	// Agents level by level, each under a random agent of the level above;
	// then the members, each under a random agent. Parents come first.
	sizes := agentLevelSizes(max(n/10, agentLevels))
	parent := make([]int, 0, n) // index of the upline, -1 for the top
	depth := make([]int, 0, n)
	var levelStart []int
	for d, size := range sizes {
		levelStart = append(levelStart, len(parent))
		for range size {
			p := -1
			if d > 0 {
				p = levelStart[d-1] + r.IntN(sizes[d-1])
			}
			parent, depth = append(parent, p), append(depth, d)
		}
	}
	agents := len(parent)
	if agents >= n {
		return out, fmt.Errorf("%d members are too few for %d agents", n, agents)
	}
	for len(parent) < n {
		p := r.IntN(agents)
		parent, depth = append(parent, p), append(depth, depth[p]+1)
	}
	out.agents, out.topID = agents, firstID
	id := func(i int) int64 { return firstID + int64(i) }

	// Members, 500 a statement.
	var rows [][]any
	for i := range n {
		var up any
		if parent[i] >= 0 {
			up = id(parent[i])
		}
		typ, name := 0, fmt.Sprintf("bm%07d", i)
		if i < agents {
			typ, name = int(identity.TypeAgent1), fmt.Sprintf("ba%07d", i)
		}
		// Passwords changed today: none is past the merchant's expiry (the
		// top agent's session would be held to the change).
		created := nowMs - r.Int64N(365*msDay)
		rows = append(rows, []any{id(i), "demo", name, "!", "", typ, up, "{}", nowMs, 0, created})
	}
	if err := chunked(ctx, db, "members", "id, merchant_code, username, password_hash, payment_password_hash, type, upline_id, profile, password_changed_at, must_change_password, created_at",
		rows, 500, 500); err != nil {
		return out, err
	}
	if db.Dialect == database.Postgres {
		// The id sequence must pass the rows written with ids.
		if _, err := db.Write().ExecContext(ctx, `SELECT setval(pg_get_serial_sequence('members', 'id'), (SELECT MAX(id) FROM members))`); err != nil {
			return out, err
		}
	}

	// The closure: every member with itself (depth 0) and each upline, in
	// key order.
	rows = rows[:0]
	for i := range n {
		for a, d := i, 0; a >= 0; a, d = parent[a], d+1 {
			rows = append(rows, []any{id(a), id(i), int64(d)})
		}
	}
	slices.SortFunc(rows, func(a, b []any) int {
		if c := compareCell(a[0], b[0]); c != 0 {
			return c
		}
		return compareCell(a[1], b[1])
	})
	out.closure = len(rows)
	if err := chunked(ctx, db, "member_tree", "ancestor_id, member_id, depth", rows, 1000, 100); err != nil {
		return out, err
	}

	// The bets, aggregated as report.Record keeps them: anyone of the team
	// may play, some far more than others (a power law over a shuffled
	// order, so the heavy players sit anywhere in the tree).
	type key struct{ day, member int64 }
	type agg struct{ firstHour, count, bets, wins int64 }
	days := map[key]*agg{}
	order := r.Perm(n)
	const msHour = 60 * 60 * 1000
	for range bets {
		member := id(order[int(float64(n)*math.Pow(r.Float64(), 2.5))])
		at := per.start + r.Int64N(per.end-per.start)
		stake := (1 + r.Int64N(100)) * 100
		var win int64
		// The house keeps about 5 %: teams mostly lose, so dividends pay.
		switch x := r.IntN(100); {
		case x < 44:
			win = stake * 2
		case x < 46:
			win = stake * 3
		case x < 47:
			win = stake * 5
		}
		k := key{dayNum(at), member}
		a := days[k]
		if a == nil {
			a = &agg{firstHour: at / msHour}
			days[k] = a
		}
		a.firstHour = min(a.firstHour, at/msHour)
		a.count++
		a.bets += stake
		a.wins += win
	}
	rows = rows[:0]
	for k, a := range days {
		rows = append(rows, []any{"demo", k.day, k.member, a.firstHour, a.count, a.count, a.bets, a.wins})
	}
	slices.SortFunc(rows, func(a, b []any) int {
		if c := compareCell(a[1], b[1]); c != 0 {
			return c
		}
		return compareCell(a[2], b[2])
	})
	out.memberDays = len(rows)
	if err := chunked(ctx, db, "report_members", "merchant_code, day, member_id, first_bet_hour, bets_placed, bet_count, bets, wins", rows, 1000, 100); err != nil {
		return out, err
	}

	// The platform's contracts with the top agent, offered and signed the
	// hour before each period began.
	daily := func(d int) []agent.Tier {
		top := int64(100 - 10*d)
		return []agent.Tier{{Rate: top / 2}, {ValidBet: 1_000_000, ActiveMembers: 5, Rate: top}}
	}
	dividend := func(d int) []agent.Tier {
		top := int64(3000 - 300*d)
		return []agent.Tier{{Rate: top / 2}, {ValidBet: 10_000_000, ActiveMembers: 10, Loss: 100_000, Rate: top}}
	}
	for _, o := range []struct {
		offer  agent.Offer
		starts int64
	}{
		{agent.Offer{Kind: agent.DailySalary, Tiers: daily(0), ActiveMinBet: 1_000}, per.dayStart},
		{agent.Offer{Kind: agent.Dividend, Period: agent.SemiMonthly, Tiers: dividend(0), ActiveMinBet: 1_000}, per.start},
	} {
		before := time.UnixMilli(o.starts).Add(-time.Hour)
		svc := agent.NewService(db, wallet.NewService(db, time.Now), agent.Options{Now: func() time.Time { return before }})
		o.offer.Merchant, o.offer.MemberID = "demo", out.topID
		c, err := svc.Offer(ctx, o.offer)
		if err != nil {
			return out, fmt.Errorf("offer %s: %w", o.offer.Kind, err)
		}
		if c, err = svc.Sign(ctx, "demo", out.topID, c.ID); err != nil {
			return out, fmt.Errorf("sign %s: %w", o.offer.Kind, err)
		}
		if c.StartsAt != o.starts {
			return out, fmt.Errorf("%s starts at %d, want %d", o.offer.Kind, c.StartsAt, o.starts)
		}
	}
	// Each agent's contracts with its direct downline agents, as Sign
	// leaves them, each a step below its upline's.
	tiersJSON := func(t []agent.Tier) string { b, _ := json.Marshal(t); return string(b) }
	rows = rows[:0]
	for i := 1; i < agents; i++ {
		d := depth[i]
		for _, c := range []struct {
			kind   agent.Kind
			period agent.Period
			tiers  []agent.Tier
			starts int64
		}{
			{agent.DailySalary, agent.Daily, daily(d), per.dayStart},
			{agent.Dividend, agent.SemiMonthly, dividend(d), per.start},
		} {
			rows = append(rows, []any{"demo", string(c.kind), string(c.period), id(parent[i]), id(i), tiersJSON(c.tiers), int64(1_000), c.tiers[len(c.tiers)-1].Rate,
				"active", c.starts - 2*msHour, c.starts - msHour, c.starts})
		}
	}
	if err := chunked(ctx, db, "agent_contracts", "merchant_code, kind, period, upline_id, member_id, tiers, active_min_bet, top_rate, state, offered_at, decided_at, starts_at",
		rows, 500, 50); err != nil {
		return out, err
	}

	// Every agent's balance, through the ledger like any adjustment.
	ledger := wallet.NewService(db, time.Now)
	for from := 0; from < agents; from += 500 {
		err := db.InTx(ctx, func(q database.Querier) error {
			for i := from; i < min(from+500, agents); i++ {
				if _, err := ledger.MoveIn(ctx, q, wallet.Request{Merchant: "demo", Key: fmt.Sprintf("bench-agent-fund-%d", id(i)),
					From: wallet.Side(wallet.KindAdjustment, "bench", currency), To: wallet.Member(id(i), currency), Amount: agentFunding, Kind: "adjust"}); err != nil {
					return err
				}
			}
			return nil
		})
		if err != nil {
			return out, fmt.Errorf("funding: %w", err)
		}
	}
	// Fresh statistics, as a database that grew to this size would have.
	_, err := db.Write().ExecContext(ctx, `ANALYZE`)
	return out, err
}

// chunked inserts rows 20,000 to a transaction, pg rows a statement on
// PostgreSQL and lite on SQLite (whose driver prepares statements of many
// parameters slowly).
func chunked(ctx context.Context, db *database.DB, table, cols string, rows [][]any, pg, lite int) error {
	per := pg
	if db.Dialect != database.Postgres {
		per = lite
	}
	for start := 0; start < len(rows); start += 20_000 {
		if err := insertRows(ctx, db, table, cols, rows[start:min(start+20_000, len(rows))], per); err != nil {
			return err
		}
	}
	return nil
}
