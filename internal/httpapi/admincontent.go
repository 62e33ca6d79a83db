package httpapi

import (
	"cmp"
	"encoding/base64"
	"errors"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"

	"portal/internal/merchant"
	"portal/internal/operator"
)

// The back office's Content screen (decision 0024): banners, notices,
// announcements and help articles of the call's merchant. Reading and
// writing both need content.write (the content role's one permission).
// The wrapper audits every change; these handlers name the target
// (content:<id>) and the item before and after.

type (
	// contentItem is an item as the back office edits it.
	contentItem struct {
		ID          int64                    `json:"id"`
		Kind        string                   `json:"kind"`
		Slug        string                   `json:"slug"`
		Type        string                   `json:"type"`
		Execution   string                   `json:"execution"`
		Platform    string                   `json:"platform"`
		LinkageType string                   `json:"linkageType"`
		Linkage     string                   `json:"linkage"`
		Image       string                   `json:"image"`
		ImageURL    string                   `json:"imageUrl"`
		Texts       map[string]merchant.Text `json:"texts"`
		Sort        int                      `json:"sort"`
		StartsAt    *time.Time               `json:"startsAt"`
		EndsAt      *time.Time               `json:"endsAt"`
		CreatedAt   time.Time                `json:"createdAt"`
		Status      string                   `json:"status"`
	}
	// contentChange is what an operator may change of an item.
	contentChange struct {
		Type        string                   `json:"type"`
		Execution   string                   `json:"execution"`
		Platform    string                   `json:"platform"`
		LinkageType string                   `json:"linkageType"`
		Linkage     string                   `json:"linkage"`
		Image       string                   `json:"image"`
		Texts       map[string]merchant.Text `json:"texts"`
		StartsAt    *time.Time               `json:"startsAt"`
		EndsAt      *time.Time               `json:"endsAt"`
	}
	// contentNew is a new item: its kind and, optionally, its slug (a
	// stable name; generated when empty, fixed afterwards).
	contentNew struct {
		Kind string `json:"kind"`
		Slug string `json:"slug"`
		contentChange
	}
	contentOrder struct {
		Kind string  `json:"kind"`
		Type string  `json:"type"`
		IDs  []int64 `json:"ids"`
	}
	contentUpload struct {
		// Data is the image file, base64 (standard alphabet).
		Data string `json:"data"`
	}
	contentPreviewRequest struct {
		Kind     string `json:"kind"`
		Language string `json:"language"`
		// ID names a saved item whose texts the preview falls back on
		// like the public calls do; 0 for a draft.
		ID int64 `json:"id"`
		contentChange
	}
	contentDeleted struct {
		ID int64 `json:"id"`
	}
	// contentOptions are the choices the editor offers for the call's
	// merchant.
	contentOptions struct {
		Languages       []string            `json:"languages"`
		DefaultLanguage string              `json:"defaultLanguage"`
		Types           map[string][]string `json:"types"`
		Executions      []string            `json:"executions"`
		Platforms       []string            `json:"platforms"`
		LinkageTypes    []string            `json:"linkageTypes"`
		ImageMaxBytes   int                 `json:"imageMaxBytes"`
		ImageMaxSide    int                 `json:"imageMaxSide"`
	}
)

var contentStatuses = []string{merchant.StatusLive, merchant.StatusScheduled, merchant.StatusEnded}

// contentSorts are the list's orders: the display order, or a column.
var contentSorts = []string{"order", "title", "createdAt", "startsAt", "endsAt"}

// contentListParams are the list's filters, order and paging.
var contentListParams = []Param{
	{Name: "kind", Type: TypeString, Required: true, Enum: merchant.Kinds, Description: "banner, notice, announcement or help"},
	{Name: "type", Type: TypeString, MaxLen: 20, Description: "Banner group, notice or announcement type, help category; none: all"},
	{Name: "lang", Type: TypeString, MaxLen: 10, Description: "Only items with a text in this language (KM, EN, CN...); \"language\" names the language of the answer's messages"},
	{Name: "status", Type: TypeString, Enum: contentStatuses, Description: "live, scheduled (starts later) or ended; none: all"},
	{Name: "q", Type: TypeString, MaxLen: 64, Description: "Words in a title (any language, any case) or the slug"},
	{Name: "sort", Type: TypeString, Enum: contentSorts, Default: "order", Description: "order (group, then display order), title, createdAt, startsAt or endsAt"},
	{Name: "dir", Type: TypeString, Enum: []string{"asc", "desc"}, Default: "asc"},
	{Name: "pageNum", Type: TypeInteger, Min: 1, Max: 100000, Default: "1"},
	{Name: "pageSize", Type: TypeInteger, Min: 1, Max: 100, Default: "20"},
}

// contentUploadMax bounds the upload's body: the image in base64 and a
// little JSON around it.
const contentUploadMax = merchant.ImageMaxBytes/3*4 + 4096

func timePtr(t time.Time) *time.Time {
	if t.IsZero() {
		return nil
	}
	return &t
}

func timeOf(t *time.Time) time.Time {
	if t == nil {
		return time.Time{}
	}
	return t.UTC().Truncate(time.Millisecond)
}

func contentView(code string, it merchant.Item, now time.Time) contentItem {
	v := contentItem{ID: it.ID, Kind: it.Kind, Slug: it.Slug, Type: it.Type, Execution: it.Execution, Platform: it.Platform,
		LinkageType: it.LinkageType, Linkage: it.Linkage, Image: it.Image, Texts: it.Texts, Sort: it.Sort,
		StartsAt: timePtr(it.StartsAt), EndsAt: timePtr(it.EndsAt), CreatedAt: it.CreatedAt, Status: it.StatusAt(now)}
	if it.Image != "" {
		v.ImageURL = merchant.ImageURL(code, it.Image)
	}
	if v.Texts == nil {
		v.Texts = map[string]merchant.Text{}
	}
	return v
}

func (c contentChange) item(kind, slug string) merchant.Item {
	texts := make(map[string]merchant.Text, len(c.Texts))
	for lang, t := range c.Texts {
		texts[lang] = t
	}
	return merchant.Item{Kind: kind, Slug: slug, Type: c.Type, Execution: c.Execution, Platform: c.Platform,
		LinkageType: c.LinkageType, Linkage: c.Linkage, Image: c.Image, Texts: texts,
		StartsAt: timeOf(c.StartsAt), EndsAt: timeOf(c.EndsAt)}
}

// contentAnswer turns the domain's refusals of content into answers that
// name the field.
func contentAnswer(err error) error {
	var ce *merchant.ContentError
	if errors.As(err, &ce) {
		return newError(http.StatusUnprocessableEntity, "admin.content_invalid", fieldError{Field: ce.Field, Reason: ce.Reason})
	}
	var ie *merchant.ImageError
	if errors.As(err, &ie) {
		return newError(http.StatusUnprocessableEntity, "admin.image_invalid", fieldError{Field: "data", Reason: ie.Reason})
	}
	return err
}

// contentMerchant is the merchant whose content the call edits; the
// platform itself has none.
func contentMerchant(r *http.Request) (string, error) {
	a := adminOf(r.Context())
	if a.merchant == "" {
		return "", operator.ErrMerchantUnknown
	}
	return a.merchant, nil
}

func (s *Server) adminContentOptions(r *http.Request) (any, error) {
	o := contentOptions{Languages: []string{}, Types: map[string][]string{}, Executions: merchant.Executions, Platforms: merchant.Platforms,
		LinkageTypes: merchant.LinkageTypes, ImageMaxBytes: merchant.ImageMaxBytes, ImageMaxSide: merchant.ImageMaxSide}
	for _, k := range merchant.Kinds {
		o.Types[k] = merchant.TypesOf(k)
	}
	if code := adminOf(r.Context()).merchant; code != "" {
		m, err := s.Merchants.Lookup(r.Context(), code)
		if err != nil {
			return nil, err
		}
		o.Languages, o.DefaultLanguage = m.Languages, m.DefaultLanguage
	}
	return o, nil
}

func (s *Server) adminContentList(r *http.Request) (any, error) {
	p := paramsOf(r.Context())
	num, size := p.Int("pageNum"), p.Int("pageSize")
	page := Page[contentItem]{Content: []contentItem{}, PageNum: num, PageSize: size}
	code := adminOf(r.Context()).merchant
	if code == "" {
		return page, nil
	}
	items, err := s.Merchant.ContentItems(r.Context(), code, p.String("kind"))
	if err != nil {
		return nil, err
	}
	now := time.Now()
	typ, lang, status := p.String("type"), merchant.NormalizeLanguage(p.String("lang")), p.String("status")
	q := strings.ToLower(p.String("q"))
	if p.String("lang") != "" && lang == "" {
		return nil, badParam("lang", "not a language")
	}
	kept := items[:0]
	for _, it := range items {
		if typ != "" && it.Type != typ || status != "" && it.StatusAt(now) != status {
			continue
		}
		if _, ok := it.Texts[lang]; lang != "" && !ok {
			continue
		}
		if q != "" && !contentMatches(it, q) {
			continue
		}
		kept = append(kept, it)
	}
	sortContent(kept, p.String("sort"), p.String("dir") == "desc")
	page.Total = len(kept)
	page.TotalPages = (page.Total + size - 1) / size
	for i := (num - 1) * size; i < len(kept) && i < num*size; i++ {
		page.Content = append(page.Content, contentView(code, kept[i], now))
	}
	return page, nil
}

func contentMatches(it merchant.Item, q string) bool {
	if strings.Contains(it.Slug, q) {
		return true
	}
	for _, t := range it.Texts {
		if strings.Contains(strings.ToLower(t.Title), q) {
			return true
		}
	}
	return false
}

// sortTitle is the title an item sorts by: English, else the first
// language's.
func sortTitle(it merchant.Item) string {
	if t, ok := it.Texts["EN"]; ok {
		return strings.ToLower(t.Title)
	}
	langs := make([]string, 0, len(it.Texts))
	for l := range it.Texts {
		langs = append(langs, l)
	}
	slices.Sort(langs)
	if len(langs) == 0 {
		return ""
	}
	return strings.ToLower(it.Texts[langs[0]].Title)
}

func sortContent(items []merchant.Item, by string, desc bool) {
	slices.SortStableFunc(items, func(a, b merchant.Item) int {
		var c int
		switch by {
		case "title":
			c = cmp.Compare(sortTitle(a), sortTitle(b))
		case "createdAt":
			c = a.CreatedAt.Compare(b.CreatedAt)
		case "startsAt":
			c = a.StartsAt.Compare(b.StartsAt)
		case "endsAt":
			c = a.EndsAt.Compare(b.EndsAt)
		default:
			c = cmp.Or(cmp.Compare(a.Type, b.Type), cmp.Compare(a.Sort, b.Sort))
		}
		if desc {
			c = -c
		}
		return cmp.Or(c, cmp.Compare(a.ID, b.ID))
	})
}

// contentID is the {id} of the path, named as the audit target; a
// malformed one is 404 like another merchant's.
func contentID(r *http.Request) (int64, error) {
	raw := chi.URLParam(r, "id")
	adminOf(r.Context()).target = "content:" + raw
	id, err := strconv.ParseInt(raw, 10, 64)
	if err != nil || id <= 0 {
		return 0, operator.ErrNotFound
	}
	return id, nil
}

// notFound turns a missing item into the back office's 404.
func notFound(err error) error {
	if errors.Is(err, merchant.ErrNotFound) {
		return operator.ErrNotFound
	}
	return err
}

func (s *Server) adminContentItem(r *http.Request) (any, error) {
	id, err := contentID(r)
	if err != nil {
		return nil, err
	}
	code := adminOf(r.Context()).merchant
	if code == "" {
		return nil, operator.ErrNotFound
	}
	it, err := s.Merchant.ContentItem(r.Context(), code, id)
	if err != nil {
		return nil, notFound(err)
	}
	return contentView(code, it, time.Now()), nil
}

func (s *Server) adminContentCreate(w http.ResponseWriter, r *http.Request) (any, error) {
	var req contentNew
	if err := decodeJSON(w, r, &req); err != nil {
		return nil, err
	}
	code, err := contentMerchant(r)
	if err != nil {
		return nil, err
	}
	it, err := s.Merchant.CreateContent(r.Context(), code, req.item(req.Kind, req.Slug))
	if err != nil {
		return nil, contentAnswer(err)
	}
	v := contentView(code, it, time.Now())
	adminOf(r.Context()).note("content:"+strconv.FormatInt(it.ID, 10), nil, v)
	return v, nil
}

func (s *Server) adminContentUpdate(w http.ResponseWriter, r *http.Request) (any, error) {
	id, err := contentID(r)
	if err != nil {
		return nil, err
	}
	var req contentChange
	if err := decodeJSON(w, r, &req); err != nil {
		return nil, err
	}
	code := adminOf(r.Context()).merchant
	if code == "" {
		return nil, operator.ErrNotFound
	}
	before, after, err := s.Merchant.UpdateContent(r.Context(), code, id, req.item("", ""))
	if err != nil {
		return nil, contentAnswer(notFound(err))
	}
	now := time.Now()
	v := contentView(code, after, now)
	adminOf(r.Context()).note("content:"+strconv.FormatInt(id, 10), contentView(code, before, now), v)
	return v, nil
}

func (s *Server) adminContentDelete(w http.ResponseWriter, r *http.Request) (any, error) {
	id, err := contentID(r)
	if err != nil {
		return nil, err
	}
	code := adminOf(r.Context()).merchant
	if code == "" {
		return nil, operator.ErrNotFound
	}
	before, err := s.Merchant.DeleteContent(r.Context(), code, id)
	if err != nil {
		return nil, notFound(err)
	}
	adminOf(r.Context()).note("content:"+strconv.FormatInt(id, 10), contentView(code, before, time.Now()), nil)
	return contentDeleted{ID: id}, nil
}

func (s *Server) adminContentReorder(w http.ResponseWriter, r *http.Request) (any, error) {
	var req contentOrder
	if err := decodeJSON(w, r, &req); err != nil {
		return nil, err
	}
	code, err := contentMerchant(r)
	if err != nil {
		return nil, err
	}
	a := adminOf(r.Context())
	a.target = "content-order:" + req.Kind + "/" + req.Type
	if len(req.IDs) > 1000 {
		return nil, contentAnswer(&merchant.ContentError{Field: "ids", Reason: "at most 1000"})
	}
	before, err := s.Merchant.ReorderContent(r.Context(), code, req.Kind, req.Type, req.IDs)
	if err != nil {
		return nil, contentAnswer(err)
	}
	after := contentOrder{Kind: req.Kind, Type: req.Type, IDs: req.IDs}
	a.note(a.target, contentOrder{Kind: req.Kind, Type: req.Type, IDs: before}, after)
	return after, nil
}

func (s *Server) adminContentUpload(w http.ResponseWriter, r *http.Request) (any, error) {
	var req contentUpload
	if err := decodeJSONFrom(http.MaxBytesReader(w, r.Body, contentUploadMax), &req); err != nil {
		return nil, err
	}
	code, err := contentMerchant(r)
	if err != nil {
		return nil, err
	}
	raw, err := base64.StdEncoding.DecodeString(req.Data)
	if err != nil || len(raw) == 0 {
		return nil, newError(http.StatusUnprocessableEntity, "admin.image_invalid", fieldError{Field: "data", Reason: "not base64"})
	}
	img, err := s.Merchant.StoreImage(r.Context(), code, raw)
	if err != nil {
		return nil, contentAnswer(err)
	}
	adminOf(r.Context()).note("content-image:"+img.File, nil, img)
	return img, nil
}

func (s *Server) adminContentPreview(w http.ResponseWriter, r *http.Request) (any, error) {
	var req contentPreviewRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return nil, err
	}
	code, err := contentMerchant(r)
	if err != nil {
		return nil, err
	}
	it := req.item(req.Kind, "")
	if req.ID != 0 {
		saved, err := s.Merchant.ContentItem(r.Context(), code, req.ID)
		if err != nil {
			return nil, notFound(err)
		}
		it.Slug = saved.Slug
	}
	if !slices.Contains(merchant.Kinds, it.Kind) {
		return nil, contentAnswer(&merchant.ContentError{Field: "kind", Reason: "one of " + strings.Join(merchant.Kinds, ", ")})
	}
	for lang, t := range it.Texts {
		if len(t.Content) > merchant.ContentMaxLen || len(t.Title) > 4*merchant.TitleMaxLen {
			return nil, contentAnswer(&merchant.ContentError{Field: "texts." + lang, Reason: "too long"})
		}
	}
	return s.Merchant.PreviewContent(r.Context(), code, it, merchant.NormalizeLanguage(req.Language))
}

// contentImage serves an uploaded banner image: its name is the hash of
// its bytes, so it never changes and may be cached for a year.
func (s *Server) contentImage(w http.ResponseWriter, r *http.Request) {
	img, err := s.Merchant.ImageOf(r.Context(), chi.URLParam(r, "merchant"), chi.URLParam(r, "file"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	h := w.Header()
	h.Set("Content-Type", img.ContentType)
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Cache-Control", "public, max-age=31536000, immutable")
	h.Set("ETag", `"`+strings.TrimSuffix(strings.TrimSuffix(img.File, ".png"), ".jpg")+`"`)
	h.Set("Content-Security-Policy", "default-src 'none'; sandbox")
	if r.Header.Get("If-None-Match") == h.Get("ETag") {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	_, _ = w.Write(img.Data)
}
