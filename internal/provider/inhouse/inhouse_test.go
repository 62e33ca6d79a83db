package inhouse

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"portal/internal/catalog"
	"portal/internal/database"
	"portal/internal/dbtest"
	"portal/internal/identity"
	"portal/internal/merchant"
	"portal/internal/provider"
	"portal/internal/wallet"
)

// env is a seeded database with the real wallet contract under the games.
type env struct {
	t      *testing.T
	db     *database.DB
	ledger *wallet.Service
	cat    *catalog.Service
	ids    *identity.Service
	games  *provider.Service
	svc    *Service
	clock  time.Time
	mu     sync.Mutex
}

func newEnv(t *testing.T, db *database.DB) *env {
	t.Helper()
	ctx := context.Background()
	for _, seed := range []func(context.Context, *database.DB) error{merchant.Seed, catalog.Seed, identity.Seed} {
		if err := seed(ctx, db); err != nil {
			t.Fatal(err)
		}
	}
	mer, err := merchant.NewService(db, merchant.Options{})
	if err != nil {
		t.Fatal(err)
	}
	e := &env{t: t, db: db, ledger: wallet.NewService(db, time.Now), cat: catalog.NewService(db, nil), ids: identity.NewService(db, nil),
		clock: time.Now()}
	e.games = provider.NewService(db, e.ledger, e.ids, e.cat, mer, provider.Options{})
	t.Cleanup(e.games.Close)
	e.svc = NewService(db, e.games, e.cat, mer, Options{Now: e.now})
	return e
}

func (e *env) now() time.Time {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.clock
}

func (e *env) advance(d time.Duration) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.clock = e.clock.Add(d)
}

// player opens a member with funds and launches gameCode for them.
func (e *env) player(name string, funds int64, typ identity.MemberType, vendor, gameCode string) (Player, string) {
	e.t.Helper()
	ctx := context.Background()
	id, err := e.ids.Create(ctx, e.db.Write(), identity.NewMember{MerchantCode: "demo", Username: name, Password: "Secret@123", Type: typ})
	if err != nil {
		e.t.Fatal(err)
	}
	if funds > 0 {
		if _, err := e.ledger.Move(ctx, wallet.Request{Merchant: "demo", Key: "fund-" + name, From: wallet.Side(wallet.KindAdjustment, "test", "USD"),
			To: wallet.Member(id, "USD"), Amount: funds, Kind: "adjust"}); err != nil {
			e.t.Fatal(err)
		}
	}
	m, err := e.ids.Member(ctx, id)
	if err != nil {
		e.t.Fatal(err)
	}
	l, err := e.games.StartGame(ctx, e.cat, provider.LaunchRequest{Merchant: "demo", Member: m, Vendor: vendor, GameCode: gameCode, Language: "EN"})
	if err != nil {
		e.t.Fatal(err)
	}
	u, err := url.Parse(l.URL)
	if err != nil {
		e.t.Fatal(err)
	}
	token := u.Query().Get("token")
	if vendor != provider.InhouseVendor {
		return Player{}, token // another vendor's session: not ours to play
	}
	p, err := e.svc.Player(ctx, "demo", token, gameCode)
	if err != nil {
		e.t.Fatal(err)
	}
	return p, token
}

func (e *env) balance(id int64) int64 {
	e.t.Helper()
	b, err := e.ledger.Balance(context.Background(), "demo", wallet.Member(id, "USD"))
	if err != nil {
		e.t.Fatal(err)
	}
	return b
}

func (e *env) verifyLedger() {
	e.t.Helper()
	v, err := e.ledger.Verify(context.Background())
	if err != nil || len(v) != 0 {
		e.t.Fatalf("ledger verify: %v %+v", err, v)
	}
}

func (e *env) count(query string, args ...any) int {
	e.t.Helper()
	var n int
	if err := e.db.Read().QueryRowContext(context.Background(), query, args...).Scan(&n); err != nil {
		e.t.Fatal(err)
	}
	return n
}

func TestPlayMovesMoneyAndVerifies(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		ctx := context.Background()
		for _, tc := range []struct {
			game string
			bet  Bet
		}{
			{Slot, Bet{Stake: 100}},
			{Dice, Bet{Stake: 250, Target: 5000, Over: true}},
			{Crash, Bet{Stake: 300, CashOut: 150}},
		} {
			p, token := e.player("pl"+tc.game[4:], 100_00, identity.TypeMember, provider.InhouseVendor, tc.game)
			id := p.Session.MemberID
			before := e.balance(id)
			var played []Round
			for i := range 3 {
				b := tc.bet
				b.Game = tc.game
				r, err := e.svc.Play(ctx, PlayRequest{Player: p, Token: token, RequestID: fmt.Sprintf("req-%d", i), Bet: b})
				if err != nil {
					t.Fatalf("%s play %d: %v", tc.game, i, err)
				}
				if r.Nonce != int64(i) {
					t.Errorf("%s round %d has nonce %d", tc.game, i, r.Nonce)
				}
				before += r.Win - r.Stake
				if r.Balance != before || e.balance(id) != before {
					t.Fatalf("%s balance %d (answered %d), want %d", tc.game, e.balance(id), r.Balance, before)
				}
				played = append(played, r)
			}
			// Before the change the list hides the server seed; after it,
			// every round redoes exactly from the revealed seed.
			page, err := e.svc.Rounds(ctx, id, tc.game, 1, 20)
			if err != nil || len(page.Content) != 3 || page.Content[0].ServerSeed != "" {
				t.Fatalf("rounds before reveal: %+v %v", page, err)
			}
			seeds, err := e.svc.ChangeSeeds(ctx, id, "my own seed")
			if err != nil || seeds.Previous == nil || seeds.Current.ClientSeed != "my own seed" || seeds.Current.Nonce != 0 {
				t.Fatalf("change seeds: %+v %v", seeds, err)
			}
			page, err = e.svc.Rounds(ctx, id, tc.game, 1, 20)
			if err != nil {
				t.Fatal(err)
			}
			for i, v := range page.Content {
				r := played[len(played)-1-i]
				if v.RoundID != r.RoundID || v.ServerSeed != seeds.Previous.ServerSeed || v.Status != statusSettled {
					t.Fatalf("listed %+v for played %+v", v, r)
				}
				got, err := Verify(VerifyRequest{Game: v.Game, ServerSeed: v.ServerSeed, ClientSeed: v.ClientSeed, Nonce: v.Nonce,
					Stake: v.Stake, Target: v.Params.Target, Over: v.Params.Over, CashOut: v.Params.CashOut})
				if err != nil || got.Win != r.Win || got.ServerSeedHash != r.ServerSeedHash || fmt.Sprint(got.Result) != fmt.Sprint(r.Result) {
					t.Fatalf("verify %s: %+v %v, played %+v", v.RoundID, got, err, r)
				}
			}
		}
		if n := e.count(`SELECT COUNT(*) FROM game_rounds WHERE vendor_code = 'PGE'`); n != 9 {
			t.Errorf("betting record has %d PGE rounds, want 9", n)
		}
		e.verifyLedger()
	})
}

func TestRetriedRequestPlaysOnce(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		ctx := context.Background()
		p, token := e.player("retry", 50_00, identity.TypeMember, provider.InhouseVendor, Dice)
		bet := Bet{Game: Dice, Stake: 100, Target: 4000}
		first, err := e.svc.Play(ctx, PlayRequest{Player: p, Token: token, RequestID: "same", Bet: bet})
		if err != nil {
			t.Fatal(err)
		}
		for range 3 {
			again, err := e.svc.Play(ctx, PlayRequest{Player: p, Token: token, RequestID: "same", Bet: bet})
			if err != nil || fmt.Sprint(again) != fmt.Sprint(first) {
				t.Fatalf("replay %+v %v, first %+v", again, err, first)
			}
		}
		if got, want := e.balance(p.Session.MemberID), 50_00-first.Stake+first.Win; got != want {
			t.Fatalf("balance %d, want %d", got, want)
		}
		other := bet
		other.Stake = 200
		if _, err := e.svc.Play(ctx, PlayRequest{Player: p, Token: token, RequestID: "same", Bet: other}); !errors.Is(err, ErrRequestReused) {
			t.Fatalf("same request id, other stake: %v", err)
		}
		if n := e.count(`SELECT COUNT(*) FROM inhouse_rounds`); n != 1 {
			t.Fatalf("%d rounds, want 1", n)
		}
	})
}

func TestRefusedBetsChangeNothing(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		ctx := context.Background()
		p, token := e.player("poor", 50, identity.TypeMember, provider.InhouseVendor, Slot)
		id := p.Session.MemberID
		cases := []struct {
			name string
			bet  Bet
			req  string
			want error
		}{
			{"below the minimum", Bet{Game: Slot, Stake: 0}, "a", ErrBet},
			{"not a whole unit per line", Bet{Game: Slot, Stake: 30}, "b", ErrBet},
			{"above the maximum", Bet{Game: Slot, Stake: 500_00 + 20}, "c", ErrBet},
			{"dice target too high", Bet{Game: Dice, Stake: 100, Target: 9900}, "d", ErrBet},
			{"crash cash-out too low", Bet{Game: Crash, Stake: 100, CashOut: 100}, "e", ErrBet},
			{"unknown game", Bet{Game: "PG_X", Stake: 100}, "f", ErrBet},
			{"bad request id", Bet{Game: Slot, Stake: 20}, "has space", ErrBet},
			{"empty request id", Bet{Game: Slot, Stake: 20}, "", ErrBet},
			{"more than the balance", Bet{Game: Slot, Stake: 100}, "g", ErrInsufficientFunds},
		}
		for _, tc := range cases {
			if _, err := e.svc.Play(ctx, PlayRequest{Player: p, Token: token, RequestID: tc.req, Bet: tc.bet}); !errors.Is(err, tc.want) {
				t.Errorf("%s: %v, want %v", tc.name, err, tc.want)
			}
		}
		if e.balance(id) != 50 {
			t.Fatalf("balance %d after refusals", e.balance(id))
		}
		page, err := e.svc.Rounds(ctx, id, "", 1, 20)
		if err != nil || len(page.Content) != 0 {
			t.Fatalf("refused rounds listed: %+v %v", page, err)
		}
		// A refused stake is answered the same when retried.
		if _, err := e.svc.Play(ctx, PlayRequest{Player: p, Token: token, RequestID: "g", Bet: Bet{Game: Slot, Stake: 100}}); !errors.Is(err, ErrInsufficientFunds) {
			t.Fatalf("retried refusal: %v", err)
		}
		// Another vendor's token, another merchant, another game: no session.
		_, pgToken := e.player("other", 0, identity.TypeMember, "PG", "")
		for _, c := range []struct{ merchant, token, game string }{{"demo", pgToken, Slot}, {"lucky", token, Slot}, {"demo", token, Dice}, {"demo", "nope", Slot}} {
			if _, err := e.svc.Player(ctx, c.merchant, c.token, c.game); !errors.Is(err, ErrSession) {
				t.Errorf("player %v: %v", c, err)
			}
		}
		e.verifyLedger()
	})
}

func TestConcurrentPlaysNeverOverdraw(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		ctx := context.Background()
		// Crash at 10000x almost always loses: 30 stakes of 1.00 against 10.00.
		p, token := e.player("rush", 10_00, identity.TypeMember, provider.InhouseVendor, Crash)
		var wg sync.WaitGroup
		var mu sync.Mutex
		var net int64
		accepted, refused := 0, 0
		for i := range 30 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				r, err := e.svc.Play(ctx, PlayRequest{Player: p, Token: token, RequestID: fmt.Sprint("c", i), Bet: Bet{Game: Crash, Stake: 100, CashOut: 1_000_000}})
				mu.Lock()
				defer mu.Unlock()
				switch {
				case err == nil:
					accepted++
					net += r.Win - r.Stake
				case errors.Is(err, ErrInsufficientFunds):
					refused++
				default:
					t.Errorf("play: %v", err)
				}
			}()
		}
		wg.Wait()
		if got := e.balance(p.Session.MemberID); got != 10_00+net || got < 0 {
			t.Fatalf("balance %d, want %d (%d accepted, %d refused)", got, 10_00+net, accepted, refused)
		}
		if accepted < 10 || accepted+refused != 30 {
			t.Fatalf("%d accepted, %d refused", accepted, refused)
		}
		// Only stakes the wallet took drew an outcome: nonces 0 to
		// accepted-1, each once; refused rounds drew none.
		if n := e.count(`SELECT COUNT(DISTINCT nonce) FROM inhouse_rounds WHERE nonce < $1`, accepted); n != accepted {
			t.Fatalf("%d distinct nonces below %d for %d accepted rounds", n, accepted, accepted)
		}
		if n := e.count(`SELECT COUNT(*) FROM inhouse_rounds WHERE nonce IS NOT NULL AND status <> 'settled'`); n != 0 {
			t.Fatalf("%d drawn rounds not settled", n)
		}
		e.verifyLedger()
	})
}

func TestPendingRoundsAreFinished(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		ctx := context.Background()
		p, token := e.player("crashy", 20_00, identity.TypeMember, provider.InhouseVendor, Dice)
		id := p.Session.MemberID
		bet := Bet{Game: Dice, Stake: 500, Target: 9800} // under 98.00: almost surely a win
		stake := func(r roundRow) {
			t.Helper()
			roundID, betID, _ := r.ids()
			if ans := e.games.Apply(ctx, provider.InhouseVendor, provider.OpBet, provider.Callback{Token: token, Player: fmt.Sprint(id),
				Currency: "USD", GameCode: Dice, RoundID: roundID, TransactionID: betID, Amount: 500}); ans.Status != provider.StatusOK {
				t.Fatalf("bet %s: %+v", roundID, ans)
			}
		}
		// Round A: the process died after recording it, before the bet.
		a, err := e.svc.record(ctx, p, "A", bet)
		if err != nil {
			t.Fatal(err)
		}
		// Round B: it died after the bet, before the draw.
		b, err := e.svc.record(ctx, p, "B", bet)
		if err != nil {
			t.Fatal(err)
		}
		stake(b)
		// Round C: it died after the bet and the draw, before the win.
		c, err := e.svc.record(ctx, p, "C", bet)
		if err != nil {
			t.Fatal(err)
		}
		stake(c)
		if c, err = e.svc.draw(ctx, c); err != nil || !c.drawn {
			t.Fatalf("draw C: %+v %v", c, err)
		}
		if a.drawn || b.drawn {
			t.Fatal("a round was drawn before its stake was held")
		}
		// Too young: left alone, a request may still be working on them.
		if n, err := e.svc.SettlePending(ctx); err != nil || n != 0 {
			t.Fatalf("young rounds settled: %d %v", n, err)
		}
		e.advance(3 * time.Minute)
		if n, err := e.svc.SettlePending(ctx); err != nil || n != 3 {
			t.Fatalf("settled %d: %v", n, err)
		}
		b, _, _ = e.svc.roundByRequest(ctx, id, "B")
		if !b.drawn || b.status != statusSettled {
			t.Fatalf("B after the sweep: %+v", b)
		}
		want := 20_00 - 500 + mustVerify(t, b).Win - 500 + mustVerify(t, c).Win
		if got := e.balance(id); got != want {
			t.Fatalf("balance %d, want %d (A void, B drawn and paid, C paid its fixed win)", got, want)
		}
		// A's bet, arriving late, is refused; its retry says void.
		roundA, betA, _ := a.ids()
		if ans := e.games.Apply(ctx, provider.InhouseVendor, provider.OpBet, provider.Callback{Token: token, Player: fmt.Sprint(id),
			Currency: "USD", GameCode: Dice, RoundID: roundA, TransactionID: betA, Amount: 500}); ans.Status != provider.StatusDuplicate {
			t.Fatalf("late bet A: %+v", ans)
		}
		if _, err := e.svc.Play(ctx, PlayRequest{Player: p, Token: token, RequestID: "A", Bet: bet}); !errors.Is(err, ErrRoundVoid) {
			t.Fatalf("retry of A: %v", err)
		}
		for _, req := range []string{"B", "C"} {
			r, err := e.svc.Play(ctx, PlayRequest{Player: p, Token: token, RequestID: req, Bet: bet})
			if err != nil || r.Balance > want {
				t.Fatalf("retry of %s: %+v %v", req, r, err)
			}
		}
		if got := e.balance(id); got != want {
			t.Fatalf("balance %d after retries, want %d", got, want)
		}
		if n, err := e.svc.SettlePending(ctx); err != nil || n != 0 {
			t.Fatalf("second sweep: %d %v", n, err)
		}
		e.verifyLedger()
	})
}

// TestClientWalkingAwayChangesNothing: a request whose client has gone
// (its context cancelled before the server starts) is still played to the
// end, win or lose; the round is never left for the sweeper to void.
func TestClientWalkingAwayChangesNothing(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		p, token := e.player("walker", 100_00, identity.TypeMember, provider.InhouseVendor, Crash)
		gone, cancel := context.WithCancel(context.Background())
		cancel()
		net := int64(0)
		for i := range 20 {
			r, err := e.svc.Play(gone, PlayRequest{Player: p, Token: token, RequestID: fmt.Sprint("w", i), Bet: Bet{Game: Crash, Stake: 100, CashOut: 300}})
			if err != nil {
				t.Fatalf("play %d with the client gone: %v", i, err)
			}
			net += r.Win - r.Stake
		}
		if n := e.count(`SELECT COUNT(*) FROM inhouse_rounds WHERE status = 'settled' AND nonce IS NOT NULL`); n != 20 {
			t.Fatalf("%d of 20 rounds settled", n)
		}
		if got := e.balance(p.Session.MemberID); got != 100_00+net {
			t.Fatalf("balance %d, want %d", got, 100_00+net)
		}
		e.verifyLedger()
	})
}

// stallingWallet passes everything to the real wallet but answers ERROR to
// wins while stall is set, as a wallet that cannot commit would.
type stallingWallet struct {
	Wallet
	stall atomic.Bool
}

func (w *stallingWallet) Apply(ctx context.Context, vendor, op string, cb provider.Callback) provider.Answer {
	if op == provider.OpWin && w.stall.Load() {
		return provider.Answer{Status: provider.StatusError}
	}
	return w.Wallet.Apply(ctx, vendor, op, cb)
}

// TestSeedStaysSecretWhileAWinIsUnpaid: a seed change pays the rounds drawn
// on the old pair before revealing it; when a win cannot be paid, the old
// server seed stays secret (in the seeds, the round list and the round)
// until the sweeper has paid it.
func TestSeedStaysSecretWhileAWinIsUnpaid(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		ctx := context.Background()
		stalling := &stallingWallet{Wallet: e.games}
		e.svc.wallet = stalling
		p, token := e.player("stalled", 50_00, identity.TypeMember, provider.InhouseVendor, Dice)
		id := p.Session.MemberID
		bet := Bet{Game: Dice, Stake: 100, Target: 5000, Over: true}
		if _, err := e.svc.Play(ctx, PlayRequest{Player: p, Token: token, RequestID: "paid", Bet: bet}); err != nil {
			t.Fatal(err)
		}
		stalling.stall.Store(true)
		if _, err := e.svc.Play(ctx, PlayRequest{Player: p, Token: token, RequestID: "stuck", Bet: bet}); !errors.Is(err, ErrRetry) {
			t.Fatalf("play with wins stalled: %v", err)
		}
		stuck, _, _ := e.svc.roundByRequest(ctx, id, "stuck")
		if !stuck.drawn || stuck.status != statusPending {
			t.Fatalf("stuck round: %+v", stuck)
		}
		secret := func(when string) {
			t.Helper()
			seeds, err := e.svc.Seeds(ctx, id)
			if err != nil || (seeds.Previous != nil && seeds.Previous.ServerSeedHash == stuck.hash) {
				t.Fatalf("%s: the stuck round's seed was revealed: %+v %v", when, seeds, err)
			}
			page, err := e.svc.Rounds(ctx, id, "", 1, 20)
			if err != nil {
				t.Fatal(err)
			}
			for _, v := range page.Content {
				if v.ServerSeed != "" {
					t.Fatalf("%s: round %s shows its server seed", when, v.RoundID)
				}
			}
			if v, err := e.svc.Round(ctx, id, "IH-"+fmt.Sprint(stuck.id)); err != nil || v.ServerSeed != "" {
				t.Fatalf("%s: the round shows %+v %v", when, v, err)
			}
		}
		if _, err := e.svc.ChangeSeeds(ctx, id, ""); !errors.Is(err, ErrRetry) {
			t.Fatalf("seed change with a win unpaid: %v", err)
		}
		secret("after the change")
		// A second change while it is still unpaid reveals nothing either.
		// A second change while it is still unpaid reveals the pair that
		// drew nothing, never the stuck round's.
		if _, err := e.svc.ChangeSeeds(ctx, id, ""); !errors.Is(err, ErrRetry) {
			t.Fatalf("second seed change: %v", err)
		}
		secret("after a second change")
		stalling.stall.Store(false)
		e.advance(3 * time.Minute)
		if _, err := e.svc.SettlePending(ctx); err != nil {
			t.Fatal(err)
		}
		if n := e.count(`SELECT COUNT(*) FROM inhouse_seeds WHERE member_id = $1 AND server_seed_hash = $2 AND revealed_at > 0`, id, stuck.hash); n != 1 {
			t.Fatal("the stuck round's seed is not revealed after the sweep paid it")
		}
		stuck, _, _ = e.svc.roundByRequest(ctx, id, "stuck")
		if stuck.status != statusSettled || stuck.win != mustVerify(t, stuck).Win {
			t.Fatalf("stuck round after the sweep: %+v", stuck)
		}
		e.verifyLedger()
	})
}

func mustVerify(t *testing.T, r roundRow) Verification {
	t.Helper()
	b, err := r.bet()
	if err != nil {
		t.Fatal(err)
	}
	v, err := Verify(VerifyRequest{Game: r.game, ServerSeed: r.serverSeed, ClientSeed: r.clientSeed, Nonce: r.nonce, Stake: r.stake,
		Target: b.Target, Over: b.Over, CashOut: b.CashOut})
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestTrialPlaysWithPlayMoney(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		ctx := context.Background()
		p, token := e.player("trial", 0, identity.TypeTrial, provider.InhouseVendor, Slot)
		if err := e.games.GrantPlayMoney(ctx, "demo", p.Session.MemberID); err != nil {
			t.Fatal(err)
		}
		r, err := e.svc.Play(ctx, PlayRequest{Player: p, Token: token, RequestID: "t1", Bet: Bet{Game: Slot, Stake: 200}})
		if err != nil || p.Session.Mode != provider.ModeTrial {
			t.Fatalf("trial play: %+v %v (mode %s)", r, err, p.Session.Mode)
		}
		if n := e.count(`SELECT COUNT(*) FROM wallet_accounts WHERE kind = 'vendor' AND balance <> 0`); n != 0 {
			t.Fatalf("play money reached %d real vendor accounts", n)
		}
		e.verifyLedger()
	})
}

func TestDemoRevealsItsSeed(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		ctx := context.Background()
		r, err := e.svc.PlayDemo(ctx, DemoRequest{Merchant: "demo", Decimals: 2, Bet: Bet{Game: Dice, Stake: 100, Target: 5000, Over: true}})
		if err != nil || r.ServerSeed == "" {
			t.Fatalf("demo: %+v %v", r, err)
		}
		v, err := Verify(VerifyRequest{Game: Dice, ServerSeed: r.ServerSeed, ClientSeed: r.ClientSeed, Stake: 100, Target: 5000, Over: true})
		if err != nil || v.ServerSeedHash != r.ServerSeedHash || fmt.Sprint(v.Result) != fmt.Sprint(r.Result) {
			t.Fatalf("verify demo: %+v %v", v, err)
		}
		if n := e.count(`SELECT COUNT(*) FROM inhouse_rounds`); n != 0 {
			t.Fatalf("a demo stored %d rounds", n)
		}
	})
}

// A game that offers no demo (supportPlay 1) refuses a visitor both its
// opening view and a round, so the page says so before the first press.
func TestDemoOnlyWhereOffered(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		ctx := context.Background()
		view := DemoView{Merchant: "demo", Game: Crash, Currency: "USD", Symbol: "$", Decimals: 2}
		if v, err := e.svc.DemoSession(ctx, view); err != nil || v.Mode != provider.ModeDemo || v.Limits.MinStake == 0 {
			t.Fatalf("demo view of a game offering one: %+v %v", v, err)
		}
		if _, err := db.Write().ExecContext(ctx, `UPDATE games SET support_play = 1 WHERE game_code = $1`, Crash); err != nil {
			t.Fatal(err)
		}
		e.cat.Invalidate()
		tests := []struct {
			name string
			call func() error
			want error
		}{
			{"view", func() error { _, err := e.svc.DemoSession(ctx, view); return err }, ErrDemoUnavailable},
			{"round", func() error {
				_, err := e.svc.PlayDemo(ctx, DemoRequest{Merchant: "demo", Decimals: 2, Bet: Bet{Game: Crash, Stake: 100, CashOut: 200}})
				return err
			}, ErrDemoUnavailable},
			{"unknown game", func() error {
				_, err := e.svc.DemoSession(ctx, DemoView{Merchant: "demo", Game: "PGE_NOPE", Currency: "USD", Decimals: 2})
				return err
			}, ErrBet},
		}
		for _, tt := range tests {
			if err := tt.call(); !errors.Is(err, tt.want) {
				t.Errorf("%s: err = %v, want %v", tt.name, err, tt.want)
			}
		}
	})
}
