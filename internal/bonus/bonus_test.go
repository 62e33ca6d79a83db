package bonus_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"portal/internal/bonus"
	"portal/internal/cashier"
	"portal/internal/database"
	"portal/internal/dbtest"
	"portal/internal/identity"
	"portal/internal/merchant"
	"portal/internal/wallet"
)

type world struct {
	t      *testing.T
	db     *database.DB
	ledger *wallet.Service
	svc    *bonus.Service
	now    time.Time
	mu     sync.Mutex
	ids    *identity.Service
}

func (w *world) clock() time.Time {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.now
}

func (w *world) advance(d time.Duration) {
	w.mu.Lock()
	w.now = w.now.Add(d)
	w.mu.Unlock()
}

func newWorld(t *testing.T, db *database.DB) *world {
	t.Helper()
	ctx := context.Background()
	for _, seed := range []func(context.Context, *database.DB) error{merchant.Seed, identity.Seed, cashier.Seed} {
		if err := seed(ctx, db); err != nil {
			t.Fatal(err)
		}
	}
	w := &world{t: t, db: db, now: time.Now().UTC(), ids: identity.NewService(db, nil)}
	w.ledger = wallet.NewService(db, time.Now)
	w.svc = bonus.NewService(db, w.ledger, bonus.Options{Now: w.clock})
	return w
}

func (w *world) member(name string, typ identity.MemberType) int64 {
	w.t.Helper()
	id, err := w.ids.Open(context.Background(), identity.NewMember{MerchantCode: "demo", Username: name, Password: "Secret@123", Type: typ})
	if err != nil {
		w.t.Fatal(err)
	}
	return id
}

var promoSide = wallet.Side(wallet.KindPromo, "promo:7", "USD")

func (w *world) grant(member, amount int64, source string) (bonus.GrantResult, error) {
	return w.svc.Grant(context.Background(), bonus.Grant{Merchant: "demo", MemberID: member, Currency: "USD", Amount: amount, Wagering: 5,
		Expires: w.clock().Add(24 * time.Hour), Source: source, From: promoSide, Title: "Welcome"})
}

func (w *world) balances(member int64) (cash, bonusMoney, promo int64) {
	w.t.Helper()
	ctx := context.Background()
	var err error
	if cash, err = w.ledger.Balance(ctx, "demo", wallet.Member(member, "USD")); err != nil {
		w.t.Fatal(err)
	}
	if bonusMoney, err = w.ledger.Balance(ctx, "demo", wallet.Bonus(member, "USD")); err != nil {
		w.t.Fatal(err)
	}
	if promo, err = w.ledger.Balance(ctx, "demo", promoSide); err != nil {
		w.t.Fatal(err)
	}
	return cash, bonusMoney, promo
}

func (w *world) verify() {
	w.t.Helper()
	v, err := w.ledger.Verify(context.Background())
	if err != nil || len(v) != 0 {
		w.t.Fatalf("ledger verify: %v %+v", err, v)
	}
}

func TestGrantRules(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newWorld(t, db)
		ctx := context.Background()
		m := w.member("bonus01", identity.TypeMember)
		r, err := w.grant(m, 5_000, "promo:7:claim:1")
		if err != nil || r.Balance != 5_000 {
			t.Fatalf("grant: %+v %v", r, err)
		}
		// A replay answers the same grant, nothing moved again.
		if again, err := w.grant(m, 5_000, "promo:7:claim:1"); err != nil || again.ID != r.ID || again.Balance != 5_000 {
			t.Fatalf("replay: %+v %v", again, err)
		}
		// One running grant per member, even when asked for at once.
		var wg sync.WaitGroup
		var refused sync.Map
		for i := range 5 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, err := w.grant(m, 100, "promo:7:claim:x"+string(rune('a'+i)))
				refused.Store(i, err)
			}()
		}
		wg.Wait()
		refused.Range(func(_, v any) bool {
			if !errors.Is(v.(error), bonus.ErrActiveGrant) {
				t.Errorf("second grant: %v", v)
			}
			return true
		})
		if _, err := w.svc.GrantIn(ctx, db.Write(), bonus.Grant{Merchant: "demo", MemberID: m, Currency: "USD", Amount: 0, Wagering: 1,
			Expires: w.clock().Add(time.Hour), Source: "bad", From: promoSide}); !errors.Is(err, bonus.ErrInvalidGrant) {
			t.Fatalf("zero amount: %v", err)
		}
		trial := w.member("bonustrial", identity.TypeTrial)
		if _, err := w.grant(trial, 100, "promo:7:claim:trial"); !errors.Is(err, bonus.ErrNotEligible) {
			t.Fatalf("trial grant: %v", err)
		}
		a, err := w.svc.Active(ctx, "demo", m)
		if err != nil || a == nil || a.Required != 25_000 || a.State != bonus.StateActive || a.Title != "Welcome" {
			t.Fatalf("active: %+v %v", a, err)
		}
		if _, b, promo := w.balances(m); b != 5_000 || promo != -5_000 {
			t.Fatalf("bonus %d promo %d", b, promo)
		}
		w.verify()
	})
}

func TestExpiryAndForfeit(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newWorld(t, db)
		ctx := context.Background()
		a, b := w.member("bexp01", identity.TypeMember), w.member("bexp02", identity.TypeMember)
		if _, err := w.grant(a, 3_000, "promo:7:claim:a"); err != nil {
			t.Fatal(err)
		}
		if _, err := w.grant(b, 2_000, "promo:7:claim:b"); err != nil {
			t.Fatal(err)
		}
		// Not due yet: nothing.
		if n, err := w.svc.ExpireDue(ctx); err != nil || n != 0 {
			t.Fatalf("early expiry: %d %v", n, err)
		}
		// The member gives b's up.
		if n, err := w.svc.Forfeit(ctx, "demo", b, "USD"); err != nil || n != 2_000 {
			t.Fatalf("forfeit: %d %v", n, err)
		}
		if _, err := w.svc.Forfeit(ctx, "demo", b, "USD"); !errors.Is(err, bonus.ErrNoActiveGrant) {
			t.Fatalf("second forfeit: %v", err)
		}
		w.advance(25 * time.Hour)
		if n, err := w.svc.ExpireDue(ctx); err != nil || n != 1 {
			t.Fatalf("expiry: %d %v", n, err)
		}
		if n, err := w.svc.ExpireDue(ctx); err != nil || n != 0 {
			t.Fatalf("expiry again: %d %v", n, err)
		}
		if _, bal, promo := w.balances(a); bal != 0 || promo != 0 {
			t.Fatalf("after expiry: bonus %d promo %d", bal, promo)
		}
		list, total, err := w.svc.Grants(ctx, "demo", a, 1, 20)
		if err != nil || total != 1 || list[0].State != bonus.StateExpired || list[0].Forfeited != 3_000 || list[0].EndedAt == nil {
			t.Fatalf("grants: %+v %d %v", list, total, err)
		}
		list, _, _ = w.svc.Grants(ctx, "demo", b, 1, 20)
		if list[0].State != bonus.StateForfeited || list[0].Forfeited != 2_000 {
			t.Fatalf("forfeited grant: %+v", list[0])
		}
		// A new grant may run once the old one ended.
		if _, err := w.grant(a, 1_000, "promo:7:claim:a2"); err != nil {
			t.Fatalf("grant after expiry: %v", err)
		}
		w.verify()
	})
}

// TestWithdrawalForfeitsBonus: requesting a withdrawal takes cash only and
// gives up the running bonus in the same transaction.
func TestWithdrawalForfeitsBonus(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newWorld(t, db)
		ctx := context.Background()
		cash := cashier.NewService(db, w.ledger, cashier.Options{Store: cashier.DirStore{Dir: t.TempDir()}, BonusForfeit: w.svc.ForfeitIn})
		if _, _, err := cash.SetPolicy(ctx, "demo", cashier.Policy{TurnoverPct: 0, Min: 100, Max: 1_000_000, MaxOpen: 5, ReceiptMinutes: 30,
			Payout: cashier.PayoutManual, UplineMin: 100, UplineMax: 100_000}); err != nil {
			t.Fatal(err)
		}
		m := w.member("bwd01", identity.TypeMember)
		if _, err := w.ledger.Move(ctx, wallet.Request{Merchant: "demo", Key: "fund-bwd01", From: wallet.Side(wallet.KindAdjustment, "test", "USD"),
			To: wallet.Member(m, "USD"), Amount: 1_000, Kind: "adjust"}); err != nil {
			t.Fatal(err)
		}
		if _, err := w.grant(m, 5_000, "promo:7:claim:wd"); err != nil {
			t.Fatal(err)
		}
		acct, _, err := cash.AddBankAccount(ctx, "demo", m, "Sok Dara", cashier.NewBankAccount{BankName: "ABA Bank", Number: "0012345678", Name: "Sok Dara"})
		if err != nil {
			t.Fatal(err)
		}
		// More than the cash: refused, and the bonus still runs.
		if _, err := cash.CreateWithdrawal(ctx, cashier.Withdrawer{Merchant: "demo", MemberID: m, Currency: "USD"}, acct.ID, 1_500, "wd1"); err == nil {
			t.Fatal("a withdrawal drew on bonus money")
		}
		if _, bal, _ := w.balances(m); bal != 5_000 {
			t.Fatalf("refused withdrawal changed the bonus: %d", bal)
		}
		if _, err := cash.CreateWithdrawal(ctx, cashier.Withdrawer{Merchant: "demo", MemberID: m, Currency: "USD"}, acct.ID, 800, "wd2"); err != nil {
			t.Fatal(err)
		}
		c, bal, promo := w.balances(m)
		if c != 200 || bal != 0 || promo != 0 {
			t.Fatalf("after the request: cash %d bonus %d promo %d", c, bal, promo)
		}
		if a, err := w.svc.Active(ctx, "demo", m); err != nil || a != nil {
			t.Fatalf("still active: %+v %v", a, err)
		}
		w.verify()
	})
}

func TestContributions(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newWorld(t, db)
		ctx := context.Background()
		if p, err := w.svc.Percent(ctx, "demo", "LIVE"); err != nil || p != 20 {
			t.Fatalf("default LIVE: %d %v", p, err)
		}
		if err := w.svc.SetContributions(ctx, "demo", []bonus.Contribution{{GameType: "live", Percent: 35}}); err != nil {
			t.Fatal(err)
		}
		if p, _ := w.svc.Percent(ctx, "demo", "LIVE"); p != 35 {
			t.Fatalf("set LIVE: %d", p)
		}
		if p, _ := w.svc.Percent(ctx, "demo", "SOMETHING"); p != bonus.DefaultPercent {
			t.Fatalf("unknown type: %d", p)
		}
		for _, bad := range [][]bonus.Contribution{nil, {{GameType: "RNG", Percent: 101}}, {{GameType: "", Percent: 5}}, {{GameType: "RNG", Percent: -1}}} {
			if err := w.svc.SetContributions(ctx, "demo", bad); !errors.Is(err, bonus.ErrInvalidPercent) {
				t.Fatalf("%+v: %v", bad, err)
			}
		}
	})
}
