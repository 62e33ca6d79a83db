package merchant

import (
	"context"
	"strings"
	"testing"

	"portal/internal/dbtest"
)

// TestDemoContentInEveryLanguage: the demo merchant offers every language,
// and a visitor who picks any of them reads its banners, notices and
// announcements in that language, never English in their place.
func TestDemoContentInEveryLanguage(t *testing.T) {
	demo := demoMerchant()
	if len(demo.Config.Languages) != len(Languages) {
		t.Fatalf("demo offers %d languages, the portal %d", len(demo.Config.Languages), len(Languages))
	}
	kinds := map[string]int{}
	slugs := map[string]bool{}
	for _, it := range seedContent(demo.Code) {
		if it.Kind == KindHelp {
			continue
		}
		kinds[it.Kind]++
		slugs[it.Slug] = true
		english := it.Texts["EN"]
		for _, lang := range demo.Config.Languages {
			tx, ok := it.Texts[lang]
			switch {
			case !ok || strings.TrimSpace(tx.Title) == "":
				t.Errorf("%s %q has no %s text", it.Kind, it.Slug, lang)
			case it.Kind != KindBanner && strings.TrimSpace(tx.Content) == "":
				t.Errorf("%s %q has a %s title but no content", it.Kind, it.Slug, lang)
			case lang != "EN" && tx == english:
				t.Errorf("%s %q: the %s text is the English one", it.Kind, it.Slug, lang)
			case strings.Contains(tx.Title+tx.Content, "{code}"):
				t.Errorf("%s %q: %s text keeps the {code} placeholder", it.Kind, it.Slug, lang)
			}
		}
	}
	for _, k := range []string{KindBanner, KindNotice, KindAnnouncement} {
		if kinds[k] == 0 {
			t.Errorf("the demo merchant has no %s", k)
		}
	}
	// Every translation belongs to a language and an item that exist.
	for lang, texts := range seedTranslations {
		if !IsLanguage(lang) {
			t.Errorf("translations for unknown language %s", lang)
		}
		for slug := range texts {
			if !slugs[slug] {
				t.Errorf("%s translation of %q, which the seed does not write", lang, slug)
			}
		}
	}
}

// TestContentIsServedInTheChosenLanguage: what the API serves from a fresh
// seed, for a few scripts.
func TestContentIsServedInTheChosenLanguage(t *testing.T) {
	ctx := context.Background()
	s := seeded(t, dbtest.SQLite(t), Options{})
	for lang, want := range map[string]string{"AR": "مكافأة", "MY": "ဘောနပ်စ်", "PT-BR": "Bônus", "TY": "pambungad"} {
		b, err := s.Banners(ctx, "demo", "web-home", lang)
		if err != nil || len(b) == 0 || !strings.Contains(b[0].Title, want) {
			t.Errorf("%s banner = %+v, %v; want a title with %q", lang, b, err, want)
		}
		g, err := s.Notices(ctx, "demo", NoticeQuery{Language: lang})
		if err != nil || len(g.Player) == 0 || g.Player[0].Title == "" {
			t.Fatalf("%s notices = %+v, %v", lang, g, err)
		}
		for _, n := range append(g.Player, g.Popup...) {
			for _, en := range seedContent("demo") {
				if en.Texts["EN"].Title == n.Title {
					t.Errorf("%s notice %q is served in English", lang, n.Title)
				}
			}
		}
	}
	a, err := s.Announcements(ctx, "demo", NoticeQuery{Execution: "B", Language: "KO"})
	if err != nil || len(a) == 0 {
		t.Fatalf("announcements: %+v %v", a, err)
	}
	found := false
	for _, n := range a {
		found = found || n.Title == "demo에 오신 것을 환영합니다"
	}
	if !found {
		t.Errorf("the visitor welcome does not name the merchant in Korean: %+v", a)
	}
}
