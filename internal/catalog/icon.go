package catalog

import (
	"fmt"
	"hash/fnv"
	"html"
	"net/url"
	"strings"
	"unicode"
)

// GameIconURL is where a game's generated icon is served.
func GameIconURL(code string) string { return "/icons/games/" + url.PathEscape(code) + ".svg" }

// VendorLogoURL is where a vendor's generated logo is served.
func VendorLogoURL(code string) string { return "/icons/vendors/" + url.PathEscape(code) + ".svg" }

// motifs are the shapes drawn behind a game's initials, in a 200x200 box.
var motifs = []string{
	`<circle cx="100" cy="100" r="62" fill="%s" opacity="0.55"/>`,
	`<polygon points="100,30 120,80 175,80 130,112 148,165 100,134 52,165 70,112 25,80 80,80" fill="%s" opacity="0.55"/>`,
	`<polygon points="100,28 168,100 100,172 32,100" fill="%s" opacity="0.55"/>`,
	`<polygon points="100,30 160,65 160,135 100,170 40,135 40,65" fill="%s" opacity="0.55"/>`,
	`<rect x="45" y="45" width="110" height="110" rx="26" fill="%s" opacity="0.55"/>`,
	`<path d="M100 40 C140 40 165 80 140 120 L100 165 L60 120 C35 80 60 40 100 40 Z" fill="%s" opacity="0.55"/>`,
}

// GameIcon draws a game's icon: a gradient and motif chosen from a hash of
// the code (so every game looks different and always the same), and the
// initials of its English name. The portal ships no third-party artwork.
func GameIcon(g *Game, large bool) []byte {
	h := fnv.New64a()
	h.Write([]byte(g.Code))
	n := h.Sum64()
	hue1, hue2 := n%360, (n/360)%360
	size := 200
	if large {
		size = 400
	}
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 200 200" role="img" aria-label="%s">`,
		size, size, html.EscapeString(g.Name("EN")))
	fmt.Fprintf(&b, `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="hsl(%d,70%%,45%%)"/><stop offset="1" stop-color="hsl(%d,75%%,28%%)"/></linearGradient></defs>`, hue1, hue2)
	b.WriteString(`<rect width="200" height="200" rx="24" fill="url(#g)"/>`)
	fmt.Fprintf(&b, motifs[(n/129600)%uint64(len(motifs))], fmt.Sprintf("hsl(%d,90%%,70%%)", (hue1+180)%360))
	fmt.Fprintf(&b, `<text x="100" y="118" text-anchor="middle" font-family="'Noto Sans',sans-serif" font-size="56" font-weight="800" fill="#fff">%s</text>`,
		html.EscapeString(initials(g.Name("EN"))))
	fmt.Fprintf(&b, `<text x="100" y="182" text-anchor="middle" font-family="'Noto Sans',sans-serif" font-size="16" fill="#fff" opacity="0.85">%s</text>`,
		html.EscapeString(g.Vendor))
	b.WriteString(`</svg>`)
	return []byte(b.String())
}

// VendorLogo draws a vendor's logo: its code on a colour of its own.
func VendorLogo(v *Vendor) []byte {
	h := fnv.New32a()
	h.Write([]byte(v.Code))
	hue := h.Sum32() % 360
	label := v.Code
	if len(label) > 6 {
		label = strings.SplitN(label, "_", 2)[0]
	}
	return []byte(fmt.Sprintf(`<svg xmlns="http://www.w3.org/2000/svg" width="240" height="96" viewBox="0 0 240 96" role="img" aria-label="%s">`+
		`<rect width="240" height="96" rx="16" fill="hsl(%d,55%%,32%%)"/>`+
		`<text x="120" y="58" text-anchor="middle" font-family="'Noto Sans',sans-serif" font-size="34" font-weight="800" fill="#fff">%s</text>`+
		`<text x="120" y="82" text-anchor="middle" font-family="'Noto Sans',sans-serif" font-size="12" fill="#fff" opacity="0.8">%s</text></svg>`,
		html.EscapeString(v.Name), hue, html.EscapeString(label), html.EscapeString(v.Name)))
}

func initials(name string) string {
	var out []rune
	for _, w := range strings.Fields(name) {
		r := []rune(w)[0]
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			out = append(out, unicode.ToUpper(r))
		}
		if len(out) == 2 {
			break
		}
	}
	if len(out) == 0 {
		return "?"
	}
	return string(out)
}
