package httpapi

import (
	"context"
	"net/http"
	"strings"
	"testing"

	"portal/internal/catalog"
)

// trialRoutes are the (T) routes a trial account may use (decision D-016):
// it plays with play money and reads what that play left; everything else
// a member does needs a real account. A new (T) route must be added here or
// carry RealAccount, or TestTrialAccountsRefusedCentrally fails.
var trialRoutes = map[string]bool{
	"GET /wps/member/firstLogin":            true,
	"GET /wps/member/info":                  true,
	"GET /wps/member/info/icon":             true, // reads the default; choosing one is refused
	"DELETE /wps/session/logout":            true,
	"POST /wps/game/launchGameVendor":       true,
	"GET /wps/v2/wallets/balance":           true,
	"GET /wps/relay/GCS_merchantWallet":     true,
	"GET /wps/game/favorite":                true, // empty: adding is refused
	"GET /wps/game/favorite/ids":            true,
	"GET /wps/game/recent":                  true,
	"GET /wps/report/accountGameBetHistory": true,
	"GET /wps/report/transactionHistory":    true,
	"GET /wps/report/personalProfit":        true,
	"GET /inhouse/round":                    true,
}

// TestTrialAccountsRefusedCentrally walks every (T) route of the table as a
// trial account: each one a trial account may not use answers 403
// member.in_need_true_account from the route's RealAccount flag, before its
// handler runs (nothing changes: a refused favourite is not added); the
// others do not answer it.
func TestTrialAccountsRefusedCentrally(t *testing.T) {
	s := newHostileTestServer(t)
	trial := newClient(t, s, "demo")
	rec, env := trial.do(http.MethodPost, "/wps/session/login/freeplay", nil, false)
	if rec.Code != 200 {
		t.Fatalf("free play = %d %+v", rec.Code, env)
	}
	trial.token = value[loginResult](t, env).Token
	refused := 0
	for _, rt := range s.Routes() {
		if !rt.Auth {
			continue
		}
		key := rt.Method + " " + rt.Path
		if key == "DELETE /wps/session/logout" {
			continue // it may; called, it would end the walk's session
		}
		path := strings.NewReplacer("{id}", "1").Replace(rt.Path)
		body := map[string]string{"nodeId": "1", "icon": "2", "code": "123456", "vassalage": "PG",
			"oldPassword": "x", "newPassword": "Secret@1234", "confirmNewPassword": "Secret@1234"}
		rec, env := trial.do(rt.Method, path, body, rt.Encrypted)
		if trialRoutes[key] {
			if rt.RealAccount || env.Code == "member.in_need_true_account" {
				t.Errorf("%s: a trial account is refused a route it may use (%d %s)", key, rec.Code, env.Code)
			}
			continue
		}
		if !rt.RealAccount {
			t.Errorf("%s: a (T) route without RealAccount that trial accounts may not use; flag it, or list it in trialRoutes", key)
		}
		if rec.Code != http.StatusForbidden || env.Code != "member.in_need_true_account" || env.Message == "" {
			t.Errorf("%s as a trial account = %d %s, want 403 member.in_need_true_account", key, rec.Code, env.Code)
		}
		refused++
	}
	if refused < 10 {
		t.Fatalf("only %d routes refused a trial account", refused)
	}
	// A well-formed favourite, refused all the same, is not added.
	page, err := s.Catalog.List(context.Background(), "demo", catalog.ListQuery{Vendor: "PG", Page: 1, Size: 1})
	if err != nil || len(page.Games) == 0 {
		t.Fatal(err)
	}
	if rec, env := trial.do(http.MethodPost, "/wps/game/favorite", map[string]string{"nodeId": page.Games[0].NodeID}, false); rec.Code != 403 || env.Code != "member.in_need_true_account" {
		t.Fatalf("a trial account's favourite = %d %s", rec.Code, env.Code)
	}
	_, env = trial.do(http.MethodGet, "/wps/game/favorite/ids", nil, false)
	if ids := value[[]string](t, env); len(ids) != 0 {
		t.Fatalf("a trial account's favourites = %v, want none", ids)
	}
}
