package httpapi

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"portal/internal/agent"
	"portal/internal/database"
	"portal/internal/dbtest"
	"portal/internal/identity"
	"portal/internal/operator"
	"portal/internal/report"
	"portal/internal/wallet"
)

func init() {
	adminSampleAreas = append(adminSampleAreas, agentSamples)
}

// agentSamples gives the back office's agent routes a contract offered by
// the platform (to terminate) and a settled day whose payout agent01 could
// not pay (a run to re-run, a payout with figures): agent01 holds a daily
// salary of the platform that pays nothing under 1,000,000, and offered
// sub01 one that pays 1 % of its team's bets.
func agentSamples(w *adminWorld) map[string]any {
	t, ctx := w.t, context.Background()
	ids := identity.NewService(w.db, nil)
	a1, err := ids.ByUsername(ctx, "demo", "agent01")
	if err != nil {
		t.Fatal(err)
	}
	p1, err := ids.ByUsername(ctx, "demo", "player01")
	if err != nil {
		t.Fatal(err)
	}
	sub, err := ids.Open(ctx, identity.NewMember{MerchantCode: "demo", Username: "samplesub", Password: "Secret@123", Type: identity.TypeAgent1, UplineID: a1.ID})
	if err != nil {
		t.Fatal(err)
	}
	signedAt := time.Now().AddDate(0, 0, -3)
	past := agent.NewService(w.db, w.s.Wallet, agent.Options{Now: func() time.Time { return signedAt }})
	sign := func(upline, member int64, k agent.Kind, tiers ...agent.Tier) agent.Contract {
		c, err := past.Offer(ctx, agent.Offer{Merchant: "demo", UplineID: upline, MemberID: member, Kind: k, Tiers: tiers})
		if err != nil {
			t.Fatal(err)
		}
		if c, err = past.Sign(ctx, "demo", member, c.ID); err != nil {
			t.Fatal(err)
		}
		return c
	}
	sign(0, a1.ID, agent.DailySalary, agent.Tier{ValidBet: 1_000_000, Rate: 200})
	subC := sign(a1.ID, sub, agent.DailySalary, agent.Tier{Rate: 100})
	day := (time.Now().AddDate(0, 0, -1).UnixMilli() + report.Offset("demo").Milliseconds()) / (24 * time.Hour).Milliseconds()
	if _, err := w.db.Write().ExecContext(ctx, `INSERT INTO report_members (merchant_code, day, member_id, first_bet_hour, bets_placed, bet_count, bets, wins)
		VALUES ('demo', $1, $2, 1, 1, 3, 50000, 0)`, day, sub); err != nil {
		t.Fatal(err)
	}
	if _, err := w.s.Agents.SettleDue(ctx); err != nil {
		t.Fatal(err)
	}
	var run, payout int64
	if err := w.db.Read().QueryRowContext(ctx, `SELECT run_id, id FROM agent_payouts WHERE contract_id = $1 AND state = 'insufficient'`, subC.ID).Scan(&run, &payout); err != nil {
		t.Fatalf("no insufficient payout to sample: %v", err)
	}
	offer, err := w.s.Agents.Offer(ctx, agent.Offer{Merchant: "demo", MemberID: sub, Kind: agent.HourlySalary, Tiers: []agent.Tier{{Rate: 10}}})
	if err != nil {
		t.Fatal(err)
	}
	id := func(n int64) string { return strconv.FormatInt(n, 10) }
	return map[string]any{
		"_id POST /admin/api/agents/{id}/move":                id(p1.ID),
		"POST /admin/api/agents/{id}/move":                    map[string]any{"uplineId": a1.ID, "reason": "sample"},
		"POST /admin/api/agents/contracts":                    map[string]any{"memberId": a1.ID, "kind": "realtime_salary", "tiers": []map[string]any{{"rate": 10}}},
		"_id POST /admin/api/agents/contracts/{id}/terminate": id(offer.ID),
		"POST /admin/api/agents/contracts/{id}/terminate":     map[string]any{"reason": "sample"},
		"_id GET /admin/api/agents/runs/{id}":                 id(run),
		"_id POST /admin/api/agents/runs/{id}/rerun":          id(run),
		"_id GET /admin/api/agents/payouts/{id}/figures":      id(payout),
	}
}

// agentWorld is the API with the agent network: the seeded agent01 with
// player01 below it, a sub-agent sub01 under agent01, and a second team
// agent02 -> p202.
type agentWorld struct {
	*adminWorld
	agent01, player01, sub01, agent02, p202 int64
}

func newAgentWorld(t *testing.T, db *database.DB) *agentWorld {
	t.Helper()
	w := &agentWorld{adminWorld: newAdminWorld(t, db)}
	ctx := context.Background()
	id := func(name string) int64 {
		m, err := w.s.Identity.ByUsername(ctx, "demo", name)
		if err != nil {
			t.Fatal(err)
		}
		return m.ID
	}
	open := func(name string, typ identity.MemberType, upline int64) int64 {
		n, err := w.s.Identity.Open(ctx, identity.NewMember{MerchantCode: "demo", Username: name, Password: "Secret@123", Type: typ, UplineID: upline})
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	w.agent01, w.player01 = id("agent01"), id("player01")
	w.sub01 = open("sub01", identity.TypeAgent1, w.agent01)
	w.agent02 = open("agent02", identity.TypeAgent1, 0)
	w.p202 = open("p202", identity.TypeMember, w.agent02)
	return w
}

func (w *agentWorld) member(id int64) *client {
	w.t.Helper()
	token, err := w.s.Identity.CreateSession(context.Background(), id, "192.0.2.10", "test")
	if err != nil {
		w.t.Fatal(err)
	}
	c := newClient(w.t, w.s, "demo")
	c.token = token
	return c
}

func (w *agentWorld) fund(member, amount int64) {
	w.t.Helper()
	if _, err := w.s.Wallet.Move(context.Background(), wallet.Request{Merchant: "demo", Key: "fund:" + strconv.FormatInt(member, 10), From: wallet.Side(wallet.KindAdjustment, "test", "USD"),
		To: wallet.Member(member, "USD"), Amount: amount, Kind: "adjust"}); err != nil {
		w.t.Fatal(err)
	}
}

// TestAgentRoutesRefuseNonAgents: every agent-centre route of the table
// answers a member who is not an agent 403 member.not_agent, and a trial
// account 403 member.in_need_true_account, before anything runs.
func TestAgentRoutesRefuseNonAgents(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newAgentWorld(t, db)
		player := w.member(w.player01)
		n := 0
		for _, rt := range w.s.routes() {
			if !rt.AgentOnly {
				continue
			}
			n++
			path := strings.NewReplacer("{id}", "1").Replace(rt.Path)
			rec, env := player.do(rt.Method, path, map[string]any{}, false)
			if rec.Code != http.StatusForbidden || env.Code != "member.not_agent" {
				t.Errorf("%s %s as a member: %d %s", rt.Method, rt.Path, rec.Code, env.Code)
			}
			if !rt.RealAccount {
				t.Errorf("%s %s: an agent route that trial accounts may call", rt.Method, rt.Path)
			}
		}
		if n < 20 {
			t.Fatalf("only %d agent routes", n)
		}
	})
}

// TestAgentIDOR: an agent reads and moves nothing outside its own team,
// whatever id it names.
func TestAgentIDOR(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newAgentWorld(t, db)
		ctx := context.Background()
		a1, a2 := w.member(w.agent01), w.member(w.agent02)
		if err := w.s.Identity.SetPaymentPassword(ctx, w.agent02, "Secret@123", "", "135790"); err != nil {
			t.Fatal(err)
		}
		w.fund(w.agent02, 10_000)
		// agent01 holds a platform contract and offers sub01 one.
		top, err := w.s.Agents.Offer(ctx, agent.Offer{Merchant: "demo", MemberID: w.agent01, Kind: agent.DailySalary, Tiers: []agent.Tier{{Rate: 200}}})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.s.Agents.Sign(ctx, "demo", w.agent01, top.ID); err != nil {
			t.Fatal(err)
		}
		rec, env := a1.do(http.MethodPost, "/wps/agent/contracts", map[string]any{"memberId": w.sub01, "kind": "daily_salary", "tiers": []map[string]any{{"rate": 150}}}, false)
		offer := value[agent.Contract](t, env)
		if rec.Code != 200 || offer.State != "offered" {
			t.Fatalf("offer: %d %+v", rec.Code, env)
		}
		rec, env = a1.do(http.MethodPost, "/wps/agent/referral-codes", map[string]any{"type": "member"}, false)
		code := value[agent.ReferralCode](t, env)
		if rec.Code != 200 || len(code.Code) != 8 {
			t.Fatalf("referral code: %d %+v", rec.Code, env)
		}
		id := func(n int64) string { return strconv.FormatInt(n, 10) }
		cases := []struct {
			method, path string
			body         any
			status       int
			code         string
		}{
			{http.MethodGet, "/wps/agent/downlines?parent=" + id(w.sub01), nil, 404, "agent.not_in_team"},
			{http.MethodGet, "/wps/agent/downlines?parent=" + id(w.agent01), nil, 404, "agent.not_in_team"},
			{http.MethodGet, "/wps/agent/transactions?username=player01", nil, 404, "agent.not_in_team"},
			{http.MethodGet, "/wps/agent/bets?username=player01", nil, 404, "agent.not_in_team"},
			{http.MethodPost, "/wps/agent/transfer", map[string]any{"downlineId": w.player01, "amount": 100, "paymentPassword": "135790", "requestId": "x1"}, 404, "agent.not_downline"},
			{http.MethodPost, "/wps/agent/contracts", map[string]any{"memberId": w.sub01, "kind": "daily_salary", "tiers": []map[string]any{{"rate": 1}}}, 404, "agent.not_downline"},
			{http.MethodPost, "/wps/agent/contracts", map[string]any{"memberId": w.p202, "kind": "daily_salary", "tiers": []map[string]any{{"rate": 1}}}, 422, "agent.member_not_agent"},
			{http.MethodPost, "/wps/agent/contracts/" + id(offer.ID) + "/sign", nil, 404, "resource.not_found"},
			{http.MethodPost, "/wps/agent/contracts/" + id(offer.ID) + "/refuse", nil, 404, "resource.not_found"},
			{http.MethodPost, "/wps/agent/contracts/" + id(offer.ID) + "/terminate", nil, 404, "resource.not_found"},
			{http.MethodPost, "/wps/agent/contracts/" + id(top.ID) + "/terminate", nil, 404, "resource.not_found"},
			{http.MethodDelete, "/wps/agent/referral-codes/" + id(code.ID), nil, 404, "resource.not_found"},
		}
		for _, c := range cases {
			rec, env := a2.do(c.method, c.path, c.body, false)
			if rec.Code != c.status || env.Code != c.code {
				t.Errorf("%s %s: %d %s, want %d %s", c.method, c.path, rec.Code, env.Code, c.status, c.code)
			}
		}
		// Lists show agent02's own team only.
		_, env = a2.do(http.MethodGet, "/wps/agent/downlines?username=p", nil, false)
		page := value[agent.DownlinePage](t, env)
		if page.Total != 1 || page.List[0].ID != w.p202 {
			t.Fatalf("search in agent02's team: %+v", page)
		}
		_, env = a2.do(http.MethodGet, "/wps/agent/contracts", nil, false)
		if lists := value[contractLists](t, env); len(lists.Mine)+len(lists.Offered) != 0 {
			t.Fatalf("agent02 sees contracts: %+v", lists)
		}
		// Nothing moved: the offer still waits, agent02 kept its money.
		if c, _ := w.s.Agents.Contract(ctx, "demo", offer.ID); c.State != "offered" {
			t.Fatalf("offer after the attempts: %+v", c)
		}
		if b, _ := w.s.Wallet.Balance(ctx, "demo", wallet.Member(w.agent02, "USD")); b != 10_000 {
			t.Fatalf("agent02's balance %d", b)
		}
	})
}

// TestAgentCentreFlow: an agent opens a downline agent, offers it a
// contract; the downline sees the offer in its consolidated data and
// signs; a transfer moves once per request id; the invitation code
// registers under the agent.
func TestAgentCentreFlow(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newAgentWorld(t, db)
		ctx := context.Background()
		a1 := w.member(w.agent01)
		rec, env := a1.do(http.MethodPost, "/wps/agent/downlines", map[string]any{"username": "newagent1", "type": "agent"}, false)
		opened := value[openedDownline](t, env)
		if rec.Code != 200 || !opened.MustChangePassword || opened.Type != "agent" {
			t.Fatalf("open downline: %d %+v", rec.Code, env)
		}
		for _, bad := range []map[string]any{{"username": "x"}, {"username": "newagent2", "type": "boss"}, {"username": "newagent1"}, {"username": "newagent3", "password": "1"}} {
			if rec, env := a1.do(http.MethodPost, "/wps/agent/downlines", bad, false); rec.Code < 400 || rec.Code >= 500 {
				t.Errorf("open %v: %d %s", bad, rec.Code, env.Code)
			}
		}
		// The downline who signs below chose its own password.
		rec, env = a1.do(http.MethodPost, "/wps/agent/downlines", map[string]any{"username": "newagent4", "password": "Secret@123", "type": "agent"}, false)
		if opened = value[openedDownline](t, env); rec.Code != 200 || opened.MustChangePassword {
			t.Fatalf("open with a password: %d %+v", rec.Code, env)
		}
		top, _ := w.s.Agents.Offer(ctx, agent.Offer{Merchant: "demo", MemberID: w.agent01, Kind: agent.Dividend, Period: agent.Weekly, Tiers: []agent.Tier{{Rate: 4000}}})
		if _, err := w.s.Agents.Sign(ctx, "demo", w.agent01, top.ID); err != nil {
			t.Fatal(err)
		}
		hostile := []map[string]any{
			{"memberId": opened.ID, "kind": "dividend", "period": "weekly", "tiers": []map[string]any{{"rate": 0}}},
			{"memberId": opened.ID, "kind": "dividend", "period": "weekly", "tiers": []map[string]any{{"rate": 4001}}},
			{"memberId": opened.ID, "kind": "dividend", "period": "hourly", "tiers": []map[string]any{{"rate": 100}}},
			{"memberId": opened.ID, "kind": "bonus", "tiers": []map[string]any{{"rate": 100}}},
			{"memberId": opened.ID, "kind": "dividend", "period": "weekly", "tiers": make([]map[string]any, 11)},
			{"memberId": opened.ID, "kind": "dividend", "period": "weekly", "tiers": "many"},
		}
		for _, body := range hostile {
			if rec, env := a1.do(http.MethodPost, "/wps/agent/contracts", body, false); rec.Code < 400 || rec.Code >= 500 {
				t.Errorf("offer %v: %d %s", body, rec.Code, env.Code)
			}
		}
		rec, env = a1.do(http.MethodPost, "/wps/agent/contracts", map[string]any{"memberId": opened.ID, "kind": "dividend", "period": "weekly",
			"activeMinBet": 100, "tiers": []map[string]any{{"rate": 2000}, {"validBet": 100000, "activeMembers": 3, "loss": 5000, "rate": 3000}}}, false)
		offer := value[agent.Contract](t, env)
		if rec.Code != 200 {
			t.Fatalf("offer: %d %+v", rec.Code, env)
		}
		down := w.member(opened.ID)
		_, env = down.do(http.MethodGet, "/wps/member/info/funds/consolidated", nil, false)
		if c := value[consolidatedView](t, env); c.DivTypeReq.Offers != 1 || c.DivTypeReq.Active || !c.DailySalReq.Enabled {
			t.Fatalf("consolidated: %+v", c)
		}
		rec, env = down.do(http.MethodPost, "/wps/agent/contracts/"+strconv.FormatInt(offer.ID, 10)+"/sign", nil, false)
		if c := value[agent.Contract](t, env); rec.Code != 200 || c.State != "active" || c.StartsAt == 0 {
			t.Fatalf("sign: %d %+v", rec.Code, env)
		}
		_, env = down.do(http.MethodGet, "/wps/member/info/funds/consolidated", nil, false)
		if c := value[consolidatedView](t, env); c.DivTypeReq.Offers != 0 || !c.DivTypeReq.Active || !c.DivTypeReq.CanOffer || c.DivTypeReq.Period != "weekly" {
			t.Fatalf("consolidated after signing: %+v", c)
		}
		// A transfer with the payment password, once per request id.
		if err := w.s.Identity.SetPaymentPassword(ctx, w.agent01, "Agent@123", "", "135790"); err != nil {
			t.Fatal(err)
		}
		w.fund(w.agent01, 50_000)
		body := map[string]any{"downlineId": opened.ID, "amount": 2_000, "paymentPassword": "135790", "requestId": "t-1"}
		for i := 0; i < 2; i++ {
			if rec, env := a1.do(http.MethodPost, "/wps/agent/transfer", body, false); rec.Code != 200 {
				t.Fatalf("transfer: %d %+v", rec.Code, env)
			}
		}
		if b, _ := w.s.Wallet.Balance(ctx, "demo", wallet.Member(opened.ID, "USD")); b != 2_000 {
			t.Fatalf("downline balance %d after a replayed transfer", b)
		}
		body["paymentPassword"], body["requestId"] = "000000", "t-2"
		if rec, env := a1.do(http.MethodPost, "/wps/agent/transfer", body, false); rec.Code != 403 || env.Code != "cashier.payment_password_incorrect" {
			t.Fatalf("wrong payment password: %d %s", rec.Code, env.Code)
		}
		// Invitation codes: a referral code registers under the agent.
		_, env = a1.do(http.MethodPost, "/wps/agent/referral-codes", map[string]any{"type": "agent", "code": "team42"}, false)
		code := value[agent.ReferralCode](t, env)
		if code.Code != "TEAM42" || code.RegisterPath != "/register?affiliateCode=TEAM42" {
			t.Fatalf("code: %+v", env)
		}
		if rec, env := a1.do(http.MethodPost, "/wps/agent/referral-codes", map[string]any{"type": "member", "code": "player01"}, false); rec.Code != 409 || env.Code != "agent.code_taken" {
			t.Fatalf("a username as a code: %d %s", rec.Code, env.Code)
		}
		ref, err := w.s.invitation(ctx, "demo", "team42")
		if err != nil || ref.AgentID != w.agent01 || !ref.Agent || ref.CodeID != code.ID {
			t.Fatalf("invitation: %+v %v", ref, err)
		}
		if _, err := w.s.invitation(ctx, "demo", "nosuch1"); err == nil {
			t.Fatal("an unknown code was taken")
		}
	})
}

// TestAdminAgentRoutes: the tree, a move with its audit entry, the
// platform's contract and the permissions they need.
func TestAdminAgentRoutes(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newAgentWorld(t, db)
		owner, _ := w.login("demo", "boss01", operator.RoleOwner)
		owner.merchant = "demo"
		rec, env := owner.do(http.MethodGet, "/admin/api/agents/tree?username=sub01", nil)
		tree := value[adminTree](t, env)
		if rec.Code != 200 || tree.Member == nil || tree.Member.ID != w.sub01 || len(tree.Path) != 2 || tree.Path[0].ID != w.agent01 || tree.Decimals != 2 {
			t.Fatalf("tree: %d %+v", rec.Code, env)
		}
		if rec, env := owner.do(http.MethodPost, "/admin/api/agents/"+strconv.FormatInt(w.agent01, 10)+"/move", map[string]any{"uplineId": w.sub01, "reason": "test"}); rec.Code != 409 || env.Code != "agent.move_cycle" {
			t.Fatalf("cycle: %d %s", rec.Code, env.Code)
		}
		rec, env = owner.do(http.MethodPost, "/admin/api/agents/"+strconv.FormatInt(w.sub01, 10)+"/move", map[string]any{"uplineId": w.agent02, "reason": "restructure"})
		if tree := value[adminTree](t, env); rec.Code != 200 || tree.Path[0].ID != w.agent02 {
			t.Fatalf("move: %d %+v", rec.Code, env)
		}
		var n int
		if err := db.Read().QueryRowContext(context.Background(), `SELECT COUNT(*) FROM audit_log WHERE target = $1 AND outcome = 'ok'`, "member:"+strconv.FormatInt(w.sub01, 10)).Scan(&n); err != nil || n != 1 {
			t.Fatalf("audit entries %d %v", n, err)
		}
		rec, env = owner.do(http.MethodPost, "/admin/api/agents/contracts", map[string]any{"memberId": w.agent02, "kind": "hourly_salary", "tiers": []map[string]any{{"rate": 100}}})
		if c := value[agent.Contract](t, env); rec.Code != 200 || c.Upline != nil || c.State != "offered" {
			t.Fatalf("platform offer: %d %+v", rec.Code, env)
		}
		support, _ := w.login("demo", "help01", operator.RoleSupport)
		support.merchant = "demo"
		if rec, _ := support.do(http.MethodGet, "/admin/api/agents/runs", nil); rec.Code != 403 {
			t.Fatalf("support reads runs: %d", rec.Code)
		}
	})
}
