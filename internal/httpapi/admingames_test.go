package httpapi

import (
	"context"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"portal/internal/catalog"
	"portal/internal/database"
	"portal/internal/dbtest"
	"portal/internal/operator"
	"portal/internal/provider"
)

// gameOf is the first game of vendor in catalogue order.
func (w *adminWorld) gameOf(vendor string) string {
	w.t.Helper()
	var code string
	if err := w.db.Read().QueryRowContext(context.Background(), `SELECT game_code FROM games WHERE vassalage = $1 AND is_hot = 0 AND is_new = 0
		ORDER BY sort, id LIMIT 1`, vendor).Scan(&code); err != nil {
		w.t.Fatal(err)
	}
	return code
}

func init() {
	// Samples act on objects demo is offered and lucky is not (SG, SV388),
	// so lucky's owner calling them gets 404.
	adminSampleAreas = append(adminSampleAreas, func(w *adminWorld) map[string]any {
		game := w.gameOf("SG")
		return map[string]any{
			"PUT /admin/api/games/{code}":                   map[string]any{"hot": true, "sort": 5},
			"_path PUT /admin/api/games/{code}":             "/admin/api/games/" + game,
			"POST /admin/api/games/bulk":                    map[string]any{"codes": []string{game}, "maintenance": false},
			"PUT /admin/api/vendors/{code}":                 map[string]any{"maintenance": false, "sort": 3},
			"_path PUT /admin/api/vendors/{code}":           "/admin/api/vendors/SV388",
			"_path POST /admin/api/vendors/{code}/secret":   "/admin/api/vendors/SV388/secret",
			"PUT /admin/api/vendors/{code}/win-limit":       map[string]any{"multiple": 5000, "max": 200000},
			"_path PUT /admin/api/vendors/{code}/win-limit": "/admin/api/vendors/SV388/win-limit",
			"POST /admin/api/vendors/{code}/secret":         nil,
			"_path GET /admin/api/games":                    "/admin/api/games?vendor=SG",
		}
	})
}

// lobbyOf is what a merchant's lobby and a visitor's launch say of a game.
type lobbyOf struct {
	searched, hot, maintenance bool
	launch                     string // the launch's error code
}

func (w *adminWorld) lobby(merchantCode, vendor, code string) lobbyOf {
	w.t.Helper()
	t := w.t
	var out lobbyOf
	_, env := call{path: "/wps/game/list?gameType=SEARCH&pageSize=100&gameName=" + url.QueryEscape(code), merchant: merchantCode}.do(t, w.s)
	for _, g := range value[catalog.ListPage](t, env).Games {
		if g.GameCode == code {
			out.searched, out.maintenance = true, g.Maintenance
		}
	}
	_, env = call{path: "/wps/game/hot?limitNum=500&vassalage=" + vendor, merchant: merchantCode}.do(t, w.s)
	out.hot = slices.ContainsFunc(value[gameList](t, env).List, func(g catalog.GameItem) bool { return g.GameCode == code })
	visitor := newClient(t, w.s, merchantCode)
	_, env = visitor.do(http.MethodPost, "/wps/game/launchGame", map[string]string{"vassalage": vendor, "gameCode": code}, false)
	out.launch = env.Code
	return out
}

// TestAdminGameSwitchesReachLobby: each switch changed through the admin
// API changes demo's lobby lists, hot lane and launch answer, and not
// lucky's; the audit entry keeps the values before and after.
func TestAdminGameSwitchesReachLobby(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newAdminWorld(t, db)
		owner, _ := w.login("demo", "demo-owner", operator.RoleOwner)
		code := w.gameOf("PP") // offered to both merchants
		// A visitor's launch of a playable game asks for a log-in.
		plain := lobbyOf{searched: true, launch: "login.not.session"}
		for _, m := range []string{"demo", "lucky"} {
			if got := w.lobby(m, "PP", code); got != plain {
				t.Fatalf("%s before: %+v", m, got)
			}
		}
		for _, st := range []struct {
			name string
			body map[string]any
			want lobbyOf
		}{
			{"hot", map[string]any{"hot": true}, lobbyOf{searched: true, hot: true, launch: "login.not.session"}},
			{"maintenance", map[string]any{"hot": false, "maintenance": true}, lobbyOf{searched: true, maintenance: true, launch: "game.maintenance"}},
			{"disabled", map[string]any{"maintenance": false, "enabled": false}, lobbyOf{launch: "game.not_found"}},
			{"enabled", map[string]any{"enabled": true}, plain},
		} {
			rec, env := owner.do(http.MethodPut, "/admin/api/games/"+code, st.body)
			if rec.Code != 200 {
				t.Fatalf("%s: %d %+v", st.name, rec.Code, env)
			}
			if got := w.lobby("demo", "PP", code); got != st.want {
				t.Errorf("%s: demo's lobby %+v, want %+v", st.name, got, st.want)
			}
			if got := w.lobby("lucky", "PP", code); got != plain {
				t.Errorf("%s: lucky's lobby %+v", st.name, got)
			}
		}
		e := w.audit("putAdminApiGamesCode", "ok")
		if len(e) != 4 || e[0].Target != "game:"+code || !strings.Contains(e[0].Before, `"enabled":false`) || !strings.Contains(e[0].After, `"enabled":true`) {
			t.Errorf("audit = %+v", e)
		}
		// A whole vendor: maintenance, then switched off.
		if rec, env := owner.do(http.MethodPut, "/admin/api/vendors/PP", map[string]any{"maintenance": true}); rec.Code != 200 {
			t.Fatalf("vendor maintenance: %d %+v", rec.Code, env)
		}
		if got := w.lobby("demo", "PP", code); !got.maintenance || got.launch != "game.maintenance" {
			t.Errorf("vendor in maintenance: %+v", got)
		}
		if rec, env := owner.do(http.MethodPut, "/admin/api/vendors/PP", map[string]any{"maintenance": false, "enabled": false}); rec.Code != 200 {
			t.Fatalf("vendor off: %d %+v", rec.Code, env)
		}
		if got := w.lobby("demo", "PP", code); got.searched || got.launch != "vendor.not_found" {
			t.Errorf("vendor off: %+v", got)
		}
		if got := w.lobby("lucky", "PP", code); got != plain {
			t.Errorf("vendor off: lucky's lobby %+v", got)
		}
		e = w.audit("putAdminApiVendorsCode", "ok")
		if len(e) != 2 || e[0].Target != "vendor:PP" || !strings.Contains(e[0].Before, `"enabled":true`) || !strings.Contains(e[0].After, `"enabled":false`) {
			t.Errorf("vendor audit = %+v", e)
		}
		// Bulk: a page's selection at once.
		codes := []string{w.gameOf("JDB"), w.gameOf("JL")}
		rec, env := owner.do(http.MethodPost, "/admin/api/games/bulk", map[string]any{"codes": codes, "hot": true})
		if rec.Code != 200 || value[adminGameBulkDone](t, env).Changed != 2 {
			t.Fatalf("bulk: %d %+v", rec.Code, env)
		}
		if got := w.lobby("demo", "JL", codes[1]); !got.hot {
			t.Errorf("bulk hot: %+v", got)
		}
		// The list shows demo's values.
		_, env = owner.do(http.MethodGet, "/admin/api/games?hot=true&vendor=JDB&sort=code&order=desc", nil)
		page := value[Page[catalog.AdminGame]](t, env)
		if !slices.ContainsFunc(page.Content, func(g catalog.AdminGame) bool { return g.Code == codes[0] && g.Hot && g.Custom }) {
			t.Errorf("list: %+v", page)
		}
		// The export: the same filters, every page, demo's values.
		rec = owner.raw(http.MethodGet, "/admin/api/games.csv?vendor=JDB&hot=true&sort=code", nil)
		lines := strings.Split(strings.TrimSpace(rec.Body.String()), "\n")
		if rec.Code != 200 || !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/csv") || len(lines) < 2 ||
			!strings.HasPrefix(lines[0], "code,name,vendor") || !strings.Contains(rec.Body.String(), codes[0]+",") {
			t.Errorf("csv = %d %q", rec.Code, rec.Body.String())
		}
		rec = owner.raw(http.MethodGet, "/admin/api/games.csv?state=disabled", nil)
		if lines := strings.Split(strings.TrimSpace(rec.Body.String()), "\n"); len(lines) != 1 {
			t.Errorf("csv of disabled games = %q", rec.Body.String())
		}
	})
}

// TestAdminGamesRefusals: malformed and out-of-range input is a 4xx
// envelope that changes nothing.
func TestAdminGamesRefusals(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newAdminWorld(t, db)
		owner, _ := w.login("demo", "demo-owner", operator.RoleOwner)
		code := w.gameOf("PP")
		many := make([]string, catalog.MaxBulk+1)
		for i := range many {
			many[i] = code
		}
		for _, tt := range []struct {
			method, path string
			body         any
			status       int
			code         string
		}{
			{http.MethodPut, "/admin/api/games/" + code, map[string]any{}, 422, "games.change_empty"},
			{http.MethodPut, "/admin/api/games/" + code, nil, 400, "request.invalid_body"},
			{http.MethodPut, "/admin/api/games/" + code, map[string]any{"sort": -1}, 422, "games.sort_invalid"},
			{http.MethodPut, "/admin/api/games/" + code, map[string]any{"sort": 1e12}, 422, "games.sort_invalid"},
			{http.MethodPut, "/admin/api/games/" + code, map[string]any{"sort": 1e30}, 400, "request.invalid_body"},
			{http.MethodPut, "/admin/api/games/" + code, map[string]any{"sort": 1.5}, 400, "request.invalid_body"},
			{http.MethodPut, "/admin/api/games/" + code, map[string]any{"enabled": "yes"}, 400, "request.invalid_body"},
			{http.MethodPut, "/admin/api/games/" + code, map[string]any{"hot": true, "popularity": 1}, 400, "request.invalid_body"},
			{http.MethodPut, "/admin/api/games/NOPE", map[string]any{"hot": true}, 404, "resource.not_found"},
			{http.MethodPut, "/admin/api/games/%27%20OR%201%3D1", map[string]any{"hot": true}, 404, "resource.not_found"},
			{http.MethodPost, "/admin/api/games/bulk", map[string]any{"codes": []string{}, "hot": true}, 422, "games.selection_invalid"},
			{http.MethodPost, "/admin/api/games/bulk", map[string]any{"codes": many, "hot": true}, 422, "games.selection_invalid"},
			{http.MethodPost, "/admin/api/games/bulk", map[string]any{"codes": []string{code, code}, "hot": true}, 422, "games.selection_invalid"},
			{http.MethodPost, "/admin/api/games/bulk", map[string]any{"codes": []string{code, "NOPE"}, "hot": true}, 404, "resource.not_found"},
			{http.MethodPost, "/admin/api/games/bulk", map[string]any{"codes": []string{code}}, 422, "games.change_empty"},
			{http.MethodPost, "/admin/api/games/bulk", map[string]any{"codes": code, "hot": true}, 400, "request.invalid_body"},
			{http.MethodPut, "/admin/api/vendors/PP", map[string]any{"sort": 2000000}, 422, "games.sort_invalid"},
			{http.MethodPut, "/admin/api/vendors/NOPE", map[string]any{"enabled": false}, 404, "resource.not_found"},
			{http.MethodPut, "/admin/api/vendors/PP", map[string]any{"secret": "x"}, 400, "request.invalid_body"},
			{http.MethodGet, "/admin/api/games?state=broken", nil, 400, "request.invalid_parameter"},
			{http.MethodGet, "/admin/api/games?pageSize=201", nil, 400, "request.invalid_parameter"},
			{http.MethodGet, "/admin/api/games?sort=id%3Bdrop", nil, 400, "request.invalid_parameter"},
			{http.MethodGet, "/admin/api/games?hot=maybe", nil, 400, "request.invalid_parameter"},
			{http.MethodGet, "/admin/api/games?gameType=HOT", nil, 400, "request.invalid_parameter"},
			{http.MethodGet, "/admin/api/games?q=" + strings.Repeat("a", 65), nil, 400, "request.invalid_parameter"},
		} {
			rec, env := owner.do(tt.method, tt.path, tt.body)
			if rec.Code != tt.status || env.Code != tt.code {
				t.Errorf("%s %s %v = %d %s, want %d %s", tt.method, tt.path, tt.body, rec.Code, env.Code, tt.status, tt.code)
			}
		}
		var rows int
		_ = db.Read().QueryRowContext(context.Background(), `SELECT COUNT(*) FROM merchant_games`).Scan(&rows)
		if rows != 0 {
			t.Errorf("refused changes stored %d rows", rows)
		}
		if e := w.audit("putAdminApiGamesCode", "refused:games.sort_invalid"); len(e) != 2 {
			t.Errorf("refusal audit = %+v", e)
		}
	})
}

// TestAdminVendorSecretAndCeiling: vendor secrets and win ceilings are
// every merchant's, so only a platform operator changes them; the new
// secret is answered once and never written to the audit trail.
func TestAdminVendorSecretAndCeiling(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newAdminWorld(t, db)
		ctx := context.Background()
		owner, _ := w.login("demo", "demo-owner", operator.RoleOwner)
		platform, _ := w.login("", "platform-owner", operator.RoleOwner)
		old, err := w.s.Games.Secret(ctx, "PG")
		if err != nil {
			t.Fatal(err)
		}
		if rec, env := owner.do(http.MethodPost, "/admin/api/vendors/PG/secret", nil); rec.Code != 403 || env.Code != "admin.forbidden" {
			t.Fatalf("merchant owner rotates = %d %s", rec.Code, env.Code)
		}
		if rec, env := owner.do(http.MethodPut, "/admin/api/vendors/PG/win-limit", map[string]any{"multiple": 10, "max": 10}); rec.Code != 403 || env.Code != "admin.forbidden" {
			t.Fatalf("merchant owner sets a ceiling = %d %s", rec.Code, env.Code)
		}
		if rec, env := platform.do(http.MethodPost, "/admin/api/vendors/NOPE/secret", nil); rec.Code != 404 || env.Code != "resource.not_found" {
			t.Fatalf("unknown vendor = %d %s", rec.Code, env.Code)
		}
		rec, env := platform.do(http.MethodPost, "/admin/api/vendors/PG/secret", nil)
		got := value[adminSecret](t, env)
		now, _ := w.s.Games.Secret(ctx, "PG")
		if rec.Code != 200 || got.Secret == "" || got.Secret == old || got.Secret != now || got.PreviousValidUntil.IsZero() {
			t.Fatalf("rotate = %d %+v", rec.Code, got)
		}
		// The secret is nowhere in the trail.
		entries, _, err := w.ops.Audit(ctx, operator.AuditFilter{AllMerchants: true}, 1, 100)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			for _, s := range []string{got.Secret, old} {
				if strings.Contains(e.Before+e.After+e.Target, s) {
					t.Fatalf("audit entry holds a secret: %+v", e)
				}
			}
		}
		if e := w.audit("postAdminApiVendorsCodeSecret", "ok"); len(e) != 1 || e[0].Target != "vendor:PG" || !strings.Contains(e[0].After, "rotated") {
			t.Errorf("rotate audit = %+v", e)
		}
		// Win ceilings: validated, set, back to the default.
		for _, body := range []map[string]any{{"multiple": 0, "max": 10}, {"multiple": 10, "max": -1}, {"multiple": 10, "max": provider.MaxWinAmount + 1}} {
			if rec, env := platform.do(http.MethodPut, "/admin/api/vendors/PG/win-limit", body); rec.Code != 422 || env.Code != "games.win_limit_invalid" {
				t.Errorf("ceiling %v = %d %s", body, rec.Code, env.Code)
			}
		}
		rec, env = platform.do(http.MethodPut, "/admin/api/vendors/PG/win-limit", map[string]any{"multiple": 500, "max": 25000})
		if l := value[provider.WinLimit](t, env); rec.Code != 200 || l.Multiple != 500 || l.Max != 25000 || l.Default {
			t.Fatalf("ceiling = %d %+v", rec.Code, env)
		}
		if l, _ := w.s.Games.WinLimit(ctx, "PG"); l.Multiple != 500 {
			t.Errorf("stored ceiling = %+v", l)
		}
		// Every merchant's operators see it in their vendor list.
		_, env = owner.do(http.MethodGet, "/admin/api/vendors", nil)
		rows := value[[]adminVendorRow](t, env)
		if i := slices.IndexFunc(rows, func(r adminVendorRow) bool { return r.Code == "PG" }); i < 0 || rows[i].WinLimit.Multiple != 500 || !rows[i].Offered {
			t.Errorf("vendor list = %+v", rows)
		}
		rec, env = platform.do(http.MethodPut, "/admin/api/vendors/PG/win-limit", map[string]any{"default": true})
		if l := value[provider.WinLimit](t, env); rec.Code != 200 || !l.Default {
			t.Fatalf("default ceiling = %d %+v", rec.Code, env)
		}
		if e := w.audit("putAdminApiVendorsCodeWinlimit", "ok"); len(e) != 2 || !strings.Contains(e[0].Before, `"multiple":500`) || !strings.Contains(e[0].After, `"default":true`) {
			t.Errorf("ceiling audit = %+v", e)
		}
		// The platform lists every vendor, none of them offered.
		_, env = platform.do(http.MethodGet, "/admin/api/vendors", nil)
		if rows := value[[]adminVendorRow](t, env); len(rows) < 20 || rows[0].Offered {
			t.Errorf("platform's vendor list = %+v", rows)
		}
	})
}
