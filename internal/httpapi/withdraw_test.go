package httpapi

import (
	"context"
	"encoding/csv"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"

	"portal/internal/cashier"
	"portal/internal/database"
	"portal/internal/dbtest"
	"portal/internal/operator"
	"portal/internal/provider/inhouse"
	"portal/internal/wallet"
)

// openPolicy lets the tests withdraw without bets.
var openPolicy = cashier.Policy{TurnoverPct: 0, Min: 100, Max: 1_000_000, MaxOpen: 5, ReceiptMinutes: 30, Payout: cashier.PayoutManual,
	UplineMin: 100, UplineMax: 100_000}

// fundMember gives a member money from an adjustment (no deposit: no
// turnover).
func fundMember(t testing.TB, s *Server, member, amount int64, key string) {
	t.Helper()
	if _, err := s.Wallet.Move(context.Background(), wallet.Request{Merchant: "demo", Key: key, From: wallet.Side(wallet.KindAdjustment, "test", "USD"),
		To: wallet.Member(member, "USD"), Amount: amount, Kind: "adjust"}); err != nil {
		t.Fatal(err)
	}
}

// paidWithdrawal is a withdrawal of member, paid by hand (status paid) or
// only requested (pending); it answers its id.
func paidWithdrawal(t testing.TB, s *Server, member int64, request string, pay bool) int64 {
	t.Helper()
	ctx := context.Background()
	if _, _, err := s.Cashier.SetPolicy(ctx, "demo", openPolicy); err != nil {
		t.Fatal(err)
	}
	fundMember(t, s, member, 5000, "fund-"+request)
	accts, err := s.Cashier.BankAccounts(ctx, "demo", member)
	if err != nil {
		t.Fatal(err)
	}
	if len(accts) == 0 {
		a, _, err := s.Cashier.AddBankAccount(ctx, "demo", member, "Sok Dara", cashier.NewBankAccount{BankName: "ABA", Number: "123456789", Name: "Sok Dara"})
		if err != nil {
			t.Fatal(err)
		}
		accts = append(accts, a)
	}
	o, err := s.Cashier.CreateWithdrawal(ctx, cashier.Withdrawer{Merchant: "demo", MemberID: member, Currency: "USD"}, accts[0].ID, 1000, request)
	if err != nil {
		t.Fatal(err)
	}
	if pay {
		if _, _, err := s.Cashier.ApproveWithdrawal(ctx, "demo", o.ID, "test", "", ""); err != nil {
			t.Fatal(err)
		}
	}
	return o.ID
}

func init() {
	adminSampleAreas = append(adminSampleAreas, func(w *adminWorld) map[string]any {
		if w.s.Cashier == nil {
			withCashier(w.t, w.s, w.db)
		}
		_, member := w.balanceOf("player01")
		approve := paidWithdrawal(w.t, w.s, member, "sample-approve", false)
		reject := paidWithdrawal(w.t, w.s, member, "sample-reject", false)
		disputed := paidWithdrawal(w.t, w.s, member, "sample-dispute", true)
		if _, err := w.s.Cashier.ConfirmReceipt(context.Background(), "demo", member, disputed, cashier.ReceiptNotReceived, 0,
			[][]byte{testPNG(w.t, 5, 5)}, ""); err != nil {
			w.t.Fatal(err)
		}
		id := func(v int64) string { return strconv.FormatInt(v, 10) }
		return map[string]any{
			"_id GET /admin/api/cashier/withdrawals/{id}":              id(disputed),
			"_id POST /admin/api/cashier/withdrawals/{id}/approve":     id(approve),
			"POST /admin/api/cashier/withdrawals/{id}/approve":         map[string]any{"payoutReference": "BANK-1"},
			"_id POST /admin/api/cashier/withdrawals/{id}/reject":      id(reject),
			"POST /admin/api/cashier/withdrawals/{id}/reject":          map[string]any{"reason": "account closed"},
			"_id POST /admin/api/cashier/withdrawals/{id}/resolve":     id(disputed),
			"POST /admin/api/cashier/withdrawals/{id}/resolve":         map[string]any{"outcome": "confirmed", "reason": "bank slip"},
			"_path GET /admin/api/cashier/withdrawals/{id}/proofs/{n}": "/admin/api/cashier/withdrawals/" + id(disputed) + "/proofs/0",
			"PUT /admin/api/cashier/withdraw-policy": map[string]any{"turnoverPct": 100, "min": "10.00", "max": "500.00", "dailyCount": 3,
				"dailyAmount": "", "maxOpen": 1, "receiptMinutes": 30, "payout": "manual", "uplineMin": "1.00", "uplineMax": "100.00", "uplineDaily": ""},
		}
	})
}

// TestWithdrawMemberRoutes: the payment password, a bank account, a
// withdrawal and its receipt over HTTP; hostile bodies get their codes;
// another member reaches none of it (IDOR over every route with an id).
func TestWithdrawMemberRoutes(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		rig := withCashier(t, newSeededServer(t, db, inhouse.Options{}), db)
		s := rig.s
		a, aID := rig.member(t, "payer01")
		b, _ := rig.member(t, "payer02")
		if _, _, err := s.Cashier.SetPolicy(context.Background(), "demo", openPolicy); err != nil {
			t.Fatal(err)
		}
		fundMember(t, s, aID, 10000, "fund-a")

		// A bank account needs a payment password first.
		body := map[string]any{"bankName": "ABA", "accountNumber": "123 456 789", "accountName": "Sok Dara", "paymentPassword": "135790"}
		if rec, env := a.do(http.MethodPost, "/wps/cashier/bank-accounts", body, false); rec.Code != 409 || env.Code != "cashier.payment_password_required" {
			t.Fatalf("account before a payment password = %d %s", rec.Code, env.Code)
		}
		for _, tc := range []struct {
			body   map[string]any
			status int
			code   string
		}{
			{map[string]any{"loginPassword": "wrong", "newPaymentPassword": "135790"}, 400, "login.password.incorrect"},
			{map[string]any{"loginPassword": "Payer@123", "newPaymentPassword": "123456"}, 422, "cashier.payment_password_invalid"},
			{map[string]any{"loginPassword": "Payer@123", "newPaymentPassword": "111111"}, 422, "cashier.payment_password_invalid"},
			{map[string]any{"loginPassword": "Payer@123", "newPaymentPassword": "12ab56"}, 422, "cashier.payment_password_invalid"},
			{map[string]any{"loginPassword": strings.Repeat("x", 5000), "newPaymentPassword": "135790"}, 400, "login.password.incorrect"},
			{map[string]any{"loginPassword": "Payer@123", "newPaymentPassword": "135790", "x": 1}, 400, "request.invalid_body"},
		} {
			if rec, env := a.do(http.MethodPost, "/wps/member/payment-password", tc.body, false); rec.Code != tc.status || env.Code != tc.code {
				t.Errorf("payment password %v = %d %s", tc.body, rec.Code, env.Code)
			}
		}
		if rec, env := a.do(http.MethodPost, "/wps/member/payment-password", map[string]any{"loginPassword": "Payer@123", "newPaymentPassword": "135790"}, false); rec.Code != 200 {
			t.Fatalf("set payment password = %d %+v", rec.Code, env)
		}
		// Changing it needs the old one.
		if rec, env := a.do(http.MethodPost, "/wps/member/payment-password", map[string]any{"loginPassword": "Payer@123", "oldPaymentPassword": "000000",
			"newPaymentPassword": "246801"}, false); rec.Code != 403 || env.Code != "cashier.payment_password_incorrect" {
			t.Fatalf("change with a wrong old one = %d %s", rec.Code, env.Code)
		}
		rec, env := a.do(http.MethodPost, "/wps/cashier/bank-accounts", body, false)
		acct := value[bankAccountView](t, env)
		if rec.Code != 200 || acct.AccountMasked != "•••• 6789" || strings.Contains(rec.Body.String(), "123456789") {
			t.Fatalf("add account = %d %s", rec.Code, rec.Body.String())
		}
		rec, env = a.do(http.MethodGet, "/wps/cashier/bank-accounts", nil, false)
		if list := value[bankAccountList](t, env); rec.Code != 200 || len(list.Accounts) != 1 || list.RealName != "Sok Dara" || !list.PaymentPasswordSet {
			t.Fatalf("accounts = %d %+v", rec.Code, list)
		}
		for _, tc := range []struct {
			body   map[string]any
			status int
			code   string
		}{
			{map[string]any{"bankName": "ABA", "accountNumber": "555666777", "accountName": "Someone Else", "paymentPassword": "135790"}, 422, "cashier.account_name_mismatch"},
			{map[string]any{"bankName": "ABA", "accountNumber": "<img src=x>", "accountName": "Sok Dara", "paymentPassword": "135790"}, 422, "cashier.bank_account_invalid"},
			{map[string]any{"bankName": "ABA", "accountNumber": "123456789", "accountName": "Sok Dara", "paymentPassword": "135790"}, 409, "cashier.bank_account_exists"},
			{map[string]any{"bankName": "ABA", "accountNumber": "555666777", "accountName": "Sok Dara", "paymentPassword": "000000"}, 403, "cashier.payment_password_incorrect"},
		} {
			if rec, env := a.do(http.MethodPost, "/wps/cashier/bank-accounts", tc.body, false); rec.Code != tc.status || env.Code != tc.code {
				t.Errorf("add account %v = %d %s", tc.body, rec.Code, env.Code)
			}
		}
		rec, env = a.do(http.MethodGet, "/wps/cashier/withdraw/info", nil, false)
		if info := value[withdrawInfo](t, env); rec.Code != 200 || info.Balance != 10000 || info.Min != 100 || len(info.Accounts) != 1 || info.Decimals != 2 {
			t.Fatalf("info = %d %+v", rec.Code, info)
		}
		req := map[string]any{"bankAccountId": acct.ID, "amount": 3000, "paymentPassword": "135790", "requestId": "w-1"}
		rec, env = a.do(http.MethodPost, "/wps/cashier/withdrawals", req, false)
		o := value[withdrawalView](t, env)
		if rec.Code != 200 || o.Status != "pending" || o.AccountMasked != "•••• 6789" {
			t.Fatalf("withdraw = %d %+v", rec.Code, env)
		}
		id := strconv.FormatInt(o.ID, 10)
		for _, tc := range []struct {
			edit   func(m map[string]any)
			status int
			code   string
		}{
			{func(m map[string]any) { m["amount"] = 50 }, 422, "cashier.amount_out_of_range"},
			{func(m map[string]any) { m["amount"] = 1_000_000 }, 409, "wallet.insufficient_funds"},
			{func(m map[string]any) { m["amount"] = "30.00" }, 400, "request.invalid_body"},
			{func(m map[string]any) { m["bankAccountId"] = 999999 }, 404, "resource.not_found"},
			{func(m map[string]any) { m["requestId"] = "" }, 422, "cashier.request_invalid"},
			{func(m map[string]any) { m["paymentPassword"] = "999999" }, 403, "cashier.payment_password_incorrect"},
		} {
			m := map[string]any{"bankAccountId": acct.ID, "amount": 1000, "paymentPassword": "135790", "requestId": fmt.Sprintf("bad-%p", tc.edit)}
			tc.edit(m)
			if rec, env := a.do(http.MethodPost, "/wps/cashier/withdrawals", m, false); rec.Code != tc.status || env.Code != tc.code {
				t.Errorf("withdraw %v = %d %s", m, rec.Code, env.Code)
			}
		}
		// Five wrong payment passwords in a row within the window lock it
		// (the next try is refused even when right); a right one in between
		// starts the count again.
		for range 4 {
			a.do(http.MethodPost, "/wps/cashier/withdrawals", map[string]any{"bankAccountId": acct.ID, "amount": 1000, "paymentPassword": "999999", "requestId": "x"}, false)
		}
		if rec, env := a.do(http.MethodPost, "/wps/cashier/withdrawals", req, false); rec.Code != 429 || env.Code != "cashier.payment_password_locked" || rec.Header().Get("Retry-After") == "" {
			t.Fatalf("after five wrong = %d %s", rec.Code, env.Code)
		}
		// Member B reaches none of A's withdrawal or account.
		for _, c := range []struct {
			method, path string
			body         any
		}{
			{http.MethodGet, "/wps/cashier/withdrawals/" + id, nil},
			{http.MethodPost, "/wps/cashier/withdrawals/" + id + "/cancel", nil},
			{http.MethodPost, "/wps/cashier/withdrawals/" + id + "/receipt", map[string]any{"result": "received"}},
			{http.MethodGet, "/wps/cashier/withdrawals/" + id + "/proofs/0", nil},
			{http.MethodGet, "/wps/cashier/withdrawals/abc", nil},
		} {
			if rec, env := b.do(c.method, c.path, c.body, false); rec.Code != 404 || env.Code != "resource.not_found" {
				t.Errorf("B %s %s = %d %s", c.method, c.path, rec.Code, env.Code)
			}
		}
		if _, env := b.do(http.MethodGet, "/wps/cashier/withdrawals", nil, false); value[Page[withdrawalView]](t, env).Total != 0 {
			t.Error("B lists A's withdrawals")
		}
		// Paid by hand, then not received with a proof the member reads back.
		if _, _, err := s.Cashier.ApproveWithdrawal(context.Background(), "demo", o.ID, "finance", "", ""); err != nil {
			t.Fatal(err)
		}
		for _, tc := range []struct {
			body   map[string]any
			status int
			code   string
		}{
			{map[string]any{"result": "not_received"}, 422, "cashier.receipt_invalid"},
			{map[string]any{"result": "not_received", "proofs": []string{"data:image/gif;base64,R0lGODlhAQABAAAAACw="}}, 422, "cashier.proof_invalid"},
			{map[string]any{"result": "partial", "remaining": 3000}, 422, "cashier.receipt_invalid"},
			{map[string]any{"result": "not_received", "proofs": []string{testProof(t), testProof(t), testProof(t), testProof(t)}}, 422, "cashier.receipt_invalid"},
		} {
			if rec, env := a.do(http.MethodPost, "/wps/cashier/withdrawals/"+id+"/receipt", tc.body, false); rec.Code != tc.status || env.Code != tc.code {
				t.Errorf("receipt %v = %d %s", tc.body["result"], rec.Code, env.Code)
			}
		}
		rec, env = a.do(http.MethodPost, "/wps/cashier/withdrawals/"+id+"/receipt", map[string]any{"result": "not_received", "proofs": []string{testProof(t)},
			"note": "nothing on my statement"}, false)
		o = value[withdrawalView](t, env)
		if rec.Code != 200 || o.Status != "disputed" || o.ReceiptRemaining != 3000 || len(o.ProofURLs) != 1 {
			t.Fatalf("not received = %d %+v", rec.Code, env)
		}
		r := httptest.NewRequest(http.MethodGet, o.ProofURLs[0], nil)
		r.Header.Set("Merchant", "demo")
		r.Header.Set("Authorization", a.token)
		rec2 := httptest.NewRecorder()
		s.ServeHTTP(rec2, r)
		if rec2.Code != 200 || rec2.Header().Get("Content-Type") != "image/png" {
			t.Fatalf("own proof = %d", rec2.Code)
		}
		if rec, env := b.do(http.MethodGet, o.ProofURLs[0], nil, false); rec.Code != 404 || env.Code != "resource.not_found" {
			t.Fatalf("B reads A's proof = %d %s", rec.Code, env.Code)
		}
		// Without an upline, the transfer page says so and refuses.
		rec, env = a.do(http.MethodGet, "/wps/cashier/upline", nil, false)
		if info := value[uplineInfo](t, env); rec.Code != 200 || info.Upline != nil {
			t.Fatalf("upline info = %d %+v", rec.Code, info)
		}
		if rec, env := a.do(http.MethodPost, "/wps/cashier/upline", map[string]any{"amount": 1000, "paymentPassword": "135790", "requestId": "u"}, false); rec.Code != 409 || env.Code != "cashier.no_upline" {
			t.Fatalf("upline transfer without upline = %d %s", rec.Code, env.Code)
		}
	})
}

// TestAdminWithdrawals: finance approves and resolves; read-only staff see
// masked numbers and decide nothing; another merchant sees nothing; the
// policy's rules; the CSV never carries whole numbers.
func TestAdminWithdrawals(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newAdminWorld(t, db)
		withCashier(t, w.s, db)
		finance, _ := w.login("demo", "demo-till", operator.RoleFinance)
		readonly, _ := w.login("demo", "demo-look", operator.RoleReadonly)
		lucky, _ := w.login("lucky", "lucky-boss", operator.RoleOwner)
		_, member := w.balanceOf("player01")
		pending := strconv.FormatInt(paidWithdrawal(t, w.s, member, "q-1", false), 10)

		rec, env := finance.do(http.MethodGet, "/admin/api/cashier/withdrawals?status=pending", nil)
		page := value[Page[adminWithdrawal]](t, env)
		if rec.Code != 200 || page.Total != 1 || page.Content[0].AccountNumber != "123456789" || page.Content[0].Amount != "10.00" {
			t.Fatalf("finance queue = %d %+v", rec.Code, page)
		}
		rec, env = readonly.do(http.MethodGet, "/admin/api/cashier/withdrawals/"+pending, nil)
		if got := value[adminWithdrawal](t, env); rec.Code != 200 || got.AccountNumber != "•••• 6789" || got.Turnover == nil {
			t.Fatalf("read-only view = %d %+v", rec.Code, got)
		}
		if rec, env := readonly.do(http.MethodPost, "/admin/api/cashier/withdrawals/"+pending+"/approve", map[string]any{}); rec.Code != 403 || env.Code != "admin.forbidden" {
			t.Fatalf("read-only approve = %d %s", rec.Code, env.Code)
		}
		if rec, env := lucky.do(http.MethodPost, "/admin/api/cashier/withdrawals/"+pending+"/approve", map[string]any{}); rec.Code != 404 || env.Code != "resource.not_found" {
			t.Fatalf("lucky approve = %d %s", rec.Code, env.Code)
		}
		rec, env = finance.do(http.MethodPost, "/admin/api/cashier/withdrawals/"+pending+"/approve", map[string]any{"payoutReference": "BANK-77"})
		if got := value[adminWithdrawal](t, env); rec.Code != 200 || got.Status != "paid" || got.DecidedBy != "demo-till" || got.PayoutRef != "BANK-77" {
			t.Fatalf("approve = %d %+v", rec.Code, env)
		}
		if rec, env := finance.do(http.MethodPost, "/admin/api/cashier/withdrawals/"+pending+"/reject", map[string]any{"reason": "late"}); rec.Code != 409 || env.Code != "cashier.order_state" {
			t.Fatalf("reject a paid one = %d %s", rec.Code, env.Code)
		}
		if rec, env := finance.do(http.MethodPost, "/admin/api/cashier/withdrawals/"+pending+"/resolve", map[string]any{"outcome": "refunded", "reason": "x"}); rec.Code != 409 || env.Code != "cashier.order_state" {
			t.Fatalf("resolve an undisputed one = %d %s", rec.Code, env.Code)
		}
		if e := w.audit("postAdminApiCashierWithdrawalsIdApprove", "ok"); len(e) != 1 || e[0].Target != "withdrawal:"+pending || strings.Contains(e[0].After, "123456789") {
			t.Fatalf("approve audit = %+v", e)
		}
		csvRec := finance.raw(http.MethodGet, "/admin/api/cashier/withdrawals.csv", nil)
		records, err := csv.NewReader(strings.NewReader(csvRec.Body.String())).ReadAll()
		if err != nil || csvRec.Code != 200 || len(records) != 2 || strings.Contains(csvRec.Body.String(), "123456789") {
			t.Fatalf("csv = %d %v %q", csvRec.Code, err, csvRec.Body.String())
		}
		for _, tc := range []struct {
			edit  func(p map[string]any)
			field string
		}{
			{func(p map[string]any) { p["min"] = "abc" }, "min"},
			{func(p map[string]any) { p["max"] = "1.00" }, "max"},
			{func(p map[string]any) { p["payout"] = "carrier-pigeon" }, "payout"},
			{func(p map[string]any) { p["receiptMinutes"] = 0 }, "receiptMinutes"},
			{func(p map[string]any) { p["turnoverPct"] = -1 }, "turnoverPct"},
		} {
			p := map[string]any{"turnoverPct": 100, "min": "10.00", "max": "500.00", "dailyCount": 3, "dailyAmount": "", "maxOpen": 1,
				"receiptMinutes": 30, "payout": "manual", "uplineMin": "1.00", "uplineMax": "100.00", "uplineDaily": ""}
			tc.edit(p)
			owner, _ := w.login("demo", "demo-boss-"+tc.field, operator.RoleOwner)
			rec, env := owner.do(http.MethodPut, "/admin/api/cashier/withdraw-policy", p)
			if fe, _ := env.Value.(map[string]any); rec.Code != 422 || env.Code != "cashier.policy_invalid" || fe["field"] != tc.field {
				t.Errorf("policy %s = %d %s %v", tc.field, rec.Code, env.Code, env.Value)
			}
		}
	})
}
