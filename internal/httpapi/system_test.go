package httpapi

import (
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"

	"portal/internal/dbtest"
	"portal/internal/merchant"
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
	db := dbtest.SQLite(t)
	if err := merchant.Seed(context.Background(), db); err != nil {
		t.Fatal(err)
	}
	ms, err := merchant.NewService(db, merchant.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return New(Deps{Log: slog.New(slog.DiscardHandler), Merchant: ms})
}
