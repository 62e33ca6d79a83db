package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"portal/internal/cashier"
	"portal/internal/catalog"
	"portal/internal/database"
	"portal/internal/dbtest"
	"portal/internal/operator"
	"portal/internal/protection"
	"portal/internal/provider"
	"portal/internal/provider/inhouse"
	"portal/internal/wallet"
)

func init() {
	adminSampleAreas = append(adminSampleAreas, func(w *adminWorld) map[string]any {
		_, id := w.balanceOf("player01")
		return map[string]any{"_id GET /admin/api/players/{id}/protection": strconv.FormatInt(id, 10)}
	})
}

func limitOf(t *testing.T, v protectionView, kind string) protection.Limit {
	t.Helper()
	for _, l := range v.Limits.Limits {
		if l.Kind == kind {
			return l
		}
	}
	t.Fatalf("no %s in %+v", kind, v)
	return protection.Limit{}
}

// TestProtectionMemberRoutes: a member reads and sets their own limits (a
// lower one at once, a raise pending 24 hours), starts a cooling-off that
// cannot be shortened, and reads the reality check; bad input gets the
// envelope's errors and changes nothing; another member sees none of it;
// the back office reads it (another merchant's operator gets 404) and has
// no route to change it.
func TestProtectionMemberRoutes(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newAdminWorld(t, db)
		s := w.s
		a := newClient(t, s, "demo")
		if rec, _ := a.login("player01", "Player@123"); rec.Code != 200 {
			t.Fatal("login")
		}
		rec, env := a.do(http.MethodGet, "/wps/protection", nil, false)
		v := value[protectionView](t, env)
		if rec.Code != 200 || len(v.Limits.Limits) != len(protection.Kinds) || v.Exclusion != nil || v.Decimals != 2 || v.RaiseDelayHours != 24 {
			t.Fatalf("view = %d %+v", rec.Code, env)
		}
		put := func(kind string, value any) (*httptest.ResponseRecorder, envelope) {
			return a.do(http.MethodPut, "/wps/protection", map[string]any{"kind": kind, "value": value}, false)
		}
		if rec, env := put("depositDay", 50_00); rec.Code != 200 || limitOf(t, value[protectionView](t, env), "depositDay").Value == nil {
			t.Fatalf("set = %d %+v", rec.Code, env)
		}
		rec, env = put("depositDay", 80_00)
		l := limitOf(t, value[protectionView](t, env), "depositDay")
		if rec.Code != 200 || *l.Value != 50_00 || l.Pending == nil || *l.Pending != 80_00 || l.PendingAt == nil || time.Until(*l.PendingAt) < 23*time.Hour {
			t.Fatalf("raise = %d %+v", rec.Code, l)
		}
		for _, tc := range []struct {
			name   string
			method string
			path   string
			body   any
			status int
			code   string
		}{
			{"unknown kind", http.MethodPut, "/wps/protection", map[string]any{"kind": "bonus", "value": 1}, 422, "protection.limit_invalid"},
			{"negative", http.MethodPut, "/wps/protection", map[string]any{"kind": "lossDay", "value": -1}, 422, "protection.limit_invalid"},
			{"too large", http.MethodPut, "/wps/protection", map[string]any{"kind": "lossDay", "value": protection.MaxAmount + 1}, 422, "protection.limit_invalid"},
			{"beyond int64", http.MethodPut, "/wps/protection", `{"kind":"lossDay","value":1e30}`, 400, "request.invalid_body"},
			{"decimal string", http.MethodPut, "/wps/protection", map[string]any{"kind": "lossDay", "value": "10.00"}, 400, "request.invalid_body"},
			{"fraction", http.MethodPut, "/wps/protection", `{"kind":"lossDay","value":10.5}`, 400, "request.invalid_body"},
			{"unknown field", http.MethodPut, "/wps/protection", map[string]any{"kind": "lossDay", "value": 1, "memberId": 1}, 400, "request.invalid_body"},
			{"not JSON", http.MethodPut, "/wps/protection", "{", 400, "request.invalid_body"},
			{"a day of minutes and more", http.MethodPut, "/wps/protection", map[string]any{"kind": "sessionMinutes", "value": 1441}, 422, "protection.limit_invalid"},
			{"exclusion as a limit", http.MethodPut, "/wps/protection", map[string]any{"kind": "exclusion", "value": 1}, 422, "protection.limit_invalid"},
			{"unknown period", http.MethodPost, "/wps/protection/exclusion", map[string]any{"period": "1h"}, 422, "protection.period_invalid"},
			{"period as a number", http.MethodPost, "/wps/protection/exclusion", map[string]any{"period": 24}, 400, "request.invalid_body"},
			{"reality without since", http.MethodGet, "/wps/protection/reality", nil, 400, "request.invalid_parameter"},
			{"reality since garbage", http.MethodGet, "/wps/protection/reality?since=yesterday", nil, 400, "request.invalid_parameter"},
			{"reality since a week", http.MethodGet, "/wps/protection/reality?since=" + url.QueryEscape(time.Now().Add(-7*24*time.Hour).Format(time.RFC3339)), nil, 400, "request.invalid_parameter"},
		} {
			var rec *httptest.ResponseRecorder
			var env envelope
			if raw, ok := tc.body.(string); ok {
				rec, env = a.raw(tc.method, tc.path, raw)
			} else {
				rec, env = a.do(tc.method, tc.path, tc.body, false)
			}
			if rec.Code != tc.status || env.Code != tc.code {
				t.Errorf("%s = %d %s %s", tc.name, rec.Code, env.Code, env.Message)
			}
		}
		since := url.QueryEscape(time.Now().Add(-time.Hour).Format(time.RFC3339))
		if rec, env := a.do(http.MethodGet, "/wps/protection/reality?since="+since, nil, false); rec.Code != 200 || value[protection.Reality](t, env).MinutesPlayed != 0 {
			t.Fatalf("reality = %d %+v", rec.Code, env)
		}
		if rec, env := a.do(http.MethodPost, "/wps/protection/exclusion", map[string]any{"period": "7d"}, false); rec.Code != 200 ||
			value[protectionView](t, env).Exclusion == nil || value[protectionView](t, env).Exclusion.Kind != "coolingOff" {
			t.Fatalf("cooling off = %d %+v", rec.Code, env)
		}
		if rec, env := a.do(http.MethodPost, "/wps/protection/exclusion", map[string]any{"period": "24h"}, false); rec.Code != 409 || env.Code != "protection.exclusion_active" {
			t.Fatalf("shorter = %d %+v", rec.Code, env)
		}
		// Log-in still works while cooling off: balance and withdrawals stay open.
		again := newClient(t, s, "demo")
		if rec, env := again.login("player01", "Player@123"); rec.Code != 200 {
			t.Fatalf("log-in while cooling off = %d %+v", rec.Code, env)
		}
		if rec, _ := again.do(http.MethodGet, "/wps/v2/wallets/balance", nil, false); rec.Code != 200 {
			t.Fatalf("balance while cooling off = %d", rec.Code)
		}

		// IDOR: another member's view is their own, empty.
		b, _ := (&cashierRig{s: s}).member(t, "other01")
		rec, env = b.do(http.MethodGet, "/wps/protection", nil, false)
		if v := value[protectionView](t, env); rec.Code != 200 || v.Exclusion != nil || limitOf(t, v, "depositDay").Value != nil {
			t.Fatalf("other member sees %d %+v", rec.Code, v)
		}
		if rec, env := newClient(t, s, "demo").do(http.MethodGet, "/wps/protection", nil, false); rec.Code != 401 || env.Code != "login.not.session" {
			t.Fatalf("no token = %d %s", rec.Code, env.Code)
		}

		// The back office reads the limits and their history, read only.
		_, id := w.balanceOf("player01")
		path := fmt.Sprintf("/admin/api/players/%d/protection", id)
		owner, _ := w.login("demo", "demo-owner", operator.RoleOwner)
		rec, env = owner.do(http.MethodGet, path, nil)
		pp := value[playerProtection](t, env)
		if rec.Code != 200 || len(pp.History) != 3 || pp.History[0].Kind != "exclusion" || pp.Exclusion == nil || limitOf(t, pp.protectionView, "depositDay").Pending == nil {
			t.Fatalf("admin view = %d %+v", rec.Code, env)
		}
		for _, m := range []string{http.MethodPut, http.MethodPost, http.MethodDelete} {
			if rec, _ := owner.do(m, path, map[string]any{"kind": "depositDay", "value": 1}); rec.Code != 405 {
				t.Errorf("admin %s = %d: operators cannot change a member's limits", m, rec.Code)
			}
		}
		lucky, _ := w.login("lucky", "lucky-owner", operator.RoleOwner)
		if rec, env := lucky.do(http.MethodGet, path, nil); rec.Code != 404 || env.Code != "resource.not_found" {
			t.Fatalf("lucky reads demo's player = %d %+v", rec.Code, env)
		}
	})
}

// raw sends body as is (malformed JSON) with the client's headers.
func (c *client) raw(method, path, body string) (*httptest.ResponseRecorder, envelope) {
	c.t.Helper()
	r := httptest.NewRequest(method, path, strings.NewReader(body))
	r.RemoteAddr = c.ip + ":4000"
	r.Header.Set("Merchant", c.merchant)
	r.Header.Set("Content-Type", "application/json")
	r.Header.Set("Authorization", c.token)
	rec := httptest.NewRecorder()
	c.s.ServeHTTP(rec, r)
	return rec, decodeEnvelope(c.t, rec.Result())
}

// TestProtectionDepositRefused: an order that would take the day's
// deposits (credited or open) past the member's limit is refused; while
// cooling off, any deposit is.
func TestProtectionDepositRefused(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		s := newSeededServer(t, db, inhouse.Options{})
		rig := withCashier(t, s, db)
		// The cashier as the app wires it: with the protection's guard.
		s.Cashier = cashier.NewService(db, s.Wallet, cashier.Options{Store: cashier.DirStore{Dir: t.TempDir()}, OnStatus: DepositEvents(s.Hub),
			OnBalance: s.Hub.Balance, DepositGuard: s.Protection.CheckDeposit})
		s.Cashier.SetSimBase(rig.url)
		a, _ := rig.member(t, "limited01")
		ids := rig.channelIDs(t)
		if rec, env := a.do(http.MethodPut, "/wps/protection", map[string]any{"kind": "depositDay", "value": 30_00}, false); rec.Code != 200 {
			t.Fatalf("set = %d %+v", rec.Code, env)
		}
		deposit := func(req string, amount int64) (*httptest.ResponseRecorder, envelope) {
			return a.do(http.MethodPost, "/wps/cashier/deposits", map[string]any{"channelId": ids["aba"], "amount": amount, "requestId": req}, false)
		}
		if rec, env := deposit("p-1", 20_00); rec.Code != 200 {
			t.Fatalf("within the limit = %d %+v", rec.Code, env)
		}
		if rec, env := deposit("p-2", 10_01); rec.Code != 422 || env.Code != "protection.deposit_limit" {
			t.Fatalf("past the limit = %d %+v", rec.Code, env)
		}
		if rec, env := deposit("p-3", 10_00); rec.Code != 200 {
			t.Fatalf("up to the limit = %d %+v", rec.Code, env)
		}
		// The same request id answers the first order, limit or not.
		if rec, env := deposit("p-1", 20_00); rec.Code != 200 {
			t.Fatalf("replayed = %d %+v", rec.Code, env)
		}
		b, _ := rig.member(t, "limited02")
		if rec, env := b.do(http.MethodPost, "/wps/protection/exclusion", map[string]any{"period": "24h"}, false); rec.Code != 200 {
			t.Fatalf("cool off = %d %+v", rec.Code, env)
		}
		if rec, env := b.do(http.MethodPost, "/wps/cashier/deposits", map[string]any{"channelId": ids["aba"], "amount": 20_00, "requestId": "q-1"}, false); rec.Code != 403 || env.Code != "protection.excluded" {
			t.Fatalf("deposit while cooling off = %d %+v", rec.Code, env)
		}
	})
}

// TestProtectionBetPath: a seamless-wallet bet that would pass the
// member's loss limit is refused with LOSS_LIMIT_EXCEEDED and moves
// nothing (a replay of an accepted bet still answers OK); an in-house
// stake gets protection.loss_limit; once cooling off, the launch is
// refused and so is the next vendor bet (PLAYER_EXCLUDED).
func TestProtectionBetPath(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		s := newSeededServer(t, db, inhouse.Options{})
		ctx := context.Background()
		c, me := fundedPlayer(t, s, 100_00)
		balance := func() int64 {
			b, err := s.Wallet.Balance(ctx, "demo", wallet.Member(me.ID, "USD"))
			if err != nil {
				t.Fatal(err)
			}
			return b
		}
		page, err := s.Catalog.List(ctx, "demo", catalog.ListQuery{Vendor: "PG", Page: 1, Size: 1})
		if err != nil {
			t.Fatal(err)
		}
		game := page.Games[0].GameCode
		_, env := c.do(http.MethodPost, "/wps/game/launchGame", map[string]string{"vassalage": "PG", "gameCode": game}, false)
		u, err := url.Parse(value[provider.Launch](t, env).URL)
		if err != nil || u.Query().Get("token") == "" {
			t.Fatalf("launch = %+v", env)
		}
		secret, err := s.Games.Secret(ctx, "PG")
		if err != nil {
			t.Fatal(err)
		}
		vendor := func(cb provider.Callback) provider.Answer {
			body, _ := json.Marshal(cb)
			r := httptest.NewRequest(http.MethodPost, "/vendor/PG/wallet/bet", bytes.NewReader(body))
			r.Header.Set("X-Signature", provider.Sign(secret, body))
			rec := httptest.NewRecorder()
			s.ServeHTTP(rec, r)
			var a provider.Answer
			if err := json.NewDecoder(rec.Body).Decode(&a); err != nil || rec.Code != 200 {
				t.Fatalf("bet answer %d: %v", rec.Code, err)
			}
			return a
		}
		bet := func(tx string, amount int64) provider.Callback {
			return provider.Callback{Token: u.Query().Get("token"), Player: fmt.Sprint(me.ID), Currency: "USD", GameCode: game, RoundID: "R-" + tx, TransactionID: tx, Amount: amount}
		}
		// Without limits, bets go as before.
		if a := vendor(bet("B1", 10_00)); a.Status != provider.StatusOK || a.Balance != 90_00 {
			t.Fatalf("bet without limits = %+v", a)
		}
		if rec, env := c.do(http.MethodPut, "/wps/protection", map[string]any{"kind": "lossDay", "value": 25_00}, false); rec.Code != 200 {
			t.Fatalf("set = %d %+v", rec.Code, env)
		}
		if a := vendor(bet("B2", 15_00)); a.Status != provider.StatusOK || a.Balance != 75_00 {
			t.Fatalf("bet up to the limit = %+v", a)
		}
		if a := vendor(bet("B3", 1)); a.Status != provider.StatusLossLimit || a.Balance != 75_00 || a.Currency != "USD" || balance() != 75_00 {
			t.Fatalf("bet past the limit = %+v (balance %d)", a, balance())
		}
		if a := vendor(bet("B2", 15_00)); a.Status != provider.StatusOK || a.Balance != 75_00 {
			t.Fatalf("replayed accepted bet = %+v", a)
		}
		// A free spin (zero stake) risks nothing and is not refused.
		if a := vendor(bet("B4", 0)); a.Status != provider.StatusOK {
			t.Fatalf("zero bet = %+v", a)
		}

		// In-house: the same rule, the games' own code.
		_, env = c.do(http.MethodPost, "/wps/game/launchGame", map[string]string{"vassalage": "PGE", "gameCode": "PGE_DICE"}, false)
		pu, err := url.Parse(value[provider.Launch](t, env).URL)
		if err != nil {
			t.Fatal(err)
		}
		g := newClient(t, s, "demo")
		g.gameToken = pu.Query().Get("token")
		rec, env := g.do(http.MethodPost, "/inhouse/play", map[string]any{"game": "PGE_DICE", "stake": 100, "target": 5000, "over": true, "requestId": "p-1"}, false)
		if rec.Code != 422 || env.Code != "protection.loss_limit" || balance() != 75_00 {
			t.Fatalf("in-house stake past the limit = %d %+v (balance %d)", rec.Code, env, balance())
		}

		// Cooling off: no launch, no stake; log-in and balance stay.
		if rec, env := c.do(http.MethodPost, "/wps/protection/exclusion", map[string]any{"period": "24h"}, false); rec.Code != 200 {
			t.Fatalf("cool off = %d %+v", rec.Code, env)
		}
		for _, l := range []map[string]string{{"vassalage": "PG", "gameCode": game}, {"vassalage": "PGE", "gameCode": "PGE_SLOT"}} {
			if rec, env := c.do(http.MethodPost, "/wps/game/launchGame", l, false); rec.Code != 403 || env.Code != "protection.excluded" {
				t.Fatalf("launch while cooling off = %d %+v", rec.Code, env)
			}
		}
		if rec, env := c.do(http.MethodPost, "/wps/game/launchGameVendor", map[string]string{"vassalage": "PG"}, false); rec.Code != 403 || env.Code != "protection.excluded" {
			t.Fatalf("vendor lobby while cooling off = %d %+v", rec.Code, env)
		}
		if a := vendor(bet("B5", 1)); a.Status != provider.StatusPlayerExcluded || balance() != 75_00 {
			t.Fatalf("bet while cooling off = %+v", a)
		}
		if rec, _ := c.do(http.MethodGet, "/wps/v2/wallets/balance", nil, false); rec.Code != 200 {
			t.Fatalf("balance while cooling off = %d", rec.Code)
		}
	})
}
