package httpapi

import (
	"encoding/json"
	"net/http"
	"strconv"
	"sync"
	"testing"

	"portal/internal/database"
	"portal/internal/dbtest"
	"portal/internal/identity"
	"portal/internal/operator"
)

func init() {
	adminSampleAreas = append(adminSampleAreas, func(w *adminWorld) map[string]any {
		// Empty: marking an action in the walk would hold the routes after it.
		return map[string]any{"PUT /admin/api/merchant/sensitive-actions": map[string]any{"actions": []string{}}}
	})
}

// TestSensitiveActions: an action the owner marks is held as a request
// (202, nothing done, audited), the requester cannot approve it, an
// approver needs approvals.decide and the action's own permission, the
// approval runs it once as the approver even when several approve at
// once, and a held call that fails when run says so.
func TestSensitiveActions(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newAdminWorld(t, db)
		owner, _ := w.login("demo", "demo-chief", operator.RoleOwner)
		risk, _ := w.login("demo", "demo-risk", operator.RoleRisk)
		risk2, _ := w.login("demo", "demo-risk2", operator.RoleRisk)
		support, _ := w.login("demo", "demo-help", operator.RoleSupport)
		finance, _ := w.login("demo", "demo-money", operator.RoleFinance)
		_, p01 := w.balanceOf("player01")
		freeze := "/admin/api/players/" + strconv.FormatInt(p01, 10) + "/freeze"

		if rec, env := owner.do(http.MethodPut, "/admin/api/merchant/sensitive-actions", map[string]any{"actions": []string{"getAdminApiPlayers"}}); rec.Code != 422 || env.Code != "admin.action_unknown" {
			t.Fatalf("a read marked = %d %+v", rec.Code, env)
		}
		if rec, env := owner.do(http.MethodPut, "/admin/api/merchant/sensitive-actions", map[string]any{"actions": []string{"postAdminApiApprovalsIdApprove"}}); rec.Code != 422 {
			t.Fatalf("approval marked = %d %+v", rec.Code, env)
		}
		rec, env := owner.do(http.MethodPut, "/admin/api/merchant/sensitive-actions", map[string]any{"actions": []string{"postAdminApiPlayersIdFreeze", "postAdminApiPlayersIdFreeze"}})
		if rec.Code != 200 {
			t.Fatalf("mark = %d %+v", rec.Code, env)
		}
		marked := 0
		for _, a := range value[sensitiveActions](t, env).Actions {
			if a.Sensitive {
				marked++
			}
		}
		if marked != 1 {
			t.Fatalf("marked = %d", marked)
		}

		// Held: 202, the player is not frozen.
		hold := func(c *adminClient, body any) operator.Approval {
			t.Helper()
			rec, env := c.do(http.MethodPost, freeze, body)
			if rec.Code != 202 || env.Code != "admin.approval_requested" {
				t.Fatalf("held freeze = %d %+v", rec.Code, env)
			}
			return value[operator.Approval](t, env)
		}
		ap := hold(risk, map[string]any{"reason": "chargeback"})
		if m, _ := w.s.Identity.MemberOf(t.Context(), "demo", p01); m.Status != identity.StatusActive {
			t.Fatalf("frozen before approval")
		}
		if e := w.audit("postAdminApiPlayersIdFreeze", "held:approval"); len(e) == 0 || e[0].Operator != "demo-risk" {
			t.Fatalf("hold audit = %+v", e)
		}
		approve := "/admin/api/approvals/" + strconv.FormatInt(ap.ID, 10) + "/approve"
		for _, tc := range []struct {
			name   string
			c      *adminClient
			status int
			code   string
		}{
			{"the requester", risk, 403, "admin.same_operator"},
			{"without approvals.decide", support, 403, "admin.forbidden"},
			{"without players.write", finance, 403, "admin.forbidden"},
		} {
			if rec, env := tc.c.do(http.MethodPost, approve, nil); rec.Code != tc.status || env.Code != tc.code {
				t.Errorf("%s approves = %d %s", tc.name, rec.Code, env.Code)
			}
		}

		// Two approvers at once: it runs once.
		var wg sync.WaitGroup
		codes := make([]int, 2)
		for i, c := range []*adminClient{owner, risk2} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				rec, _ := c.do(http.MethodPost, approve, nil)
				codes[i] = rec.Code
			}()
		}
		wg.Wait()
		if (codes[0] == 200) == (codes[1] == 200) {
			t.Fatalf("approvals = %v, want exactly one 200", codes)
		}
		if m, _ := w.s.Identity.MemberOf(t.Context(), "demo", p01); m.Status != identity.StatusFrozen {
			t.Fatalf("not frozen after approval")
		}
		if e := w.audit("postAdminApiPlayersIdFreeze", "ok"); len(e) != 1 || e[0].Operator == "demo-risk" {
			t.Fatalf("run audit = %+v", e)
		}
		got, err := w.ops.ApprovalByID(t.Context(), nil, "demo", ap.ID)
		if err != nil {
			t.Fatal(err)
		}
		var out actionOutcome
		if err := json.Unmarshal(got.Result, &out); err != nil || got.Status != operator.StatusApproved || out.Outcome != "ok" {
			t.Fatalf("approval = %+v %s", got, got.Result)
		}

		// A held call that fails when run: approved, outcome refused.
		ap = hold(risk, map[string]any{"reason": ""})
		rec, env = owner.do(http.MethodPost, "/admin/api/approvals/"+strconv.FormatInt(ap.ID, 10)+"/approve", nil)
		if rec.Code != 200 {
			t.Fatalf("approve = %d %+v", rec.Code, env)
		}
		got, _ = w.ops.ApprovalByID(t.Context(), nil, "demo", ap.ID)
		if err := json.Unmarshal(got.Result, &out); err != nil || out.Outcome != "refused" || out.Code != "admin.reason_invalid" {
			t.Fatalf("failed run = %s", got.Result)
		}
	})
}
