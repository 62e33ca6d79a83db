package httpapi

import (
	"compress/gzip"
	"encoding/json"
	"fmt"
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

// The compressed-answer cache serves a body's gzip only to that very body:
// two bodies sharing a slot each get their own, and a repeat is served
// from the cache.
func TestAnswerCacheServesOnlyTheSameBody(t *testing.T) {
	c := newAnswerCache()
	gunzip := func(gz []byte) string {
		zr, err := gzip.NewReader(strings.NewReader(string(gz)))
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(zr)
		return string(b)
	}
	serve := func(body string) (string, bool) {
		h, gz := c.get([]byte(body))
		hit := gz != nil
		if !hit {
			gz = gzipBytes([]byte(body))
			c.put(h, []byte(body), gz)
		}
		return gunzip(gz), hit
	}
	a := strings.Repeat("permission ", 300)
	// b lands in a's slot: same hash modulo the slot count, other bytes.
	var b string
	ha, _ := c.get([]byte(a))
	for i := 0; ; i++ {
		b = fmt.Sprintf("%s%d", strings.Repeat("vendor lanes ", 300), i)
		if hb, _ := c.get([]byte(b)); hb%answerCacheSlots == ha%answerCacheSlots {
			break
		}
	}
	steps := []struct {
		body string
		hit  bool
	}{
		{a, false}, {a, true}, {b, false}, {b, true}, {a, false}, {a, true},
	}
	for i, st := range steps {
		got, hit := serve(st.body)
		if got != st.body {
			t.Fatalf("step %d: served another body", i)
		}
		if hit != st.hit {
			t.Errorf("step %d: hit %v, want %v", i, hit, st.hit)
		}
	}
	// A body over the bound is never kept; a nil cache (a bare server)
	// only misses.
	huge := []byte(strings.Repeat("x", answerCacheMaxBody+1))
	h, _ := c.get(huge)
	c.put(h, huge, gzipBytes(huge))
	if _, gz := c.get(huge); gz != nil {
		t.Error("a body over the bound was cached")
	}
	var none *answerCache
	if _, gz := none.get([]byte(a)); gz != nil {
		t.Error("a nil cache answered")
	}
	none.put(1, []byte(a), nil)
}
