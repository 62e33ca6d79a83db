package httpapi

import (
	"bytes"
	"context"
	"encoding/base64"
	"image"
	"image/color"
	"image/gif"
	"image/png"
	"net/http"
	"strconv"
	"strings"
	"testing"

	"portal/internal/database"
	"portal/internal/dbtest"
	"portal/internal/merchant"
	"portal/internal/operator"
)

func init() {
	adminSampleAreas = append(adminSampleAreas, func(w *adminWorld) map[string]any {
		ctx := context.Background()
		create := func(title string) string {
			it, err := w.s.Merchant.CreateContent(ctx, "demo", merchant.Item{Kind: merchant.KindAnnouncement, Type: "PR", Execution: "A",
				Texts: map[string]merchant.Text{"EN": {Title: title, Content: "<p>sample</p>"}}})
			if err != nil {
				w.t.Fatal(err)
			}
			return strconv.FormatInt(it.ID, 10)
		}
		kept, doomed := create("Sample kept"), create("Sample deleted")
		help, err := w.s.Merchant.ContentItems(ctx, "demo", merchant.KindHelp)
		if err != nil {
			w.t.Fatal(err)
		}
		var banking []int64
		for _, h := range help {
			if h.Type == "banking" {
				banking = append([]int64{h.ID}, banking...)
			}
		}
		return map[string]any{
			"_path GET /admin/api/content":    "/admin/api/content?kind=announcement&pageSize=100",
			"_id GET /admin/api/content/{id}": kept,
			"_id PUT /admin/api/content/{id}": kept,
			"PUT /admin/api/content/{id}": map[string]any{"type": "PR", "execution": "B",
				"texts": map[string]any{"EN": map[string]string{"title": "Sample changed", "content": "<p>changed</p>"}}},
			"_id DELETE /admin/api/content/{id}": doomed,
			"DELETE /admin/api/content/{id}":     nil,
			"POST /admin/api/content": map[string]any{"kind": "notice", "type": "PL", "execution": "B",
				"texts": map[string]any{"KM": map[string]string{"title": "ការជូនដំណឹង", "content": "<p>សាកល្បង</p>"}}},
			"POST /admin/api/content/reorder": map[string]any{"kind": "help", "type": "banking", "ids": banking},
			"POST /admin/api/content/images":  map[string]any{"data": base64.StdEncoding.EncodeToString(testPNG(w.t, 12, 6))},
			"POST /admin/api/content/preview": map[string]any{"kind": "announcement", "language": "KM",
				"texts": map[string]any{"EN": map[string]string{"title": "Draft", "content": "<p>draft</p>"}}},
		}
	})
}

func testPNG(t *testing.T, w, h int) []byte {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for x := range w {
		img.Set(x, 0, color.NRGBA{200, uint8(x), 10, 255})
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestAdminContent: an operator with the content role publishes an
// announcement in Khmer that a visitor reads at once, changes and
// deletes it with the values in the audit trail, uploads a banner image
// that is served re-encoded with safe headers; hostile input is refused
// with the field named and changes nothing; another merchant's items are
// 404.
func TestAdminContent(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newAdminWorld(t, db)
		ed, _ := w.login("demo", "demo-editor", operator.RoleContent)
		lucky, _ := w.login("lucky", "lucky-editor", operator.RoleContent)
		visitor := newClient(t, w.s, "demo")

		// Publish in KM; a visitor sees it on the next call.
		rec, env := ed.do(http.MethodPost, "/admin/api/content", map[string]any{"kind": "announcement", "type": "PU", "execution": "B",
			"texts": map[string]any{"KM": map[string]string{"title": "សេចក្តីប្រកាសថ្មី", "content": `<p onmouseover="steal()">សួស្តី<script>alert(1)</script></p><a href="javascript:alert(1)">x</a>`}}})
		if rec.Code != 200 {
			t.Fatalf("create = %d %+v", rec.Code, env)
		}
		created := value[contentItem](t, env)
		if c := created.Texts["KM"].Content; strings.Contains(c, "script") || strings.Contains(c, "onmouseover") || strings.Contains(c, "javascript") || created.Status != "live" {
			t.Fatalf("stored %+v", created)
		}
		_, env = visitor.do(http.MethodGet, "/wps/system/announcements?language=KM", nil, false)
		found := false
		for _, n := range value[[]merchant.Notice](t, env) {
			if n.ID == created.ID {
				found = n.Title == "សេចក្តីប្រកាសថ្មី" && !strings.Contains(n.Content, "script")
			}
		}
		if !found {
			t.Fatalf("the visitor does not see it: %+v", env.Value)
		}
		id := strconv.FormatInt(created.ID, 10)
		if e := w.audit("postAdminApiContent", "ok"); len(e) == 0 || e[0].Target != "content:"+id || !strings.Contains(e[0].After, "សេចក្តីប្រកាសថ្មី") {
			t.Errorf("create audit = %+v", e)
		}

		// The list: filtered by language, status and words, paged.
		rec, env = ed.do(http.MethodGet, "/admin/api/content?kind=announcement&lang=KM&status=live&q=%E1%9E%90%E1%9F%92%E1%9E%98%E1%9E%B8&pageSize=5", nil)
		page := value[Page[contentItem]](t, env)
		if rec.Code != 200 || page.Total != 1 || page.Content[0].ID != created.ID {
			t.Fatalf("list = %d %+v", rec.Code, page)
		}
		_, env = ed.do(http.MethodGet, "/admin/api/content?kind=announcement&sort=createdAt&dir=desc&pageSize=1", nil)
		if page = value[Page[contentItem]](t, env); page.Content[0].ID != created.ID || page.TotalPages != page.Total {
			t.Fatalf("newest first = %+v", page)
		}

		// Change: ends now, so it leaves the public list; audited before/after.
		rec, env = ed.do(http.MethodPut, "/admin/api/content/"+id, map[string]any{"type": "PU", "execution": "B",
			"startsAt": "2026-01-01T00:00:00Z", "endsAt": "2026-01-02T00:00:00Z",
			"texts": map[string]any{"KM": map[string]string{"title": "ចប់ហើយ", "content": "<p>ចប់</p>"}}})
		if rec.Code != 200 || value[contentItem](t, env).Status != "ended" {
			t.Fatalf("update = %d %+v", rec.Code, env)
		}
		if e := w.audit("putAdminApiContentId", "ok"); len(e) == 0 || !strings.Contains(e[0].Before, "សេចក្តីប្រកាសថ្មី") || !strings.Contains(e[0].After, "ចប់ហើយ") {
			t.Errorf("update audit = %+v", e)
		}
		_, env = visitor.do(http.MethodGet, "/wps/system/announcements?language=KM", nil, false)
		for _, n := range value[[]merchant.Notice](t, env) {
			if n.ID == created.ID {
				t.Fatal("an ended announcement is still public")
			}
		}

		// Another merchant's operator: 404 on every call on demo's item.
		for _, m := range []string{http.MethodGet, http.MethodPut, http.MethodDelete} {
			if rec, env := lucky.do(m, "/admin/api/content/"+id, map[string]any{"type": "PU", "execution": "B",
				"texts": map[string]any{"EN": map[string]string{"title": "x", "content": "y"}}}); rec.Code != 404 || env.Code != "resource.not_found" {
				t.Errorf("lucky %s demo's item = %d %s", m, rec.Code, env.Code)
			}
		}
		if _, env := lucky.do(http.MethodGet, "/admin/api/content?kind=announcement&pageSize=100", nil); strings.Contains(strings.Join(titles(t, env), "|"), "ចប់ហើយ") {
			t.Error("lucky lists demo's item")
		}

		// Hostile and malformed input: refused, named, nothing changed.
		ann := func(change func(map[string]any)) map[string]any {
			b := map[string]any{"kind": "announcement", "type": "PU", "execution": "B",
				"texts": map[string]any{"EN": map[string]string{"title": "t", "content": "<p>c</p>"}}}
			change(b)
			return b
		}
		hostile := []struct {
			name   string
			method string
			path   string
			body   any
			status int
			code   string
			field  string
		}{
			{"unknown kind", "POST", "/admin/api/content", ann(func(b map[string]any) { b["kind"] = "popup" }), 422, "admin.content_invalid", "kind"},
			{"unknown field", "POST", "/admin/api/content", ann(func(b map[string]any) { b["merchant"] = "lucky" }), 400, "request.invalid_body", ""},
			{"kind on update", "PUT", "/admin/api/content/" + id, ann(func(map[string]any) {}), 400, "request.invalid_body", ""},
			{"texts not an object", "POST", "/admin/api/content", ann(func(b map[string]any) { b["texts"] = "x" }), 400, "request.invalid_body", ""},
			{"a date that is not one", "POST", "/admin/api/content", ann(func(b map[string]any) { b["startsAt"] = "tomorrow" }), 400, "request.invalid_body", ""},
			{"a foreign language", "POST", "/admin/api/content", ann(func(b map[string]any) {
				b["texts"] = map[string]any{"XX": map[string]string{"title": "t", "content": "c"}}
			}), 422, "admin.content_invalid", "texts.XX"},
			{"only a script", "POST", "/admin/api/content", ann(func(b map[string]any) {
				b["texts"] = map[string]any{"EN": map[string]string{"title": "t", "content": "<script>alert(1)</script>"}}
			}), 422, "admin.content_invalid", "texts.EN.content"},
			{"banner linking javascript:", "POST", "/admin/api/content", map[string]any{"kind": "banner", "type": "web-home", "linkageType": "URL", "linkage": "javascript:alert(1)",
				"texts": map[string]any{"EN": map[string]string{"title": "t"}}}, 422, "admin.content_invalid", "linkage"},
			{"banner with another's image", "POST", "/admin/api/content", map[string]any{"kind": "banner", "type": "web-home", "image": strings.Repeat("0", 64) + ".png",
				"texts": map[string]any{"EN": map[string]string{"title": "t"}}}, 422, "admin.content_invalid", "image"},
			{"a body over 1 MB", "POST", "/admin/api/content", ann(func(b map[string]any) {
				b["texts"] = map[string]any{"EN": map[string]string{"title": "t", "content": strings.Repeat("x", 1<<20)}}
			}), 413, "request.too_large", ""},
			{"id not a number", "PUT", "/admin/api/content/1e3", ann(func(b map[string]any) { delete(b, "kind") }), 404, "resource.not_found", ""},
			{"id of nothing", "DELETE", "/admin/api/content/999999999", nil, 404, "resource.not_found", ""},
			{"reorder another group's ids", "POST", "/admin/api/content/reorder", map[string]any{"kind": "help", "type": "faq", "ids": []int64{created.ID}}, 422, "admin.content_invalid", "ids"},
			{"reorder an unknown group", "POST", "/admin/api/content/reorder", map[string]any{"kind": "help", "type": "x", "ids": []int64{}}, 422, "admin.content_invalid", "type"},
			{"upload not base64", "POST", "/admin/api/content/images", map[string]any{"data": "!!!"}, 422, "admin.image_invalid", "data"},
			{"upload a GIF", "POST", "/admin/api/content/images", map[string]any{"data": base64.StdEncoding.EncodeToString(testGIF(t))}, 422, "admin.image_invalid", "data"},
			{"upload HTML", "POST", "/admin/api/content/images", map[string]any{"data": base64.StdEncoding.EncodeToString([]byte("<html><script>alert(1)</script>"))}, 422, "admin.image_invalid", "data"},
			{"upload over 2 MB", "POST", "/admin/api/content/images", map[string]any{"data": base64.StdEncoding.EncodeToString(append(testPNG(t, 4, 4), make([]byte, merchant.ImageMaxBytes)...))}, 413, "", ""},
			{"list without a kind", "GET", "/admin/api/content", nil, 400, "request.invalid_parameter", "kind"},
			{"list with a bad status", "GET", "/admin/api/content?kind=help&status=deleted", nil, 400, "request.invalid_parameter", "status"},
			{"list with a bad language", "GET", "/admin/api/content?kind=help&lang=zz-zz-zz", nil, 400, "request.invalid_parameter", "lang"},
		}
		for _, h := range hostile {
			before := countContent(t, db)
			rec, env := ed.do(h.method, h.path, h.body)
			fe, _ := env.Value.(map[string]any)
			if rec.Code != h.status || h.code != "" && env.Code != h.code || h.field != "" && (fe == nil || fe["field"] != h.field) {
				t.Errorf("%s = %d %s %v", h.name, rec.Code, env.Code, env.Value)
			}
			if countContent(t, db) != before {
				t.Errorf("%s changed the content", h.name)
			}
		}

		// Upload: stored re-encoded, served with a type, nosniff and a year.
		raw := append(testPNG(t, 30, 10), []byte("<script>alert(1)</script>")...)
		rec, env = ed.do(http.MethodPost, "/admin/api/content/images", map[string]any{"data": base64.StdEncoding.EncodeToString(raw)})
		img := value[merchant.Image](t, env)
		if rec.Code != 200 || img.Width != 30 || img.ContentType != "image/png" {
			t.Fatalf("upload = %d %+v", rec.Code, env)
		}
		served := ed.raw(http.MethodGet, img.URL, nil)
		if served.Code != 200 || served.Header().Get("Content-Type") != "image/png" || served.Header().Get("X-Content-Type-Options") != "nosniff" ||
			!strings.Contains(served.Header().Get("Cache-Control"), "immutable") || bytes.Contains(served.Body.Bytes(), []byte("script")) {
			t.Fatalf("served = %d %v", served.Code, served.Header())
		}
		if again := ed.raw(http.MethodGet, strings.Replace(img.URL, "/demo/", "/lucky/", 1), nil); again.Code != 404 {
			t.Errorf("demo's image under lucky = %d", again.Code)
		}
		// A banner shows it; the public banner list points at it.
		rec, env = ed.do(http.MethodPost, "/admin/api/content", map[string]any{"kind": "banner", "type": "w_login", "image": img.File, "linkageType": "ROUTE", "linkage": "/promotions",
			"texts": map[string]any{"EN": map[string]string{"title": "Uploaded"}}})
		if rec.Code != 200 {
			t.Fatalf("banner = %d %+v", rec.Code, env)
		}
		_, env = visitor.do(http.MethodGet, "/wps/system/banners?group=w_login", nil, false)
		banners := value[[]merchant.Banner](t, env)
		if last := banners[len(banners)-1]; last.URL != img.URL {
			t.Errorf("public banners = %+v", banners)
		}

		// Preview: the draft as a KM reader sees it, sanitized, with the
		// language the public calls would fall back to.
		rec, env = ed.do(http.MethodPost, "/admin/api/content/preview", map[string]any{"kind": "help", "language": "KM",
			"texts": map[string]any{"EN": map[string]string{"title": "Only English", "content": `<p>ok<img src=x onerror=alert(1)></p>`}}})
		pv := value[merchant.Preview](t, env)
		if rec.Code != 200 || pv.Language != "EN" || pv.Title != "Only English" || strings.Contains(pv.Content, "onerror") {
			t.Fatalf("preview = %d %+v", rec.Code, pv)
		}

		// Delete: gone, the audit entry keeps it whole.
		if rec, env := ed.do(http.MethodDelete, "/admin/api/content/"+id, nil); rec.Code != 200 {
			t.Fatalf("delete = %d %+v", rec.Code, env)
		}
		if e := w.audit("deleteAdminApiContentId", "ok"); len(e) == 0 || !strings.Contains(e[0].Before, "ចប់ហើយ") || e[0].After != "" && e[0].After != "null" {
			t.Errorf("delete audit = %+v", e)
		}
		if rec, _ := ed.do(http.MethodGet, "/admin/api/content/"+id, nil); rec.Code != 404 {
			t.Errorf("deleted item = %d", rec.Code)
		}
	})
}

func testGIF(t *testing.T) []byte {
	var b bytes.Buffer
	if err := gif.Encode(&b, image.NewPaletted(image.Rect(0, 0, 4, 4), []color.Color{color.Black, color.White}), nil); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func titles(t *testing.T, env envelope) []string {
	var out []string
	for _, it := range value[Page[contentItem]](t, env).Content {
		for _, x := range it.Texts {
			out = append(out, x.Title)
		}
	}
	return out
}

func countContent(t *testing.T, db *database.DB) int {
	t.Helper()
	var n int
	if err := db.Read().QueryRowContext(context.Background(), `SELECT COUNT(*) + (SELECT COUNT(*) FROM content_images) FROM merchant_content`).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}
