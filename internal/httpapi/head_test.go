package httpapi

import (
	"bufio"
	"bytes"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"
	"time"
)

// framing headers differ between a GET (which may be chunked) and its HEAD
// (which says the length); the rest must be the same.
var framing = []string{"Date", "X-Request-Id", "Content-Length", "Transfer-Encoding"}

// rawRequest sends one request over its own connection and returns the
// answer's head and every byte after it.
func rawRequest(t *testing.T, addr, method, path string, header http.Header) (*http.Response, []byte) {
	t.Helper()
	conn, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	_ = conn.SetDeadline(time.Now().Add(10 * time.Second))
	var req bytes.Buffer
	req.WriteString(method + " " + path + " HTTP/1.1\r\nHost: " + addr + "\r\nConnection: close\r\n")
	for k, vs := range header {
		for _, v := range vs {
			req.WriteString(k + ": " + v + "\r\n")
		}
	}
	req.WriteString("\r\n")
	if _, err := conn.Write(req.Bytes()); err != nil {
		t.Fatal(err)
	}
	raw, err := io.ReadAll(conn)
	if err != nil {
		t.Fatal(err)
	}
	head, rest, ok := bytes.Cut(raw, []byte("\r\n\r\n"))
	if !ok {
		t.Fatalf("%s %s: no complete answer: %q", method, path, raw)
	}
	res, err := http.ReadResponse(bufio.NewReader(bytes.NewReader(append(head, "\r\n\r\n"...))), nil)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	return res, rest
}

// TestHeadAnswersEveryGetRoute: over a real TCP server, HEAD on every GET
// route of the table (and on the web app's pages) answers the status and
// headers of the GET, compression included, with no body, and a length
// that is the GET body's.
func TestHeadAnswersEveryGetRoute(t *testing.T) {
	s := newHostileTestServer(t)
	c := newClient(t, s, "demo")
	if rec, _ := c.login("player01", "Player@123"); rec.Code != 200 {
		t.Fatal("login")
	}
	web := bareServer(t, nil, fstest.MapFS{"index.html": {Data: []byte("<html><head></head>app</html>")}, "assets/app-1.js": {Data: []byte(strings.Repeat("js;", 1000))}})
	api, site := httptest.NewServer(s), httptest.NewServer(web)
	defer api.Close()
	defer site.Close()
	type target struct {
		srv        *httptest.Server
		path       string
		header     http.Header
		decodeBody bool
	}
	var targets []target
	for _, rt := range s.Routes() {
		if rt.Method != http.MethodGet {
			continue
		}
		path := strings.NewReplacer("{merchant}", "demo", "{slug}", "home-welcome", "{code}", "PG", "{id}", "1").Replace(rt.Path)
		h := http.Header{"Merchant": {"demo"}, "Accept-Encoding": {"gzip"}}
		if rt.Auth {
			h.Set("Authorization", c.token)
		}
		targets = append(targets, target{api, path, h, true})
	}
	for _, path := range []string{"/", "/member", "/assets/app-1.js", "/wps/nothing-here"} {
		targets = append(targets, target{site, path, http.Header{"Accept-Encoding": {"gzip"}}, false})
	}
	if len(targets) < 30 {
		t.Fatalf("only %d GET routes", len(targets))
	}
	for _, tg := range targets {
		addr := strings.TrimPrefix(tg.srv.URL, "http://")
		get, body := rawRequest(t, addr, http.MethodGet, tg.path, tg.header)
		_, again := rawRequest(t, addr, http.MethodGet, tg.path, tg.header)
		head, rest := rawRequest(t, addr, http.MethodHead, tg.path, tg.header)
		name := "HEAD " + tg.path
		if head.StatusCode != get.StatusCode {
			t.Errorf("%s = %d, GET %d", name, head.StatusCode, get.StatusCode)
			continue
		}
		if len(rest) != 0 {
			t.Errorf("%s sent a body: %q", name, rest)
		}
		gh, hh := get.Header.Clone(), head.Header.Clone()
		for _, k := range framing {
			gh.Del(k)
			hh.Del(k)
		}
		for k, v := range gh {
			if !slices.Equal(hh[k], v) {
				t.Errorf("%s: %s = %q, GET's %q", name, k, hh[k], v)
			}
		}
		for k := range hh {
			if _, ok := gh[k]; !ok {
				t.Errorf("%s: %s = %q, not in the GET's answer", name, k, hh[k])
			}
		}
		if len(get.TransferEncoding) == 0 && get.Header.Get("Content-Length") == "" {
			t.Errorf("GET %s: no length", tg.path)
		}
		// Answers that differ from one GET to the next (a new captcha)
		// have no one length to compare with.
		if bytes.Equal(dechunk(t, get, body), dechunk(t, get, again)) {
			if n, _ := strconv.Atoi(head.Header.Get("Content-Length")); n != len(dechunk(t, get, body)) {
				t.Errorf("%s: Content-Length %s, the GET's body is %d bytes", name, head.Header.Get("Content-Length"), len(dechunk(t, get, body)))
			}
		}
	}
}

// dechunk is the body of a raw answer as its sender meant it (gzip stays).
func dechunk(t *testing.T, res *http.Response, raw []byte) []byte {
	t.Helper()
	if len(res.TransferEncoding) == 0 {
		return raw
	}
	var out bytes.Buffer
	r := bufio.NewReader(bytes.NewReader(raw))
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			t.Fatalf("chunked body: %v", err)
		}
		n, err := strconv.ParseInt(strings.TrimSpace(line), 16, 64)
		if err != nil {
			t.Fatalf("chunk size %q: %v", line, err)
		}
		if n == 0 {
			return out.Bytes()
		}
		if _, err := io.CopyN(&out, r, n); err != nil {
			t.Fatal(err)
		}
		_, _ = r.ReadString('\n')
	}
}

// TestOversizedHeadersAnswerTheEnvelope: over a real TCP server set up as
// `portal serve` sets it up (MaxHeaderBytes, Listener), a request whose
// headers pass the limit is answered 431 in the envelope, not Go's plain
// text, on a fresh connection and on one that served a request before;
// headers within the limit are served as usual.
func TestOversizedHeadersAnswerTheEnvelope(t *testing.T) {
	s := bareServer(t, []Route{{Method: http.MethodGet, Path: "/healthz", Access: Public, JSON: func(*http.Request) (any, error) { return "ok", nil }}}, nil)
	ts := httptest.NewUnstartedServer(s)
	ts.Config.MaxHeaderBytes = MaxHeaderBytes
	ts.Listener = Listener(ts.Listener)
	ts.Start()
	defer ts.Close()
	request := func(size int) string {
		return "GET /healthz HTTP/1.1\r\nHost: portal\r\nX-Padding: " + strings.Repeat("a", size) + "\r\n\r\n"
	}
	tests := []struct {
		name     string
		requests []string // sent on one connection, the last one's answer checked
		status   int
	}{
		{"small headers", []string{request(10)}, 200},
		{"headers just within the limit", []string{request(MaxHeaderBytes - 200)}, 200},
		{"oversized headers", []string{request(MaxHeaderBytes + 8<<10)}, 431},
		{"a huge request line", []string{"GET /healthz?q=" + strings.Repeat("b", 2*MaxHeaderBytes) + " HTTP/1.1\r\nHost: portal\r\n\r\n"}, 431},
		{"oversized after a served request", []string{request(10), request(MaxHeaderBytes + 8<<10)}, 431},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			conn, err := net.Dial("tcp", ts.Listener.Addr().String())
			if err != nil {
				t.Fatal(err)
			}
			defer conn.Close()
			_ = conn.SetDeadline(time.Now().Add(10 * time.Second))
			r := bufio.NewReader(conn)
			var res *http.Response
			for _, req := range tt.requests {
				// Written aside: the server may answer before it has read it all.
				go func() { _, _ = conn.Write([]byte(req)) }()
				if res, err = http.ReadResponse(r, nil); err != nil {
					t.Fatal(err)
				}
				body, _ := io.ReadAll(res.Body)
				res.Body = io.NopCloser(bytes.NewReader(body))
			}
			if res.StatusCode != tt.status || !strings.HasPrefix(res.Header.Get("Content-Type"), "application/json") {
				t.Fatalf("%d %s, want %d in JSON", res.StatusCode, res.Header.Get("Content-Type"), tt.status)
			}
			var env envelope
			if err := json.NewDecoder(res.Body).Decode(&env); err != nil {
				t.Fatalf("not an envelope: %v", err)
			}
			if tt.status == 431 && (env.Success || env.Code != "request.header_too_large" || env.Message == "") {
				t.Fatalf("envelope = %+v", env)
			}
			if tt.status == 200 && !env.Success {
				t.Fatalf("envelope = %+v", env)
			}
		})
	}
}
