package httpapi

import (
	"context"
	"net/http"
	"strconv"
	"testing"

	"portal/internal/database"
	"portal/internal/dbtest"
	"portal/internal/identity"
	"portal/internal/loyalty"
	"portal/internal/operator"
	"portal/internal/wallet"
)

func init() {
	adminSampleAreas = append(adminSampleAreas, loyaltySamples)
}

// loyaltySamples gives the back office's points routes the seeded mall
// and two applying redemptions of player01 (one to approve, one to reject).
func loyaltySamples(w *adminWorld) map[string]any {
	t, ctx := w.t, context.Background()
	if err := loyalty.Seed(ctx, w.db); err != nil {
		t.Fatal(err)
	}
	p1, err := w.s.Identity.ByUsername(ctx, "demo", "player01")
	if err != nil {
		t.Fatal(err)
	}
	givePoints(t, w.s, p1.ID, 10_000)
	items, err := w.s.Loyalty.AdminItems(ctx, "demo")
	if err != nil || len(items) == 0 {
		t.Fatalf("items %v", err)
	}
	var reds []int64
	for i := range 2 {
		r, err := w.s.Loyalty.Redeem(ctx, "demo", p1.ID, items[0].ID, 1, "sample"+strconv.Itoa(i), "EN")
		if err != nil {
			t.Fatal(err)
		}
		reds = append(reds, r.ID)
	}
	id := func(n int64) string { return strconv.FormatInt(n, 10) }
	item := map[string]any{"kind": "goods", "points": 500, "stock": 10, "texts": map[string]any{"EN": map[string]any{"name": "Cap"}}}
	return map[string]any{
		"_id GET /admin/api/points/items/{id}":                id(items[0].ID),
		"POST /admin/api/points/items":                        item,
		"_id PUT /admin/api/points/items/{id}":                id(items[1].ID),
		"PUT /admin/api/points/items/{id}":                    item,
		"_id POST /admin/api/points/redemptions/{id}/approve": id(reds[0]),
		"POST /admin/api/points/redemptions/{id}/approve":     nil,
		"_id POST /admin/api/points/redemptions/{id}/reject":  id(reds[1]),
		"POST /admin/api/points/redemptions/{id}/reject":      map[string]any{"reason": "sample"},
		"PUT /admin/api/points/settings":                      map[string]any{"enabled": true, "earnRateBp": 10000, "convertRate": 100, "convertMin": 100},
		"PUT /admin/api/vip/levels": map[string]any{"levels": []map[string]any{{"level": 0, "name": "Bronze", "windowDays": 30},
			{"level": 1, "name": "Silver", "minDeposit": 100, "windowDays": 30}}},
	}
}

func givePoints(t *testing.T, s *Server, member, points int64) {
	t.Helper()
	if _, err := s.Wallet.Move(context.Background(), wallet.Request{Merchant: "demo", Key: "test:points:" + strconv.FormatInt(member, 10) + ":" + strconv.FormatInt(points, 10),
		From: wallet.Side(wallet.KindPromo, "promo:test", wallet.PointsCurrency), To: wallet.Points(member), Amount: points, Kind: "promo"}); err != nil {
		t.Fatal(err)
	}
}

// loyaltyWorld is the API with the seeded mall and VIP ladder, and
// player01 holding a payment password.
type loyaltyWorld struct {
	*adminWorld
	player01, other int64
	p1, p2          *client
}

func newLoyaltyWorld(t *testing.T, db *database.DB) *loyaltyWorld {
	t.Helper()
	w := &loyaltyWorld{adminWorld: newAdminWorld(t, db)}
	ctx := context.Background()
	if err := loyalty.Seed(ctx, db); err != nil {
		t.Fatal(err)
	}
	p1, err := w.s.Identity.ByUsername(ctx, "demo", "player01")
	if err != nil {
		t.Fatal(err)
	}
	w.player01 = p1.ID
	if err := w.s.Identity.SetPaymentPassword(ctx, w.player01, "Player@123", "", "135790"); err != nil {
		t.Fatal(err)
	}
	if w.other, err = w.s.Identity.Open(ctx, identity.NewMember{MerchantCode: "demo", Username: "pother01", Password: "Secret@123", Type: identity.TypeMember}); err != nil {
		t.Fatal(err)
	}
	session := func(id int64) *client {
		token, err := w.s.Identity.CreateSession(ctx, id, "192.0.2.10", "test")
		if err != nil {
			t.Fatal(err)
		}
		c := newClient(t, w.s, "demo")
		c.token = token
		return c
	}
	w.p1, w.p2 = session(w.player01), session(w.other)
	return w
}

func (w *loyaltyWorld) points(member int64) int64 {
	w.t.Helper()
	b, err := w.s.Loyalty.Balance(context.Background(), "demo", member)
	if err != nil {
		w.t.Fatal(err)
	}
	return b
}

func (w *loyaltyWorld) cash(member int64) int64 {
	w.t.Helper()
	b, err := w.s.Wallet.Balance(context.Background(), "demo", wallet.Member(member, "USD"))
	if err != nil {
		w.t.Fatal(err)
	}
	return b
}

func (w *loyaltyWorld) verify() {
	w.t.Helper()
	v, err := w.s.Wallet.Verify(context.Background())
	if err != nil || len(v) > 0 {
		w.t.Fatalf("wallet verify: %v %v", v, err)
	}
}

// TestPointsMallFlow walks the mall as a member and an operator: the G-019
// calls, an encrypted password-checked redemption and conversion (G-018),
// the redeem list's fields (G-016) and states (G-017), and the rules
// saying points never expire (G-020).
func TestPointsMallFlow(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newLoyaltyWorld(t, db)
		givePoints(t, w.s, w.player01, 3_000)
		cashBefore := w.cash(w.player01)

		anon := newClient(t, w.s, "demo")
		rec, env := anon.do(http.MethodGet, "/wps/points/config", nil, false)
		cfg := value[loyalty.Config](t, env)
		if rec.Code != 200 || !cfg.Enabled || !cfg.NeverExpire || cfg.ConvertRate != 100 || cfg.ConvertMin != 100 || cfg.EarnRateBp != 10000 {
			t.Fatalf("config = %d %+v", rec.Code, env)
		}
		if rec, env := w.p1.do(http.MethodGet, "/wps/points/balance", nil, false); rec.Code != 200 || value[pointsBalance](t, env).Points != 3_000 {
			t.Fatalf("balance = %d %+v", rec.Code, env)
		}
		_, env = w.p1.do(http.MethodGet, "/wps/points/items?language=CN", nil, false)
		items := value[shopItems](t, env).Content
		if len(items) != 6 || items[0].Name != "现金 10.00" || items[0].Kind != "cash" || items[0].CashAmount != 1000 || items[0].Quantity != 10000 {
			t.Fatalf("items = %+v", items)
		}
		body := map[string]any{"itemId": items[0].ID, "quantity": 2, "paymentPassword": "000000", "requestId": "r-1"}
		if rec, env := w.p1.do(http.MethodPost, "/wps/points/redeem", body, true); rec.Code != 403 || env.Code != "cashier.payment_password_incorrect" {
			t.Fatalf("wrong password = %d %+v", rec.Code, env)
		}
		body["paymentPassword"] = "135790"
		rec, env = w.p1.do(http.MethodPost, "/wps/points/redeem", body, true)
		red := value[loyalty.Redemption](t, env)
		if rec.Code != 200 || red.Status != "applying" || red.Quantity != 2 || red.PointsRequirement != 2_000 || red.ReferenceNo == "" || red.Name != "ប្រាក់សុទ្ធ 10.00" {
			t.Fatalf("redeem = %d %+v", rec.Code, env)
		}
		// A replay answers the first redemption and takes nothing again.
		if rec, env := w.p1.do(http.MethodPost, "/wps/points/redeem", body, true); rec.Code != 200 || value[loyalty.Redemption](t, env).ID != red.ID || w.points(w.player01) != 1_000 {
			t.Fatalf("replay = %d %+v, points %d", rec.Code, env, w.points(w.player01))
		}
		_, env = w.p1.do(http.MethodGet, "/wps/points/redeem/list?language=EN", nil, false)
		raw := value[map[string]any](t, env)
		list := raw["content"].([]any)
		first := list[0].(map[string]any)
		for _, k := range []string{"id", "name", "quantity", "pointsRequirement", "amountRequirement", "status", "applyTime", "referenceNo", "reason"} {
			if _, ok := first[k]; !ok {
				t.Errorf("redeem list item lacks %q: %v", k, first)
			}
		}
		for _, k := range []string{"pageNum", "pageSize", "totalPages", "total"} {
			if _, ok := raw[k]; !ok {
				t.Errorf("redeem list lacks %q", k)
			}
		}
		// The operator approves: the cash arrives, once.
		owner, _ := w.login("demo", "demo-owner", operator.RoleOwner)
		path := "/admin/api/points/redemptions/" + strconv.FormatInt(red.ID, 10)
		if rec, env := owner.do(http.MethodPost, path+"/approve", nil); rec.Code != 200 || value[loyalty.AdminRedemption](t, env).Status != "approved" {
			t.Fatalf("approve = %d %+v", rec.Code, env)
		}
		if rec, env := owner.do(http.MethodPost, path+"/reject", map[string]any{"reason": "late"}); rec.Code != 409 || env.Code != "points.already_decided" {
			t.Fatalf("reject after approve = %d %+v", rec.Code, env)
		}
		if w.cash(w.player01) != cashBefore+2_000 {
			t.Fatalf("cash %d, want %d", w.cash(w.player01), cashBefore+2_000)
		}
		// Conversion: 500 points make 5.00.
		conv := map[string]any{"points": 500, "paymentPassword": "135790", "requestId": "c-1"}
		rec, env = w.p1.do(http.MethodPost, "/wps/points/convert", conv, true)
		c := value[loyalty.Conversion](t, env)
		if rec.Code != 200 || c.Amount != 500 || c.Points != 500 || c.Balance != cashBefore+2_500 {
			t.Fatalf("convert = %d %+v", rec.Code, env)
		}
		conv["points"], conv["requestId"] = 99, "c-2"
		if rec, env := w.p1.do(http.MethodPost, "/wps/points/convert", conv, true); rec.Code != 422 || env.Code != "points.below_minimum" {
			t.Fatalf("below minimum = %d %+v", rec.Code, env)
		}
		_, env = w.p1.do(http.MethodGet, "/wps/points/transactions", nil, false)
		tx := value[loyalty.Page[loyalty.Transaction]](t, env)
		if tx.Total != 3 || tx.Content[0].Kind != "convert" || tx.Content[0].Points != -500 || tx.Content[0].Balance != 500 || tx.Content[2].Kind != "promo" {
			t.Fatalf("transactions = %+v", tx)
		}
		_, env = w.p1.do(http.MethodGet, "/wps/points/reward", nil, false)
		if r := value[loyalty.Reward](t, env); r.Today != 3_000 || r.Total != 3_000 {
			t.Fatalf("reward = %+v", r)
		}
		w.verify()
	})
}

// TestVIPRoutes: the header label is the level's name; the VIP page shows
// the ladder to visitors and the progress to members.
func TestVIPRoutes(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newLoyaltyWorld(t, db)
		_, env := w.p1.do(http.MethodGet, "/wps/member/info", nil, false)
		info := value[map[string]any](t, env)
		if info["vipRankLevel"] != float64(3) || info["vipLabelName"] != "Platinum" {
			t.Fatalf("member info VIP = %v %v", info["vipRankLevel"], info["vipLabelName"])
		}
		anon := newClient(t, w.s, "demo")
		if rec, env := anon.do(http.MethodGet, "/wps/vip/levels", nil, false); rec.Code != 200 || len(value[vipLevels](t, env).Levels) != 6 {
			t.Fatalf("levels = %d %+v", rec.Code, env)
		}
		rec, env := w.p1.do(http.MethodGet, "/wps/vip", nil, false)
		v := value[loyalty.VIPView](t, env)
		if rec.Code != 200 || v.Level != 3 || v.Name != "Platinum" || v.Next == nil || v.Next.Name != "Diamond" || v.Progress.WindowDays != 30 {
			t.Fatalf("vip = %d %+v", rec.Code, env)
		}
		if rec, env := anon.do(http.MethodGet, "/wps/vip", nil, false); rec.Code != 401 && rec.Code != 403 {
			t.Fatalf("vip without a session = %d %+v", rec.Code, env)
		}
		// lucky has the points mall off: its calls say so.
		lucky := newClient(t, w.s, "lucky")
		if rec, env := lucky.do(http.MethodGet, "/wps/points/config", nil, false); rec.Code != 200 || value[loyalty.Config](t, env).Enabled {
			t.Fatalf("lucky config = %d %+v", rec.Code, env)
		}
	})
}

// TestPointsChecklist holds the route table to the checklist's points
// items: G-019's five calls exist for real members, G-018's redemption and
// conversion are encrypted and answer the payment-password errors, G-017's
// states are the review's only states, G-015's mall, history and details
// are there, and G-020's config says points never expire (TestEarnOnce
// shows nothing takes them back).
func TestPointsChecklist(t *testing.T) {
	s := newHostileTestServer(t)
	routes := map[string]Route{}
	for _, rt := range s.Routes() {
		routes[rt.Method+" "+rt.Path] = rt
	}
	for _, c := range []struct {
		item, key  string
		encrypted  bool
		needsToken bool
	}{
		{"G-019 point balance", "GET /wps/points/balance", false, true},
		{"G-019 point reward", "GET /wps/points/reward", false, true},
		{"G-019 redeem list / G-016", "GET /wps/points/redeem/list", false, true},
		{"G-019 config / G-020", "GET /wps/points/config", false, false},
		{"G-019 member transaction detail / G-015", "GET /wps/points/transactions", false, true},
		{"G-015 mall", "GET /wps/points/items", false, true},
		{"G-018 redemption", "POST /wps/points/redeem", true, true},
		{"G-018 conversion", "POST /wps/points/convert", true, true},
	} {
		rt, ok := routes[c.key]
		if !ok {
			t.Errorf("%s: %s missing", c.item, c.key)
			continue
		}
		if rt.Encrypted != c.encrypted || rt.Auth != c.needsToken || (c.needsToken && !rt.RealAccount) {
			t.Errorf("%s: %s encrypted %v auth %v real %v", c.item, c.key, rt.Encrypted, rt.Auth, rt.RealAccount)
		}
		if c.encrypted {
			found := false
			for _, e := range rt.Errors {
				found = found || e == "cashier.payment_password_incorrect"
			}
			if !found {
				t.Errorf("%s: %s does not check the payment password", c.item, c.key)
			}
		}
	}
	if got := redemptionStates; len(got) != 3 || got[0] != "applying" || got[1] != "approved" || got[2] != "rejected" {
		t.Errorf("G-017 states = %v", got)
	}
}
