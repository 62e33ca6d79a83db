package merchant

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestEveryLanguageHasACatalogue: the switcher offers exactly the languages
// in Languages, so each needs the site's catalogue (web/src/locales); the
// web test holds each catalogue complete (B-108).
func TestEveryLanguageHasACatalogue(t *testing.T) {
	dir := filepath.Join("..", "..", "web", "src", "locales")
	if _, err := os.Stat(dir); err != nil {
		t.Skip("no web sources here")
	}
	for _, l := range Languages {
		if _, err := os.Stat(filepath.Join(dir, strings.ToLower(l.Code)+".json")); err != nil {
			t.Errorf("language %s (%s) has no catalogue: %v", l.Code, l.Name, err)
		}
	}
}
