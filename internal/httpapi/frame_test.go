package httpapi

import (
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/go-chi/chi/v5"

	"portal/internal/merchant"
)

// decodeEnvelope reads an answer and checks it is the envelope.
func decodeEnvelope(t *testing.T, res *http.Response) envelope {
	t.Helper()
	body, _ := io.ReadAll(res.Body)
	var env envelope
	if err := json.Unmarshal(body, &env); err != nil {
		t.Fatalf("answer is not an envelope: %v: %s", err, body)
	}
	if strings.Contains(string(body), "goroutine") || strings.Contains(string(body), ".go:") {
		t.Fatalf("answer leaks a stack trace: %s", body)
	}
	return env
}

func bareServer(t *testing.T, table []Route, web fstest.MapFS) *Server {
	t.Helper()
	s := &Server{Deps: Deps{Log: slog.New(slog.DiscardHandler)}, log: slog.New(slog.DiscardHandler)}
	if web != nil {
		s.Config.Web = web
	}
	s.table = table
	s.router = s.mount(table)
	return s
}

func TestPanicIsRecoveredAsSystemError(t *testing.T) {
	s := bareServer(t, []Route{{Method: "GET", Path: "/boom", Access: Public, JSON: func(r *http.Request) (any, error) {
		panic("secret internals at /src/x.go:12")
	}}}, nil)
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, httptest.NewRequest("GET", "/boom", nil))
	if rec.Code != 500 {
		t.Fatalf("status = %d", rec.Code)
	}
	env := decodeEnvelope(t, rec.Result())
	if env.Success || env.Code != "system.error" || strings.Contains(env.Message, "secret") {
		t.Fatalf("envelope = %+v", env)
	}
	if rec.Header().Get("X-Request-Id") == "" {
		t.Fatal("no request id")
	}
}

func TestUnknownRoutesAndMethods(t *testing.T) {
	s := bareServer(t, []Route{{Method: "GET", Path: "/x", Access: Public, JSON: func(r *http.Request) (any, error) { return 1, nil }}}, nil)
	tests := []struct {
		method, path string
		status       int
		code         string
	}{
		{"GET", "/nope", 404, "request.not_found"},
		{"GET", "/wps/%00", 404, "request.not_found"},
		{"POST", "/x", 405, "request.method_not_allowed"},
	}
	for _, tt := range tests {
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, httptest.NewRequest(tt.method, tt.path, nil))
		env := decodeEnvelope(t, rec.Result())
		if rec.Code != tt.status || env.Code != tt.code {
			t.Errorf("%s %s = %d %s, want %d %s", tt.method, tt.path, rec.Code, env.Code, tt.status, tt.code)
		}
	}
}

func TestSPAFallback(t *testing.T) {
	web := fstest.MapFS{
		"index.html":       {Data: []byte("<html>app</html>")},
		"assets/app-1.js":  {Data: []byte("js")},
		"favicon.svg":      {Data: []byte("<svg/>")},
		"assets/dir/x.css": {Data: []byte("css")},
	}
	s := bareServer(t, nil, web)
	tests := []struct {
		path   string
		status int
		want   string
	}{
		{"/", 200, "<html>app</html>"},
		{"/member", 200, "<html>app</html>"},
		{"/provider?vassalage=PG", 200, "<html>app</html>"},
		{"/assets/app-1.js", 200, "js"},
		{"/favicon.svg", 200, "<svg/>"},
		{"/wps/unknown", 404, "request.not_found"},
		{"/../../etc/passwd", 200, "<html>app</html>"},
	}
	for _, tt := range tests {
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, httptest.NewRequest("GET", tt.path, nil))
		if rec.Code != tt.status || !strings.Contains(rec.Body.String(), tt.want) {
			t.Errorf("GET %s = %d %q, want %d %q", tt.path, rec.Code, rec.Body.String(), tt.status, tt.want)
		}
	}
}

func TestClientIP(t *testing.T) {
	trusted := []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8")}
	tests := []struct {
		name, remote, xff, want string
	}{
		{"direct peer, header ignored", "203.0.113.9:5000", "1.2.3.4", "203.0.113.9"},
		{"trusted proxy", "10.0.0.2:80", "198.51.100.7", "198.51.100.7"},
		{"forged left entry", "10.0.0.2:80", "1.1.1.1, 198.51.100.7", "198.51.100.7"},
		{"chain of proxies", "10.0.0.2:80", "198.51.100.7, 10.1.1.1", "198.51.100.7"},
		{"garbage header", "10.0.0.2:80", "not-an-ip", "10.0.0.2"},
		{"no header", "10.0.0.2:80", "", "10.0.0.2"},
		{"ipv6 peer", "[2001:db8::1]:443", "", "2001:db8::1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := httptest.NewRequest("GET", "/", nil)
			r.RemoteAddr = tt.remote
			if tt.xff != "" {
				r.Header.Set("X-Forwarded-For", tt.xff)
			}
			if got := clientIP(r, trusted).String(); got != tt.want {
				t.Fatalf("clientIP = %s, want %s", got, tt.want)
			}
		})
	}
}

func TestValidateParams(t *testing.T) {
	decl := []Param{
		{Name: "pageNo", Type: TypeInteger, Min: 1, Max: 10000, Default: "1"},
		{Name: "flush", Type: TypeBoolean},
		{Name: "types", Type: TypeString, Enum: []string{"B", "PL"}, List: true},
		{Name: "gameName", Type: TypeString, MaxLen: 5},
		{Name: "group", Type: TypeString, Required: false, Enum: []string{"web-home"}},
	}
	tests := []struct {
		query   string
		wantErr string
	}{
		{"", ""},
		{"pageNo=3&flush=true&types=B,PL&gameName=abc", ""},
		{"pageNo=0", "pageNo"},
		{"pageNo=abc", "pageNo"},
		{"pageNo=99999999999999999999", "pageNo"},
		{"pageNo=1&pageNo=2", "pageNo"},
		{"flush=maybe", "flush"},
		{"types=B,XX", "types"},
		{"gameName=abcdef", "gameName"},
		{"gameName=%ff%fe", "gameName"},
		{"group=other", "group"},
	}
	for _, tt := range tests {
		r := httptest.NewRequest("GET", "/?"+tt.query, nil)
		p, err := validateParams(r, decl)
		if tt.wantErr == "" {
			if err != nil {
				t.Errorf("%q: unexpected %v", tt.query, err)
			}
			if p.Int("pageNo") < 1 {
				t.Errorf("%q: default pageNo not applied", tt.query)
			}
			continue
		}
		ae, ok := err.(*apiError)
		if !ok || ae.Status != 400 || ae.Value.(fieldError).Field != tt.wantErr {
			t.Errorf("%q: err = %#v, want 400 on %s", tt.query, err, tt.wantErr)
		}
	}
}

// TestOpenAPIMatchesRouter holds the document and the router equal: a route
// mounted outside the table, or a documented path that is not served, fails.
func TestOpenAPIMatchesRouter(t *testing.T) {
	s := New(Deps{Log: slog.New(slog.DiscardHandler)})
	served := map[string]bool{}
	err := chi.Walk(s.router, func(method, route string, _ http.Handler, _ ...func(http.Handler) http.Handler) error {
		served[strings.ToLower(method)+" "+route] = true
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	rec := httptest.NewRecorder()
	s.ServeHTTP(rec, httptest.NewRequest("GET", "/openapi.json", nil))
	var doc struct {
		OpenAPI string                                `json:"openapi"`
		Paths   map[string]map[string]json.RawMessage `json:"paths"`
	}
	if err := json.Unmarshal(rec.Body.Bytes(), &doc); err != nil {
		t.Fatalf("openapi.json: %v", err)
	}
	if doc.OpenAPI != "3.1.0" {
		t.Fatalf("openapi = %q", doc.OpenAPI)
	}
	documented := map[string]bool{}
	for path, ops := range doc.Paths {
		for method := range ops {
			documented[method+" "+path] = true
		}
	}
	for k := range served {
		if !documented[k] {
			t.Errorf("served but not documented: %s", k)
		}
	}
	for k := range documented {
		if !served[k] {
			t.Errorf("documented but not served: %s", k)
		}
	}
	if len(served) < 2 {
		t.Fatalf("only %d routes served", len(served))
	}
}

// FuzzDecodeJSON feeds the body decoder arbitrary bytes: it must answer
// every input with nil or an apiError of status 400/413, never panic.
func FuzzDecodeJSON(f *testing.F) {
	for _, seed := range []string{`{"a":1}`, `{"a":"x"} trailing`, `[`, `{"a":1e999}`, "\x00", `{"b":2}`, `{"a":[1,2]}`} {
		f.Add([]byte(seed))
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		r := httptest.NewRequest("POST", "/", strings.NewReader(string(body)))
		rec := httptest.NewRecorder()
		var dst struct {
			A int    `json:"a"`
			S string `json:"s"`
		}
		err := decodeJSON(rec, r, &dst)
		if err == nil {
			return
		}
		ae, ok := err.(*apiError)
		if !ok || (ae.Status != 400 && ae.Status != 413) {
			t.Fatalf("decodeJSON(%q) = %#v", body, err)
		}
	})
}

// FuzzQueryParams feeds the query validator arbitrary query strings.
func FuzzQueryParams(f *testing.F) {
	decl := []Param{
		{Name: "pageNo", Type: TypeInteger, Min: 1, Max: 10000, Default: "1"},
		{Name: "flush", Type: TypeBoolean},
		{Name: "types", Type: TypeString, Enum: []string{"B", "PL"}, List: true},
		{Name: "gameName", Type: TypeString, MaxLen: 50},
	}
	for _, seed := range []string{"pageNo=1", "pageNo=-1&flush=1", "types=B,,PL", "gameName=%E2%82", "pageNo=1e3"} {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, q string) {
		r := httptest.NewRequest("GET", "/", nil)
		r.URL.RawQuery = q
		_, err := validateParams(r, decl)
		if err == nil {
			return
		}
		if ae, ok := err.(*apiError); !ok || ae.Status != 400 {
			t.Fatalf("validateParams(%q) = %#v", q, err)
		}
	})
}

func TestFieldErrorsAnswer422WithTheField(t *testing.T) {
	rules := merchant.DefaultRegisterRules()
	err := rules["username"].Check("username", "1bad")
	ae, known := answerFor(fmt.Errorf("register: %w", err))
	fe, ok := ae.Value.(*merchant.FieldError)
	if !known || ae.Status != 422 || ae.Code != "validation.field_invalid" || !ok || fe.Field != "username" || fe.Max != 16 {
		t.Fatalf("answer = %+v", ae)
	}
}
