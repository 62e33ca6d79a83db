package httpapi

import (
	"compress/gzip"
	"io"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/fstest"
)

func TestWebAppFilesAreGzippedForClientsThatAccept(t *testing.T) {
	script := strings.Repeat("console.log('portal');\n", 200)
	s := bareServer(t, nil, fstest.MapFS{
		"index.html":       {Data: []byte("<!doctype html><div id=root></div>")},
		"assets/app-1.js":  {Data: []byte(script)},
		"assets/logo.webp": {Data: []byte("RIFF....WEBP")},
	})
	tests := []struct {
		name, path, accept, encoding, wantType string
	}{
		{"script, gzip accepted", "/assets/app-1.js", "gzip, deflate, br", "gzip", "text/javascript; charset=utf-8"},
		{"script, no gzip", "/assets/app-1.js", "", "", "text/javascript; charset=utf-8"},
		{"binary stays as is", "/assets/logo.webp", "gzip", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := httptest.NewRequest("GET", tt.path, nil)
			if tt.accept != "" {
				req.Header.Set("Accept-Encoding", tt.accept)
			}
			rec := httptest.NewRecorder()
			s.ServeHTTP(rec, req)
			if rec.Code != 200 || rec.Header().Get("Content-Encoding") != tt.encoding {
				t.Fatalf("status %d, encoding %q, want 200 %q", rec.Code, rec.Header().Get("Content-Encoding"), tt.encoding)
			}
			if tt.wantType != "" && rec.Header().Get("Content-Type") != tt.wantType {
				t.Errorf("content type %q", rec.Header().Get("Content-Type"))
			}
			if tt.encoding != "gzip" {
				return
			}
			zr, err := gzip.NewReader(rec.Body)
			if err != nil {
				t.Fatal(err)
			}
			got, _ := io.ReadAll(zr)
			if string(got) != script {
				t.Fatal("gzipped body differs from the file")
			}
			if rec.Body.Len() > len(script)/5 && rec.Header().Get("Cache-Control") == "" {
				t.Errorf("cache header missing")
			}
		})
	}
}

func TestPageNamesTheMerchantOfItsDomain(t *testing.T) {
	s, _ := newSystemTestServer(t)
	s.Config.Web = fstest.MapFS{"index.html": {Data: []byte("<html><head><title>x</title></head><body></body></html>")}}
	s.router = s.mount(s.table)
	tests := []struct{ host, want string }{
		{"lucky.portal.test", `<meta name="portal-merchant" content="lucky" />`},
		{"demo2.portal.test:8080", `<meta name="portal-merchant" content="demo" />`},
		{"LOCALHOST", `<meta name="portal-merchant" content="demo" />`},
		{"127.0.0.1:8080", ""},
		{"evil.example\"><script>", ""},
	}
	for _, tt := range tests {
		req := httptest.NewRequest("GET", "/rng", nil)
		req.Host = tt.host
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		body := rec.Body.String()
		if rec.Code != 200 {
			t.Fatalf("%s: status %d", tt.host, rec.Code)
		}
		if tt.want == "" && strings.Contains(body, "portal-merchant") || tt.want != "" && !strings.Contains(body, tt.want) {
			t.Errorf("%s: page %q, want %q", tt.host, body, tt.want)
		}
	}
}

func TestBackOfficePathsGetTheAdminPage(t *testing.T) {
	s := bareServer(t, nil, fstest.MapFS{
		"index.html":        {Data: []byte("<html><head></head><body>player</body></html>")},
		"admin.html":        {Data: []byte("<html><head></head><body>back office</body></html>")},
		"assets/admin-1.js": {Data: []byte("console.log('admin')")},
		"assets/index-1.js": {Data: []byte("console.log('player')")},
	})
	tests := []struct {
		name, path string
		status     int
		want       string
	}{
		{"back office root", "/admin", 200, "back office"},
		{"back office root with slash", "/admin/", 200, "back office"},
		{"back office route", "/admin/audit", 200, "back office"},
		{"back office nested route", "/admin/operators/roles?x=1", 200, "back office"},
		{"player route", "/member", 200, "player"},
		{"player home", "/", 200, "player"},
		{"neighbour of admin is the player site", "/administrator", 200, "player"},
		{"admin asset is a file", "/assets/admin-1.js", 200, "console.log('admin')"},
		{"unknown admin API path", "/admin/api/nope", 404, `"request.not_found"`},
		{"admin API root", "/admin/api", 404, `"request.not_found"`},
		{"admin API below a known name", "/admin/api/me/x", 404, `"request.not_found"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := httptest.NewRecorder()
			s.ServeHTTP(rec, httptest.NewRequest("GET", tt.path, nil))
			if rec.Code != tt.status || !strings.Contains(rec.Body.String(), tt.want) {
				t.Fatalf("status %d, body %q; want %d with %q", rec.Code, rec.Body.String(), tt.status, tt.want)
			}
			if tt.status == 404 && !strings.HasPrefix(rec.Header().Get("Content-Type"), "application/json") {
				t.Errorf("content type %q, want the JSON envelope", rec.Header().Get("Content-Type"))
			}
		})
	}
}

func TestBackOfficeWithoutItsPageIsNotFound(t *testing.T) {
	s := bareServer(t, nil, fstest.MapFS{"index.html": {Data: []byte("<html>player</html>")}})
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, httptest.NewRequest("GET", "/admin/audit", nil))
	if rec.Code != 404 || strings.Contains(rec.Body.String(), "player") {
		t.Fatalf("status %d, body %q: the player page must not stand in for the back office", rec.Code, rec.Body.String())
	}
}
