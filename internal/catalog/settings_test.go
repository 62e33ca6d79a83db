package catalog

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"portal/internal/database"
	"portal/internal/dbtest"
)

// lobbySeen is what one merchant's lobby shows of a game.
type lobbySeen struct {
	listed, searched, hot, newest, ranked bool
	maintenance                           bool
	launchErr                             error
	launchDown                            bool
}

func seen(t *testing.T, s *Service, merchantCode, code string) lobbySeen {
	t.Helper()
	ctx := context.Background()
	var out lobbySeen
	base, err := s.Game(ctx, code)
	if err != nil {
		t.Fatal(err)
	}
	page, err := s.List(ctx, merchantCode, ListQuery{Vendor: base.Vendor, Size: 100, Page: 1, Language: "EN"})
	if err != nil {
		t.Fatal(err)
	}
	// The vendor's first page is enough: tests use its first games.
	for _, g := range page.Games {
		if g.GameCode == code {
			out.listed, out.maintenance = true, g.Maintenance
		}
	}
	found, err := s.List(ctx, merchantCode, ListQuery{GameType: TypeSearch, Name: code, Size: 100, Page: 1})
	if err != nil {
		t.Fatal(err)
	}
	out.searched = slices.ContainsFunc(found.Games, func(g GameItem) bool { return g.GameCode == code })
	hot, err := s.Hot(ctx, merchantCode, base.Vendor, "EN", 500)
	if err != nil {
		t.Fatal(err)
	}
	out.hot = slices.ContainsFunc(hot, func(g GameItem) bool { return g.GameCode == code })
	newest, err := s.List(ctx, merchantCode, ListQuery{Filter: FilterNew, Vendor: base.Vendor, Size: 100, Page: 1})
	if err != nil {
		t.Fatal(err)
	}
	out.newest = slices.ContainsFunc(newest.Games, func(g GameItem) bool { return g.GameCode == code })
	rank, err := s.Rank(ctx, merchantCode, "", "EN", 100000)
	if err != nil {
		t.Fatal(err)
	}
	out.ranked = slices.ContainsFunc(rank, func(g GameItem) bool { return g.GameCode == code })
	_, out.launchDown, out.launchErr = s.MerchantGame(ctx, merchantCode, code)
	return out
}

func ptr[T any](v T) *T { return &v }

// firstGame is the first game of vendor in catalogue order.
func firstGame(t *testing.T, s *Service, vendor string, skip int) *Game {
	t.Helper()
	sn, err := s.current(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range sn.games {
		if g.Vendor == vendor && !g.IsHot && !g.IsNew {
			if skip == 0 {
				return g
			}
			skip--
		}
	}
	t.Fatalf("no game of %s", vendor)
	return nil
}

// TestMerchantGameSwitches: each switch changes what the lobby and launch
// of that merchant answer, and not the other merchant's.
func TestMerchantGameSwitches(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		s := seeded(t, db)
		g := firstGame(t, s, "PP", 0) // offered to demo and lucky
		plain := lobbySeen{listed: true, searched: true, ranked: true}
		for _, m := range []string{"demo", "lucky"} {
			if got := seen(t, s, m, g.Code); got != plain {
				t.Fatalf("%s before any change: %+v", m, got)
			}
		}
		steps := []struct {
			name   string
			change GameChange
			want   lobbySeen
		}{
			{"hot", GameChange{Hot: ptr(true)}, lobbySeen{listed: true, searched: true, ranked: true, hot: true}},
			{"new", GameChange{Hot: ptr(false), New: ptr(true)}, lobbySeen{listed: true, searched: true, ranked: true, newest: true}},
			{"maintenance", GameChange{New: ptr(false), Maintenance: ptr(true)},
				lobbySeen{listed: true, searched: true, ranked: true, maintenance: true, launchDown: true}},
			{"disabled", GameChange{Maintenance: ptr(false), Enabled: ptr(false)}, lobbySeen{launchErr: ErrGameNotFound}},
			{"enabled again", GameChange{Enabled: ptr(true)}, plain},
		}
		for _, st := range steps {
			before, after, err := s.ChangeGames(ctx, "demo", []string{g.Code}, st.change)
			if err != nil {
				t.Fatalf("%s: %v", st.name, err)
			}
			if before[g.Code] == after[g.Code] {
				t.Errorf("%s: before and after are equal: %+v", st.name, after)
			}
			got := seen(t, s, "demo", g.Code)
			if !errors.Is(got.launchErr, st.want.launchErr) {
				t.Errorf("%s: launch error %v, want %v", st.name, got.launchErr, st.want.launchErr)
			}
			got.launchErr, st.want.launchErr = nil, nil
			if got != st.want {
				t.Errorf("%s: demo sees %+v, want %+v", st.name, got, st.want)
			}
			if other := seen(t, s, "lucky", g.Code); other != plain {
				t.Errorf("%s: lucky sees %+v", st.name, other)
			}
		}
		// The display order: a large sort puts the game after the vendor's
		// others in demo's list only.
		if _, _, err := s.ChangeGames(ctx, "demo", []string{g.Code}, GameChange{Sort: ptr(MaxSort)}); err != nil {
			t.Fatal(err)
		}
		for m, last := range map[string]bool{"demo": true, "lucky": false} {
			page, err := s.List(ctx, m, ListQuery{Vendor: "PP", Size: 100, Page: 1000})
			if err != nil {
				t.Fatal(err)
			}
			all, err := s.List(ctx, m, ListQuery{Vendor: "PP", Size: 1, Page: page.Total})
			if err != nil || len(all.Games) != 1 {
				t.Fatal(err, all)
			}
			if (all.Games[0].GameCode == g.Code) != last {
				t.Errorf("%s: last PP game is %s", m, all.Games[0].GameCode)
			}
		}
	})
}

// TestMerchantVendorSwitches: a vendor switched off leaves the merchant's
// lanes, lists and launch; in maintenance its card and games say so.
func TestMerchantVendorSwitches(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		s := seeded(t, db)
		g := firstGame(t, s, "PG", 0)
		card := func(m string) (bool, bool) {
			lanes, _, err := s.Lanes(ctx, m, "EN")
			if err != nil {
				t.Fatal(err)
			}
			for _, l := range lanes {
				for _, c := range l.Cards {
					if c.Vassalage == "PG" {
						return true, c.Maintenance
					}
				}
			}
			return false, false
		}
		before, after, err := s.ChangeVendor(ctx, "demo", "PG", VendorChange{Maintenance: ptr(true)})
		if err != nil || before.Maintenance || !after.Maintenance {
			t.Fatal(before, after, err)
		}
		if shown, down := card("demo"); !shown || !down {
			t.Errorf("demo's PG card in maintenance: shown %v down %v", shown, down)
		}
		if got := seen(t, s, "demo", g.Code); !got.maintenance || !got.launchDown {
			t.Errorf("demo's PG game: %+v", got)
		}
		if shown, down := card("lucky"); !shown || down {
			t.Errorf("lucky's PG card: shown %v down %v", shown, down)
		}
		if _, _, err := s.ChangeVendor(ctx, "demo", "PG", VendorChange{Enabled: ptr(false), Maintenance: ptr(false)}); err != nil {
			t.Fatal(err)
		}
		if shown, _ := card("demo"); shown {
			t.Error("demo's PG card shown while switched off")
		}
		if _, err := s.Vendor(ctx, "demo", "PG"); !errors.Is(err, ErrVendorNotFound) {
			t.Errorf("demo's PG vendor = %v", err)
		}
		if got := seen(t, s, "demo", g.Code); got.listed || got.searched || got.ranked || !errors.Is(got.launchErr, ErrGameNotFound) {
			t.Errorf("demo's PG game while switched off: %+v", got)
		}
		if got := seen(t, s, "lucky", g.Code); !got.listed || got.launchErr != nil {
			t.Errorf("lucky's PG game: %+v", got)
		}
		// The back office still lists it, switched off.
		vendors, err := s.AdminVendors(ctx, "demo")
		if err != nil {
			t.Fatal(err)
		}
		i := slices.IndexFunc(vendors, func(v AdminVendor) bool { return v.Code == "PG" })
		if i < 0 || vendors[i].Enabled || !vendors[i].Offered {
			t.Errorf("admin vendors: %+v", vendors)
		}
		// A vendor not offered to lucky (SV388) is not lucky's to change.
		if _, _, err := s.ChangeVendor(ctx, "lucky", "SV388", VendorChange{Enabled: ptr(false)}); !errors.Is(err, ErrVendorNotFound) {
			t.Errorf("lucky changes SV388: %v", err)
		}
	})
}

// TestSecondInstanceFollows: another process's Service (its own snapshot
// and watcher over the same database) sees a change at its next poll; the
// serving watcher polls every 2 s (config.WatchInterval), within the 5 s.
func TestSecondInstanceFollows(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		a := seeded(t, db)
		b := NewService(db, nil)
		w := database.NewWatcher(db, time.Hour, nil)
		w.Subscribe(Topic, b.Invalidate)
		if err := w.Poll(ctx); err != nil {
			t.Fatal(err)
		}
		g := firstGame(t, a, "JDB", 0)
		if got := seen(t, b, "demo", g.Code); !got.listed {
			t.Fatalf("b before: %+v", got)
		}
		if _, _, err := a.ChangeGames(ctx, "demo", []string{g.Code}, GameChange{Enabled: ptr(false)}); err != nil {
			t.Fatal(err)
		}
		if _, _, err := a.ChangeVendor(ctx, "demo", "PG", VendorChange{Maintenance: ptr(true)}); err != nil {
			t.Fatal(err)
		}
		// b still answers from its snapshot: only the poll tells it.
		if got := seen(t, b, "demo", g.Code); !got.listed {
			t.Fatalf("b dropped its snapshot by itself: %+v", got)
		}
		if err := w.Poll(ctx); err != nil {
			t.Fatal(err)
		}
		if got := seen(t, b, "demo", g.Code); got.listed || !errors.Is(got.launchErr, ErrGameNotFound) {
			t.Errorf("b after its poll: %+v", got)
		}
		if down, err := b.UnderMaintenance(ctx, "demo", "PG"); err != nil || !down {
			t.Errorf("b's PG maintenance = %v %v", down, err)
		}
	})
}

// TestChangeValidation: bad changes are refused and change nothing.
func TestChangeValidation(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		s := seeded(t, db)
		g1, g2 := firstGame(t, s, "PP", 0), firstGame(t, s, "PP", 1)
		sg := firstGame(t, s, "SG", 0) // not offered to lucky
		many := make([]string, MaxBulk+1)
		for i := range many {
			many[i] = g1.Code
		}
		var version int64
		_ = db.Read().QueryRowContext(ctx, `SELECT version FROM change_versions WHERE topic = $1`, Topic).Scan(&version)
		tests := []struct {
			name     string
			merchant string
			codes    []string
			change   GameChange
			want     error
		}{
			{"nothing to change", "demo", []string{g1.Code}, GameChange{}, ErrChangeEmpty},
			{"negative sort", "demo", []string{g1.Code}, GameChange{Sort: ptr(-1)}, ErrSortRange},
			{"sort too large", "demo", []string{g1.Code}, GameChange{Sort: ptr(MaxSort + 1)}, ErrSortRange},
			{"no games", "demo", nil, GameChange{Hot: ptr(true)}, ErrSelection},
			{"too many games", "demo", many, GameChange{Hot: ptr(true)}, ErrSelection},
			{"a game twice", "demo", []string{g1.Code, g2.Code, g1.Code}, GameChange{Hot: ptr(true)}, ErrSelection},
			{"an unknown game among good ones", "demo", []string{g1.Code, "NOPE_1"}, GameChange{Hot: ptr(true)}, ErrGameNotFound},
			{"hostile code", "demo", []string{"' OR 1=1 --"}, GameChange{Hot: ptr(true)}, ErrGameNotFound},
			{"a game of a vendor not offered", "lucky", []string{g1.Code, sg.Code}, GameChange{Hot: ptr(true)}, ErrGameNotFound},
			{"unknown merchant", "nobody", []string{g1.Code}, GameChange{Hot: ptr(true)}, ErrGameNotFound},
		}
		for _, tt := range tests {
			if _, _, err := s.ChangeGames(ctx, tt.merchant, tt.codes, tt.change); !errors.Is(err, tt.want) {
				t.Errorf("%s: %v, want %v", tt.name, err, tt.want)
			}
		}
		for _, tt := range []struct {
			name   string
			vendor string
			change VendorChange
			want   error
		}{
			{"vendor: nothing", "PP", VendorChange{}, ErrChangeEmpty},
			{"vendor: sort", "PP", VendorChange{Sort: ptr(-5)}, ErrSortRange},
			{"vendor: unknown", "NOPE", VendorChange{Enabled: ptr(false)}, ErrVendorNotFound},
		} {
			if _, _, err := s.ChangeVendor(ctx, "demo", tt.vendor, tt.change); !errors.Is(err, tt.want) {
				t.Errorf("%s: %v, want %v", tt.name, err, tt.want)
			}
		}
		var rows int
		var after int64
		_ = db.Read().QueryRowContext(ctx, `SELECT COUNT(*) FROM merchant_games`).Scan(&rows)
		_ = db.Read().QueryRowContext(ctx, `SELECT version FROM change_versions WHERE topic = $1`, Topic).Scan(&after)
		if rows != 0 || after != version {
			t.Errorf("refused changes left %d rows, version %d -> %d", rows, version, after)
		}
		// A bulk change is one transaction over the whole selection.
		before, after2, err := s.ChangeGames(ctx, "demo", []string{g1.Code, g2.Code}, GameChange{Hot: ptr(true), Sort: ptr(7)})
		if err != nil || len(before) != 2 || !after2[g2.Code].Hot || after2[g2.Code].Sort != 7 {
			t.Fatalf("bulk: %v %v %v", before, after2, err)
		}
		// Absent fields stay.
		if _, after3, err := s.ChangeGames(ctx, "demo", []string{g1.Code}, GameChange{New: ptr(true)}); err != nil || !after3[g1.Code].Hot || after3[g1.Code].Sort != 7 {
			t.Fatalf("partial: %v %v", after3, err)
		}
	})
}

// TestAdminGameList: filters, orders and paging of the back office list.
func TestAdminGameList(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		s := seeded(t, db)
		g := firstGame(t, s, "PP", 0)
		if _, _, err := s.ChangeGames(ctx, "demo", []string{g.Code}, GameChange{Enabled: ptr(false)}); err != nil {
			t.Fatal(err)
		}
		if _, _, err := s.ChangeVendor(ctx, "demo", "JDB", VendorChange{Maintenance: ptr(true)}); err != nil {
			t.Fatal(err)
		}
		count := func(m string, q AdminGameQuery) (int, []AdminGame) {
			t.Helper()
			rows, total, err := s.AdminGames(ctx, m, q)
			if err != nil {
				t.Fatal(err)
			}
			return total, rows
		}
		all, _ := count("demo", AdminGameQuery{Size: 10})
		lucky, _ := count("lucky", AdminGameQuery{Size: 10})
		if all < 10000 || lucky >= all {
			t.Fatalf("totals demo %d lucky %d", all, lucky)
		}
		if n, rows := count("demo", AdminGameQuery{State: StateDisabled, Size: 10}); n != 1 || rows[0].Code != g.Code || rows[0].Enabled || !rows[0].Custom {
			t.Errorf("disabled: %d %+v", n, rows)
		}
		if n, _ := count("lucky", AdminGameQuery{State: StateDisabled, Size: 10}); n != 0 {
			t.Errorf("lucky disabled: %d", n)
		}
		jdb, _ := count("demo", AdminGameQuery{Vendor: "JDB", Size: 10})
		if n, rows := count("demo", AdminGameQuery{State: StateMaintenance, Size: 10}); n != jdb || !rows[0].VendorMaintenance {
			t.Errorf("maintenance: %d of JDB's %d", n, jdb)
		}
		if n, _ := count("demo", AdminGameQuery{State: StateEnabled, Size: 10}); n != all-1 {
			t.Errorf("enabled: %d of %d", n, all)
		}
		// Prefix of the code, any case; of a name.
		prefix := strings.ToLower(g.Code[:len(g.Code)-1])
		if _, rows := count("demo", AdminGameQuery{Q: prefix, Size: 200}); !slices.ContainsFunc(rows, func(a AdminGame) bool { return a.Code == g.Code }) {
			t.Errorf("code prefix %q misses %s", prefix, g.Code)
		}
		name := g.Name("KM")
		if _, rows := count("demo", AdminGameQuery{Q: name, Size: 200}); len(rows) == 0 || rows[0].Code != g.Code {
			t.Errorf("name %q: %+v", name, rows)
		}
		if n, _ := count("demo", AdminGameQuery{Q: "zzzz-none", Size: 10}); n != 0 {
			t.Errorf("no match: %d", n)
		}
		// Orders, both ways, and pages that do not overlap.
		for _, sort := range []string{SortOrder, SortName, SortCode, SortPopularity} {
			for _, desc := range []bool{false, true} {
				_, p1 := count("demo", AdminGameQuery{Vendor: "PP", Sort: sort, Desc: desc, Size: 50, Page: 1, Language: "EN"})
				_, p2 := count("demo", AdminGameQuery{Vendor: "PP", Sort: sort, Desc: desc, Size: 50, Page: 2, Language: "EN"})
				rows := append(slices.Clone(p1), p2...)
				key := func(a AdminGame) string {
					switch sort {
					case SortName:
						return strings.ToLower(a.Name)
					case SortCode:
						return a.Code
					case SortPopularity:
						return fmt.Sprintf("%012d", a.Popularity)
					}
					return fmt.Sprintf("%012d", a.Sort)
				}
				for i := 1; i < len(rows); i++ {
					if c := strings.Compare(key(rows[i-1]), key(rows[i])); (!desc && c > 0) || (desc && c < 0) {
						t.Fatalf("sort %s desc %v: %s before %s", sort, desc, key(rows[i-1]), key(rows[i]))
					}
				}
				if slices.ContainsFunc(p2, func(a AdminGame) bool { return slices.Contains(p1, a) }) {
					t.Errorf("sort %s: pages overlap", sort)
				}
			}
		}
		if _, rows := count("demo", AdminGameQuery{Hot: ptr(true), Size: 200}); len(rows) == 0 || slices.ContainsFunc(rows, func(a AdminGame) bool { return !a.Hot }) {
			t.Error("hot filter")
		}
		if _, rows := count("demo", AdminGameQuery{New: ptr(false), Size: 200}); slices.ContainsFunc(rows, func(a AdminGame) bool { return a.New }) {
			t.Error("new filter")
		}
	})
}
