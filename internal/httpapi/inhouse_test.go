package httpapi

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"portal/internal/provider"
	"portal/internal/provider/inhouse"
	"portal/internal/wallet"
)

// TestInhouseThroughTheAPI: a member launches the in-house dice, plays with
// the game token, retries a request, changes seeds and verifies the round;
// bad requests get the envelope's errors and change nothing.
func TestInhouseThroughTheAPI(t *testing.T) {
	s := newHostileTestServer(t)
	ctx := context.Background()
	c, me := fundedPlayer(t, s, 50_00)
	balance := func() int64 {
		b, err := s.Wallet.Balance(ctx, "demo", wallet.Member(me.ID, "USD"))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	rec, env := c.do(http.MethodPost, "/wps/game/launchGame", map[string]string{"vassalage": "PGE", "gameCode": "PGE_DICE"}, false)
	launch := value[provider.Launch](t, env)
	u, err := url.Parse(launch.URL)
	if rec.Code != 200 || err != nil || u.Path != "/play/pge/dice" {
		t.Fatalf("launch = %d %+v", rec.Code, launch)
	}
	g := newClient(t, s, "demo")
	g.gameToken = u.Query().Get("token")

	rec, env = g.do(http.MethodGet, "/inhouse/session?game=PGE_DICE", nil, false)
	view := value[inhouse.SessionView](t, env)
	if rec.Code != 200 || view.Mode != provider.ModeReal || view.Balance != balance() || view.Seed == nil || view.Seed.ServerSeedHash == "" || view.Limits.MinStake != 10 {
		t.Fatalf("session = %d %+v", rec.Code, view)
	}
	start := balance()
	bet := map[string]any{"game": "PGE_DICE", "stake": 100, "target": 5000, "over": true, "requestId": "click-1"}
	rec, env = g.do(http.MethodPost, "/inhouse/play", bet, false)
	round := value[inhouse.Round](t, env)
	if rec.Code != 200 || round.Nonce != 0 || round.ServerSeedHash != view.Seed.ServerSeedHash || round.Balance != start-100+round.Win || balance() != round.Balance {
		t.Fatalf("play = %d %+v (balance %d)", rec.Code, round, balance())
	}
	if rec, env := g.do(http.MethodPost, "/inhouse/play", bet, false); rec.Code != 200 || value[inhouse.Round](t, env).RoundID != round.RoundID || balance() != round.Balance {
		t.Fatalf("retried play = %d %+v", rec.Code, env)
	}

	// demo:true with a real token plays a free round: no money, seed shown.
	demo := map[string]any{"game": "PGE_DICE", "stake": 100, "target": 5000, "over": true, "requestId": "demo-1", "demo": true}
	for range 3 {
		rec, env := g.do(http.MethodPost, "/inhouse/play", demo, false)
		if free := value[inhouse.Round](t, env); rec.Code != 200 || free.ServerSeed == "" || free.RoundID != "" || balance() != round.Balance {
			t.Fatalf("demo with a token = %d %+v, balance %d want %d", rec.Code, free, balance(), round.Balance)
		}
	}
	if rec, env := g.do(http.MethodGet, "/inhouse/session?game=PGE_DICE&demo=true", nil, false); rec.Code != 200 || value[inhouse.SessionView](t, env).Mode != provider.ModeDemo {
		t.Fatalf("demo session with a token = %d %+v", rec.Code, env)
	}

	refusals := []struct {
		name   string
		client *client
		body   any
		status int
		code   string
	}{
		{"no token", c, bet, 401, "game.session_expired"},
		{"stake off the limits", g, map[string]any{"game": "PGE_DICE", "stake": 5, "target": 5000, "requestId": "r2"}, 400, "inhouse.bet_invalid"},
		{"target out of range", g, map[string]any{"game": "PGE_DICE", "stake": 100, "target": 9999, "requestId": "r3"}, 400, "inhouse.bet_invalid"},
		{"request reused", g, map[string]any{"game": "PGE_DICE", "stake": 200, "target": 5000, "over": true, "requestId": "click-1"}, 409, "inhouse.request_reused"},
		{"more than the balance", g, map[string]any{"game": "PGE_DICE", "stake": 1000_00, "target": 5000, "requestId": "r4"}, 422, "wallet.insufficient_funds"},
		{"another game's token", g, map[string]any{"game": "PGE_SLOT", "stake": 100, "requestId": "r5"}, 401, "game.session_expired"},
		{"not JSON", g, "[", 400, "request.invalid_body"},
		{"negative stake", g, map[string]any{"game": "PGE_DICE", "stake": -100, "target": 5000, "requestId": "r6"}, 400, "inhouse.bet_invalid"},
		{"huge stake", g, map[string]any{"game": "PGE_DICE", "stake": int64(1) << 62, "target": 5000, "requestId": "r7"}, 400, "inhouse.bet_invalid"},
	}
	for _, tc := range refusals {
		if rec, env := tc.client.do(http.MethodPost, "/inhouse/play", tc.body, false); rec.Code != tc.status || env.Code != tc.code {
			t.Errorf("%s = %d %s, want %d %s", tc.name, rec.Code, env.Code, tc.status, tc.code)
		}
	}
	if balance() != round.Balance {
		t.Fatalf("refusals moved money: %d, want %d", balance(), round.Balance)
	}

	// Change seeds, then the round verifies from the revealed seed.
	if rec, env := g.do(http.MethodPost, "/inhouse/seed", map[string]string{"clientSeed": "bad:seed"}, false); rec.Code != 400 || env.Code != "inhouse.client_seed_invalid" {
		t.Fatalf("bad client seed = %d %s", rec.Code, env.Code)
	}
	rec, env = g.do(http.MethodPost, "/inhouse/seed", map[string]string{"clientSeed": "lucky"}, false)
	seeds := value[inhouse.Seeds](t, env)
	if rec.Code != 200 || seeds.Previous == nil || seeds.Previous.ServerSeedHash != round.ServerSeedHash || seeds.Current.ClientSeed != "lucky" {
		t.Fatalf("change seeds = %d %+v", rec.Code, seeds)
	}
	rec, env = g.do(http.MethodGet, "/inhouse/rounds?game=PGE_DICE", nil, false)
	page := value[inhouse.RoundPage](t, env)
	if rec.Code != 200 || len(page.Content) != 1 || page.Content[0].ServerSeed != seeds.Previous.ServerSeed {
		t.Fatalf("rounds = %d %+v", rec.Code, page)
	}
	v := page.Content[0]
	visitor := newClient(t, s, "demo")
	rec, env = visitor.do(http.MethodPost, "/inhouse/verify", map[string]any{"game": v.Game, "serverSeed": v.ServerSeed, "clientSeed": v.ClientSeed,
		"nonce": v.Nonce, "stake": v.Stake, "target": v.Params.Target, "over": v.Params.Over}, false)
	check := value[inhouse.Verification](t, env)
	if rec.Code != 200 || check.ServerSeedHash != round.ServerSeedHash || check.Win != round.Win {
		t.Fatalf("verify = %d %+v, played %+v", rec.Code, check, round)
	}
	if rec, env := visitor.do(http.MethodGet, "/inhouse/paytable", nil, false); rec.Code != 200 || len(value[inhouse.Paytables](t, env).Slot.Symbols) == 0 {
		t.Fatalf("paytable = %d", rec.Code)
	}
	// The round is in the member's betting record like any vendor's.
	rec, env = c.do(http.MethodGet, "/wps/report/accountGameBetHistory?vassalage=PGE", nil, false)
	if hist := value[provider.BetHistory](t, env); rec.Code != 200 || len(hist.Content) != 1 {
		t.Fatalf("betting record = %d %+v", rec.Code, hist)
	}
	// The betting record's verify link reads the round with the log-in.
	rec, env = c.do(http.MethodGet, "/inhouse/round?roundId="+round.RoundID, nil, false)
	if one := value[inhouse.RoundView](t, env); rec.Code != 200 || one.ServerSeed != seeds.Previous.ServerSeed || one.Nonce != 0 {
		t.Fatalf("round = %d %+v", rec.Code, one)
	}
	for _, id := range []string{"IH-999999", "IH-x", "PG-1", ""} {
		if rec, _ := c.do(http.MethodGet, "/inhouse/round?roundId="+id, nil, false); rec.Code != 404 && rec.Code != 400 {
			t.Errorf("round %q = %d", id, rec.Code)
		}
	}
	other := newClient(t, s, "demo")
	if rec, _ := other.login("agent01", "Agent@123"); rec.Code != 200 {
		t.Fatal("agent login")
	}
	if rec, _ := other.do(http.MethodGet, "/inhouse/round?roundId="+round.RoundID, nil, false); rec.Code != 404 {
		t.Errorf("another member reads the round: %d", rec.Code)
	}
	if rec, env := newClient(t, s, "demo").do(http.MethodGet, "/inhouse/seed", nil, false); rec.Code != 401 || env.Code != "game.session_expired" {
		t.Fatalf("seeds without token = %d %s", rec.Code, env.Code)
	}
}

// TestLaunchAliases: the spec's launch-game-vendor and start-game calls.
func TestLaunchAliases(t *testing.T) {
	s := newHostileTestServer(t)
	c := newClient(t, s, "demo")
	if rec, env := c.do(http.MethodPost, "/wps/game/launchGameVendor", map[string]string{"vassalage": "JDB"}, false); rec.Code != 401 || env.Code != "login.not.session" {
		t.Fatalf("vendor lobby without login = %d %s", rec.Code, env.Code)
	}
	if rec, _ := c.login("player01", "Player@123"); rec.Code != 200 {
		t.Fatal("login")
	}
	rec, env := c.do(http.MethodPost, "/wps/game/launchGameVendor", map[string]string{"vassalage": "JDB"}, false)
	if l := value[provider.Launch](t, env); rec.Code != 200 || l.GameCode != "" || !strings.HasPrefix(l.URL, "/sim/JDB/play?") || !strings.Contains(l.URL, "token=") {
		t.Fatalf("vendor lobby = %d %+v", rec.Code, l)
	}
	rec, env = c.do(http.MethodPost, "/wps/game/startGame", map[string]string{"vassalage": "PGE", "gameCode": "PGE_CRASH"}, false)
	if l := value[provider.Launch](t, env); rec.Code != 200 || !strings.HasPrefix(l.URL, "/play/pge/crash?") {
		t.Fatalf("start game = %d %+v", rec.Code, l)
	}
	if rec, env := c.do(http.MethodPost, "/wps/game/launchGameVendor", map[string]string{"vassalage": "NOPE"}, false); rec.Code != 404 || env.Code != "vendor.not_found" {
		t.Fatalf("unknown vendor = %d %s", rec.Code, env.Code)
	}
}
