package merchant

import (
	"context"
	"errors"
	"net"
	"net/netip"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/maxmind/mmdbwriter"
	"github.com/maxmind/mmdbwriter/mmdbtype"

	"portal/internal/database"
	"portal/internal/dbtest"
)

func seeded(t *testing.T, db *database.DB, opts Options) *Service {
	t.Helper()
	if err := Seed(context.Background(), db); err != nil {
		t.Fatal(err)
	}
	s, err := NewService(db, opts)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func count(t *testing.T, db *database.DB, table string) int {
	t.Helper()
	var n int
	if err := db.Read().QueryRowContext(context.Background(), "SELECT COUNT(*) FROM "+table).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

func version(t *testing.T, db *database.DB) int64 {
	t.Helper()
	var v int64
	err := db.Read().QueryRowContext(context.Background(), `SELECT COALESCE(MAX(version), 0) FROM change_versions WHERE topic = $1`, Topic).Scan(&v)
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestSeedIsIdempotent(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		s := seeded(t, db, Options{})
		if err := s.Set(ctx, "demo", "maintenance", "on"); err != nil {
			t.Fatal(err)
		}
		// An operator rewrites a seeded banner.
		if err := PutItem(ctx, db.Write(), "demo", Item{Kind: KindBanner, Slug: "home-welcome", Type: "web-home",
			Texts: map[string]Text{"EN": {Title: "Operator's own"}}}); err != nil {
			t.Fatal(err)
		}
		var keyBefore string
		_ = db.Read().QueryRowContext(ctx, `SELECT private_key FROM merchants WHERE code = 'demo'`).Scan(&keyBefore)
		tables := []string{"merchants", "merchant_content", "merchant_domains"}
		counts := func() []int {
			var out []int
			for _, tb := range tables {
				out = append(out, count(t, db, tb))
			}
			return out
		}
		before, v := counts(), version(t, db)
		if err := Seed(ctx, db); err != nil {
			t.Fatal(err)
		}
		after := counts()
		if before[0] != 2 || before[1] < 40 || !slices.Equal(before, after) {
			t.Fatalf("rows before %v after %v", before, after)
		}
		if v2 := version(t, db); v2 != v {
			t.Errorf("a seed that added nothing bumped the version %d -> %d", v, v2)
		}
		var keyAfter string
		_ = db.Read().QueryRowContext(ctx, `SELECT private_key FROM merchants WHERE code = 'demo'`).Scan(&keyAfter)
		if keyAfter != keyBefore || keyAfter == "" {
			t.Error("re-seeding replaced the merchant's key pair")
		}
		s.Invalidate()
		m, err := s.Lookup(ctx, "demo")
		if err != nil {
			t.Fatal(err)
		}
		if !m.Maintenance {
			t.Fatal("re-seeding overwrote an operator's setting")
		}
		b, _ := s.Banners(ctx, "demo", "web-home", "EN")
		if len(b) == 0 || b[0].Title != "Operator's own" {
			t.Errorf("re-seeding overwrote edited content: %+v", b)
		}
	})
}

func TestLookupIsServedFromMemory(t *testing.T) {
	db := dbtest.SQLite(t)
	ctx := context.Background()
	s := seeded(t, db, Options{})
	if _, err := s.Lookup(ctx, "demo"); err != nil {
		t.Fatal(err)
	}
	// With the snapshot warm, neither a known nor an unknown code touches
	// the database: random Merchant headers cannot load it.
	db.Close()
	if _, err := s.Lookup(ctx, "demo"); err != nil {
		t.Errorf("cached lookup: %v", err)
	}
	if _, err := s.Lookup(ctx, "random-code"); !errors.Is(err, ErrUnknownMerchant) {
		t.Errorf("unknown lookup = %v, want ErrUnknownMerchant", err)
	}
	s.Invalidate()
	if _, err := s.Lookup(ctx, "demo"); err == nil || errors.Is(err, ErrUnknownMerchant) {
		t.Errorf("after Invalidate the lookup should have gone to the (closed) database, got %v", err)
	}
}

func TestLookupAndWhiteLabel(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		s := seeded(t, db, Options{})
		if _, err := s.Lookup(ctx, "nosuch"); !errors.Is(err, ErrUnknownMerchant) {
			t.Fatalf("unknown merchant err = %v", err)
		}
		demo, _ := s.Lookup(ctx, "demo")
		lucky, _ := s.Lookup(ctx, "lucky")
		if demo.DefaultLanguage != "KM" || len(demo.Languages) != len(Languages) || demo.Currency != "USD" {
			t.Errorf("demo = %+v", demo)
		}
		if lucky.DefaultLanguage != "EN" || lucky.Currency != "THB" || lucky.Supports("KM") {
			t.Errorf("lucky = %+v", lucky)
		}
		pd, err := s.Permission(ctx, demo, Status{})
		if err != nil {
			t.Fatal(err)
		}
		pl, _ := s.Permission(ctx, lucky, Status{})
		if !pd.HasFreePlay || !pd.MobileReg || !pd.ShowVerCodeLogin || !pd.PhoneRecovery || !pd.Encryption.Enabled {
			t.Errorf("demo flags = %+v enc %v", pd.SessionFlags, pd.Encryption.Enabled)
		}
		if !strings.Contains(pd.Encryption.PublicKey, "BEGIN PUBLIC KEY") {
			t.Error("demo has no public key")
		}
		if pl.HasFreePlay || pl.MobileReg || pl.PhoneRecovery || pl.Encryption.Enabled {
			t.Errorf("lucky flags = %+v", pl.SessionFlags)
		}
		for _, f := range RegisterFields {
			if _, ok := pd.RegisterRules[f]; !ok {
				t.Errorf("permission lacks the rule for %s", f)
			}
		}
		for _, r := range []string{"TELEGRAM", "TELEGRAM1", "FACEBOOK"} {
			if pd.Resources[r].URL == "" {
				t.Errorf("resource %s missing", r)
			}
		}
		if len(pd.CustomerService) == 0 {
			t.Fatal("no customer service")
		}
		plain, err := OpenPath(pd.CustomerServiceKey, pd.CustomerService[0].Path)
		if err != nil || !strings.HasPrefix(plain, "https://") || plain == pd.CustomerService[0].Path {
			t.Errorf("customer-service path %q opens to %q, %v", pd.CustomerService[0].Path, plain, err)
		}
		if pd.MainDomain != "localhost" || len(pd.DomainRoute.DomainList) < 2 {
			t.Errorf("domain route = %+v", pd.DomainRoute)
		}
		for host, want := range map[string]string{
			"lucky-backup.portal.test:8080": "lucky", "LUCKY.portal.test": "lucky", "demo2.portal.test.": "demo",
			"localhost:5173": "demo", "nosuch.test": "", "[::1]:8080": "", "": "",
		} {
			code, err := s.ByDomain(ctx, host)
			if code != want || (want == "") != errors.Is(err, ErrUnknownMerchant) {
				t.Errorf("ByDomain(%q) = %q, %v; want %q", host, code, err, want)
			}
		}
		if pd.Brand.MerchantCode != "demo" || pd.Brand.DefaultLanguage != "KM" || pd.Brand.Platform != "WEB" ||
			pd.Brand.LotteryType != "Lott" || !slices.Equal(pd.Brand.PrizeModes, []string{"LOTT", "ZY", "ELOTT", "SEA"}) ||
			pd.Brand.CockfightList == nil || !slices.Contains(pd.Brand.SupportedLanguages, "CN") {
			t.Errorf("brand = %+v", pd.Brand)
		}
		if pd.MinimumAge != 18 || pl.MinimumAge < 18 || pd.PasswordExpiryDays <= 0 || !pd.PwdEnabled || pl.PwdEnabled {
			t.Errorf("age %d/%d expiry %d pwd %v/%v", pd.MinimumAge, pl.MinimumAge, pd.PasswordExpiryDays, pd.PwdEnabled, pl.PwdEnabled)
		}
	})
}

func TestSet(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		s := seeded(t, db, Options{})
		tests := []struct {
			key, value string
			ok         bool
		}{
			{"maintenance", "on", true},
			{"maintenance", "maybe", false},
			{"blocked-ips", "203.0.113.0/24, 198.51.100.7", true},
			{"blocked-ips", "999.0.0.0/8", false},
			{"blocked-ips", "", true},
			{"blocked-countries", "kh,th", true},
			{"blocked-countries", "KHM", false},
			{"default-language", "en", true},
			{"default-language", "xx", false},
			{"languages", "EN,KM", true},
			{"languages", "KM", false},      // drops the default (EN by now)
			{"languages", "EN,KM,km", true}, // duplicates collapse
			{"module.CHNGPASSVERIF3", "off", true},
			{"module.NOPE", "off", false},
			{"minimum-age", "21", true},
			{"minimum-age", "16", false}, // never below 18
			{"minimum-age", "x", false},
			{"password-expiry-days", "30", true},
			{"password-expiry-days", "-1", false},
			{"encryption", "off", true},
			{"colour", "red", false},
		}
		for _, tt := range tests {
			err := s.Set(ctx, "demo", tt.key, tt.value)
			if tt.ok != (err == nil) {
				t.Errorf("Set(%s, %q) = %v, want ok=%v", tt.key, tt.value, err, tt.ok)
			}
			if err != nil && !errors.Is(err, ErrInvalidSetting) {
				t.Errorf("Set(%s) error not ErrInvalidSetting: %v", tt.key, err)
			}
		}
		if err := s.Set(ctx, "nosuch", "maintenance", "on"); !errors.Is(err, ErrUnknownMerchant) {
			t.Errorf("unknown merchant: %v", err)
		}
		// A failed setting changes nothing: the last good value of each key stays.
		s.Invalidate()
		c, _ := s.Config(ctx, "demo")
		if !c.Maintenance || len(c.BlockedCIDRs) != 0 || c.DefaultLanguage != "EN" || len(c.Languages) != 2 ||
			ModuleOn(c.Modules, ModPhonePassRecovery) || strings.Join(c.BlockedCountries, ",") != "KH,TH" ||
			c.MinimumAge != 21 || c.PasswordExpiryDays != 30 || c.Encryption {
			t.Errorf("config after sets = %+v", c)
		}
	})
}

// writeCountryDB writes a MaxMind-format file mapping 81.2.69.0/24 to GB
// and 1.0.0.0/24 to KH.
func writeCountryDB(t *testing.T) string {
	t.Helper()
	tree, err := mmdbwriter.New(mmdbwriter.Options{DatabaseType: "Test-Country", RecordSize: 24})
	if err != nil {
		t.Fatal(err)
	}
	for cidr, cc := range map[string]string{"81.2.69.0/24": "GB", "1.0.0.0/24": "KH"} {
		_, n, _ := net.ParseCIDR(cidr)
		rec := mmdbtype.Map{"country": mmdbtype.Map{"iso_code": mmdbtype.String(cc)}}
		if err := tree.Insert(n, rec); err != nil {
			t.Fatal(err)
		}
	}
	path := filepath.Join(t.TempDir(), "country.mmdb")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := tree.WriteTo(f); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestStatus(t *testing.T) {
	geo := writeCountryDB(t)
	dbtest.Each(t, func(t *testing.T, db *database.DB) { testStatus(t, db, geo) })
}

func testStatus(t *testing.T, db *database.DB, geo string) {
	ctx := context.Background()
	s := seeded(t, db, Options{GeoIPPath: geo})
	must := func(key, value string) {
		if err := s.Set(ctx, "demo", key, value); err != nil {
			t.Fatal(err)
		}
		s.Invalidate()
	}
	must("blocked-ips", "203.0.113.0/24")
	must("blocked-countries", "GB")
	tests := []struct {
		name        string
		maintenance string
		ip          string
		want        SystemStatus
		country     string
	}{
		{"normal", "off", "198.51.100.1", StatusNormal, ""},
		{"blocked cidr", "off", "203.0.113.9", StatusRegionRestricted, ""},
		{"blocked country", "off", "81.2.69.10", StatusRegionRestricted, "GB"},
		{"allowed country", "off", "1.0.0.7", StatusNormal, "KH"},
		{"maintenance wins", "on", "203.0.113.9", StatusMaintenance, ""},
		{"maintenance", "on", "198.51.100.1", StatusMaintenance, ""},
		{"ipv4-mapped v6", "off", "::ffff:203.0.113.9", StatusRegionRestricted, ""},
		{"ipv4-mapped v6 country", "off", "::ffff:81.2.69.10", StatusRegionRestricted, "GB"},
		{"ipv6 not in rules", "off", "2001:db8::1", StatusNormal, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			must("maintenance", tt.maintenance)
			m, _ := s.Lookup(ctx, "demo")
			st, err := s.Status(ctx, m, netip.MustParseAddr(tt.ip))
			if err != nil {
				t.Fatal(err)
			}
			if st.Status != tt.want || st.Country != tt.country {
				t.Fatalf("status = %+v, want %d %q", st, tt.want, tt.country)
			}
			if st.Maintenance != (tt.maintenance == "on") || st.IP != netip.MustParseAddr(tt.ip).Unmap().String() {
				t.Fatalf("status = %+v", st)
			}
		})
	}
}

func TestContentIsSanitizedInAndOut(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		s := seeded(t, db, Options{})
		evil := `<p onclick="x()">Hi<script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">x</a></p>`
		if err := PutItem(ctx, db.Write(), "demo", Item{Kind: KindAnnouncement, Slug: "evil", Type: "PU", Execution: "B",
			Texts: map[string]Text{"EN": {"Evil", evil}}}); err != nil {
			t.Fatal(err)
		}
		// Content written behind the service's back (an old row, a manual
		// edit) is cleaned on the way out too.
		if _, err := db.Write().ExecContext(ctx, `UPDATE merchant_content SET texts = $1 WHERE slug = 'visitor-welcome'`,
			`{"EN":{"title":"x","content":"<script>alert(4)</script><b>ok</b>"}}`); err != nil {
			t.Fatal(err)
		}
		s.Invalidate()
		list, err := s.Announcements(ctx, "demo", NoticeQuery{Language: "EN"})
		if err != nil {
			t.Fatal(err)
		}
		seen := 0
		for _, n := range list {
			low := strings.ToLower(n.Content)
			for _, bad := range []string{"<script", "onerror", "onclick", "javascript:"} {
				if strings.Contains(low, bad) {
					t.Errorf("announcement %q keeps %s: %s", n.Title, bad, n.Content)
				}
			}
			if n.Title == "Evil" || n.Title == "x" {
				seen++
			}
		}
		if seen != 2 {
			t.Fatalf("saw %d of the 2 test announcements", seen)
		}
	})
}

func TestNoticesAndLocalization(t *testing.T) {
	dbtest.Each(t, testNoticesAndLocalization)
}

func testNoticesAndLocalization(t *testing.T, db *database.DB) {
	ctx := context.Background()
	s := seeded(t, db, Options{})
	g, err := s.Notices(ctx, "demo", NoticeQuery{Types: NoticeTypes, Execution: "B", Platform: "W", Language: "KM"})
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Player) == 0 || len(g.Popup) == 0 || len(g.Promotion) == 0 || len(g.Banners) == 0 {
		t.Fatalf("groups = %+v", g)
	}
	for _, n := range append(g.Player, g.Popup...) {
		if n.Execution != "B" {
			t.Errorf("execution filter let %s through", n.Execution)
		}
	}
	if !strings.ContainsRune(g.Player[0].Title, 'ក') && !strings.ContainsAny(g.Player[0].Title, "ការថែទាំ") {
		t.Errorf("KM title not Khmer: %q", g.Player[0].Title)
	}
	// The seed writes every language; an operator's notice in English and
	// Khmer only is read in English by a Japanese visitor.
	if err := PutItem(ctx, db.Write(), "demo", Item{Kind: KindNotice, Slug: "operator-only-en", Type: "PL", Execution: "B",
		Texts: map[string]Text{"EN": {Title: "Operator notice"}, "KM": {Title: "សេចក្តីជូនដំណឹង"}}}); err != nil {
		t.Fatal(err)
	}
	s.Invalidate()
	ja, _ := s.Notices(ctx, "demo", NoticeQuery{Language: "JA"})
	titles := map[string]bool{}
	for _, n := range ja.Player {
		titles[n.Title] = true
	}
	if !titles["Operator notice"] || !titles["定期メンテナンスのお知らせ"] {
		t.Errorf("JA notices %v: want the seeded Japanese and the English fallback of a notice without Japanese", titles)
	}
	for _, group := range BannerGroups {
		b, err := s.Banners(ctx, "demo", group, "EN")
		if err != nil || len(b) == 0 {
			t.Errorf("banners %s = %v, %v", group, b, err)
		}
	}
	help, _ := s.HelpCenter(ctx, "demo", "CN")
	found := false
	for _, c := range help {
		for _, a := range c.Articles {
			if a.Code == "term" && strings.Contains(a.Content, "18") {
				found = true
			}
		}
	}
	if !found {
		t.Error("help centre lacks the terms article")
	}
}

// TestStatusPageTexts: a region block answers status 2 with the
// blocked-region title and text, maintenance with the maintenance ones, in
// the caller's language.
func TestStatusPageTexts(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		s := seeded(t, db, Options{})
		if err := s.Set(ctx, "demo", "blocked-ips", "203.0.113.0/24"); err != nil {
			t.Fatal(err)
		}
		tests := []struct {
			name, maintenance, ip, lang string
			status                      SystemStatus
			title                       string
		}{
			{"region block", "off", "203.0.113.9", "EN", StatusRegionRestricted, "Not available in your region"},
			{"region block in Khmer", "off", "203.0.113.9", "KM", StatusRegionRestricted, "មិនអាចប្រើបាននៅក្នុងតំបន់របស់អ្នក"},
			{"maintenance", "on", "198.51.100.1", "EN", StatusMaintenance, "System maintenance"},
			{"maintenance wins over the block", "on", "203.0.113.9", "CN", StatusMaintenance, "系统维护中"},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				if err := s.Set(ctx, "demo", "maintenance", tt.maintenance); err != nil {
					t.Fatal(err)
				}
				s.Invalidate()
				m, _ := s.Lookup(ctx, "demo")
				st, err := s.Status(ctx, m, netip.MustParseAddr(tt.ip))
				if err != nil {
					t.Fatal(err)
				}
				page, err := s.StatusPage(ctx, m, st, tt.lang)
				if err != nil {
					t.Fatal(err)
				}
				if page.Status.Status != tt.status || page.Title != tt.title || page.Info == "" {
					t.Fatalf("page = %+v, want %d %q", page, tt.status, tt.title)
				}
			})
		}
	})
}

// TestStatusKeysMoveWithWhatStatusDependsOn: the key of a merchant moves
// with its maintenance switch and region rules, and only with those.
func TestStatusKeysMoveWithWhatStatusDependsOn(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		s := seeded(t, db, Options{})
		keys := func() map[string]string {
			s.Invalidate()
			k, err := s.StatusKeys(ctx)
			if err != nil {
				t.Fatal(err)
			}
			return k
		}
		tests := []struct {
			key, value string
			moves      bool
		}{
			{"maintenance", "on", true},
			{"maintenance", "on", false},
			{"minimum-age", "21", false},
			{"blocked-ips", "198.51.100.0/24", true},
			{"blocked-countries", "US", true},
			{"module.VIP3", "off", false},
			{"maintenance", "off", true},
		}
		for _, tt := range tests {
			before := keys()
			if err := s.Set(ctx, "demo", tt.key, tt.value); err != nil {
				t.Fatal(err)
			}
			after := keys()
			if (before["demo"] != after["demo"]) != tt.moves || before["lucky"] != after["lucky"] {
				t.Errorf("%s=%s: demo %q -> %q, lucky %q -> %q", tt.key, tt.value, before["demo"], after["demo"], before["lucky"], after["lucky"])
			}
		}
	})
}

// TestLaunchHostsAreSeeded: each seeded merchant spreads its game launches
// over the https origins of its own domains, which the permission
// call hands the site.
func TestLaunchHostsAreSeeded(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		s := seeded(t, db, Options{})
		for code, want := range map[string][]string{
			"demo":  {"https://demo.portal.test", "https://demo2.portal.test", "https://demo3.portal.test"},
			"lucky": {"https://lucky.portal.test", "https://lucky-backup.portal.test"},
		} {
			m, err := s.Lookup(ctx, code)
			if err != nil {
				t.Fatal(err)
			}
			p, err := s.Permission(ctx, m, Status{})
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(p.LaunchGameCDNs, want) {
				t.Errorf("%s launch hosts = %v, want %v", code, p.LaunchGameCDNs, want)
			}
		}
	})
}
