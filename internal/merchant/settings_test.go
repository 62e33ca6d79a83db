package merchant

import (
	"context"
	"encoding/json"
	"errors"
	"net/netip"
	"strings"
	"sync"
	"testing"
	"time"

	"portal/internal/database"
	"portal/internal/dbtest"
)

// testClock is a clock tests move.
type testClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *testClock) now() time.Time  { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *testClock) set(t time.Time) { c.mu.Lock(); c.t = t; c.mu.Unlock() }

// TestSettingsParts: every part takes a valid value and refuses each
// invalid or hostile field with its name, changing nothing; the other
// merchant is never touched.
func TestSettingsParts(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		clk := &testClock{t: time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)}
		s := seeded(t, db, Options{Now: clk.now})
		luckyBefore, err := s.Settings(ctx, "lucky")
		if err != nil {
			t.Fatal(err)
		}
		rule := func(mod func(*FieldRule)) map[string]FieldRule {
			r := DefaultRegisterRules()["email"]
			mod(&r)
			return map[string]FieldRule{"email": r}
		}
		at := func(h int) time.Time { return clk.now().Add(time.Duration(h) * time.Hour) }
		type apply func() (Settings, Settings, error)
		tests := []struct {
			name  string
			do    apply
			field string // "" valid
		}{
			{"module off", func() (Settings, Settings, error) {
				return s.SetModules(ctx, "demo", []ModuleSwitch{{ModVIP, false}, {ModFreePlay, false}})
			}, ""},
			{"module unknown", func() (Settings, Settings, error) {
				return s.SetModules(ctx, "demo", []ModuleSwitch{{"ROOT'--", false}})
			}, "modules.ROOT'--"},
			{"module twice", func() (Settings, Settings, error) {
				return s.SetModules(ctx, "demo", []ModuleSwitch{{ModVIP, true}, {ModVIP, false}})
			}, "modules.VIP3"},
			{"modules none", func() (Settings, Settings, error) { return s.SetModules(ctx, "demo", nil) }, "modules"},
			{"rule valid", func() (Settings, Settings, error) {
				return s.SetRegisterRules(ctx, "demo", rule(func(r *FieldRule) { r.Required = true; r.AcceptedPattern = "(evil)" }))
			}, ""},
			{"rule unknown field", func() (Settings, Settings, error) {
				return s.SetRegisterRules(ctx, "demo", map[string]FieldRule{"__proto__": DefaultRegisterRules()["email"]})
			}, "rules.__proto__"},
			{"rule pattern", func() (Settings, Settings, error) {
				return s.SetRegisterRules(ctx, "demo", rule(func(r *FieldRule) { r.PatternID = 99 }))
			}, "rules.email.patternId"},
			{"rule length", func() (Settings, Settings, error) {
				return s.SetRegisterRules(ctx, "demo", rule(func(r *FieldRule) { r.MaxLength = 1000 }))
			}, "rules.email.minLength"},
			{"rule min above max", func() (Settings, Settings, error) {
				return s.SetRegisterRules(ctx, "demo", rule(func(r *FieldRule) { r.MinLength, r.MaxLength = 9, 3 }))
			}, "rules.email.maxLength"},
			{"rule type", func() (Settings, Settings, error) {
				return s.SetRegisterRules(ctx, "demo", rule(func(r *FieldRule) { r.Type = "file" }))
			}, "rules.email.type"},
			{"rule required but off", func() (Settings, Settings, error) {
				return s.SetRegisterRules(ctx, "demo", rule(func(r *FieldRule) { r.Enabled, r.Required = false, true }))
			}, "rules.email.required"},
			{"rule password off", func() (Settings, Settings, error) {
				r := DefaultRegisterRules()["password"]
				r.Enabled, r.Required = false, false
				return s.SetRegisterRules(ctx, "demo", map[string]FieldRule{"password": r})
			}, "rules.password.enabled"},
			{"languages valid", func() (Settings, Settings, error) {
				return s.SetLanguages(ctx, "demo", LanguageSettings{Supported: []string{"km", "EN", "zh-TW", "EN"}, Default: "EN"})
			}, ""},
			{"languages unknown", func() (Settings, Settings, error) {
				return s.SetLanguages(ctx, "demo", LanguageSettings{Supported: []string{"EN", "xx"}, Default: "EN"})
			}, "supported"},
			{"languages empty", func() (Settings, Settings, error) {
				return s.SetLanguages(ctx, "demo", LanguageSettings{Default: "EN"})
			}, "supported"},
			{"default outside", func() (Settings, Settings, error) {
				return s.SetLanguages(ctx, "demo", LanguageSettings{Supported: []string{"EN"}, Default: "KM"})
			}, "default"},
			{"symbol valid", func() (Settings, Settings, error) {
				return s.SetCurrencyDisplay(ctx, "demo", CurrencyDisplay{Symbol: "US$", Decimals: 2})
			}, ""},
			{"symbol markup", func() (Settings, Settings, error) {
				return s.SetCurrencyDisplay(ctx, "demo", CurrencyDisplay{Symbol: "<b>", Decimals: 2})
			}, "symbol"},
			{"symbol long", func() (Settings, Settings, error) {
				return s.SetCurrencyDisplay(ctx, "demo", CurrencyDisplay{Symbol: "dollars", Decimals: 2})
			}, "symbol"},
			{"symbol control", func() (Settings, Settings, error) {
				return s.SetCurrencyDisplay(ctx, "demo", CurrencyDisplay{Symbol: "$\u202e", Decimals: 2})
			}, "symbol"},
			{"decimals", func() (Settings, Settings, error) {
				return s.SetCurrencyDisplay(ctx, "demo", CurrencyDisplay{Symbol: "$", Decimals: 0})
			}, "decimals"},
			{"domains valid", func() (Settings, Settings, error) {
				return s.SetDomains(ctx, "demo", Domains{Main: "Play.Demo.test.", Mirrors: []string{"localhost", "xn--fsq.demo.test"}})
			}, ""},
			{"domain of lucky", func() (Settings, Settings, error) {
				return s.SetDomains(ctx, "demo", Domains{Main: "play.demo.test", Mirrors: []string{"lucky.portal.test"}})
			}, "mirrors.0"},
			{"domain path", func() (Settings, Settings, error) {
				return s.SetDomains(ctx, "demo", Domains{Main: "demo.test/x"})
			}, "main"},
			{"domain address", func() (Settings, Settings, error) { return s.SetDomains(ctx, "demo", Domains{Main: "192.0.2.1"}) }, "main"},
			{"domain one label", func() (Settings, Settings, error) { return s.SetDomains(ctx, "demo", Domains{Main: "intranet"}) }, "main"},
			{"domain hyphen", func() (Settings, Settings, error) { return s.SetDomains(ctx, "demo", Domains{Main: "-a.test"}) }, "main"},
			{"domain unicode", func() (Settings, Settings, error) { return s.SetDomains(ctx, "demo", Domains{Main: "例子.test"}) }, "main"},
			{"domain twice", func() (Settings, Settings, error) {
				return s.SetDomains(ctx, "demo", Domains{Main: "a.test", Mirrors: []string{"A.test"}})
			}, "mirrors.0"},
			{"region valid", func() (Settings, Settings, error) {
				return s.SetRegion(ctx, "demo", RegionRules{BlockedCIDRs: []string{"203.0.113.9/24", "2001:db8::1"}, BlockedCountries: []string{"us", "FR"}})
			}, ""},
			{"region cidr", func() (Settings, Settings, error) {
				return s.SetRegion(ctx, "demo", RegionRules{BlockedCIDRs: []string{"10.0.0.0/33"}})
			}, "blockedCidrs.0"},
			{"region country", func() (Settings, Settings, error) {
				return s.SetRegion(ctx, "demo", RegionRules{BlockedCountries: []string{"USA"}})
			}, "blockedCountries.0"},
			{"region too many", func() (Settings, Settings, error) {
				return s.SetRegion(ctx, "demo", RegionRules{BlockedCountries: make([]string, 1001)})
			}, "region"},
			{"maintenance valid", func() (Settings, Settings, error) {
				return s.SetMaintenance(ctx, "demo", Maintenance{Window: &MaintenanceWindow{Start: at(1), End: at(3)},
					Texts: map[string]TitleInfo{"EN": {"Upgrade", "Back at 15:00.\nThanks."}, "KM": {"ការថែទាំ", ""}}})
			}, ""},
			{"window backwards", func() (Settings, Settings, error) {
				return s.SetMaintenance(ctx, "demo", Maintenance{Window: &MaintenanceWindow{Start: at(3), End: at(1)}})
			}, "window.end"},
			{"window past", func() (Settings, Settings, error) {
				return s.SetMaintenance(ctx, "demo", Maintenance{Window: &MaintenanceWindow{Start: at(-3), End: at(-1)}})
			}, "window.end"},
			{"window long", func() (Settings, Settings, error) {
				return s.SetMaintenance(ctx, "demo", Maintenance{Window: &MaintenanceWindow{Start: at(1), End: at(24 * 40)}})
			}, "window.end"},
			{"window half", func() (Settings, Settings, error) {
				return s.SetMaintenance(ctx, "demo", Maintenance{Window: &MaintenanceWindow{End: at(1)}})
			}, "window"},
			{"text language", func() (Settings, Settings, error) {
				return s.SetMaintenance(ctx, "demo", Maintenance{On: true, Texts: map[string]TitleInfo{"XX": {"a", "b"}}})
			}, "texts.XX"},
			{"text title", func() (Settings, Settings, error) {
				return s.SetMaintenance(ctx, "demo", Maintenance{On: true, Texts: map[string]TitleInfo{"EN": {" ", "b"}}})
			}, "texts.EN.title"},
			{"text long", func() (Settings, Settings, error) {
				return s.SetMaintenance(ctx, "demo", Maintenance{On: true, Texts: map[string]TitleInfo{"EN": {"a", strings.Repeat("x", 2001)}}})
			}, "texts.EN.info"},
			{"text control", func() (Settings, Settings, error) {
				return s.SetMaintenance(ctx, "demo", Maintenance{On: true, Texts: map[string]TitleInfo{"EN": {"a\x00", "b"}}})
			}, "texts.EN.title"},
			{"channels valid", func() (Settings, Settings, error) {
				return s.SetCustomerService(ctx, "demo", []CustomerService{{"LIVECHAT", "Chat", "https://chat.demo.test/x?y=1"},
					{"EMAIL", "Mail", "mailto:help@demo.test"}})
			}, ""},
			{"channel javascript", func() (Settings, Settings, error) {
				return s.SetCustomerService(ctx, "demo", []CustomerService{{"LIVECHAT", "Chat", "javascript:alert(1)"}})
			}, "channels.0.path"},
			{"channel JaVaScRiPt", func() (Settings, Settings, error) {
				return s.SetCustomerService(ctx, "demo", []CustomerService{{"LIVECHAT", "Chat", " JaVaScRiPt:alert(1)"}})
			}, "channels.0.path"},
			{"channel http", func() (Settings, Settings, error) {
				return s.SetCustomerService(ctx, "demo", []CustomerService{{"LIVECHAT", "Chat", "http://chat.demo.test"}})
			}, "channels.0.path"},
			{"channel data", func() (Settings, Settings, error) {
				return s.SetCustomerService(ctx, "demo", []CustomerService{{"LIVECHAT", "Chat", "data:text/html,<script>"}})
			}, "channels.0.path"},
			{"channel credentials", func() (Settings, Settings, error) {
				return s.SetCustomerService(ctx, "demo", []CustomerService{{"LIVECHAT", "Chat", "https://u:p@chat.demo.test"}})
			}, "channels.0.path"},
			{"channel no host", func() (Settings, Settings, error) {
				return s.SetCustomerService(ctx, "demo", []CustomerService{{"LIVECHAT", "Chat", "https:///x"}})
			}, "channels.0.path"},
			{"channel mailto not email", func() (Settings, Settings, error) {
				return s.SetCustomerService(ctx, "demo", []CustomerService{{"LIVECHAT", "Chat", "mailto:a@b.test"}})
			}, "channels.0.path"},
			{"channel mailto header", func() (Settings, Settings, error) {
				return s.SetCustomerService(ctx, "demo", []CustomerService{{"EMAIL", "Mail", "mailto:a@b.test?bcc=x@y.test"}})
			}, "channels.0.path"},
			{"channel kind", func() (Settings, Settings, error) {
				return s.SetCustomerService(ctx, "demo", []CustomerService{{"PHONE", "Call", "https://x.test"}})
			}, "channels.0.csType"},
			{"channel name", func() (Settings, Settings, error) {
				return s.SetCustomerService(ctx, "demo", []CustomerService{{"LIVECHAT", "", "https://x.test"}})
			}, "channels.0.name"},
		}
		for _, tt := range tests {
			stored, _ := s.Settings(ctx, "demo")
			v0 := version(t, db)
			before, after, err := tt.do()
			if tt.field == "" {
				if err != nil {
					t.Errorf("%s: %v", tt.name, err)
					continue
				}
				if before.Code != "demo" || after.Code != "demo" || version(t, db) != v0+1 {
					t.Errorf("%s: before/after %s/%s, version %d -> %d", tt.name, before.Code, after.Code, v0, version(t, db))
				}
				continue
			}
			var se *SettingError
			var dt *DomainTakenError
			switch {
			case errors.As(err, &se):
				if se.Field != tt.field || !errors.Is(err, ErrInvalidSetting) {
					t.Errorf("%s: field %q (%s), want %q", tt.name, se.Field, se.Reason, tt.field)
				}
			case errors.As(err, &dt):
				if dt.Field != tt.field {
					t.Errorf("%s: taken field %q, want %q", tt.name, dt.Field, tt.field)
				}
			default:
				t.Errorf("%s: err %v, want a setting error on %s", tt.name, err, tt.field)
			}
			if now, _ := s.Settings(ctx, "demo"); !equalJSON(t, now, stored) || version(t, db) != v0 {
				t.Errorf("%s: a refused change changed something", tt.name)
			}
		}
		// What the valid rows stored.
		st, _ := s.Settings(ctx, "demo")
		if ModuleOn(st.Modules, ModVIP) || !ModuleOn(st.Modules, ModReferral) {
			t.Errorf("modules = %+v", st.Modules)
		}
		if r := st.RegisterRules["email"]; !r.Required || r.AcceptedPattern != Patterns[PatternEmail].JS {
			t.Errorf("email rule = %+v", r)
		}
		if strings.Join(st.Languages.Supported, ",") != "KM,EN,TW" || st.Languages.Default != "EN" {
			t.Errorf("languages = %+v", st.Languages)
		}
		if st.Domains.Main != "play.demo.test" || strings.Join(st.Domains.Mirrors, ",") != "localhost,xn--fsq.demo.test" {
			t.Errorf("domains = %+v", st.Domains)
		}
		if strings.Join(st.Region.BlockedCIDRs, ",") != "203.0.113.0/24,2001:db8::1/128" || strings.Join(st.Region.BlockedCountries, ",") != "US,FR" {
			t.Errorf("region = %+v", st.Region)
		}
		if len(st.CustomerService) != 2 || st.CustomerService[1].Path != "mailto:help@demo.test" {
			t.Errorf("channels = %+v", st.CustomerService)
		}
		// The cache of this process follows at once; lucky kept everything.
		if code, err := s.ByDomain(ctx, "play.demo.test:443"); err != nil || code != "demo" {
			t.Errorf("new main domain = %q %v", code, err)
		}
		if _, err := s.ByDomain(ctx, "demo2.portal.test"); !errors.Is(err, ErrUnknownMerchant) {
			t.Errorf("dropped mirror still resolves: %v", err)
		}
		if flags, _ := s.Whitelabel(ctx, "demo"); ModuleOn(flags, ModVIP) {
			t.Error("whitelabel still has VIP on")
		}
		m, _ := s.Lookup(ctx, "demo")
		if m.CurrencySymbol != "US$" || m.DefaultLanguage != "EN" {
			t.Errorf("merchant = %+v", m)
		}
		if luckyAfter, _ := s.Settings(ctx, "lucky"); !equalJSON(t, luckyAfter, luckyBefore) {
			t.Error("lucky changed")
		}
		// An unknown merchant.
		if _, _, err := s.SetRegion(ctx, "nosuch", RegionRules{}); !errors.Is(err, ErrUnknownMerchant) {
			t.Errorf("unknown merchant: %v", err)
		}
	})
}

// TestScheduledMaintenanceFollowsTheClock: the window opens and closes by
// itself in the status and the status keys (which drive the push).
func TestScheduledMaintenanceFollowsTheClock(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		start := time.Date(2026, 11, 25, 12, 0, 0, 0, time.UTC)
		clk := &testClock{t: start}
		s := seeded(t, db, Options{Now: clk.now})
		if _, _, err := s.SetMaintenance(ctx, "demo", Maintenance{Window: &MaintenanceWindow{Start: start.Add(time.Hour), End: start.Add(2 * time.Hour)}}); err != nil {
			t.Fatal(err)
		}
		m, _ := s.Lookup(ctx, "demo")
		ip := netip.MustParseAddr("198.51.100.1")
		for _, tt := range []struct {
			at   time.Duration
			want bool
		}{{0, false}, {time.Hour - time.Second, false}, {time.Hour, true}, {90 * time.Minute, true}, {2*time.Hour - time.Millisecond, true}, {2 * time.Hour, false}} {
			clk.set(start.Add(tt.at))
			st, err := s.Status(ctx, m, ip)
			if err != nil {
				t.Fatal(err)
			}
			keys, _ := s.StatusKeys(ctx)
			if st.Maintenance != tt.want || (st.Status == StatusMaintenance) != tt.want || strings.HasPrefix(keys["demo"], "true") != tt.want ||
				strings.HasPrefix(keys["lucky"], "true") {
				t.Errorf("at +%v: status %+v, keys %v, want maintenance %v", tt.at, st, keys, tt.want)
			}
			if set, _ := s.Settings(ctx, "demo"); set.Maintenance.Active != tt.want {
				t.Errorf("at +%v: settings active %v", tt.at, set.Maintenance.Active)
			}
		}
	})
}

// TestSecondInstanceSeesSettings: another Service on the same database,
// kept by its own change watcher, follows a change within its interval.
func TestSecondInstanceSeesSettings(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		one := seeded(t, db, Options{})
		two, err := NewService(db, Options{})
		if err != nil {
			t.Fatal(err)
		}
		w := database.NewWatcher(db, 50*time.Millisecond, nil)
		w.Subscribe(Topic, two.Invalidate)
		if err := w.Poll(ctx); err != nil {
			t.Fatal(err)
		}
		go w.Run(ctx)
		if m, _ := two.Lookup(ctx, "demo"); m.CurrencySymbol != "$" {
			t.Fatalf("symbol = %q", m.CurrencySymbol)
		}
		if _, _, err := one.SetCurrencyDisplay(ctx, "demo", CurrencyDisplay{Symbol: "USD", Decimals: 2}); err != nil {
			t.Fatal(err)
		}
		deadline := time.Now().Add(2 * time.Second)
		for {
			m, _ := two.Lookup(ctx, "demo")
			if m.CurrencySymbol == "USD" {
				break
			}
			if time.Now().After(deadline) {
				t.Fatal("the second instance did not see the change within 2 s")
			}
			time.Sleep(20 * time.Millisecond)
		}
	})
}

// TestCreateMerchant: a new merchant gets the defaults, its own key and
// domain; a taken code or domain and invalid fields change nothing.
func TestCreateMerchant(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		s := seeded(t, db, Options{})
		n := NewMerchant{Code: "gold", Name: "Gold Coast", Currency: "vnd", DefaultLanguage: "vi", MainDomain: "Gold.Portal.test"}
		m, err := s.Create(ctx, n)
		if err != nil {
			t.Fatal(err)
		}
		if m.Code != "gold" || m.Currency != "VND" || m.DefaultLanguage != "VI" || m.MainDomain != "gold.portal.test" {
			t.Fatalf("created %+v", m)
		}
		got, err := s.Lookup(ctx, "gold")
		if err != nil || got.Decimals != 0 || got.CurrencySymbol != "₫" || !got.Encryption || strings.Join(got.Languages, ",") != "VI,EN,KM,CN" {
			t.Fatalf("lookup = %+v %v", got, err)
		}
		if code, _ := s.ByDomain(ctx, "gold.portal.test"); code != "gold" {
			t.Error("main domain does not resolve")
		}
		p, err := s.Permission(ctx, got, Status{})
		if err != nil || p.Encryption.PublicKey == "" || len(p.Whitelabel) != len(DefaultModules()) || len(p.RegisterRules) != len(DefaultRegisterRules()) {
			t.Fatalf("permission = %+v %v", p.Encryption, err)
		}
		demo, _ := s.Permission(ctx, &Merchant{Code: "demo"}, Status{})
		if demo.Encryption.PublicKey == p.Encryption.PublicKey {
			t.Error("the new merchant shares demo's key")
		}
		n0 := count(t, db, "merchants")
		for _, tt := range []struct {
			n     NewMerchant
			field string
			err   error
		}{
			{NewMerchant{Code: "gold", Name: "x", Currency: "USD", DefaultLanguage: "EN", MainDomain: "other.test"}, "", ErrMerchantExists},
			{NewMerchant{Code: "silver", Name: "x", Currency: "USD", DefaultLanguage: "EN", MainDomain: "lucky.portal.test"}, "main", ErrDomainTaken},
			{NewMerchant{Code: "Silver", Name: "x", Currency: "USD", DefaultLanguage: "EN", MainDomain: "s.test"}, "code", nil},
			{NewMerchant{Code: "s'; drop", Name: "x", Currency: "USD", DefaultLanguage: "EN", MainDomain: "s.test"}, "code", nil},
			{NewMerchant{Code: "silver", Name: "", Currency: "USD", DefaultLanguage: "EN", MainDomain: "s.test"}, "name", nil},
			{NewMerchant{Code: "silver", Name: "x", Currency: "XBT", DefaultLanguage: "EN", MainDomain: "s.test"}, "currency", nil},
			{NewMerchant{Code: "silver", Name: "x", Currency: "USD", DefaultLanguage: "xx", MainDomain: "s.test"}, "defaultLanguage", nil},
			{NewMerchant{Code: "silver", Name: "x", Currency: "USD", DefaultLanguage: "EN", MainDomain: "http://s.test"}, "mainDomain", nil},
		} {
			_, err := s.Create(ctx, tt.n)
			var se *SettingError
			var dt *DomainTakenError
			switch {
			case tt.err != nil && !errors.Is(err, tt.err):
				t.Errorf("%+v: %v, want %v", tt.n, err, tt.err)
			case tt.err == ErrDomainTaken && (!errors.As(err, &dt) || dt.Field != tt.field):
				t.Errorf("%+v: %v", tt.n, err)
			case tt.err == nil && (!errors.As(err, &se) || se.Field != tt.field):
				t.Errorf("%+v: %v, want field %s", tt.n, err, tt.field)
			}
		}
		if count(t, db, "merchants") != n0 {
			t.Error("a refused creation left a merchant")
		}
		list, _ := s.List(ctx)
		if len(list) != 3 || list[0].Code != "demo" || list[1].Code != "gold" || list[2].MainDomain != "lucky.portal.test" {
			t.Errorf("list = %+v", list)
		}
	})
}

func equalJSON(t *testing.T, a, b any) bool {
	t.Helper()
	ja, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	jb, _ := json.Marshal(b)
	return string(ja) == string(jb)
}
