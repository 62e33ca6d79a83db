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
