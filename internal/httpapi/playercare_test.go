package httpapi

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"portal/internal/database"
	"portal/internal/dbtest"
	"portal/internal/identity"
	"portal/internal/inbox"
	"portal/internal/operator"
	"portal/internal/realtime"
)

func init() {
	adminSampleAreas = append(adminSampleAreas, func(w *adminWorld) map[string]any {
		_, id := w.balanceOf("agent01")
		player := strconv.FormatInt(id, 10)
		out := map[string]any{
			"POST /admin/api/players/{id}/messages":       map[string]any{"title": "Welcome", "body": "Your account is ready."},
			"POST /admin/api/players/{id}/notes":          map[string]any{"text": "Called about a late deposit."},
			"PUT /admin/api/players/{id}/tags":            map[string]any{"tags": []string{"vip", "watch"}},
			"POST /admin/api/players/{id}/reset-password": nil,
			"POST /admin/api/players/{id}/reset-totp":     nil,
		}
		for _, k := range []string{"GET /admin/api/players/{id}/ledger", "GET /admin/api/players/{id}/bets", "GET /admin/api/players/{id}/logins",
			"GET /admin/api/players/{id}/messages", "POST /admin/api/players/{id}/messages", "POST /admin/api/players/{id}/notes",
			"PUT /admin/api/players/{id}/tags", "POST /admin/api/players/{id}/reset-password", "POST /admin/api/players/{id}/reset-totp"} {
			out["_id "+k] = player
		}
		return out
	})
}

// TestAdminPlayerCare: a player's ledger, bets and log-ins; notes, tags
// and the tag search; the password reset (shown once, never audited,
// forces a change, ends sessions); the authenticator reset; a message
// that the member reads with its unread count and hears over the hub;
// hostile input; another merchant's player is 404 for every call.
func TestAdminPlayerCare(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newAdminWorld(t, db)
		ctx := context.Background()
		owner, _ := w.login("demo", "demo-care", operator.RoleOwner)
		viewer, _ := w.login("demo", "demo-look", operator.RoleReadonly)
		lucky, _ := w.login("lucky", "lucky-care", operator.RoleOwner)
		for _, name := range []string{"carol01", "dave01"} {
			if _, err := w.s.Identity.Open(ctx, identity.NewMember{MerchantCode: "demo", Username: name, Password: "Player@123"}); err != nil {
				t.Fatal(err)
			}
		}
		player := newClient(t, w.s, "demo")
		player.ip = "198.51.100.40"
		if rec, env := player.login("carol01", "Player@123"); rec.Code != 200 {
			t.Fatalf("player log-in = %d %+v", rec.Code, env)
		}
		_, p03 := w.balanceOf("carol01")
		base := "/admin/api/players/" + strconv.FormatInt(p03, 10)

		// Ledger and bets answer pages; log-ins show this session live.
		for _, path := range []string{"/ledger", "/bets", "/logins?pageSize=5", "/messages"} {
			if rec, env := viewer.do(http.MethodGet, base+path, nil); rec.Code != 200 {
				t.Errorf("GET %s = %d %+v", path, rec.Code, env)
			}
		}
		_, env := viewer.do(http.MethodGet, base+"/logins", nil)
		logins := value[Page[identity.Login]](t, env)
		if logins.Total < 1 || logins.Content[0].IP != "198.51.100.40" || logins.Content[0].State != "live" {
			t.Fatalf("logins = %+v", logins)
		}
		if rec, env := viewer.do(http.MethodGet, base+"/ledger?startDate=2026-13-01", nil); rec.Code != 400 {
			t.Errorf("bad date = %d %+v", rec.Code, env)
		}
		// A read-only operator reads but does not write.
		if rec, _ := viewer.do(http.MethodPost, base+"/notes", map[string]any{"text": "x"}); rec.Code != 403 {
			t.Errorf("readonly note = %d", rec.Code)
		}

		// Notes and tags, hostile input refused and nothing stored.
		for _, tc := range []struct {
			name, method, path string
			body               any
			status             int
			code               string
		}{
			{"empty note", http.MethodPost, "/notes", map[string]any{"text": "   "}, 422, "admin.note_invalid"},
			{"long note", http.MethodPost, "/notes", map[string]any{"text": strings.Repeat("n", 1001)}, 422, "admin.note_invalid"},
			{"note not a string", http.MethodPost, "/notes", map[string]any{"text": 5}, 400, "request.invalid_body"},
			{"tag with space", http.MethodPut, "/tags", map[string]any{"tags": []string{"big spender"}}, 422, "admin.tags_invalid"},
			{"tag markup", http.MethodPut, "/tags", map[string]any{"tags": []string{"<b>"}}, 422, "admin.tags_invalid"},
			{"too many tags", http.MethodPut, "/tags", map[string]any{"tags": strings.Split("a,b,c,d,e,f,g,h,i,j,k,l,m,n,o,p,q,r,s,t,u", ",")}, 422, "admin.tags_invalid"},
			{"empty title", http.MethodPost, "/messages", map[string]any{"title": "", "body": "x"}, 422, "member.message_invalid"},
			{"long body", http.MethodPost, "/messages", map[string]any{"title": "t", "body": strings.Repeat("b", 2001)}, 422, "member.message_invalid"},
		} {
			if rec, env := owner.do(tc.method, base+tc.path, tc.body); rec.Code != tc.status || env.Code != tc.code {
				t.Errorf("%s = %d %s", tc.name, rec.Code, env.Code)
			}
		}
		if rec, env := owner.do(http.MethodPost, base+"/notes", map[string]any{"text": " Asked for a limit <b>raise</b> "}); rec.Code != 200 {
			t.Fatalf("note = %d %+v", rec.Code, env)
		}
		if rec, env := owner.do(http.MethodPut, base+"/tags", map[string]any{"tags": []string{"VIP", "vip", "high-roller"}}); rec.Code != 200 ||
			strings.Join(value[tagsValue](t, env).Tags, ",") != "high-roller,vip" {
			t.Fatalf("tags = %d %+v", rec.Code, env)
		}
		_, env = viewer.do(http.MethodGet, base, nil)
		record := value[playerRecord](t, env)
		if len(record.Notes) != 1 || record.Notes[0].Text != "Asked for a limit <b>raise</b>" || record.Notes[0].Operator != "demo-care" ||
			strings.Join(record.Tags, ",") != "high-roller,vip" {
			t.Fatalf("record = %+v", record)
		}
		if got := usernames(viewer.players("tag:VIP")); got != "carol01" {
			t.Errorf("tag search = %q", got)
		}
		if e := w.audit("putAdminApiPlayersIdTags", "ok"); len(e) == 0 || !strings.Contains(e[0].After, "high-roller") {
			t.Errorf("tags audit = %+v", e)
		}

		// A message: stored, pushed with the unread count, read by the
		// member only.
		events, cancel := w.s.Hub.Subscribe("demo", p03)
		defer cancel()
		rec, env := owner.do(http.MethodPost, base+"/messages", map[string]any{"title": "Bonus", "body": "<script>alert(1)</script> plain text"})
		if rec.Code != 200 {
			t.Fatalf("message = %d %+v", rec.Code, env)
		}
		msg := value[inbox.Message](t, env)
		if e := nextEvent(t, events); e.Type != realtime.EventMessage || e.Unread != 1 {
			t.Fatalf("event = %+v", e)
		}
		_, env = player.do(http.MethodGet, "/wps/member/messages/unread", nil, false)
		if value[unreadCount](t, env).Unread != 1 {
			t.Fatalf("unread = %+v", env)
		}
		_, env = player.do(http.MethodGet, "/wps/member/messages", nil, false)
		page := value[messagePage](t, env)
		if page.Total != 1 || page.Unread != 1 || page.Content[0].Body != "<script>alert(1)</script> plain text" || page.Content[0].Sender != "demo-care" {
			t.Fatalf("messages = %+v", page)
		}
		other := newClient(t, w.s, "demo")
		if rec, env := other.login("dave01", "Player@123"); rec.Code != 200 {
			t.Fatalf("dave01 log-in = %d %+v", rec.Code, env)
		}
		read := "/wps/member/messages/" + strconv.FormatInt(msg.ID, 10) + "/read"
		if rec, env := other.do(http.MethodPost, read, nil, false); rec.Code != 404 || env.Code != "resource.not_found" {
			t.Errorf("another member reads it = %d %+v", rec.Code, env)
		}
		if rec, env := player.do(http.MethodPost, read, nil, false); rec.Code != 200 || value[unreadCount](t, env).Unread != 0 {
			t.Errorf("read = %d %+v", rec.Code, env)
		}
		if rec, _ := player.do(http.MethodPost, "/wps/member/messages/abc/read", nil, false); rec.Code != 404 {
			t.Errorf("read abc = %d", rec.Code)
		}

		// Another merchant's owner reaches none of it.
		for _, tc := range []struct {
			method, path string
			body         any
		}{
			{http.MethodGet, "/ledger", nil}, {http.MethodGet, "/bets", nil}, {http.MethodGet, "/logins", nil}, {http.MethodGet, "/messages", nil},
			{http.MethodPost, "/notes", map[string]any{"text": "x"}}, {http.MethodPut, "/tags", map[string]any{"tags": []string{"x"}}},
			{http.MethodPost, "/messages", map[string]any{"title": "x", "body": "x"}},
			{http.MethodPost, "/reset-password", nil}, {http.MethodPost, "/reset-totp", nil},
		} {
			if rec, env := lucky.do(tc.method, base+tc.path, tc.body); rec.Code != 404 || env.Code != "resource.not_found" {
				t.Errorf("lucky %s %s = %d %s", tc.method, tc.path, rec.Code, env.Code)
			}
		}

		// The authenticator reset removes it.
		if _, err := w.s.Identity.StartTOTP(ctx, p03, "demo", "carol01"); err != nil {
			t.Fatal(err)
		}
		if rec, env := owner.do(http.MethodPost, base+"/reset-totp", nil); rec.Code != 200 || !value[totpReset](t, env).Removed {
			t.Errorf("reset totp = %d %+v", rec.Code, env)
		}

		// The password reset: shown once, never in the audit trail, the old
		// session ends, the new password logs in and must be changed.
		rec, env = owner.do(http.MethodPost, base+"/reset-password", nil)
		pw := value[passwordReset](t, env).Password
		if rec.Code != 200 || len(pw) != 12 {
			t.Fatalf("reset password = %d %+v", rec.Code, env)
		}
		for _, e := range w.audit("postAdminApiPlayersIdResetPassword", "ok") {
			if strings.Contains(e.After+e.Before, pw) {
				t.Fatalf("the password is in the audit trail: %+v", e)
			}
		}
		if rec, _ := player.do(http.MethodGet, "/wps/member/messages/unread", nil, false); rec.Code != 401 {
			t.Errorf("old session after reset = %d", rec.Code)
		}
		if rec, env := player.login("carol01", "Player@123"); rec.Code == 200 {
			t.Errorf("old password still logs in: %+v", env)
		}
		rec, env = player.login("carol01", pw)
		if res := value[loginResult](t, env); rec.Code != 200 || !res.PasswordExpired {
			t.Errorf("new password log-in = %d %+v", rec.Code, env)
		}
	})
}
