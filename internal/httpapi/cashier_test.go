package httpapi

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"portal/internal/cashier"
	"portal/internal/database"
	"portal/internal/dbtest"
	"portal/internal/identity"
	"portal/internal/paysim"
	"portal/internal/provider/inhouse"
	"portal/internal/realtime"
	"portal/internal/wallet"
)

// cashierRig is a server with the cashier wired as the app wires it: the
// demo channels, proofs in a temporary folder, and the simulator with the
// API behind one real HTTP server (webhooks travel over HTTP).
type cashierRig struct {
	s   *Server
	sim *paysim.Handler
	url string
}

// withCashier wires the cashier into s over db (once per server).
func withCashier(t testing.TB, s *Server, db *database.DB) *cashierRig {
	t.Helper()
	if err := cashier.Seed(context.Background(), db); err != nil {
		t.Fatal(err)
	}
	s.Cashier = cashier.NewService(db, s.Wallet, cashier.Options{Store: cashier.DirStore{Dir: t.TempDir()}, OnStatus: DepositEvents(s.Hub),
		OnBalance: s.Hub.Balance})
	rig := &cashierRig{s: s}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/paysim/") {
			rig.sim.ServeHTTP(w, r)
			return
		}
		s.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	rig.url = srv.URL
	rig.sim = paysim.NewHandler(db, paysim.Options{Base: func() string { return srv.URL }, Secret: s.Cashier.ChannelSecret, RetryPause: time.Millisecond})
	t.Cleanup(rig.sim.Wait)
	s.Cashier.SetSimBase(srv.URL)
	return rig
}

// channelIDs are the demo channels' ids by code.
func (rig *cashierRig) channelIDs(t testing.TB) map[string]int64 {
	t.Helper()
	list, err := rig.s.Cashier.Channels(context.Background(), "demo")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]int64{}
	for _, c := range list {
		out[c.Code] = c.ID
	}
	return out
}

// member is a client logged in as username (made when missing).
func (rig *cashierRig) member(t *testing.T, username string) (*client, int64) {
	t.Helper()
	ctx := context.Background()
	id := int64(0)
	if m, err := rig.s.Identity.ByUsername(ctx, "demo", username); err == nil {
		id = m.ID
	} else {
		if id, err = rig.s.Identity.Open(ctx, identity.NewMember{MerchantCode: "demo", Username: username, Password: "Payer@123", Type: identity.TypeMember}); err != nil {
			t.Fatal(err)
		}
	}
	token, err := rig.s.Identity.CreateSession(ctx, id, "192.0.2.10", "test")
	if err != nil {
		t.Fatal(err)
	}
	c := newClient(t, rig.s, "demo")
	c.token = token
	return c, id
}

func testProof(t *testing.T) string {
	return "data:image/png;base64," + base64.StdEncoding.EncodeToString(testPNG(t, 10, 6))
}

// TestCashierMemberRoutes: channels in the member's language, an order
// opened, listed, submitted with a proof and read back; every cashier
// route refuses another member's order with 404 (IDOR).
func TestCashierMemberRoutes(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		rig := withCashier(t, newSeededServer(t, db, inhouse.Options{}), db)
		a, _ := rig.member(t, "player01")
		b, _ := rig.member(t, "payer02")
		ids := rig.channelIDs(t)

		rec, env := a.do(http.MethodGet, "/wps/cashier/channels?language=CN", nil, false)
		list := value[channelList](t, env)
		if rec.Code != 200 || len(list.Channels) != 2 || list.Channels[0].Code != "aba" || list.Channels[0].Bank == nil ||
			!strings.Contains(list.Channels[0].Instructions, "转账") || list.Channels[1].Bank != nil || list.Channels[1].FeeBps != 100 ||
			list.Channels[0].Min != 1000 || list.Channels[0].Decimals != 2 {
			t.Fatalf("channels = %d %+v", rec.Code, list)
		}
		if strings.Contains(rec.Body.String(), "secret") {
			t.Fatal("a channel answer names a secret")
		}
		rec, env = a.do(http.MethodPost, "/wps/cashier/deposits", map[string]any{"channelId": ids["aba"], "amount": 2000, "requestId": "r-1"}, false)
		o := value[depositOrder](t, env)
		if rec.Code != 200 || o.Status != "pending" || o.Bank == nil || o.PayURL != "" || o.Credit != 2000 || o.ChannelName != "ABA Bank" {
			t.Fatalf("create = %d %+v", rec.Code, env)
		}
		id := strconv.FormatInt(o.ID, 10)
		for _, tc := range []struct {
			body   map[string]any
			status int
			code   string
		}{
			{map[string]any{"channelId": ids["aba"], "amount": 10, "requestId": "r-2"}, 422, "cashier.amount_out_of_range"},
			{map[string]any{"channelId": 999999, "amount": 2000, "requestId": "r-3"}, 404, "resource.not_found"},
			{map[string]any{"channelId": ids["aba"], "amount": 2000, "requestId": strings.Repeat("x", 65)}, 422, "cashier.request_invalid"},
			{map[string]any{"channelId": ids["aba"], "amount": "20.00", "requestId": "r-4"}, 400, "request.invalid_body"},
			{map[string]any{"channelId": ids["aba"], "amount": 2000, "requestId": "r-5", "extra": 1}, 400, "request.invalid_body"},
		} {
			if rec, env := a.do(http.MethodPost, "/wps/cashier/deposits", tc.body, false); rec.Code != tc.status || env.Code != tc.code {
				t.Errorf("create %v = %d %s", tc.body, rec.Code, env.Code)
			}
		}
		// Member B sees none of A's order.
		for _, c := range []struct{ method, path string }{
			{http.MethodGet, "/wps/cashier/deposits/" + id},
			{http.MethodPost, "/wps/cashier/deposits/" + id + "/submit"},
			{http.MethodGet, "/wps/cashier/proofs/" + id},
			{http.MethodGet, "/wps/cashier/deposits/abc"},
		} {
			var body any
			if c.method == http.MethodPost {
				body = map[string]any{"reference": "TX", "proof": testProof(t)}
			}
			if rec, env := b.do(c.method, c.path, body, false); rec.Code != 404 || env.Code != "resource.not_found" {
				t.Errorf("B %s %s = %d %s", c.method, c.path, rec.Code, env.Code)
			}
		}
		if _, env := b.do(http.MethodGet, "/wps/cashier/deposits", nil, false); value[Page[depositOrder]](t, env).Total != 0 {
			t.Error("B lists A's orders")
		}
		// Bad proofs, then a good one.
		gif := "data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7"
		text := "data:image/png;base64," + base64.StdEncoding.EncodeToString([]byte("just text in a .png"))
		huge := "data:image/png;base64," + base64.StdEncoding.EncodeToString(append(testPNG(t, 4, 4), make([]byte, 6<<20)...))
		for name, proof := range map[string]string{"gif": gif, "text": text, "6MB": huge, "not base64": "data:image/png;base64,@@@", "empty": ""} {
			if rec, env := a.do(http.MethodPost, "/wps/cashier/deposits/"+id+"/submit", map[string]any{"reference": "TX-9", "proof": proof}, false); rec.Code != 422 || env.Code != "cashier.proof_invalid" {
				t.Errorf("%s proof = %d %s", name, rec.Code, env.Code)
			}
		}
		rec, env = a.do(http.MethodPost, "/wps/cashier/deposits/"+id+"/submit", map[string]any{"reference": "TX-9", "proof": testProof(t)}, false)
		o = value[depositOrder](t, env)
		if rec.Code != 200 || o.Status != "submitted" || o.ProofURL != "/wps/cashier/proofs/"+id {
			t.Fatalf("submit = %d %+v", rec.Code, env)
		}
		r := httptest.NewRequest(http.MethodGet, o.ProofURL, nil)
		r.Header.Set("Merchant", "demo")
		r.Header.Set("Authorization", a.token)
		pr := httptest.NewRecorder()
		rig.s.ServeHTTP(pr, r)
		if pr.Code != 200 || pr.Header().Get("Content-Type") != "image/png" || pr.Header().Get("X-Content-Type-Options") != "nosniff" {
			t.Fatalf("proof = %d %s", pr.Code, pr.Header())
		}
		rec, env = a.do(http.MethodGet, "/wps/cashier/deposits?status=submitted", nil, false)
		if page := value[Page[depositOrder]](t, env); rec.Code != 200 || page.Total != 1 || page.Content[0].ID != o.ID {
			t.Errorf("list = %d %+v", rec.Code, page)
		}
		if rec, env := a.do(http.MethodGet, "/wps/cashier/deposits?status=bogus", nil, false); rec.Code != 400 || env.Code != "request.invalid_parameter" {
			t.Errorf("bad status = %d %s", rec.Code, env.Code)
		}
	})
}

// TestCashierWebhookRoute: the webhook over HTTP answers plain OK once
// handled (and again for a replay), 401 for a forged signature with
// nothing changed, 400 for a malformed body.
func TestCashierWebhookRoute(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		rig := withCashier(t, newSeededServer(t, db, inhouse.Options{}), db)
		a, id := rig.member(t, "player01")
		_, env := a.do(http.MethodPost, "/wps/cashier/deposits", map[string]any{"channelId": rig.channelIDs(t)["sim"], "amount": 1000, "requestId": "w-1"}, false)
		o := value[depositOrder](t, env)
		psp := strings.TrimPrefix(o.PayURL, "/paysim/pay/")
		secret, _ := rig.s.Cashier.ChannelSecret(context.Background(), "demo", "sim")
		body, _ := json.Marshal(cashier.Notice{PSPOrderID: psp, OrderID: o.ID, Status: "paid", Amount: 1000, Currency: "USD"})
		post := func(body []byte, sig string) (int, string) {
			r := httptest.NewRequest(http.MethodPost, "/cashier/webhook/sim", bytes.NewReader(body))
			r.Header.Set("X-Signature", sig)
			rec := httptest.NewRecorder()
			rig.s.ServeHTTP(rec, r)
			return rec.Code, rec.Body.String()
		}
		if code, _ := post(body, cashier.Sign("forged", body)); code != 401 {
			t.Errorf("forged = %d", code)
		}
		if code, _ := post([]byte(`{"pspOrderId":`), "x"); code != 400 {
			t.Errorf("malformed = %d", code)
		}
		for range 3 {
			if code, text := post(body, cashier.Sign(secret, body)); code != 200 || text != "OK" {
				t.Errorf("webhook = %d %q", code, text)
			}
		}
		b, _ := rig.s.Wallet.Balance(context.Background(), "demo", wallet.Member(id, "USD"))
		if b != 990 {
			t.Errorf("balance = %d", b)
		}
	})
}

// TestPaySimEndToEnd: through real HTTP, the member opens a sim order,
// the PSP's page shows it, paying with duplicate and out-of-order
// webhooks credits it once, and the member's socket hears of it.
func TestPaySimEndToEnd(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		rig := withCashier(t, newSeededServer(t, db, inhouse.Options{}), db)
		a, id := rig.member(t, "player01")
		events, cancel := rig.s.Hub.Subscribe("demo", id)
		defer cancel()
		api := func(method, path string, payload any) envelope {
			var body io.Reader
			if payload != nil {
				raw, _ := json.Marshal(payload)
				body = bytes.NewReader(raw)
			}
			req, _ := http.NewRequest(method, rig.url+path, body)
			req.Header.Set("Merchant", "demo")
			req.Header.Set("Authorization", a.token)
			resp, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			return decodeEnvelope(t, resp)
		}
		o := value[depositOrder](t, api(http.MethodPost, "/wps/cashier/deposits", map[string]any{"channelId": rig.channelIDs(t)["sim"], "amount": 1000, "requestId": "e2e"}))
		if o.PayURL == "" || o.Fee != 10 || o.Credit != 990 {
			t.Fatalf("order = %+v", o)
		}
		resp, err := http.Get(rig.url + o.PayURL)
		if err != nil {
			t.Fatal(err)
		}
		page, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || !strings.Contains(string(page), "10.00 USD") || !strings.Contains(string(page), "Test switches") {
			t.Fatalf("pay page = %d %s", resp.StatusCode, page)
		}
		resp, err = http.PostForm(rig.url+o.PayURL, url.Values{"action": {"pay"}, "duplicate": {"1"}, "outoforder": {"1"}})
		if err != nil {
			t.Fatal(err)
		}
		done, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || !strings.Contains(string(done), "Payment done") || !strings.Contains(string(done), "/member?page=depositv2&amp;order="+strconv.FormatInt(o.ID, 10)) {
			t.Fatalf("paid page = %d %s", resp.StatusCode, done)
		}
		rig.sim.Wait()
		got := value[depositOrder](t, api(http.MethodGet, "/wps/cashier/deposits/"+strconv.FormatInt(o.ID, 10), nil))
		b, _ := rig.s.Wallet.Balance(context.Background(), "demo", wallet.Member(id, "USD"))
		if got.Status != "credited" || got.CreditedAt == nil || b != 990 {
			t.Fatalf("after paying: %+v, balance %d", got, b)
		}
		v, err := rig.s.Wallet.Verify(context.Background())
		if err != nil || len(v) != 0 {
			t.Fatalf("verify: %v %+v", err, v)
		}
		var seen []string
		timeout := time.After(2 * time.Second)
		for len(seen) < 2 {
			select {
			case e := <-events:
				seen = append(seen, fmt.Sprintf("%s/%d/%s/%d", e.Type, e.OrderID, e.Status, e.Balance))
			case <-timeout:
				t.Fatalf("events = %v", seen)
			}
		}
		if seen[0] != fmt.Sprintf("%s/%d/credited/0", realtime.EventDeposit, o.ID) || seen[1] != "balance/0//990" {
			t.Errorf("events = %v", seen)
		}
	})
}
