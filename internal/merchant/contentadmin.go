package merchant

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"portal/internal/database"
)

// The back office's side of merchant_content (issue 13, decision 0024):
// operators list, create, change, delete and reorder their merchant's
// banners, notices, announcements and help articles. Every write bumps the
// merchant topic in its transaction, so every instance drops its snapshot
// (architecture rule 11), and drops this instance's at once.

// Errors of content editing.
var (
	// ErrContentInvalid is wrapped by every ContentError.
	ErrContentInvalid = errors.New("merchant: content invalid")
	// ErrSlugTaken is a new item whose slug its kind already has.
	ErrSlugTaken = errors.New("merchant: content slug taken")
)

// ContentError names the field of an item that broke a rule.
type ContentError struct {
	Field  string
	Reason string
}

func (e *ContentError) Error() string {
	return fmt.Sprintf("merchant: content %s: %s", e.Field, e.Reason)
}

// Unwrap ties every ContentError to ErrContentInvalid.
func (e *ContentError) Unwrap() error { return ErrContentInvalid }

func invalid(field, reason string) error { return &ContentError{Field: field, Reason: reason} }

// Limits of an item's fields.
const (
	TitleMaxLen   = 200
	ContentMaxLen = 100_000
	LinkageMaxLen = 500
)

// Kinds are the content kinds in the order the back office shows them.
var Kinds = []string{KindBanner, KindNotice, KindAnnouncement, KindHelp}

// Platforms an item may target: the web, or every platform.
var Platforms = []string{"W", "ALL"}

// LinkageTypes say what clicking a banner does: nothing, a route of the
// site, or an outside address in a new tab.
var LinkageTypes = []string{"NONE", "ROUTE", "URL"}

// HelpCategories are the help-centre sections (their titles are the
// portal's, in every language).
func HelpCategories() []string {
	return slices.Sorted(maps.Keys(helpCategoryTitles))
}

// TypesOf returns the types an item of kind may have.
func TypesOf(kind string) []string {
	switch kind {
	case KindBanner:
		return BannerGroups
	case KindNotice:
		return NoticeTypes
	case KindAnnouncement:
		return AnnouncementTypes
	case KindHelp:
		return HelpCategories()
	}
	return nil
}

// Content statuses, derived from the schedule at a moment.
const (
	StatusLive      = "live"
	StatusScheduled = "scheduled"
	StatusEnded     = "ended"
)

// StatusAt is the item's status at t.
func (it Item) StatusAt(t time.Time) string {
	switch {
	case !it.StartsAt.IsZero() && t.Before(it.StartsAt):
		return StatusScheduled
	case !it.EndsAt.IsZero() && !t.Before(it.EndsAt):
		return StatusEnded
	}
	return StatusLive
}

var (
	slugRule  = regexp.MustCompile(`^[a-z0-9][a-z0-9_-]{0,63}$`)
	earliest  = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)
	latest    = time.Date(2100, 1, 1, 0, 0, 0, 0, time.UTC)
	noControl = func(s string) bool {
		return !strings.ContainsFunc(s, func(r rune) bool { return unicode.IsControl(r) && r != '\n' && r != '\t' })
	}
)

// checkItem validates an item of merchant m as an operator wrote it, and
// trims and sanitizes its texts in place.
func checkItem(m *Merchant, it *Item) error {
	if !slices.Contains(Kinds, it.Kind) {
		return invalid("kind", "one of "+strings.Join(Kinds, ", "))
	}
	if !slugRule.MatchString(it.Slug) {
		return invalid("slug", "1-64 of a-z 0-9 _ -, starting with a letter or digit")
	}
	if types := TypesOf(it.Kind); !slices.Contains(types, it.Type) {
		return invalid("type", "one of "+strings.Join(types, ", "))
	}
	switch it.Kind {
	case KindNotice, KindAnnouncement:
		if !slices.Contains(Executions, it.Execution) {
			return invalid("execution", "one of "+strings.Join(Executions, ", "))
		}
	default:
		if it.Execution != "" {
			return invalid("execution", "only notices and announcements have an audience")
		}
	}
	if it.Platform == "" {
		it.Platform = "W"
	}
	if !slices.Contains(Platforms, it.Platform) {
		return invalid("platform", "one of "+strings.Join(Platforms, ", "))
	}
	if err := checkLinkage(it); err != nil {
		return err
	}
	if it.Image != "" && (it.Kind != KindBanner || !imageFile.MatchString(it.Image)) {
		return invalid("image", "an uploaded image of a banner")
	}
	if !it.StartsAt.IsZero() && (it.StartsAt.Before(earliest) || !it.StartsAt.Before(latest)) {
		return invalid("startsAt", "between 2000 and 2100")
	}
	if !it.EndsAt.IsZero() && (it.EndsAt.Before(earliest) || !it.EndsAt.Before(latest)) {
		return invalid("endsAt", "between 2000 and 2100")
	}
	if !it.StartsAt.IsZero() && !it.EndsAt.IsZero() && !it.EndsAt.After(it.StartsAt) {
		return invalid("endsAt", "after startsAt")
	}
	return checkTexts(m, it)
}

func checkLinkage(it *Item) error {
	if it.LinkageType == "" {
		it.LinkageType = "NONE"
	}
	if !slices.Contains(LinkageTypes, it.LinkageType) {
		return invalid("linkageType", "one of "+strings.Join(LinkageTypes, ", "))
	}
	it.Linkage = strings.TrimSpace(it.Linkage)
	if it.Kind != KindBanner && it.LinkageType != "NONE" {
		return invalid("linkageType", "only banners link")
	}
	l := it.Linkage
	switch it.LinkageType {
	case "NONE":
		if l != "" {
			return invalid("linkage", "empty when the banner links nowhere")
		}
	case "ROUTE":
		// A path of this site: "//host" and "/\host" would leave it.
		if len(l) > LinkageMaxLen || !strings.HasPrefix(l, "/") || strings.HasPrefix(l, "//") ||
			strings.ContainsAny(l, "\\ \t\r\n") || !noControl(l) {
			return invalid("linkage", "a path of the site starting with a single /")
		}
	case "URL":
		u, err := url.Parse(l)
		if err != nil || len(l) > LinkageMaxLen || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" ||
			strings.ContainsAny(l, " \t\r\n\\") || u.User != nil {
			return invalid("linkage", "an http or https address")
		}
	}
	return nil
}

func checkTexts(m *Merchant, it *Item) error {
	if len(it.Texts) == 0 {
		return invalid("texts", "at least one language")
	}
	clean := make(map[string]Text, len(it.Texts))
	for _, lang := range slices.Sorted(maps.Keys(it.Texts)) {
		t := it.Texts[lang]
		field := "texts." + lang
		if !m.Supports(lang) {
			return invalid(field, "not a language of the merchant")
		}
		t.Title = strings.TrimSpace(t.Title)
		n := utf8.RuneCountInString(t.Title)
		if !utf8.ValidString(t.Title) || n == 0 || n > TitleMaxLen || !noControl(t.Title) || strings.ContainsAny(t.Title, "\n\t") {
			return invalid(field+".title", fmt.Sprintf("1-%d characters on one line", TitleMaxLen))
		}
		if !utf8.ValidString(t.Content) || len(t.Content) > ContentMaxLen {
			return invalid(field+".content", fmt.Sprintf("at most %d bytes of UTF-8", ContentMaxLen))
		}
		if it.Kind == KindBanner {
			if strings.TrimSpace(t.Content) != "" {
				return invalid(field+".content", "banners have a title only")
			}
			t.Content = ""
		} else {
			t.Content = strings.TrimSpace(SanitizeHTML(t.Content))
			if strings.TrimSpace(textOf(t.Content)) == "" {
				return invalid(field+".content", "required")
			}
		}
		clean[lang] = t
	}
	it.Texts = clean
	return nil
}

// textOf is the visible text of sanitized HTML, to tell an empty body
// ("<p></p>") from one with words in it.
func textOf(html string) string {
	var b strings.Builder
	in := false
	for _, r := range html {
		switch {
		case r == '<':
			in = true
		case r == '>':
			in = false
		case !in:
			b.WriteRune(r)
		}
	}
	return strings.ReplaceAll(b.String(), "&nbsp;", "")
}

// newSlug names an item the operator did not name.
func newSlug() string {
	b := make([]byte, 6)
	_, _ = rand.Read(b)
	return "c-" + hex.EncodeToString(b)
}

const itemColumns = `id, kind, slug, type, execution, platform, linkage_type, linkage, image, texts, sort, starts_at, ends_at, created_at`

func scanItem(sc interface{ Scan(...any) error }) (Item, error) {
	var it Item
	var texts string
	var starts, ends, created int64
	if err := sc.Scan(&it.ID, &it.Kind, &it.Slug, &it.Type, &it.Execution, &it.Platform, &it.LinkageType, &it.Linkage,
		&it.Image, &texts, &it.Sort, &starts, &ends, &created); err != nil {
		return it, err
	}
	if err := json.Unmarshal([]byte(texts), &it.Texts); err != nil {
		return it, fmt.Errorf("merchant: content %d: %w", it.ID, err)
	}
	it.StartsAt, it.EndsAt, it.CreatedAt = fromMillis(starts), fromMillis(ends), fromMillis(created)
	return it, nil
}

// ContentItems returns merchant code's items of kind as stored now (not
// from the snapshot: an operator sees their own write at once), in
// display order. A merchant has tens or hundreds of items, so the back
// office's filters and pages run over this list.
func (s *Service) ContentItems(ctx context.Context, code, kind string) ([]Item, error) {
	rows, err := s.db.Read().QueryContext(ctx, `SELECT `+itemColumns+` FROM merchant_content
		WHERE merchant_code = $1 AND kind = $2 ORDER BY type, sort, id`, code, kind)
	if err != nil {
		return nil, fmt.Errorf("merchant: content list: %w", err)
	}
	defer rows.Close()
	out := []Item{}
	for rows.Next() {
		it, err := scanItem(rows)
		if err != nil {
			return nil, fmt.Errorf("merchant: content list: %w", err)
		}
		out = append(out, it)
	}
	return out, rows.Err()
}

// ContentItem returns merchant code's item id, or ErrNotFound.
func (s *Service) ContentItem(ctx context.Context, code string, id int64) (Item, error) {
	return contentItem(ctx, s.db.Read(), code, id)
}

func contentItem(ctx context.Context, q database.Querier, code string, id int64) (Item, error) {
	it, err := scanItem(q.QueryRowContext(ctx, `SELECT `+itemColumns+` FROM merchant_content
		WHERE merchant_code = $1 AND id = $2`, code, id))
	if errors.Is(err, sql.ErrNoRows) {
		return Item{}, ErrNotFound
	}
	if err != nil {
		return Item{}, fmt.Errorf("merchant: content %d: %w", id, err)
	}
	return it, nil
}

// change runs fn in a transaction that bumps the merchant topic, then
// drops this instance's snapshot so the public calls show the change on
// the next request.
func (s *Service) change(ctx context.Context, fn func(q database.Querier) error) error {
	err := s.db.InTx(ctx, func(q database.Querier) error {
		if err := fn(q); err != nil {
			return err
		}
		return database.Bump(ctx, q, Topic)
	})
	if err != nil {
		return err
	}
	s.Invalidate()
	return nil
}

// checkImage refuses an image the merchant has not uploaded.
func checkImage(ctx context.Context, q database.Querier, code string, it Item) error {
	if it.Image == "" {
		return nil
	}
	ok, err := imageExists(ctx, q, code, it.Image)
	if err != nil {
		return err
	}
	if !ok {
		return invalid("image", "not an image uploaded to this merchant")
	}
	return nil
}

// CreateContent validates and stores a new item for merchant code at the
// end of its group (an empty slug gets a generated one).
func (s *Service) CreateContent(ctx context.Context, code string, it Item) (Item, error) {
	m, err := s.Lookup(ctx, code)
	if err != nil {
		return Item{}, err
	}
	if it.Slug == "" {
		it.Slug = newSlug()
	}
	it.ID, it.Sort, it.CreatedAt = 0, 0, time.Now().UTC().Truncate(time.Millisecond)
	if err := checkItem(m, &it); err != nil {
		return Item{}, err
	}
	err = s.change(ctx, func(q database.Querier) error {
		if err := checkImage(ctx, q, code, it); err != nil {
			return err
		}
		if err := q.QueryRowContext(ctx, `SELECT COALESCE(MAX(sort), 0) + 1 FROM merchant_content
			WHERE merchant_code = $1 AND kind = $2 AND type = $3`, code, it.Kind, it.Type).Scan(&it.Sort); err != nil {
			return fmt.Errorf("merchant: content sort: %w", err)
		}
		written, err := writeItem(ctx, q, code, it, false)
		if err != nil {
			return err
		}
		if !written {
			return ErrSlugTaken
		}
		return q.QueryRowContext(ctx, `SELECT id FROM merchant_content WHERE merchant_code = $1 AND kind = $2 AND slug = $3`,
			code, it.Kind, it.Slug).Scan(&it.ID)
	})
	return it, err
}

// UpdateContent replaces item id of merchant code with it (kind, slug,
// order and creation time stay); it answers the item before and after.
func (s *Service) UpdateContent(ctx context.Context, code string, id int64, it Item) (before, after Item, err error) {
	m, err := s.Lookup(ctx, code)
	if err != nil {
		return before, after, err
	}
	err = s.change(ctx, func(q database.Querier) error {
		if before, err = contentItem(ctx, q, code, id); err != nil {
			return err
		}
		it.ID, it.Kind, it.Slug, it.Sort, it.CreatedAt = before.ID, before.Kind, before.Slug, before.Sort, before.CreatedAt
		if err := checkItem(m, &it); err != nil {
			return err
		}
		if it.Type != before.Type {
			// A new group: to its end.
			if err := q.QueryRowContext(ctx, `SELECT COALESCE(MAX(sort), 0) + 1 FROM merchant_content
				WHERE merchant_code = $1 AND kind = $2 AND type = $3`, code, it.Kind, it.Type).Scan(&it.Sort); err != nil {
				return fmt.Errorf("merchant: content sort: %w", err)
			}
		}
		if err := checkImage(ctx, q, code, it); err != nil {
			return err
		}
		_, err := writeItem(ctx, q, code, it, true)
		after = it
		return err
	})
	return before, after, err
}

// DeleteContent removes item id of merchant code and answers it as it was
// (the audit trail keeps it whole).
func (s *Service) DeleteContent(ctx context.Context, code string, id int64) (Item, error) {
	var before Item
	err := s.change(ctx, func(q database.Querier) error {
		var err error
		if before, err = contentItem(ctx, q, code, id); err != nil {
			return err
		}
		_, err = q.ExecContext(ctx, `DELETE FROM merchant_content WHERE merchant_code = $1 AND id = $2`, code, id)
		if err != nil {
			return fmt.Errorf("merchant: content delete: %w", err)
		}
		return nil
	})
	return before, err
}

// ReorderContent sets the order of one group (kind and type) of merchant
// code: ids must name every item of the group once. It answers the ids in
// their order before.
func (s *Service) ReorderContent(ctx context.Context, code, kind, typ string, ids []int64) ([]int64, error) {
	if !slices.Contains(Kinds, kind) {
		return nil, invalid("kind", "one of "+strings.Join(Kinds, ", "))
	}
	if !slices.Contains(TypesOf(kind), typ) {
		return nil, invalid("type", "one of "+strings.Join(TypesOf(kind), ", "))
	}
	var before []int64
	err := s.change(ctx, func(q database.Querier) error {
		rows, err := q.QueryContext(ctx, `SELECT id FROM merchant_content WHERE merchant_code = $1 AND kind = $2 AND type = $3
			ORDER BY sort, id`, code, kind, typ)
		if err != nil {
			return fmt.Errorf("merchant: content reorder: %w", err)
		}
		for rows.Next() {
			var id int64
			if err := rows.Scan(&id); err != nil {
				rows.Close()
				return fmt.Errorf("merchant: content reorder: %w", err)
			}
			before = append(before, id)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return fmt.Errorf("merchant: content reorder: %w", err)
		}
		a, b := slices.Clone(before), slices.Clone(ids)
		slices.Sort(a)
		slices.Sort(b)
		if !slices.Equal(a, b) {
			return invalid("ids", "every item of the group, each once")
		}
		for i, id := range ids {
			if _, err := q.ExecContext(ctx, `UPDATE merchant_content SET sort = $1 WHERE merchant_code = $2 AND id = $3`,
				i+1, code, id); err != nil {
				return fmt.Errorf("merchant: content reorder: %w", err)
			}
		}
		return nil
	})
	return before, err
}

// Preview is an item as a player reading lang sees it.
type Preview struct {
	Language string `json:"language"`
	Title    string `json:"title"`
	Content  string `json:"content"`
	ImageURL string `json:"imageUrl"`
}

// PreviewContent shows item it of merchant code as the public calls would
// for lang: the same choice of language and the same sanitizing.
func (s *Service) PreviewContent(ctx context.Context, code string, it Item, lang string) (Preview, error) {
	t, err := s.tenant(ctx, code)
	if err != nil {
		return Preview{}, err
	}
	if !t.m.Supports(lang) {
		lang = t.m.DefaultLanguage
	}
	tx := it.text(lang, t.m.DefaultLanguage)
	p := Preview{Language: lang, Title: tx.Title}
	for _, l := range []string{lang, "EN", t.m.DefaultLanguage} {
		if x, ok := it.Texts[l]; ok && x == tx {
			p.Language = l
			break
		}
	}
	if it.Kind == KindBanner {
		if it.Image != "" || it.Slug != "" {
			// A draft banner without an upload has no image yet.
			p.ImageURL = bannerURL(code, it, lang)
		}
	} else {
		p.Content = SanitizeHTML(tx.Content)
	}
	return p, nil
}
