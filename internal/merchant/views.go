package merchant

import (
	"context"
	"slices"
	"time"
)

// LanguageInfo is a supported language as the client lists it.
type LanguageInfo = Language

// MerchantInfo is the merchant part of the permission answer.
type MerchantInfo struct {
	Code            string         `json:"code"`
	Name            string         `json:"name"`
	Currency        string         `json:"currency"`
	CurrencySymbol  string         `json:"currencySymbol"`
	Decimals        int            `json:"decimals"`
	DefaultLanguage string         `json:"defaultLanguage"`
	Languages       []LanguageInfo `json:"languages"`
}

// Encryption tells clients how to encrypt (E) payloads.
type Encryption struct {
	Enabled   bool   `json:"enabled"`
	PublicKey string `json:"publicKey"`
}

// DomainRoute is the merchant's domains: where it lives and its mirrors.
type DomainRoute struct {
	MainDomain string   `json:"mainDomain"`
	DomainList []string `json:"domainList"`
	Routes     []domain `json:"routes"`
}

// Permission is the startup call's answer (spec §3 "Permission info").
type Permission struct {
	SessionFlags
	Merchant           MerchantInfo         `json:"merchant"`
	CustomerService    []CustomerService    `json:"customerService"`
	CustomerServiceKey string               `json:"customerServiceKey"`
	DomainRoute        DomainRoute          `json:"domainRoute"`
	MainDomain         string               `json:"mainDomain"`
	Resources          map[string]Resource  `json:"resources"`
	Whitelabel         []Module             `json:"whitelabel"`
	RegisterRules      map[string]FieldRule `json:"registerRules"`
	Analytics          struct {
		GtagID string `json:"gtagId"`
	} `json:"analytics"`
	ImageCDNs         []string     `json:"imageCDNs"`
	LaunchGameCDNs    []string     `json:"launchGameCDNs"`
	Maintenance       bool         `json:"maintenance"`
	RegionRestriction bool         `json:"regionRestriction"`
	SystemStatus      SystemStatus `json:"systemStatus"`
	Location          struct {
		IP      string `json:"ip"`
		Country string `json:"country"`
	} `json:"location"`
	Brand          BrandInfo  `json:"brand"`
	Encryption     Encryption `json:"encryption"`
	MinimumAge     int        `json:"minimumAge"`
	SMSCodeMinutes int        `json:"expiredMinutes"`
	// PasswordExpiryDays is how old a password may get before login forces
	// a change; it applies only when pwdEnabled (PWDEXPIRY3) is on.
	PasswordExpiryDays int    `json:"passwordExpiryDays"`
	Platform           string `json:"platform"`
}

// BrandInfo is the brand configuration as served (spec §3 "Brand config"):
// the stored brand plus the merchant's code and languages.
type BrandInfo struct {
	Brand
	MerchantCode       string   `json:"merchantCode"`
	DefaultLanguage    string   `json:"defaultLanguage"`
	SupportedLanguages []string `json:"supportedLanguages"`
}

// Permission assembles the startup information for a client whose status
// (see Status) is st.
func (s *Service) Permission(ctx context.Context, m *Merchant, st Status) (Permission, error) {
	t, err := s.tenant(ctx, m.Code)
	if err != nil {
		return Permission{}, err
	}
	c := t.cfg
	p := Permission{
		SessionFlags:       Flags(c.Modules),
		Merchant:           t.info(),
		CustomerService:    nonNil(t.csSealed),
		CustomerServiceKey: c.CustomerServiceKey,
		DomainRoute:        t.domainRoute(),
		Resources:          nonNilMap(c.Resources),
		Whitelabel:         nonNil(c.Modules),
		RegisterRules:      nonNilMap(c.RegisterRules),
		ImageCDNs:          nonNil(c.ImageCDNs),
		LaunchGameCDNs:     nonNil(c.LaunchGameCDNs),
		Maintenance:        st.Maintenance,
		RegionRestriction:  st.RegionRestricted,
		SystemStatus:       st.Status,
		Brand:              t.brand(),
		Encryption:         Encryption{Enabled: c.Encryption && t.publicKey != "", PublicKey: t.publicKey},
		MinimumAge:         c.MinimumAge,
		SMSCodeMinutes:     c.SMSCodeMinutes,
		PasswordExpiryDays: c.PasswordExpiryDays,
		Platform:           "WEB",
	}
	p.MainDomain = p.DomainRoute.MainDomain
	p.Analytics.GtagID = c.GtagID
	p.Location.IP, p.Location.Country = st.IP, st.Country
	return p, nil
}

func (t *tenant) brand() BrandInfo {
	b := BrandInfo{Brand: t.cfg.Brand, MerchantCode: t.m.Code, DefaultLanguage: t.m.DefaultLanguage, SupportedLanguages: nonNil(t.m.Languages)}
	if b.Platform == "" {
		b.Platform = "WEB"
	}
	b.EsportsGameCodes = nonNil(b.EsportsGameCodes)
	b.CockfightList = nonNil(b.CockfightList)
	b.InhouseList = nonNil(b.InhouseList)
	b.PrizeModes = nonNil(b.PrizeModes)
	return b
}

func (t *tenant) info() MerchantInfo {
	info := MerchantInfo{
		Code: t.m.Code, Name: t.m.Name, Currency: t.m.Currency, CurrencySymbol: t.m.CurrencySymbol,
		Decimals: t.m.Decimals, DefaultLanguage: t.m.DefaultLanguage, Languages: []LanguageInfo{},
	}
	for _, l := range Languages {
		if t.m.Supports(l.Code) {
			info.Languages = append(info.Languages, l)
		}
	}
	return info
}

func (t *tenant) domainRoute() DomainRoute {
	d := DomainRoute{DomainList: []string{}, Routes: nonNil(t.domains)}
	for _, x := range t.domains {
		if x.Kind == "main" && d.MainDomain == "" {
			d.MainDomain = x.Domain
		}
		d.DomainList = append(d.DomainList, x.Domain)
	}
	return d
}

// StatusPage is the status call's answer: the status plus the texts of the
// page it calls for (maintenance, or the blocked-region page) in the
// caller's language.
type StatusPage struct {
	Status
	Title string `json:"title"`
	Info  string `json:"info"`
}

// StatusPage localizes st for lang.
func (s *Service) StatusPage(ctx context.Context, m *Merchant, st Status, lang string) (StatusPage, error) {
	t, err := s.tenant(ctx, m.Code)
	if err != nil {
		return StatusPage{}, err
	}
	page := StatusPage{Status: st}
	texts := t.cfg.MaintenanceText
	if st.Status == StatusRegionRestricted {
		texts = t.cfg.RegionText
		if len(texts) == 0 {
			texts = regionText
		}
	}
	for _, l := range []string{lang, m.DefaultLanguage, "EN"} {
		if ti, ok := texts[l]; ok {
			page.Title, page.Info = ti.Title, ti.Info
			break
		}
	}
	return page, nil
}

// Whitelabel is the module tree.
func (s *Service) Whitelabel(ctx context.Context, code string) ([]Module, error) {
	t, err := s.tenant(ctx, code)
	if err != nil {
		return nil, err
	}
	return nonNil(t.cfg.Modules), nil
}

// RegisterSettings is the registration settings call's answer.
type RegisterSettings struct {
	SessionFlags
	Rules      map[string]FieldRule `json:"rules"`
	Fields     []string             `json:"fields"`
	Patterns   []Pattern            `json:"patterns"`
	MinimumAge int                  `json:"minimumAge"`
}

// RegisterSettings returns the register rules with the pattern catalogue.
func (s *Service) RegisterSettings(ctx context.Context, code string) (RegisterSettings, error) {
	t, err := s.tenant(ctx, code)
	if err != nil {
		return RegisterSettings{}, err
	}
	rs := RegisterSettings{SessionFlags: Flags(t.cfg.Modules), Rules: nonNilMap(t.cfg.RegisterRules), Fields: RegisterFields, MinimumAge: t.cfg.MinimumAge}
	for id := PatternAny; id <= PatternStrongPassword; id++ {
		rs.Patterns = append(rs.Patterns, Patterns[id])
	}
	return rs, nil
}

// DomainRoute returns the merchant's domains.
func (s *Service) DomainRoute(ctx context.Context, code string) (DomainRoute, error) {
	t, err := s.tenant(ctx, code)
	if err != nil {
		return DomainRoute{}, err
	}
	return t.domainRoute(), nil
}

// CustomerService returns the channels with sealed paths.
func (s *Service) CustomerService(ctx context.Context, code string) ([]CustomerService, error) {
	t, err := s.tenant(ctx, code)
	if err != nil {
		return nil, err
	}
	return nonNil(t.csSealed), nil
}

// live returns the tenant's published items of kind, in order.
func (t *tenant) live(kind string, now time.Time) []Item {
	var out []Item
	for _, it := range t.items {
		if it.Kind == kind && it.liveAt(now) {
			out = append(out, it)
		}
	}
	return out
}

func (t *tenant) notice(it Item, lang string) Notice {
	tx := it.text(lang, t.m.DefaultLanguage)
	n := Notice{
		ID: it.ID, Type: it.Type, PromotionType: it.Type, Title: tx.Title, Content: SanitizeHTML(tx.Content),
		Execution: it.Execution, Platform: it.Platform, CreateTime: it.CreatedAt,
	}
	if !it.StartsAt.IsZero() {
		st := it.StartsAt
		n.StartTime = &st
	}
	if !it.EndsAt.IsZero() {
		e := it.EndsAt
		n.EndTime = &e
	}
	return n
}

// NoticeQuery filters notices and announcements; empty fields match all.
type NoticeQuery struct {
	Types     []string
	Execution string
	Platform  string
	Language  string
}

func (q NoticeQuery) match(it Item) bool {
	return (len(q.Types) == 0 || slices.Contains(q.Types, it.Type)) &&
		(q.Execution == "" || it.Execution == q.Execution) &&
		(q.Platform == "" || it.Platform == q.Platform || it.Platform == "ALL")
}

// Notices returns published notices grouped by type.
func (s *Service) Notices(ctx context.Context, code string, q NoticeQuery) (NoticeGroups, error) {
	g := NoticeGroups{Banners: []Notice{}, Player: []Notice{}, Popup: []Notice{}, Promotion: []Notice{}}
	t, err := s.tenant(ctx, code)
	if err != nil {
		return g, err
	}
	for _, it := range t.live(KindNotice, time.Now()) {
		if !q.match(it) {
			continue
		}
		n := t.notice(it, q.Language)
		switch it.Type {
		case "B":
			g.Banners = append(g.Banners, n)
		case "PL":
			g.Player = append(g.Player, n)
		case "PU":
			g.Popup = append(g.Popup, n)
		case "PR":
			g.Promotion = append(g.Promotion, n)
		}
	}
	return g, nil
}

// Announcements returns published announcements, newest first.
func (s *Service) Announcements(ctx context.Context, code string, q NoticeQuery) ([]Notice, error) {
	t, err := s.tenant(ctx, code)
	if err != nil {
		return nil, err
	}
	out := []Notice{}
	for _, it := range t.live(KindAnnouncement, time.Now()) {
		if q.match(it) {
			out = append(out, t.notice(it, q.Language))
		}
	}
	slices.SortStableFunc(out, func(a, b Notice) int { return b.CreateTime.Compare(a.CreateTime) })
	return out, nil
}

// Banners returns the published banners of group, in order.
func (s *Service) Banners(ctx context.Context, code, group, lang string) ([]Banner, error) {
	t, err := s.tenant(ctx, code)
	if err != nil {
		return nil, err
	}
	out := []Banner{}
	for _, it := range t.live(KindBanner, time.Now()) {
		if it.Type != group {
			continue
		}
		out = append(out, Banner{
			ID: it.ID, GroupName: it.Type, Title: it.text(lang, t.m.DefaultLanguage).Title,
			URL:         bannerURL(code, it, lang),
			LinkageType: it.LinkageType, Linkage: it.Linkage, Sort: it.Sort,
		})
	}
	return out, nil
}

// BannerText returns the title and subtitle a banner image shows.
func (s *Service) BannerText(ctx context.Context, code, slug, lang string) (Text, string, error) {
	t, err := s.tenant(ctx, code)
	if err != nil {
		return Text{}, "", err
	}
	if !t.m.Supports(lang) {
		lang = t.m.DefaultLanguage
	}
	for _, it := range t.items {
		if it.Kind == KindBanner && it.Slug == slug {
			return it.text(lang, t.m.DefaultLanguage), it.Type, nil
		}
	}
	return Text{}, "", ErrNotFound
}

// HelpCenter returns the help-centre sections with their articles.
func (s *Service) HelpCenter(ctx context.Context, code, lang string) ([]HelpCategory, error) {
	t, err := s.tenant(ctx, code)
	if err != nil {
		return nil, err
	}
	out := []HelpCategory{}
	index := map[string]int{}
	for _, it := range t.live(KindHelp, time.Now()) {
		i, ok := index[it.Type]
		if !ok {
			i = len(out)
			index[it.Type] = i
			out = append(out, HelpCategory{Code: it.Type, Title: helpCategoryTitle(it.Type, lang), Articles: []HelpArticle{}})
		}
		tx := it.text(lang, t.m.DefaultLanguage)
		out[i].Articles = append(out[i].Articles, HelpArticle{ID: it.ID, Code: it.Slug, Title: tx.Title, Content: SanitizeHTML(tx.Content)})
	}
	return out, nil
}

func nonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

func nonNilMap[K comparable, V any](m map[K]V) map[K]V {
	if m == nil {
		return map[K]V{}
	}
	return m
}
