package httpapi

import (
	"net/http"
	"net/url"
	"testing"

	"portal/internal/provider"
)

// TestLaunchLanguage: the launch body's language is the game's (lang on its
// URL) when the merchant offers it; otherwise the request's language
// (query, then the merchant's default), as docs/provider-api.md §2 says.
func TestLaunchLanguage(t *testing.T) {
	s := newHostileTestServer(t)
	c := newClient(t, s, "demo")
	if rec, _ := c.login("player01", "Player@123"); rec.Code != 200 {
		t.Fatal("login")
	}
	visitor := newClient(t, s, "demo")
	tests := []struct {
		name   string
		c      *client
		path   string
		body   map[string]string
		lang   string
		mode   string
		hasTok bool
	}{
		{"the body's language", c, "/wps/game/launchGame", map[string]string{"vassalage": "PG", "language": "CN"}, "CN", provider.ModeReal, true},
		{"in any case", c, "/wps/game/launchGame", map[string]string{"vassalage": "PG", "language": "th"}, "TH", provider.ModeReal, true},
		{"over the query's", c, "/wps/game/launchGame?language=EN", map[string]string{"vassalage": "PG", "language": "VI"}, "VI", provider.ModeReal, true},
		{"an unknown one: the query's", c, "/wps/game/launchGame?language=EN", map[string]string{"vassalage": "PG", "language": "ZZ"}, "EN", provider.ModeReal, true},
		{"none: the merchant's default", c, "/wps/game/launchGame", map[string]string{"vassalage": "PG"}, "KM", provider.ModeReal, true},
		{"a vendor's lobby", c, "/wps/game/launchGameVendor", map[string]string{"vassalage": "JDB", "language": "CN"}, "CN", provider.ModeReal, true},
		{"a visitor's demo", visitor, "/wps/game/launchGame", map[string]string{"vassalage": "PGE", "gameCode": "PGE_SLOT", "mode": "demo", "language": "EN"}, "EN", provider.ModeDemo, false},
	}
	for _, tt := range tests {
		rec, env := tt.c.do(http.MethodPost, tt.path, tt.body, false)
		if rec.Code != 200 {
			t.Fatalf("%s: %d %+v", tt.name, rec.Code, env)
		}
		l := value[provider.Launch](t, env)
		u, err := url.Parse(l.URL)
		if err != nil {
			t.Fatal(err)
		}
		if got := u.Query().Get("lang"); got != tt.lang || l.Mode != tt.mode || (u.Query().Get("token") != "") != tt.hasTok {
			t.Errorf("%s: lang=%s mode=%s in %s; want lang=%s mode=%s", tt.name, got, l.Mode, l.URL, tt.lang, tt.mode)
		}
	}
}

// TestLaunchPlatform: a launch asks for one of the builds vendors have
// (flash, html5-desktop, or H5 on touch screens); anything else is a 400
// envelope, and an empty one leaves it to the vendor.
func TestLaunchPlatform(t *testing.T) {
	s := newHostileTestServer(t)
	c := newClient(t, s, "demo")
	if rec, _ := c.login("player01", "Player@123"); rec.Code != 200 {
		t.Fatal("login")
	}
	for _, tt := range []struct {
		path, platform string
		status         int
	}{
		{"/wps/game/launchGame", "", 200}, {"/wps/game/launchGame", "html5-desktop", 200}, {"/wps/game/launchGame", "H5", 200},
		{"/wps/game/launchGame", "flash", 200}, {"/wps/game/launchGame", "W", 400}, {"/wps/game/launchGame", "h5", 400},
		{"/wps/game/launchGame", "<script>", 400}, {"/wps/game/launchGameVendor", "H5", 200}, {"/wps/game/launchGameVendor", "WEB", 400},
	} {
		body := map[string]string{"vassalage": "PG", "platform": tt.platform}
		if rec, env := c.do(http.MethodPost, tt.path, body, false); rec.Code != tt.status || (tt.status == 400 && env.Code == "") {
			t.Errorf("%s platform %q = %d %s, want %d", tt.path, tt.platform, rec.Code, env.Code, tt.status)
		}
	}
}
