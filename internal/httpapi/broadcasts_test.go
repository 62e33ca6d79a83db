package httpapi

import (
	"context"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"portal/internal/database"
	"portal/internal/dbtest"
	"portal/internal/identity"
	"portal/internal/inbox"
	"portal/internal/operator"
	"portal/internal/realtime"
)

func init() {
	adminSampleAreas = append(adminSampleAreas, func(w *adminWorld) map[string]any {
		return map[string]any{
			"POST /admin/api/messages": map[string]any{"audience": "vip", "vipLevel": 3, "title": "VIP weekend", "body": "Double points."},
		}
	})
}

// memberAt opens a member of demo at a VIP level and logs them in.
func (w *adminWorld) memberAt(name string, vip int) (*client, int64) {
	w.t.Helper()
	id, err := w.s.Identity.Open(context.Background(), identity.NewMember{MerchantCode: "demo", Username: name, Password: "Player@123", VIPLevel: vip})
	if err != nil {
		w.t.Fatal(err)
	}
	c := newClient(w.t, w.s, "demo")
	if rec, env := c.login(name, "Player@123"); rec.Code != 200 {
		w.t.Fatalf("%s log-in = %d %+v", name, rec.Code, env)
	}
	pause()
	return c, id
}

// pause lets the clock move on: who a broadcast reaches depends on whether
// they registered before it, to the millisecond.
func pause() { time.Sleep(3 * time.Millisecond) }

func (c *client) inbox() messagePage {
	c.t.Helper()
	rec, env := c.do(http.MethodGet, "/wps/member/messages?pageSize=100", nil, false)
	if rec.Code != 200 {
		c.t.Fatalf("messages = %d %+v", rec.Code, env)
	}
	return value[messagePage](c.t, env)
}

func titlesOf(p messagePage) string {
	var out []string
	for _, m := range p.Content {
		out = append(out, string(m.Kind)+":"+m.Title)
	}
	return strings.Join(out, ",")
}

// TestBroadcastMessages: the content permission sends a message to every
// member or to one VIP level; exactly the members it names who registered
// before it see it, merged with their direct messages; logged-in pages
// hear it; reading and deleting work on both kinds and on the member's own
// only; hostile input is refused; the list shows how many have read.
func TestBroadcastMessages(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newAdminWorld(t, db)
		owner, _ := w.login("demo", "demo-news", operator.RoleContent)
		support, _ := w.login("demo", "demo-desk", operator.RoleSupport)
		lucky, _ := w.login("lucky", "lucky-news", operator.RoleOwner)
		ann, annID := w.memberAt("ann01", 0)
		vip, _ := w.memberAt("vip301", 3)

		// Send: the content role may, support (players.write) may not.
		if rec, env := support.do(http.MethodPost, "/admin/api/messages", map[string]any{"audience": "all", "title": "x", "body": "x"}); rec.Code != 403 || env.Code != "admin.forbidden" {
			t.Errorf("support sends = %d %s", rec.Code, env.Code)
		}
		for _, tc := range []struct {
			name   string
			body   any
			status int
			code   string
		}{
			{"no audience", map[string]any{"title": "t", "body": "b"}, 422, "admin.audience_invalid"},
			{"unknown audience", map[string]any{"audience": "friends", "title": "t", "body": "b"}, 422, "admin.audience_invalid"},
			{"vip without level", map[string]any{"audience": "vip", "title": "t", "body": "b"}, 422, "admin.audience_invalid"},
			{"all with a level", map[string]any{"audience": "all", "vipLevel": 2, "title": "t", "body": "b"}, 422, "admin.audience_invalid"},
			{"level too high", map[string]any{"audience": "vip", "vipLevel": 100, "title": "t", "body": "b"}, 422, "admin.audience_invalid"},
			{"negative level", map[string]any{"audience": "vip", "vipLevel": -1, "title": "t", "body": "b"}, 422, "admin.audience_invalid"},
			{"level a string", map[string]any{"audience": "vip", "vipLevel": "3", "title": "t", "body": "b"}, 400, "request.invalid_body"},
			{"level a fraction", map[string]any{"audience": "vip", "vipLevel": 2.5, "title": "t", "body": "b"}, 400, "request.invalid_body"},
			{"empty title", map[string]any{"audience": "all", "title": " ", "body": "b"}, 422, "member.message_invalid"},
			{"long title", map[string]any{"audience": "all", "title": strings.Repeat("t", 101), "body": "b"}, 422, "member.message_invalid"},
			{"long body", map[string]any{"audience": "all", "title": "t", "body": strings.Repeat("b", 2001)}, 422, "member.message_invalid"},
			{"nul in body", map[string]any{"audience": "all", "title": "t", "body": "a\x00b"}, 422, "member.message_invalid"},
			{"not an object", []string{"all"}, 400, "request.invalid_body"},
		} {
			if rec, env := owner.do(http.MethodPost, "/admin/api/messages", tc.body); rec.Code != tc.status || env.Code != tc.code {
				t.Errorf("%s = %d %s", tc.name, rec.Code, env.Code)
			}
		}
		_, env := owner.do(http.MethodGet, "/admin/api/messages", nil)
		if p := value[Page[inbox.Broadcast]](t, env); p.Total != 0 {
			t.Fatalf("refused sends stored: %+v", p)
		}

		// Logged-in pages hear a broadcast; visitors' pages do not.
		annEvents, cancelA := w.s.Hub.Subscribe("demo", annID)
		defer cancelA()
		visitor, cancelV := w.s.Hub.Subscribe("demo", 0)
		defer cancelV()
		send := func(body map[string]any) inbox.Broadcast {
			t.Helper()
			rec, env := owner.do(http.MethodPost, "/admin/api/messages", body)
			if rec.Code != 200 {
				t.Fatalf("send %v = %d %+v", body, rec.Code, env)
			}
			pause()
			return value[inbox.Broadcast](t, env)
		}
		all := send(map[string]any{"audience": "all", "title": "For all", "body": "<b>not html</b>"})
		if e := nextEvent(t, annEvents); e.Type != realtime.EventBroadcast {
			t.Fatalf("event = %+v", e)
		}
		if len(visitor) != 0 {
			t.Errorf("a visitor's page heard the broadcast")
		}
		vip3 := send(map[string]any{"audience": "vip", "vipLevel": 3, "title": "For VIP 3", "body": "Hi"})
		// Every logged-in page hears it, in the audience or not: the event
		// only says "ask for your count again" (the level counts at read).
		if e := nextEvent(t, annEvents); e.Type != realtime.EventBroadcast {
			t.Fatalf("event = %+v", e)
		}
		if e := w.audit("postAdminApiMessages", "ok"); len(e) == 0 || !strings.Contains(e[0].After, "For VIP 3") || e[0].Target != "broadcast:"+strconv.FormatInt(vip3.ID, 10) {
			t.Errorf("audit = %+v", e)
		}
		// A direct message to ann, and a member who registers afterwards.
		if rec, env := owner.do(http.MethodPost, "/admin/api/players/"+strconv.FormatInt(annID, 10)+"/messages", map[string]any{"title": "Just ann", "body": "b"}); rec.Code != 403 {
			// The content role may not message one player (players.write).
			t.Errorf("content role sends a direct message = %d %+v", rec.Code, env)
		}
		if _, err := w.s.Inbox.Send(context.Background(), "demo", annID, "Just ann", "b", "demo-desk"); err != nil {
			t.Fatal(err)
		}
		pause()
		late, _ := w.memberAt("late01", 3)

		if got := titlesOf(ann.inbox()); got != "direct:Just ann,broadcast:For all" {
			t.Errorf("ann = %q", got)
		}
		if got := titlesOf(vip.inbox()); got != "broadcast:For VIP 3,broadcast:For all" {
			t.Errorf("vip = %q", got)
		}
		if got := late.inbox(); got.Total != 0 || got.Unread != 0 {
			t.Errorf("late = %+v", got)
		}
		if p := ann.inbox(); p.Unread != 2 || p.Content[1].Body != "<b>not html</b>" {
			t.Errorf("ann page = %+v", p)
		}

		// Read and delete: the kind names the sequence; another member's
		// message, one out of their audience, a bad kind or id, refused.
		annDirect := ann.inbox().Content[0].ID
		for _, tc := range []struct {
			who    *client
			method string
			path   string
			status int
			code   string
		}{
			{vip, http.MethodPost, fmt.Sprintf("/wps/member/messages/%d/read", annDirect), 404, "resource.not_found"},
			{vip, http.MethodDelete, fmt.Sprintf("/wps/member/messages/%d", annDirect), 404, "resource.not_found"},
			{ann, http.MethodPost, fmt.Sprintf("/wps/member/messages/%d/read?kind=broadcast", vip3.ID), 404, "resource.not_found"},
			{ann, http.MethodDelete, fmt.Sprintf("/wps/member/messages/%d?kind=broadcast", vip3.ID), 404, "resource.not_found"},
			{late, http.MethodDelete, fmt.Sprintf("/wps/member/messages/%d?kind=broadcast", vip3.ID), 404, "resource.not_found"},
			{ann, http.MethodDelete, fmt.Sprintf("/wps/member/messages/%d?kind=everything", all.ID), 400, "request.invalid_parameter"},
			{ann, http.MethodDelete, "/wps/member/messages/abc?kind=broadcast", 404, "resource.not_found"},
			{ann, http.MethodDelete, "/wps/member/messages/-1", 404, "resource.not_found"},
			{ann, http.MethodDelete, "/wps/member/messages/99999999999999999999", 404, "resource.not_found"},
		} {
			if rec, env := tc.who.do(tc.method, tc.path, nil, false); rec.Code != tc.status || env.Code != tc.code {
				t.Errorf("%s %s = %d %s", tc.method, tc.path, rec.Code, env.Code)
			}
		}
		if p := ann.inbox(); p.Total != 2 || p.Unread != 2 {
			t.Fatalf("refused calls changed ann's inbox: %+v", p)
		}
		read := fmt.Sprintf("/wps/member/messages/%d/read?kind=broadcast", all.ID)
		for _, who := range []*client{ann, ann, vip} {
			if rec, env := who.do(http.MethodPost, read, nil, false); rec.Code != 200 {
				t.Fatalf("read = %d %+v", rec.Code, env)
			}
		}
		if e := nextEvent(t, annEvents); e.Type != realtime.EventMessage || e.Unread != 1 {
			t.Errorf("after reading, ann's pages hear %+v", e)
		}
		_, env = owner.do(http.MethodGet, "/admin/api/messages", nil)
		list := value[Page[inbox.Broadcast]](t, env)
		if list.Total != 2 || list.Content[0].ID != vip3.ID || *list.Content[0].VIPLevel != 3 || list.Content[1].VIPLevel != nil || list.Content[1].Reads != 2 {
			t.Errorf("broadcasts = %+v", list)
		}
		rec, env := ann.do(http.MethodDelete, fmt.Sprintf("/wps/member/messages/%d?kind=broadcast", all.ID), nil, false)
		if rec.Code != 200 || value[unreadCount](t, env).Unread != 1 {
			t.Errorf("delete broadcast = %d %+v", rec.Code, env)
		}
		rec, env = ann.do(http.MethodDelete, fmt.Sprintf("/wps/member/messages/%d?kind=direct", annDirect), nil, false)
		if rec.Code != 200 || value[unreadCount](t, env).Unread != 0 {
			t.Errorf("delete direct = %d %+v", rec.Code, env)
		}
		if p := ann.inbox(); p.Total != 0 || p.Unread != 0 {
			t.Errorf("ann after deleting = %+v", p)
		}
		if got := titlesOf(vip.inbox()); got != "broadcast:For VIP 3,broadcast:For all" {
			t.Errorf("vip after ann deleted = %q", got)
		}
		// The back office still sees the direct message, marked deleted.
		_, env = support.do(http.MethodGet, "/admin/api/players/"+strconv.FormatInt(annID, 10)+"/messages", nil)
		if p := value[Page[inbox.Message]](t, env); p.Total != 1 || p.Content[0].DeletedAt == nil {
			t.Errorf("player's messages = %+v", p)
		}

		// Another merchant's operator sees none of demo's broadcasts, and
		// theirs reach none of demo's members.
		_, env = lucky.do(http.MethodGet, "/admin/api/messages", nil)
		if p := value[Page[inbox.Broadcast]](t, env); p.Total != 0 {
			t.Errorf("lucky sees %+v", p)
		}
		if rec, env := lucky.do(http.MethodPost, "/admin/api/messages", map[string]any{"audience": "all", "title": "Lucky news", "body": "b"}); rec.Code != 200 {
			t.Fatalf("lucky sends = %d %+v", rec.Code, env)
		}
		if got := titlesOf(vip.inbox()); strings.Contains(got, "Lucky") {
			t.Errorf("demo's member sees lucky's broadcast: %q", got)
		}
	})
}

// TestMessagePagingAcrossKinds: the member's pages over direct messages and
// broadcasts meet without gap or repeat.
func TestMessagePagingAcrossKinds(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newAdminWorld(t, db)
		owner, _ := w.login("demo", "demo-news", operator.RoleOwner)
		ann, annID := w.memberAt("ann01", 1)
		pause()
		want := map[string]bool{}
		for i := range 7 {
			title := fmt.Sprintf("m%d", i)
			want[title] = true
			if i%2 == 0 {
				if rec, env := owner.do(http.MethodPost, "/admin/api/messages", map[string]any{"audience": "vip", "vipLevel": 1, "title": title, "body": "b"}); rec.Code != 200 {
					t.Fatalf("send = %d %+v", rec.Code, env)
				}
			} else if _, err := w.s.Inbox.Send(context.Background(), "demo", annID, title, "b", "ops"); err != nil {
				t.Fatal(err)
			}
			pause()
		}
		var got []string
		for page := 1; page <= 3; page++ {
			_, env := ann.do(http.MethodGet, fmt.Sprintf("/wps/member/messages?pageNum=%d&pageSize=3", page), nil, false)
			p := value[messagePage](t, env)
			if p.Total != 7 || p.TotalPages != 3 || p.Unread != 7 {
				t.Fatalf("page %d = %+v", page, p)
			}
			for _, m := range p.Content {
				got = append(got, m.Title)
			}
		}
		if strings.Join(got, ",") != "m6,m5,m4,m3,m2,m1,m0" {
			t.Errorf("pages = %v (want all of %v, newest first)", got, want)
		}
	})
}
