package httpapi

import (
	"context"
	"encoding/csv"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"portal/internal/catalog"
	"portal/internal/database"
	"portal/internal/dbtest"
	"portal/internal/identity"
	"portal/internal/operator"
	"portal/internal/provider"
	"portal/internal/wallet"
)

func init() {
	adminSampleAreas = append(adminSampleAreas, func(w *adminWorld) map[string]any {
		// demo has figures, so lucky's owner seeing none of them means
		// something.
		g := w.gambler("demo", "sample01", identity.TypeMember, "PG")
		g.round(500, 100)
		return map[string]any{
			"_path GET /admin/api/reports/ggr":     "/admin/api/reports/ggr?by=vendor",
			"_path GET /admin/api/reports/ggr.csv": "/admin/api/reports/ggr.csv?by=game",
		}
	})
}

// reportGambler is a funded member with a game session at a vendor.
type reportGambler struct {
	w        *adminWorld
	id       int64
	currency string
	vendor   string
	game     string
	token    string
	n        int
}

func (w *adminWorld) gambler(merchantCode, name string, typ identity.MemberType, vendor string) *reportGambler {
	w.t.Helper()
	ctx := context.Background()
	mer, err := w.s.Merchants.Lookup(ctx, merchantCode)
	if err != nil {
		w.t.Fatal(err)
	}
	id, err := w.s.Identity.Open(ctx, identity.NewMember{MerchantCode: merchantCode, Username: name, Password: "Secret@123", Type: typ})
	if err != nil {
		w.t.Fatal(err)
	}
	side := wallet.Side(wallet.KindAdjustment, "test", mer.Currency)
	if typ.IsTrial() {
		side = wallet.Side(wallet.KindPlay, "trial", mer.Currency)
	}
	if _, err := w.s.Wallet.Move(ctx, wallet.Request{Merchant: merchantCode, Key: "fund-" + name, From: side, To: wallet.Member(id, mer.Currency),
		Amount: 1_000_000, Kind: "adjust"}); err != nil {
		w.t.Fatal(err)
	}
	page, err := w.s.Catalog.List(ctx, merchantCode, catalog.ListQuery{Vendor: vendor, Page: 1, Size: 1})
	if err != nil || len(page.Games) == 0 {
		w.t.Fatalf("no %s game: %v", vendor, err)
	}
	m, err := w.s.Identity.Member(ctx, id)
	if err != nil {
		w.t.Fatal(err)
	}
	l, err := w.s.Games.StartGame(ctx, w.s.Catalog, provider.LaunchRequest{Merchant: merchantCode, Member: m, Vendor: vendor, GameCode: page.Games[0].GameCode, Language: "EN"})
	if err != nil {
		w.t.Fatal(err)
	}
	u, _ := url.Parse(l.URL)
	return &reportGambler{w: w, id: id, currency: mer.Currency, vendor: vendor, game: page.Games[0].GameCode, token: u.Query().Get("token")}
}

// round stakes and wins on a new round (win 0: a loss).
func (g *reportGambler) round(stake, win int64) string {
	g.w.t.Helper()
	g.n++
	round := fmt.Sprintf("RR%d-%d", g.id, g.n)
	player := strconv.FormatInt(g.id, 10)
	for _, c := range []struct {
		op string
		cb provider.Callback
	}{
		{provider.OpBet, provider.Callback{Token: g.token, Player: player, Currency: g.currency, GameCode: g.game, RoundID: round, TransactionID: round + "-b", Amount: stake}},
		{provider.OpWin, provider.Callback{Player: player, Currency: g.currency, RoundID: round, TransactionID: round + "-w", ReferenceTransactionID: round + "-b",
			Amount: win, RoundClosed: true}},
	} {
		if a := g.w.s.Games.Apply(context.Background(), g.vendor, c.op, c.cb); a.Status != provider.StatusOK {
			g.w.t.Fatalf("%s: %s %s", c.op, a.Status, a.Message)
		}
	}
	return round
}

// ledgerSums are a merchant's stakes net of refunds, and wins, straight
// from the ledger: transfers between members' and vendors' accounts.
func ledgerSums(t *testing.T, db *database.DB, merchantCode string) (bets, wins int64) {
	t.Helper()
	if err := db.Read().QueryRowContext(context.Background(), `SELECT
		COALESCE(SUM(CASE WHEN d.kind = 'member' AND w.kind = 'bet' THEN w.amount WHEN c.kind = 'member' AND w.kind = 'rollback' THEN -w.amount ELSE 0 END), 0),
		COALESCE(SUM(CASE WHEN c.kind = 'member' AND w.kind = 'win' THEN w.amount ELSE 0 END), 0)
		FROM wallet_transfers w JOIN wallet_accounts d ON d.id = w.debit_account JOIN wallet_accounts c ON c.id = w.credit_account
		WHERE w.merchant_code = $1 AND (d.kind = 'vendor' OR c.kind = 'vendor')`, merchantCode).Scan(&bets, &wins); err != nil {
		t.Fatal(err)
	}
	return bets, wins
}

type ggrPage = reportPage[ggrRow, ggrTotals]

// TestAdminReports: the dashboard and reports over HTTP agree with the
// ledger; sorting, paging, the q filter; CSV with its header and defused
// cells; bad input refused; trial play and another merchant's figures never
// mixed in.
func TestAdminReports(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newAdminWorld(t, db)
		owner, _ := w.login("demo", "demo-owner", operator.RoleOwner)
		lucky, _ := w.login("lucky", "lucky-owner", operator.RoleOwner)
		pg := w.gambler("demo", "=formula01", identity.TypeMember, "PG")
		jdb := w.gambler("demo", "jd01", identity.TypeMember, "JDB")
		trial := w.gambler("demo", "trial01", identity.TypeTrial, "PG")
		other := w.gambler("lucky", "lucy01", identity.TypeMember, "PG")
		pg.round(1000, 2500)
		pg.round(700, 0)
		jdb.round(300, 150)
		trial.round(9999, 0)
		other.round(123456, 1)

		get := func(c *adminClient, path string) (int, envelope) {
			t.Helper()
			rec, env := c.do(http.MethodGet, path, nil)
			return rec.Code, env
		}
		bets, wins := ledgerSums(t, db, "demo")
		if bets != 2000 || wins != 2650 {
			t.Fatalf("ledger sums %d %d: trial play counted?", bets, wins)
		}
		major := func(v int64) string { return wallet.FormatAmount(v, 2) }

		// The dashboard: today as the ledger has it.
		code, env := get(owner, "/admin/api/dashboard")
		d := value[dashboardValue](t, env)
		if code != 200 || d.Currency != "USD" || d.Timezone != "+07:00" || len(d.Hours) != 24 || d.Today.Bets != major(bets) || d.Today.Wins != major(wins) ||
			d.Today.GGR != major(bets-wins) || d.Today.BetCount != 3 || d.Today.ActivePlayers != 2 || d.Today.Registrations < 3 ||
			d.Today.Margin == nil || *d.Today.Margin != "-32.50" || d.Yesterday.Margin != nil {
			t.Fatalf("dashboard = %d %+v", code, d)
		}
		var hourBets int64
		for _, h := range d.Hours {
			if h.Today != nil {
				hourBets += h.Today.BetCount
			}
		}
		if hourBets != 3 {
			t.Errorf("the hours hold %d bets", hourBets)
		}

		// GGR by vendor, sorted and paged; the totals are every row's.
		code, env = get(owner, "/admin/api/reports/ggr?by=vendor&sort=bets&order=asc&pageSize=1&pageNum=2")
		p := value[ggrPage](t, env)
		if code != 200 || p.Total != 2 || p.TotalPages != 2 || len(p.Content) != 1 || p.Content[0].Key != "PG" || p.Content[0].Bets != "17.00" ||
			p.Totals.Bets != major(bets) || p.Totals.Wins != major(wins) || p.Currency != "USD" || p.To != time.Now().UTC().Add(7*time.Hour).Format(time.DateOnly) {
			t.Fatalf("ggr by vendor = %d %+v", code, p)
		}
		code, env = get(owner, "/admin/api/reports/ggr?by=vendor")
		if p = value[ggrPage](t, env); code != 200 || len(p.Content) != 2 || p.Content[0].Key != "JDB" || p.Content[0].GGR != "1.50" || p.Content[1].GGR != "-8.00" ||
			p.Content[0].Label == "" || *p.Content[0].Margin != "50.00" {
			t.Fatalf("ggr by vendor, default sort = %d %+v", code, p)
		}
		code, env = get(owner, "/admin/api/reports/ggr?by=game&q=jdb&sort=key")
		if p = value[ggrPage](t, env); code != 200 || len(p.Content) != 1 || p.Content[0].Key != jdb.game || p.Content[0].Vendor != "JDB" || p.Content[0].GameType == "" {
			t.Fatalf("ggr by game, q = %d %+v", code, p)
		}
		code, env = get(owner, "/admin/api/reports/ggr?by=day")
		if p = value[ggrPage](t, env); code != 200 || len(p.Content) != 1 || p.Content[0].Key != p.To || p.Content[0].BetCount != 3 {
			t.Fatalf("ggr by day = %d %+v", code, p)
		}

		// Player profit and loss: trial players never listed.
		code, env = get(owner, "/admin/api/reports/players?sort=username&order=asc")
		pl := value[reportPage[profitRow, profitTotals]](t, env)
		if code != 200 || pl.Total != 2 || pl.Content[0].Username != "=formula01" || pl.Content[0].Profit != "8.00" || pl.Content[0].GGR != "-8.00" ||
			pl.Content[1].Username != "jd01" || pl.Totals.Bets != major(bets) {
			t.Fatalf("players = %d %+v", code, pl)
		}
		code, env = get(owner, "/admin/api/reports/players?q=JD")
		if pl = value[reportPage[profitRow, profitTotals]](t, env); code != 200 || pl.Total != 1 || pl.Content[0].MemberID != jdb.id || pl.Content[0].Username != "jd01" || pl.Totals.Bets != "3.00" {
			t.Fatalf("players q = %d %+v", code, pl)
		}
		// A page past the end still tells the count and the totals.
		code, env = get(owner, "/admin/api/reports/players?pageSize=1&pageNum=5")
		if pl = value[reportPage[profitRow, profitTotals]](t, env); code != 200 || pl.Total != 2 || len(pl.Content) != 0 || pl.Totals.Bets != major(bets) {
			t.Fatalf("players past the end = %d %+v", code, pl)
		}

		// Activity: every day of the period.
		code, env = get(owner, "/admin/api/reports/activity?pageSize=100")
		act := value[reportPage[activityRow, activityTotals]](t, env)
		if code != 200 || act.Total != 30 || len(act.Content) != 30 || act.Content[0].Day != act.To || act.Content[0].ActivePlayers != 2 ||
			act.Totals.ActivePlayers != 2 || act.Totals.Bets != major(bets) {
			t.Fatalf("activity = %d %+v", code, act)
		}

		// CSV: a header, every row, formula-like text defused.
		for _, c := range []struct{ path, header, has string }{
			{"/admin/api/reports/ggr.csv?by=vendor", "key,label,vendor,gameType,betCount,bets,wins,ggr,margin", "JDB"},
			{"/admin/api/reports/players.csv", "memberId,username,betCount,bets,wins,ggr,profit", "'=formula01"},
			{"/admin/api/reports/activity.csv?from=2026-01-01&to=2026-01-31", "day,registrations,firstDeposits,activePlayers,betCount,bets,wins,ggr", "2026-01-31"},
		} {
			rec := owner.raw(http.MethodGet, c.path, nil)
			rows, err := csv.NewReader(strings.NewReader(rec.Body.String())).ReadAll()
			if rec.Code != 200 || err != nil || !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/csv") ||
				!strings.HasPrefix(rec.Header().Get("Content-Disposition"), "attachment;") || strings.Join(rows[0], ",") != c.header ||
				!strings.Contains(rec.Body.String(), c.has) {
				t.Errorf("%s = %d %v %q", c.path, rec.Code, err, rec.Body.String())
			}
			if strings.Contains(rec.Body.String(), "\n=") || strings.Contains(rec.Body.String(), ",=") {
				t.Errorf("%s leaves a formula: %q", c.path, rec.Body.String())
			}
		}
		if rec := owner.raw(http.MethodGet, "/admin/api/reports/activity.csv?from=2026-01-01&to=2026-01-31", nil); strings.Count(rec.Body.String(), "\n") != 32 {
			t.Errorf("activity.csv has %d lines", strings.Count(rec.Body.String(), "\n"))
		}

		// Bad input: the envelope's error, never a 500.
		for _, c := range []struct {
			path, code string
			status     int
		}{
			{"/admin/api/reports/ggr", "request.invalid_parameter", 400},
			{"/admin/api/reports/ggr?by=month", "request.invalid_parameter", 400},
			{"/admin/api/reports/ggr?by=day&sort=margin", "request.invalid_parameter", 400},
			{"/admin/api/reports/ggr?by=day&q=" + strings.Repeat("a", 41), "request.invalid_parameter", 400},
			{"/admin/api/reports/ggr?by=day&pageSize=101", "request.invalid_parameter", 400},
			{"/admin/api/reports/ggr?by=day&from=2026-02-30", "admin.range_invalid", 422},
			{"/admin/api/reports/ggr?by=day&from=26-01-01", "admin.range_invalid", 422},
			{"/admin/api/reports/ggr?by=day&from=2026-03-02&to=2026-03-01", "admin.range_invalid", 422},
			{"/admin/api/reports/ggr?by=day&from=2025-01-01&to=2026-01-02", "admin.range_invalid", 422},
			{"/admin/api/reports/ggr.csv?by=day&to=%27%3B--", "admin.range_invalid", 422},
			{"/admin/api/reports/ggr.csv?by=day&to=2026-01-01T00:00", "request.invalid_parameter", 400},
			{"/admin/api/reports/players?order=sideways", "request.invalid_parameter", 400},
			{"/admin/api/reports/players.csv?from=x", "admin.range_invalid", 422},
			{"/admin/api/reports/activity?sort=bets", "request.invalid_parameter", 400},
			{"/admin/api/reports/activity?from=2025-01-01&to=2025-12-31&pageNum=0", "request.invalid_parameter", 400},
		} {
			if code, env := get(owner, c.path); code != c.status || env.Code != c.code {
				t.Errorf("%s = %d %s, want %d %s", c.path, code, env.Code, c.status, c.code)
			}
		}
		// 366 days is the most.
		if code, env := get(owner, "/admin/api/reports/activity?from=2025-01-01&to=2026-01-01"); code != 200 || value[reportPage[activityRow, activityTotals]](t, env).Total != 366 {
			t.Errorf("366 days = %d", code)
		}

		// lucky's owner sees lucky's figures only.
		code, env = get(lucky, "/admin/api/dashboard")
		if d = value[dashboardValue](t, env); code != 200 || d.Currency != "THB" || d.Today.Bets != "1234.56" || d.Today.BetCount != 1 {
			t.Fatalf("lucky dashboard = %d %+v", code, d)
		}
		code, env = get(lucky, "/admin/api/reports/players")
		if pl = value[reportPage[profitRow, profitTotals]](t, env); code != 200 || pl.Total != 1 || pl.Content[0].Username != "lucy01" {
			t.Fatalf("lucky players = %d %+v", code, pl)
		}
		code, env = get(lucky, "/admin/api/reports/ggr?by=vendor")
		if p = value[ggrPage](t, env); code != 200 || p.Total != 1 || p.Totals.Bets != "1234.56" {
			t.Fatalf("lucky ggr = %d %+v", code, p)
		}
	})
}
