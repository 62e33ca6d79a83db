package report_test

import (
	"context"
	"fmt"
	"net/url"
	"strconv"
	"sync"
	"testing"
	"time"

	"portal/internal/catalog"
	"portal/internal/database"
	"portal/internal/identity"
	"portal/internal/merchant"
	"portal/internal/provider"
	"portal/internal/provider/inhouse"
	"portal/internal/report"
	"portal/internal/wallet"
)

// casino is a seeded database with the real wallet contract, the in-house
// games and the figures over it, all on one test clock.
type casino struct {
	t      *testing.T
	db     *database.DB
	ledger *wallet.Service
	ids    *identity.Service
	cat    *catalog.Service
	mer    *merchant.Service
	games  *provider.Service
	own    *inhouse.Service
	rep    *report.Service
	mu     sync.Mutex
	clock  time.Time
	n      int
}

// start is 23:30 on 2026-11-20 in the reporting zone (+07:00).
var start = time.Date(2026, 11, 20, 16, 30, 0, 0, time.UTC)

func newCasino(t *testing.T, db *database.DB) *casino {
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
	c := &casino{t: t, db: db, cat: catalog.NewService(db, nil), mer: mer, clock: start}
	c.ledger, c.ids = wallet.NewService(db, c.now), identity.NewService(db, c.now)
	c.games = provider.NewService(db, c.ledger, c.ids, c.cat, mer, provider.Options{Now: c.now})
	t.Cleanup(c.games.Close)
	c.own = inhouse.NewService(db, c.games, c.cat, mer, inhouse.Options{Now: c.now})
	c.rep = report.NewService(db, c.now)
	return c
}

func (c *casino) now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.clock
}

func (c *casino) advance(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.clock = c.clock.Add(d)
}

// gambler is a member with a game session at one vendor.
type gambler struct {
	c        *casino
	id       int64
	merchant string
	currency string
	vendor   string
	game     string
	token    string
}

// gambler opens a funded member of merchantCode with a session at vendor.
func (c *casino) gambler(merchantCode, name string, typ identity.MemberType, vendor, game string) *gambler {
	c.t.Helper()
	ctx := context.Background()
	m, err := c.mer.Lookup(ctx, merchantCode)
	if err != nil {
		c.t.Fatal(err)
	}
	id, err := c.ids.Open(ctx, identity.NewMember{MerchantCode: merchantCode, Username: name, Password: "Secret@123", Type: typ})
	if err != nil {
		c.t.Fatal(err)
	}
	side := wallet.Side(wallet.KindAdjustment, "test", m.Currency)
	if typ.IsTrial() {
		side = wallet.Side(wallet.KindPlay, "trial", m.Currency)
	}
	if _, err := c.ledger.Move(ctx, wallet.Request{Merchant: merchantCode, Key: "fund-" + name, From: side, To: wallet.Member(id, m.Currency),
		Amount: 1_000_000, Kind: "adjust"}); err != nil {
		c.t.Fatal(err)
	}
	member, err := c.ids.Member(ctx, id)
	if err != nil {
		c.t.Fatal(err)
	}
	if game == "" {
		page, err := c.cat.List(ctx, merchantCode, catalog.ListQuery{Vendor: vendor, Page: 1, Size: 1})
		if err != nil || len(page.Games) == 0 {
			c.t.Fatalf("no %s game at %s: %v", vendor, merchantCode, err)
		}
		game = page.Games[0].GameCode
	}
	l, err := c.games.StartGame(ctx, c.cat, provider.LaunchRequest{Merchant: merchantCode, Member: member, Vendor: vendor, GameCode: game, Language: "EN"})
	if err != nil {
		c.t.Fatal(err)
	}
	u, err := url.Parse(l.URL)
	if err != nil {
		c.t.Fatal(err)
	}
	return &gambler{c: c, id: id, merchant: merchantCode, currency: m.Currency, vendor: vendor, game: game, token: u.Query().Get("token")}
}

func (g *gambler) apply(op string, cb provider.Callback) {
	g.c.t.Helper()
	cb.Player, cb.Currency = strconv.FormatInt(g.id, 10), g.currency
	if a := g.c.games.Apply(context.Background(), g.vendor, op, cb); a.Status != provider.StatusOK {
		g.c.t.Fatalf("%s %s: %s %s", op, cb.TransactionID, a.Status, a.Message)
	}
}

// bet stakes amount on a new round and answers the round's id.
func (g *gambler) bet(amount int64) string {
	g.c.n++
	round := fmt.Sprintf("R%d-%d", g.id, g.c.n)
	g.apply(provider.OpBet, provider.Callback{Token: g.token, GameCode: g.game, RoundID: round, TransactionID: round + "-b", Amount: amount})
	return round
}

// win pays (or, 0, closes) the round.
func (g *gambler) win(round string, amount int64) {
	g.apply(provider.OpWin, provider.Callback{GameCode: g.game, RoundID: round, TransactionID: round + "-w", ReferenceTransactionID: round + "-b",
		Amount: amount, RoundClosed: true})
}

// rollback refunds the round's bet; again, it refunds nothing more.
func (g *gambler) rollback(round, id string) {
	g.apply(provider.OpRollback, provider.Callback{GameCode: g.game, RoundID: round, TransactionID: round + "-" + id, ReferenceTransactionID: round + "-b"})
}

// dice plays one in-house dice round (the gambler's session must be the
// in-house vendor's).
func (g *gambler) dice(stake int64) {
	g.c.t.Helper()
	ctx := context.Background()
	p, err := g.c.own.Player(ctx, g.merchant, g.token, inhouse.Dice)
	if err != nil {
		g.c.t.Fatal(err)
	}
	g.c.n++
	if _, err := g.c.own.Play(ctx, inhouse.PlayRequest{Player: p, Token: g.token, RequestID: fmt.Sprintf("dice-%d", g.c.n),
		Bet: inhouse.Bet{Game: inhouse.Dice, Stake: stake, Target: 5000, Over: true}}); err != nil {
		g.c.t.Fatal(err)
	}
}

// playMix plays every kind of movement on two merchants over two local
// days: wins, losses, a free spin, refunds (one a day later than its bet),
// a rollback twice, a rollback of a bet that never came, in-house rounds,
// and trial rounds that must not count. It leaves the clock on the second
// day.
func (c *casino) playMix() {
	c.t.Helper()
	a := c.gambler("demo", "alice01", identity.TypeMember, "PG", "")
	b := c.gambler("demo", "bob01", identity.TypeMember, "JDB", "")
	h := c.gambler("demo", "house01", identity.TypeMember, provider.InhouseVendor, inhouse.Dice)
	trial := c.gambler("demo", "trial01", identity.TypeTrial, "PG", "")
	l := c.gambler("lucky", "lucy01", identity.TypeMember, "PG", "")

	r := a.bet(1000) // won
	a.win(r, 2500)
	r = a.bet(700) // lost
	a.win(r, 0)
	late := b.bet(450) // refunded tomorrow
	r = b.bet(300)
	b.rollback(r, "rb1")
	b.rollback(r, "rb2") // already refunded: nothing moves
	b.rollback("NEVER", "rb")
	h.dice(200)
	tr := trial.bet(999)
	trial.win(tr, 5000)
	lr := l.bet(12345)
	l.win(lr, 10000)

	c.advance(time.Hour) // 00:30 on 2026-11-21 local
	b.rollback(late, "rb")
	r = a.bet(0) // a free spin moves nothing
	a.win(r, 800)
	r = b.bet(5000)
	b.win(r, 1)
	h.dice(150)
	h.dice(175)
	c.gambler("demo", "carol01", identity.TypeMember, "PG", "") // registers, never plays
	lr = l.bet(200)
	l.win(lr, 0)
	tr = trial.bet(10)
	trial.win(tr, 0)
}
