package app

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/coder/websocket/wsjson"
)

type answer struct {
	Success bool            `json:"success"`
	Code    string          `json:"code"`
	Value   json.RawMessage `json:"value"`
}

func get(t *testing.T, url, merchant string) (int, answer) {
	t.Helper()
	req, _ := http.NewRequest(http.MethodGet, url, nil)
	if merchant != "" {
		req.Header.Set("Merchant", merchant)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatalf("GET %s: %v", url, err)
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(res.Body)
	var a answer
	if err := json.Unmarshal(body, &a); err != nil {
		t.Fatalf("GET %s: not an envelope: %s", url, body)
	}
	return res.StatusCode, a
}

func freeAddr(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	return ln.Addr().String()
}

// TestServeEndToEnd runs the real binary's entry point: an empty SQLite
// database is migrated and seeded on first start, the demo merchant answers,
// operator commands from another "process" reach the running server within
// 5 seconds, and a cancelled context shuts it down cleanly.
func TestServeEndToEnd(t *testing.T) {
	if testing.Short() {
		t.Skip("seeds the full catalogue")
	}
	dir := t.TempDir()
	addr := freeAddr(t)
	env := map[string]string{
		// The URL form of an absolute path (it used to make ./sqlite:/...).
		"PORTAL_ADDR": addr, "PORTAL_DATA": dir, "PORTAL_DB": "sqlite://" + filepath.Join(dir, "portal.db"),
		"PORTAL_WATCH_INTERVAL": "200ms", "PORTAL_LOG_LEVEL": "warn",
	}
	getenv := func(k string) string { return env[k] }
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var logs bytes.Buffer
	done := make(chan int, 1)
	go func() { done <- Run(ctx, []string{"serve"}, getenv, io.Discard, &logs) }()

	base := "http://" + addr
	deadline := time.Now().Add(60 * time.Second)
	for {
		res, err := http.Get(base + "/healthz")
		if err == nil {
			res.Body.Close()
			if res.StatusCode == 200 {
				break
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("server never became healthy; logs:\n%s", logs.String())
		}
		time.Sleep(50 * time.Millisecond)
	}

	if code, a := get(t, base+"/wps/system/permission", "demo"); code != 200 || !a.Success {
		t.Fatalf("permission = %d %+v", code, a)
	}
	if code, a := get(t, base+"/wps/system/permission", "nosuch"); code != 400 || a.Code != "invalid.domain" {
		t.Fatalf("unknown merchant = %d %+v", code, a)
	}
	if _, err := os.Stat(filepath.Join(dir, "portal.db")); err != nil {
		t.Fatalf("PORTAL_DB=sqlite://%s/portal.db: %v", dir, err)
	}
	// HEAD answers as GET does, without a body; headers past the limit
	// get the envelope, not Go's plain text.
	head, _ := http.NewRequest(http.MethodHead, base+"/wps/system/permission", nil)
	head.Header.Set("Merchant", "demo")
	if res, err := http.DefaultClient.Do(head); err != nil || res.StatusCode != 200 || !strings.HasPrefix(res.Header.Get("Content-Type"), "application/json") {
		t.Fatalf("HEAD permission = %v %v", res, err)
	}
	big, _ := http.NewRequest(http.MethodGet, base+"/healthz", nil)
	big.Header.Set("X-Padding", strings.Repeat("a", 80<<10))
	res, err := http.DefaultClient.Do(big)
	if err != nil {
		t.Fatalf("oversized headers: %v", err)
	}
	var refused answer
	if err := json.NewDecoder(res.Body).Decode(&refused); err != nil || res.StatusCode != 431 || refused.Code != "request.header_too_large" {
		t.Fatalf("oversized headers = %d %+v (%v)", res.StatusCode, refused, err)
	}
	res.Body.Close()
	code, a := get(t, base+"/wps/game/list?gameType=RNG&pageSize=18", "demo")
	var list struct {
		Total int `json:"total"`
	}
	if err := json.Unmarshal(a.Value, &list); code != 200 || err != nil || list.Total < 8000 {
		t.Fatalf("seeded slots = %d (%d %v)", list.Total, code, err)
	}

	operator := func(args ...string) {
		t.Helper()
		var out, errs bytes.Buffer
		if rc := Run(context.Background(), args, getenv, &out, &errs); rc != 0 {
			t.Fatalf("portal %s = %d: %s", strings.Join(args, " "), rc, errs.String())
		}
	}
	waitStatus := func(want int) {
		t.Helper()
		limit := time.Now().Add(5 * time.Second)
		for {
			_, a := get(t, base+"/wps/system/status", "demo")
			var st struct {
				Status int `json:"status"`
			}
			_ = json.Unmarshal(a.Value, &st)
			if st.Status == want {
				return
			}
			if time.Now().After(limit) {
				t.Fatalf("status did not become %d within 5 s (last %s)", want, a.Value)
			}
			time.Sleep(50 * time.Millisecond)
		}
	}

	// A visitor's open page hears of maintenance over its socket as soon
	// as the change watcher sees the operator's command.
	ws, _, err := websocket.Dial(ctx, "ws://"+addr+"/wps/ws", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer ws.CloseNow()
	if err := wsjson.Write(ctx, ws, map[string]string{"type": "auth", "token": "", "merchant": "demo"}); err != nil {
		t.Fatal(err)
	}
	time.Sleep(100 * time.Millisecond) // the server subscribes the socket after reading the auth message
	started := time.Now()
	operator("merchant", "set", "demo", "maintenance", "on")
	rctx, rcancel := context.WithTimeout(ctx, 5*time.Second)
	var pushed struct {
		Type string `json:"type"`
	}
	err = wsjson.Read(rctx, ws, &pushed)
	rcancel()
	if err != nil || pushed.Type != "status" {
		t.Fatalf("no status push within 5 s of maintenance (%v, %+v)", err, pushed)
	}
	t.Logf("status pushed %v after the operator command", time.Since(started).Round(time.Millisecond))
	waitStatus(1)
	if code, a := get(t, base+"/wps/game/list?gameType=RNG", "demo"); code != 503 || a.Code != "system.maintenance" {
		t.Fatalf("lobby in maintenance = %d %+v", code, a)
	}
	operator("merchant", "set", "demo", "blocked-ips", "127.0.0.0/8")
	waitStatus(1) // maintenance wins over region
	operator("merchant", "set", "demo", "maintenance", "off")
	waitStatus(2)
	if code, a := get(t, base+"/wps/game/list?gameType=RNG", "demo"); code != 403 || a.Code != "system.region_restricted" {
		t.Fatalf("lobby from blocked region = %d %+v", code, a)
	}
	operator("merchant", "set", "demo", "blocked-ips", "")
	waitStatus(0)

	var errs bytes.Buffer
	if rc := Run(context.Background(), []string{"merchant", "set", "demo", "blocked-ips", "999.1.1.1/8"}, getenv, io.Discard, &errs); rc == 0 {
		t.Fatal("an invalid CIDR was accepted")
	}
	if rc := Run(context.Background(), []string{"frobnicate"}, getenv, io.Discard, io.Discard); rc != 2 {
		t.Fatalf("unknown command exit = %d, want 2", rc)
	}

	cancel()
	select {
	case rc := <-done:
		if rc != 0 {
			t.Fatalf("serve exit = %d; logs:\n%s", rc, logs.String())
		}
	case <-time.After(20 * time.Second):
		t.Fatal("serve did not stop after its context ended")
	}
	if strings.Contains(logs.String(), "level=ERROR") {
		t.Fatalf("errors logged:\n%s", logs.String())
	}
}
