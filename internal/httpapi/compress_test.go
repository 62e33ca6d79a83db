package httpapi

import (
	"compress/gzip"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

func TestAnswersAreGzippedWhenLargeAndAccepted(t *testing.T) {
	big := strings.Repeat("game ", 1000)
	s := bareServer(t, []Route{
		{Method: "GET", Path: "/big", Access: Public, JSON: func(r *http.Request) (any, error) { return big, nil }},
		{Method: "GET", Path: "/small", Access: Public, JSON: func(r *http.Request) (any, error) { return "hi", nil }},
		{Method: "GET", Path: "/png", Access: Public, Raw: func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Type", "image/png")
			_, _ = w.Write([]byte(big))
		}},
	}, nil)
	tests := []struct {
		path, accept string
		gzipped      bool
	}{
		{"/big", "gzip", true},
		{"/big", "", false},
		{"/small", "gzip", false},
		{"/png", "gzip", false},
		{"/nope", "gzip", false},
	}
	for _, tt := range tests {
		req := httptest.NewRequest("GET", tt.path, nil)
		if tt.accept != "" {
			req.Header.Set("Accept-Encoding", tt.accept)
		}
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, req)
		if got := rec.Header().Get("Content-Encoding") == "gzip"; got != tt.gzipped {
			t.Errorf("%s (accept %q): gzipped %v, want %v", tt.path, tt.accept, got, tt.gzipped)
			continue
		}
		body := rec.Body.Bytes()
		if tt.gzipped {
			zr, err := gzip.NewReader(rec.Body)
			if err != nil {
				t.Fatal(err)
			}
			body, _ = io.ReadAll(zr)
		}
		if tt.path == "/big" {
			var env struct{ Value string }
			if err := json.Unmarshal(body, &env); err != nil || env.Value != big {
				t.Errorf("%s: body does not survive the trip: %v", tt.path, err)
			}
		}
	}
}
