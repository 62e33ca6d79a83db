package httpapi

import (
	"bytes"
	"context"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"portal/internal/cashier"
	"portal/internal/database"
	"portal/internal/dbtest"
	"portal/internal/operator"
	"portal/internal/promo"
	"portal/internal/wallet"
)

func init() {
	adminSampleAreas = append(adminSampleAreas, promoSamples)
}

// withPromos wires the promotion engine into a test server.
func withPromos(t *testing.T, s *Server, db *database.DB) *promo.Service {
	t.Helper()
	if s.Promos == nil {
		s.Promos = promo.NewService(db, s.Wallet, promo.Options{Store: cashier.DirStore{Dir: t.TempDir()}})
	}
	return s.Promos
}

func promoInput(kind string, reward promo.Reward) promo.Input {
	return promo.Input{Kind: kind, Status: promo.StatusLive, StartsAt: time.Now().Add(-time.Hour), Reward: reward,
		Texts: map[string]promo.Text{"EN": {Title: "Welcome gift", Summary: "A gift", Body: `<p onclick="x()">Hello</p><script>alert(1)</script>`},
			"KM": {Title: "អំណោយស្វាគមន៍", Summary: "អំណោយ", Body: "<p>សួស្តី</p>"}}}
}

func mustPromo(t *testing.T, svc *promo.Service, in promo.Input) *promo.Promotion {
	t.Helper()
	p, err := svc.Create(context.Background(), "demo", in)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// promoSamples gives the back office's promotion routes a live promotion,
// a draft to change and two applications to decide.
func promoSamples(w *adminWorld) map[string]any {
	t, ctx := w.t, context.Background()
	svc := withPromos(t, w.s, w.db)
	live := mustPromo(t, svc, promoInput(promo.KindFree, promo.Reward{Kind: promo.RewardCash, Amount: 100}))
	draftIn := promoInput(promo.KindFree, promo.Reward{Kind: promo.RewardCash, Amount: 100})
	draftIn.Status = promo.StatusDraft
	draft := mustPromo(t, svc, draftIn)
	app := mustPromo(t, svc, promoInput(promo.KindApplication, promo.Reward{Kind: promo.RewardCash}))
	p1, err := w.s.Identity.ByUsername(ctx, "demo", "player01")
	if err != nil {
		t.Fatal(err)
	}
	n1, err := w.s.Identity.ByUsername(ctx, "demo", "newbie01")
	if err != nil {
		t.Fatal(err)
	}
	approve, err := svc.Apply(ctx, promo.Who{Merchant: "demo", Currency: "USD", MemberID: p1.ID}, app.ID, "sample", [][]byte{testPNG(t, 4, 4)})
	if err != nil {
		t.Fatal(err)
	}
	reject, err := svc.Apply(ctx, promo.Who{Merchant: "demo", Currency: "USD", MemberID: n1.ID}, app.ID, "sample", nil)
	if err != nil {
		t.Fatal(err)
	}
	id := func(n int64) string { return strconv.FormatInt(n, 10) }
	body := promoInput(promo.KindFree, promo.Reward{Kind: promo.RewardCash, Amount: 200})
	return map[string]any{
		"POST /admin/api/promotions":                                   body,
		"_id GET /admin/api/promotions/{id}":                           id(live.ID),
		"_id PUT /admin/api/promotions/{id}":                           id(draft.ID),
		"PUT /admin/api/promotions/{id}":                               body,
		"_id POST /admin/api/promotions/{id}/status":                   id(live.ID),
		"POST /admin/api/promotions/{id}/status":                       map[string]any{"status": "paused"},
		"_id GET /admin/api/promotions/{id}/claims":                    id(live.ID),
		"_id GET /admin/api/promotions/{id}/ledger":                    id(live.ID),
		"_path GET /admin/api/promotions/applications/{id}/images/{n}": "/admin/api/promotions/applications/" + id(approve) + "/images/0",
		"_id POST /admin/api/promotions/applications/{id}/approve":     id(approve),
		"POST /admin/api/promotions/applications/{id}/approve":         map[string]any{"amount": 500},
		"_id POST /admin/api/promotions/applications/{id}/reject":      id(reject),
		"POST /admin/api/promotions/applications/{id}/reject":          map[string]any{"reason": "not a win"},
	}
}

// promoWorld is the API with promotions and player01 logged in.
type promoWorld struct {
	*adminWorld
	svc      *promo.Service
	player   *client
	playerID int64
}

func newPromoWorld(t *testing.T, db *database.DB) *promoWorld {
	t.Helper()
	w := &promoWorld{adminWorld: newAdminWorld(t, db)}
	w.svc = withPromos(t, w.s, db)
	m, err := w.s.Identity.ByUsername(context.Background(), "demo", "player01")
	if err != nil {
		t.Fatal(err)
	}
	w.playerID = m.ID
	w.player = w.memberClient(m.ID)
	return w
}

func (w *promoWorld) memberClient(id int64) *client {
	w.t.Helper()
	token, err := w.s.Identity.CreateSession(context.Background(), id, "192.0.2.10", "test")
	if err != nil {
		w.t.Fatal(err)
	}
	c := newClient(w.t, w.s, "demo")
	c.token = token
	return c
}

// multipartApply builds an application body.
func multipartApply(t *testing.T, comment string, images ...[]byte) (string, *bytes.Buffer) {
	t.Helper()
	var b bytes.Buffer
	mw := multipart.NewWriter(&b)
	if err := mw.WriteField("comment", comment); err != nil {
		t.Fatal(err)
	}
	for i, img := range images {
		fw, err := mw.CreateFormFile("images", "shot"+strconv.Itoa(i)+".png")
		if err != nil {
			t.Fatal(err)
		}
		_, _ = fw.Write(img)
	}
	_ = mw.Close()
	return mw.FormDataContentType(), &b
}

func (w *promoWorld) apply(c *client, id int64, contentType string, body *bytes.Buffer) (*httptest.ResponseRecorder, envelope) {
	w.t.Helper()
	r := httptest.NewRequest(http.MethodPost, "/wps/promotions/"+strconv.FormatInt(id, 10)+"/apply", body)
	r.RemoteAddr = c.ip + ":5555"
	r.Header.Set("Merchant", "demo")
	r.Header.Set("Authorization", c.token)
	r.Header.Set("Content-Type", contentType)
	rec := httptest.NewRecorder()
	w.s.ServeHTTP(rec, r)
	return rec, decodeEnvelope(w.t, rec.Result())
}

func (w *promoWorld) verify() {
	w.t.Helper()
	v, err := w.s.Wallet.Verify(context.Background())
	if err != nil || len(v) > 0 {
		w.t.Fatalf("ledger verify: %v %v", v, err)
	}
}

func (w *promoWorld) cash() int64 {
	w.t.Helper()
	b, err := w.s.Wallet.Balance(context.Background(), "demo", wallet.Member(w.playerID, "USD"))
	if err != nil {
		w.t.Fatal(err)
	}
	return b
}

// TestPromotionFlow: a visitor reads the list and a sanitized body in
// Khmer; player01 sees its states, claims once (a replay answers the
// first result), applies with images, is approved over the back office,
// and finds both in its record; memberInfo carries the available count.
func TestPromotionFlow(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newPromoWorld(t, db)
		free := mustPromo(t, w.svc, promoInput(promo.KindFree, promo.Reward{Kind: promo.RewardCash, Amount: 1500}))
		app := mustPromo(t, w.svc, promoInput(promo.KindApplication, promo.Reward{Kind: promo.RewardPoints}))
		turn := promoInput(promo.KindTurnover, promo.Reward{Kind: promo.RewardCash, Amount: 100})
		turn.Target = 100000
		turnover := mustPromo(t, w.svc, turn)
		visitor := newClient(t, w.s, "demo")

		rec, env := visitor.do(http.MethodGet, "/wps/promotions?language=km", nil, false)
		list := value[promoList](t, env)
		if rec.Code != 200 || len(list.Content) != 3 || list.Content[0].Title == "" {
			t.Fatalf("list = %d %+v", rec.Code, env)
		}
		rec, env = visitor.do(http.MethodGet, "/wps/promotions/"+strconv.FormatInt(free.ID, 10)+"?language=en", nil, false)
		detail := value[promo.View](t, env)
		if rec.Code != 200 || detail.Title != "Welcome gift" || strings.Contains(detail.Body, "script") || strings.Contains(detail.Body, "onclick") {
			t.Fatalf("detail = %d %+v", rec.Code, detail)
		}
		// A language the promotion lacks falls back to the merchant's default (KM).
		_, env = visitor.do(http.MethodGet, "/wps/promotions/"+strconv.FormatInt(free.ID, 10)+"?language=th", nil, false)
		if v := value[promo.View](t, env); v.Title != "អំណោយស្វាគមន៍" {
			t.Fatalf("fallback title = %q", v.Title)
		}

		_, env = w.player.do(http.MethodGet, "/wps/member/info", nil, false)
		if info := value[map[string]any](t, env); info["availablePromoCount"] != float64(3) || info["availablePromo"] == nil {
			t.Fatalf("member info = %+v", info)
		}
		rec, env = w.player.do(http.MethodGet, "/wps/promotions/states", nil, false)
		states := value[promoStates](t, env).States
		if rec.Code != 200 || states[strconv.FormatInt(free.ID, 10)].State != "claim" || states[strconv.FormatInt(turnover.ID, 10)].State != "join" {
			t.Fatalf("states = %+v", states)
		}
		rec, env = w.player.do(http.MethodGet, "/wps/rewards/summary", nil, false)
		if sum := value[rewardSummary](t, env); rec.Code != 200 || sum.Count != 1 || sum.Claimable[0].Reward.Amount != 1500 {
			t.Fatalf("summary = %+v", env)
		}
		rec, env = w.player.do(http.MethodPost, "/wps/promotions/"+strconv.FormatInt(turnover.ID, 10)+"/join", map[string]any{}, false)
		if rec.Code != 200 || value[promoJoined](t, env).State != "joined" {
			t.Fatalf("join = %d %+v", rec.Code, env)
		}
		before := w.cash()
		claimPath := "/wps/promotions/" + strconv.FormatInt(free.ID, 10) + "/claim"
		rec, env = w.player.do(http.MethodPost, claimPath, map[string]any{"requestId": "r-1"}, false)
		res := value[promo.ClaimResult](t, env)
		if rec.Code != 200 || res.State != "claimed" || res.Reward.Amount != 1500 || res.Balance != before+1500 {
			t.Fatalf("claim = %d %+v", rec.Code, env)
		}
		rec, env = w.player.do(http.MethodPost, claimPath, map[string]any{"requestId": "r-1"}, false)
		if again := value[promo.ClaimResult](t, env); rec.Code != 200 || again.Reward != res.Reward || again.Balance != res.Balance {
			t.Fatalf("replay = %d %+v", rec.Code, env)
		}
		rec, env = w.player.do(http.MethodPost, claimPath, map[string]any{"requestId": "r-2"}, false)
		if rec.Code != 409 || env.Code != "promo.already_claimed" {
			t.Fatalf("second claim = %d %+v", rec.Code, env)
		}

		ct, body := multipartApply(t, "look at this win", testPNG(t, 6, 6), testPNG(t, 7, 7))
		rec, env = w.apply(w.player, app.ID, ct, body)
		applied := value[promoApplied](t, env)
		if rec.Code != 200 || applied.State != "applying" || applied.ApplicationID == 0 {
			t.Fatalf("apply = %d %+v", rec.Code, env)
		}
		marketing, _ := w.login("demo", "demo-marketing", operator.RoleOwner)
		rec, env = marketing.do(http.MethodGet, "/admin/api/promotions/applications?state=applying", nil)
		// The queue names the currency and decimals: the approval's amount
		// is typed in major units by the back office.
		apps := value[adminApplicationPage](t, env)
		if rec.Code != 200 || apps.Total != 1 || len(apps.Content[0].Images) != 2 || apps.Content[0].Username != "player01" || apps.Currency != "USD" || apps.Decimals != 2 {
			t.Fatalf("queue = %d %+v", rec.Code, env)
		}
		if rec := marketing.raw(http.MethodGet, apps.Content[0].Images[1], nil); rec.Code != 200 || rec.Header().Get("Content-Type") != "image/png" {
			t.Fatalf("image = %d %s", rec.Code, rec.Header().Get("Content-Type"))
		}
		approvePath := "/admin/api/promotions/applications/" + strconv.FormatInt(applied.ApplicationID, 10) + "/approve"
		if rec, env := marketing.do(http.MethodPost, approvePath, map[string]any{"amount": 250}); rec.Code != 200 {
			t.Fatalf("approve = %d %+v", rec.Code, env)
		}
		if rec, env := marketing.do(http.MethodPost, approvePath, map[string]any{"amount": 250}); rec.Code != 409 || env.Code != "promo.application_decided" {
			t.Fatalf("double approve = %d %+v", rec.Code, env)
		}
		points, _ := w.s.Wallet.Balance(context.Background(), "demo", wallet.Points(w.playerID))
		if points != 250 {
			t.Fatalf("points = %d", points)
		}
		rec, env = w.player.do(http.MethodGet, "/wps/promotions/claims?pageSize=10", nil, false)
		claims := value[Page[promo.MemberClaim]](t, env)
		if rec.Code != 200 || claims.Total != 2 || claims.Content[0].State != "issued" || claims.Content[1].State != "claimed" {
			t.Fatalf("claims = %d %+v", rec.Code, env)
		}
		rec = marketing.raw(http.MethodGet, "/admin/api/promotions/"+strconv.FormatInt(free.ID, 10)+"/claims?format=csv", nil)
		if rec.Code != 200 || !strings.Contains(rec.Body.String(), "player01") {
			t.Fatalf("csv = %d %s", rec.Code, rec.Body.String())
		}
		rec, env = marketing.do(http.MethodGet, "/admin/api/promotions/"+strconv.FormatInt(free.ID, 10)+"/ledger", nil)
		if l := value[adminPromoLedger](t, env); rec.Code != 200 || l.Cost != 1500 || l.Claims != 1 || l.Currency != "USD" || l.Decimals != 2 {
			t.Fatalf("ledger = %+v", env)
		}
		rec, env = marketing.do(http.MethodGet, "/admin/api/promotions/"+strconv.FormatInt(free.ID, 10)+"/claims", nil)
		if c := value[adminClaimPage](t, env); rec.Code != 200 || c.Total != 1 || c.Currency != "USD" || c.Decimals != 2 {
			t.Fatalf("claims page = %+v", env)
		}
		rec, env = marketing.do(http.MethodGet, "/admin/api/promotions", nil)
		if l := value[adminPromoList](t, env); rec.Code != 200 || len(l.Content) == 0 || l.Currency != "USD" || l.Decimals != 2 {
			t.Fatalf("list = %+v", env)
		}
		w.verify()
	})
}

// TestAdminPromotionRules: invalid promotions name their field; another
// merchant's operator reaches nothing of demo's.
func TestAdminPromotionRules(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newPromoWorld(t, db)
		owner, _ := w.login("demo", "demo-promo", operator.RoleOwner)
		lucky, _ := w.login("lucky", "lucky-promo", operator.RoleOwner)
		good := promoInput(promo.KindFree, promo.Reward{Kind: promo.RewardCash, Amount: 100})
		rec, env := owner.do(http.MethodPost, "/admin/api/promotions", good)
		created := value[promo.AdminView](t, env)
		if rec.Code != 200 || created.Status != "live" || created.Texts["en"].Title != "Welcome gift" || strings.Contains(created.Texts["en"].Body, "script") {
			t.Fatalf("create = %d %+v", rec.Code, env)
		}
		bad := good
		bad.Reward = promo.Reward{Kind: promo.RewardBonus, Amount: 100, Wagering: 0, ExpiryDays: 7}
		rec, env = owner.do(http.MethodPost, "/admin/api/promotions", bad)
		if v, _ := env.Value.(map[string]any); rec.Code != 422 || env.Code != "validation.field_invalid" || v["field"] != "reward.wagering" {
			t.Fatalf("bad wagering = %d %+v", rec.Code, env)
		}
		path := "/admin/api/promotions/" + strconv.FormatInt(created.ID, 10)
		changed := good
		changed.Reward.Amount = 999
		if rec, env := owner.do(http.MethodPut, path, changed); rec.Code != 422 || env.Code != "validation.field_invalid" {
			t.Fatalf("reward change while live = %d %+v", rec.Code, env)
		}
		if rec, env := owner.do(http.MethodPost, path+"/status", map[string]any{"status": "draft"}); rec.Code != 422 {
			t.Fatalf("back to draft = %d %+v", rec.Code, env)
		}
		if rec, env := lucky.do(http.MethodPost, path+"/status", map[string]any{"status": "ended"}); rec.Code != 404 || env.Code != "resource.not_found" {
			t.Fatalf("lucky ends demo's = %d %+v", rec.Code, env)
		}
		rec, env = lucky.do(http.MethodGet, "/admin/api/promotions", nil)
		if l := value[adminPromoList](t, env); rec.Code != 200 || len(l.Content) != 0 {
			t.Fatalf("lucky's list = %+v", env)
		}
		if e := w.audit("createPromotion", "ok"); len(e) == 0 {
			// The action name is the route's operation id; any entry will do.
			if all := w.audit("", "ok"); len(all) == 0 {
				t.Fatal("no audit entries")
			}
		}
	})
}

// TestPromotionSwitch: with the merchant's PROMOTION switch off the
// promotion calls answer feature.disabled and nothing counts as available.
func TestPromotionSwitch(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newPromoWorld(t, db)
		free := mustPromo(t, w.svc, promoInput(promo.KindFree, promo.Reward{Kind: promo.RewardCash, Amount: 100}))
		if err := w.s.Merchant.Set(context.Background(), "demo", "module.PROMOTION", "off"); err != nil {
			t.Fatal(err)
		}
		w.s.Merchant.Invalidate()
		for _, path := range []string{"/wps/promotions", "/wps/promotions/" + strconv.FormatInt(free.ID, 10), "/wps/promotions/states"} {
			if rec, env := w.player.do(http.MethodGet, path, nil, false); rec.Code != 403 || env.Code != "feature.disabled" {
				t.Errorf("%s with promotions off = %d %s", path, rec.Code, env.Code)
			}
		}
		if rec, env := w.player.do(http.MethodPost, "/wps/promotions/"+strconv.FormatInt(free.ID, 10)+"/claim", map[string]any{"requestId": "x"}, false); rec.Code != 403 {
			t.Errorf("claim with promotions off = %d %s", rec.Code, env.Code)
		}
		_, env := w.player.do(http.MethodGet, "/wps/promotions/available", nil, false)
		if v := value[promoAvailable](t, env); v.AvailablePromoCount != 0 || len(v.AvailablePromo) != 1 || v.AvailablePromo[0].Type != "REFERRAL" {
			t.Errorf("available with promotions off = %+v", v)
		}
	})
}
