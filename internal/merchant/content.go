package merchant

import (
	"sync"
	"time"

	"github.com/microcosm-cc/bluemonday"
)

// Content kinds stored in merchant_content.
const (
	KindBanner       = "banner"
	KindNotice       = "notice"
	KindAnnouncement = "announcement"
	KindHelp         = "help"
)

// BannerGroups are the places banners appear (spec §3).
var BannerGroups = []string{"w_login", "w_register", "w_forget", "w_lott", "w_leftmenu", "web-home"}

// NoticeTypes are the notice types of the notice call (B, PL, PU, PR) and
// AnnouncementTypes those of announcements, which add H.
var (
	NoticeTypes       = []string{"B", "PL", "PU", "PR"}
	AnnouncementTypes = []string{"B", "PL", "PU", "PR", "H"}
	// Executions say who sees an item: A logged in, B anonymous, F first
	// login, G agents (the agent centre's announcements, issue 15).
	Executions = []string{"A", "B", "F", "G"}
)

// Text is one language's title and HTML content of an item.
type Text struct {
	Title   string `json:"title"`
	Content string `json:"content"`
}

// Item is one piece of localized content as stored.
type Item struct {
	ID          int64
	Kind        string
	Slug        string
	Type        string
	Execution   string
	Platform    string
	LinkageType string
	Linkage     string
	// Image is an uploaded banner image's file (content_images), '' for
	// the generated one.
	Image     string
	Texts     map[string]Text
	Sort      int
	StartsAt  time.Time // zero: no start
	EndsAt    time.Time // zero: no end
	CreatedAt time.Time
}

// liveAt reports whether the item is published at t.
func (it Item) liveAt(t time.Time) bool {
	return (it.StartsAt.IsZero() || !t.Before(it.StartsAt)) && (it.EndsAt.IsZero() || t.Before(it.EndsAt))
}

// text picks the item's text for lang: lang, then EN, then the merchant's
// default, then any. English comes before the default because a visitor
// who chose a language the operator wrote nothing in (Arabic on a Khmer
// site) reads English far more often than the site's home language, and a
// page must not mix the two (section titles fall back to English too).
func (it Item) text(lang, fallback string) Text {
	for _, l := range []string{lang, "EN", fallback} {
		if t, ok := it.Texts[l]; ok {
			return t
		}
	}
	for _, t := range it.Texts {
		return t
	}
	return Text{}
}

// Banner is a banner as served.
type Banner struct {
	ID          int64  `json:"id"`
	GroupName   string `json:"groupName"`
	Title       string `json:"title"`
	URL         string `json:"url"`
	LinkageType string `json:"linkageType"`
	Linkage     string `json:"linkage"`
	Sort        int    `json:"sort"`
}

// Notice is a notice or announcement as served.
type Notice struct {
	ID            int64      `json:"id"`
	Type          string     `json:"type"`
	PromotionType string     `json:"promotionType"`
	Title         string     `json:"title"`
	Content       string     `json:"content"`
	Execution     string     `json:"execution"`
	Platform      string     `json:"platform"`
	CreateTime    time.Time  `json:"createTime"`
	StartTime     *time.Time `json:"startTime"`
	EndTime       *time.Time `json:"endTime"`
}

// NoticeGroups is the value of the notice call: notices grouped by type.
type NoticeGroups struct {
	Banners   []Notice `json:"banners"`
	Player    []Notice `json:"player"`
	Popup     []Notice `json:"popup"`
	Promotion []Notice `json:"promotion"`
}

// HelpCategory is a help-centre section with its articles.
type HelpCategory struct {
	Code     string        `json:"code"`
	Title    string        `json:"title"`
	Articles []HelpArticle `json:"articles"`
}

// HelpArticle is one help-centre article.
type HelpArticle struct {
	ID      int64  `json:"id"`
	Code    string `json:"code"`
	Title   string `json:"title"`
	Content string `json:"content"`
}

var (
	policyOnce sync.Once
	policy     *bluemonday.Policy
)

// SanitizeHTML keeps the markup an announcement needs and drops scripts,
// event handlers, styles that can hide content and javascript: links. It is
// applied when content is stored and again when it is served.
func SanitizeHTML(s string) string {
	policyOnce.Do(func() {
		policy = bluemonday.UGCPolicy()
		policy.AllowAttrs("target").Matching(bluemonday.SpaceSeparatedTokens).OnElements("a")
		policy.RequireNoReferrerOnLinks(true)
	})
	return policy.Sanitize(s)
}
