package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sync"
	"testing"
	"time"

	"portal/internal/database"
	"portal/internal/dbtest"
	"portal/internal/provider"
	"portal/internal/provider/inhouse"
	"portal/internal/wallet"
)

// testClock is a clock a test moves by hand.
type testClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *testClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *testClock) Advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.now = c.now.Add(d)
}

// TestAbortingClientsCannotChooseTheirRounds plays the attack of issue 12
// over a real TCP server: hundreds of in-house crash rounds at high
// cash-outs from clients that drop the connection at random moments (right
// after sending, a little later, or not at all), then a seed change, a
// look at the round list for outcomes it could compute, a retry of every
// request, and the sweeper. Whatever the clients did, every round that drew
// an outcome is paid at that outcome, the outcomes used are each seed's
// nonces from 0 without a gap, and the member's balance is exactly the sum
// of those outcomes: the player chose nothing.
func TestAbortingClientsCannotChooseTheirRounds(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		clock := &testClock{now: time.Now()}
		s := newSeededServer(t, db, inhouse.Options{Now: clock.Now})
		ctx := context.Background()
		c, me := fundedPlayer(t, s, 1_000_00)
		start, err := s.Wallet.Balance(ctx, "demo", wallet.Member(me.ID, "USD"))
		if err != nil {
			t.Fatal(err)
		}
		_, env := c.do(http.MethodPost, "/wps/game/launchGame", map[string]string{"vassalage": "PGE", "gameCode": "PGE_CRASH"}, false)
		u, err := url.Parse(value[provider.Launch](t, env).URL)
		if err != nil {
			t.Fatal(err)
		}
		token := u.Query().Get("token")
		srv := httptest.NewServer(s)
		t.Cleanup(srv.Close)

		const rounds = 240
		cashOuts := []int64{200, 500, 1_000, 5_000, 20_000} // 2x to 200x
		body := func(i int) []byte {
			raw, _ := json.Marshal(map[string]any{"game": inhouse.Crash, "stake": 100, "cashOut": cashOuts[i%len(cashOuts)], "requestId": fmt.Sprint("atk-", i)})
			return raw
		}
		post := func(ctx context.Context, path string, payload []byte) (int, envelope) {
			req, err := http.NewRequestWithContext(ctx, http.MethodPost, srv.URL+path, bytes.NewReader(payload))
			if err != nil {
				t.Fatal(err)
			}
			req.Header.Set("Merchant", "demo")
			req.Header.Set(gameTokenHeader, token)
			req.Header.Set("Content-Type", "application/json")
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				return 0, envelope{}
			}
			defer res.Body.Close()
			var e envelope
			_ = json.NewDecoder(res.Body).Decode(&e)
			return res.StatusCode, e
		}
		// dropAfter writes the request on a raw connection and hangs up
		// after wait, before or while the server answers.
		dropAfter := func(payload []byte, wait time.Duration) {
			conn, err := net.Dial("tcp", srv.Listener.Addr().String())
			if err != nil {
				t.Error(err)
				return
			}
			fmt.Fprintf(conn, "POST /inhouse/play HTTP/1.1\r\nHost: portal\r\nMerchant: demo\r\n%s: %s\r\nContent-Type: application/json\r\nContent-Length: %d\r\n\r\n%s",
				gameTokenHeader, token, len(payload), payload)
			time.Sleep(wait)
			conn.Close()
		}

		rng := rand.New(rand.NewPCG(7, 11))
		var wg sync.WaitGroup
		jobs := make(chan int)
		for range 6 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for i := range jobs {
					switch i % 4 {
					case 0:
						post(ctx, "/inhouse/play", body(i))
					case 1:
						dropAfter(body(i), 0)
					case 2:
						dropAfter(body(i), time.Duration(i%7)*300*time.Microsecond)
					default:
						cctx, cancel := context.WithTimeout(ctx, time.Duration(i%5)*500*time.Microsecond)
						post(cctx, "/inhouse/play", body(i))
						cancel()
					}
				}
			}()
		}
		for _, i := range rng.Perm(rounds) {
			jobs <- i
		}
		close(jobs)
		wg.Wait()

		// The attacker changes seeds and reads the round list: no round it
		// shows with a revealed server seed may still be unsettled.
		seedChange := func() {
			t.Helper()
			for range 50 {
				code, e := post(ctx, "/inhouse/seed", []byte(`{}`))
				if code == 200 {
					return
				}
				if e.Code != "inhouse.retry" {
					t.Fatalf("seed change = %d %s", code, e.Code)
				}
				time.Sleep(20 * time.Millisecond)
			}
			t.Fatal("seed change kept answering retry")
		}
		seedChange()
		g := newClient(t, s, "demo")
		g.gameToken = token
		for page := 1; ; page++ {
			_, env := g.do(http.MethodGet, fmt.Sprintf("/inhouse/rounds?pageNum=%d&pageSize=100", page), nil, false)
			list := value[inhouse.RoundPage](t, env)
			for _, v := range list.Content {
				if v.ServerSeed != "" && v.Status != "settled" {
					t.Fatalf("round %s is %s with its server seed revealed: its outcome can be chosen", v.RoundID, v.Status)
				}
			}
			if page >= list.TotalPages {
				break
			}
		}
		// Retry every request, as an attacker would retry the winners.
		for i := range rounds {
			code, e := post(ctx, "/inhouse/play", body(i))
			if code != 200 && e.Code != "inhouse.round_void" {
				t.Fatalf("retry %d = %d %s", i, code, e.Code)
			}
		}
		// The sweeper finishes whatever is left; then a last change reveals
		// the seed of the rounds played by the retries.
		clock.Advance(5 * time.Minute)
		deadline := time.Now().Add(30 * time.Second)
		for {
			if _, err := s.Inhouse.SettlePending(ctx); err != nil {
				t.Fatal(err)
			}
			if count(t, db, `SELECT COUNT(*) FROM inhouse_rounds WHERE status = 'pending'`) == 0 {
				break
			}
			if time.Now().After(deadline) {
				t.Fatal("rounds still pending after the sweeper")
			}
			time.Sleep(50 * time.Millisecond)
		}
		seedChange()

		if n := count(t, db, `SELECT COUNT(*) FROM inhouse_rounds WHERE member_id = $1`, me.ID); n != rounds {
			t.Fatalf("%d rounds for %d requests", n, rounds)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM inhouse_rounds WHERE nonce IS NOT NULL AND status <> 'settled'`); n != 0 {
			t.Fatalf("%d rounds drew an outcome and were not paid at it", n)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM inhouse_rounds WHERE status NOT IN ('settled', 'void')`); n != 0 {
			t.Fatalf("%d rounds neither settled nor void", n)
		}
		// Each seed's outcomes are its nonces 0..n-1, each used once.
		if n := count(t, db, `SELECT COUNT(*) FROM inhouse_seeds s WHERE s.member_id = $1 AND s.next_nonce <>
			(SELECT COUNT(DISTINCT r.nonce) FROM inhouse_rounds r WHERE r.seed_id = s.id AND r.nonce < s.next_nonce)`, me.ID); n != 0 {
			t.Fatalf("%d seeds with a nonce drawn and not counted", n)
		}
		// Every paid round redoes from its revealed seed, and the balance is
		// exactly the sum of the outcomes.
		rows, err := db.Read().QueryContext(ctx, `SELECT r.stake, r.win, r.params, r.nonce, s.server_seed, s.client_seed, s.revealed_at
			FROM inhouse_rounds r JOIN inhouse_seeds s ON s.id = r.seed_id WHERE r.member_id = $1`, me.ID)
		if err != nil {
			t.Fatal(err)
		}
		var staked, won int64
		settled := 0
		for rows.Next() {
			var stake, win, nonce, revealedAt int64
			var params, server, client string
			if err := rows.Scan(&stake, &win, &params, &nonce, &server, &client, &revealedAt); err != nil {
				t.Fatal(err)
			}
			var b inhouse.Bet
			if err := json.Unmarshal([]byte(params), &b); err != nil {
				t.Fatal(err)
			}
			v, err := inhouse.Verify(inhouse.VerifyRequest{Game: inhouse.Crash, ServerSeed: server, ClientSeed: client, Nonce: nonce, Stake: stake, CashOut: b.CashOut})
			if err != nil || v.Win != win || revealedAt == 0 {
				t.Fatalf("round at nonce %d paid %d, its seed gives %d (%v, revealed %d)", nonce, win, v.Win, err, revealedAt)
			}
			staked += stake
			won += win
			settled++
		}
		rows.Close()
		end, err := s.Wallet.Balance(ctx, "demo", wallet.Member(me.ID, "USD"))
		if err != nil {
			t.Fatal(err)
		}
		if end != start-staked+won {
			t.Fatalf("balance %d, want %d: %d started rounds drew outcomes staking %d and winning %d", end, start-staked+won, settled, staked, won)
		}
		t.Logf("%d requests, %d rounds drew an outcome and were paid it: staked %d, won %d (published RTP 99%% gives %.0f)",
			rounds, settled, staked, won, float64(staked)*0.99)
		if v, err := s.Wallet.Verify(ctx); err != nil || len(v) != 0 {
			t.Fatalf("ledger verify: %v %+v", err, v)
		}
	})
}

func count(t *testing.T, db *database.DB, query string, args ...any) int {
	t.Helper()
	var n int
	if err := db.Read().QueryRowContext(context.Background(), query, args...).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}
