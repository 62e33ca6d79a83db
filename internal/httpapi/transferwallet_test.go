package httpapi

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"portal/internal/database"
	"portal/internal/dbtest"
	"portal/internal/identity"
	"portal/internal/provider/inhouse"
	"portal/internal/transferwallet"
	"portal/internal/vendorsim"
	"portal/internal/wallet"
)

// transferRig wires the transfer wallets into s as the app does: the
// vendor simulator's transfer API behind a real HTTP server, SABA and CMD
// in transfer mode for demo.
type transferRig struct {
	s   *Server
	sim *vendorsim.Transfers
}

func withTransfers(t testing.TB, s *Server, db *database.DB) *transferRig {
	t.Helper()
	if err := transferwallet.Seed(context.Background(), db); err != nil {
		t.Fatal(err)
	}
	secret := func(context.Context, string) (string, error) { return "rig-secret", nil }
	rig := &transferRig{s: s, sim: vendorsim.NewTransfers(db, secret, nil)}
	srv := httptest.NewServer(vendorsim.NewHandler(&vendorsim.Client{}, false).WithTransfers(rig.sim))
	t.Cleanup(srv.Close)
	s.Transfers = transferwallet.NewService(db, s.Wallet, transferwallet.Options{OnBalance: s.Hub.Balance,
		Vendors: &transferwallet.HTTPVendors{Base: func() string { return srv.URL }, HTTP: srv.Client(), Secret: secret, Timeout: 2 * time.Second}})
	return rig
}

// member is a client logged in as username (made and funded with 100.00
// when missing).
func (rig *transferRig) member(t *testing.T, username string) (*client, int64) {
	t.Helper()
	ctx := context.Background()
	m, err := rig.s.Identity.ByUsername(ctx, "demo", username)
	var id int64
	if err == nil {
		id = m.ID
	} else {
		if id, err = rig.s.Identity.Open(ctx, identity.NewMember{MerchantCode: "demo", Username: username, Password: "Payer@123", Type: identity.TypeMember}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := rig.s.Wallet.Move(ctx, wallet.Request{Merchant: "demo", Key: "rig-fund:" + username, From: wallet.Side(wallet.KindAdjustment, "t", "USD"),
		To: wallet.Member(id, "USD"), Amount: 100_00, Kind: "adjust"}); err != nil {
		t.Fatal(err)
	}
	token, err := rig.s.Identity.CreateSession(ctx, id, "192.0.2.10", "test")
	if err != nil {
		t.Fatal(err)
	}
	c := newClient(t, rig.s, "demo")
	c.token = token
	return c, id
}

// TestTransferWalletRoutes: the merchant wallet names the sub-wallets with
// their balances; money moves in and back, by one transfer and by the
// recall; replays move nothing; hostile input answers the envelope's
// error, never a 500; a member never sees another's transfers.
func TestTransferWalletRoutes(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		rig := withTransfers(t, newSeededServer(t, db, inhouse.Options{}), db)
		a, aID := rig.member(t, "walleta")
		b, _ := rig.member(t, "walletb")

		rec, env := a.do(http.MethodGet, "/wps/relay/GCS_merchantWallet", nil, false)
		mw := value[merchantWallet](t, env)
		if rec.Code != 200 || mw.IsSingle || mw.HasMerchantWallet || len(mw.Wallets) != 2 || mw.Decimals != 2 ||
			mw.Wallets[0].Balance == nil || *mw.Wallets[0].Balance != 0 || !mw.Wallets[0].Available {
			t.Fatalf("merchant wallet = %d %+v", rec.Code, env)
		}
		rec, env = a.do(http.MethodPost, "/wps/relay/GCS_walletTransfer", map[string]any{"from": "main", "to": "SABA", "amount": "30.5", "requestId": "r1"}, false)
		ans := value[walletTransferAnswer](t, env)
		if rec.Code != 200 || ans.Transfer.Status != "done" || ans.Transfer.Amount != 30_50 || ans.Balance != 69_50 || ans.Transfer.To != "SABA" {
			t.Fatalf("transfer in = %d %+v", rec.Code, env)
		}
		// The same request again: the same transfer, nothing more moved.
		rec, env = a.do(http.MethodPost, "/wps/relay/GCS_walletTransfer", map[string]any{"from": "main", "to": "SABA", "amount": "30.5", "requestId": "r1"}, false)
		if again := value[walletTransferAnswer](t, env); rec.Code != 200 || again.Transfer.ID != ans.Transfer.ID || again.Balance != 69_50 {
			t.Fatalf("replay = %d %+v", rec.Code, env)
		}
		// A JSON number is read from its text as well.
		rec, env = a.do(http.MethodPost, "/wps/relay/GCS_walletTransfer", map[string]any{"from": "SABA", "to": "main", "amount": 0.5, "requestId": "r2"}, false)
		if out := value[walletTransferAnswer](t, env); rec.Code != 200 || out.Transfer.Status != "done" || out.Balance != 70_00 || out.Transfer.From != "SABA" {
			t.Fatalf("transfer out = %d %+v", rec.Code, env)
		}
		// Beyond the vendor's balance: answered, failed, nothing moved.
		rec, env = a.do(http.MethodPost, "/wps/relay/GCS_walletTransfer", map[string]any{"from": "SABA", "to": "main", "amount": "31", "requestId": "r3"}, false)
		if out := value[walletTransferAnswer](t, env); rec.Code != 200 || out.Transfer.Status != "failed" || out.Balance != 70_00 {
			t.Fatalf("overdraw = %d %+v", rec.Code, env)
		}

		for _, tc := range []struct {
			body   any
			status int
			code   string
		}{
			{map[string]any{"from": "main", "to": "SABA", "amount": "1000", "requestId": "h1"}, 409, "wallet.insufficient_funds"},
			{map[string]any{"from": "main", "to": "main", "amount": "1", "requestId": "h2"}, 422, "transfer.wallets_invalid"},
			{map[string]any{"from": "SABA", "to": "CMD", "amount": "1", "requestId": "h3"}, 422, "transfer.wallets_invalid"},
			{map[string]any{"from": "main", "to": "PG", "amount": "1", "requestId": "h4"}, 422, "transfer.wallets_invalid"},
			{map[string]any{"from": "main", "to": "PGE", "amount": "1", "requestId": "h5"}, 422, "transfer.wallets_invalid"},
			{map[string]any{"from": "main", "to": "' OR 1=1 --", "amount": "1", "requestId": "h6"}, 422, "transfer.wallets_invalid"},
			{map[string]any{"from": "main", "to": strings.Repeat("S", 500), "amount": "1", "requestId": "h7"}, 422, "transfer.wallets_invalid"},
			{map[string]any{"from": "", "to": "", "amount": "1", "requestId": "h8"}, 422, "transfer.wallets_invalid"},
			{map[string]any{"from": "main", "to": "SABA", "amount": "1.001", "requestId": "h9"}, 422, "transfer.amount_invalid"},
			{map[string]any{"from": "main", "to": "SABA", "amount": "-1", "requestId": "h10"}, 422, "transfer.amount_invalid"},
			{map[string]any{"from": "main", "to": "SABA", "amount": "0", "requestId": "h11"}, 422, "transfer.amount_invalid"},
			{map[string]any{"from": "main", "to": "SABA", "amount": "1e3", "requestId": "h12"}, 422, "transfer.amount_invalid"},
			{map[string]any{"from": "main", "to": "SABA", "amount": "99999999999999999999", "requestId": "h13"}, 422, "transfer.amount_invalid"},
			{map[string]any{"from": "main", "to": "SABA", "amount": "", "requestId": "h14"}, 422, "transfer.amount_invalid"},
			{map[string]any{"from": "main", "to": "SABA", "amount": 1.001, "requestId": "h15"}, 422, "transfer.amount_invalid"},
			{map[string]any{"from": "main", "to": "SABA", "amount": true, "requestId": "h15b"}, 400, "request.invalid_body"},
			{map[string]any{"from": "main", "to": "SABA", "amount": []int{1}, "requestId": "h15c"}, 400, "request.invalid_body"},
			{map[string]any{"from": "main", "to": "SABA", "amount": "1", "requestId": ""}, 422, "transfer.request_invalid"},
			{map[string]any{"from": "main", "to": "SABA", "amount": "1", "requestId": strings.Repeat("x", 65)}, 422, "transfer.request_invalid"},
			{map[string]any{"from": "main", "to": "SABA", "amount": "1", "requestId": "\u0000"}, 422, "transfer.request_invalid"},
			{map[string]any{"from": "main", "to": "SABA", "amount": "2", "requestId": "r1"}, 409, "transfer.request_reused"},
			{map[string]any{"from": "main", "to": "SABA", "amount": "1", "requestId": "h16", "extra": true}, 400, "request.invalid_body"},
			{"not an object", 400, "request.invalid_body"},
		} {
			if rec, env := a.do(http.MethodPost, "/wps/relay/GCS_walletTransfer", tc.body, false); rec.Code != tc.status || env.Code != tc.code {
				t.Errorf("transfer %v = %d %s, want %d %s", tc.body, rec.Code, env.Code, tc.status, tc.code)
			}
		}
		for _, tc := range []struct {
			body   any
			status int
			code   string
		}{
			{map[string]any{"requestId": ""}, 422, "transfer.request_invalid"},
			{map[string]any{"requestId": strings.Repeat("y", 65)}, 422, "transfer.request_invalid"},
			{map[string]any{"requestId": 7}, 400, "request.invalid_body"},
		} {
			if rec, env := a.do(http.MethodPost, "/wps/relay/GCS_walletRecall", tc.body, false); rec.Code != tc.status || env.Code != tc.code {
				t.Errorf("recall %v = %d %s, want %d %s", tc.body, rec.Code, env.Code, tc.status, tc.code)
			}
		}

		// IDOR: b sees none of a's transfers or balances, and b's recall
		// moves none of a's money.
		rec, env = b.do(http.MethodGet, "/wps/relay/GCS_walletTransfers", nil, false)
		if list := value[walletTransferList](t, env); rec.Code != 200 || len(list.Transfers) != 0 {
			t.Fatalf("b's list = %d %+v", rec.Code, env)
		}
		rec, env = b.do(http.MethodGet, "/wps/relay/GCS_merchantWallet", nil, false)
		if mw := value[merchantWallet](t, env); rec.Code != 200 || *mw.Wallets[0].Balance != 0 || len(mw.Pending) != 0 {
			t.Fatalf("b's wallets = %d %+v", rec.Code, env)
		}
		rec, env = b.do(http.MethodPost, "/wps/relay/GCS_walletRecall", map[string]any{"requestId": "b-recall"}, false)
		if rc := value[walletRecallAnswer](t, env); rec.Code != 200 || len(rc.Transfers) != 0 || rc.Balance != 100_00 {
			t.Fatalf("b's recall = %d %+v", rec.Code, env)
		}
		// b asking to take money out of SABA: b has none there.
		rec, env = b.do(http.MethodPost, "/wps/relay/GCS_walletTransfer", map[string]any{"from": "SABA", "to": "main", "amount": "1", "requestId": "b1"}, false)
		if out := value[walletTransferAnswer](t, env); rec.Code != 200 || out.Transfer.Status != "failed" || out.Balance != 100_00 {
			t.Fatalf("b out = %d %+v", rec.Code, env)
		}

		rec, env = a.do(http.MethodGet, "/wps/relay/GCS_walletTransfers?limit=2", nil, false)
		if list := value[walletTransferList](t, env); rec.Code != 200 || len(list.Transfers) != 2 {
			t.Fatalf("a's list = %d %+v", rec.Code, env)
		}
		rec, env = a.do(http.MethodPost, "/wps/relay/GCS_walletRecall", map[string]any{"requestId": "a-recall"}, false)
		if rc := value[walletRecallAnswer](t, env); rec.Code != 200 || len(rc.Transfers) != 1 || rc.Balance != 100_00 {
			t.Fatalf("a's recall = %d %+v", rec.Code, env)
		}
		// A vendor that does not answer is marked, not guessed.
		rig.sim.SetFault("CMD", vendorsim.FaultDown)
		rec, env = a.do(http.MethodGet, "/wps/relay/GCS_merchantWallet", nil, false)
		if mw := value[merchantWallet](t, env); rec.Code != 200 || mw.Wallets[1].Vendor != "CMD" || mw.Wallets[1].Available || mw.Wallets[1].Balance != nil {
			t.Fatalf("vendor down = %d %+v", rec.Code, env)
		}
		rig.sim.SetFault("CMD", vendorsim.FaultNone)

		if got, _ := rig.s.Wallet.Balance(context.Background(), "demo", wallet.Member(aID, "USD")); got != 100_00 {
			t.Fatalf("a's main = %d", got)
		}
		if v, err := rig.s.Wallet.Verify(context.Background()); err != nil || len(v) != 0 {
			t.Fatalf("verify: %v %+v", err, v)
		}
	})
}

// TestMerchantWalletSingle: a merchant without transfer-mode vendors (and
// a server without the service) answers one wallet, as before.
func TestMerchantWalletSingle(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		s := newSeededServer(t, db, inhouse.Options{})
		ctx := context.Background()
		m, err := s.Identity.ByUsername(ctx, "demo", "player01")
		if err != nil {
			t.Fatal(err)
		}
		token, err := s.Identity.CreateSession(ctx, m.ID, "192.0.2.10", "test")
		if err != nil {
			t.Fatal(err)
		}
		c := newClient(t, s, "demo")
		c.token = token
		check := func(when string) {
			rec, env := c.do(http.MethodGet, "/wps/relay/GCS_merchantWallet", nil, false)
			if mw := value[merchantWallet](t, env); rec.Code != 200 || !mw.IsSingle || !mw.HasMerchantWallet || len(mw.Wallets) != 0 {
				t.Fatalf("%s: %d %+v", when, rec.Code, env)
			}
		}
		check("no service")
		withTransfers(t, s, db)
		if err := s.Transfers.SetMode(ctx, "demo", "SABA", transferwallet.ModeSeamless); err != nil {
			t.Fatal(err)
		}
		if err := s.Transfers.SetMode(ctx, "demo", "CMD", transferwallet.ModeSeamless); err != nil {
			t.Fatal(err)
		}
		check("every vendor seamless")
		rec, env := c.do(http.MethodPost, "/wps/relay/GCS_walletTransfer", map[string]any{"from": "main", "to": "SABA", "amount": "1", "requestId": "x"}, false)
		if rec.Code != 422 || env.Code != "transfer.wallets_invalid" {
			t.Fatalf("transfer to a seamless vendor = %d %s", rec.Code, env.Code)
		}
	})
}

// TestTransferWalletTrial: a trial account sees the merchant's wallets
// without any vendor being asked, and every move is refused: play money
// never reaches a vendor's wallet.
func TestTransferWalletTrial(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		rig := withTransfers(t, newSeededServer(t, db, inhouse.Options{}), db)
		// Were a vendor asked, this would show it unavailable.
		rig.sim.SetFault("SABA", vendorsim.FaultDown)
		trial := newClient(t, rig.s, "demo")
		rec, env := trial.do(http.MethodPost, "/wps/session/login/freeplay", nil, false)
		if rec.Code != 200 {
			t.Fatalf("free play = %d %+v", rec.Code, env)
		}
		trial.token = value[loginResult](t, env).Token
		rec, env = trial.do(http.MethodGet, "/wps/relay/GCS_merchantWallet", nil, false)
		if mw := value[merchantWallet](t, env); rec.Code != 200 || mw.IsSingle || len(mw.Wallets) != 2 || !mw.Wallets[0].Available ||
			*mw.Wallets[0].Balance != 0 || len(mw.Pending) != 0 {
			t.Fatalf("trial wallets = %d %+v", rec.Code, env)
		}
		for _, path := range []string{"/wps/relay/GCS_walletTransfer", "/wps/relay/GCS_walletRecall"} {
			rec, env = trial.do(http.MethodPost, path, map[string]any{"from": "main", "to": "SABA", "amount": "1", "requestId": "t1"}, false)
			if rec.Code != 403 || env.Code != "member.in_need_true_account" {
				t.Errorf("trial %s = %d %s", path, rec.Code, env.Code)
			}
		}
	})
}
