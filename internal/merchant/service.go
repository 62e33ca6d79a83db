package merchant

import (
	"context"
	"crypto/rsa"
	"fmt"
	"log/slog"
	"net"
	"net/netip"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"portal/internal/database"
)

// Topic is the change topic that drops merchant caches in every process.
const Topic = "merchant"

// Options configure a Service.
type Options struct {
	Log *slog.Logger
	// GeoIPPath is a MaxMind-format country database; empty disables
	// country rules (CIDR rules still apply).
	GeoIPPath string
	// Now is the clock of scheduled maintenance and nonce expiry; nil is
	// time.Now (tests move it).
	Now func() time.Time
}

// Service answers everything about merchants from an in-memory snapshot of
// all of them, rebuilt after a change. There are few merchants and they are
// read on every request, so an unknown code costs no query.
type Service struct {
	db   *database.DB
	log  *slog.Logger
	geo  *countryDB
	snap atomic.Pointer[snapshot]
	// gen counts invalidations: a rebuild that read the database before an
	// invalidation must not publish its (stale) snapshot after it.
	gen atomic.Uint64
	mu  sync.Mutex // serialises rebuilds
	// noncesPruned is when this instance last pruned payload_nonces (unix
	// ms); now is the clock of nonce expiry and scheduled maintenance,
	// time.Now when nil (Options.Now).
	noncesPruned atomic.Int64
	now          func() time.Time
}

// tenant is one merchant with everything derived from its configuration.
type tenant struct {
	m         Merchant
	cfg       Config
	publicKey string
	blocked   []netip.Prefix
	countries map[string]bool
	items     []Item
	domains   []domain
	csSealed  []CustomerService
	rsaKey    *rsa.PrivateKey
}

type snapshot struct {
	byCode map[string]*tenant
	byHost map[string]string
}

// NewService returns a Service over db.
func NewService(db *database.DB, opts Options) (*Service, error) {
	log := opts.Log
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	s := &Service{db: db, log: log, now: opts.Now}
	if opts.GeoIPPath != "" {
		g, err := openCountryDB(opts.GeoIPPath)
		if err != nil {
			return nil, err
		}
		s.geo = g
	}
	return s, nil
}

// Invalidate drops the snapshot; the next call rebuilds it.
func (s *Service) Invalidate() {
	s.gen.Add(1)
	s.snap.Store(nil)
}

func (s *Service) current(ctx context.Context) (*snapshot, error) {
	if sn := s.snap.Load(); sn != nil {
		return sn, nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if sn := s.snap.Load(); sn != nil {
		return sn, nil
	}
	gen := s.gen.Load()
	sn, err := s.build(ctx)
	if err != nil {
		return nil, err
	}
	// An invalidation during the build means the data read may predate the
	// change: answer this call with it, but let the next one rebuild.
	if s.gen.Load() == gen {
		s.snap.Store(sn)
	}
	return sn, nil
}

func (s *Service) build(ctx context.Context) (*snapshot, error) {
	q := s.db.Read()
	recs, err := loadRecords(ctx, q)
	if err != nil {
		return nil, err
	}
	items, err := loadItems(ctx, q)
	if err != nil {
		return nil, err
	}
	byHost, domains, err := loadDomains(ctx, q)
	if err != nil {
		return nil, err
	}
	sn := &snapshot{byCode: make(map[string]*tenant, len(recs)), byHost: byHost}
	for _, r := range recs {
		t, err := newTenant(r)
		if err != nil {
			// One broken merchant must not take the others down.
			s.log.Error("merchant configuration unusable", "merchant", r.Code, "err", err)
			continue
		}
		t.items = items[r.Code]
		t.domains = domains[r.Code]
		sn.byCode[r.Code] = t
	}
	return sn, nil
}

func newTenant(r record) (*tenant, error) {
	c := r.Config
	t := &tenant{
		m: Merchant{
			Code: r.Code, Name: r.Name, Currency: r.Currency, CurrencySymbol: c.CurrencySymbol,
			Decimals: c.Decimals, DefaultLanguage: c.DefaultLanguage, Languages: c.Languages, Maintenance: c.Maintenance,
		},
		cfg:       c,
		countries: map[string]bool{},
	}
	if !t.m.Supports(t.m.DefaultLanguage) {
		t.m.Languages = append([]string{t.m.DefaultLanguage}, t.m.Languages...)
	}
	for _, s := range c.BlockedCIDRs {
		p, err := parseCIDR(s)
		if err != nil {
			return nil, err
		}
		t.blocked = append(t.blocked, p)
	}
	for _, cc := range c.BlockedCountries {
		t.countries[strings.ToUpper(cc)] = true
	}
	if r.PrivateKey != "" {
		k, err := parsePrivateKey(r.PrivateKey)
		if err != nil {
			return nil, err
		}
		pub, err := publicKeyPEM(k)
		if err != nil {
			return nil, err
		}
		t.rsaKey, t.publicKey = k, pub
	}
	t.m.Encryption = c.Encryption && t.rsaKey != nil
	if ModuleOn(c.Modules, ModPasswordExpiry) {
		t.m.PasswordExpiryDays = c.PasswordExpiryDays
	}
	t.m.VIP, t.m.Referral = ModuleOn(c.Modules, ModVIP), ModuleOn(c.Modules, ModReferral)
	t.m.Agents = AgentSwitches{Policy: ModuleOn(c.Modules, ModAgentPolicy), Dividend: ModuleOn(c.Modules, ModDividend),
		DailySalary: ModuleOn(c.Modules, ModDailySalary), HourSalary: ModuleOn(c.Modules, ModHourSalary),
		RealtimeSalary: ModuleOn(c.Modules, ModRealtimeSalary)}
	for _, cs := range c.CustomerService {
		sealed, err := sealPath(c.CustomerServiceKey, cs.Path)
		if err != nil {
			return nil, fmt.Errorf("customer service %s: %w", cs.CSType, err)
		}
		t.csSealed = append(t.csSealed, CustomerService{CSType: cs.CSType, Name: cs.Name, Path: sealed})
	}
	return t, nil
}

func (s *Service) tenant(ctx context.Context, code string) (*tenant, error) {
	sn, err := s.current(ctx)
	if err != nil {
		return nil, err
	}
	t, ok := sn.byCode[code]
	if !ok {
		return nil, fmt.Errorf("%w: %q", ErrUnknownMerchant, code)
	}
	return t, nil
}

// Lookup returns the merchant with code, or ErrUnknownMerchant.
func (s *Service) Lookup(ctx context.Context, code string) (*Merchant, error) {
	t, err := s.tenant(ctx, code)
	if err != nil {
		return nil, err
	}
	return &t.m, nil
}

// ByDomain returns the code of the merchant that owns host (a main or
// mirror domain, port ignored), or ErrUnknownMerchant.
func (s *Service) ByDomain(ctx context.Context, host string) (string, error) {
	sn, err := s.current(ctx)
	if err != nil {
		return "", err
	}
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	}
	host = strings.TrimSuffix(strings.Trim(strings.ToLower(host), "[]"), ".")
	code, ok := sn.byHost[host]
	if !ok {
		return "", fmt.Errorf("%w: host %q", ErrUnknownMerchant, host)
	}
	return code, nil
}

// Config returns the merchant's configuration; its maps and slices are
// shared with the cache and must not be changed.
func (s *Service) Config(ctx context.Context, code string) (Config, error) {
	t, err := s.tenant(ctx, code)
	if err != nil {
		return Config{}, err
	}
	return t.cfg, nil
}
