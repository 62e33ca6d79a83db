package httpapi

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"portal/internal/agent"
	"strings"
	"testing"
	"time"

	"portal/internal/bonus"
	"portal/internal/catalog"
	"portal/internal/database"
	"portal/internal/dbtest"
	"portal/internal/identity"
	"portal/internal/inbox"
	"portal/internal/loyalty"
	"portal/internal/merchant"
	"portal/internal/operator"
	"portal/internal/protection"
	"portal/internal/provider"
	"portal/internal/provider/inhouse"
	"portal/internal/realtime"
	"portal/internal/rebate"
	"portal/internal/report"
	"portal/internal/wallet"
)

// newSystemTestServer is the API over a real, seeded SQLite database with
// the merchant service; peers from 10.0.0.0/8 are trusted proxies.
func newSystemTestServer(t *testing.T) (*Server, *merchant.Service) {
	t.Helper()
	db := dbtest.SQLite(t)
	if err := merchant.Seed(context.Background(), db); err != nil {
		t.Fatal(err)
	}
	ms, err := merchant.NewService(db, merchant.Options{})
	if err != nil {
		t.Fatal(err)
	}
	s := New(Deps{
		Config:   Config{TrustedProxies: []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8")}},
		Log:      slog.New(slog.DiscardHandler),
		Merchant: ms,
	})
	return s, ms
}

type call struct {
	method, path, merchant, xff, acceptLanguage string
}

func (c call) do(t *testing.T, s http.Handler) (*httptest.ResponseRecorder, envelope) {
	t.Helper()
	method := c.method
	if method == "" {
		method = http.MethodGet
	}
	r := httptest.NewRequest(method, c.path, nil)
	r.RemoteAddr = "10.0.0.2:4000"
	if c.merchant != "" {
		r.Header.Set("Merchant", c.merchant)
	}
	if c.xff != "" {
		r.Header.Set("X-Forwarded-For", c.xff)
	}
	if c.acceptLanguage != "" {
		r.Header.Set("Accept-Language", c.acceptLanguage)
	}
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, r)
	return rec, decodeEnvelope(t, rec.Result())
}

func value[T any](t *testing.T, env envelope) T {
	t.Helper()
	raw, _ := json.Marshal(env.Value)
	var v T
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatalf("value %s: %v", raw, err)
	}
	return v
}

func TestSystemEndpointsAnswer(t *testing.T) {
	s, _ := newSystemTestServer(t)
	for _, path := range []string{
		"/wps/system/permission", "/wps/system/status", "/wps/system/whitelabel", "/wps/system/setting/register",
		"/wps/system/domainRoute", "/wps/system/customerService", "/wps/system/helpCenter?device=WEB",
		"/wps/system/notice?types=B,PL,PU,PR&platform=W&execution=B", "/wps/system/announcements?types=B,PL,PU,PR,H&platform=W",
		"/wps/system/banners?group=web-home",
	} {
		for _, m := range []string{"demo", "lucky"} {
			rec, env := call{path: path, merchant: m}.do(t, s)
			if rec.Code != 200 || !env.Success {
				t.Errorf("%s (%s) = %d %+v", path, m, rec.Code, env)
			}
		}
	}
}

func TestMerchantHeader(t *testing.T) {
	s, _ := newSystemTestServer(t)
	for _, m := range []string{"", "nosuch", strings.Repeat("x", 500), "demo'; DROP TABLE merchants;--"} {
		rec, env := call{path: "/wps/system/permission", merchant: m}.do(t, s)
		if rec.Code != 400 || env.Code != "invalid.domain" || env.Message != "Invalid domain, contact customer service" {
			t.Errorf("merchant %q = %d %+v", m, rec.Code, env)
		}
	}
}

func TestStatusAndGating(t *testing.T) {
	s, ms := newSystemTestServer(t)
	ctx := context.Background()
	set := func(k, v string) {
		if err := ms.Set(ctx, "demo", k, v); err != nil {
			t.Fatal(err)
		}
		ms.Invalidate()
	}
	status := func(xff string) (merchant.StatusPage, int) {
		_, env := call{path: "/wps/system/status?language=EN", merchant: "demo", xff: xff}.do(t, s)
		rec, _ := call{path: "/wps/system/notice", merchant: "demo", xff: xff}.do(t, s)
		return value[merchant.StatusPage](t, env), rec.Code
	}
	set("blocked-ips", "198.51.100.0/24")
	tests := []struct {
		name, maintenance, xff string
		want                   merchant.SystemStatus
		lobby                  int
	}{
		{"normal", "off", "203.0.113.5", 0, 200},
		{"blocked", "off", "198.51.100.9", 2, 403},
		{"forged header ignored behind proxy", "off", "198.51.100.9, 203.0.113.5", 0, 200},
		{"maintenance", "on", "203.0.113.5", 1, 503},
		{"maintenance wins over region", "on", "198.51.100.9", 1, 503},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			set("maintenance", tt.maintenance)
			st, lobby := status(tt.xff)
			if st.Status.Status != tt.want || lobby != tt.lobby {
				t.Fatalf("status %+v lobby %d, want %d %d", st, lobby, tt.want, tt.lobby)
			}
			if tt.want == 2 && st.IP != "198.51.100.9" {
				t.Errorf("blocked page IP = %q", st.IP)
			}
			if tt.want == 1 && st.Title != "System maintenance" {
				t.Errorf("maintenance title = %q", st.Title)
			}
		})
	}
	// Every Lobby route of the table is closed in maintenance; every System
	// route still answers.
	for _, rt := range s.Routes() {
		if rt.Access == Public || !strings.HasPrefix(rt.Path, "/wps/system/") {
			continue
		}
		rec, env := call{path: rt.Path + "?group=web-home", merchant: "demo"}.do(t, s)
		want, code := 200, ""
		if rt.Access == Lobby {
			want, code = 503, "system.maintenance"
		}
		if rec.Code != want || env.Code != code {
			t.Errorf("%s in maintenance = %d %q, want %d %q", rt.Path, rec.Code, env.Code, want, code)
		}
	}
	// The permission call still answers in maintenance, carrying the flag.
	rec, env := call{path: "/wps/system/permission", merchant: "demo"}.do(t, s)
	p := value[merchant.Permission](t, env)
	if rec.Code != 200 || !p.Maintenance || p.SystemStatus != 1 {
		t.Fatalf("permission in maintenance = %d %+v", rec.Code, p.SystemStatus)
	}
}

func TestLanguageFallback(t *testing.T) {
	s, _ := newSystemTestServer(t)
	tests := []struct {
		name, merchant, query, accept, want string
	}{
		{"demo default is Khmer", "demo", "", "", "ការថែទាំប្រព័ន្ធ"},
		{"explicit language", "demo", "?language=CN", "", "系统维护中"},
		{"lower-case code", "demo", "?language=cn", "", "系统维护中"},
		{"accept-language", "demo", "", "zh-CN,zh;q=0.9", "系统维护中"},
		{"unknown language falls back silently", "demo", "?language=XX", "", "ការថែទាំប្រព័ន្ធ"},
		{"unsupported by lucky", "lucky", "?language=KM", "", "System maintenance"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec, env := call{path: "/wps/system/status" + tt.query, merchant: tt.merchant, acceptLanguage: tt.accept}.do(t, s)
			st := value[merchant.StatusPage](t, env)
			if rec.Code != 200 || st.Title != tt.want {
				t.Fatalf("title = %q (%d), want %q", st.Title, rec.Code, tt.want)
			}
		})
	}
	// Error messages follow the language too.
	_, env := call{path: "/wps/system/banners?group=nope&language=KM", merchant: "demo"}.do(t, s)
	if env.Code != "request.invalid_parameter" || env.Message != messages["request.invalid_parameter"]["KM"] {
		t.Fatalf("KM error = %+v", env)
	}
}

func TestSystemBadInput(t *testing.T) {
	s, _ := newSystemTestServer(t)
	tests := []struct {
		path   string
		status int
		code   string
	}{
		{"/wps/system/banners", 400, "request.invalid_parameter"},
		{"/wps/system/banners?group=web-home&group=w_login", 400, "request.invalid_parameter"},
		{"/wps/system/notice?types=B,ZZ", 400, "request.invalid_parameter"},
		{"/wps/system/notice?execution=Q", 400, "request.invalid_parameter"},
		{"/wps/system/notice?language=" + strings.Repeat("K", 200), 400, "request.invalid_parameter"},
		{"/wps/system/nosuch", 404, "request.not_found"},
		{"/media/banners/demo/nosuch.svg", 404, "resource.not_found"},
		{"/media/banners/nosuch/home-welcome.svg", 400, "invalid.domain"},
	}
	for _, tt := range tests {
		rec, env := call{path: tt.path, merchant: "demo"}.do(t, s)
		if rec.Code != tt.status || env.Code != tt.code || env.Success {
			t.Errorf("%s = %d %s, want %d %s", tt.path, rec.Code, env.Code, tt.status, tt.code)
		}
	}
	rec, _ := call{method: http.MethodPost, path: "/wps/system/permission", merchant: "demo"}.do(t, s)
	if rec.Code != 405 {
		t.Errorf("POST permission = %d", rec.Code)
	}
}

func TestAnnouncementsNeverCarryScripts(t *testing.T) {
	s, _ := newSystemTestServer(t)
	_, env := call{path: "/wps/system/announcements?language=EN", merchant: "demo"}.do(t, s)
	raw, _ := json.Marshal(env.Value)
	if strings.Contains(strings.ToLower(string(raw)), "<script") {
		t.Fatalf("script in announcements: %s", raw)
	}
	list := value[[]merchant.Notice](t, env)
	if len(list) < 4 {
		t.Fatalf("%d announcements", len(list))
	}
}

func TestBannerImage(t *testing.T) {
	s, _ := newSystemTestServer(t)
	_, env := call{path: "/wps/system/banners?group=web-home&language=KM", merchant: "demo"}.do(t, s)
	banners := value[[]merchant.Banner](t, env)
	if len(banners) < 2 {
		t.Fatalf("banners = %+v", banners)
	}
	r := httptest.NewRequest(http.MethodGet, banners[0].URL, nil)
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, r)
	if rec.Code != 200 || rec.Header().Get("Content-Type") != "image/svg+xml" || !strings.Contains(rec.Body.String(), banners[0].Title) {
		t.Fatalf("banner image %s = %d %s", banners[0].URL, rec.Code, rec.Body.String()[:min(200, rec.Body.Len())])
	}
}

// newHostileTestServer is the whole API over a seeded database.
func newHostileTestServer(t testing.TB) *Server {
	t.Helper()
	return newSeededServer(t, dbtest.SQLite(t), inhouse.Options{})
}

// newSeededServer is the whole API over db, seeded with the demo data; own
// configures the in-house games (a test's clock).
func newSeededServer(t testing.TB, db *database.DB, own inhouse.Options) *Server {
	t.Helper()
	if err := merchant.Seed(context.Background(), db); err != nil {
		t.Fatal(err)
	}
	ms, err := merchant.NewService(db, merchant.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if err := catalog.Seed(context.Background(), db); err != nil {
		t.Fatal(err)
	}
	if err := identity.Seed(context.Background(), db); err != nil {
		t.Fatal(err)
	}
	cat, ids, ledger, hub := catalog.NewService(db, nil), identity.NewService(db, nil), wallet.NewService(db, time.Now), realtime.NewHub()
	// Player protection guards the games as the app wires it.
	guard := protection.NewService(db, protection.Options{})
	games := provider.NewService(db, ledger, ids, cat, ms, provider.Options{OnBalance: hub.Balance, StakeGuard: StakeGuard(guard), PlayGuard: guard.CheckPlay})
	t.Cleanup(games.Close)
	return New(Deps{Log: slog.New(slog.DiscardHandler), Merchant: ms, Catalog: cat, Identity: ids, Wallet: ledger, Games: games,
		Inhouse: inhouse.NewService(db, games, cat, ms, own), Hub: hub, Operators: operator.NewService(db, nil), Inbox: inbox.NewService(db),
		Reports: report.NewService(db, nil), Protection: guard, Agents: agent.NewService(db, ledger, agent.Options{Enabled: AgentSwitches(ms)}),
		Rebates: rebate.NewService(db, ledger, rebate.Options{}),
		Bonus:   bonus.NewService(db, ledger, bonus.Options{}),
		Loyalty: loyalty.NewService(db, ledger, ms, loyalty.Options{})})
}

func TestPermissionFieldNames(t *testing.T) {
	s, _ := newSystemTestServer(t)
	rec, env := call{path: "/wps/system/permission", merchant: "demo", xff: "203.0.113.5"}.do(t, s)
	if rec.Code != 200 {
		t.Fatalf("permission = %d", rec.Code)
	}
	v := value[map[string]any](t, env)
	for _, k := range []string{
		"customerService", "domainRoute", "resources", "whitelabel", "registerRules", "mainDomain", "analytics",
		"imageCDNs", "launchGameCDNs", "maintenance", "regionRestriction", "location", "systemStatus", "merchant",
		"brand", "encryption", "customerServiceKey", "minimumAge", "passwordExpiryDays",
		"hasFreePlay", "smsEnabled", "mobileReg", "mobileRegPass", "pwdEnabled", "showVerCodeLogin",
	} {
		if _, ok := v[k]; !ok {
			t.Errorf("permission lacks %q", k)
		}
	}
	p := value[merchant.Permission](t, env)
	if p.Location.IP != "203.0.113.5" || p.Resources["TELEGRAM1"].ResourceType != "TELEGRAM1" ||
		p.Merchant.CurrencySymbol != "$" || p.Merchant.Decimals != 2 || p.Merchant.Languages[0].Code == "" ||
		!p.Encryption.Enabled || !strings.HasPrefix(p.Encryption.PublicKey, "-----BEGIN PUBLIC KEY-----") ||
		p.Brand.MerchantCode != "demo" || p.MinimumAge != 18 {
		t.Errorf("permission = %+v", p)
	}
	rule := p.RegisterRules["username"]
	if !rule.Enabled || !rule.Required || rule.AcceptedPattern == "" || rule.PatternID == 0 || rule.MaxLength == 0 || rule.Type == "" {
		t.Errorf("username rule = %+v", rule)
	}
	open, err := merchant.OpenPath(p.CustomerServiceKey, p.CustomerService[0].Path)
	if err != nil || !strings.Contains(open, "://") {
		t.Errorf("customer-service path opens to %q, %v", open, err)
	}
	raw, _ := json.Marshal(env.Value)
	if strings.Contains(string(raw), "PRIVATE KEY") {
		t.Fatal("the private key leaked into the permission answer")
	}
}

func TestNoticeDefaultsAndTimes(t *testing.T) {
	s, _ := newSystemTestServer(t)
	ids := func(g merchant.NoticeGroups) map[string]string {
		out := map[string]string{}
		for _, list := range [][]merchant.Notice{g.Banners, g.Player, g.Popup, g.Promotion} {
			for _, n := range list {
				out[n.Title] = n.Execution
			}
		}
		return out
	}
	tests := []struct {
		name, query string
		execution   string // every notice answered has it
		minimum     int
	}{
		{"default is anonymous (B)", "?language=EN", "B", 4},
		{"the client's own call", "?language=EN&types=B,PL,PU,PR&platform=W&execution=B", "B", 4},
		{"logged-in audience", "?language=EN&execution=A", "A", 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec, env := call{path: "/wps/system/notice" + tt.query, merchant: "demo"}.do(t, s)
			g := value[merchant.NoticeGroups](t, env)
			got := ids(g)
			if rec.Code != 200 || len(got) < tt.minimum {
				t.Fatalf("%d notices %v", rec.Code, got)
			}
			for title, exec := range got {
				if exec != tt.execution {
					t.Errorf("%q has execution %s", title, exec)
				}
			}
		})
	}
	_, env := call{path: "/wps/system/notice?types=PR&language=EN", merchant: "demo"}.do(t, s)
	g := value[merchant.NoticeGroups](t, env)
	if len(g.Promotion) == 0 || len(g.Player)+len(g.Popup)+len(g.Banners) != 0 {
		t.Fatalf("types=PR answered %+v", g)
	}
	// Times are RFC 3339 in UTC on the wire.
	raw, _ := json.Marshal(env.Value)
	var wire struct {
		Promotion []struct {
			CreateTime string `json:"createTime"`
		} `json:"promotion"`
	}
	_ = json.Unmarshal(raw, &wire)
	for _, n := range wire.Promotion {
		ts, err := time.Parse(time.RFC3339, n.CreateTime)
		if err != nil || !strings.HasSuffix(n.CreateTime, "Z") || ts.IsZero() {
			t.Errorf("createTime %q: %v", n.CreateTime, err)
		}
	}
}

func TestScriptsNeverServed(t *testing.T) {
	db := dbtest.SQLite(t)
	ctx := context.Background()
	if err := merchant.Seed(ctx, db); err != nil {
		t.Fatal(err)
	}
	evil := `<p>Hi<script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)" onclick="y()">x</a></p>`
	for _, it := range []merchant.Item{
		{Kind: merchant.KindAnnouncement, Slug: "evil", Type: "PU", Execution: "B", Texts: map[string]merchant.Text{"EN": {Title: "Evil", Content: evil}}},
		{Kind: merchant.KindNotice, Slug: "evil", Type: "PL", Execution: "B", Texts: map[string]merchant.Text{"EN": {Title: "Evil", Content: evil}}},
		{Kind: merchant.KindHelp, Slug: "evil", Type: "faq", Texts: map[string]merchant.Text{"EN": {Title: "Evil", Content: evil}}},
	} {
		if err := merchant.PutItem(ctx, db.Write(), "demo", it); err != nil {
			t.Fatal(err)
		}
	}
	// Rows written around the service (an import, a manual edit) too.
	if _, err := db.Write().ExecContext(ctx, `UPDATE merchant_content SET texts = $1 WHERE slug IN ('visitor-welcome', 'new-games', 'privacy')`,
		`{"EN":{"title":"Raw","content":"<script>alert(4)</script><img src=x onerror=alert(5)><b>ok</b>"}}`); err != nil {
		t.Fatal(err)
	}
	ms, err := merchant.NewService(db, merchant.Options{})
	if err != nil {
		t.Fatal(err)
	}
	s := New(Deps{Log: slog.New(slog.DiscardHandler), Merchant: ms})
	for _, path := range []string{
		"/wps/system/announcements?language=EN", "/wps/system/notice?language=EN", "/wps/system/helpCenter?language=EN",
	} {
		rec, _ := call{path: path, merchant: "demo"}.do(t, s)
		body := strings.ToLower(rec.Body.String())
		if rec.Code != 200 || !strings.Contains(body, "evil") || !strings.Contains(body, "raw") {
			t.Fatalf("%s = %d, test content missing: %s", path, rec.Code, body[:min(300, len(body))])
		}
		// JSON escapes < as \u003c; look at the decoded text as well.
		var decoded any
		_ = json.Unmarshal(rec.Body.Bytes(), &decoded)
		text, _ := json.Marshal(decoded)
		plain := strings.ToLower(strings.NewReplacer(`\u003c`, "<", `\u003e`, ">", `\u0026`, "&").Replace(string(text)))
		for _, bad := range []string{"<script", "onerror", "onclick", "javascript:"} {
			if strings.Contains(plain, bad) {
				t.Errorf("%s serves %q", path, bad)
			}
		}
	}
}

func TestHelpCenterLanguage(t *testing.T) {
	s, _ := newSystemTestServer(t)
	tests := []struct{ query, want string }{
		{"?device=WEB", "លក្ខខណ្ឌ"},              // demo default KM
		{"?lang=CN&device=WEB", "条款与细则"},         // the old client's parameter
		{"?language=EN", "Terms and conditions"}, // the convention's parameter
		{"?lang=XX&language=CN", "条款与细则"},        // unsupported lang is ignored
	}
	for _, tt := range tests {
		rec, env := call{path: "/wps/system/helpCenter" + tt.query, merchant: "demo"}.do(t, s)
		found := false
		for _, c := range value[[]merchant.HelpCategory](t, env) {
			for _, a := range c.Articles {
				if a.Code == "term" {
					found = a.Title == tt.want
				}
			}
		}
		if rec.Code != 200 || !found {
			t.Errorf("%s: term article not titled %q (%d)", tt.query, tt.want, rec.Code)
		}
	}
}
