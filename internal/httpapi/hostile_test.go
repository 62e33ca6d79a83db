package httpapi

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
)

// hostileQueries are sent to every route of the table.
var hostileQueries = []string{
	"",
	"pageNo=-1&pageSize=0",
	"pageNo=abc&pageSize=1000000",
	"pageNo=99999999999999999999999",
	"gameName=" + url.QueryEscape(strings.Repeat("é", 500)),
	"gameName=%ff%fe%00",
	"language=" + url.QueryEscape("<script>alert(1)</script>"),
	"types=B,PL,XX&execution=Z&group=../../etc/passwd",
	"flush=yes&limitNum=-5",
	"gameType=%27%20OR%201%3D1%20--&vassalage=%27",
}

// TestEveryRouteRefusesHostileInput calls every route of the table with
// malformed and out-of-range input: each answer is a JSON envelope (or the
// route's own image/document), and none is a 500.
func TestEveryRouteRefusesHostileInput(t *testing.T) {
	s := newHostileTestServer(t)
	for _, rt := range s.Routes() {
		path := strings.NewReplacer("{merchant}", "demo", "{slug}", "home-welcome", "{code}", "PG").Replace(rt.Path)
		for _, q := range hostileQueries {
			for _, merchant := range []string{"demo", "", "nosuch"} {
				r := httptest.NewRequest(rt.Method, path+"?"+q, nil)
				if merchant != "" {
					r.Header.Set("Merchant", merchant)
				}
				rec := httptest.NewRecorder()
				s.ServeHTTP(rec, r)
				if rec.Code >= 500 {
					t.Errorf("%s %s?%s (merchant %q) = %d: %s", rt.Method, path, q, merchant, rec.Code, rec.Body.String())
					continue
				}
				if rt.Raw != nil && rec.Code == http.StatusOK {
					continue
				}
				if strings.HasPrefix(rt.Path, "/vendor/") {
					// The vendors' contract answers in its own shape.
					var a struct{ Status string }
					if err := json.Unmarshal(rec.Body.Bytes(), &a); err != nil || a.Status == "" {
						t.Errorf("%s %s?%s: not a contract answer: %s", rt.Method, path, q, rec.Body.String())
					}
					continue
				}
				env := decodeEnvelope(t, rec.Result())
				if (rec.Code == http.StatusOK) != env.Success {
					t.Errorf("%s %s?%s: status %d with success=%v", rt.Method, path, q, rec.Code, env.Success)
				}
				if !env.Success && (env.Code == "" || env.Message == "") {
					t.Errorf("%s %s?%s: error without code or message: %+v", rt.Method, path, q, env)
				}
			}
		}
	}
}

// FuzzAPI sends arbitrary paths, queries and merchant codes to the real
// server: no input may produce a 5xx or a non-envelope error.
func FuzzAPI(f *testing.F) {
	s := newHostileTestServer(f)
	for _, q := range hostileQueries {
		f.Add("/wps/system/notice", q, "demo")
	}
	f.Add("/wps/game/list", "gameType=RNG&pageNo=2", "demo")
	f.Add("/media/banners/demo/home-welcome.svg", "language=KM", "")
	f.Add("/wps/%2e%2e/x", "", "lucky")
	f.Fuzz(func(t *testing.T, path, query, merchant string) {
		if !strings.HasPrefix(path, "/") {
			path = "/" + path
		}
		u := &url.URL{Path: path, RawQuery: query}
		r, err := http.NewRequest(http.MethodGet, u.String(), nil)
		if err != nil {
			return
		}
		r.RemoteAddr = "192.0.2.1:1234"
		r.Header.Set("Merchant", merchant)
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, r)
		if rec.Code >= 500 {
			t.Fatalf("GET %s (merchant %q) = %d: %s", u, merchant, rec.Code, rec.Body.String())
		}
		if rec.Code != http.StatusOK {
			decodeEnvelope(t, rec.Result())
		}
	})
}
