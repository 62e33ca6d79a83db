package agent_test

import (
	"context"
	"testing"
	"time"

	"portal/internal/agent"
	"portal/internal/database"
	"portal/internal/dbtest"
	"portal/internal/report"
)

// day is a local day number of the demo merchant on November 2026 (0 and
// below reach back into October).
func day(d int) int64 {
	return (at(d, 12, 0).UnixMilli() + report.DefaultOffset.Milliseconds()) / 86_400_000
}

func (w *world) exec(query string, args ...any) {
	w.t.Helper()
	if _, err := w.db.Write().ExecContext(context.Background(), query, args...); err != nil {
		w.t.Fatalf("%s: %v", query, err)
	}
}

// memberDay writes a member's report figures of a day as the seamless
// wallet would have kept them (every bet placed that day).
func (w *world) memberDay(d int64, member, bets, wins, count int64) {
	w.t.Helper()
	w.exec(`INSERT INTO report_members (merchant_code, day, member_id, first_bet_hour, bets_placed, bet_count, bets, wins) VALUES ('demo', $1, $2, 1, $3, $3, $4, $5)
		ON CONFLICT (merchant_code, day, member_id) DO UPDATE SET bets_placed = excluded.bets_placed, bet_count = excluded.bet_count, bets = excluded.bets, wins = excluded.wins`,
		d, member, count, bets, wins)
}

// teamData is the figures the roll-up and report tests share; today is
// Wednesday 25 November 2026 (the week from Monday 23).
func (w *world) teamData() {
	w.t.Helper()
	w.clk.set(at(25, 10, 0))
	oct1 := time.Date(2026, 10, 1, 9, 0, 0, 0, zone).UnixMilli()
	w.exec(`UPDATE members SET created_at = $1 WHERE merchant_code = 'demo'`, oct1)
	w.exec(`UPDATE members SET created_at = $1 WHERE id = $2`, at(25, 8, 0).UnixMilli(), w.p1)
	w.memberDay(day(25), w.p1, 1000, 300, 2)
	w.memberDay(day(25), w.p2, 500, 0, 1)
	w.memberDay(day(25), w.other, 9999, 0, 1)
	w.memberDay(day(24), w.p2, 200, 500, 1)
	w.memberDay(day(23), w.mid, 100, 0, 1)
	w.memberDay(day(18), w.p3, 400, 100, 1)
	w.memberDay(day(20), w.p2, 50, 0, 1)
	w.memberDay(day(3), w.p1, 70, 0, 1)
	w.memberDay(day(-11), w.p1, 100, 0, 1) // 20 October
	now := at(25, 9, 0).UnixMilli()
	w.exec(`INSERT INTO payment_channels (merchant_code, code, name, kind, gateway, currency, min_amount, max_amount, created_at, updated_at)
		VALUES ('demo', 'tbank', 'T bank', 'bank', 'manual', 'USD', 1, 1000000, $1, $1)`, now)
	var channel int64
	if err := w.db.Read().QueryRowContext(context.Background(), `SELECT id FROM payment_channels WHERE code = 'tbank'`).Scan(&channel); err != nil {
		w.t.Fatal(err)
	}
	deposit := func(member, credit, creditedAt int64, req string) {
		w.exec(`INSERT INTO deposit_orders (merchant_code, member_id, channel_id, request_id, amount, fee, credit, currency, status, created_at, expires_at, credited_at)
			VALUES ('demo', $1, $2, $3, $4, 0, $4, 'USD', 'credited', $5, $5, $5)`, member, channel, req, credit, creditedAt)
	}
	deposit(w.p2, 700, now, "d1")
	deposit(w.p2, 800, 0, "d2") // not credited
	deposit(w.other, 900, now, "d3")
	w.exec(`INSERT INTO member_bank_accounts (merchant_code, member_id, bank_name, account_number, account_name, created_at) VALUES ('demo', $1, 'B', '1234', 'P One', $2)`, w.p1, now)
	var account int64
	if err := w.db.Read().QueryRowContext(context.Background(), `SELECT id FROM member_bank_accounts WHERE member_id = $1`, w.p1).Scan(&account); err != nil {
		w.t.Fatal(err)
	}
	w.exec(`INSERT INTO withdrawal_orders (merchant_code, member_id, bank_account_id, request_id, amount, currency, status, created_at, paid_at)
		VALUES ('demo', $1, $2, 'w1', 300, 'USD', 'paid', $3, $3)`, w.p1, account, now)
}

func (w *world) rollUp() {
	w.t.Helper()
	if err := w.svc.RollUp(context.Background()); err != nil {
		w.t.Fatalf("roll-up: %v", err)
	}
}

func (w *world) count(query string, args ...any) int64 {
	w.t.Helper()
	var n int64
	if err := w.db.Read().QueryRowContext(context.Background(), query, args...).Scan(&n); err != nil {
		w.t.Fatal(err)
	}
	return n
}

func TestRollUpAndOverview(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		w := newWorld(t, db)
		w.teamData()

		// One pass: today, yesterday (the latest day not final) and three
		// older days never rolled.
		w.rollUp()
		if n := w.count(`SELECT COUNT(*) FROM agent_rollups WHERE merchant_code = 'demo'`); n != 5 {
			t.Fatalf("rolled days after one pass = %d, want 5", n)
		}
		if n := w.count(`SELECT COUNT(*) FROM agent_rollups WHERE merchant_code = 'demo' AND final = 1 AND day >= $1 AND day <= $2`, day(21), day(24)); n != 4 {
			t.Fatalf("final earlier days = %d, want 4", n)
		}
		if n := w.count(`SELECT final FROM agent_rollups WHERE merchant_code = 'demo' AND day = $1`, day(25)); n != 0 {
			t.Fatal("today is marked final")
		}
		// Later passes backfill the 62 days before today.
		for i := 0; i < 30 && w.count(`SELECT COUNT(*) FROM agent_rollups WHERE merchant_code = 'demo'`) < 63; i++ {
			w.rollUp()
		}
		if n := w.count(`SELECT COUNT(*) FROM agent_rollups WHERE merchant_code = 'demo'`); n != 63 {
			t.Fatalf("rolled days = %d, want 63", n)
		}
		if n := w.count(`SELECT COUNT(*) FROM agent_team_days WHERE day = $1`, day(25)); n != 3 {
			t.Fatalf("agents' rows today = %d, want 3 (top, mid, other)", n)
		}

		o, err := w.svc.Overview(ctx, "demo", w.top)
		if err != nil {
			t.Fatal(err)
		}
		want := agent.OverviewPeriods{
			Today:     agent.PeriodFigures{NewMembers: 1, ActiveMembers: 2, Deposits: 700, Withdrawals: 300, ValidBet: 1500, ProfitLoss: -1200, BetCount: 3},
			Yesterday: agent.PeriodFigures{ActiveMembers: 1, ValidBet: 200, ProfitLoss: 300, BetCount: 1},
			ThisWeek:  agent.PeriodFigures{NewMembers: 1, ActiveMembers: 3, Deposits: 700, Withdrawals: 300, ValidBet: 1800, ProfitLoss: -1000, BetCount: 5},
			LastWeek:  agent.PeriodFigures{ActiveMembers: 2, ValidBet: 450, ProfitLoss: -350, BetCount: 2},
			ThisMonth: agent.PeriodFigures{NewMembers: 1, ActiveMembers: 4, Deposits: 700, Withdrawals: 300, ValidBet: 2320, ProfitLoss: -1420, BetCount: 8},
			LastMonth: agent.PeriodFigures{NewMembers: 4, ActiveMembers: 1, ValidBet: 100, ProfitLoss: -100, BetCount: 1},
		}
		if o.Periods != want {
			t.Fatalf("periods:\n got %+v\nwant %+v", o.Periods, want)
		}
		if o.TeamSize != 5 || o.DirectCount != 2 || o.AsOf != at(25, 10, 0).UnixMilli() {
			t.Fatalf("team %d, directs %d, as of %d", o.TeamSize, o.DirectCount, o.AsOf)
		}
		if len(o.Chart) != 30 || o.Chart[0].Day != "2026-10-27" || o.Chart[29].Day != "2026-11-25" {
			t.Fatalf("chart: %d days, %+v .. %+v", len(o.Chart), o.Chart[0], o.Chart[len(o.Chart)-1])
		}
		if c := o.Chart[29]; c.ValidBet != 1500 || c.ProfitLoss != -1200 || c.ActiveMembers != 2 || c.NewMembers != 1 || c.Deposits != 700 || c.Withdrawals != 300 {
			t.Fatalf("chart today: %+v", c)
		}
		if c := o.Chart[28]; c.ValidBet != 200 || c.ProfitLoss != 300 {
			t.Fatalf("chart yesterday: %+v", c)
		}

		m, err := w.svc.Overview(ctx, "demo", w.mid)
		if err != nil {
			t.Fatal(err)
		}
		if m.TeamSize != 3 || m.DirectCount != 2 || m.Periods.Today.ValidBet != 1500 || m.Periods.ThisWeek.ActiveMembers != 3 || m.Periods.LastWeek.ValidBet != 50 {
			t.Fatalf("mid's overview: %+v", m)
		}
		// The other agent sees only itself.
		x, err := w.svc.Overview(ctx, "demo", w.other)
		if err != nil {
			t.Fatal(err)
		}
		if x.TeamSize != 1 || x.Periods.Today.ValidBet != 9999 || x.Periods.Today.Deposits != 900 {
			t.Fatalf("other's overview: %+v", x.Periods.Today)
		}

		// A final day is not rolled again; today is, at every pass.
		w.memberDay(day(20), w.p2, 5000, 0, 1)
		w.memberDay(day(25), w.p3, 10, 0, 1)
		w.clk.set(at(25, 10, 1))
		w.rollUp()
		if o, err = w.svc.Overview(ctx, "demo", w.top); err != nil {
			t.Fatal(err)
		}
		if o.Periods.LastWeek.ValidBet != 450 || o.Periods.Today.ValidBet != 1510 || o.Periods.Today.ActiveMembers != 3 || o.AsOf != at(25, 10, 1).UnixMilli() {
			t.Fatalf("after another pass: last week %+v, today %+v", o.Periods.LastWeek, o.Periods.Today)
		}
	})
}

func TestOverviewBeforeAnyRollUp(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newWorld(t, db)
		w.clk.set(at(25, 10, 0))
		o, err := w.svc.Overview(context.Background(), "demo", w.top)
		if err != nil {
			t.Fatal(err)
		}
		if o.TeamSize != 5 || o.DirectCount != 2 || o.AsOf != 0 || len(o.Chart) != 30 || o.Periods.Today != (agent.PeriodFigures{}) {
			t.Fatalf("overview without rows: %+v", o)
		}
	})
}
