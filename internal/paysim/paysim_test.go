package paysim

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"portal/internal/database"
	"portal/internal/dbtest"
)

// TestSignedCalls: registering a payment and asking its state need the
// channel's signature; the answer is signed; an unknown payment is 404;
// a payment settles once.
func TestSignedCalls(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		h := NewHandler(db, Options{Base: func() string { return "http://127.0.0.1:1" },
			Secret: func(_ context.Context, merchant, channel string) (string, error) {
				return merchant + channel + "-secret", nil
			}})
		body, _ := json.Marshal(createRequest{Merchant: "demo", Channel: "sim", OrderID: 7, Amount: 1234, Currency: "USD",
			NotifyPath: "/cashier/webhook/sim", ReturnURL: "/member?page=depositv2&order=7"})
		call := func(method, path string, body []byte, sig string) *httptest.ResponseRecorder {
			r := httptest.NewRequest(method, path, bytes.NewReader(body))
			r.Header.Set("X-Signature", sig)
			rec := httptest.NewRecorder()
			h.ServeHTTP(rec, r)
			return rec
		}
		for _, sig := range []string{"", "zz", sign("wrong", body)} {
			if rec := call(http.MethodPost, "/paysim/api/orders", body, sig); rec.Code != 401 {
				t.Errorf("create signed %q = %d", sig, rec.Code)
			}
		}
		if rec := call(http.MethodPost, "/paysim/api/orders", []byte(`{"orderId":-1}`), ""); rec.Code != 400 {
			t.Errorf("bad create = %d", rec.Code)
		}
		rec := call(http.MethodPost, "/paysim/api/orders", body, sign("demosim-secret", body))
		var created struct{ PSPOrderID string }
		if rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &created) != nil || created.PSPOrderID == "" {
			t.Fatalf("create = %d %s", rec.Code, rec.Body)
		}
		path := "/paysim/api/orders/" + created.PSPOrderID
		if rec := call(http.MethodGet, path, nil, sign("wrong", []byte(path))); rec.Code != 401 {
			t.Errorf("query with a wrong signature = %d", rec.Code)
		}
		if rec := call(http.MethodGet, "/paysim/api/orders/PSnone", nil, ""); rec.Code != 404 {
			t.Errorf("unknown = %d", rec.Code)
		}
		if rec := call(http.MethodGet, "/paysim/pay/"+created.PSPOrderID, nil, ""); rec.Code != 200 || !strings.Contains(rec.Body.String(), "12.34 USD") {
			t.Errorf("pay page = %d", rec.Code)
		}
		if err := h.Settle(context.Background(), created.PSPOrderID, "paid", Switches{Silent: true, Mismatch: true}); err != nil {
			t.Fatal(err)
		}
		if err := h.Settle(context.Background(), created.PSPOrderID, "failed", Switches{Silent: true}); err != errSettled {
			t.Errorf("second settle = %v", err)
		}
		rec = call(http.MethodGet, path, nil, sign("demosim-secret", []byte(path)))
		var n Notice
		if rec.Code != 200 || json.Unmarshal(rec.Body.Bytes(), &n) != nil || n.Status != "paid" || n.Amount != 1235 || n.OrderID != 7 ||
			!verify("demosim-secret", rec.Body.Bytes(), rec.Header().Get("X-Signature")) {
			t.Errorf("query = %d %s", rec.Code, rec.Body)
		}
	})
}
