package httpapi

import (
	"context"
	"encoding/csv"
	"net/http"
	"strconv"
	"strings"
	"testing"
	"time"

	"portal/internal/cashier"
	"portal/internal/database"
	"portal/internal/dbtest"
	"portal/internal/operator"
)

func init() {
	adminSampleAreas = append(adminSampleAreas, func(w *adminWorld) map[string]any {
		rig := withCashier(w.t, w.s, w.db)
		ids := rig.channelIDs(w.t)
		approve, reject := w.submittedDeposit(rig, "sample-approve"), w.submittedDeposit(rig, "sample-reject")
		return map[string]any{
			"_id POST /admin/api/cashier/deposits/{id}/approve": approve,
			"POST /admin/api/cashier/deposits/{id}/approve":     map[string]any{"reason": "seen on the statement"},
			"_id POST /admin/api/cashier/deposits/{id}/reject":  reject,
			"POST /admin/api/cashier/deposits/{id}/reject":      map[string]any{"reason": "no such transfer"},
			"_id GET /admin/api/cashier/proofs/{id}":            approve,
			"POST /admin/api/cashier/channels":                  sampleChannel("sample"),
			"_id PUT /admin/api/cashier/channels/{id}":          strconv.FormatInt(ids["aba"], 10),
			"PUT /admin/api/cashier/channels/{id}": func() map[string]any {
				c := sampleChannel("aba")
				c["gateway"] = "manual"
				c["bank"] = map[string]string{"bankName": "ABA", "accountName": "Demo Co", "accountNumber": "000123456"}
				return c
			}(),
		}
	})
}

// sampleChannel is a valid sim channel's settings.
func sampleChannel(code string) map[string]any {
	return map[string]any{"code": code, "name": "Sample " + code, "kind": "ewallet", "gateway": "sim", "currency": "USD", "min": "1.00",
		"max": "100.00", "feeBps": 50, "feeFixed": "0.00", "dailyCount": 0, "dailyAmount": "0", "displayOrder": 5, "vipLevels": []int{},
		"enabled": true, "instructions": map[string]string{"EN": "Pay", "KM": "បង់"}}
}

// submittedDeposit is player01's manual order with its proof, waiting for
// finance; it answers the order's id.
func (w *adminWorld) submittedDeposit(rig *cashierRig, request string) string {
	w.t.Helper()
	ctx := context.Background()
	_, member := w.balanceOf("player01")
	o, err := rig.s.Cashier.CreateDeposit(ctx, cashier.Payer{Merchant: "demo", MemberID: member, VIPLevel: 3}, rig.channelIDs(w.t)["aba"], 5000, request)
	if err != nil {
		w.t.Fatal(err)
	}
	if _, err := rig.s.Cashier.Submit(ctx, "demo", member, o.ID, "TX-"+request, testPNG(w.t, 6, 6)); err != nil {
		w.t.Fatal(err)
	}
	return strconv.FormatInt(o.ID, 10)
}

// TestAdminCashier: the finance queue's filters, paging, sorting and CSV;
// decisions by role; another merchant's operator sees nothing and decides
// nothing; channel settings' rules; the report equals the credited orders.
func TestAdminCashier(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newAdminWorld(t, db)
		rig := withCashier(t, w.s, db)
		ctx := context.Background()
		owner, _ := w.login("demo", "demo-boss", operator.RoleOwner)
		finance, _ := w.login("demo", "demo-till", operator.RoleFinance)
		readonly, _ := w.login("demo", "demo-look", operator.RoleReadonly)
		lucky, _ := w.login("lucky", "lucky-boss", operator.RoleOwner)
		ids := rig.channelIDs(t)

		first := w.submittedDeposit(rig, "q-1")
		second := w.submittedDeposit(rig, "q-2")
		_, newbie := w.balanceOf("newbie01")
		sim, err := rig.s.Cashier.CreateDeposit(ctx, cashier.Payer{Merchant: "demo", MemberID: newbie}, ids["sim"], 20000, "q-3")
		if err != nil {
			t.Fatal(err)
		}
		list := func(c *adminClient, query string) Page[adminDeposit] {
			t.Helper()
			rec, env := c.do(http.MethodGet, "/admin/api/cashier/deposits"+query, nil)
			if rec.Code != 200 {
				t.Fatalf("queue %s = %d %+v", query, rec.Code, env)
			}
			return value[Page[adminDeposit]](t, env)
		}
		for _, tc := range []struct {
			query string
			total int
			first string
		}{
			{"", 3, strconv.FormatInt(sim.ID, 10)},
			{"?status=submitted", 2, second},
			{"?status=pending", 1, strconv.FormatInt(sim.ID, 10)},
			{"?channelId=" + strconv.FormatInt(ids["aba"], 10) + "&order=asc", 2, first},
			{"?q=PLAYER0", 2, second},
			{"?q=newbie", 1, strconv.FormatInt(sim.ID, 10)},
			{"?q=" + first, 1, first},
			{"?sort=amount&order=asc", 3, first},
			{"?sort=amount&order=desc", 3, strconv.FormatInt(sim.ID, 10)},
			{"?pageSize=1&pageNum=3", 3, first},
			{"?from=2000-01-01&to=2000-01-02", 0, ""},
			{"?from=" + time.Now().Add(7*time.Hour).UTC().Format(time.DateOnly), 3, strconv.FormatInt(sim.ID, 10)},
		} {
			page := list(owner, tc.query)
			if page.Total != tc.total || (tc.first != "" && (len(page.Content) == 0 || strconv.FormatInt(page.Content[0].ID, 10) != tc.first)) {
				t.Errorf("queue %s = %d rows, first %+v", tc.query, page.Total, page.Content)
			}
		}
		if page := list(owner, "?pageSize=1"); page.TotalPages != 3 || len(page.Content) != 1 {
			t.Errorf("paging = %+v", page)
		}
		row := list(owner, "?q="+first).Content[0]
		if row.Amount != "50.00" || row.Credit != "50.00" || row.Username != "player01" || row.ProofURL != "/admin/api/cashier/proofs/"+first || row.Reference != "TX-q-1" {
			t.Errorf("row = %+v", row)
		}
		if rec, env := owner.do(http.MethodGet, "/admin/api/cashier/deposits?from=2026-13-01", nil); rec.Code != 400 || env.Code != "request.invalid_parameter" {
			t.Errorf("bad date = %d %s", rec.Code, env.Code)
		}
		rec := owner.raw(http.MethodGet, "/admin/api/cashier/deposits.csv?status=submitted", nil)
		records, err := csv.NewReader(strings.NewReader(rec.Body.String())).ReadAll()
		if err != nil || rec.Code != 200 || len(records) != 3 || strings.Join(records[0], ",") !=
			"id,memberId,username,channelId,channelName,gateway,amount,fee,credit,currency,status,reference,pspOrderId,reason,createdAt,decidedAt,decidedBy" {
			t.Errorf("csv = %d %v %q", rec.Code, err, rec.Body.String())
		}
		// Another merchant's operator: an empty queue, 404 on demo's objects.
		if page := list(lucky, ""); page.Total != 0 {
			t.Errorf("lucky sees %+v", page)
		}
		for _, path := range []string{"/admin/api/cashier/deposits/" + first + "/approve", "/admin/api/cashier/deposits/" + first + "/reject"} {
			if rec, env := lucky.do(http.MethodPost, path, map[string]any{"reason": "mine"}); rec.Code != 404 || env.Code != "resource.not_found" {
				t.Errorf("lucky %s = %d %s", path, rec.Code, env.Code)
			}
		}
		if rec, env := lucky.do(http.MethodGet, "/admin/api/cashier/proofs/"+first, nil); rec.Code != 404 || env.Code != "resource.not_found" {
			t.Errorf("lucky proof = %d %s", rec.Code, env.Code)
		}
		// Roles: read-only reads, cannot decide; finance decides once.
		if rec, env := readonly.do(http.MethodPost, "/admin/api/cashier/deposits/"+first+"/approve", map[string]any{}); rec.Code != 403 || env.Code != "admin.forbidden" {
			t.Errorf("read-only approve = %d %s", rec.Code, env.Code)
		}
		if rec := readonly.raw(http.MethodGet, "/admin/api/cashier/proofs/"+first, nil); rec.Code != 200 || rec.Header().Get("Content-Type") != "image/png" {
			t.Errorf("read-only proof = %d", rec.Code)
		}
		rec2, env := finance.do(http.MethodPost, "/admin/api/cashier/deposits/"+first+"/approve", map[string]any{})
		if got := value[adminDeposit](t, env); rec2.Code != 200 || got.Status != "credited" || got.DecidedBy != "demo-till" {
			t.Fatalf("approve = %d %+v", rec2.Code, env)
		}
		if rec, env := finance.do(http.MethodPost, "/admin/api/cashier/deposits/"+first+"/approve", map[string]any{}); rec.Code != 409 || env.Code != "cashier.order_state" {
			t.Errorf("approve twice = %d %s", rec.Code, env.Code)
		}
		if rec, env := finance.do(http.MethodPost, "/admin/api/cashier/deposits/"+second+"/reject", map[string]any{"reason": ""}); rec.Code != 422 || env.Code != "cashier.reason_invalid" {
			t.Errorf("reject without reason = %d %s", rec.Code, env.Code)
		}
		if rec, _ := finance.do(http.MethodPost, "/admin/api/cashier/deposits/"+second+"/reject", map[string]any{"reason": "no transfer"}); rec.Code != 200 {
			t.Errorf("reject = %d", rec.Code)
		}
		if rec, env := finance.do(http.MethodPost, "/admin/api/cashier/deposits/"+second+"/approve", map[string]any{}); rec.Code != 409 || env.Code != "cashier.order_state" {
			t.Errorf("approve after reject = %d %s", rec.Code, env.Code)
		}
		if e := w.audit("postAdminApiCashierDepositsIdApprove", "ok"); len(e) != 1 || !strings.Contains(e[0].After, `"credited"`) || e[0].Target != "deposit:"+first {
			t.Errorf("approve audit = %+v", e)
		}
		if b, _ := w.balanceOf("player01"); b < 5000 {
			t.Errorf("player01 balance %d", b)
		}
		// Channel settings.
		for _, tc := range []struct {
			name string
			edit func(c map[string]any)
		}{
			{"bad code", func(c map[string]any) { c["code"] = "Bad Code!" }},
			{"min above max", func(c map[string]any) { c["min"], c["max"] = "50.00", "10.00" }},
			{"unknown kind", func(c map[string]any) { c["kind"] = "card" }},
			{"p2p through the simulator", func(c map[string]any) { c["kind"] = "p2p" }},
			{"three decimals", func(c map[string]any) { c["min"] = "1.005" }},
			{"manual without bank", func(c map[string]any) { c["gateway"] = "manual" }},
		} {
			c := sampleChannel("wing")
			tc.edit(c)
			if rec, env := owner.do(http.MethodPost, "/admin/api/cashier/channels", c); rec.Code != 422 || env.Code != "cashier.channel_invalid" {
				t.Errorf("%s = %d %s", tc.name, rec.Code, env.Code)
			}
		}
		rec2, env = owner.do(http.MethodPost, "/admin/api/cashier/channels", sampleChannel("wing"))
		made := value[adminChannel](t, env)
		if rec2.Code != 200 || !made.HasSecret || made.Min != "1.00" || strings.Contains(rec2.Body.String(), "secret\":\"") {
			t.Fatalf("create = %d %s", rec2.Code, rec2.Body.String())
		}
		if rec, env := owner.do(http.MethodPost, "/admin/api/cashier/channels", sampleChannel("wing")); rec.Code != 409 || env.Code != "cashier.channel_exists" {
			t.Errorf("same code = %d %s", rec.Code, env.Code)
		}
		change := sampleChannel("wing")
		change["max"], change["enabled"] = "250.00", false
		rec2, env = owner.do(http.MethodPut, "/admin/api/cashier/channels/"+strconv.FormatInt(made.ID, 10), change)
		if got := value[adminChannel](t, env); rec2.Code != 200 || got.Max != "250.00" || got.Enabled {
			t.Errorf("update = %d %+v", rec2.Code, env)
		}
		change["code"] = "renamed"
		if rec, env := owner.do(http.MethodPut, "/admin/api/cashier/channels/"+strconv.FormatInt(made.ID, 10), change); rec.Code != 422 || env.Code != "cashier.channel_invalid" {
			t.Errorf("code change = %d %s", rec.Code, env.Code)
		}
		if rec, env := lucky.do(http.MethodPut, "/admin/api/cashier/channels/"+strconv.FormatInt(made.ID, 10), sampleChannel("wing")); rec.Code != 404 || env.Code != "resource.not_found" {
			t.Errorf("lucky update = %d %s", rec.Code, env.Code)
		}
		_, env = owner.do(http.MethodGet, "/admin/api/cashier/channels", nil)
		if chs := value[adminChannelList](t, env); len(chs.Channels) != 3 || chs.Channels[0].Code != "aba" || chs.Channels[0].Bank == nil {
			t.Errorf("channels = %+v", chs)
		}
		// The report: one credited order of 50.00 today.
		_, env = finance.do(http.MethodGet, "/admin/api/cashier/report", nil)
		rep := value[cashierReport](t, env)
		if len(rep.Content) != 1 || rep.Content[0].DepositAmount != "50.00" || rep.Content[0].ChannelName != "ABA Bank" || rep.Totals.Deposits != 1 ||
			rep.Totals.Net != "50.00" || rep.Totals.WithdrawalAmount != "0.00" {
			t.Errorf("report = %+v", rep)
		}
		rec = finance.raw(http.MethodGet, "/admin/api/cashier/report.csv", nil)
		if lines := strings.Split(strings.TrimSpace(rec.Body.String()), "\n"); rec.Code != 200 || len(lines) != 2 ||
			lines[0] != "day,channelId,channelName,deposits,depositAmount,fees,withdrawals,withdrawalAmount,refunds,net" {
			t.Errorf("report csv = %d %q", rec.Code, rec.Body.String())
		}
		if rec, env := finance.do(http.MethodGet, "/admin/api/cashier/report?from=2026-02-01&to=2026-01-01", nil); rec.Code != 422 || env.Code != "admin.range_invalid" {
			t.Errorf("bad range = %d %s", rec.Code, env.Code)
		}
	})
}
