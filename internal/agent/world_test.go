package agent_test

import (
	"context"
	"strconv"
	"sync"
	"testing"
	"time"

	"portal/internal/agent"
	"portal/internal/database"
	"portal/internal/identity"
	"portal/internal/merchant"
	"portal/internal/report"
	"portal/internal/wallet"
)

// clock is a test's time, moved by hand.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time  { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) set(t time.Time) { c.mu.Lock(); c.t = t; c.mu.Unlock() }

// zone is the demo merchant's reporting zone (decision 0023).
var zone = time.FixedZone("", int(report.DefaultOffset.Seconds()))

// world is a demo merchant with a small agent tree:
//
//	top (agent) -> mid (agent) -> p1, p2 (members)
//	            -> p3 (member)
//	other (agent, no upline)
type world struct {
	t                           *testing.T
	db                          *database.DB
	clk                         *clock
	ledger                      *wallet.Service
	ids                         *identity.Service
	svc                         *agent.Service
	top, mid, p1, p2, p3, other int64
}

func newWorld(t *testing.T, db *database.DB) *world {
	t.Helper()
	ctx := context.Background()
	if err := merchant.Seed(ctx, db); err != nil {
		t.Fatal(err)
	}
	w := &world{t: t, db: db, clk: &clock{t: time.Date(2026, 11, 2, 10, 0, 0, 0, zone)}}
	w.ledger = wallet.NewService(db, w.clk.now)
	w.ids = identity.NewService(db, nil)
	w.svc = agent.NewService(db, w.ledger, agent.Options{Now: w.clk.now})
	open := func(name string, typ identity.MemberType, upline int64) int64 {
		id, err := w.ids.Open(ctx, identity.NewMember{MerchantCode: "demo", Username: name, Password: "Secret@123", Type: typ, UplineID: upline})
		if err != nil {
			t.Fatal(err)
		}
		return id
	}
	w.top = open("top01", identity.TypeAgent1, 0)
	w.mid = open("mid01", identity.TypeAgent1, w.top)
	w.p1 = open("pone01", identity.TypeMember, w.mid)
	w.p2 = open("ptwo01", identity.TypeMember, w.mid)
	w.p3 = open("pthree01", identity.TypeMember, w.top)
	w.other = open("other01", identity.TypeAgent1, 0)
	return w
}

// at is a local time of the demo merchant's zone on November 2026.
func at(day, hour, minute int) time.Time { return time.Date(2026, 11, day, hour, minute, 0, 0, zone) }

// fund gives a member money from the adjustment side.
func (w *world) fund(member, amount int64) {
	w.t.Helper()
	_, err := w.ledger.Move(context.Background(), wallet.Request{Merchant: "demo", Key: "fund:" + strconv.FormatInt(member, 10) + ":" + strconv.FormatInt(w.clk.now().UnixNano(), 10),
		From: wallet.Side(wallet.KindAdjustment, "test", "USD"), To: wallet.Member(member, "USD"), Amount: amount, Kind: "adjust"})
	if err != nil {
		w.t.Fatal(err)
	}
}

var betSeq int

// play records a real-money stake and a win as the seamless wallet does:
// the ledger moves and the report's figures in one transaction.
func (w *world) play(member, stake, win int64) {
	w.t.Helper()
	ctx := context.Background()
	w.fund(member, stake)
	err := w.db.InTx(ctx, func(q database.Querier) error {
		betSeq++
		key := "vendor:SIM:t" + strconv.Itoa(betSeq)
		tr, err := w.ledger.MoveIn(ctx, q, wallet.Request{Merchant: "demo", Key: key, From: wallet.Member(member, "USD"), To: wallet.Side(wallet.KindVendor, "SIM", "USD"), Amount: stake, Kind: "bet"})
		if err != nil {
			return err
		}
		if err := report.Record(ctx, q, w.db.Dialect, report.Play{Merchant: "demo", MemberID: member, Vendor: "SIM", Game: "g", GameType: "RNG", Movement: report.Stake, Amount: stake, At: tr.At}); err != nil {
			return err
		}
		if win == 0 {
			return nil
		}
		tr, err = w.ledger.MoveIn(ctx, q, wallet.Request{Merchant: "demo", Key: key + ":win", From: wallet.Side(wallet.KindVendor, "SIM", "USD"), To: wallet.Member(member, "USD"), Amount: win, Kind: "win"})
		if err != nil {
			return err
		}
		return report.Record(ctx, q, w.db.Dialect, report.Play{Merchant: "demo", MemberID: member, Vendor: "SIM", Game: "g", GameType: "RNG", Movement: report.Win, Amount: win, At: tr.At})
	})
	if err != nil {
		w.t.Fatal(err)
	}
}

func (w *world) balance(member int64) int64 {
	w.t.Helper()
	b, err := w.ledger.Balance(context.Background(), "demo", wallet.Member(member, "USD"))
	if err != nil {
		w.t.Fatal(err)
	}
	return b
}

func (w *world) verify() {
	w.t.Helper()
	v, err := w.ledger.Verify(context.Background())
	if err != nil || len(v) > 0 {
		w.t.Fatalf("ledger verify: %v %v", v, err)
	}
}

// offer offers and signs a contract.
func (w *world) contract(upline, member int64, k agent.Kind, p agent.Period, tiers ...agent.Tier) agent.Contract {
	w.t.Helper()
	ctx := context.Background()
	c, err := w.svc.Offer(ctx, agent.Offer{Merchant: "demo", UplineID: upline, MemberID: member, Kind: k, Period: p, Tiers: tiers})
	if err != nil {
		w.t.Fatalf("offer: %v", err)
	}
	if c, err = w.svc.Sign(ctx, "demo", member, c.ID); err != nil {
		w.t.Fatalf("sign: %v", err)
	}
	return c
}

func rate(bps int64) agent.Tier { return agent.Tier{Rate: bps} }
