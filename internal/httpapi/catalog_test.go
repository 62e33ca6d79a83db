package httpapi

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"portal/internal/catalog"
)

func TestGameList(t *testing.T) {
	s := newHostileTestServer(t)
	tests := []struct {
		query      string
		total      int
		pages      int
		games      int
		vendorOnly string
	}{
		{"gameType=RNG&pageNo=1&pageSize=18", 9600, 534, 18, ""},
		{"clientType=3&platform=html5-desktop&gameType=RNG&vassalage=JDB&pageNo=2&pageSize=18&imgSize=sx2&iconType=1", 800, 45, 18, "JDB"},
		{"gameType=FISH&pageSize=100", 85, 1, 85, ""},
		{"gameType=SEARCH&gameName=" + url.QueryEscape("Golden Temple"), -1, -1, -1, ""},
		{"gameType=LIVE&vassalage=EVO&gameClassify=BACCARAT", 10, 1, 10, "EVO"},
		{"gameType=INHOUSE", 3, 1, 3, "PGE"},
	}
	for _, tt := range tests {
		rec, env := call{path: "/wps/game/list?" + tt.query, merchant: "demo"}.do(t, s)
		p := value[catalog.ListPage](t, env)
		if rec.Code != 200 {
			t.Fatalf("%s = %d %+v", tt.query, rec.Code, env)
		}
		if tt.total >= 0 && (p.Total != tt.total || p.TotalPages != tt.pages || len(p.Games) != tt.games) {
			t.Errorf("%s: total %d pages %d games %d", tt.query, p.Total, p.TotalPages, len(p.Games))
		}
		for _, g := range p.Games {
			if tt.vendorOnly != "" && g.Vassalage != tt.vendorOnly {
				t.Errorf("%s: vendor %s", tt.query, g.Vassalage)
			}
			if g.NodeID == "" || g.IconURL == "" || g.GameName == "" {
				t.Errorf("%s: incomplete item %+v", tt.query, g)
			}
		}
	}
	// A search by part of a name finds it, in any case.
	_, env := call{path: "/wps/game/list?gameType=SEARCH&gameName=golden%20TEMPLE&language=EN", merchant: "demo"}.do(t, s)
	for _, g := range value[catalog.ListPage](t, env).Games {
		if !strings.Contains(strings.ToLower(g.GameName), "golden temple") {
			t.Errorf("search hit %q", g.GameName)
		}
	}
}

func TestGameListBadInput(t *testing.T) {
	s := newHostileTestServer(t)
	for _, q := range []string{
		"pageSize=0", "pageSize=1000", "pageNo=abc", "pageNo=0", "pageNo=-3",
		"gameName=" + strings.Repeat("a", 500), "gameType=NOPE", "clientType=x",
	} {
		rec, env := call{path: "/wps/game/list?" + q, merchant: "demo"}.do(t, s)
		if rec.Code != 400 || env.Code != "request.invalid_parameter" {
			t.Errorf("%s = %d %+v", q, rec.Code, env)
		}
	}
}

func TestVendorLanesOverHTTP(t *testing.T) {
	s := newHostileTestServer(t)
	rec, env := call{path: "/wps/game/vendor?platform=html5-desktop&flush=true&language=KM", merchant: "demo"}.do(t, s)
	v := value[vendorLanes](t, env)
	if rec.Code != 200 || len(v.Data.Lanes) == 0 || v.PrizeMode != catalog.PrizeModeELott {
		t.Fatalf("vendor = %d %+v", rec.Code, v.PrizeMode)
	}
	first, last := v.Data.Lanes[0], v.Data.Lanes[len(v.Data.Lanes)-1]
	if first.GameType != catalog.TypeInhouse || last.GameType != catalog.TypeEsports {
		t.Errorf("lanes run %s .. %s, want INHOUSE .. ESPORTS", first.GameType, last.GameType)
	}
	if first.Title != "ហ្គេមផ្ទាល់ខ្លួន" {
		t.Errorf("KM title = %q", first.Title)
	}
	for _, l := range v.Data.Lanes {
		if l.GameType == catalog.TypeSports {
			for _, c := range l.Cards {
				if c.Vassalage == "IA" || c.Vassalage == "TF" {
					t.Errorf("esports vendor %s left in SPORTS", c.Vassalage)
				}
			}
		}
	}
	_, env = call{path: "/lgw/games/game_menus", merchant: "lucky"}.do(t, s)
	menus := value[[]catalog.MenuEntry](t, env)
	if menus[0].GameType != "HOME" || menus[len(menus)-1].GameType != "PROMO" {
		t.Errorf("menus = %+v", menus)
	}
}

func TestWinnersHotAndFriends(t *testing.T) {
	s := newHostileTestServer(t)
	_, env := call{path: "/wps/game/winners?gameCategory=ALL&language=CN&limitNum=20", merchant: "demo"}.do(t, s)
	w := value[winnerList](t, env).List
	if len(w) != 20 || w[0].VO.WinAmount < w[19].VO.WinAmount || w[0].VO.GameName == "" {
		t.Fatalf("winners = %+v", w)
	}
	raw := fmt.Sprint(env.Value)
	if strings.Contains(raw, "e+") {
		t.Errorf("amounts in exponent form: %s", raw)
	}
	for _, path := range []string{"/wps/game/hot?vassalage=PG", "/wps/game/types", "/wps/game/rank?gameType=LIVE&limitNum=5",
		"/wps/game/pvp/rooms", "/wps/system/popular"} {
		rec, env := call{path: path, merchant: "demo"}.do(t, s)
		if rec.Code != 200 || !env.Success {
			t.Errorf("%s = %d %+v", path, rec.Code, env)
		}
	}
}

func TestIconsOverHTTP(t *testing.T) {
	s := newHostileTestServer(t)
	for path, status := range map[string]int{
		"/icons/games/PG_0001.svg":               200,
		"/icons/games/PG_0001.svg?size=large":    200,
		"/icons/vendors/TCG_LOTTO_VN.svg":        200,
		"/icons/games/NOPE.svg":                  404,
		"/icons/vendors/NOPE.svg":                404,
		"/icons/games/PG_0001.svg?size=gigantic": 400,
	} {
		rec := httptest.NewRecorder()
		s.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
		if status != 200 {
			decodeEnvelope(t, rec.Result())
		}
		if rec.Code != status {
			t.Errorf("%s = %d, want %d", path, rec.Code, status)
		}
		if status == 200 && rec.Header().Get("Content-Type") != "image/svg+xml" {
			t.Errorf("%s content type %q", path, rec.Header().Get("Content-Type"))
		}
	}
}

// TestPlatformValues: the platform parameter takes the spec's values (W,
// html5-desktop, flash) on every call that has one; any other is refused
// with the envelope's 400.
func TestPlatformValues(t *testing.T) {
	s := newHostileTestServer(t)
	paths := []string{"/wps/game/list?gameType=RNG&", "/wps/game/hot?", "/wps/game/vendor?", "/lgw/games/game_menus?",
		"/wps/system/notice?", "/wps/system/announcements?"}
	tests := []struct {
		platform string
		status   int
	}{
		{"W", 200}, {"html5-desktop", 200}, {"flash", 200}, {"", 200},
		{"WEB", 400}, {"H5", 400}, {"html5", 400}, {"w", 400},
	}
	for _, p := range paths {
		for _, tt := range tests {
			rec, env := call{path: p + "platform=" + url.QueryEscape(tt.platform), merchant: "demo"}.do(t, s)
			if rec.Code != tt.status || (tt.status == 400 && (env.Code != "request.invalid_parameter" || env.Success)) {
				t.Errorf("%splatform=%s = %d %s, want %d", p, tt.platform, rec.Code, env.Code, tt.status)
			}
		}
	}
}

// TestNewGamesOverHTTP: gameFilter=NEW lists a lobby's new games, newest
// first; an unknown filter is refused.
func TestNewGamesOverHTTP(t *testing.T) {
	s := newHostileTestServer(t)
	rec, env := call{path: "/wps/game/list?clientType=3&platform=html5-desktop&gameType=RNG&gameFilter=NEW&pageNo=1&pageSize=18&imgSize=sx2", merchant: "demo"}.do(t, s)
	p := value[catalog.ListPage](t, env)
	if rec.Code != 200 || p.Total == 0 || p.Total >= 9600 {
		t.Fatalf("new slots = %d %+v", rec.Code, p.Total)
	}
	for _, g := range p.Games {
		if g.IsNew != 1 || g.GameType != "RNG" {
			t.Errorf("%s new %d type %s", g.GameCode, g.IsNew, g.GameType)
		}
	}
	bad, _ := call{path: "/wps/game/list?gameFilter=OLD", merchant: "demo"}.do(t, s)
	if bad.Code != 400 {
		t.Errorf("gameFilter=OLD = %d", bad.Code)
	}
}
