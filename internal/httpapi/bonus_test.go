package httpapi

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"sync"
	"testing"
	"time"

	"portal/internal/bonus"
	"portal/internal/database"
	"portal/internal/dbtest"
	"portal/internal/identity"
	"portal/internal/operator"
	"portal/internal/wallet"
)

func init() {
	adminSampleAreas = append(adminSampleAreas, func(w *adminWorld) map[string]any {
		return map[string]any{"PUT /admin/api/bonus/contributions": []map[string]any{{"gameType": "LIVE", "percent": 30}}}
	})
}

type bonusWorld struct {
	*adminWorld
	p1, p2 int64
}

func newBonusWorld(t *testing.T, db *database.DB) *bonusWorld {
	t.Helper()
	w := &bonusWorld{adminWorld: newAdminWorld(t, db)}
	ctx := context.Background()
	p1, err := w.s.Identity.ByUsername(ctx, "demo", "player01")
	if err != nil {
		t.Fatal(err)
	}
	w.p1 = p1.ID
	if w.p2, err = w.s.Identity.Open(ctx, identity.NewMember{MerchantCode: "demo", Username: "bonother", Password: "Secret@123"}); err != nil {
		t.Fatal(err)
	}
	return w
}

func (w *bonusWorld) as(id int64) *client {
	w.t.Helper()
	token, err := w.s.Identity.CreateSession(context.Background(), id, "192.0.2.10", "test")
	if err != nil {
		w.t.Fatal(err)
	}
	c := newClient(w.t, w.s, "demo")
	c.token = token
	return c
}

func (w *bonusWorld) grant(id, amount int64, source string) {
	w.t.Helper()
	if _, err := w.s.Bonus.Grant(context.Background(), bonus.Grant{Merchant: "demo", MemberID: id, Currency: "USD", Amount: amount, Wagering: 10,
		Expires: time.Now().Add(48 * time.Hour), Source: source, From: wallet.Side(wallet.KindPromo, "promo:1", "USD"), Title: "Welcome bonus"}); err != nil {
		w.t.Fatal(err)
	}
}

func (w *bonusWorld) verify() {
	w.t.Helper()
	if v, err := w.s.Wallet.Verify(context.Background()); err != nil || len(v) != 0 {
		w.t.Fatalf("ledger verify: %v %+v", err, v)
	}
}

func TestBonusPlayerRoutes(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newBonusWorld(t, db)
		p := w.as(w.p1)
		// Nothing running yet.
		rec, env := p.do(http.MethodGet, "/wps/bonus", nil, false)
		if st := value[bonusState](t, env); rec.Code != 200 || st.BonusBalance != 0 || st.Active != nil || st.Currency != "USD" || st.Decimals != 2 {
			t.Fatalf("empty: %d %+v", rec.Code, env)
		}
		w.grant(w.p1, 35_000, "promo:1:claim:1")
		rec, env = p.do(http.MethodGet, "/wps/bonus", nil, false)
		st := value[bonusState](t, env)
		if rec.Code != 200 || st.BonusBalance != 35_000 || st.Active == nil || st.Active.Required != 350_000 || st.Active.State != "active" || st.Active.Title != "Welcome bonus" {
			t.Fatalf("running: %d %+v", rec.Code, env)
		}
		rec, env = p.do(http.MethodGet, "/wps/v2/wallets/balance", nil, false)
		if b := value[walletBalance](t, env); rec.Code != 200 || b.BonusBalance != 35_000 {
			t.Fatalf("wallet balance: %d %+v", rec.Code, env)
		}
		rec, env = p.do(http.MethodGet, "/wps/bonus/grants?pageNum=1&pageSize=5", nil, false)
		if pg := value[Page[bonus.GrantView]](t, env); rec.Code != 200 || pg.Total != 1 || len(pg.Content) != 1 || pg.Content[0].Amount != 35_000 {
			t.Fatalf("grants: %d %+v", rec.Code, env)
		}
		// Another member sees none of it.
		rec, env = w.as(w.p2).do(http.MethodGet, "/wps/bonus/grants", nil, false)
		if pg := value[Page[bonus.GrantView]](t, env); rec.Code != 200 || pg.Total != 0 || pg.Content == nil {
			t.Fatalf("other member's grants: %d %+v", rec.Code, env)
		}
		rec, env = newClient(t, w.s, "demo").do(http.MethodGet, "/wps/bonus/contributions", nil, false)
		if list := value[[]bonus.Contribution](t, env); rec.Code != 200 || len(list) == 0 {
			t.Fatalf("contributions: %d %+v", rec.Code, env)
		}
		// Forfeit, clicked twice at once: forfeited once.
		var wg sync.WaitGroup
		var mu sync.Mutex
		var sum int64
		for range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				rec, env := p.do(http.MethodPost, "/wps/bonus/forfeit", map[string]any{}, false)
				if rec.Code != 200 {
					t.Errorf("forfeit: %d %+v", rec.Code, env)
					return
				}
				mu.Lock()
				sum += value[bonusForfeited](t, env).Forfeited
				mu.Unlock()
			}()
		}
		wg.Wait()
		if sum != 35_000 {
			t.Fatalf("forfeited %d in all, want 35000 once", sum)
		}
		rec, env = p.do(http.MethodGet, "/wps/bonus", nil, false)
		if st := value[bonusState](t, env); rec.Code != 200 || st.BonusBalance != 0 || st.Active != nil {
			t.Fatalf("after forfeit: %d %+v", rec.Code, env)
		}
		w.verify()
	})
}

// TestBonusHostileInput: malformed, out-of-range, another merchant's, and
// replayed requests answer the envelope's error, never a 500, and change
// nothing.
func TestBonusHostileInput(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newBonusWorld(t, db)
		w.grant(w.p1, 5_000, "promo:1:claim:h")
		p := w.as(w.p1)
		owner, _ := w.login("demo", "bonus-owner", operator.RoleOwner)
		lucky, _ := w.login("lucky", "bonus-lucky", operator.RoleOwner)
		anon := newClient(t, w.s, "demo")
		cases := []struct {
			name   string
			do     func() (int, envelope)
			status int
			code   string
		}{
			{"no session", func() (int, envelope) { r, e := anon.do(http.MethodGet, "/wps/bonus", nil, false); return r.Code, e }, 401, "login.not.session"},
			{"forfeit without a session", func() (int, envelope) {
				r, e := anon.do(http.MethodPost, "/wps/bonus/forfeit", map[string]any{}, false)
				return r.Code, e
			}, 401, "login.not.session"},
			{"forfeit, body not an object", func() (int, envelope) {
				r, e := p.do(http.MethodPost, "/wps/bonus/forfeit", json.RawMessage(`[1,2]`), false)
				return r.Code, e
			}, 400, "request.invalid_body"},
			{"page size out of range", func() (int, envelope) {
				r, e := p.do(http.MethodGet, "/wps/bonus/grants?pageSize=1000", nil, false)
				return r.Code, e
			}, 400, "request.invalid_parameter"},
			{"page number negative", func() (int, envelope) {
				r, e := p.do(http.MethodGet, "/wps/bonus/grants?pageNum=-1", nil, false)
				return r.Code, e
			}, 400, "request.invalid_parameter"},
			{"admin: a state that is none", func() (int, envelope) {
				r, e := owner.do(http.MethodGet, "/admin/api/bonus/grants?state=bogus", nil)
				return r.Code, e
			}, 400, "request.invalid_parameter"},
			{"admin: percent above 100", func() (int, envelope) {
				r, e := owner.do(http.MethodPut, "/admin/api/bonus/contributions", []map[string]any{{"gameType": "RNG", "percent": 101}})
				return r.Code, e
			}, 422, "bonus.contribution_invalid"},
			{"admin: empty list", func() (int, envelope) {
				r, e := owner.do(http.MethodPut, "/admin/api/bonus/contributions", []map[string]any{})
				return r.Code, e
			}, 422, "bonus.contribution_invalid"},
			{"admin: not a list", func() (int, envelope) {
				r, e := owner.do(http.MethodPut, "/admin/api/bonus/contributions", map[string]any{"gameType": "RNG"})
				return r.Code, e
			}, 400, "request.invalid_body"},
		}
		for _, tc := range cases {
			code, env := tc.do()
			if code != tc.status || env.Code != tc.code {
				t.Errorf("%s: %d %s (%s), want %d %s", tc.name, code, env.Code, env.Message, tc.status, tc.code)
			}
		}
		// Nothing changed: the grant runs with its balance, RNG counts 100.
		if a, err := w.s.Bonus.Active(context.Background(), "demo", w.p1); err != nil || a == nil {
			t.Fatalf("grant after hostile calls: %+v %v", a, err)
		}
		if pct, _ := w.s.Bonus.Percent(context.Background(), "demo", "RNG"); pct != 100 {
			t.Fatalf("RNG contribution changed to %d", pct)
		}
		// Another merchant's operator sees none of demo's grants, even by id.
		rec, env := lucky.do(http.MethodGet, "/admin/api/bonus/grants?member="+strconv.FormatInt(w.p1, 10), nil)
		if pg := value[bonusGrantPage](t, env); rec.Code != 200 || pg.Total != 0 {
			t.Fatalf("lucky's view of demo's grant: %d %+v", rec.Code, env)
		}
		rec, env = owner.do(http.MethodGet, fmt.Sprintf("/admin/api/bonus/grants?member=%d&state=active", w.p1), nil)
		if pg := value[bonusGrantPage](t, env); rec.Code != 200 || pg.Total != 1 || pg.Content[0].Username != "player01" || pg.Currency != "USD" {
			t.Fatalf("owner's view: %d %+v", rec.Code, env)
		}
		w.verify()
	})
}
