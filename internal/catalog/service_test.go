package catalog

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"portal/internal/database"
	"portal/internal/dbtest"
	"portal/internal/merchant"
)

func seeded(t testing.TB, db *database.DB) *Service {
	t.Helper()
	ctx := context.Background()
	if err := merchant.Seed(ctx, db); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	if err := Seed(ctx, db); err != nil {
		t.Fatal(err)
	}
	if tt, ok := t.(*testing.T); ok {
		tt.Logf("catalogue seed: %v", time.Since(start))
	}
	return NewService(db, nil)
}

func TestSeedFullCatalogue(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		s := seeded(t, db)
		var games, slots, vendors, types int
		q := db.Read()
		_ = q.QueryRowContext(ctx, `SELECT COUNT(*) FROM games`).Scan(&games)
		_ = q.QueryRowContext(ctx, `SELECT COUNT(*) FROM games WHERE game_type = 'RNG'`).Scan(&slots)
		_ = q.QueryRowContext(ctx, `SELECT COUNT(*) FROM vendors`).Scan(&vendors)
		_ = q.QueryRowContext(ctx, `SELECT COUNT(DISTINCT game_type) FROM vendors`).Scan(&types)
		if games < 10000 || slots < 8000 || vendors < 20 || types < 8 {
			t.Fatalf("games %d, slots %d, vendors %d, categories %d", games, slots, vendors, types)
		}
		// Idempotent: a second run adds nothing.
		if err := Seed(ctx, db); err != nil {
			t.Fatal(err)
		}
		var again, wins, offers int
		_ = q.QueryRowContext(ctx, `SELECT COUNT(*) FROM games`).Scan(&again)
		_ = q.QueryRowContext(ctx, `SELECT COUNT(*) FROM big_wins`).Scan(&wins)
		_ = q.QueryRowContext(ctx, `SELECT COUNT(*) FROM merchant_vendors`).Scan(&offers)
		if again != games || wins != 80 || offers != len(seedVendors)+len(luckyVendors) {
			t.Fatalf("after re-seed: games %d (was %d), wins %d, offers %d", again, games, wins, offers)
		}
		// Names are unique and translated.
		page, err := s.List(ctx, "demo", ListQuery{GameType: TypeSlots, Size: 100, Language: "KM"})
		if err != nil {
			t.Fatal(err)
		}
		en, _ := s.List(ctx, "demo", ListQuery{GameType: TypeSlots, Size: 100, Language: "EN"})
		seen := map[string]bool{}
		for i, g := range page.Games {
			if g.GameName == en.Games[i].GameName {
				t.Errorf("KM name of %s is the English one: %q", g.GameCode, g.GameName)
			}
			if seen[en.Games[i].GameName] {
				t.Errorf("duplicate name %q", en.Games[i].GameName)
			}
			seen[en.Games[i].GameName] = true
		}
	})
}

func TestListAndSearch(t *testing.T) {
	db := dbtest.SQLite(t)
	ctx := context.Background()
	s := seeded(t, db)
	tests := []struct {
		name  string
		q     ListQuery
		check func(t *testing.T, p ListPage)
	}{
		{"slots page 3", ListQuery{GameType: TypeSlots, Page: 3, Size: 18, Language: "EN"}, func(t *testing.T, p ListPage) {
			if len(p.Games) != 18 || p.Total != 9600 || p.TotalPages != 534 || p.PageNo != 3 {
				t.Errorf("page = %d games, total %d, pages %d", len(p.Games), p.Total, p.TotalPages)
			}
		}},
		{"last page is partial", ListQuery{GameType: TypeSlots, Page: 534, Size: 18}, func(t *testing.T, p ListPage) {
			if len(p.Games) != 9600-533*18 {
				t.Errorf("last page has %d", len(p.Games))
			}
		}},
		{"past the end is empty", ListQuery{GameType: TypeSlots, Page: 999, Size: 18}, func(t *testing.T, p ListPage) {
			if len(p.Games) != 0 || p.Total != 9600 {
				t.Errorf("got %d games", len(p.Games))
			}
		}},
		{"vendor filter", ListQuery{GameType: TypeSlots, Vendor: "PG", Size: 100}, func(t *testing.T, p ListPage) {
			if p.Total != 800 {
				t.Errorf("PG slots = %d", p.Total)
			}
			for _, g := range p.Games {
				if g.Vassalage != "PG" {
					t.Errorf("got %s", g.Vassalage)
				}
			}
		}},
		{"classify filter", ListQuery{GameType: TypeSlots, Classify: "MEGAWAYS", Size: 100}, func(t *testing.T, p ListPage) {
			for _, g := range p.Games {
				if !strings.Contains(g.NodeName, "Megaways") {
					t.Errorf("%s in MEGAWAYS", g.NodeName)
				}
			}
			if p.Total == 0 {
				t.Error("no megaways")
			}
		}},
		{"search is case-insensitive, any language", ListQuery{GameType: TypeSearch, Name: "DRAGON", Size: 100, Language: "EN"}, func(t *testing.T, p ListPage) {
			if p.Total < 100 {
				t.Errorf("dragon matches %d", p.Total)
			}
			for _, g := range p.Games {
				if !strings.Contains(strings.ToLower(g.NodeName), "dragon") {
					t.Errorf("%q does not match", g.NodeName)
				}
			}
		}},
		{"search by Khmer name", ListQuery{GameType: TypeSearch, Name: "នាគ", Size: 10, Language: "KM"}, func(t *testing.T, p ListPage) {
			if p.Total == 0 || !strings.Contains(p.Games[0].GameName, "នាគ") {
				t.Errorf("Khmer search: %+v", p.Games)
			}
		}},
		{"search by code", ListQuery{GameType: TypeSearch, Name: "pg_0001", Size: 10}, func(t *testing.T, p ListPage) {
			if p.Total != 1 || p.Games[0].GameCode != "PG_0001" {
				t.Errorf("code search: %+v", p)
			}
		}},
		{"no match", ListQuery{GameType: TypeSearch, Name: "zzzqqq", Size: 18}, func(t *testing.T, p ListPage) {
			if p.Total != 0 || p.TotalPages != 0 || len(p.Games) != 0 {
				t.Errorf("got %+v", p)
			}
		}},
		{"in-house listed as INHOUSE", ListQuery{GameType: TypeInhouse, Size: 18}, func(t *testing.T, p ListPage) {
			if p.Total != 3 || p.Games[0].GameType != TypeInhouse || p.Games[0].Vassalage != "PGE" {
				t.Errorf("inhouse = %+v", p)
			}
		}},
		{"esports vendors' lobbies under ESPORTS", ListQuery{GameType: TypeEsports, Size: 18}, func(t *testing.T, p ListPage) {
			if p.Total != 2 || p.Games[0].IsGame != IsVassalage {
				t.Errorf("esports = %+v", p)
			}
		}},
		{"hot", ListQuery{GameType: TypeHot, Size: 100}, func(t *testing.T, p ListPage) {
			for _, g := range p.Games {
				if g.IsHot != 1 {
					t.Errorf("%s not hot", g.GameCode)
				}
			}
			if p.Total < 200 {
				t.Errorf("hot = %d", p.Total)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.q.Page == 0 {
				tt.q.Page = 1
			}
			p, err := s.List(ctx, "demo", tt.q)
			if err != nil {
				t.Fatal(err)
			}
			tt.check(t, p)
		})
	}
}

func TestMerchantViewsDiffer(t *testing.T) {
	db := dbtest.SQLite(t)
	ctx := context.Background()
	s := seeded(t, db)
	demo, mode, err := s.Lanes(ctx, "demo", "EN")
	if err != nil {
		t.Fatal(err)
	}
	var order []string
	for _, l := range demo {
		order = append(order, l.GameType)
	}
	want := []string{TypeInhouse, TypeSlots, TypeLive, TypeFish, TypeSports, TypePVP, TypeCockfight, TypeLottery, TypeELottery, TypeEsports}
	if !slices.Equal(order, want) || mode != PrizeModeELott {
		t.Fatalf("demo lanes %v (mode %s), want %v ELOTT", order, mode, want)
	}
	if demo[0].Title != "Originals" || len(demo[1].GameClassify) == 0 {
		t.Errorf("lane details: %+v", demo[0])
	}
	lucky, _, _ := s.Lanes(ctx, "lucky", "TH")
	for _, l := range lucky {
		if l.GameType == TypeCockfight {
			t.Error("lucky offers cockfight")
		}
	}
	if lucky[0].GameType != TypeInhouse || lucky[1].Cards[0].Vassalage != "PP" {
		t.Errorf("lucky order: %+v", lucky[1].Cards)
	}
	p, _ := s.List(ctx, "lucky", ListQuery{GameType: TypeSlots, Vendor: "EG2", Size: 18})
	if p.Total != 0 {
		t.Errorf("lucky lists a vendor it does not offer: %d", p.Total)
	}
	menus, _ := s.Menus(ctx, "demo", "KM")
	if menus[0].GameType != TypeHome || menus[len(menus)-1].GameType != TypePromo || len(menus) != len(demo)+2 {
		t.Errorf("menus: %d entries", len(menus))
	}
}

func TestWinnersHotRankRooms(t *testing.T) {
	db := dbtest.SQLite(t)
	ctx := context.Background()
	s := seeded(t, db)
	w, err := s.Winners(ctx, "demo", "ALL", "CN", 2, 20)
	if err != nil {
		t.Fatal(err)
	}
	if len(w) != 20 {
		t.Fatalf("%d winners", len(w))
	}
	for i := 1; i < len(w); i++ {
		if w[i].VO.WinAmount > w[i-1].VO.WinAmount {
			t.Fatalf("winners not by amount descending at %d", i)
		}
	}
	if !strings.Contains(w[0].VO.CustomerName, "***") {
		t.Errorf("customer name not masked: %q", w[0].VO.CustomerName)
	}
	hot, _ := s.Hot(ctx, "demo", "PG", "EN", 100)
	for _, g := range hot {
		if g.Vassalage != "PG" || g.IsHot != 1 {
			t.Errorf("hot PG: %+v", g)
		}
	}
	rank, _ := s.Rank(ctx, "demo", TypeLive, "EN", 5)
	if len(rank) != 5 || rank[0].GameType != TypeLive {
		t.Errorf("rank = %+v", rank)
	}
	rooms, _ := s.PVPRooms(ctx, "demo", "V8_0001", "EN", 2)
	if len(rooms) != 4 || rooms[0].MinBet != 1 || rooms[3].MaxBet != 10000 {
		t.Errorf("rooms = %+v", rooms)
	}
	pop, _ := s.Popular(ctx, "demo", "EN")
	if len(pop.Keywords) == 0 || len(pop.Games) != 12 {
		t.Errorf("popular = %+v", pop.Keywords)
	}
}

func TestInvalidateAndFlush(t *testing.T) {
	db := dbtest.SQLite(t)
	ctx := context.Background()
	s := seeded(t, db)
	before, _ := s.List(ctx, "demo", ListQuery{GameType: TypeSlots, Vendor: "PG", Size: 1})
	if _, err := db.Write().ExecContext(ctx, `DELETE FROM big_wins WHERE game_code IN (SELECT game_code FROM games WHERE vassalage = 'PG')`); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Write().ExecContext(ctx, `DELETE FROM games WHERE game_code = 'PG_0001'`); err != nil {
		t.Fatal(err)
	}
	cached, _ := s.List(ctx, "demo", ListQuery{GameType: TypeSlots, Vendor: "PG", Size: 1})
	if cached.Total != before.Total {
		t.Fatal("the cache read the database on every call")
	}
	s.Flush()
	after, _ := s.List(ctx, "demo", ListQuery{GameType: TypeSlots, Vendor: "PG", Size: 1})
	if after.Total != before.Total-1 {
		t.Fatalf("flush did not reload: %d -> %d", before.Total, after.Total)
	}
	if _, err := db.Write().ExecContext(ctx, `DELETE FROM games WHERE game_code = 'PG_0002'`); err != nil {
		t.Fatal(err)
	}
	s.Flush() // within 5 s of the last: ignored
	again, _ := s.List(ctx, "demo", ListQuery{GameType: TypeSlots, Vendor: "PG", Size: 1})
	if again.Total != after.Total {
		t.Fatal("a second flush within 5 s reloaded")
	}
	s.Invalidate()
	last, _ := s.List(ctx, "demo", ListQuery{GameType: TypeSlots, Vendor: "PG", Size: 1})
	if last.Total != after.Total-1 {
		t.Fatal("invalidate did not reload")
	}
}

func TestIcons(t *testing.T) {
	a := &Game{Code: "PG_0001", Vendor: "PG", names: [5]string{"Golden Dragon <Deluxe>"}}
	b := &Game{Code: "PG_0002", Vendor: "PG", names: [5]string{"Golden Dragon"}}
	ia, ib := string(GameIcon(a, false)), string(GameIcon(b, false))
	if ia == ib || ia != string(GameIcon(a, false)) {
		t.Fatal("icons not distinct per game or not deterministic")
	}
	if strings.Contains(ia, "<Deluxe>") || !strings.Contains(ia, ">GD<") {
		t.Fatalf("icon text: %s", ia)
	}
	if !strings.Contains(string(VendorLogo(&Vendor{Code: "TCG_LOTTO_VN", Name: "TCG & Co"})), "TCG &amp; Co") {
		t.Fatal("vendor name not escaped")
	}
}

// BenchmarkSearch measures a name search over the full demo catalogue
// (10,000+ games), as the lobby's search box runs it.
func BenchmarkSearch(b *testing.B) {
	db := dbtest.SQLite(b)
	ctx := context.Background()
	s := seeded(b, db)
	if _, err := s.List(ctx, "demo", ListQuery{GameType: TypeSearch, Name: "warm", Size: 18}); err != nil {
		b.Fatal(err)
	}
	terms := []string{"dragon", "golden temple", "នាគ", "zzz", "fortune"}
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		if _, err := s.List(ctx, "demo", ListQuery{GameType: TypeSearch, Name: terms[i%len(terms)], Page: 1, Size: 18, Language: "EN"}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkListPage measures one page of the slots lobby.
func BenchmarkListPage(b *testing.B) {
	db := dbtest.SQLite(b)
	ctx := context.Background()
	s := seeded(b, db)
	for i := 0; b.Loop(); i++ {
		if _, err := s.List(ctx, "demo", ListQuery{GameType: TypeSlots, Page: 1 + i%500, Size: 18, Language: "EN"}); err != nil {
			b.Fatal(err)
		}
	}
}

// TestIndexAgreesWithScan holds the trigram index to a plain substring scan
// over every game, for needles of every length and script.
func TestIndexAgreesWithScan(t *testing.T) {
	db := dbtest.SQLite(t)
	s := seeded(t, db)
	v, err := s.view(context.Background(), "demo")
	if err != nil {
		t.Fatal(err)
	}
	for _, needle := range []string{"d", "dr", "dra", "dragon", "golden temple", "gon go", "pg_00", "នាគ", "ន", "神龙", "มังกร", "rồng", "zzz", "deluxe\nx"} {
		var want []*Game
		for _, g := range v.games {
			if strings.Contains(g.search, needle) {
				want = append(want, g)
			}
		}
		got := v.names.match(needle)
		if len(got) != len(want) {
			t.Fatalf("%q: index %d, scan %d", needle, len(got), len(want))
		}
		for i := range got {
			if got[i] != want[i] {
				t.Fatalf("%q: order differs at %d", needle, i)
			}
		}
	}
}

func TestMaskName(t *testing.T) {
	for in, want := range map[string]string{"player01": "pl***01", "abcd": "a***", "": "***", "ស្រីពៅ": "ស្***ពៅ", "abcde": "ab***de"} {
		if got := MaskName(in); got != want {
			t.Errorf("MaskName(%q) = %q, want %q", in, got, want)
		}
	}
}

// TestNewFilter: the NEW selection filter (spec §9, X-007) lists a
// category's games flagged new, newest first, with the vendor and name
// filters still applying; HOT within a category keeps its hot games.
func TestNewFilter(t *testing.T) {
	db := dbtest.SQLite(t)
	ctx := context.Background()
	s := seeded(t, db)
	all, err := s.List(ctx, "demo", ListQuery{GameType: TypeSlots, Page: 1, Size: 100})
	if err != nil {
		t.Fatal(err)
	}
	newest := func(t *testing.T, p ListPage, gameType string) {
		t.Helper()
		last := int64(1 << 62)
		for _, g := range p.Games {
			id, _ := strconv.ParseInt(g.NodeID, 10, 64)
			if g.IsNew != 1 || (gameType != "" && g.GameType != gameType) || id >= last {
				t.Fatalf("%s (new %d, %s, id %d after %d) out of place", g.GameCode, g.IsNew, g.GameType, id, last)
			}
			last = id
		}
	}
	tests := []struct {
		name  string
		q     ListQuery
		check func(t *testing.T, p ListPage)
	}{
		{"new slots, newest first", ListQuery{GameType: TypeSlots, Filter: FilterNew, Size: 100}, func(t *testing.T, p ListPage) {
			newest(t, p, TypeSlots)
			if p.Total == 0 || p.Total >= all.Total || p.TotalPages != (p.Total+99)/100 {
				t.Errorf("new slots = %d of %d", p.Total, all.Total)
			}
		}},
		{"new games of every category", ListQuery{GameType: TypeAll, Filter: FilterNew, Size: 100}, func(t *testing.T, p ListPage) {
			newest(t, p, "")
			if p.Games[0].Vassalage != "PGE" {
				t.Errorf("the in-house games, added last, come first: %s", p.Games[0].GameCode)
			}
		}},
		{"new in-house games", ListQuery{GameType: TypeInhouse, Filter: FilterNew, Size: 18}, func(t *testing.T, p ListPage) {
			newest(t, p, TypeInhouse)
			if p.Total != 3 {
				t.Errorf("new in-house = %d", p.Total)
			}
		}},
		{"new slots of one vendor", ListQuery{GameType: TypeSlots, Filter: FilterNew, Vendor: "PG", Size: 100}, func(t *testing.T, p ListPage) {
			newest(t, p, TypeSlots)
			for _, g := range p.Games {
				if g.Vassalage != "PG" {
					t.Errorf("%s of %s", g.GameCode, g.Vassalage)
				}
			}
		}},
		{"new slots by name", ListQuery{GameType: TypeSlots, Filter: FilterNew, Name: "a", Size: 100}, func(t *testing.T, p ListPage) {
			newest(t, p, TypeSlots)
			if p.Total == 0 {
				t.Error("no new slot has an a")
			}
		}},
		{"hot slots", ListQuery{GameType: TypeSlots, Filter: FilterHot, Size: 100}, func(t *testing.T, p ListPage) {
			for _, g := range p.Games {
				if g.IsHot != 1 || g.GameType != TypeSlots {
					t.Errorf("%s hot %d %s", g.GameCode, g.IsHot, g.GameType)
				}
			}
		}},
		{"ALL keeps every game", ListQuery{GameType: TypeSlots, Filter: FilterAll, Size: 100}, func(t *testing.T, p ListPage) {
			if p.Total != all.Total {
				t.Errorf("ALL = %d of %d", p.Total, all.Total)
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.q.Page = 1
			p, err := s.List(ctx, "demo", tt.q)
			if err != nil {
				t.Fatal(err)
			}
			tt.check(t, p)
		})
	}
}
