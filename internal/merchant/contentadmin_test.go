package merchant

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"portal/internal/database"
	"portal/internal/dbtest"
)

// TestCheckItem: every rule of an item an operator writes, each broken
// once, names its field.
func TestCheckItem(t *testing.T) {
	m := &Merchant{Code: "demo", DefaultLanguage: "KM", Languages: []string{"KM", "EN", "CN"}}
	at := time.Date(2026, 12, 1, 0, 0, 0, 0, time.UTC)
	announcement := func(change func(*Item)) Item {
		it := Item{Kind: KindAnnouncement, Slug: "a-1", Type: "PU", Execution: "B",
			Texts: map[string]Text{"KM": {Title: "សួស្តី", Content: "<p>ថ្ងៃនេះ</p>"}}}
		if change != nil {
			change(&it)
		}
		return it
	}
	banner := func(change func(*Item)) Item {
		it := Item{Kind: KindBanner, Slug: "b-1", Type: "web-home", LinkageType: "ROUTE", Linkage: "/promotions",
			Texts: map[string]Text{"EN": {Title: "Hello"}}}
		if change != nil {
			change(&it)
		}
		return it
	}
	tests := []struct {
		name  string
		it    Item
		field string // "" valid
	}{
		{"an announcement", announcement(nil), ""},
		{"a banner", banner(nil), ""},
		{"a banner with an outside link", banner(func(it *Item) { it.LinkageType, it.Linkage = "URL", "https://example.com/x?y=1" }), ""},
		{"a scheduled notice", Item{Kind: KindNotice, Slug: "n", Type: "PL", Execution: "A", StartsAt: at, EndsAt: at.Add(time.Hour),
			Texts: map[string]Text{"EN": {Title: "T", Content: "plain words"}}}, ""},
		{"a help article", Item{Kind: KindHelp, Slug: "h", Type: "faq", Texts: map[string]Text{"CN": {Title: "问", Content: "<p>答</p>"}}}, ""},
		{"unknown kind", announcement(func(it *Item) { it.Kind = "popup" }), "kind"},
		{"slug with a slash", announcement(func(it *Item) { it.Slug = "a/b" }), "slug"},
		{"slug too long", announcement(func(it *Item) { it.Slug = strings.Repeat("a", 65) }), "slug"},
		{"announcement type of a banner", announcement(func(it *Item) { it.Type = "web-home" }), "type"},
		{"notice type H", Item{Kind: KindNotice, Slug: "n", Type: "H", Execution: "B", Texts: map[string]Text{"EN": {Title: "T", Content: "x"}}}, "type"},
		{"help category unknown", Item{Kind: KindHelp, Slug: "h", Type: "misc", Texts: map[string]Text{"EN": {Title: "T", Content: "x"}}}, "type"},
		{"no audience", announcement(func(it *Item) { it.Execution = "" }), "execution"},
		{"audience Z", announcement(func(it *Item) { it.Execution = "Z" }), "execution"},
		{"a banner with an audience", banner(func(it *Item) { it.Execution = "A" }), "execution"},
		{"platform H5", announcement(func(it *Item) { it.Platform = "H5" }), "platform"},
		{"linkage type JS", banner(func(it *Item) { it.LinkageType = "JS" }), "linkageType"},
		{"an announcement that links", announcement(func(it *Item) { it.LinkageType, it.Linkage = "ROUTE", "/x" }), "linkageType"},
		{"route to another host", banner(func(it *Item) { it.Linkage = "//evil.example" }), "linkage"},
		{"route with a backslash", banner(func(it *Item) { it.Linkage = "/\\evil.example" }), "linkage"},
		{"route not a path", banner(func(it *Item) { it.Linkage = "javascript:alert(1)" }), "linkage"},
		{"URL javascript:", banner(func(it *Item) { it.LinkageType, it.Linkage = "URL", "javascript:alert(1)" }), "linkage"},
		{"URL data:", banner(func(it *Item) { it.LinkageType, it.Linkage = "URL", "data:text/html,<script>" }), "linkage"},
		{"URL with credentials", banner(func(it *Item) { it.LinkageType, it.Linkage = "URL", "https://a:b@example.com" }), "linkage"},
		{"NONE with a link", banner(func(it *Item) { it.LinkageType = "NONE" }), "linkage"},
		{"image on an announcement", announcement(func(it *Item) { it.Image = strings.Repeat("a", 64) + ".png" }), "image"},
		{"image not a stored name", banner(func(it *Item) { it.Image = "../../etc/passwd" }), "image"},
		{"ends before it starts", announcement(func(it *Item) { it.StartsAt, it.EndsAt = at, at.Add(-time.Second) }), "endsAt"},
		{"ends as it starts", announcement(func(it *Item) { it.StartsAt, it.EndsAt = at, at }), "endsAt"},
		{"starts in 1970", announcement(func(it *Item) { it.StartsAt = time.Unix(1, 0) }), "startsAt"},
		{"ends in 2200", announcement(func(it *Item) { it.EndsAt = at.AddDate(200, 0, 0) }), "endsAt"},
		{"no texts", announcement(func(it *Item) { it.Texts = nil }), "texts"},
		{"a language the merchant lacks", announcement(func(it *Item) { it.Texts["TH"] = Text{Title: "x", Content: "y"} }), "texts.TH"},
		{"a lower-case language", announcement(func(it *Item) { it.Texts = map[string]Text{"km": {Title: "x", Content: "y"}} }), "texts.km"},
		{"empty title", announcement(func(it *Item) { it.Texts["KM"] = Text{Title: "  ", Content: "y"} }), "texts.KM.title"},
		{"title too long", announcement(func(it *Item) { it.Texts["KM"] = Text{Title: strings.Repeat("ក", 201), Content: "y"} }), "texts.KM.title"},
		{"title on two lines", announcement(func(it *Item) { it.Texts["KM"] = Text{Title: "a\nb", Content: "y"} }), "texts.KM.title"},
		{"title with a control", announcement(func(it *Item) { it.Texts["KM"] = Text{Title: "a\x00b", Content: "y"} }), "texts.KM.title"},
		{"content too long", announcement(func(it *Item) { it.Texts["KM"] = Text{Title: "a", Content: strings.Repeat("x", ContentMaxLen+1)} }), "texts.KM.content"},
		{"content not UTF-8", announcement(func(it *Item) { it.Texts["KM"] = Text{Title: "a", Content: "\xff\xfe"} }), "texts.KM.content"},
		{"content empty", announcement(func(it *Item) { it.Texts["KM"] = Text{Title: "a", Content: "<p> </p>"} }), "texts.KM.content"},
		{"content only a script", announcement(func(it *Item) { it.Texts["KM"] = Text{Title: "a", Content: "<script>alert(1)</script>"} }), "texts.KM.content"},
		{"a banner with a body", banner(func(it *Item) { it.Texts["EN"] = Text{Title: "a", Content: "<p>b</p>"} }), "texts.EN.content"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			it := tt.it
			err := checkItem(m, &it)
			var ce *ContentError
			switch {
			case tt.field == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case tt.field != "" && (!errors.As(err, &ce) || ce.Field != tt.field):
				t.Fatalf("err = %v, want field %s", err, tt.field)
			}
		})
	}
}

// TestSanitizeHostile: the one policy keeps an announcement's markup and
// drops every way of running script or hiding content.
func TestSanitizeHostile(t *testing.T) {
	tests := []struct {
		name, in string
		keep     []string // must survive
	}{
		{"script element", `<p>hi</p><script>alert(1)</script>`, []string{"<p>hi</p>"}},
		{"script with odd case", `<ScRiPt>alert(1)</sCrIpT>ok`, []string{"ok"}},
		{"onerror handler", `<img src="x" onerror="alert(1)">`, nil},
		{"onclick on a paragraph", `<p onclick="alert(1)">p</p>`, []string{"<p>p</p>"}},
		{"javascript: link", `<a href="javascript:alert(1)">x</a>`, []string{"x"}},
		{"javascript: with entities", `<a href="jav&#x09;ascript:alert(1)">x</a>`, []string{"x"}},
		{"vbscript: link", `<a href="vbscript:msgbox(1)">x</a>`, []string{"x"}},
		{"data: link", `<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>`, []string{"x"}},
		{"style expression", `<p style="width: expression(alert(1))">w</p>`, []string{"w"}},
		{"style element", `<style>body{display:none}</style><p>s</p>`, []string{"<p>s</p>"}},
		{"style hiding", `<div style="position:fixed;top:0;left:0;width:100%;height:100%">cover</div>`, []string{"cover"}},
		{"svg with onload", `<svg onload="alert(1)"><circle r="1"/></svg>ok`, []string{"ok"}},
		{"svg script", `<svg><script>alert(1)</script></svg>`, nil},
		{"iframe", `<iframe src="https://evil.example"></iframe>f`, []string{"f"}},
		{"object and embed", `<object data="x.swf"></object><embed src="x.swf">e`, []string{"e"}},
		{"form", `<form action="https://evil.example"><input name="p"></form>`, nil},
		{"meta refresh", `<meta http-equiv="refresh" content="0;url=https://evil.example">`, nil},
		{"base href", `<base href="https://evil.example/">`, nil},
		{"math with xlink", `<math><a xlink:href="javascript:alert(1)">m</a></math>`, []string{"m"}},
		{"unclosed attribute", `<p title="a><script>alert(1)</script>">t</p>`, nil},
		{"plain text", `a < b & c`, []string{"a &lt; b &amp; c"}},
		{"safe markup", `<h3>T</h3><p><strong>b</strong> <em>i</em> <a href="https://example.com" target="_blank">l</a></p><ul><li>x</li></ul>`,
			[]string{"<h3>T</h3>", "<strong>b</strong>", "<em>i</em>", `href="https://example.com"`, "<li>x</li>", `rel="nofollow noreferrer noopener"`}},
	}
	banned := []string{"<script", "onerror", "onclick", "onload", "javascript:", "vbscript:", "data:", "expression(", "<style", "style=",
		"<svg", "<iframe", "<object", "<embed", "<form", "<input", "<meta", "<base", "<math", "xlink"}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out := SanitizeHTML(tt.in)
			low := strings.ToLower(out)
			for _, b := range banned {
				if strings.Contains(low, b) {
					t.Errorf("%q kept %q", out, b)
				}
			}
			for _, k := range tt.keep {
				if !strings.Contains(out, k) {
					t.Errorf("%q lost %q", out, k)
				}
			}
			if again := SanitizeHTML(out); again != out {
				t.Errorf("not stable: %q then %q", out, again)
			}
		})
	}
}

// TestContentEditing: create, change, reorder and delete through the
// service, each visible to the public calls at once and bumping the
// topic; another merchant's items are not found.
func TestContentEditing(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		s := seeded(t, db, Options{})
		v0 := version(t, db)
		before, err := s.Announcements(ctx, "demo", NoticeQuery{Language: "KM"})
		if err != nil {
			t.Fatal(err)
		}
		it, err := s.CreateContent(ctx, "demo", Item{Kind: KindAnnouncement, Type: "PU", Execution: "B",
			Texts: map[string]Text{"KM": {Title: "ព័ត៌មានថ្មី", Content: `<p onclick="x()">ថ្ងៃនេះ<script>alert(1)</script></p>`}}})
		if err != nil {
			t.Fatal(err)
		}
		if it.ID == 0 || !strings.HasPrefix(it.Slug, "c-") || it.Texts["KM"].Content != "<p>ថ្ងៃនេះ</p>" || version(t, db) <= v0 {
			t.Fatalf("created %+v (version %d -> %d)", it, v0, version(t, db))
		}
		after, _ := s.Announcements(ctx, "demo", NoticeQuery{Language: "KM"})
		if len(after) != len(before)+1 || !containsNotice(after, it.ID, "ព័ត៌មានថ្មី") {
			t.Fatalf("public list does not show it: %+v", after)
		}
		// Another merchant: not found, whatever the call.
		if _, err := s.ContentItem(ctx, "lucky", it.ID); !errors.Is(err, ErrNotFound) {
			t.Errorf("lucky reads demo's item: %v", err)
		}
		if _, _, err := s.UpdateContent(ctx, "lucky", it.ID, it); !errors.Is(err, ErrNotFound) {
			t.Errorf("lucky changes demo's item: %v", err)
		}
		if _, err := s.DeleteContent(ctx, "lucky", it.ID); !errors.Is(err, ErrNotFound) {
			t.Errorf("lucky deletes demo's item: %v", err)
		}
		// The same slug twice is a conflict.
		if _, err := s.CreateContent(ctx, "demo", Item{Kind: KindAnnouncement, Slug: it.Slug, Type: "PU", Execution: "B", Texts: it.Texts}); !errors.Is(err, ErrSlugTaken) {
			t.Errorf("slug twice: %v", err)
		}
		// Scheduled for tomorrow: gone from the public list, still listed.
		change := it
		change.StartsAt = time.Now().Add(24 * time.Hour)
		old, changed, err := s.UpdateContent(ctx, "demo", it.ID, change)
		if err != nil || old.StartsAt != (time.Time{}) || changed.StatusAt(time.Now()) != StatusScheduled {
			t.Fatalf("update: %v %+v", err, changed)
		}
		if now, _ := s.Announcements(ctx, "demo", NoticeQuery{Language: "KM"}); containsNotice(now, it.ID, "") {
			t.Error("a scheduled item is public")
		}
		// Reorder a help section.
		help, _ := s.ContentItems(ctx, "demo", KindHelp)
		var faq []int64
		for _, h := range help {
			if h.Type == "faq" {
				faq = append([]int64{h.ID}, faq...)
			}
		}
		if _, err := s.ReorderContent(ctx, "demo", KindHelp, "faq", faq[:1]); !errors.Is(err, ErrContentInvalid) {
			t.Errorf("partial order: %v", err)
		}
		if _, err := s.ReorderContent(ctx, "demo", KindHelp, "faq", faq); err != nil {
			t.Fatal(err)
		}
		cats, _ := s.HelpCenter(ctx, "demo", "EN")
		for _, c := range cats {
			if c.Code == "faq" && (len(c.Articles) != len(faq) || c.Articles[0].ID != faq[0]) {
				t.Errorf("faq order = %+v, want %v", c.Articles, faq)
			}
		}
		// Delete.
		gone, err := s.DeleteContent(ctx, "demo", it.ID)
		if err != nil || gone.ID != it.ID {
			t.Fatal(err)
		}
		if _, err := s.ContentItem(ctx, "demo", it.ID); !errors.Is(err, ErrNotFound) {
			t.Errorf("deleted item: %v", err)
		}
	})
}

func containsNotice(list []Notice, id int64, title string) bool {
	for _, n := range list {
		if n.ID == id && (title == "" || n.Title == title) {
			return true
		}
	}
	return false
}
