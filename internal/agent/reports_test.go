package agent_test

import (
	"bytes"
	"context"
	"errors"
	"strconv"
	"strings"
	"testing"

	"portal/internal/agent"
	"portal/internal/database"
	"portal/internal/dbtest"
	"portal/internal/identity"
)

func TestTeamProfitLossAndCSV(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		w := newWorld(t, db)
		w.teamData()
		q := agent.TeamQuery{Merchant: "demo", AgentID: w.top, From: day(1), To: day(26)}
		p, err := w.svc.TeamProfitLoss(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		want := []agent.PLRow{
			{MemberID: w.p1, Username: "pone01", Depth: 2, ValidBet: 1070, Wins: 300, ProfitLoss: -770, BetCount: 3},
			{MemberID: w.p3, Username: "pthree01", Depth: 1, ValidBet: 400, Wins: 100, ProfitLoss: -300, BetCount: 1},
			{MemberID: w.p2, Username: "ptwo01", Depth: 2, ValidBet: 750, Wins: 500, ProfitLoss: -250, BetCount: 3},
			{MemberID: w.mid, Username: "mid01", Depth: 1, ValidBet: 100, Wins: 0, ProfitLoss: -100, BetCount: 1},
		}
		if p.Total != 4 || len(p.List) != 4 || p.Summary != (agent.PLSummary{ValidBet: 2320, Wins: 900, ProfitLoss: -1420, BetCount: 8}) {
			t.Fatalf("profit and loss: %+v", p)
		}
		for i := range want {
			if p.List[i] != want[i] {
				t.Fatalf("row %d: got %+v, want %+v", i, p.List[i], want[i])
			}
		}
		q.Page, q.PageSize = 2, 2
		if p, err = w.svc.TeamProfitLoss(ctx, q); err != nil || p.Total != 4 || len(p.List) != 2 || p.List[0].MemberID != w.p2 || p.List[1].MemberID != w.mid {
			t.Fatalf("page 2: %+v %v", p, err)
		}
		q.Page, q.PageSize, q.Username = 0, 0, "pt"
		if p, err = w.svc.TeamProfitLoss(ctx, q); err != nil || p.Total != 2 || p.Summary.ValidBet != 1150 {
			t.Fatalf("prefix pt: %+v %v", p, err)
		}
		// The middle agent's team holds neither p3 nor top.
		if p, err = w.svc.TeamProfitLoss(ctx, agent.TeamQuery{Merchant: "demo", AgentID: w.mid, From: day(1), To: day(26)}); err != nil || p.Total != 3 || p.List[0].Depth != 1 {
			t.Fatalf("mid's profit and loss: %+v %v", p, err)
		}
		for _, r := range p.List {
			if r.MemberID == w.p3 || r.MemberID == w.other {
				t.Fatalf("outside member listed: %+v", r)
			}
		}
		if _, err := w.svc.TeamProfitLoss(ctx, agent.TeamQuery{Merchant: "demo", AgentID: w.top, From: day(1), To: day(1) + 367}); !errors.Is(err, agent.ErrRangeInvalid) {
			t.Fatalf("367 days: %v", err)
		}
		if _, err := w.svc.TeamProfitLoss(ctx, agent.TeamQuery{Merchant: "demo", AgentID: w.top, From: day(5), To: day(5)}); !errors.Is(err, agent.ErrRangeInvalid) {
			t.Fatalf("empty period: %v", err)
		}

		// A name that a spreadsheet would run as a formula is quoted.
		evil, err := w.ids.Open(ctx, identity.NewMember{MerchantCode: "demo", Username: "=cmd01", Password: "Secret@123", UplineID: w.mid})
		if err != nil {
			t.Fatal(err)
		}
		w.memberDay(day(25), evil, 5, 0, 1)
		var buf bytes.Buffer
		if err := w.svc.TeamProfitLossCSV(ctx, agent.TeamQuery{Merchant: "demo", AgentID: w.top, From: day(1), To: day(26)}, &buf); err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
		if len(lines) != 6 || lines[0] != "memberId,username,depth,validBet,wins,profitLoss,betCount" {
			t.Fatalf("csv:\n%s", buf.String())
		}
		if !strings.Contains(buf.String(), ",'=cmd01,2,5,0,-5,1\n") || !strings.HasPrefix(lines[1], strconv.FormatInt(w.p1, 10)+",pone01,2,1070,300,-770,3") {
			t.Fatalf("csv rows:\n%s", buf.String())
		}
	})
}

func TestTeamBets(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		w := newWorld(t, db)
		w.clk.set(at(25, 10, 0))
		w.exec(`INSERT INTO vendors (code, name, game_type) VALUES ('TV', 'Test vendor', 'RNG')`)
		w.exec(`INSERT INTO games (game_code, vassalage, game_type, names) VALUES ('tg1', 'TV', 'RNG', '{"EN":"Tiger","CN":"老虎"}')`)
		round := func(id string, member int64, mode string, stake, win, refunded int64, closed int, openedAt int64) {
			w.exec(`INSERT INTO game_rounds (vendor_code, round_id, merchant_code, member_id, game_code, game_type, currency, mode, stake, win, refunded, closed, opened_at, closed_at)
				VALUES ('TV', $1, 'demo', $2, 'tg1', 'RNG', 'USD', $3, $4, $5, $6, $7, $8, $8)`, id, member, mode, stake, win, refunded, closed, openedAt)
		}
		round("r1", w.p1, "real", 100, 250, 0, 1, at(25, 9, 0).UnixMilli())
		round("r2", w.p1, "real", 40, 0, 40, 1, at(25, 9, 30).UnixMilli()) // refunded
		round("r3", w.p3, "real", 60, 0, 0, 0, at(24, 20, 0).UnixMilli())  // open
		round("r4", w.p2, "play", 500, 0, 0, 1, at(25, 8, 0).UnixMilli())  // play money
		round("r5", w.other, "real", 900, 0, 0, 1, at(25, 8, 0).UnixMilli())
		round("r6", w.p2, "real", 70, 0, 0, 1, at(22, 23, 0).UnixMilli()) // before the period

		q := agent.TeamQuery{Merchant: "demo", AgentID: w.top, From: day(23), To: day(26), Language: "cn"}
		p, err := w.svc.TeamBets(ctx, q)
		if err != nil {
			t.Fatal(err)
		}
		if p.Total != 3 || len(p.List) != 3 || p.Summary != (agent.BetSummary{Stake: 160, Payout: 250, ProfitLoss: 90}) {
			t.Fatalf("bets: %+v", p)
		}
		b := p.List[0]
		if b.Username != "pone01" || b.Status != "rolled_back" || b.Stake != 0 || b.GameName != "老虎" || b.Vendor != "TV" || b.GameCode != "tg1" || b.GameType != "RNG" {
			t.Fatalf("newest bet: %+v", b)
		}
		if b := p.List[1]; b.Status != "settled" || b.Stake != 100 || b.Payout != 250 || b.ProfitLoss != 150 || b.OpenedAt != at(25, 9, 0).UnixMilli() {
			t.Fatalf("second bet: %+v", b)
		}
		if b := p.List[2]; b.Username != "pthree01" || b.Status != "open" || b.ProfitLoss != -60 {
			t.Fatalf("third bet: %+v", b)
		}
		q.Username, q.Language = "PONE01", ""
		if p, err = w.svc.TeamBets(ctx, q); err != nil || p.Total != 2 || p.List[0].GameName != "Tiger" {
			t.Fatalf("p1's bets: %+v %v", p, err)
		}
		q.Username = "other01"
		if _, err := w.svc.TeamBets(ctx, q); !errors.Is(err, agent.ErrNotInTeam) {
			t.Fatalf("outside member: %v", err)
		}
		if _, err := w.svc.TeamBets(ctx, agent.TeamQuery{Merchant: "demo", AgentID: w.top, From: day(1), To: day(1) + 32}); !errors.Is(err, agent.ErrRangeInvalid) {
			t.Fatalf("32 days: %v", err)
		}
		// The middle agent does not see p3's round.
		if p, err = w.svc.TeamBets(ctx, agent.TeamQuery{Merchant: "demo", AgentID: w.mid, From: day(23), To: day(26)}); err != nil || p.Total != 2 {
			t.Fatalf("mid's bets: %+v %v", p, err)
		}
	})
}

func TestTeamIncomeAndTransactions(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		w := newWorld(t, db)
		w.clk.set(at(25, 10, 0))
		now := at(25, 10, 0).UnixMilli()
		contract := func(upline any, member int64, kind, period string) int64 {
			w.exec(`INSERT INTO agent_contracts (merchant_code, kind, period, upline_id, member_id, tiers, active_min_bet, top_rate, state, offered_at)
				VALUES ('demo', $1, $2, $3, $4, '[]', 0, 100, 'active', $5)`, kind, period, upline, member, now)
			return w.count(`SELECT MAX(id) FROM agent_contracts`)
		}
		c1 := contract(nil, w.top, "daily_salary", "daily")
		c2 := contract(w.top, w.mid, "daily_salary", "daily")
		c3 := contract(w.top, w.mid, "dividend", "weekly")
		payout := func(c int64, kind, period string, payer any, member int64, start int64, amount int64, state string) {
			w.exec(`INSERT INTO agent_payouts (merchant_code, contract_id, kind, period, period_start, period_end, payer_id, member_id, team_size, active_members,
				valid_bet, profit_loss, base, tier, rate, amount, state, created_at) VALUES ('demo', $1, $2, $3, $4, $4, $5, $6, 0, 0, 0, 0, 0, 0, 100, $7, $8, $4)`,
				c, kind, period, start, payer, member, amount, state)
		}
		payout(c1, "daily_salary", "daily", nil, w.top, at(24, 0, 0).UnixMilli(), 1000, "paid")
		payout(c2, "daily_salary", "daily", w.top, w.mid, at(24, 0, 0).UnixMilli(), 400, "paid")
		payout(c2, "daily_salary", "daily", w.top, w.mid, at(23, 0, 0).UnixMilli(), 999, "insufficient")
		payout(c3, "dividend", "weekly", w.top, w.mid, at(16, 0, 0).UnixMilli(), 50, "paid")
		payout(c1, "daily_salary", "daily", nil, w.top, at(1, 0, 0).UnixMilli()-1, 7, "paid") // 31 October, before the period

		in, err := w.svc.Income(ctx, "demo", w.top, day(1), day(26))
		if err != nil {
			t.Fatal(err)
		}
		if in.Summary != (agent.IncomeTotals{Received: 1000, Paid: 450, Net: 550}) {
			t.Fatalf("summary: %+v", in.Summary)
		}
		kinds := map[agent.Kind]agent.IncomeTotals{}
		for _, k := range in.ByKind {
			kinds[k.Kind] = k.IncomeTotals
		}
		if len(in.ByKind) != 4 || kinds[agent.DailySalary] != (agent.IncomeTotals{Received: 1000, Paid: 400, Net: 600}) ||
			kinds[agent.Dividend] != (agent.IncomeTotals{Paid: 50, Net: -50}) || kinds[agent.HourlySalary] != (agent.IncomeTotals{}) {
			t.Fatalf("by kind: %+v", in.ByKind)
		}
		if len(in.ByDay) != 2 || in.ByDay[0] != (agent.IncomeDay{Day: "2026-11-16", IncomeTotals: agent.IncomeTotals{Paid: 50, Net: -50}}) ||
			in.ByDay[1] != (agent.IncomeDay{Day: "2026-11-24", IncomeTotals: agent.IncomeTotals{Received: 1000, Paid: 400, Net: 600}}) {
			t.Fatalf("by day: %+v", in.ByDay)
		}
		if m, err := w.svc.Income(ctx, "demo", w.mid, day(1), day(26)); err != nil || m.Summary != (agent.IncomeTotals{Received: 450, Net: 450}) {
			t.Fatalf("mid's income: %+v %v", m, err)
		}
		if _, err := w.svc.Income(ctx, "demo", w.top, day(1), day(1)+367); !errors.Is(err, agent.ErrRangeInvalid) {
			t.Fatalf("367 days: %v", err)
		}

		w.fund(w.p1, 500)
		w.fund(w.other, 300)
		from, to := at(25, 0, 0), at(26, 0, 0)
		tx, err := w.svc.TeamTransactions(ctx, "demo", w.top, "pone01", from, to, 1, 20)
		if err != nil {
			t.Fatal(err)
		}
		if tx.Total != 1 || len(tx.List) != 1 || tx.List[0].Amount != 500 || tx.List[0].Kind != "adjust" || tx.List[0].CreatedAt != now || tx.Page != 1 || tx.PageSize != 20 {
			t.Fatalf("p1's ledger: %+v", tx)
		}
		if tx, err = w.svc.TeamTransactions(ctx, "demo", w.top, "top01", from, to, 1, 500); err != nil || tx.Total != 0 || tx.PageSize != 100 {
			t.Fatalf("the agent's own ledger: %+v %v", tx, err)
		}
		for _, name := range []string{"other01", "nobody99"} {
			if _, err := w.svc.TeamTransactions(ctx, "demo", w.top, name, from, to, 1, 20); !errors.Is(err, agent.ErrNotInTeam) {
				t.Fatalf("%s: %v", name, err)
			}
		}
		if _, err := w.svc.TeamTransactions(ctx, "demo", w.mid, "pthree01", from, to, 1, 20); !errors.Is(err, agent.ErrNotInTeam) {
			t.Fatalf("p3 under mid: %v", err)
		}
	})
}
