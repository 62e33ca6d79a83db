package merchant

import (
	"fmt"
	"hash/fnv"
	"html"
	"net/url"
	"strings"
)

// bannerImageURL is where a banner's generated image is served; the
// language picks the headline it shows.
func bannerImageURL(code, slug, lang string) string {
	return fmt.Sprintf("/media/banners/%s/%s.svg?language=%s", url.PathEscape(code), url.PathEscape(slug), url.QueryEscape(lang))
}

// bannerURL is where banner it's image is served: the operator's upload
// when there is one, else the generated image.
func bannerURL(code string, it Item, lang string) string {
	if it.Image != "" {
		return ImageURL(code, it.Image)
	}
	return bannerImageURL(code, it.Slug, lang)
}

// bannerPalettes are gradient pairs that read well under white text.
var bannerPalettes = [][2]string{
	{"#7b2ff7", "#f107a3"}, {"#0f2027", "#2c5364"}, {"#b92b27", "#1565c0"},
	{"#11998e", "#38ef7d"}, {"#8e2de2", "#4a00e0"}, {"#f12711", "#f5af19"},
}

// BannerSVG draws a banner image: a gradient, a motif and the headline. It is
// generated so the portal ships no third-party artwork and needs no CDN.
func BannerSVG(group string, t Text, seed string) []byte {
	h := fnv.New32a()
	h.Write([]byte(seed))
	n := h.Sum32()
	p := bannerPalettes[int(n%uint32(len(bannerPalettes)))]
	w, hgt := 1200, 400
	if group != "web-home" {
		w, hgt = 800, 300
	}
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" viewBox="0 0 %d %d" role="img" aria-label="%s">`,
		w, hgt, w, hgt, html.EscapeString(t.Title))
	fmt.Fprintf(&b, `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="%s"/><stop offset="1" stop-color="%s"/></linearGradient></defs>`, p[0], p[1])
	fmt.Fprintf(&b, `<rect width="%d" height="%d" fill="url(#g)"/>`, w, hgt)
	for i := 0; i < 6; i++ {
		x := int((n>>uint(i*4))%uint32(w)) + i*37
		y := int((n>>uint(i*3))%uint32(hgt)) + i*11
		r := 30 + int((n>>uint(i))%90)
		fmt.Fprintf(&b, `<circle cx="%d" cy="%d" r="%d" fill="#ffffff" opacity="0.%02d"/>`, x%w, y%hgt, r, 8+3*(i%4))
	}
	fmt.Fprintf(&b, `<text x="%d" y="%d" font-family="'Noto Sans Khmer','Noto Sans','Noto Sans CJK SC','Noto Sans Thai',sans-serif" font-size="%d" font-weight="700" fill="#ffffff">%s</text>`,
		w/16, hgt*55/100, hgt/8, html.EscapeString(t.Title))
	b.WriteString(`</svg>`)
	return []byte(b.String())
}
