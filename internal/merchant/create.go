package merchant

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"strings"
	"time"

	"portal/internal/database"
)

// The platform's merchants (decision 0026): listing them and creating one
// with the settings a seeded merchant starts with.

// ErrMerchantExists is a code another merchant has.
var ErrMerchantExists = errors.New("merchant: code taken")

// NewMerchant is what the platform gives to create a merchant.
type NewMerchant struct {
	Code            string `json:"code"`
	Name            string `json:"name"`
	Currency        string `json:"currency"`
	DefaultLanguage string `json:"defaultLanguage"`
	MainDomain      string `json:"mainDomain"`
}

// Summary is a merchant as the platform lists it.
type Summary struct {
	Code            string    `json:"code"`
	Name            string    `json:"name"`
	Currency        string    `json:"currency"`
	DefaultLanguage string    `json:"defaultLanguage"`
	MainDomain      string    `json:"mainDomain"`
	Maintenance     bool      `json:"maintenance"`
	CreatedAt       time.Time `json:"createdAt"`
}

// CurrencyInfo is a currency a merchant may be created in: its symbol and
// minor-unit digits (ISO 4217), which all its amounts are counted in.
type CurrencyInfo struct {
	Code     string `json:"code"`
	Symbol   string `json:"symbol"`
	Decimals int    `json:"decimals"`
}

// Currencies are the currencies a merchant may be created in.
var Currencies = []CurrencyInfo{
	{"USD", "$", 2}, {"KHR", "៛", 2}, {"THB", "฿", 2}, {"VND", "₫", 0}, {"CNY", "¥", 2}, {"MYR", "RM", 2},
	{"IDR", "Rp", 2}, {"PHP", "₱", 2}, {"INR", "₹", 2}, {"JPY", "¥", 0}, {"KRW", "₩", 0}, {"EUR", "€", 2},
	{"LAK", "₭", 2}, {"MMK", "K", 2}, {"BDT", "৳", 2}, {"PKR", "Rs", 2}, {"BRL", "R$", 2},
}

func currencyInfo(code string) (CurrencyInfo, bool) {
	for _, c := range Currencies {
		if c.Code == code {
			return c, true
		}
	}
	return CurrencyInfo{}, false
}

var merchantCodeRule = regexp.MustCompile(`^[a-z][a-z0-9-]{1,31}$`)

// checkNewMerchant validates and normalises a creation request.
func checkNewMerchant(n NewMerchant) (NewMerchant, CurrencyInfo, error) {
	n.Code = strings.TrimSpace(n.Code)
	if !merchantCodeRule.MatchString(n.Code) || strings.HasSuffix(n.Code, "-") {
		return n, CurrencyInfo{}, &SettingError{Field: "code", Reason: "2 to 32 lower-case letters, digits or hyphens, starting with a letter"}
	}
	n.Name = strings.TrimSpace(n.Name)
	if n.Name == "" {
		return n, CurrencyInfo{}, &SettingError{Field: "name", Reason: "required"}
	}
	if err := plainText("name", n.Name, 80, false); err != nil {
		return n, CurrencyInfo{}, err
	}
	cur, ok := currencyInfo(strings.ToUpper(strings.TrimSpace(n.Currency)))
	if !ok {
		return n, CurrencyInfo{}, &SettingError{Field: "currency", Reason: "not a supported currency"}
	}
	n.Currency = cur.Code
	if n.DefaultLanguage = NormalizeLanguage(n.DefaultLanguage); n.DefaultLanguage == "" {
		return n, CurrencyInfo{}, &SettingError{Field: "defaultLanguage", Reason: "unknown language"}
	}
	host, err := normalizeHost(n.MainDomain)
	if err != nil {
		return n, CurrencyInfo{}, &SettingError{Field: "mainDomain", Reason: err.Error()}
	}
	n.MainDomain = host
	return n, cur, nil
}

// newRecord is a new merchant's row: the seeded merchants' defaults (the
// whole module tree on, the default register rules, the maintenance and
// region texts, its own customer-service key), its default language plus
// EN, KM and CN, no region rules, no customer-service channels yet.
func newRecord(n NewMerchant, cur CurrencyInfo) record {
	langs := []string{n.DefaultLanguage}
	for _, l := range []string{"EN", "KM", "CN"} {
		if l != n.DefaultLanguage {
			langs = append(langs, l)
		}
	}
	var launch []string
	if strings.Contains(n.MainDomain, ".") {
		launch = []string{"https://" + n.MainDomain}
	}
	return record{
		Code: n.Code, Name: n.Name, Currency: n.Currency,
		Config: Config{
			CurrencySymbol: cur.Symbol, Decimals: cur.Decimals, DefaultLanguage: n.DefaultLanguage, Languages: langs,
			MaintenanceText: maintenanceText, RegionText: regionText,
			BlockedCIDRs: []string{}, BlockedCountries: []string{},
			Modules: DefaultModules(), RegisterRules: DefaultRegisterRules(),
			Resources: map[string]Resource{}, CustomerService: []CustomerService{},
			CustomerServiceKey: newSymmetricKey(),
			ImageCDNs:          []string{""}, LaunchGameCDNs: nonNil(launch),
			Brand: DefaultBrand(), MinimumAge: 18, PasswordExpiryDays: 90, SMSCodeMinutes: 5, Encryption: true,
		},
	}
}

// Create makes a merchant with its own RSA key and its main domain. A code
// or domain already taken changes nothing.
func (s *Service) Create(ctx context.Context, n NewMerchant) (Summary, error) {
	n, cur, err := checkNewMerchant(n)
	if err != nil {
		return Summary{}, err
	}
	r := newRecord(n, cur)
	// The key takes a while: made before the transaction, which on SQLite
	// holds the only writer.
	if r.PrivateKey, err = newPrivateKey(); err != nil {
		return Summary{}, err
	}
	err = s.db.InTx(ctx, func(q database.Querier) error {
		created, err := insertRecord(ctx, q, r)
		if err != nil {
			return err
		}
		if !created {
			return &SettingError{Field: "code", Reason: "taken"}
		}
		if err := writeDomains(ctx, q, n.Code, Domains{Main: n.MainDomain}); err != nil {
			return err
		}
		return database.Bump(ctx, q, Topic)
	})
	if err != nil {
		var se *SettingError
		if errors.As(err, &se) && se.Field == "code" {
			return Summary{}, fmt.Errorf("%w: %s", ErrMerchantExists, n.Code)
		}
		return Summary{}, err
	}
	s.Invalidate()
	list, err := s.List(ctx)
	if err != nil {
		return Summary{}, err
	}
	for _, m := range list {
		if m.Code == n.Code {
			return m, nil
		}
	}
	return Summary{}, fmt.Errorf("%w: %q", ErrUnknownMerchant, n.Code)
}

// List answers every merchant, by code (there are few; no paging).
func (s *Service) List(ctx context.Context) ([]Summary, error) {
	rows, err := s.db.Read().QueryContext(ctx, `SELECT m.code, m.name, m.currency, m.config, m.created_at,
		COALESCE((SELECT MIN(d.domain) FROM merchant_domains d WHERE d.merchant_code = m.code AND d.kind = 'main'), '')
		FROM merchants m ORDER BY m.code`)
	if err != nil {
		return nil, fmt.Errorf("merchant: list: %w", err)
	}
	defer rows.Close()
	now := s.clock()
	out := []Summary{}
	for rows.Next() {
		var m Summary
		var cfg string
		var created int64
		if err := rows.Scan(&m.Code, &m.Name, &m.Currency, &cfg, &created, &m.MainDomain); err != nil {
			return nil, fmt.Errorf("merchant: list: %w", err)
		}
		var c Config
		if err := jsonUnmarshal(cfg, &c); err != nil {
			return nil, fmt.Errorf("merchant: %s: config: %w", m.Code, err)
		}
		m.DefaultLanguage, m.Maintenance, m.CreatedAt = c.DefaultLanguage, c.maintenanceAt(now), time.UnixMilli(created).UTC()
		out = append(out, m)
	}
	return out, rows.Err()
}

func jsonUnmarshal(s string, v any) error { return json.Unmarshal([]byte(s), v) }
