package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/coder/websocket/wsjson"

	"portal/internal/catalog"
	"portal/internal/provider"
	"portal/internal/realtime"
	"portal/internal/wallet"
)

// fundedPlayer logs player01 in and adds amount to their balance through
// the ledger; it returns the member's client and their member info.
func fundedPlayer(t *testing.T, s *Server, amount int64) (*client, memberInfo) {
	t.Helper()
	c := newClient(t, s, "demo")
	if rec, _ := c.login("player01", "Player@123"); rec.Code != 200 {
		t.Fatal("login")
	}
	_, env := c.do(http.MethodGet, "/wps/member/info", nil, false)
	me := value[memberInfo](t, env)
	if _, err := s.Wallet.Move(context.Background(), wallet.Request{Merchant: "demo", Key: fmt.Sprintf("fund-%d-%d", me.ID, amount),
		From: wallet.Side(wallet.KindAdjustment, "test", "USD"), To: wallet.Member(me.ID, "USD"), Amount: amount, Kind: "adjust"}); err != nil {
		t.Fatal(err)
	}
	return c, me
}

// TestPlayThroughTheAPI: a member launches a game, the vendor bets and
// pays over the signed HTTP contract, the websocket pushes the balance, and
// the balance, records, favourites and recent games all show it.
func TestPlayThroughTheAPI(t *testing.T) {
	s := newHostileTestServer(t)
	ctx := context.Background()
	c, me := fundedPlayer(t, s, 100_00)

	// A visitor gets a demo only where the game offers one.
	visitor := newClient(t, s, "demo")
	if rec, env := visitor.do(http.MethodPost, "/wps/game/launchGame", map[string]string{"vassalage": "PGE", "gameCode": "PGE_SLOT"}, false); rec.Code != 401 || env.Code != "login.not.session" {
		t.Fatalf("visitor real launch = %d %s", rec.Code, env.Code)
	}
	if rec, env := visitor.do(http.MethodPost, "/wps/game/launchGame", map[string]string{"vassalage": "PGE", "gameCode": "PGE_SLOT", "mode": "demo"}, false); rec.Code != 200 ||
		value[provider.Launch](t, env).Mode != provider.ModeDemo || strings.Contains(value[provider.Launch](t, env).URL, "token=") {
		t.Fatalf("visitor demo = %d %+v", rec.Code, env)
	}

	page, err := s.Catalog.List(ctx, "demo", catalog.ListQuery{Vendor: "PG", Page: 1, Size: 1})
	if err != nil {
		t.Fatal(err)
	}
	game := page.Games[0]
	rec, env := c.do(http.MethodPost, "/wps/game/launchGame", map[string]string{"vassalage": "PG", "gameCode": game.GameCode}, false)
	if rec.Code != 200 {
		t.Fatalf("launch = %d %+v", rec.Code, env)
	}
	launch := value[provider.Launch](t, env)
	u, err := url.Parse(launch.URL)
	if err != nil || launch.Mode != provider.ModeReal || u.Query().Get("token") == "" {
		t.Fatalf("launch = %+v", launch)
	}

	srv := httptest.NewServer(s)
	defer srv.Close()
	wsURL := "ws" + strings.TrimPrefix(srv.URL, "http") + "/wps/ws"
	conn, _, err := websocket.Dial(ctx, wsURL, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.CloseNow()
	if err := wsjson.Write(ctx, conn, socketAuth{Type: "auth", Token: c.token, Merchant: "demo"}); err != nil {
		t.Fatal(err)
	}
	readEvent := func() realtime.Event {
		rctx, cancel := context.WithTimeout(ctx, 5*time.Second)
		defer cancel()
		var e realtime.Event
		if err := wsjson.Read(rctx, conn, &e); err != nil {
			t.Fatal(err)
		}
		return e
	}
	if e := readEvent(); e.Type != "balance" || e.Balance != 100_00 {
		t.Fatalf("first event %+v", e)
	}

	secret, err := s.Games.Secret(ctx, "PG")
	if err != nil {
		t.Fatal(err)
	}
	vendorCall := func(op string, cb provider.Callback, sig string) (int, provider.Answer) {
		body, _ := json.Marshal(cb)
		if sig == "" {
			sig = provider.Sign(secret, body)
		}
		req, _ := http.NewRequest(http.MethodPost, srv.URL+"/vendor/PG/wallet/"+op, bytes.NewReader(body))
		req.Header.Set("X-Signature", sig)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		var a provider.Answer
		if err := json.NewDecoder(res.Body).Decode(&a); err != nil {
			t.Fatal(err)
		}
		return res.StatusCode, a
	}
	player := fmt.Sprint(me.ID)
	bet := provider.Callback{Token: u.Query().Get("token"), Player: player, Currency: "USD", GameCode: game.GameCode, RoundID: "R1", TransactionID: "B1", Amount: 25_00}
	if code, a := vendorCall("bet", bet, "00"); code != 200 || a.Status != provider.StatusInvalidSignature {
		t.Fatalf("mis-signed bet = %d %+v", code, a)
	}
	if code, a := vendorCall("bet", bet, ""); code != 200 || a.Status != provider.StatusOK || a.Balance != 75_00 {
		t.Fatalf("bet = %d %+v", code, a)
	}
	if e := readEvent(); e.Balance != 75_00 {
		t.Fatalf("pushed after bet: %+v", e)
	}
	win := provider.Callback{Player: player, Currency: "USD", RoundID: "R1", TransactionID: "W1", ReferenceTransactionID: "B1", Amount: 300_00, RoundClosed: true}
	if _, a := vendorCall("win", win, ""); a.Status != provider.StatusOK || a.Balance != 375_00 {
		t.Fatalf("win = %+v", a)
	}
	if e := readEvent(); e.Balance != 375_00 {
		t.Fatalf("pushed after win: %+v", e)
	}
	if code, a := vendorCall("steal", win, ""); code != 404 || a.Status != provider.StatusBadRequest {
		t.Fatalf("unknown op = %d %+v", code, a)
	}

	_, env = c.do(http.MethodGet, "/wps/v2/wallets/balance", nil, false)
	if b := value[walletBalance](t, env); b.Balance != 375_00 || b.Decimals != 2 || b.Currency != "USD" {
		t.Fatalf("balance %+v", b)
	}
	_, env = c.do(http.MethodGet, "/wps/report/accountGameBetHistory?tz=-420", nil, false)
	h := value[provider.BetHistory](t, env)
	if len(h.Content) != 1 || h.Content[0].RoundID != "R1" || h.Content[0].Stake != 25_00 || h.Content[0].Win != 300_00 || h.Content[0].Status != "settled" || h.Summary.Profit != 275_00 {
		t.Fatalf("bet history %+v", h)
	}
	_, env = c.do(http.MethodGet, "/wps/report/transactionHistory?type=all", nil, false)
	if th := value[wallet.HistoryPage](t, env); th.TotalElements != 3 || th.Content[0].Amount != 300_00 || th.Content[1].Amount != -25_00 {
		t.Fatalf("account record %+v", th)
	}
	_, env = c.do(http.MethodGet, "/wps/report/personalProfit", nil, false)
	if p := value[provider.Profit](t, env); p.Total.Profit != 275_00 || len(p.Days) != 1 || len(p.ByType) != 1 {
		t.Fatalf("profit %+v", p)
	}
	if rec, env := c.do(http.MethodGet, "/wps/report/personalProfit?startDate=2026-01-01&endDate=2026-06-01", nil, false); rec.Code != 400 || env.Code != "request.invalid_parameter" {
		t.Fatalf("a 150-day range = %d %s", rec.Code, env.Code)
	}
	_, env = c.do(http.MethodGet, "/wps/game/recent?page=1&pageSize=12", nil, false)
	if r := value[recentGames](t, env); len(r.List) != 1 || r.List[0].GameCode != game.GameCode {
		t.Fatalf("recent %+v", r)
	}

	// Favourites: add twice (one entry), list, remove by query.
	for range 2 {
		if rec, env := c.do(http.MethodPost, "/wps/game/favorite", favouriteRequest{NodeID: game.NodeID, Vendor: "PG", GameType: game.GameType}, false); rec.Code != 200 {
			t.Fatalf("add favourite = %d %+v", rec.Code, env)
		}
	}
	_, env = c.do(http.MethodGet, "/wps/game/favorite?pageNo=1&pageSize=18", nil, false)
	if f := value[catalog.MemberGames](t, env); f.TotalElements != 1 || f.Content[0].NodeID != game.NodeID || f.PageNum != 1 || f.TotalPages != 1 {
		t.Fatalf("favourites %+v", f)
	}
	if rec, env := c.do(http.MethodPost, "/wps/game/favorite", favouriteRequest{NodeID: "999999999"}, false); rec.Code != 404 || env.Code != "game.not_found" {
		t.Fatalf("unknown favourite = %d %s", rec.Code, env.Code)
	}
	_, env = c.do(http.MethodDelete, "/wps/game/favorite?nodeId="+game.NodeID, nil, false)
	if ids := value[[]string](t, env); len(ids) != 0 {
		t.Fatalf("after removal %v", ids)
	}
}
