package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"

	"portal/internal/database"
	"portal/internal/dbtest"
	"portal/internal/operator"
	"portal/internal/promo"
)

// TestPromotionHostileInput: every player route refuses malformed,
// out-of-range and replayed input with the envelope's error and the right
// status, never a 500, and nothing changes; a concurrent double click
// pays once.
func TestPromotionHostileInput(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newPromoWorld(t, db)
		free := mustPromo(t, w.svc, promoInput(promo.KindFree, promo.Reward{Kind: promo.RewardCash, Amount: 700}))
		app := mustPromo(t, w.svc, promoInput(promo.KindApplication, promo.Reward{Kind: promo.RewardCash}))
		draftIn := promoInput(promo.KindFree, promo.Reward{Kind: promo.RewardCash, Amount: 100})
		draftIn.Status = promo.StatusDraft
		draft := mustPromo(t, w.svc, draftIn)
		paused := mustPromo(t, w.svc, promoInput(promo.KindFree, promo.Reward{Kind: promo.RewardCash, Amount: 100}))
		if _, _, err := w.svc.SetStatus(context.Background(), "demo", paused.ID, promo.StatusPaused); err != nil {
			t.Fatal(err)
		}
		id := func(p *promo.Promotion) string { return strconv.FormatInt(p.ID, 10) }
		before := w.cash()
		for _, tc := range []struct {
			method, path string
			body         any
			status       int
			code         string
		}{
			{"GET", "/wps/promotions/abc", nil, 404, "promo.not_found"},
			{"GET", "/wps/promotions/-1", nil, 404, "promo.not_found"},
			{"GET", "/wps/promotions/99999999999999999999999", nil, 404, "promo.not_found"},
			{"GET", "/wps/promotions/" + id(draft), nil, 404, "promo.not_found"},
			{"GET", "/wps/promotions/claims?pageSize=1000", nil, 400, "request.invalid_parameter"},
			{"GET", "/wps/promotions/claims?pageNum=-1", nil, 400, "request.invalid_parameter"},
			{"POST", "/wps/promotions/" + id(free) + "/claim", map[string]any{}, 400, "request.invalid_body"},
			{"POST", "/wps/promotions/" + id(free) + "/claim", map[string]any{"requestId": strings.Repeat("x", 65)}, 400, "request.invalid_body"},
			{"POST", "/wps/promotions/" + id(free) + "/claim", map[string]any{"requestId": 5}, 400, "request.invalid_body"},
			{"POST", "/wps/promotions/" + id(free) + "/claim", map[string]any{"requestId": "a", "amount": 999999}, 400, "request.invalid_body"},
			{"POST", "/wps/promotions/" + id(draft) + "/claim", map[string]any{"requestId": "a"}, 404, "promo.not_found"},
			{"POST", "/wps/promotions/" + id(paused) + "/claim", map[string]any{"requestId": "a"}, 409, "promo.closed"},
			{"POST", "/wps/promotions/" + id(app) + "/claim", map[string]any{"requestId": "b"}, 409, "promo.not_qualified"},
			{"POST", "/wps/promotions/0/claim", map[string]any{"requestId": "a"}, 404, "promo.not_found"},
			{"POST", "/wps/promotions/" + id(free) + "/join", map[string]any{}, 409, "promo.not_joinable"},
			{"POST", "/wps/promotions/" + id(free) + "/join", map[string]any{"x": 1}, 400, "request.invalid_body"},
			{"POST", "/wps/promotion/raffle", map[string]any{"promotionId": 0}, 404, "promo.not_found"},
			{"POST", "/wps/promotion/raffle", map[string]any{"promotionId": free.ID}, 409, "promo.closed"},
			{"POST", "/wps/promotion/raffle", map[string]any{"promotionId": "x"}, 400, "request.invalid_body"},
		} {
			rec, env := w.player.do(tc.method, tc.path, tc.body, false)
			if rec.Code != tc.status || env.Code != tc.code {
				t.Errorf("%s %s %v = %d %s, want %d %s", tc.method, tc.path, tc.body, rec.Code, env.Code, tc.status, tc.code)
			}
		}
		// Malformed JSON bodies.
		for _, raw := range []string{"{", "null", `{"requestId": "a"} {}`, strings.Repeat("[", 10000)} {
			r := httptest.NewRequest(http.MethodPost, "/wps/promotions/"+id(free)+"/claim", strings.NewReader(raw))
			r.Header.Set("Merchant", "demo")
			r.Header.Set("Authorization", w.player.token)
			rec := httptest.NewRecorder()
			w.s.ServeHTTP(rec, r)
			if rec.Code >= 500 || rec.Code == 200 {
				t.Errorf("claim body %.20q = %d", raw, rec.Code)
			}
		}
		// Applications: the rules of G-005..G-008.
		png := testPNG(t, 5, 5)
		for _, tc := range []struct {
			name        string
			contentType string
			body        *bytes.Buffer
			status      int
			code        string
		}{
			{"not multipart", "application/json", bytes.NewBufferString(`{"comment":"x"}`), 400, "request.invalid_body"},
			{"broken multipart", "multipart/form-data; boundary=zzz", bytes.NewBufferString("--zzz\r\nbroken"), 400, "request.invalid_body"},
		} {
			if rec, env := w.apply(w.player, app.ID, tc.contentType, tc.body); rec.Code != tc.status || env.Code != tc.code {
				t.Errorf("apply %s = %d %s", tc.name, rec.Code, env.Code)
			}
		}
		for _, tc := range []struct {
			name    string
			comment string
			images  [][]byte
			status  int
			code    string
		}{
			{"long comment", strings.Repeat("a", 141), nil, 422, "promo.comment_too_long"},
			{"gif", "x", [][]byte{[]byte("GIF89a\x01\x00\x01\x00")}, 422, "promo.image_type"},
			{"svg", "x", [][]byte{[]byte(`<svg onload="alert(1)"/>`)}, 422, "promo.image_type"},
			{"four images", "x", [][]byte{png, png, png, png}, 422, "promo.too_many_images"},
			{"too large", "x", [][]byte{append(append([]byte{}, png...), make([]byte, 5<<20)...)}, 413, "promo.image_too_large"},
		} {
			ct, body := multipartApply(t, tc.comment, tc.images...)
			rec, env := w.apply(w.player, app.ID, ct, body)
			if rec.Code != tc.status || env.Code != tc.code {
				t.Errorf("apply %s = %d %s", tc.name, rec.Code, env.Code)
			}
			if tc.code == "promo.comment_too_long" {
				if v, _ := env.Value.(map[string]any); v["field"] != "comment" {
					t.Errorf("comment error value = %+v", env.Value)
				}
			}
		}
		ct, body := multipartApply(t, strings.Repeat("ក", 140), png)
		if rec, env := w.apply(w.player, app.ID, ct, body); rec.Code != 200 {
			t.Fatalf("apply = %d %+v", rec.Code, env)
		}
		ct, body = multipartApply(t, "again")
		if rec, env := w.apply(w.player, app.ID, ct, body); rec.Code != 409 || env.Code != "promo.application_pending" {
			t.Errorf("second application = %d %s", rec.Code, env.Code)
		}
		if w.cash() != before {
			t.Fatalf("refused calls moved money: %d -> %d", before, w.cash())
		}
		// A concurrent double click (and more) pays once.
		var wg sync.WaitGroup
		codes := make([]int, 10)
		for i := range codes {
			wg.Add(1)
			go func() {
				defer wg.Done()
				raw, _ := json.Marshal(map[string]any{"requestId": "dbl-" + strconv.Itoa(i%2)})
				r := httptest.NewRequest(http.MethodPost, "/wps/promotions/"+id(free)+"/claim", bytes.NewReader(raw))
				r.Header.Set("Merchant", "demo")
				r.Header.Set("Authorization", w.player.token)
				rec := httptest.NewRecorder()
				w.s.ServeHTTP(rec, r)
				codes[i] = rec.Code
			}()
		}
		wg.Wait()
		for _, c := range codes {
			if c != 200 && c != 409 {
				t.Fatalf("double click codes = %v", codes)
			}
		}
		if w.cash() != before+700 {
			t.Fatalf("double click paid %d", w.cash()-before)
		}
		// A trial account is refused before anything runs.
		trial := newClient(t, w.s, "demo")
		rec, env := trial.do(http.MethodPost, "/wps/session/login/freeplay", nil, false)
		if rec.Code == 200 {
			trial.token = value[loginResult](t, env).Token
			if rec, env := trial.do(http.MethodPost, "/wps/promotions/"+id(free)+"/claim", map[string]any{"requestId": "t"}, false); rec.Code != 403 || env.Code != "member.in_need_true_account" {
				t.Errorf("trial claim = %d %s", rec.Code, env.Code)
			}
		}
		// Without a session.
		if rec, env := newClient(t, w.s, "demo").do(http.MethodGet, "/wps/promotions/states", nil, false); rec.Code != 401 || env.Code != "login.not.session" {
			t.Errorf("states without a session = %d %s", rec.Code, env.Code)
		}
		w.verify()
	})
}

// TestAdminPromotionHostileInput: the back office's promotion routes
// refuse malformed bodies and ids with the envelope's error, never a 500,
// and change nothing.
func TestAdminPromotionHostileInput(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newPromoWorld(t, db)
		owner, _ := w.login("demo", "demo-hostile", operator.RoleOwner)
		live := mustPromo(t, w.svc, promoInput(promo.KindFree, promo.Reward{Kind: promo.RewardCash, Amount: 100}))
		id := strconv.FormatInt(live.ID, 10)
		for _, tc := range []struct {
			method, path string
			body         any
			status       int
			code         string
		}{
			{"GET", "/admin/api/promotions/abc", nil, 404, "resource.not_found"},
			{"GET", "/admin/api/promotions/999999", nil, 404, "resource.not_found"},
			{"GET", "/admin/api/promotions/" + id + "/claims?pageSize=0", nil, 400, "request.invalid_parameter"},
			{"GET", "/admin/api/promotions/" + id + "/claims?format=xml", nil, 400, "request.invalid_parameter"},
			{"GET", "/admin/api/promotions/applications?state=bogus", nil, 400, "request.invalid_parameter"},
			{"GET", "/admin/api/promotions/applications/1/images/7", nil, 404, "resource.not_found"},
			{"GET", "/admin/api/promotions/applications/x/images/0", nil, 404, "resource.not_found"},
			{"POST", "/admin/api/promotions", map[string]any{"kind": "free", "reward": "lots"}, 400, "request.invalid_body"},
			{"POST", "/admin/api/promotions", map[string]any{"kind": "free", "startsAt": "yesterday"}, 400, "request.invalid_body"},
			{"POST", "/admin/api/promotions", map[string]any{"kind": "free", "unknown": 1}, 400, "request.invalid_body"},
			{"POST", "/admin/api/promotions", map[string]any{"kind": "free", "startsAt": "2026-01-01T00:00:00Z", "reward": map[string]any{"kind": "cash", "amount": -5},
				"texts": map[string]any{"EN": map[string]any{"title": "x"}}}, 422, "validation.field_invalid"},
			{"POST", "/admin/api/promotions/" + id + "/status", map[string]any{"status": "exploded"}, 422, "validation.field_invalid"},
			{"POST", "/admin/api/promotions/applications/999999/approve", map[string]any{"amount": 100}, 404, "resource.not_found"},
			{"POST", "/admin/api/promotions/applications/999999/approve", map[string]any{"amount": -1}, 422, "admin.amount_invalid"},
			{"POST", "/admin/api/promotions/applications/1/approve", map[string]any{"amount": "1e99"}, 400, "request.invalid_body"},
			{"POST", "/admin/api/promotions/applications/999999/reject", map[string]any{"reason": strings.Repeat("r", 201)}, 422, "admin.reason_invalid"},
		} {
			rec, env := owner.do(tc.method, tc.path, tc.body)
			if rec.Code != tc.status || env.Code != tc.code {
				t.Errorf("%s %s %v = %d %s, want %d %s", tc.method, tc.path, tc.body, rec.Code, env.Code, tc.status, tc.code)
			}
		}
		if cur, _ := w.svc.Get(context.Background(), "demo", live.ID); cur.Status != promo.StatusLive || cur.UpdatedAt != live.UpdatedAt {
			t.Fatalf("refused calls changed the promotion: %+v", cur)
		}
		// Marketing's double click on approve pays once.
		app := mustPromo(t, w.svc, promoInput(promo.KindApplication, promo.Reward{Kind: promo.RewardCash}))
		appID, err := w.svc.Apply(context.Background(), promo.Who{Merchant: "demo", Currency: "USD", MemberID: w.playerID}, app.ID, "win", nil)
		if err != nil {
			t.Fatal(err)
		}
		before := w.cash()
		var wg sync.WaitGroup
		codes := make([]int, 4)
		for i := range codes {
			wg.Add(1)
			go func() {
				defer wg.Done()
				rec, _ := owner.do(http.MethodPost, "/admin/api/promotions/applications/"+strconv.FormatInt(appID, 10)+"/approve", map[string]any{"amount": 300})
				codes[i] = rec.Code
			}()
		}
		wg.Wait()
		ok := 0
		for _, c := range codes {
			if c == 200 {
				ok++
			} else if c != 409 {
				t.Fatalf("approve codes = %v", codes)
			}
		}
		if ok != 1 || w.cash() != before+300 {
			t.Fatalf("approvals paid %d (ok %d)", w.cash()-before, ok)
		}
		w.verify()
	})
}
