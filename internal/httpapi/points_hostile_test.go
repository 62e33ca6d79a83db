package httpapi

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"

	"portal/internal/database"
	"portal/internal/dbtest"
	"portal/internal/loyalty"
	"portal/internal/merchant"
	"portal/internal/operator"
)

// sealedRaw sends raw bytes as an (E) body, sealed with the merchant's key
// as the site does, so malformed JSON reaches the decoder.
func (c *client) sealedRaw(method, path, raw string) (*httptest.ResponseRecorder, envelope) {
	c.t.Helper()
	header, body, err := merchant.SealPayload(c.key, []byte(raw))
	if err != nil {
		c.t.Fatal(err)
	}
	r := httptest.NewRequest(method, path, strings.NewReader(body))
	r.RemoteAddr = c.ip + ":5555"
	r.Header.Set("Merchant", c.merchant)
	r.Header.Set("Encryption", header)
	r.Header.Set("Content-Type", "text/plain")
	r.Header.Set("Authorization", c.token)
	rec := httptest.NewRecorder()
	c.s.ServeHTTP(rec, r)
	return rec, decodeEnvelope(c.t, rec.Result())
}

// TestPointsHostileInput: the points and VIP routes answer malformed,
// out-of-range, foreign, replayed and concurrent input with the right
// error and status, never a 500, and nothing changes.
func TestPointsHostileInput(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newLoyaltyWorld(t, db)
		ctx := context.Background()
		givePoints(t, w.s, w.player01, 1_000)
		items, err := w.s.Loyalty.AdminItems(ctx, "demo")
		if err != nil {
			t.Fatal(err)
		}
		goods := items[2] // 2,000 points: more than player01 has
		cheap, err := w.s.Loyalty.SaveItem(ctx, "demo", loyalty.Item{Kind: "goods", Points: 100, Stock: 3, PerMemberLimit: 1,
			Texts: map[string]loyalty.Text{"EN": {Name: "Pin"}}})
		if err != nil {
			t.Fatal(err)
		}
		foreign, err := w.s.Loyalty.SaveItem(ctx, "lucky", loyalty.Item{Kind: "goods", Points: 1, Stock: 5, Texts: map[string]loyalty.Text{"EN": {Name: "Lucky's"}}})
		if err != nil {
			t.Fatal(err)
		}
		id := func(v int64) string { return strconv.FormatInt(v, 10) }
		long := strings.Repeat("x", 65)
		cases := []struct {
			name, path, raw string
			status          int
			code            string
		}{
			{"not JSON", "/wps/points/redeem", `{"itemId":`, 400, "request.invalid_body"},
			{"unknown field", "/wps/points/redeem", `{"itemId":1,"quantity":1,"paymentPassword":"135790","requestId":"a","admin":true}`, 400, "request.invalid_body"},
			{"string item", "/wps/points/redeem", `{"itemId":"1","quantity":1,"paymentPassword":"135790","requestId":"a"}`, 400, "request.invalid_body"},
			{"huge item", "/wps/points/redeem", `{"itemId":1e40,"quantity":1,"paymentPassword":"135790","requestId":"a"}`, 400, "request.invalid_body"},
			{"negative quantity", "/wps/points/redeem", `{"itemId":` + id(cheap.ID) + `,"quantity":-1,"paymentPassword":"135790","requestId":"a"}`, 422, "validation.field_invalid"},
			{"quantity 101", "/wps/points/redeem", `{"itemId":` + id(cheap.ID) + `,"quantity":101,"paymentPassword":"135790","requestId":"a"}`, 422, "validation.field_invalid"},
			{"no request id", "/wps/points/redeem", `{"itemId":` + id(cheap.ID) + `,"quantity":1,"paymentPassword":"135790","requestId":" "}`, 422, "validation.field_invalid"},
			{"long request id", "/wps/points/redeem", `{"itemId":` + id(cheap.ID) + `,"quantity":1,"paymentPassword":"135790","requestId":"` + long + `"}`, 422, "validation.field_invalid"},
			{"item 0", "/wps/points/redeem", `{"itemId":0,"quantity":1,"paymentPassword":"135790","requestId":"a"}`, 404, "points.not_found"},
			{"missing item", "/wps/points/redeem", `{"itemId":999999,"quantity":1,"paymentPassword":"135790","requestId":"a"}`, 404, "points.not_found"},
			{"another merchant's item", "/wps/points/redeem", `{"itemId":` + id(foreign.ID) + `,"quantity":1,"paymentPassword":"135790","requestId":"a"}`, 404, "points.not_found"},
			{"no password", "/wps/points/redeem", `{"itemId":` + id(cheap.ID) + `,"quantity":1,"paymentPassword":"","requestId":"a"}`, 403, "cashier.payment_password_incorrect"},
			{"huge password", "/wps/points/redeem", `{"itemId":` + id(cheap.ID) + `,"quantity":1,"paymentPassword":"` + strings.Repeat("9", 5000) + `","requestId":"a"}`, 403, "cashier.payment_password_incorrect"},
			{"more than I have", "/wps/points/redeem", `{"itemId":` + id(goods.ID) + `,"quantity":1,"paymentPassword":"135790","requestId":"b"}`, 409, "points.insufficient"},
			{"over the stock", "/wps/points/redeem", `{"itemId":` + id(cheap.ID) + `,"quantity":4,"paymentPassword":"135790","requestId":"c"}`, 409, "points.out_of_stock"},
			{"over the limit", "/wps/points/redeem", `{"itemId":` + id(cheap.ID) + `,"quantity":2,"paymentPassword":"135790","requestId":"d"}`, 409, "points.limit_reached"},
			{"convert not JSON", "/wps/points/convert", `[1,2]`, 400, "request.invalid_body"},
			{"convert negative", "/wps/points/convert", `{"points":-500,"paymentPassword":"135790","requestId":"e"}`, 422, "points.below_minimum"},
			{"convert overflow", "/wps/points/convert", `{"points":99999999999999999999,"paymentPassword":"135790","requestId":"e"}`, 400, "request.invalid_body"},
			{"convert too many", "/wps/points/convert", `{"points":1000000000000000,"paymentPassword":"135790","requestId":"e"}`, 422, "points.below_minimum"},
			{"convert more than I have", "/wps/points/convert", `{"points":5000,"paymentPassword":"135790","requestId":"e"}`, 409, "points.insufficient"},
			{"convert wrong password", "/wps/points/convert", `{"points":500,"paymentPassword":"246802","requestId":"f"}`, 403, "cashier.payment_password_incorrect"},
		}
		for _, c := range cases {
			rec, env := w.p1.sealedRaw(http.MethodPost, c.path, c.raw)
			if rec.Code != c.status || env.Code != c.code {
				t.Errorf("%s: %d %s, want %d %s (%s)", c.name, rec.Code, env.Code, c.status, c.code, env.Message)
			}
		}
		// An unencrypted body on an (E) route is refused.
		if rec, env := w.p1.do(http.MethodPost, "/wps/points/convert", map[string]any{"points": 500, "paymentPassword": "135790", "requestId": "g"}, false); rec.Code != 400 {
			t.Errorf("plain body on an (E) route = %d %s", rec.Code, env.Code)
		}
		for _, q := range []string{"from=2026-13-01", "from=yesterday", "from=2026-11-10&to=2026-11-01", "from=2020-01-01&to=2026-01-01", "pageSize=1000", "pageNum=0"} {
			if rec, env := w.p1.do(http.MethodGet, "/wps/points/transactions?"+q, nil, false); rec.Code != 400 || env.Code != "request.invalid_parameter" {
				t.Errorf("transactions?%s = %d %s", q, rec.Code, env.Code)
			}
		}
		if w.points(w.player01) != 1_000 {
			t.Fatalf("points changed by refused calls: %d", w.points(w.player01))
		}
		if it, _ := w.s.Loyalty.Item(ctx, "demo", cheap.ID); it.Stock != 3 {
			t.Fatalf("stock changed by refused calls: %d", it.Stock)
		}

		// Concurrent double clicks of one redemption: one redemption, one debit.
		var wg sync.WaitGroup
		ids := make([]int64, 10)
		for i := range 10 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				rec, env := w.p1.sealedRaw(http.MethodPost, "/wps/points/redeem", `{"itemId":`+id(cheap.ID)+`,"quantity":1,"paymentPassword":"135790","requestId":"dbl"}`)
				if rec.Code != 200 {
					t.Errorf("double click = %d %+v", rec.Code, env)
					return
				}
				ids[i] = value[loyalty.Redemption](t, env).ID
			}()
		}
		wg.Wait()
		for _, v := range ids {
			if v != ids[0] {
				t.Fatalf("double click made several redemptions: %v", ids)
			}
		}
		// A replay with another body is refused.
		if rec, env := w.p1.sealedRaw(http.MethodPost, "/wps/points/redeem", `{"itemId":`+id(cheap.ID)+`,"quantity":2,"paymentPassword":"135790","requestId":"dbl"}`); rec.Code != 409 || env.Code != "points.request_reused" {
			t.Errorf("replay with another body = %d %s", rec.Code, env.Code)
		}
		if w.points(w.player01) != 900 {
			t.Fatalf("points after the double click %d", w.points(w.player01))
		}
		// The other member's list never shows player01's redemption.
		_, env := w.p2.do(http.MethodGet, "/wps/points/redeem/list", nil, false)
		if p := value[loyalty.Page[loyalty.Redemption]](t, env); p.Total != 0 {
			t.Fatalf("another member sees %+v", p)
		}

		// The back office.
		owner, _ := w.login("demo", "demo-owner", operator.RoleOwner)
		admin := []struct {
			name, method, path string
			body               any
			status             int
			code               string
		}{
			{"approve missing", http.MethodPost, "/admin/api/points/redemptions/999999/approve", nil, 404, "resource.not_found"},
			{"approve bad id", http.MethodPost, "/admin/api/points/redemptions/abc/approve", nil, 404, "resource.not_found"},
			{"reject long reason", http.MethodPost, "/admin/api/points/redemptions/" + id(ids[0]) + "/reject", map[string]any{"reason": strings.Repeat("r", 201)}, 422, "validation.field_invalid"},
			{"reject unknown field", http.MethodPost, "/admin/api/points/redemptions/" + id(ids[0]) + "/reject", map[string]any{"amount": 5}, 400, "request.invalid_body"},
			{"settings rate 0", http.MethodPut, "/admin/api/points/settings", map[string]any{"enabled": true, "earnRateBp": 1, "convertRate": 0, "convertMin": 1}, 422, "points.invalid"},
			{"settings negative earn", http.MethodPut, "/admin/api/points/settings", map[string]any{"enabled": true, "earnRateBp": -1, "convertRate": 1, "convertMin": 1}, 422, "points.invalid"},
			{"levels with a gap", http.MethodPut, "/admin/api/vip/levels", map[string]any{"levels": []map[string]any{{"level": 0, "name": "A", "windowDays": 30}, {"level": 2, "name": "B", "windowDays": 30}}}, 422, "points.invalid"},
			{"levels empty", http.MethodPut, "/admin/api/vip/levels", map[string]any{"levels": []map[string]any{}}, 422, "points.invalid"},
			{"level window 0", http.MethodPut, "/admin/api/vip/levels", map[string]any{"levels": []map[string]any{{"level": 0, "name": "A", "windowDays": 0}}}, 422, "points.invalid"},
			{"item bad kind", http.MethodPost, "/admin/api/points/items", map[string]any{"kind": "car", "points": 1, "texts": map[string]any{"EN": map[string]any{"name": "x"}}}, 422, "points.invalid"},
			{"item negative stock", http.MethodPost, "/admin/api/points/items", map[string]any{"kind": "goods", "points": 1, "stock": -1, "texts": map[string]any{"EN": map[string]any{"name": "x"}}}, 422, "points.invalid"},
			{"item of another merchant", http.MethodPut, "/admin/api/points/items/" + id(foreign.ID), map[string]any{"kind": "goods", "points": 1, "texts": map[string]any{"EN": map[string]any{"name": "x"}}}, 404, "resource.not_found"},
			{"get item of another merchant", http.MethodGet, "/admin/api/points/items/" + id(foreign.ID), nil, 404, "resource.not_found"},
			{"redemptions bad status", http.MethodGet, "/admin/api/points/redemptions?status=paid", nil, 400, "request.invalid_parameter"},
		}
		for _, c := range admin {
			rec, env := owner.do(c.method, c.path, c.body)
			if rec.Code != c.status || env.Code != c.code {
				t.Errorf("%s: %d %s, want %d %s", c.name, rec.Code, env.Code, c.status, c.code)
			}
		}
		// Concurrent double clicks of a rejection: one refund.
		var okCount int
		var mu sync.Mutex
		for range 5 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				rec, env := owner.do(http.MethodPost, "/admin/api/points/redemptions/"+id(ids[0])+"/reject", map[string]any{"reason": "dup"})
				mu.Lock()
				defer mu.Unlock()
				switch {
				case rec.Code == 200:
					okCount++
				case rec.Code != 409 || env.Code != "points.already_decided":
					t.Errorf("concurrent reject = %d %s", rec.Code, env.Code)
				}
			}()
		}
		wg.Wait()
		if okCount != 1 || w.points(w.player01) != 1_000 {
			t.Fatalf("rejections %d, points %d", okCount, w.points(w.player01))
		}
		if st, _ := w.s.Loyalty.Settings(ctx, "demo"); st.ConvertRate != 100 {
			t.Fatalf("settings changed by refused calls: %+v", st)
		}
		if lv, _ := w.s.Loyalty.Levels(ctx, "demo"); len(lv) != 6 {
			t.Fatalf("levels changed by refused calls: %d", len(lv))
		}
		w.verify()
	})
}
