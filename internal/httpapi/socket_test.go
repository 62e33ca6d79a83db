package httpapi

import (
	"context"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/coder/websocket/wsjson"

	"portal/internal/realtime"
)

// TestSocketTellsEveryPageOfStatusChanges: a visitor's page (an auth
// message without a token) and a member's hear that their merchant went
// into maintenance; only the member hears a balance; a bad token is still
// refused.
func TestSocketTellsEveryPageOfStatusChanges(t *testing.T) {
	s := newHostileTestServer(t)
	ctx := context.Background()
	member := newClient(t, s, "demo")
	if rec, env := member.login("player01", "Player@123"); rec.Code != 200 {
		t.Fatalf("login = %d %+v", rec.Code, env)
	}
	watch := realtime.NewStatusWatch(s.Hub, s.Merchant.StatusKeys, nil)
	watch.Check()
	srv := httptest.NewServer(s)
	defer srv.Close()
	dial := func(token string) *websocket.Conn {
		t.Helper()
		c, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(srv.URL, "http")+"/wps/ws", nil)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { c.CloseNow() })
		if err := wsjson.Write(ctx, c, socketAuth{Type: "auth", Token: token, Merchant: "demo"}); err != nil {
			t.Fatal(err)
		}
		return c
	}
	read := func(c *websocket.Conn) (realtime.Event, error) {
		rctx, cancel := context.WithTimeout(ctx, 3*time.Second)
		defer cancel()
		var e realtime.Event
		err := wsjson.Read(rctx, c, &e)
		return e, err
	}
	visitor := dial("")
	mine := dial(member.token)
	if e, err := read(mine); err != nil || e.Type != "balance" {
		t.Fatalf("member's first event = %+v %v", e, err)
	}
	// Both are subscribed once the member's balance arrived and the
	// visitor's connection count shows.
	deadline := time.Now().Add(3 * time.Second)
	for s.Hub.Connections() < 2 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if err := s.Merchant.Set(ctx, "demo", "maintenance", "on"); err != nil {
		t.Fatal(err)
	}
	s.Merchant.Invalidate()
	watch.Check()
	for name, c := range map[string]*websocket.Conn{"visitor": visitor, "member": mine} {
		if e, err := read(c); err != nil || e.Type != realtime.EventStatus {
			t.Fatalf("%s got %+v %v, want a status event", name, e, err)
		}
	}
	bad := dial("not-a-token")
	if _, err := read(bad); websocket.CloseStatus(err) != websocket.StatusPolicyViolation {
		t.Fatalf("bad token: %v", err)
	}
}

// TestSocketsPerAddressAreBounded: one address cannot hold more than
// socketsPerAddress websockets open; the next is refused with the
// envelope's 429 before the upgrade, and a closed one frees its slot.
func TestSocketsPerAddressAreBounded(t *testing.T) {
	s := newHostileTestServer(t)
	ctx := context.Background()
	srv := httptest.NewServer(s)
	defer srv.Close()
	url := "ws" + strings.TrimPrefix(srv.URL, "http") + "/wps/ws"
	var open []*websocket.Conn
	for range socketsPerAddress {
		c, _, err := websocket.Dial(ctx, url, nil)
		if err != nil {
			t.Fatal(err)
		}
		open = append(open, c)
	}
	_, res, err := websocket.Dial(ctx, url, nil)
	if err == nil || res == nil || res.StatusCode != 429 {
		t.Fatalf("socket past the bound: %v %+v", err, res)
	}
	open[0].Close(websocket.StatusNormalClosure, "")
	deadline := time.Now().Add(3 * time.Second)
	for {
		c, _, err := websocket.Dial(ctx, url, nil)
		if err == nil {
			c.CloseNow()
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("a closed socket never freed its slot: %v", err)
		}
		time.Sleep(20 * time.Millisecond)
	}
	for _, c := range open[1:] {
		c.CloseNow()
	}
}
