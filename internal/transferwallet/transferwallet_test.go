package transferwallet_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync"
	"testing"
	"time"

	"portal/internal/catalog"
	"portal/internal/database"
	"portal/internal/dbtest"
	"portal/internal/identity"
	"portal/internal/merchant"
	"portal/internal/transferwallet"
	"portal/internal/vendorsim"
	"portal/internal/wallet"
)

type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = c.t.Add(d)
}

// world is the service over a seeded database, with the vendor simulator's
// transfer API behind a real HTTP server; SABA and CMD run transfer mode
// for the demo merchant.
type world struct {
	t      *testing.T
	db     *database.DB
	ledger *wallet.Service
	sim    *vendorsim.Transfers
	svc    *transferwallet.Service
	clk    *clock
	member int64
	api    *transferwallet.HTTPVendors
}

const secret = "test-secret"

func newWorld(t *testing.T, db *database.DB) *world {
	t.Helper()
	ctx := context.Background()
	for _, seed := range []func(context.Context, *database.DB) error{merchant.Seed, catalog.Seed, identity.Seed, transferwallet.Seed} {
		if err := seed(ctx, db); err != nil {
			t.Fatal(err)
		}
	}
	w := &world{t: t, db: db, ledger: wallet.NewService(db, time.Now), clk: &clock{t: time.Now()}}
	secretOf := func(context.Context, string) (string, error) { return secret, nil }
	w.sim = vendorsim.NewTransfers(db, secretOf, nil)
	w.sim.SlowDelay = 400 * time.Millisecond
	h := vendorsim.NewHandler(&vendorsim.Client{}, false).WithTransfers(w.sim)
	srv := httptest.NewServer(h)
	t.Cleanup(srv.Close)
	w.api = &transferwallet.HTTPVendors{Base: func() string { return srv.URL }, HTTP: srv.Client(), Secret: secretOf, Timeout: 150 * time.Millisecond}
	w.svc = transferwallet.NewService(db, w.ledger, transferwallet.Options{Now: w.clk.now, Vendors: w.api})
	m, err := identity.NewService(db, nil).ByUsername(ctx, "demo", "player01")
	if err != nil {
		t.Fatal(err)
	}
	w.member = m.ID
	w.fund(100_00)
	return w
}

func (w *world) fund(amount int64) {
	w.t.Helper()
	if _, err := w.ledger.Move(context.Background(), wallet.Request{Merchant: "demo", Key: fmt.Sprintf("fund:%d:%d", w.member, time.Now().UnixNano()),
		From: wallet.Side(wallet.KindAdjustment, "test", "USD"), To: wallet.Member(w.member, "USD"), Amount: amount, Kind: "adjust"}); err != nil {
		w.t.Fatal(err)
	}
}

func (w *world) main() int64 {
	w.t.Helper()
	b, err := w.ledger.Balance(context.Background(), "demo", wallet.Member(w.member, "USD"))
	if err != nil {
		w.t.Fatal(err)
	}
	return b
}

func (w *world) at(vendor string) int64 {
	w.t.Helper()
	b, err := w.sim.Balance(context.Background(), vendor, "demo", strconv.FormatInt(w.member, 10), "USD")
	if err != nil {
		w.t.Fatal(err)
	}
	return b
}

func (w *world) move(vendor, dir string, amount int64, rid string) (transferwallet.Transfer, error) {
	return w.svc.Move(context.Background(), transferwallet.Request{Merchant: "demo", Currency: "USD", MemberID: w.member, Vendor: vendor,
		Direction: dir, Amount: amount, RequestID: rid})
}

// check holds the money whole: the main wallet, the vendor's wallet, and
// the ledger's own invariants.
func (w *world) check(main, saba int64) {
	w.t.Helper()
	if got := w.main(); got != main {
		w.t.Errorf("main = %d, want %d", got, main)
	}
	if got := w.at("SABA"); got != saba {
		w.t.Errorf("SABA = %d, want %d", got, saba)
	}
	if v, err := w.ledger.Verify(context.Background()); err != nil || len(v) != 0 {
		w.t.Fatalf("verify: %v %+v", err, v)
	}
}

// reconcile runs the job after the grace and answers how many it settled.
func (w *world) reconcile() int {
	w.t.Helper()
	w.clk.add(2 * time.Minute)
	n, err := w.svc.Reconcile(context.Background())
	if err != nil {
		w.t.Fatal(err)
	}
	return n
}

func TestMoveInAndOut(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newWorld(t, db)
		in, err := w.move("SABA", transferwallet.DirIn, 30_00, "in-1")
		if err != nil || in.Status != transferwallet.StatusDone || in.SettledAt == nil {
			t.Fatalf("in = %+v, %v", in, err)
		}
		w.check(70_00, 30_00)
		out, err := w.move("SABA", transferwallet.DirOut, 10_00, "out-1")
		if err != nil || out.Status != transferwallet.StatusDone {
			t.Fatalf("out = %+v, %v", out, err)
		}
		w.check(80_00, 20_00)
		// More than the vendor holds: refused there, nothing moves.
		over, err := w.move("SABA", transferwallet.DirOut, 50_00, "out-2")
		if err != nil || over.Status != transferwallet.StatusFailed || over.Reason == "" {
			t.Fatalf("overdraw = %+v, %v", over, err)
		}
		// More than the main wallet holds: refused before anything is written.
		if _, err := w.move("SABA", transferwallet.DirIn, 500_00, "in-2"); !errors.Is(err, wallet.ErrInsufficientFunds) {
			t.Fatalf("in beyond main = %v", err)
		}
		for _, tc := range []struct {
			vendor, rid string
			amount      int64
			want        error
		}{
			{"PG", "x-1", 1_00, transferwallet.ErrNotTransferVendor},   // seamless
			{"PGE", "x-2", 1_00, transferwallet.ErrNotTransferVendor},  // in-house
			{"NOPE", "x-3", 1_00, transferwallet.ErrNotTransferVendor}, // unknown
			{"SABA", "", 1_00, transferwallet.ErrRequestInvalid},       // no request id
			{"SABA", "x\n", 1_00, transferwallet.ErrRequestInvalid},    // control character
			{"SABA", "x-4", 0, transferwallet.ErrAmountInvalid},        // zero
			{"SABA", "x-5", -5, transferwallet.ErrAmountInvalid},       // negative
			{"SABA", string(make([]byte, 65)), 1, transferwallet.ErrRequestInvalid},
		} {
			if _, err := w.move(tc.vendor, transferwallet.DirIn, tc.amount, tc.rid); !errors.Is(err, tc.want) {
				t.Errorf("%s %q %d = %v, want %v", tc.vendor, tc.rid, tc.amount, err, tc.want)
			}
		}
		w.check(80_00, 20_00)
		hist, err := w.svc.History(context.Background(), "demo", w.member, 10)
		if err != nil || len(hist) != 3 || hist[0].ID != over.ID {
			t.Fatalf("history = %+v, %v", hist, err)
		}
	})
}

// TestReplay: the same request id moves once and answers the first
// transfer; another request under it is refused. The vendor, asked twice
// under one transfer id, takes it once.
func TestReplay(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newWorld(t, db)
		first, err := w.move("SABA", transferwallet.DirIn, 25_00, "same")
		if err != nil {
			t.Fatal(err)
		}
		for range 5 {
			again, err := w.move("SABA", transferwallet.DirIn, 25_00, "same")
			if err != nil || again.ID != first.ID || again.Status != transferwallet.StatusDone {
				t.Fatalf("replay = %+v, %v", again, err)
			}
		}
		if _, err := w.move("SABA", transferwallet.DirIn, 26_00, "same"); !errors.Is(err, transferwallet.ErrRequestReused) {
			t.Fatalf("reuse = %v", err)
		}
		w.check(75_00, 25_00)
		req := transferwallet.VendorRequest{TransferID: first.VendorID(), Merchant: "demo", Player: strconv.FormatInt(w.member, 10), Currency: "USD", Amount: 25_00}
		for range 3 {
			a, err := w.api.Call(context.Background(), "SABA", transferwallet.OpDeposit, req)
			if err != nil || a.Status != transferwallet.VendorOK || a.Balance != 25_00 {
				t.Fatalf("vendor replay = %+v, %v", a, err)
			}
		}
		req.Amount++
		if a, err := w.api.Call(context.Background(), "SABA", transferwallet.OpDeposit, req); err != nil || a.Status != transferwallet.VendorConflict {
			t.Fatalf("vendor reuse = %+v, %v", a, err)
		}
		w.check(75_00, 25_00)
	})
}

// TestFaults: every fault of the vendor ends, after the reconciler, with
// the money where the vendor's books say, moved once.
func TestFaults(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newWorld(t, db)
		// Some money at the vendor to take back out.
		if _, err := w.move("SABA", transferwallet.DirIn, 50_00, "seed"); err != nil {
			t.Fatal(err)
		}
		main, saba := int64(50_00), int64(50_00)
		w.check(main, saba)
		for i, tc := range []struct {
			fault     vendorsim.TransferFault
			dir       string
			now, then string // status at once, after the reconciler
			moves     bool   // whether the money moved in the end
		}{
			{vendorsim.FaultFail, transferwallet.DirIn, transferwallet.StatusFailed, transferwallet.StatusFailed, false},
			{vendorsim.FaultFail, transferwallet.DirOut, transferwallet.StatusFailed, transferwallet.StatusFailed, false},
			{vendorsim.FaultSlow, transferwallet.DirIn, transferwallet.StatusUnknown, transferwallet.StatusDone, true},
			{vendorsim.FaultSlow, transferwallet.DirOut, transferwallet.StatusUnknown, transferwallet.StatusDone, true},
			{vendorsim.FaultUnknown, transferwallet.DirIn, transferwallet.StatusUnknown, transferwallet.StatusDone, true},
			{vendorsim.FaultUnknown, transferwallet.DirOut, transferwallet.StatusUnknown, transferwallet.StatusDone, true},
			{vendorsim.FaultLost, transferwallet.DirIn, transferwallet.StatusUnknown, transferwallet.StatusFailed, false},
			{vendorsim.FaultLost, transferwallet.DirOut, transferwallet.StatusUnknown, transferwallet.StatusFailed, false},
		} {
			name := fmt.Sprintf("%s %s", tc.fault, tc.dir)
			w.sim.SetFault("SABA", tc.fault)
			tr, err := w.move("SABA", tc.dir, 5_00, "fault-"+strconv.Itoa(i))
			w.sim.SetFault("SABA", vendorsim.FaultNone)
			if err != nil || tr.Status != tc.now {
				t.Fatalf("%s: %+v, %v", name, tr, err)
			}
			if tc.fault == vendorsim.FaultSlow {
				time.Sleep(400 * time.Millisecond) // the vendor finishes its slow answer
			}
			// Meanwhile the main wallet shows the debit of a transfer in
			// (it left), never the credit of one out (not yet known).
			if tr.Status == transferwallet.StatusUnknown {
				wantMain := main
				if tc.dir == transferwallet.DirIn {
					wantMain -= 5_00
				}
				if got := w.main(); got != wantMain {
					t.Fatalf("%s: main while unknown = %d, want %d", name, got, wantMain)
				}
			}
			w.reconcile()
			if n := w.reconcile(); n != 0 {
				t.Fatalf("%s: a second sweep settled %d", name, n)
			}
			got, err := w.svc.MemberTransfer(context.Background(), "demo", w.member, tr.ID)
			if err != nil || got.Status != tc.then {
				t.Fatalf("%s: after reconcile %+v, %v", name, got, err)
			}
			if tc.moves {
				if tc.dir == transferwallet.DirIn {
					main, saba = main-5_00, saba+5_00
				} else {
					main, saba = main+5_00, saba-5_00
				}
			}
			w.check(main, saba)
		}
	})
}

// crashing stands for a portal that dies right after the vendor answered,
// before the ledger heard of it.
type crashing struct{ next transferwallet.Vendors }

func (c crashing) Call(ctx context.Context, vendor, op string, r transferwallet.VendorRequest) (transferwallet.VendorAnswer, error) {
	a, err := c.next.Call(ctx, vendor, op, r)
	if op == transferwallet.OpDeposit || op == transferwallet.OpWithdraw {
		panic("crash")
	}
	return a, err
}

// TestCrashReconciled: a crash between the vendor's answer and the ledger
// leaves a pending transfer; the reconciler settles it once, by the
// vendor's record.
func TestCrashReconciled(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newWorld(t, db)
		crashy := transferwallet.NewService(db, w.ledger, transferwallet.Options{Now: w.clk.now, Vendors: crashing{w.api}})
		crash := func(dir string, amount int64, rid string) {
			defer func() {
				if recover() == nil {
					t.Fatal("no crash")
				}
			}()
			_, _ = crashy.Move(context.Background(), transferwallet.Request{Merchant: "demo", Currency: "USD", MemberID: w.member, Vendor: "SABA",
				Direction: dir, Amount: amount, RequestID: rid})
		}
		crash(transferwallet.DirIn, 40_00, "crash-in")
		w.check(60_00, 40_00) // debited, at the vendor, not yet done
		crash(transferwallet.DirOut, 15_00, "crash-out")
		w.check(60_00, 25_00) // taken by the vendor, not yet credited
		if n := w.reconcile(); n != 2 {
			t.Fatalf("reconciled %d, want 2", n)
		}
		w.check(75_00, 25_00)
		if n := w.reconcile(); n != 0 {
			t.Fatalf("reconciled again %d", n)
		}
		// Replaying the request afterwards answers the settled transfer.
		tr, err := w.move("SABA", transferwallet.DirOut, 15_00, "crash-out")
		if err != nil || tr.Status != transferwallet.StatusDone {
			t.Fatalf("replay after crash = %+v, %v", tr, err)
		}
		w.check(75_00, 25_00)
		// Within the grace nothing is asked: the request may still be on
		// its way.
		crash(transferwallet.DirIn, 5_00, "crash-young")
		if n, err := w.svc.Reconcile(context.Background()); err != nil || n != 0 {
			t.Fatalf("young = %d, %v", n, err)
		}
		// The vendor down: the sweep leaves it for later.
		w.sim.SetFault("SABA", vendorsim.FaultDown)
		if n := w.reconcile(); n != 0 {
			t.Fatalf("vendor down = %d", n)
		}
		w.sim.SetFault("SABA", vendorsim.FaultNone)
		if n := w.reconcile(); n != 1 {
			t.Fatalf("vendor back = %d", n)
		}
		w.check(70_00, 30_00)
	})
}

// TestConcurrentTransfers: transfers racing for one balance never overdraw
// it, on either side.
func TestConcurrentTransfers(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newWorld(t, db)
		race := func(dir string, amount int64, prefix string) (done, refused int) {
			var mu sync.Mutex
			var wg sync.WaitGroup
			for i := range 8 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					tr, err := w.move("SABA", dir, amount, prefix+strconv.Itoa(i))
					mu.Lock()
					defer mu.Unlock()
					switch {
					case err == nil && tr.Status == transferwallet.StatusDone:
						done++
					case errors.Is(err, wallet.ErrInsufficientFunds) || err == nil && tr.Status == transferwallet.StatusFailed:
						refused++
					default:
						t.Errorf("%s %d: %+v, %v", dir, i, tr, err)
					}
				}()
			}
			wg.Wait()
			return done, refused
		}
		// Generous timeouts: this is about the race, not the clock.
		w.api.Timeout = 10 * time.Second
		if done, refused := race(transferwallet.DirIn, 30_00, "in-"); done != 3 || refused != 5 {
			t.Fatalf("in: %d done, %d refused", done, refused)
		}
		w.check(10_00, 90_00)
		if done, refused := race(transferwallet.DirOut, 40_00, "out-"); done != 2 || refused != 6 {
			t.Fatalf("out: %d done, %d refused", done, refused)
		}
		w.check(90_00, 10_00)
	})
}

// TestRecallAll: every sub-wallet holding money comes back in one call;
// the same call again moves nothing more.
func TestRecallAll(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newWorld(t, db)
		ctx := context.Background()
		for _, v := range []string{"SABA", "CMD"} {
			if _, err := w.move(v, transferwallet.DirIn, 20_00, "to-"+v); err != nil {
				t.Fatal(err)
			}
		}
		subs, err := w.svc.SubWallets(ctx, "demo", w.member, "USD", true)
		if err != nil || len(subs) != 2 || !subs[0].Available || subs[0].Balance+subs[1].Balance != 40_00 {
			t.Fatalf("sub-wallets = %+v, %v", subs, err)
		}
		r, err := w.svc.RecallAll(ctx, "demo", w.member, "USD", "recall-1")
		if err != nil || len(r.Transfers) != 2 || r.Transfers[0].Status != transferwallet.StatusDone {
			t.Fatalf("recall = %+v, %v", r, err)
		}
		w.check(100_00, 0)
		r, err = w.svc.RecallAll(ctx, "demo", w.member, "USD", "recall-1")
		if err != nil || len(r.Transfers) != 0 {
			t.Fatalf("recall again = %+v, %v", r, err)
		}
		// A vendor that does not answer keeps its money and is named.
		if _, err := w.move("CMD", transferwallet.DirIn, 5_00, "to-CMD-2"); err != nil {
			t.Fatal(err)
		}
		w.sim.SetFault("CMD", vendorsim.FaultDown)
		r, err = w.svc.RecallAll(ctx, "demo", w.member, "USD", "recall-2")
		if err != nil || len(r.Unavailable) != 1 || r.Unavailable[0] != "CMD" {
			t.Fatalf("recall with CMD down = %+v, %v", r, err)
		}
		w.check(95_00, 0)
	})
}

// TestVendorAPIRefusesForgeries: unsigned or wrongly signed calls move
// nothing.
func TestVendorAPIRefusesForgeries(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newWorld(t, db)
		forger := &transferwallet.HTTPVendors{Base: w.api.Base, Secret: func(context.Context, string) (string, error) { return "wrong", nil }}
		_, err := forger.Call(context.Background(), "SABA", transferwallet.OpDeposit, transferwallet.VendorRequest{TransferID: "PX999",
			Merchant: "demo", Player: strconv.FormatInt(w.member, 10), Currency: "USD", Amount: 1_000_00})
		if !errors.Is(err, transferwallet.ErrUnanswered) {
			t.Fatalf("forged = %v", err)
		}
		res, err := http.Post(w.api.Base()+"/sim/SABA/transfer/deposit", "application/json", nil)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusUnauthorized {
			t.Fatalf("unsigned = %d", res.StatusCode)
		}
		w.check(100_00, 0)
	})
}

// TestPlayGuard: a member the guard refuses (cooling off, excluded) cannot
// fund a vendor's wallet, but takes money back out, and a replay of a
// transfer made before answers as it was.
func TestPlayGuard(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newWorld(t, db)
		if _, err := w.move("SABA", transferwallet.DirIn, 30_00, "before"); err != nil {
			t.Fatal(err)
		}
		refused := errors.New("excluded")
		w.svc = transferwallet.NewService(db, w.ledger, transferwallet.Options{Now: w.clk.now, Vendors: w.api,
			PlayGuard: func(context.Context, string, int64) error { return refused }})
		if _, err := w.move("SABA", transferwallet.DirIn, 10_00, "after"); !errors.Is(err, refused) {
			t.Fatalf("funding while refused: %v", err)
		}
		if got, err := w.move("SABA", transferwallet.DirIn, 30_00, "before"); err != nil || got.Status != transferwallet.StatusDone {
			t.Fatalf("replay while refused = %+v, %v", got, err)
		}
		if got, err := w.move("SABA", transferwallet.DirOut, 30_00, "out"); err != nil || got.Status != transferwallet.StatusDone {
			t.Fatalf("taking money out = %+v, %v", got, err)
		}
		w.check(100_00, 0)
	})
}
