package httpapi

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"portal/internal/database"
	"portal/internal/dbtest"
	"portal/internal/operator"
	"portal/internal/wallet"
)

// balanceOf is player's ledger balance at demo, in minor units.
func (w *adminWorld) balanceOf(player string) (int64, int64) {
	w.t.Helper()
	ctx := context.Background()
	m, err := w.s.Identity.ByUsername(ctx, "demo", player)
	if err != nil {
		w.t.Fatal(err)
	}
	b, err := w.s.Wallet.Balance(ctx, "demo", wallet.Member(m.ID, "USD"))
	if err != nil {
		w.t.Fatal(err)
	}
	return b, m.ID
}

// request asks for an adjustment of player01; a refusal fails the test.
func (c *adminClient) request(amount, reason string) (int, operator.Approval) {
	c.w.t.Helper()
	rec, env := c.do(http.MethodPost, "/admin/api/approvals", map[string]any{"kind": "wallet.adjust", "member": "player01", "amount": amount, "reason": reason})
	if rec.Code != 200 {
		c.w.t.Fatalf("request %s = %d %+v", amount, rec.Code, env)
	}
	return rec.Code, value[operator.Approval](c.w.t, env)
}

func (c *adminClient) decide(id int64, verb string, body any) (int, envelope, operator.Approval) {
	c.w.t.Helper()
	rec, env := c.do(http.MethodPost, "/admin/api/approvals/"+strconv.FormatInt(id, 10)+"/"+verb, body)
	var ap operator.Approval
	if rec.Code == 200 {
		ap = value[operator.Approval](c.w.t, env)
	}
	return rec.Code, env, ap
}

// TestApprovalMakerChecker: a request is checked as made; its requester
// cannot approve it; another merchant's operator neither sees nor decides
// it; a second operator's approval moves exactly the amount once, pushes
// the balance and is final; a debit beyond the balance is refused and
// changes nothing; rejection and withdrawal work; every step is audited.
func TestApprovalMakerChecker(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newAdminWorld(t, db)
		maker, _ := w.login("demo", "maker", operator.RoleFinance)
		checker, _ := w.login("demo", "checker", operator.RoleFinance)
		stranger, _ := w.login("lucky", "lucky-boss", operator.RoleOwner)
		start, memberID := w.balanceOf("player01")

		// The request is checked.
		for _, tc := range []struct {
			body   map[string]any
			status int
			code   string
			what   string
		}{
			{map[string]any{"kind": "wallet.adjust", "member": "nobody99", "amount": "5", "reason": "x"}, 404, "admin.member_unknown", "unknown member"},
			{map[string]any{"kind": "wallet.adjust", "member": "player01", "amount": "1.001", "reason": "x"}, 422, "admin.amount_invalid", "three decimals"},
			{map[string]any{"kind": "wallet.adjust", "member": "player01", "amount": "0.00", "reason": "x"}, 422, "admin.amount_invalid", "zero"},
			{map[string]any{"kind": "wallet.adjust", "member": "player01", "amount": "abc", "reason": "x"}, 422, "admin.amount_invalid", "not a number"},
			{map[string]any{"kind": "wallet.adjust", "member": "player01", "amount": "5", "reason": " "}, 422, "admin.reason_invalid", "no reason"},
			{map[string]any{"kind": "wallet.adjust", "member": "player01", "amount": "5", "reason": strings.Repeat("r", 201)}, 422, "admin.reason_invalid", "long reason"},
			{map[string]any{"kind": "games.write", "member": "player01", "amount": "5", "reason": "x"}, 422, "admin.approval_kind_unknown", "kind"},
		} {
			if rec, env := maker.do(http.MethodPost, "/admin/api/approvals", tc.body); rec.Code != tc.status || env.Code != tc.code {
				t.Errorf("%s = %d %s", tc.what, rec.Code, env.Code)
			}
		}
		// lucky's owner cannot name player01 of demo.
		if rec, env := stranger.do(http.MethodPost, "/admin/api/approvals", map[string]any{"kind": "wallet.adjust", "member": "player01", "amount": "5", "reason": "x"}); rec.Code != 404 || env.Code != "admin.member_unknown" {
			t.Errorf("lucky's request for demo's member = %d %s", rec.Code, env.Code)
		}

		code, ap := maker.request("25.5", "goodwill for outage")
		if code != 200 || ap.Status != "pending" || ap.Amount != "25.50" || ap.Member != "player01" || ap.Merchant != "demo" || ap.Kind != "wallet.adjust" ||
			ap.RequestedBy != "maker" || ap.DecidedBy != nil || ap.Summary != "Credit 25.50 USD to player01" || !ap.ExpiresAt.Equal(ap.RequestedAt.Add(24*time.Hour)) {
			t.Fatalf("request = %d %+v", code, ap)
		}
		// The requester cannot approve.
		if code, env, _ := maker.decide(ap.ID, "approve", nil); code != 403 || env.Code != "admin.same_operator" {
			t.Fatalf("self-approval = %d %s", code, env.Code)
		}
		// Another merchant's operator neither sees nor decides it.
		if _, env := stranger.do(http.MethodGet, "/admin/api/approvals", nil); value[Page[operator.Approval]](t, env).Total != 0 {
			t.Fatalf("lucky sees demo's approvals: %+v", env)
		}
		for _, verb := range []string{"approve", "reject"} {
			if code, env, _ := stranger.decide(ap.ID, verb, map[string]any{"reason": "mine"}); code != 404 || env.Code != "resource.not_found" {
				t.Fatalf("lucky %s = %d %s", verb, code, env.Code)
			}
		}
		if b, _ := w.balanceOf("player01"); b != start {
			t.Fatalf("balance moved before approval: %d -> %d", start, b)
		}
		// A second operator approves: the ledger moves by exactly the
		// amount, the member hears the balance.
		var env envelope
		var done operator.Approval
		events, cancel := w.s.Hub.Subscribe("demo", memberID)
		defer cancel()
		code, env, done = checker.decide(ap.ID, "approve", nil)
		if code != 200 || done.Status != "approved" || done.DecidedBy == nil || *done.DecidedBy != "checker" || done.DecidedAt == nil ||
			string(done.Result) != `{"balance":"`+wallet.FormatAmount(start+2550, 2)+`"}` {
			t.Fatalf("approve = %d %+v %s", code, env, done.Result)
		}
		if b, _ := w.balanceOf("player01"); b != start+2550 {
			t.Fatalf("balance %d, want %d", b, start+2550)
		}
		select {
		case e := <-events:
			if e.Type != "balance" || e.Balance != start+2550 {
				t.Fatalf("pushed %+v", e)
			}
		default:
			t.Fatal("no balance pushed")
		}
		// Decided is final.
		for _, verb := range []string{"approve", "reject"} {
			if code, env, _ := checker.decide(ap.ID, verb, map[string]any{}); code != 409 || env.Code != "admin.approval_decided" {
				t.Fatalf("%s after approval = %d %s", verb, code, env.Code)
			}
		}
		if b, _ := w.balanceOf("player01"); b != start+2550 {
			t.Fatalf("balance %d after a second approval", b)
		}

		// A debit beyond the balance is refused and changes nothing.
		_, big := maker.request("-"+wallet.FormatAmount(start+2551, 2), "chargeback")
		if big.Summary != "Debit "+wallet.FormatAmount(start+2551, 2)+" USD from player01" || big.Amount != "-"+wallet.FormatAmount(start+2551, 2) {
			t.Fatalf("debit request = %+v", big)
		}
		if code, env, _ := checker.decide(big.ID, "approve", nil); code != 409 || env.Code != "wallet.insufficient_funds" {
			t.Fatalf("debit beyond the balance = %d %s", code, env.Code)
		}
		if b, _ := w.balanceOf("player01"); b != start+2550 {
			t.Fatalf("refused debit moved the balance to %d", b)
		}
		if got, _ := w.ops.ApprovalByID(context.Background(), nil, "demo", big.ID); got.Status != "pending" || got.DecidedBy != nil {
			t.Fatalf("refused debit left %+v", got)
		}
		// A debit within the balance goes through.
		_, small := maker.request("-0.50", "correction")
		if code, env, done := checker.decide(small.ID, "approve", nil); code != 200 || string(done.Result) != `{"balance":"`+wallet.FormatAmount(start+2500, 2)+`"}` {
			t.Fatalf("debit = %d %+v", code, env)
		}

		// Rejection by a checker, withdrawal by the requester.
		if code, env, got := checker.decide(big.ID, "reject", map[string]any{"reason": "no evidence"}); code != 200 || got.Status != "rejected" ||
			got.DecisionReason != "no evidence" || got.DecidedBy == nil || *got.DecidedBy != "checker" {
			t.Fatalf("reject = %d %+v", code, env)
		}
		_, mine := maker.request("3", "typo")
		if code, env, got := maker.decide(mine.ID, "reject", map[string]any{"reason": "withdrawn"}); code != 200 || got.Status != "rejected" || *got.DecidedBy != "maker" {
			t.Fatalf("withdraw = %d %+v", code, env)
		}
		if code, env, _ := checker.decide(mine.ID, "approve", nil); code != 409 || env.Code != "admin.approval_decided" {
			t.Fatalf("approve after withdrawal = %d %s", code, env.Code)
		}
		if b, _ := w.balanceOf("player01"); b != start+2500 {
			t.Fatalf("balance %d, want %d", b, start+2500)
		}

		// The list: newest first, filtered, paged.
		_, env = checker.do(http.MethodGet, "/admin/api/approvals?pageSize=2", nil)
		page := value[Page[operator.Approval]](t, env)
		if page.Total != 4 || page.TotalPages != 2 || len(page.Content) != 2 || page.Content[0].ID != mine.ID || page.Content[1].ID != small.ID {
			t.Fatalf("list = %+v", page)
		}
		_, env = checker.do(http.MethodGet, "/admin/api/approvals?status=rejected", nil)
		if page := value[Page[operator.Approval]](t, env); page.Total != 2 || page.Content[0].ID != mine.ID {
			t.Fatalf("rejected = %+v", page)
		}
		if rec, env := checker.do(http.MethodGet, "/admin/api/approvals?status=maybe", nil); rec.Code != 400 {
			t.Fatalf("bad status = %d %s", rec.Code, env.Code)
		}

		// Both steps are in the audit trail, refusals too.
		target := "approval:" + strconv.FormatInt(ap.ID, 10)
		req := w.audit("postAdminApiApprovals", "ok")
		if len(req) != 4 || req[len(req)-1].Operator != "maker" || req[len(req)-1].Target != target || !strings.Contains(req[len(req)-1].After, `"25.50"`) {
			t.Fatalf("request audit = %+v", req)
		}
		appr := w.audit("postAdminApiApprovalsIdApprove", "ok")
		if len(appr) != 2 || appr[1].Operator != "checker" || appr[1].Target != target || appr[1].Merchant != "demo" || !strings.Contains(appr[1].After, `"approved"`) {
			t.Fatalf("approve audit = %+v", appr)
		}
		if e := w.audit("postAdminApiApprovalsIdApprove", "refused:admin.same_operator"); len(e) != 1 || e[0].Operator != "maker" || e[0].Target != target {
			t.Fatalf("self-approval audit = %+v", e)
		}
		if e := w.audit("postAdminApiApprovalsIdApprove", "refused:wallet.insufficient_funds"); len(e) != 1 {
			t.Fatalf("refused debit audit = %+v", e)
		}
		if e := w.audit("postAdminApiApprovalsIdReject", "ok"); len(e) != 2 || e[0].Operator != "maker" {
			t.Fatalf("reject audit = %+v", e)
		}
	})
}

// TestApprovalExpires: a request left 24 hours does nothing when approved
// or rejected, and is stored expired.
func TestApprovalExpires(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newAdminWorld(t, db)
		maker, _ := w.login("demo", "maker", operator.RoleFinance)
		_, ap := maker.request("40", "bonus")
		start, _ := w.balanceOf("player01")
		w.clk.add(operator.ApprovalTTL)
		// The sessions ended meanwhile: a checker logs in afresh.
		checker, _ := w.login("demo", "checker", operator.RoleFinance)
		_, env := checker.do(http.MethodGet, "/admin/api/approvals?status=expired", nil)
		if page := value[Page[operator.Approval]](t, env); page.Total != 1 || page.Content[0].Status != "expired" {
			t.Fatalf("expired list = %+v", page)
		}
		_, env = checker.do(http.MethodGet, "/admin/api/approvals?status=pending", nil)
		if page := value[Page[operator.Approval]](t, env); page.Total != 0 {
			t.Fatalf("pending list = %+v", page)
		}
		for _, verb := range []string{"approve", "reject"} {
			if code, env, _ := checker.decide(ap.ID, verb, map[string]any{}); code != 409 || env.Code != "admin.approval_expired" {
				t.Fatalf("%s expired = %d %s", verb, code, env.Code)
			}
		}
		if b, _ := w.balanceOf("player01"); b != start {
			t.Fatalf("expired request moved the balance %d -> %d", start, b)
		}
		var stored string
		if err := db.Read().QueryRowContext(context.Background(), `SELECT status FROM approvals WHERE id = $1`, ap.ID).Scan(&stored); err != nil || stored != "expired" {
			t.Fatalf("stored status = %q %v", stored, err)
		}
		if e := w.audit("postAdminApiApprovalsIdApprove", "refused:admin.approval_expired"); len(e) != 1 || e[0].Operator != "checker" {
			t.Fatalf("audit = %+v", e)
		}
		// A minute short of 24 hours it could still be approved.
		_, fresh := checker.request("1", "fresh")
		w.clk.add(operator.ApprovalTTL - time.Minute)
		late, _ := w.login("demo", "late", operator.RoleFinance)
		if code, env, _ := late.decide(fresh.ID, "approve", nil); code != 200 {
			t.Fatalf("approve within 24 h = %d %+v", code, env)
		}
	})
}

// TestApprovalConcurrentApprovals: 20 approvals of one request at once
// apply it once.
func TestApprovalConcurrentApprovals(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newAdminWorld(t, db)
		maker, _ := w.login("demo", "maker", operator.RoleFinance)
		checkers := make([]*adminClient, 4)
		for i := range checkers {
			checkers[i], _ = w.login("demo", "checker"+strconv.Itoa(i), operator.RoleFinance)
		}
		start, _ := w.balanceOf("player01")
		_, ap := maker.request("7.25", "promo")
		var wg sync.WaitGroup
		var mu sync.Mutex
		codes := map[string]int{}
		for i := range 20 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				rec := checkers[i%len(checkers)].raw(http.MethodPost, "/admin/api/approvals/"+strconv.FormatInt(ap.ID, 10)+"/approve", nil)
				key := strconv.Itoa(rec.Code)
				if rec.Code != 200 {
					key += " " + decodeEnvelope(t, rec.Result()).Code
				}
				mu.Lock()
				codes[key]++
				mu.Unlock()
			}()
		}
		wg.Wait()
		if codes["200"] != 1 || codes["409 admin.approval_decided"] != 19 {
			t.Fatalf("answers = %v", codes)
		}
		if b, _ := w.balanceOf("player01"); b != start+725 {
			t.Fatalf("balance %d, want %d", b, start+725)
		}
		var n int
		if err := db.Read().QueryRowContext(context.Background(), `SELECT COUNT(*) FROM wallet_transfers WHERE idempotency_key = $1`,
			"approval-"+strconv.FormatInt(ap.ID, 10)).Scan(&n); err != nil || n != 1 {
			t.Fatalf("transfers = %d %v", n, err)
		}
		if e := w.audit("postAdminApiApprovalsIdApprove", "ok"); len(e) != 1 {
			t.Fatalf("ok audit entries = %d", len(e))
		}
	})
}
