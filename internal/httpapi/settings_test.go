package httpapi

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"portal/internal/database"
	"portal/internal/dbtest"
	"portal/internal/merchant"
	"portal/internal/operator"
	"portal/internal/realtime"
)

// The settings routes' samples for TestEveryAdminRoute: each valid for
// demo's owner, none of them closing the site to the later routes.
func init() {
	adminSampleAreas = append(adminSampleAreas, func(w *adminWorld) map[string]any {
		rule := merchant.DefaultRegisterRules()["email"]
		rule.Required = true
		soon := time.Now().Add(24 * time.Hour).UTC()
		return map[string]any{
			"PUT /admin/api/settings/modules":          map[string]any{"switches": []map[string]any{{"modId": "POINTMALL3", "enabled": false}}},
			"PUT /admin/api/settings/register-rules":   map[string]any{"rules": map[string]any{"email": rule}},
			"PUT /admin/api/settings/languages":        map[string]any{"supported": []string{"KM", "EN", "CN"}, "default": "KM"},
			"PUT /admin/api/settings/currency":         map[string]any{"symbol": "US$", "decimals": 2},
			"PUT /admin/api/settings/domains":          map[string]any{"main": "localhost", "mirrors": []string{"demo.portal.test"}},
			"PUT /admin/api/settings/region":           map[string]any{"blockedCidrs": []string{"203.0.113.0/24"}, "blockedCountries": []string{"KP"}},
			"PUT /admin/api/settings/maintenance":      map[string]any{"on": false, "window": map[string]any{"start": soon, "end": soon.Add(time.Hour)}, "texts": map[string]any{"EN": map[string]string{"title": "Upgrade", "info": "Soon back"}}},
			"PUT /admin/api/settings/customer-service": map[string]any{"channels": []map[string]string{{"csType": "LIVECHAT", "name": "Chat", "path": "https://chat.portal.test/demo"}}},
			"POST /admin/api/merchants":                map[string]any{"code": "sample", "name": "Sample", "currency": "USD", "defaultLanguage": "EN", "mainDomain": "sample.portal.test"},
		}
	})
}

// settingsWorld is the admin world whose merchant service runs on a clock
// the test moves.
func settingsWorld(t *testing.T, db *database.DB) (*adminWorld, *merchant.Service, *identityClock) {
	t.Helper()
	w := newAdminWorld(t, db)
	clk := &identityClock{t: time.Now().UTC().Truncate(time.Second)}
	ms, err := merchant.NewService(db, merchant.Options{Now: clk.now})
	if err != nil {
		t.Fatal(err)
	}
	d := w.s.Deps
	d.Merchant, d.Merchants = ms, ms
	w.s = New(d)
	return w, ms, clk
}

// TestAdminSettings: each part saved over HTTP reaches the player site's
// calls at once, is audited with its value before and after, and leaves
// lucky alone; an invalid or hostile value is refused with its field and
// changes nothing.
func TestAdminSettings(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w, _, _ := settingsWorld(t, db)
		owner, _ := w.login("demo", "demo-owner", operator.RoleOwner)
		site := func(path, m string) map[string]any {
			rec, env := call{path: path, merchant: m}.do(t, w.s)
			if rec.Code != 200 {
				t.Fatalf("%s = %d %+v", path, rec.Code, env)
			}
			return value[map[string]any](t, env)
		}
		luckyBefore := site("/wps/system/permission", "lucky")

		// Valid: modules, then the site's calls.
		rec, env := owner.do("PUT", "/admin/api/settings/modules", map[string]any{"switches": []map[string]any{{"modId": "VIP3", "enabled": false}, {"modId": "FREEPLAY3", "enabled": false}}})
		if rec.Code != 200 {
			t.Fatalf("modules = %d %+v", rec.Code, env)
		}
		if p := site("/wps/system/permission", "demo"); p["vip"] != false || p["hasFreePlay"] != false {
			t.Errorf("permission after modules: vip %v, free play %v", p["vip"], p["hasFreePlay"])
		}
		if e := w.audit("putAdminApiSettingsModules", "ok"); len(e) != 1 || e[0].Target != "merchant:demo/modules" ||
			!strings.Contains(e[0].Before, `"modId":"VIP3","name":"VIP","enabled":true`) || !strings.Contains(e[0].After, `"modId":"VIP3","name":"VIP","enabled":false`) {
			t.Errorf("modules audit = %+v", e)
		}
		// Customer service, maintenance and domains follow on the site too.
		owner.do("PUT", "/admin/api/settings/customer-service", map[string]any{"channels": []map[string]string{{"csType": "TELEGRAM", "name": "Help", "path": "https://t.me/help_demo"}}})
		p := site("/wps/system/permission", "demo")
		if cs, _ := p["customerService"].([]any); len(cs) != 1 {
			t.Errorf("customer service after change = %v", p["customerService"])
		}
		if rec, env := owner.do("PUT", "/admin/api/settings/domains", map[string]any{"main": "play.demo.test", "mirrors": []string{"localhost"}}); rec.Code != 200 {
			t.Fatalf("domains = %d %+v", rec.Code, env)
		}
		if dr, _ := site("/wps/system/permission", "demo")["domainRoute"].(map[string]any); dr["mainDomain"] != "play.demo.test" {
			t.Errorf("domain route = %v", dr)
		}
		if rec, env := owner.do("PUT", "/admin/api/settings/maintenance", map[string]any{"on": true, "texts": map[string]any{"EN": map[string]string{"title": "Down", "info": "Back soon"}}}); rec.Code != 200 {
			t.Fatalf("maintenance = %d %+v", rec.Code, env)
		}
		if st := site("/wps/system/status?language=EN", "demo"); st["status"] != float64(1) || st["title"] != "Down" {
			t.Errorf("status after maintenance on = %v", st)
		}
		if st := site("/wps/system/status", "lucky"); st["status"] != float64(0) {
			t.Errorf("lucky's status = %v", st)
		}
		// Sealed customer-service paths take a fresh nonce at every rebuild.
		luckyAfter := site("/wps/system/permission", "lucky")
		delete(luckyBefore, "customerService")
		delete(luckyAfter, "customerService")
		if !equalAnswers(luckyBefore, luckyAfter) {
			t.Error("lucky's permission answer changed")
		}

		// Refused: the field is named, nothing changes, the refusal is audited.
		_, env = owner.do("GET", "/admin/api/settings", nil)
		stored := value[map[string]any](t, env)
		tests := []struct {
			path   string
			body   any
			status int
			code   string
			field  string
		}{
			{"/admin/api/settings/modules", map[string]any{"switches": []map[string]any{{"modId": "<script>", "enabled": true}}}, 422, "settings.invalid", "modules.<script>"},
			{"/admin/api/settings/register-rules", map[string]any{"rules": map[string]any{"email": map[string]any{"enabled": true, "patternId": 0, "type": "email"}}}, 422, "settings.invalid", "rules.email.patternId"},
			{"/admin/api/settings/languages", map[string]any{"supported": []string{"EN"}, "default": "KM"}, 422, "settings.invalid", "default"},
			{"/admin/api/settings/currency", map[string]any{"symbol": "", "decimals": 2}, 422, "settings.invalid", "symbol"},
			{"/admin/api/settings/domains", map[string]any{"main": "lucky.portal.test"}, 409, "settings.domain_taken", "main"},
			{"/admin/api/settings/domains", map[string]any{"main": "évil.test"}, 422, "settings.invalid", "main"},
			{"/admin/api/settings/region", map[string]any{"blockedCidrs": []string{"1.2.3.4/99"}}, 422, "settings.invalid", "blockedCidrs.0"},
			{"/admin/api/settings/maintenance", map[string]any{"window": map[string]any{"start": "2020-01-01T00:00:00Z", "end": "2020-01-02T00:00:00Z"}}, 422, "settings.invalid", "window.end"},
			{"/admin/api/settings/maintenance", map[string]any{"window": map[string]any{"start": "tomorrow"}}, 400, "request.invalid_body", ""},
			{"/admin/api/settings/customer-service", map[string]any{"channels": []map[string]string{{"csType": "LIVECHAT", "name": "x", "path": "javascript:alert(document.cookie)"}}}, 422, "settings.invalid", "channels.0.path"},
			{"/admin/api/settings/customer-service", map[string]any{"channels": "all"}, 400, "request.invalid_body", ""},
			{"/admin/api/settings/currency", map[string]any{"symbol": "$", "decimals": 2, "isAdmin": true}, 400, "request.invalid_body", ""},
			{"/admin/api/settings/region", map[string]any{"blockedCountries": []string{strings.Repeat("A", 2<<20)}}, 413, "request.too_large", ""},
		}
		for _, tt := range tests {
			rec, env := owner.do("PUT", tt.path, tt.body)
			if rec.Code != tt.status || env.Code != tt.code {
				t.Errorf("%s %v = %d %s, want %d %s", tt.path, tt.body, rec.Code, env.Code, tt.status, tt.code)
				continue
			}
			if tt.field != "" {
				if fe := value[fieldError](t, env); fe.Field != tt.field || fe.Reason == "" {
					t.Errorf("%s: value %+v, want field %s", tt.path, fe, tt.field)
				}
			}
			if e := w.audit("", ""); len(e) == 0 || e[0].Outcome != "refused:"+tt.code {
				t.Errorf("%s: last audit entry %+v", tt.path, e)
			}
		}
		_, env = owner.do("GET", "/admin/api/settings", nil)
		if !equalAnswers(stored, value[map[string]any](t, env)) {
			t.Error("a refused change changed the settings")
		}

		// A platform operator edits the merchant it names, and only then.
		root, _ := w.login("", "root", operator.RoleOwner)
		if rec, env := root.do("GET", "/admin/api/settings", nil); rec.Code != 400 || env.Code != "settings.merchant_required" {
			t.Errorf("platform without a merchant = %d %s", rec.Code, env.Code)
		}
		root.merchant = "lucky"
		if rec, env := root.do("PUT", "/admin/api/settings/currency", map[string]any{"symbol": "THB", "decimals": 2}); rec.Code != 200 ||
			value[merchant.Settings](t, env).Code != "lucky" {
			t.Errorf("platform on lucky = %d %+v", rec.Code, env)
		}
		if e := w.audit("putAdminApiSettingsCurrency", "ok"); len(e) != 1 || e[0].Merchant != "lucky" || e[0].Operator != "root" {
			t.Errorf("platform audit = %+v", e)
		}
	})
}

func equalAnswers(a, b map[string]any) bool {
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	return string(ja) == string(jb)
}

// TestScheduledMaintenanceOverHTTP: a scheduled window opens and closes
// the site by the clock, with no operator action, and the status watch
// tells demo's open pages at both edges (and lucky's at neither).
func TestScheduledMaintenanceOverHTTP(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w, ms, clk := settingsWorld(t, db)
		owner, _ := w.login("demo", "demo-owner", operator.RoleOwner)
		hub := realtime.NewHub()
		watch := realtime.NewStatusWatch(hub, ms.StatusKeys, nil)
		watch.Check()
		demoEvents, stopDemo := hub.Subscribe("demo", 0)
		defer stopDemo()
		luckyEvents, stopLucky := hub.Subscribe("lucky", 0)
		defer stopLucky()
		start := clk.now().Add(time.Hour)
		if rec, env := owner.do("PUT", "/admin/api/settings/maintenance", map[string]any{
			"window": map[string]any{"start": start, "end": start.Add(30 * time.Minute)}}); rec.Code != 200 {
			t.Fatalf("schedule = %d %+v", rec.Code, env)
		}
		status := func() float64 {
			_, env := call{path: "/wps/system/status", merchant: "demo"}.do(t, w.s)
			return value[map[string]any](t, env)["status"].(float64)
		}
		heard := func(ch <-chan realtime.Event) bool {
			select {
			case <-ch:
				return true
			default:
				return false
			}
		}
		for _, step := range []struct {
			at     time.Duration
			status float64
			push   bool
		}{{0, 0, false}, {59 * time.Minute, 0, false}, {time.Hour, 1, true}, {80 * time.Minute, 1, false}, {90 * time.Minute, 0, true}} {
			clk.mu.Lock()
			clk.t = start.Add(step.at - time.Hour)
			clk.mu.Unlock()
			watch.Check() // what the timer does in a running server
			if got := status(); got != step.status {
				t.Errorf("at +%v: status %v, want %v", step.at, got, step.status)
			}
			if got := heard(demoEvents); got != step.push {
				t.Errorf("at +%v: demo's pages told %v, want %v", step.at, got, step.push)
			}
			if heard(luckyEvents) {
				t.Errorf("at +%v: lucky's pages told", step.at)
			}
			if rec, _ := (call{path: "/wps/system/helpCenter", merchant: "demo"}).do(t, w.s); (rec.Code == 503) != (step.status == 1) {
				t.Errorf("at +%v: the lobby answers %d", step.at, rec.Code)
			}
		}
	})
}

// TestAdminMerchants: the platform's owner lists and creates merchants
// (audited), and an operator can then be made for the new one; a
// merchant's owner is refused, even with a role that names the permission.
func TestAdminMerchants(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newAdminWorld(t, db)
		ctx := context.Background()
		root, _ := w.login("", "root", operator.RoleOwner)
		demo, _ := w.login("demo", "demo-owner", operator.RoleOwner)
		body := map[string]any{"code": "gold", "name": "Gold Coast", "currency": "THB", "defaultLanguage": "TH", "mainDomain": "gold.portal.test"}

		if rec, env := demo.do("POST", "/admin/api/merchants", body); rec.Code != 403 || env.Code != "admin.forbidden" {
			t.Errorf("demo's owner creates = %d %s", rec.Code, env.Code)
		}
		if rec, env := demo.do("GET", "/admin/api/merchants", nil); rec.Code != 403 || env.Code != "admin.forbidden" {
			t.Errorf("demo's owner lists = %d %s", rec.Code, env.Code)
		}
		if e := w.audit("postAdminApiMerchants", "refused:admin.forbidden"); len(e) != 1 || e[0].Operator != "demo-owner" {
			t.Errorf("refusal audit = %+v", e)
		}
		// A role row naming the permission, written around the role editor.
		if _, err := db.Write().ExecContext(ctx, `INSERT INTO operator_roles (merchant_code, name, permissions, created_at) VALUES ('demo', 'sneaky', 'merchants.manage', 0)`); err != nil {
			t.Fatal(err)
		}
		sneaky, _ := w.login("demo", "demo-sneaky", "sneaky")
		if rec, env := sneaky.do("POST", "/admin/api/merchants", body); rec.Code != 403 || env.Code != "admin.forbidden" {
			t.Errorf("sneaky creates = %d %s", rec.Code, env.Code)
		}

		rec, env := root.do("POST", "/admin/api/merchants", body)
		if rec.Code != 200 {
			t.Fatalf("root creates = %d %+v", rec.Code, env)
		}
		if m := value[merchant.Summary](t, env); m.Code != "gold" || m.Currency != "THB" || m.MainDomain != "gold.portal.test" {
			t.Errorf("created = %+v", m)
		}
		if e := w.audit("postAdminApiMerchants", "ok"); len(e) != 1 || e[0].Operator != "root" || e[0].Target != "merchant:gold" || !strings.Contains(e[0].After, `"code":"gold"`) {
			t.Errorf("create audit = %+v", e)
		}
		if rec, env := root.do("POST", "/admin/api/merchants", body); rec.Code != 409 || env.Code != "merchants.code_taken" {
			t.Errorf("again = %d %s", rec.Code, env.Code)
		}
		body["code"], body["mainDomain"] = "silver", "localhost"
		if rec, env := root.do("POST", "/admin/api/merchants", body); rec.Code != 409 || env.Code != "settings.domain_taken" {
			t.Errorf("demo's domain = %d %s", rec.Code, env.Code)
		}
		body["currency"] = "DOGE"
		if rec, env := root.do("POST", "/admin/api/merchants", body); rec.Code != 422 || value[fieldError](t, env).Field != "currency" {
			t.Errorf("bad currency = %d %+v", rec.Code, env)
		}
		_, env = root.do("GET", "/admin/api/merchants", nil)
		if list := value[merchantList](t, env); len(list.Merchants) != 3 || list.Merchants[1].Code != "gold" || len(list.Currencies) == 0 {
			t.Errorf("list = %+v", list)
		}
		// The new merchant works: the site knows it, an owner can be made.
		if rec, env := (call{path: "/wps/system/permission", merchant: "gold"}).do(t, w.s); rec.Code != 200 {
			t.Errorf("gold's permission = %d %+v", rec.Code, env)
		}
		if _, _, err := w.ops.Create(ctx, db.Write(), "gold", "gold-owner", operator.RoleOwner); err != nil {
			t.Errorf("an owner for gold: %v", err)
		}
		gold, _ := w.login("gold", "gold-boss", operator.RoleOwner)
		if rec, env := gold.do("GET", "/admin/api/settings", nil); rec.Code != 200 || value[merchant.Settings](t, env).Currency != "THB" {
			t.Errorf("gold's settings = %d %+v", rec.Code, env)
		}
	})
}
