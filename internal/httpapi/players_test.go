package httpapi

import (
	"context"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/coder/websocket/wsjson"

	"portal/internal/database"
	"portal/internal/dbtest"
	"portal/internal/identity"
	"portal/internal/operator"
	"portal/internal/realtime"
	"portal/internal/wallet"
)

// players lists /admin/api/players?q=... and returns the page.
func (c *adminClient) players(q string) Page[playerRow] {
	c.w.t.Helper()
	rec, env := c.do(http.MethodGet, "/admin/api/players?q="+url.QueryEscape(q), nil)
	if rec.Code != 200 {
		c.w.t.Fatalf("players %q = %d %+v", q, rec.Code, env)
	}
	return value[Page[playerRow]](c.w.t, env)
}

func usernames(p Page[playerRow]) string {
	var out []string
	for _, r := range p.Content {
		out = append(out, r.Username)
	}
	return strings.Join(out, ",")
}

// nextEvent is the next event on ch, or fails the test after 2 seconds.
func nextEvent(t *testing.T, ch <-chan realtime.Event) realtime.Event {
	t.Helper()
	select {
	case e := <-ch:
		return e
	case <-time.After(2 * time.Second):
		t.Fatal("no event")
		return realtime.Event{}
	}
}

// TestAdminPlayers: the search by each kind of query, merchant scoping,
// one player's record, freeze (sessions end at once, the hub hears a
// logout, log-ins are refused), unfreeze, forced log-out and the
// permission they need.
func TestAdminPlayers(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newAdminWorld(t, db)
		ctx := context.Background()
		owner, _ := w.login("demo", "demo-boss", operator.RoleOwner)
		lucky, _ := w.login("lucky", "lucky-boss", operator.RoleOwner)
		viewer, _ := w.login("demo", "demo-viewer", operator.RoleReadonly)
		alice, err := w.s.Identity.Open(ctx, identity.NewMember{MerchantCode: "demo", Username: "Alice77", Password: "Alice@123",
			Mobile: "+855 99 000 111", Email: "Alice.Smith@Example.com", Profile: map[string]string{"payeeName": "Alice Smith"}})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.s.Identity.Open(ctx, identity.NewMember{MerchantCode: "lucky", Username: "alicelucky", Password: "Alice@123",
			Email: "alice.smith@lucky.example"}); err != nil {
			t.Fatal(err)
		}
		player := newClient(t, w.s, "demo")
		player.ip = "198.51.100.23"
		if rec, env := player.login("player01", "Player@123"); rec.Code != 200 {
			t.Fatalf("player log-in = %d %+v", rec.Code, env)
		}
		balance, p01 := w.balanceOf("player01")
		id := strconv.FormatInt(p01, 10)

		// Search.
		all := owner.players("")
		if all.Total < 4 || all.Content[0].Username != "alice77" || all.PageNum != 1 || all.PageSize != 20 || strings.Contains(usernames(all), "alicelucky") {
			t.Fatalf("all players = %+v", all)
		}
		for q, want := range map[string]string{
			"ALI":              "alice77",
			"  alice ":         "alice77",
			"player0":          "player01",
			id:                 "player01",
			"85599":            "alice77",
			"+85599000":        "alice77",
			"+8551234500":      "player01,agent01",
			"alice.SMITH@exa":  "alice77",
			"player01@":        "player01",
			"198.51.100.23":    "player01",
			"198.51.100.2":     "",
			"nobody-like-this": "",
		} {
			if got := usernames(owner.players(q)); got != want {
				t.Errorf("q=%q: %q, want %q", q, got, want)
			}
		}
		if rec, env := owner.do(http.MethodGet, "/admin/api/players?q="+strings.Repeat("a", 65), nil); rec.Code != 400 || env.Code != "request.invalid_parameter" {
			t.Errorf("65-character q = %d %s", rec.Code, env.Code)
		}
		paged := owner.players("")
		_, env := owner.do(http.MethodGet, "/admin/api/players?pageNum=2&pageSize=1", nil)
		if p := value[Page[playerRow]](t, env); len(p.Content) != 1 || p.Content[0].ID != paged.Content[1].ID || p.TotalPages != paged.Total {
			t.Errorf("page 2 of 1 = %+v", p)
		}
		row := owner.players("alice77").Content[0]
		if row.ID != alice || row.Mobile != "+85599000111" || row.Email != "Alice.Smith@Example.com" || row.RealName != "Alice Smith" ||
			row.Currency != "USD" || row.Balance != "0.00" || row.Status != "active" || row.Type != 0 || row.LastLoginAt != nil || row.CreatedAt.IsZero() {
			t.Errorf("alice's row = %+v", row)
		}
		if row := owner.players(id).Content[0]; row.Balance != wallet.FormatAmount(balance, 2) || row.LastLoginAt == nil {
			t.Errorf("player01's row = %+v", row)
		}

		// Merchant scope: lucky sees its own only, and demo's ids are 404.
		if got := usernames(lucky.players("ali")); got != "alicelucky" {
			t.Errorf("lucky's search = %q", got)
		}
		if got := usernames(lucky.players(id)); got != "" {
			t.Errorf("lucky finds demo's id: %q", got)
		}
		for _, call := range [][2]string{{"GET", ""}, {"POST", "/freeze"}, {"POST", "/unfreeze"}, {"POST", "/logout"}} {
			if rec, env := lucky.do(call[0], "/admin/api/players/"+id+call[1], map[string]string{"reason": "x"}); rec.Code != 404 || env.Code != "resource.not_found" {
				t.Errorf("lucky %s %s on demo's player = %d %s", call[0], call[1], rec.Code, env.Code)
			}
		}

		// One player's record.
		rec, env := viewer.do(http.MethodGet, "/admin/api/players/"+id, nil)
		record := value[playerRecord](t, env)
		if rec.Code != 200 || record.Player.Username != "player01" || len(record.Sessions) != 1 || record.Sessions[0].IP != "198.51.100.23" ||
			len(record.Addresses) != 1 || record.Addresses[0].IP != "198.51.100.23" || record.Notes == nil {
			t.Fatalf("record = %d %+v", rec.Code, record)
		}
		if rec, env := owner.do(http.MethodGet, "/admin/api/players/99999999", nil); rec.Code != 404 || env.Code != "resource.not_found" {
			t.Errorf("unknown id = %d %s", rec.Code, env.Code)
		}

		// Without players.write: 403.
		if rec, env := viewer.do(http.MethodPost, "/admin/api/players/"+id+"/freeze", map[string]string{"reason": "x"}); rec.Code != 403 || env.Code != "admin.forbidden" {
			t.Errorf("readonly freezes = %d %s", rec.Code, env.Code)
		}
		if rec, env := owner.do(http.MethodPost, "/admin/api/players/"+id+"/freeze", map[string]string{"reason": " "}); rec.Code != 422 || env.Code != "admin.reason_invalid" {
			t.Errorf("freeze without a reason = %d %s", rec.Code, env.Code)
		}

		// Freeze: the live session ends at once, the hub hears a logout,
		// and the player cannot log in.
		events, cancel := w.s.Hub.Subscribe("demo", p01)
		defer cancel()
		rec, env = owner.do(http.MethodPost, "/admin/api/players/"+id+"/freeze", map[string]string{"reason": "chargeback"})
		if rec.Code != 200 || value[playerRow](t, env).Status != "frozen" {
			t.Fatalf("freeze = %d %+v", rec.Code, env)
		}
		if e := nextEvent(t, events); e.Type != realtime.EventLogout {
			t.Errorf("event = %+v", e)
		}
		if rec, env := player.do(http.MethodGet, "/wps/member/info", nil, false); rec.Code != 401 || env.Code != "login.not.session" {
			t.Errorf("old token after the freeze = %d %s", rec.Code, env.Code)
		}
		again := newClient(t, w.s, "demo")
		again.ip = player.ip
		if rec, env := again.login("player01", "Player@123"); rec.Code != 403 || env.Code != "login.contact_agent" {
			t.Errorf("frozen downline log-in = %d %s", rec.Code, env.Code)
		}
		if rec, env := newClient(t, w.s, "demo").login("alice77", "Alice@123"); rec.Code != 200 {
			t.Fatalf("alice log-in = %d %+v", rec.Code, env)
		}
		aid := strconv.FormatInt(alice, 10)
		owner.do(http.MethodPost, "/admin/api/players/"+aid+"/freeze", map[string]string{"reason": "kyc"})
		if rec, env := newClient(t, w.s, "demo").login("alice77", "Alice@123"); rec.Code != 403 || env.Code != "login.account_frozen" {
			t.Errorf("frozen log-in = %d %s", rec.Code, env.Code)
		}
		if got := owner.players("alice77").Content[0].Status; got != "frozen" {
			t.Errorf("alice's status = %s", got)
		}
		e := w.audit("postAdminApiPlayersIdFreeze", "ok")
		if len(e) != 2 || e[1].Target != "player:"+id || e[1].Before != `{"status":"active"}` || e[1].After != `{"status":"frozen","reason":"chargeback"}` {
			t.Errorf("freeze audit = %+v", e)
		}

		// Unfreeze (no body: the reason is optional): log-ins work again.
		if rec, env := owner.do(http.MethodPost, "/admin/api/players/"+id+"/unfreeze", nil); rec.Code != 200 || value[playerRow](t, env).Status != "active" {
			t.Fatalf("unfreeze = %d %+v", rec.Code, env)
		}
		if e := w.audit("postAdminApiPlayersIdUnfreeze", "ok"); len(e) != 1 || e[0].Before != `{"status":"frozen"}` || e[0].After != `{"status":"active"}` {
			t.Errorf("unfreeze audit = %+v", e)
		}
		if rec, env := player.login("player01", "Player@123"); rec.Code != 200 {
			t.Fatalf("log-in after unfreeze = %d %+v", rec.Code, env)
		}
		if rec, _ := player.do(http.MethodGet, "/wps/member/info", nil, false); rec.Code != 200 {
			t.Fatalf("info after unfreeze = %d", rec.Code)
		}

		// Forced log-out: every session ends, the hub hears it.
		second := newClient(t, w.s, "demo")
		second.ip = player.ip
		if rec, env := second.login("player01", "Player@123"); rec.Code != 200 {
			t.Fatalf("second log-in = %d %+v", rec.Code, env)
		}
		rec, env = owner.do(http.MethodPost, "/admin/api/players/"+id+"/logout", nil)
		if rec.Code != 200 || value[playerLogout](t, env).Sessions != 2 {
			t.Fatalf("logout = %d %+v", rec.Code, env)
		}
		if e := nextEvent(t, events); e.Type != realtime.EventLogout {
			t.Errorf("event = %+v", e)
		}
		for _, c := range []*client{player, second} {
			if rec, env := c.do(http.MethodGet, "/wps/member/info", nil, false); rec.Code != 401 || env.Code != "login.not.session" {
				t.Errorf("token after the forced log-out = %d %s", rec.Code, env.Code)
			}
		}
		if e := w.audit("postAdminApiPlayersIdLogout", "ok"); len(e) != 1 || e[0].Target != "player:"+id || e[0].After != `{"sessions":2}` {
			t.Errorf("logout audit = %+v", e)
		}
		if rec, env := owner.do(http.MethodPost, "/admin/api/players/abc/logout", nil); rec.Code != 404 || env.Code != "resource.not_found" {
			t.Errorf("non-numeric id = %d %s", rec.Code, env.Code)
		}
	})
}

// TestFreezeClosesTheSocket: a member's open websocket hears
// {"type":"logout"} when the back office freezes them, then closes.
func TestFreezeClosesTheSocket(t *testing.T) {
	w := newAdminWorld(t, dbtest.SQLite(t))
	ctx := context.Background()
	owner, _ := w.login("demo", "demo-boss", operator.RoleOwner)
	player := newClient(t, w.s, "demo")
	if rec, env := player.login("player01", "Player@123"); rec.Code != 200 {
		t.Fatalf("player log-in = %d %+v", rec.Code, env)
	}
	_, p01 := w.balanceOf("player01")
	srv := httptest.NewServer(w.s)
	defer srv.Close()
	c, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(srv.URL, "http")+"/wps/ws", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.CloseNow()
	if err := wsjson.Write(ctx, c, socketAuth{Type: "auth", Token: player.token, Merchant: "demo"}); err != nil {
		t.Fatal(err)
	}
	read := func() (string, error) {
		rctx, cancel := context.WithTimeout(ctx, 3*time.Second)
		defer cancel()
		_, b, err := c.Read(rctx)
		return string(b), err
	}
	if msg, err := read(); err != nil || !strings.Contains(msg, `"balance"`) {
		t.Fatalf("first message = %s %v", msg, err)
	}
	if rec, env := owner.do(http.MethodPost, "/admin/api/players/"+strconv.FormatInt(p01, 10)+"/freeze", map[string]string{"reason": "fraud"}); rec.Code != 200 {
		t.Fatalf("freeze = %d %+v", rec.Code, env)
	}
	if msg, err := read(); err != nil || msg != `{"type":"logout"}` {
		t.Fatalf("after the freeze = %s %v", msg, err)
	}
	if _, err := read(); websocket.CloseStatus(err) != websocket.StatusPolicyViolation {
		t.Fatalf("the socket stayed open: %v", err)
	}
}
