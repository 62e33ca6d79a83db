package merchant

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"portal/internal/database"
)

// The back office's merchant settings (decision 0026): one view of every
// part, and one update per part. Every update validates the whole part
// first, then writes the configuration and bumps the merchant topic in one
// transaction, so every process drops its cache at its next watch; this
// process drops its own at once.

// SettingError is a setting that cannot be applied: which field, and why
// (in English, for the operator; the client words the code).
type SettingError struct {
	Field  string `json:"field"`
	Reason string `json:"reason"`
}

func (e *SettingError) Error() string {
	return fmt.Sprintf("merchant: invalid setting %s: %s", e.Field, e.Reason)
}

// Unwrap ties every SettingError to ErrInvalidSetting.
func (e *SettingError) Unwrap() error { return ErrInvalidSetting }

// Settings is a merchant's settings as the back office edits them.
type Settings struct {
	Code     string `json:"code"`
	Name     string `json:"name"`
	Currency string `json:"currency"`

	Modules        []Module             `json:"modules"`
	RegisterRules  map[string]FieldRule `json:"registerRules"`
	RegisterFields []string             `json:"registerFields"`
	Patterns       []Pattern            `json:"patterns"`

	Languages     LanguageSettings `json:"languages"`
	AllLanguages  []Language       `json:"allLanguages"`
	CurrencyShown CurrencyDisplay  `json:"currencyDisplay"`
	Domains       Domains          `json:"domains"`
	Region        RegionRules      `json:"region"`
	// GeoIP says whether country rules take effect (a GeoIP database is
	// configured); CIDR rules always do.
	GeoIP           bool              `json:"geoIp"`
	Maintenance     Maintenance       `json:"maintenance"`
	CustomerService []CustomerService `json:"customerService"`
	CSKinds         []string          `json:"customerServiceKinds"`
}

// LanguageSettings are the languages a merchant offers and its default.
type LanguageSettings struct {
	Supported []string `json:"supported"`
	Default   string   `json:"default"`
}

// CurrencyDisplay is how amounts are shown. Only the symbol is an
// operator's choice: Decimals is the currency's minor-unit digits, which
// every stored amount is counted in, so it is read only.
type CurrencyDisplay struct {
	Symbol   string `json:"symbol"`
	Decimals int    `json:"decimals"`
}

// RegionRules are the addresses and countries refused (status 2).
type RegionRules struct {
	BlockedCIDRs     []string `json:"blockedCidrs"`
	BlockedCountries []string `json:"blockedCountries"`
}

// CSKinds are the customer-service channel kinds a merchant may offer.
var CSKinds = []string{"LIVECHAT", "TELEGRAM", "WHATSAPP", "LINE", "FACEBOOK", "MESSENGER", "WECHAT", "ZALO", "VIBER", "SKYPE", "EMAIL"}

// Limits of list settings.
const (
	maxRegionEntries = 1000
	maxCSChannels    = 20
	maxCSName        = 50
	maxURL           = 500
	maxSymbol        = 5
)

// Settings reads merchant code's settings from the database (not the
// cache: the back office shows what is stored, also right after a change).
func (s *Service) Settings(ctx context.Context, code string) (Settings, error) {
	r, err := loadRecord(ctx, s.db.Read(), code)
	if err != nil {
		return Settings{}, err
	}
	doms, err := loadMerchantDomains(ctx, s.db.Read(), code)
	if err != nil {
		return Settings{}, err
	}
	return s.settingsOf(r, doms), nil
}

func (s *Service) settingsOf(r record, doms Domains) Settings {
	c := r.Config
	st := Settings{
		Code: r.Code, Name: r.Name, Currency: r.Currency,
		Modules: nonNil(c.Modules), RegisterRules: nonNilMap(c.RegisterRules), RegisterFields: RegisterFields,
		Languages:     LanguageSettings{Supported: nonNil(c.Languages), Default: c.DefaultLanguage},
		AllLanguages:  Languages,
		CurrencyShown: CurrencyDisplay{Symbol: c.CurrencySymbol, Decimals: c.Decimals},
		Domains:       doms,
		Region:        RegionRules{BlockedCIDRs: nonNil(c.BlockedCIDRs), BlockedCountries: nonNil(c.BlockedCountries)},
		GeoIP:         s.geo != nil,
		Maintenance: Maintenance{On: c.Maintenance, Window: c.MaintenanceWindow, Texts: nonNilMap(c.MaintenanceText),
			Active: c.maintenanceAt(s.clock())},
		CustomerService: nonNil(c.CustomerService),
		CSKinds:         CSKinds,
	}
	for id := PatternAny; id <= PatternStrongPassword; id++ {
		st.Patterns = append(st.Patterns, Patterns[id])
	}
	return st
}

// update applies change to merchant code's configuration in a transaction
// that locks the row (concurrent updates of different parts do not lose
// each other) and bumps the merchant topic; it answers the settings before
// and after. A change that fails changes nothing.
func (s *Service) update(ctx context.Context, code string, change func(q database.Querier, c *Config) error) (before, after Settings, err error) {
	err = s.db.InTx(ctx, func(q database.Querier) error {
		r, err := loadRecordLocked(ctx, q, s.db.Dialect, code)
		if err != nil {
			return err
		}
		doms, err := loadMerchantDomains(ctx, q, code)
		if err != nil {
			return err
		}
		before = s.settingsOf(r, doms)
		// A deep copy: the change must not reach into before's maps.
		c, err := cloneConfig(r.Config)
		if err != nil {
			return err
		}
		if err := change(q, &c); err != nil {
			return err
		}
		if err := saveConfig(ctx, q, code, c); err != nil {
			return err
		}
		if doms, err = loadMerchantDomains(ctx, q, code); err != nil {
			return err
		}
		r.Config = c
		after = s.settingsOf(r, doms)
		return database.Bump(ctx, q, Topic)
	})
	if err != nil {
		return Settings{}, Settings{}, err
	}
	s.Invalidate()
	return before, after, nil
}

func cloneConfig(c Config) (Config, error) {
	b, err := json.Marshal(c)
	if err != nil {
		return Config{}, err
	}
	var out Config
	if err := json.Unmarshal(b, &out); err != nil {
		return Config{}, err
	}
	return out, nil
}

func loadRecordLocked(ctx context.Context, q database.Querier, d database.Dialect, code string) (record, error) {
	if d == database.Postgres {
		// SQLite has one writer, so its transaction already excludes
		// others; PostgreSQL needs the row lock.
		if _, err := q.ExecContext(ctx, `SELECT code FROM merchants WHERE code = $1 FOR UPDATE`, code); err != nil {
			return record{}, fmt.Errorf("merchant: lock %s: %w", code, err)
		}
	}
	return loadRecord(ctx, q, code)
}

// ModuleSwitch turns one module of the tree on or off.
type ModuleSwitch struct {
	ModID   string `json:"modId"`
	Enabled bool   `json:"enabled"`
}

// SetModules applies switches to the module tree; the tree's shape is the
// portal's, so an unknown module id is refused.
func (s *Service) SetModules(ctx context.Context, code string, switches []ModuleSwitch) (before, after Settings, err error) {
	return s.update(ctx, code, func(_ database.Querier, c *Config) error {
		if len(switches) == 0 {
			return &SettingError{Field: "modules", Reason: "no switch given"}
		}
		seen := map[string]bool{}
		for _, sw := range switches {
			if seen[sw.ModID] {
				return &SettingError{Field: "modules." + clip(sw.ModID), Reason: "given twice"}
			}
			seen[sw.ModID] = true
			if !setModule(c.Modules, sw.ModID, sw.Enabled) {
				return &SettingError{Field: "modules." + clip(sw.ModID), Reason: "no such module"}
			}
		}
		return nil
	})
}

// inputTypes are the form input types a register rule may ask for.
var inputTypes = []string{"text", "password", "email", "tel", "date"}

// mustRegister are the fields without which nobody could register.
var mustRegister = []string{"password", "confirmPassword"}

// SetRegisterRules replaces the rules of the fields given (the others keep
// theirs). A rule's acceptedPattern always follows its patternId, from the
// catalogue; lengths are 0-255 with min <= max.
func (s *Service) SetRegisterRules(ctx context.Context, code string, rules map[string]FieldRule) (before, after Settings, err error) {
	return s.update(ctx, code, func(_ database.Querier, c *Config) error {
		if len(rules) == 0 {
			return &SettingError{Field: "rules", Reason: "no rule given"}
		}
		if c.RegisterRules == nil {
			c.RegisterRules = map[string]FieldRule{}
		}
		for field, r := range rules {
			f := "rules." + clip(field)
			if !slices.Contains(RegisterFields, field) {
				return &SettingError{Field: f, Reason: "no such field"}
			}
			p, ok := Patterns[r.PatternID]
			if !ok {
				return &SettingError{Field: f + ".patternId", Reason: "not in the pattern catalogue"}
			}
			if r.MinLength < 0 || r.MinLength > 255 || r.MaxLength < 0 || r.MaxLength > 255 {
				return &SettingError{Field: f + ".minLength", Reason: "lengths are from 0 to 255"}
			}
			if r.MaxLength > 0 && r.MinLength > r.MaxLength {
				return &SettingError{Field: f + ".maxLength", Reason: "must not be below minLength"}
			}
			if !slices.Contains(inputTypes, r.Type) {
				return &SettingError{Field: f + ".type", Reason: "one of " + strings.Join(inputTypes, ", ")}
			}
			if r.Required && !r.Enabled {
				return &SettingError{Field: f + ".required", Reason: "a disabled field cannot be required"}
			}
			if slices.Contains(mustRegister, field) && (!r.Enabled || !r.Required) {
				return &SettingError{Field: f + ".enabled", Reason: "registration needs this field, enabled and required"}
			}
			if field == "password" && r.MinLength < 6 {
				return &SettingError{Field: f + ".minLength", Reason: "passwords need at least 6 characters"}
			}
			r.AcceptedPattern = p.JS
			c.RegisterRules[field] = r
		}
		return nil
	})
}

// SetLanguages sets the languages offered and the default, which must be
// among them; codes are normalised (km, zh-TW) and duplicates dropped.
func (s *Service) SetLanguages(ctx context.Context, code string, ls LanguageSettings) (before, after Settings, err error) {
	return s.update(ctx, code, func(_ database.Querier, c *Config) error {
		if len(ls.Supported) == 0 {
			return &SettingError{Field: "supported", Reason: "at least one language"}
		}
		if len(ls.Supported) > len(Languages) {
			return &SettingError{Field: "supported", Reason: "too many languages"}
		}
		var langs []string
		for _, v := range ls.Supported {
			l := NormalizeLanguage(v)
			if l == "" {
				return &SettingError{Field: "supported", Reason: "unknown language " + clip(v)}
			}
			if !slices.Contains(langs, l) {
				langs = append(langs, l)
			}
		}
		def := NormalizeLanguage(ls.Default)
		if def == "" {
			return &SettingError{Field: "default", Reason: "unknown language"}
		}
		if !slices.Contains(langs, def) {
			return &SettingError{Field: "default", Reason: "must be one of the supported languages"}
		}
		c.Languages, c.DefaultLanguage = langs, def
		return nil
	})
}

// SetCurrencyDisplay sets the currency symbol (1-5 characters, no spaces
// at the ends, no control characters); Decimals cannot change.
func (s *Service) SetCurrencyDisplay(ctx context.Context, code string, d CurrencyDisplay) (before, after Settings, err error) {
	return s.update(ctx, code, func(_ database.Querier, c *Config) error {
		sym := d.Symbol
		if sym == "" || strings.TrimSpace(sym) != sym {
			return &SettingError{Field: "symbol", Reason: "1 to 5 characters without spaces at the ends"}
		}
		if err := plainText("symbol", sym, maxSymbol, false); err != nil {
			return err
		}
		if strings.ContainsAny(sym, "<>\"'&") {
			return &SettingError{Field: "symbol", Reason: "no markup characters"}
		}
		if d.Decimals != c.Decimals {
			return &SettingError{Field: "decimals", Reason: "the currency's decimals cannot change"}
		}
		c.CurrencySymbol = sym
		return nil
	})
}

// SetRegion replaces the region rules: addresses or CIDRs (stored in
// canonical form), and ISO 3166 alpha-2 country codes.
func (s *Service) SetRegion(ctx context.Context, code string, rr RegionRules) (before, after Settings, err error) {
	return s.update(ctx, code, func(_ database.Querier, c *Config) error {
		if len(rr.BlockedCIDRs) > maxRegionEntries || len(rr.BlockedCountries) > maxRegionEntries {
			return &SettingError{Field: "region", Reason: fmt.Sprintf("at most %d entries per list", maxRegionEntries)}
		}
		cidrs := []string{}
		for i, v := range rr.BlockedCIDRs {
			p, err := parseCIDR(v)
			if err != nil || len(v) > 50 {
				return &SettingError{Field: fmt.Sprintf("blockedCidrs.%d", i), Reason: "not an address or CIDR"}
			}
			if c := p.String(); !slices.Contains(cidrs, c) {
				cidrs = append(cidrs, c)
			}
		}
		countries := []string{}
		for i, v := range rr.BlockedCountries {
			cc := strings.ToUpper(strings.TrimSpace(v))
			if !countryCode.MatchString(cc) {
				return &SettingError{Field: fmt.Sprintf("blockedCountries.%d", i), Reason: "not an ISO 3166 alpha-2 code"}
			}
			if !slices.Contains(countries, cc) {
				countries = append(countries, cc)
			}
		}
		c.BlockedCIDRs, c.BlockedCountries = cidrs, countries
		return nil
	})
}

// SetMaintenance sets the switch, the scheduled window and the texts.
func (s *Service) SetMaintenance(ctx context.Context, code string, m Maintenance) (before, after Settings, err error) {
	return s.update(ctx, code, func(_ database.Querier, c *Config) error {
		if err := checkMaintenance(m, s.clock()); err != nil {
			return err
		}
		c.Maintenance = m.On
		c.MaintenanceWindow = m.Window
		if m.Window != nil {
			w := MaintenanceWindow{Start: m.Window.Start.UTC(), End: m.Window.End.UTC()}
			c.MaintenanceWindow = &w
		}
		texts := map[string]TitleInfo{}
		for lang, t := range m.Texts {
			texts[lang] = TitleInfo{Title: strings.TrimSpace(t.Title), Info: strings.TrimSpace(t.Info)}
		}
		c.MaintenanceText = texts
		return nil
	})
}

// SetCustomerService replaces the customer-service channels.
func (s *Service) SetCustomerService(ctx context.Context, code string, list []CustomerService) (before, after Settings, err error) {
	return s.update(ctx, code, func(_ database.Querier, c *Config) error {
		if len(list) > maxCSChannels {
			return &SettingError{Field: "channels", Reason: fmt.Sprintf("at most %d channels", maxCSChannels)}
		}
		out := []CustomerService{}
		for i, cs := range list {
			f := fmt.Sprintf("channels.%d", i)
			if !slices.Contains(CSKinds, cs.CSType) {
				return &SettingError{Field: f + ".csType", Reason: "one of " + strings.Join(CSKinds, ", ")}
			}
			name := strings.TrimSpace(cs.Name)
			if name == "" {
				return &SettingError{Field: f + ".name", Reason: "required"}
			}
			if err := plainText(f+".name", name, maxCSName, false); err != nil {
				return err
			}
			u, err := checkChannelURL(cs.CSType, strings.TrimSpace(cs.Path))
			if err != nil {
				return &SettingError{Field: f + ".path", Reason: err.Error()}
			}
			out = append(out, CustomerService{CSType: cs.CSType, Name: name, Path: u})
		}
		c.CustomerService = out
		return nil
	})
}

// clip keeps a caller's value short enough to quote in an error.
func clip(v string) string {
	if utf8.RuneCountInString(v) <= 40 && utf8.ValidString(v) {
		return v
	}
	r := []rune(strings.ToValidUTF8(v, "?"))
	if len(r) > 40 {
		r = r[:40]
	}
	return string(r) + "…"
}
