package loyalty_test

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"sync"
	"testing"
	"time"

	"portal/internal/cashier"
	"portal/internal/database"
	"portal/internal/dbtest"
	"portal/internal/identity"
	"portal/internal/loyalty"
	"portal/internal/merchant"
	"portal/internal/report"
	"portal/internal/wallet"
)

type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time  { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) set(t time.Time) { c.mu.Lock(); c.t = t; c.mu.Unlock() }

var zone = time.FixedZone("", int(report.DefaultOffset.Seconds()))

type world struct {
	t      *testing.T
	db     *database.DB
	clk    *clock
	ledger *wallet.Service
	ids    *identity.Service
	svc    *loyalty.Service
	mer    *merchant.Service
	a, b   int64
}

func newWorld(t *testing.T, db *database.DB) *world {
	t.Helper()
	ctx := context.Background()
	if err := merchant.Seed(ctx, db); err != nil {
		t.Fatal(err)
	}
	if err := cashier.Seed(ctx, db); err != nil {
		t.Fatal(err)
	}
	if err := loyalty.Seed(ctx, db); err != nil {
		t.Fatal(err)
	}
	if err := loyalty.Seed(ctx, db); err != nil { // idempotent
		t.Fatal(err)
	}
	mer, err := merchant.NewService(db, merchant.Options{})
	if err != nil {
		t.Fatal(err)
	}
	w := &world{t: t, db: db, mer: mer, clk: &clock{t: time.Date(2026, 11, 10, 10, 0, 0, 0, zone)}}
	w.ledger = wallet.NewService(db, w.clk.now)
	w.ids = identity.NewService(db, nil)
	w.svc = loyalty.NewService(db, w.ledger, mer, loyalty.Options{Now: w.clk.now})
	w.a = w.open("loya01")
	w.b = w.open("loyb01")
	return w
}

func (w *world) open(name string) int64 {
	w.t.Helper()
	id, err := w.ids.Open(context.Background(), identity.NewMember{MerchantCode: "demo", Username: name, Password: "Secret@123", Type: identity.TypeMember})
	if err != nil {
		w.t.Fatal(err)
	}
	return id
}

// givePoints credits points as a promotion would.
func (w *world) givePoints(member, points int64) {
	w.t.Helper()
	_, err := w.ledger.Move(context.Background(), wallet.Request{Merchant: "demo", Key: fmt.Sprintf("test:pts:%d:%d", member, time.Now().UnixNano()),
		From: wallet.Side(wallet.KindPromo, "promo:1", wallet.PointsCurrency), To: wallet.Points(member), Amount: points, Kind: "promo"})
	if err != nil {
		w.t.Fatal(err)
	}
}

func (w *world) points(member int64) int64 {
	w.t.Helper()
	b, err := w.svc.Balance(context.Background(), "demo", member)
	if err != nil {
		w.t.Fatal(err)
	}
	return b
}

func (w *world) cash(member int64) int64 {
	w.t.Helper()
	b, err := w.ledger.Balance(context.Background(), "demo", wallet.Member(member, "USD"))
	if err != nil {
		w.t.Fatal(err)
	}
	return b
}

// bets records a day's valid bet for a member in the report aggregates.
func (w *world) bets(member, day, amount int64) {
	w.t.Helper()
	if _, err := w.db.Write().ExecContext(context.Background(), `INSERT INTO report_members (merchant_code, day, member_id, first_bet_hour, bets_placed, bet_count, bets, wins)
		VALUES ('demo', $1, $2, 1, 1, 1, $3, 0) ON CONFLICT (merchant_code, day, member_id) DO UPDATE SET bets = report_members.bets + excluded.bets`,
		day, member, amount); err != nil {
		w.t.Fatal(err)
	}
}

func (w *world) deposit(member, amount int64, at time.Time) {
	w.t.Helper()
	ctx := context.Background()
	var ch int64
	if err := w.db.Read().QueryRowContext(ctx, `SELECT id FROM payment_channels WHERE merchant_code = 'demo' ORDER BY id LIMIT 1`).Scan(&ch); err != nil {
		w.t.Fatal(err)
	}
	if _, err := w.db.Write().ExecContext(ctx, `INSERT INTO deposit_orders (merchant_code, member_id, channel_id, request_id, amount, fee, credit, currency, status,
		created_at, expires_at, credited_at) VALUES ('demo', $1, $2, $3, $4, 0, $4, 'USD', 'credited', $5, $5, $5)`,
		member, ch, strconv.FormatInt(at.UnixNano(), 10), amount, at.UnixMilli()); err != nil {
		w.t.Fatal(err)
	}
}

func (w *world) verify() {
	w.t.Helper()
	v, err := w.ledger.Verify(context.Background())
	if err != nil {
		w.t.Fatal(err)
	}
	if len(v) > 0 {
		w.t.Fatalf("wallet verify: %v", v)
	}
}

func (w *world) item(kind string, points, cash, stock int64, limit int, req int64) int64 {
	w.t.Helper()
	it, err := w.svc.SaveItem(context.Background(), "demo", loyalty.Item{Kind: kind, Points: points, CashAmount: cash, Stock: stock, PerMemberLimit: limit,
		AmountRequirement: req, Texts: map[string]loyalty.Text{"en": {Name: "Test " + kind}, "KM": {Name: "តេស្ត"}}})
	if err != nil {
		w.t.Fatal(err)
	}
	return it.ID
}

func (w *world) stock(id int64) int64 {
	w.t.Helper()
	it, err := w.svc.Item(context.Background(), "demo", id)
	if err != nil {
		w.t.Fatal(err)
	}
	return it.Stock
}

func today() int64 {
	return (time.Date(2026, 11, 10, 10, 0, 0, 0, zone).UnixMilli() + report.DefaultOffset.Milliseconds()) / (24 * 3600 * 1000)
}

func TestSeedAndConfig(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newWorld(t, db)
		ctx := context.Background()
		c, err := w.svc.Config(ctx, "demo")
		if err != nil {
			t.Fatal(err)
		}
		// G-020: points never expire; the config says so.
		if !c.Enabled || c.EarnRateBp != 10000 || c.ConvertRate != 100 || c.ConvertMin != 100 || !c.NeverExpire {
			t.Fatalf("config %+v", c)
		}
		// lucky has POINTMALL3 off: the mall is off whatever its rules say.
		if c, _ := w.svc.Config(ctx, "lucky"); c.Enabled {
			t.Fatal("lucky's mall is on with POINTMALL3 off")
		}
		items, err := w.svc.ShopItems(ctx, "demo", "KM")
		if err != nil || len(items) != 6 || items[0].Name != "ប្រាក់សុទ្ធ 10.00" || items[0].Kind != "cash" {
			t.Fatalf("items %+v %v", items, err)
		}
		if items, _ := w.svc.ShopItems(ctx, "demo", "JA"); items[2].Name != "ពែងកាហ្វេ" { // falls back to the default language (KM)
			t.Fatalf("fallback name %q", items[2].Name)
		}
		levels, err := w.svc.Levels(ctx, "demo")
		if err != nil || len(levels) != 6 || levels[5].Name != "Crown" {
			t.Fatalf("levels %+v %v", levels, err)
		}
		if n := w.svc.LevelName(ctx, "demo", 2); n != "Gold" {
			t.Fatalf("level name %q", n)
		}
	})
}

// TestRedeemConcurrent: 20 members' (and one member's 20) concurrent
// redemptions never oversell stock nor overdraw points (G-015, G-018's
// domain side).
func TestRedeemConcurrent(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newWorld(t, db)
		ctx := context.Background()
		item := w.item(loyalty.KindGoods, 100, 0, 5, 0, 0)
		members := make([]int64, 20)
		for i := range members {
			members[i] = w.open("conc" + strconv.Itoa(i))
			w.givePoints(members[i], 100)
		}
		var wg sync.WaitGroup
		var mu sync.Mutex
		ok, out := 0, 0
		for i := range members {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, err := w.svc.Redeem(ctx, "demo", members[i], item, 1, "r"+strconv.Itoa(i), "EN")
				mu.Lock()
				defer mu.Unlock()
				switch {
				case err == nil:
					ok++
				case errors.Is(err, loyalty.ErrOutOfStock):
					out++
				default:
					t.Errorf("redeem: %v", err)
				}
			}()
		}
		wg.Wait()
		if ok != 5 || out != 15 || w.stock(item) != 0 {
			t.Fatalf("ok %d, out of stock %d, stock %d", ok, out, w.stock(item))
		}
		// One member, 250 points, 20 concurrent clicks of 100 points each
		// with distinct request ids: two succeed, never a negative balance.
		item2 := w.item(loyalty.KindGoods, 100, 0, 1000, 0, 0)
		w.givePoints(w.a, 250)
		ok = 0
		for i := range 20 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, err := w.svc.Redeem(ctx, "demo", w.a, item2, 1, "a"+strconv.Itoa(i), "EN")
				mu.Lock()
				defer mu.Unlock()
				if err == nil {
					ok++
				} else if !errors.Is(err, loyalty.ErrInsufficient) {
					t.Errorf("redeem: %v", err)
				}
			}()
		}
		wg.Wait()
		if ok != 2 || w.points(w.a) != 50 || w.stock(item2) != 998 {
			t.Fatalf("ok %d, points %d, stock %d", ok, w.points(w.a), w.stock(item2))
		}
		// The same request id 20 times at once: one redemption.
		w.givePoints(w.b, 1000)
		ids := map[int64]bool{}
		for range 20 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				r, err := w.svc.Redeem(ctx, "demo", w.b, item2, 1, "same", "EN")
				mu.Lock()
				defer mu.Unlock()
				if err != nil {
					t.Errorf("replay: %v", err)
					return
				}
				ids[r.ID] = true
			}()
		}
		wg.Wait()
		if len(ids) != 1 || w.points(w.b) != 900 {
			t.Fatalf("redemptions %v, points %d", ids, w.points(w.b))
		}
		w.verify()
	})
}

func TestRedeemRules(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newWorld(t, db)
		ctx := context.Background()
		limited := w.item(loyalty.KindGoods, 10, 0, 100, 2, 0)
		required := w.item(loyalty.KindGoods, 10, 0, 100, 0, 50_000)
		w.givePoints(w.a, 1000)
		if _, err := w.svc.Redeem(ctx, "demo", w.a, limited, 2, "l1", "EN"); err != nil {
			t.Fatal(err)
		}
		if _, err := w.svc.Redeem(ctx, "demo", w.a, limited, 1, "l2", "EN"); !errors.Is(err, loyalty.ErrLimitReached) {
			t.Fatalf("limit: %v", err)
		}
		if _, err := w.svc.Redeem(ctx, "demo", w.a, required, 1, "q1", "EN"); !errors.Is(err, loyalty.ErrRequirement) {
			t.Fatalf("requirement: %v", err)
		}
		// The requirement is the valid bet of the last 30 days.
		w.bets(w.a, today()-30, 50_000) // 31 days ago: outside
		if _, err := w.svc.Redeem(ctx, "demo", w.a, required, 1, "q2", "EN"); !errors.Is(err, loyalty.ErrRequirement) {
			t.Fatalf("requirement (old bets): %v", err)
		}
		w.bets(w.a, today()-29, 50_000)
		if _, err := w.svc.Redeem(ctx, "demo", w.a, required, 1, "q3", "EN"); err != nil {
			t.Fatalf("requirement met: %v", err)
		}
		if _, err := w.svc.Redeem(ctx, "demo", w.a, 999999, 1, "n1", "EN"); !errors.Is(err, loyalty.ErrNotFound) {
			t.Fatalf("missing item: %v", err)
		}
		if _, err := w.svc.Redeem(ctx, "demo", w.a, limited, 1, "l1", "EN"); !errors.Is(err, loyalty.ErrRequestReused) {
			t.Fatalf("request id reused for another request: %v", err)
		}
		if _, err := w.svc.Redeem(ctx, "demo", w.a, limited, 0, "z", "EN"); !errors.Is(err, loyalty.ErrQuantityInvalid) {
			t.Fatalf("quantity 0: %v", err)
		}
		if w.points(w.a) != 1000-20-10 {
			t.Fatalf("points %d", w.points(w.a))
		}
		w.verify()
	})
}

// TestDecideOnce: approve and reject each once; approve after reject and
// double decisions are refused; a rejection returns points and stock; an
// approved cash item pays its cash (G-016, G-017).
func TestDecideOnce(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newWorld(t, db)
		ctx := context.Background()
		cashItem := w.item(loyalty.KindCash, 500, 250, 10, 0, 0)
		w.givePoints(w.a, 1000)
		r1, err := w.svc.Redeem(ctx, "demo", w.a, cashItem, 1, "d1", "EN")
		if err != nil {
			t.Fatal(err)
		}
		r2, err := w.svc.Redeem(ctx, "demo", w.a, cashItem, 1, "d2", "EN")
		if err != nil {
			t.Fatal(err)
		}
		if r1.Status != "applying" || r1.PointsRequirement != 500 || r1.ReferenceNo == "" || r1.Name != "Test cash" || w.points(w.a) != 0 {
			t.Fatalf("redemption %+v, points %d", r1, w.points(w.a))
		}
		// Concurrent approvals: one pays.
		var wg sync.WaitGroup
		var mu sync.Mutex
		okCount := 0
		for range 10 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, err := w.svc.Decide(ctx, "demo", r1.ID, true, "", "op1")
				mu.Lock()
				defer mu.Unlock()
				if err == nil {
					okCount++
				} else if !errors.Is(err, loyalty.ErrDecided) {
					t.Errorf("approve: %v", err)
				}
			}()
		}
		wg.Wait()
		if okCount != 1 || w.cash(w.a) != 250 {
			t.Fatalf("approvals %d, cash %d", okCount, w.cash(w.a))
		}
		if _, err := w.svc.Decide(ctx, "demo", r1.ID, false, "no", "op1"); !errors.Is(err, loyalty.ErrDecided) {
			t.Fatalf("reject after approve: %v", err)
		}
		a, err := w.svc.Decide(ctx, "demo", r2.ID, false, "out of season", "op2")
		if err != nil || a.Status != "rejected" || a.Reason != "out of season" || a.DecidedBy != "op2" {
			t.Fatalf("reject %+v %v", a, err)
		}
		if _, err := w.svc.Decide(ctx, "demo", r2.ID, true, "", "op1"); !errors.Is(err, loyalty.ErrDecided) {
			t.Fatalf("approve after reject: %v", err)
		}
		if _, err := w.svc.Decide(ctx, "demo", r2.ID, false, "", "op1"); !errors.Is(err, loyalty.ErrDecided) {
			t.Fatalf("reject twice: %v", err)
		}
		if w.points(w.a) != 500 || w.stock(cashItem) != 9 || w.cash(w.a) != 250 {
			t.Fatalf("points %d, stock %d, cash %d", w.points(w.a), w.stock(cashItem), w.cash(w.a))
		}
		if _, err := w.svc.Decide(ctx, "lucky", r1.ID, true, "", "op1"); !errors.Is(err, loyalty.ErrNotFound) {
			t.Fatalf("another merchant's redemption: %v", err)
		}
		list, err := w.svc.Redemptions(ctx, "demo", w.a, "EN", 1, 20)
		if err != nil || list.Total != 2 || list.Content[0].Status != "rejected" || list.Content[1].Status != "approved" {
			t.Fatalf("list %+v %v", list, err)
		}
		q, err := w.svc.AdminRedemptions(ctx, "demo", "applying", "EN", 1, 20)
		if err != nil || q.Total != 0 {
			t.Fatalf("queue %+v %v", q, err)
		}
		tx, err := w.svc.Transactions(ctx, "demo", w.a, time.Unix(0, 0), w.clk.now().Add(time.Hour), 1, 20)
		if err != nil || tx.Total != 4 || tx.Content[0].Kind != "refund" || tx.Content[0].Points != 500 || tx.Content[0].Balance != 500 ||
			tx.Content[3].Kind != "promo" || tx.Content[3].Balance != 1000 {
			t.Fatalf("transactions %+v %v", tx, err)
		}
		w.verify()
	})
}

func TestConvert(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newWorld(t, db)
		ctx := context.Background()
		w.givePoints(w.a, 1234)
		if _, err := w.svc.Convert(ctx, "demo", w.a, 99, "c0"); !errors.Is(err, loyalty.ErrBelowMinimum) {
			t.Fatalf("below minimum: %v", err)
		}
		c, err := w.svc.Convert(ctx, "demo", w.a, 500, "c1")
		if err != nil || c.Amount != 500 || c.Points != 734 || c.Balance != 500 {
			t.Fatalf("convert %+v %v", c, err)
		}
		again, err := w.svc.Convert(ctx, "demo", w.a, 500, "c1")
		if err != nil || again.Amount != 500 || w.points(w.a) != 734 || w.cash(w.a) != 500 {
			t.Fatalf("replay %+v %v", again, err)
		}
		if _, err := w.svc.Convert(ctx, "demo", w.a, 600, "c1"); !errors.Is(err, loyalty.ErrRequestReused) {
			t.Fatalf("reused: %v", err)
		}
		if _, err := w.svc.Convert(ctx, "demo", w.a, 1000, "c2"); !errors.Is(err, loyalty.ErrInsufficient) {
			t.Fatalf("insufficient: %v", err)
		}
		// Concurrent conversions never overdraw.
		var wg sync.WaitGroup
		for i := range 10 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, err := w.svc.Convert(ctx, "demo", w.a, 300, "cc"+strconv.Itoa(i))
				if err != nil && !errors.Is(err, loyalty.ErrInsufficient) {
					t.Errorf("convert: %v", err)
				}
			}()
		}
		wg.Wait()
		if w.points(w.a) != 134 || w.cash(w.a) != 1100 {
			t.Fatalf("points %d, cash %d", w.points(w.a), w.cash(w.a))
		}
		w.verify()
	})
}

func TestConvertAmount(t *testing.T) {
	for _, c := range []struct {
		points, rate    int64
		decimals        int
		amount, charged int64
	}{
		{500, 100, 2, 500, 500},
		{500, 3, 2, 16666, 500},
		{101, 200, 2, 50, 100}, // the odd point stays
		{1, 1000, 2, 0, 0},
		{100, 100, 0, 1, 100},
	} {
		a, ch := loyalty.ConvertAmount(c.points, c.rate, c.decimals)
		if a != c.amount || ch != c.charged {
			t.Errorf("%+v: got %d, %d", c, a, ch)
		}
	}
	for _, c := range []struct {
		bet, rate int64
		want      int64
	}{{100, 10000, 1}, {199, 10000, 1}, {99, 10000, 0}, {12345, 100, 1}, {1_000_000, 100, 100}, {0, 10000, 0}, {1 << 62, 1_000_000, 1 << 62}} {
		if got := loyalty.EarnedPoints(c.bet, c.rate, 2); got != c.want {
			t.Errorf("earn %+v: got %d", c, got)
		}
	}
}

// TestEarnOnce: the earning job pays each ended day once; re-runs pay
// nothing twice; points never expire (nothing takes them back, G-020).
func TestEarnOnce(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newWorld(t, db)
		ctx := context.Background()
		d := today()
		w.bets(w.a, d-1, 12_345) // 123.45 valid bet: 123 points
		w.bets(w.b, d-1, 99)     // 0.99: nothing
		w.bets(w.a, d, 50_000)   // today: not ended yet
		n, err := w.svc.EarnDue(ctx)
		if err != nil || n != 7 {
			t.Fatalf("days %d %v", n, err)
		}
		if w.points(w.a) != 123 || w.points(w.b) != 0 {
			t.Fatalf("points %d %d", w.points(w.a), w.points(w.b))
		}
		if n, err := w.svc.EarnDue(ctx); err != nil || n != 0 {
			t.Fatalf("re-run: %d %v", n, err)
		}
		st, _ := w.svc.Settings(ctx, "demo")
		if _, err := w.svc.EarnDay(ctx, "demo", d-1, st); err != nil { // an operator's re-run of a paid day
			t.Fatal(err)
		}
		if w.points(w.a) != 123 {
			t.Fatalf("paid twice: %d", w.points(w.a))
		}
		// Next day; a year later the points are still there (no expiry).
		w.clk.set(w.clk.now().Add(24 * time.Hour))
		if n, err := w.svc.EarnDue(ctx); err != nil || n != 1 || w.points(w.a) != 623 {
			t.Fatalf("next day: %d %v, points %d", n, err, w.points(w.a))
		}
		w.clk.set(w.clk.now().Add(400 * 24 * time.Hour))
		if _, err := w.svc.EarnDue(ctx); err != nil || w.points(w.a) != 623 {
			t.Fatalf("a year on: %v, points %d", err, w.points(w.a))
		}
		r, err := w.svc.Reward(ctx, "demo", w.a)
		if err != nil || r.Total != 623 {
			t.Fatalf("reward %+v %v", r, err)
		}
		w.verify()
	})
}

// TestEarnBatch: many members of a day paid in batches, in seconds.
func TestEarnBatch(t *testing.T) {
	if testing.Short() {
		t.Skip("short")
	}
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newWorld(t, db)
		ctx := context.Background()
		const n = 3000
		// Members straight into the table: opening 3,000 accounts with
		// password hashes would be most of the test.
		var first int64
		if err := db.InTx(ctx, func(q database.Querier) error {
			for i := range n {
				var id int64
				if err := q.QueryRowContext(ctx, `INSERT INTO members (merchant_code, username, password_hash, type, created_at) VALUES ('demo', $1, 'x', 0, 0) RETURNING id`,
					"bulk"+strconv.Itoa(i)).Scan(&id); err != nil {
					return err
				}
				if i == 0 {
					first = id
				}
				if _, err := q.ExecContext(ctx, `INSERT INTO report_members (merchant_code, day, member_id, bets) VALUES ('demo', $1, $2, $3)`, today()-1, id, 100*(i+1)); err != nil {
					return err
				}
			}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
		st, _ := w.svc.Settings(ctx, "demo")
		start := time.Now()
		res, err := w.svc.EarnDay(ctx, "demo", today()-1, st)
		took := time.Since(start)
		if err != nil || res.Members != n {
			t.Fatalf("earn %+v %v", res, err)
		}
		t.Logf("%d members paid in %v (%.0f a second)", n, took, float64(n)/took.Seconds())
		if w.points(first) != 1 {
			t.Fatalf("first member %d", w.points(first))
		}
		w.verify()
	})
}

// TestVIPUpgradeOnce: the VIP job moves members up by deposits and valid
// bets, pays each level's reward once under re-runs, and never moves a
// member down.
func TestVIPUpgradeOnce(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newWorld(t, db)
		ctx := context.Background()
		// Silver: 100.00 deposit and 500.00 valid bet; Gold: 1,000.00 and 5,000.00.
		w.deposit(w.a, 100_000, w.clk.now().Add(-time.Hour))
		w.bets(w.a, today(), 500_000)
		w.deposit(w.b, 10_000, w.clk.now().Add(-time.Hour)) // deposits alone: no level
		for range 3 {
			var wg sync.WaitGroup
			for range 3 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					if _, err := w.svc.VIPDue(ctx); err != nil {
						t.Error(err)
					}
				}()
			}
			wg.Wait()
		}
		v, err := w.svc.VIP(ctx, "demo", w.a)
		if err != nil || v.Level != 2 || v.Name != "Gold" || v.Next == nil || v.Next.Name != "Platinum" || v.Progress.Deposits != 100_000 {
			t.Fatalf("vip %+v %v", v, err)
		}
		if w.cash(w.a) != 500+2_000 {
			t.Fatalf("rewards %d", w.cash(w.a))
		}
		if v, _ := w.svc.VIP(ctx, "demo", w.b); v.Level != 0 || w.cash(w.b) != 0 {
			t.Fatalf("b %+v", v)
		}
		// 40 days later the window holds nothing: the level is kept.
		w.clk.set(w.clk.now().Add(40 * 24 * time.Hour))
		if _, err := w.svc.VIPDue(ctx); err != nil {
			t.Fatal(err)
		}
		if v, _ := w.svc.VIP(ctx, "demo", w.a); v.Level != 2 || w.cash(w.a) != 2_500 {
			t.Fatalf("after the window %+v cash %d", v, w.cash(w.a))
		}
		// An operator lowers the level by hand: the job moves it back up
		// once the figures reach it again, but pays nothing twice.
		if _, err := db.Write().ExecContext(ctx, `UPDATE members SET vip_level = 0 WHERE id = $1`, w.a); err != nil {
			t.Fatal(err)
		}
		w.deposit(w.a, 100_000, w.clk.now().Add(-time.Hour))
		w.bets(w.a, today()+40, 500_000)
		if _, err := w.svc.VIPDue(ctx); err != nil {
			t.Fatal(err)
		}
		if v, _ := w.svc.VIP(ctx, "demo", w.a); v.Level != 2 || w.cash(w.a) != 2_500 {
			t.Fatalf("again %+v cash %d", v, w.cash(w.a))
		}
		w.verify()
	})
}

// vipOff is the merchant service with every merchant's VIP3 switch off.
type vipOff struct{ *merchant.Service }

func (v vipOff) Lookup(ctx context.Context, code string) (*merchant.Merchant, error) {
	m, err := v.Service.Lookup(ctx, code)
	if err != nil {
		return nil, err
	}
	c := *m
	c.VIP = false
	return &c, nil
}

func TestVIPSwitchOff(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newWorld(t, db)
		ctx := context.Background()
		w.deposit(w.a, 100_000, w.clk.now().Add(-time.Hour))
		w.bets(w.a, today(), 500_000)
		off := loyalty.NewService(db, w.ledger, vipOff{w.mer}, loyalty.Options{Now: w.clk.now})
		if n, err := off.VIPDue(ctx); err != nil || n != 0 {
			t.Fatalf("VIP off: %d %v", n, err)
		}
		if v, _ := w.svc.VIP(ctx, "demo", w.a); v.Level != 0 || w.cash(w.a) != 0 {
			t.Fatalf("moved with VIP off: %+v", v)
		}
		if n, err := w.svc.VIPDue(ctx); err != nil || n != 1 {
			t.Fatalf("VIP on: %d %v", n, err)
		}
	})
}

func TestSaveValidation(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newWorld(t, db)
		ctx := context.Background()
		for _, bad := range []loyalty.Item{
			{Kind: "car", Points: 1, Texts: map[string]loyalty.Text{"EN": {Name: "x"}}},
			{Kind: "goods", Points: 0, Texts: map[string]loyalty.Text{"EN": {Name: "x"}}},
			{Kind: "goods", Points: 1, Stock: -1, Texts: map[string]loyalty.Text{"EN": {Name: "x"}}},
			{Kind: "cash", Points: 1, Texts: map[string]loyalty.Text{"EN": {Name: "x"}}},
			{Kind: "goods", Points: 1},
			{Kind: "goods", Points: 1, Texts: map[string]loyalty.Text{"EN": {Name: " "}}},
		} {
			if _, err := w.svc.SaveItem(ctx, "demo", bad); !errors.Is(err, loyalty.ErrInvalid) {
				t.Errorf("%+v: %v", bad, err)
			}
		}
		if _, err := w.svc.SaveItem(ctx, "demo", loyalty.Item{ID: 99999, Kind: "goods", Points: 1, Texts: map[string]loyalty.Text{"EN": {Name: "x"}}}); !errors.Is(err, loyalty.ErrNotFound) {
			t.Errorf("update of a missing item: %v", err)
		}
		if _, err := w.svc.SaveLevels(ctx, "demo", []loyalty.Level{{Level: 1, Name: "x", WindowDays: 30}}); !errors.Is(err, loyalty.ErrInvalid) {
			t.Errorf("levels without 0: %v", err)
		}
		if _, err := w.svc.SaveSettings(ctx, "demo", loyalty.Settings{ConvertRate: 0, ConvertMin: 1}); !errors.Is(err, loyalty.ErrInvalid) {
			t.Errorf("rate 0: %v", err)
		}
		lv, err := w.svc.SaveLevels(ctx, "demo", []loyalty.Level{{Level: 0, Name: "Member", WindowDays: 30}, {Level: 1, Name: "Star", WindowDays: 7, MinValidBet: 1}})
		if err != nil || len(lv) != 2 || w.svc.LevelName(ctx, "demo", 1) != "Star" || w.svc.LevelName(ctx, "demo", 7) != "VIP7" {
			t.Fatalf("levels %+v %v", lv, err)
		}
	})
}
