package httpapi

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"portal/internal/agent"
	"portal/internal/database"
	"portal/internal/dbtest"
	"portal/internal/identity"
	"portal/internal/operator"
	"portal/internal/rebate"
	"portal/internal/report"
	"portal/internal/wallet"
)

func init() {
	adminSampleAreas = append(adminSampleAreas, rebateSamples)
}

// sampleRebateRates: an auto daily rebate (a period to re-run) and a
// manual rebate on slots.
var sampleRebateRates = []map[string]any{
	{"kind": "rebate", "mode": "auto", "period": "daily", "gameType": "", "vipLevel": 0, "rateBp": 100, "minPayout": 1, "cap": 0},
	{"kind": "rebate", "mode": "manual", "period": "daily", "gameType": "RNG", "vipLevel": 0, "rateBp": 100, "minPayout": 50, "cap": 0},
}

// yesterday is the start of the demo merchant's last ended local day.
func yesterday() time.Time {
	start, _ := agent.Daily.Bounds(time.Now().AddDate(0, 0, -1).UnixMilli(), report.Offset("demo"))
	return time.UnixMilli(start).UTC()
}

// rebateSamples gives the back office's rebate routes rates and a settled
// run with a payout.
func rebateSamples(w *adminWorld) map[string]any {
	t, ctx := w.t, context.Background()
	rates := []rebate.Rate{{Kind: "rebate", Mode: "auto", Period: "daily", RateBp: 100, MinPayout: 1}}
	if _, err := w.s.Rebates.SetRates(ctx, "demo", rates); err != nil {
		t.Fatal(err)
	}
	p1, err := w.s.Identity.ByUsername(ctx, "demo", "player01")
	if err != nil {
		t.Fatal(err)
	}
	playRound(t, w.db, p1.ID, "RNG", 10_000, yesterday().Add(time.Hour))
	run, err := w.s.Rebates.Rerun(ctx, "demo", "rebate", yesterday())
	if err != nil || run.Members != 1 {
		t.Fatalf("sample run: %+v %v", run, err)
	}
	return map[string]any{
		"PUT /admin/api/rebate/rates":                 map[string]any{"rates": sampleRebateRates},
		"POST /admin/api/rebate/runs/rerun":           map[string]any{"kind": "rebate", "periodStart": yesterday().Format(time.RFC3339)},
		"_id GET /admin/api/rebate/runs/{id}/payouts": strconv.FormatInt(run.ID, 10),
	}
}

var sampleRounds int

// playRound is a real-money round as the seamless wallet keeps it.
func playRound(t *testing.T, db *database.DB, member int64, gameType string, stake int64, opened time.Time) {
	t.Helper()
	sampleRounds++
	if _, err := db.Write().ExecContext(context.Background(), `INSERT INTO game_rounds (vendor_code, round_id, merchant_code, member_id, game_code, game_type,
		currency, mode, stake, closed, opened_at, closed_at) VALUES ('PG', $1, 'demo', $2, 'g', $3, 'USD', 'real', $4, 1, $5, $5)`,
		"rebate-"+strconv.Itoa(sampleRounds)+"-"+strconv.FormatInt(time.Now().UnixNano(), 36), member, gameType, stake, opened.UnixMilli()); err != nil {
		t.Fatal(err)
	}
}

type rebateWorld struct {
	*adminWorld
	player01, newbie int64
}

func newRebateWorld(t *testing.T, db *database.DB) *rebateWorld {
	t.Helper()
	w := &rebateWorld{adminWorld: newAdminWorld(t, db)}
	ctx := context.Background()
	for _, n := range []struct {
		name string
		id   *int64
	}{{"player01", &w.player01}} {
		m, err := w.s.Identity.ByUsername(ctx, "demo", n.name)
		if err != nil {
			t.Fatal(err)
		}
		*n.id = m.ID
	}
	// Another member with nothing played (newbie01 must change its
	// password first).
	var err error
	if w.newbie, err = w.s.Identity.Open(ctx, identity.NewMember{MerchantCode: "demo", Username: "rebother", Password: "Secret@123"}); err != nil {
		t.Fatal(err)
	}
	if _, err := w.s.Rebates.SetRates(ctx, "demo", []rebate.Rate{
		{Kind: "rebate", Mode: "manual", Period: "daily", GameType: "RNG", RateBp: 100, MinPayout: 50},
		{Kind: "cashback", Mode: "auto", Period: "weekly", RateBp: 500},
	}); err != nil {
		t.Fatal(err)
	}
	return w
}

func (w *rebateWorld) as(id int64) *client {
	w.t.Helper()
	token, err := w.s.Identity.CreateSession(context.Background(), id, "192.0.2.10", "test")
	if err != nil {
		w.t.Fatal(err)
	}
	c := newClient(w.t, w.s, "demo")
	c.token = token
	return c
}

func (w *rebateWorld) balance(id int64) int64 {
	w.t.Helper()
	b, err := w.s.Wallet.Balance(context.Background(), "demo", wallet.Member(id, "USD"))
	if err != nil {
		w.t.Fatal(err)
	}
	return b
}

func TestRebatePlayerFlow(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newRebateWorld(t, db)
		p := w.as(w.player01)
		playRound(t, db, w.player01, "RNG", 12_000, time.Now().Add(-time.Minute))
		playRound(t, db, w.player01, "LIVE", 50_000, time.Now().Add(-time.Minute))
		rec, env := p.do(http.MethodGet, "/wps/rebate", nil, false)
		st := value[rebate.Status](t, env)
		if rec.Code != 200 || st.Claimable != 120 || st.Accrued.Rebate != 120 || st.Accrued.Cashback != 3_100 || len(st.Rates) != 2 || st.LastPaid != nil {
			t.Fatalf("status: %d %+v", rec.Code, env)
		}
		before := w.balance(w.player01)
		rec, env = p.do(http.MethodPost, "/wps/rebate/claim", map[string]any{"requestId": "claim-1"}, false)
		got := value[rebate.ClaimResult](t, env)
		if rec.Code != 200 || got.Amount != 120 || got.Balance != before+120 {
			t.Fatalf("claim: %d %+v", rec.Code, env)
		}
		// A replay answers the first result; a new request finds nothing.
		if rec, env := p.do(http.MethodPost, "/wps/rebate/claim", map[string]any{"requestId": "claim-1"}, false); rec.Code != 200 || value[rebate.ClaimResult](t, env).Amount != 120 {
			t.Fatalf("replay: %d %+v", rec.Code, env)
		}
		if rec, env := p.do(http.MethodPost, "/wps/rebate/claim", map[string]any{"requestId": "claim-2"}, false); rec.Code != 409 || env.Code != "rebate.nothing_to_claim" || env.Message == "" {
			t.Fatalf("second claim: %d %+v", rec.Code, env)
		}
		playRound(t, db, w.player01, "RNG", 1_000, time.Now())
		if rec, env := p.do(http.MethodPost, "/wps/rebate/claim", map[string]any{"requestId": "claim-3"}, false); rec.Code != 409 || env.Code != "rebate.below_minimum" {
			t.Fatalf("below minimum: %d %+v", rec.Code, env)
		}
		rec, env = p.do(http.MethodGet, "/wps/rebate/history?pageNum=1&pageSize=5", nil, false)
		page := value[Page[map[string]any]](t, env)
		if rec.Code != 200 || page.Total != 1 || page.Content[0]["amount"] != float64(120) || page.Content[0]["mode"] != "manual" || page.Content[0]["memberId"] != nil {
			t.Fatalf("history: %d %+v", rec.Code, env)
		}
		if w.balance(w.player01) != before+120 {
			t.Fatal("balance moved more than once")
		}
		if v, err := w.s.Wallet.Verify(context.Background()); err != nil || len(v) > 0 {
			t.Fatalf("verify: %v %v", v, err)
		}
	})
}

// TestRebateHostileInput: malformed, out-of-range, another member's
// request, trial accounts, replays and double clicks answer the envelope's
// error with the right status, never a 500, and change nothing.
func TestRebateHostileInput(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newRebateWorld(t, db)
		ctx := context.Background()
		p, other := w.as(w.player01), w.as(w.newbie)
		trialID, err := w.s.Identity.Open(ctx, identity.NewMember{MerchantCode: "demo", Username: "trialreb", Password: "Secret@123", Type: identity.TypeTrial})
		if err != nil {
			t.Fatal(err)
		}
		trial, anon := w.as(trialID), newClient(t, w.s, "demo")
		playRound(t, db, w.player01, "RNG", 10_000, time.Now().Add(-time.Minute))
		balance := w.balance(w.player01)
		for _, c := range []struct {
			name         string
			c            *client
			method, path string
			body         any
			status       int
			code         string
		}{
			{"no session", anon, http.MethodGet, "/wps/rebate", nil, 401, "login.not.session"},
			{"no session claim", anon, http.MethodPost, "/wps/rebate/claim", map[string]any{"requestId": "x"}, 401, "login.not.session"},
			{"trial account", trial, http.MethodPost, "/wps/rebate/claim", map[string]any{"requestId": "x"}, 403, "member.in_need_true_account"},
			{"trial history", trial, http.MethodGet, "/wps/rebate/history", nil, 403, "member.in_need_true_account"},
			{"no request id", p, http.MethodPost, "/wps/rebate/claim", map[string]any{}, 422, "validation.field_invalid"},
			{"blank request id", p, http.MethodPost, "/wps/rebate/claim", map[string]any{"requestId": "   "}, 422, "validation.field_invalid"},
			{"long request id", p, http.MethodPost, "/wps/rebate/claim", map[string]any{"requestId": strings.Repeat("x", 65)}, 422, "validation.field_invalid"},
			{"request id a number", p, http.MethodPost, "/wps/rebate/claim", map[string]any{"requestId": 7}, 400, "request.invalid_body"},
			{"unknown field", p, http.MethodPost, "/wps/rebate/claim", map[string]any{"requestId": "x", "memberId": w.newbie}, 400, "request.invalid_body"},
			{"not json", p, http.MethodPost, "/wps/rebate/claim", "{{{", 400, "request.invalid_body"},
			{"page size", p, http.MethodGet, "/wps/rebate/history?pageSize=1000", nil, 400, "request.invalid_parameter"},
			{"page number", p, http.MethodGet, "/wps/rebate/history?pageNum=-1", nil, 400, "request.invalid_parameter"},
			// newbie01 has played nothing: player01's accrual is not its own.
			{"another member", other, http.MethodPost, "/wps/rebate/claim", map[string]any{"requestId": "mine"}, 409, "rebate.nothing_to_claim"},
		} {
			rec, env := c.c.do(c.method, c.path, c.body, false)
			if rec.Code != c.status || env.Code != c.code || env.Message == "" {
				t.Errorf("%s: %d %s %q, want %d %s", c.name, rec.Code, env.Code, env.Message, c.status, c.code)
			}
		}
		if w.balance(w.player01) != balance || w.balance(w.newbie) != 0 {
			t.Fatal("a refused call moved money")
		}
		// A double click: five of the same request at once pay once and
		// answer alike; another member replaying that request id gets its own
		// answer (nothing).
		var wg sync.WaitGroup
		amounts := make([]int64, 5)
		for i := range 5 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				c := w.as(w.player01)
				rec, env := c.do(http.MethodPost, "/wps/rebate/claim", map[string]any{"requestId": "dbl"}, false)
				if rec.Code != 200 {
					t.Errorf("double click %d: %d %+v", i, rec.Code, env)
					return
				}
				amounts[i] = value[rebate.ClaimResult](t, env).Amount
			}()
		}
		wg.Wait()
		for _, a := range amounts {
			if a != 100 {
				t.Fatalf("double click answers: %v", amounts)
			}
		}
		if w.balance(w.player01) != balance+100 {
			t.Fatalf("double click paid %d", w.balance(w.player01)-balance)
		}
		if rec, env := other.do(http.MethodPost, "/wps/rebate/claim", map[string]any{"requestId": "dbl"}, false); rec.Code != 409 || env.Code != "rebate.nothing_to_claim" {
			t.Fatalf("another member's request id: %d %+v", rec.Code, env)
		}

		// The back office.
		owner, _ := w.login("demo", "boss01", operator.RoleOwner)
		owner.merchant = "demo"
		_, env := owner.do(http.MethodGet, "/admin/api/rebate/rates", nil)
		before := value[rebateRates](t, env)
		rate := func(f func(m map[string]any)) map[string]any {
			m := map[string]any{"kind": "rebate", "mode": "auto", "period": "daily", "gameType": "", "vipLevel": 0, "rateBp": 50, "minPayout": 0, "cap": 0}
			f(m)
			return map[string]any{"rates": []any{m}}
		}
		many := make([]any, rebate.MaxRates+1)
		for i := range many {
			many[i] = map[string]any{"kind": "rebate", "mode": "auto", "period": "daily", "vipLevel": i % 100, "gameType": "T" + strconv.Itoa(i), "rateBp": 1}
		}
		for _, c := range []struct {
			name         string
			method, path string
			body         any
			status       int
			code         string
		}{
			{"rate 0", http.MethodPut, "/admin/api/rebate/rates", rate(func(m map[string]any) { m["rateBp"] = 0 }), 422, "rebate.rates_invalid"},
			{"rate over 100%", http.MethodPut, "/admin/api/rebate/rates", rate(func(m map[string]any) { m["rateBp"] = 20000 }), 422, "rebate.rates_invalid"},
			{"unknown kind", http.MethodPut, "/admin/api/rebate/rates", rate(func(m map[string]any) { m["kind"] = "bonus" }), 422, "rebate.rates_invalid"},
			{"script game type", http.MethodPut, "/admin/api/rebate/rates", rate(func(m map[string]any) { m["gameType"] = "<b>" }), 422, "rebate.rates_invalid"},
			{"vip 100", http.MethodPut, "/admin/api/rebate/rates", rate(func(m map[string]any) { m["vipLevel"] = 100 }), 422, "rebate.rates_invalid"},
			{"negative cap", http.MethodPut, "/admin/api/rebate/rates", rate(func(m map[string]any) { m["cap"] = -1 }), 422, "rebate.rates_invalid"},
			{"rate a string", http.MethodPut, "/admin/api/rebate/rates", rate(func(m map[string]any) { m["rateBp"] = "50" }), 400, "request.invalid_body"},
			{"too many", http.MethodPut, "/admin/api/rebate/rates", map[string]any{"rates": many}, 422, "rebate.rates_invalid"},
			{"rates not a list", http.MethodPut, "/admin/api/rebate/rates", map[string]any{"rates": 5}, 400, "request.invalid_body"},
			{"runs kind", http.MethodGet, "/admin/api/rebate/runs?kind=x", nil, 400, "request.invalid_parameter"},
			{"rerun kind", http.MethodPost, "/admin/api/rebate/runs/rerun", map[string]any{"kind": "x", "periodStart": yesterday().Format(time.RFC3339)}, 422, "validation.field_invalid"},
			{"rerun time", http.MethodPost, "/admin/api/rebate/runs/rerun", map[string]any{"kind": "cashback", "periodStart": "yesterday"}, 422, "validation.field_invalid"},
			{"rerun no program", http.MethodPost, "/admin/api/rebate/runs/rerun", map[string]any{"kind": "rebate", "periodStart": yesterday().Format(time.RFC3339)}, 404, "resource.not_found"},
			{"rerun mid-period", http.MethodPost, "/admin/api/rebate/runs/rerun", map[string]any{"kind": "cashback", "periodStart": yesterday().Add(time.Hour).Format(time.RFC3339)}, 422, "rebate.period_invalid"},
			{"rerun the future", http.MethodPost, "/admin/api/rebate/runs/rerun", map[string]any{"kind": "cashback", "periodStart": "2999-01-04T00:00:00Z"}, 422, "rebate.period_invalid"},
			{"payouts id", http.MethodGet, "/admin/api/rebate/runs/abc/payouts", nil, 404, "resource.not_found"},
			{"payouts unknown run", http.MethodGet, "/admin/api/rebate/runs/99999999/payouts?format=csv", nil, 404, "resource.not_found"},
			{"payouts format", http.MethodGet, "/admin/api/rebate/runs/1/payouts?format=xml", nil, 400, "request.invalid_parameter"},
		} {
			rec, env := owner.do(c.method, c.path, c.body)
			if rec.Code != c.status || env.Code != c.code {
				t.Errorf("admin %s: %d %s, want %d %s", c.name, rec.Code, env.Code, c.status, c.code)
			}
		}
		_, env = owner.do(http.MethodGet, "/admin/api/rebate/rates", nil)
		if after := value[rebateRates](t, env); len(after.Rates) != len(before.Rates) || after.Rates[0] != before.Rates[0] {
			t.Fatalf("refused updates changed the rates: %+v", after)
		}
		// The runs name the reporting zone the back office builds a
		// re-run's periodStart in (local midnight), and the currency.
		if rec, env := owner.do(http.MethodGet, "/admin/api/rebate/runs", nil); rec.Code != 200 ||
			value[rebateRunPage](t, env).Timezone != "+07:00" || value[rebateRunPage](t, env).Currency != "USD" {
			t.Fatalf("runs: %d %+v", rec.Code, env)
		}
		// The merchant's PROMOTION switch off: the member's calls answer
		// feature.disabled and pay nothing.
		playRound(t, db, w.player01, "RNG", 10_000, time.Now())
		paid := w.balance(w.player01)
		if err := w.s.Merchant.Set(ctx, "demo", "module.PROMOTION", "off"); err != nil {
			t.Fatal(err)
		}
		w.s.Merchant.Invalidate()
		for _, path := range []string{"/wps/rebate", "/wps/rebate/history", "/wps/rebate/claim"} {
			method, body := http.MethodGet, any(nil)
			if strings.HasSuffix(path, "claim") {
				method, body = http.MethodPost, map[string]any{"requestId": "off"}
			}
			if rec, env := p.do(method, path, body, false); rec.Code != 403 || env.Code != "feature.disabled" {
				t.Errorf("%s with promotions off = %d %s", path, rec.Code, env.Code)
			}
		}
		if w.balance(w.player01) != paid {
			t.Fatal("a claim paid with promotions off")
		}
		if v, err := w.s.Wallet.Verify(ctx); err != nil || len(v) > 0 {
			t.Fatalf("verify: %v %v", v, err)
		}
	})
}
