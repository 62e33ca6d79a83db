package merchant

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"strings"
	"testing"
)

func TestBannerSVG(t *testing.T) {
	tests := []struct {
		name, group, title, seed string
	}{
		{"khmer headline", "web-home", "ប្រាក់រង្វាន់ស្វាគមន៍", "demo/home-welcome/km"},
		{"chinese headline", "w_login", "欢迎回来", "demo/login/cn"},
		{"markup in a title is text", "w_lott", `<script>alert(1)</script> & "x"`, "demo/evil/en"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := BannerSVG(tt.group, Text{Title: tt.title}, tt.seed)
			if b := BannerSVG(tt.group, Text{Title: tt.title}, tt.seed); !bytes.Equal(a, b) {
				t.Fatal("the same banner drew two different images")
			}
			// Well-formed XML whose text is the headline, and never markup.
			d := xml.NewDecoder(bytes.NewReader(a))
			var text strings.Builder
			for {
				tok, err := d.Token()
				if err != nil {
					if !errors.Is(err, io.EOF) {
						t.Fatalf("not well-formed: %v\n%s", err, a)
					}
					break
				}
				switch x := tok.(type) {
				case xml.CharData:
					text.Write(x)
				case xml.StartElement:
					if x.Name.Local == "script" {
						t.Fatal("script element in banner")
					}
				}
			}
			if text.String() != tt.title {
				t.Errorf("headline = %q, want %q", text.String(), tt.title)
			}
		})
	}
	if bytes.Equal(BannerSVG("web-home", Text{Title: "x"}, "a"), BannerSVG("web-home", Text{Title: "x"}, "b")) {
		t.Error("different banners should not look the same")
	}
}
