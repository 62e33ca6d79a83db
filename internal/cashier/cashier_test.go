package cashier_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/gif"
	"image/png"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"sync"
	"testing"
	"time"

	"portal/internal/cashier"
	"portal/internal/database"
	"portal/internal/dbtest"
	"portal/internal/identity"
	"portal/internal/merchant"
	"portal/internal/paysim"
	"portal/internal/wallet"
)

// clock is a test clock.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// world is a seeded database with the cashier, the ledger and the
// simulator behind a real HTTP server whose webhook route calls the
// cashier as the portal's does.
type world struct {
	t      *testing.T
	db     *database.DB
	ledger *wallet.Service
	svc    *cashier.Service
	sim    *paysim.Handler
	clk    *clock
	url    string
	// player01 (VIP 3) and a second member.
	p1, p2     int64
	aba, simCh int64 // channel ids
}

func newWorld(t *testing.T, db *database.DB) *world {
	t.Helper()
	ctx := context.Background()
	for _, seed := range []func(context.Context, *database.DB) error{merchant.Seed, identity.Seed, cashier.Seed, cashier.Seed} {
		if err := seed(ctx, db); err != nil {
			t.Fatal(err)
		}
	}
	ids := identity.NewService(db, nil)
	p1, err := ids.ByUsername(ctx, "demo", "player01")
	if err != nil {
		t.Fatal(err)
	}
	p2, err := ids.Open(ctx, identity.NewMember{MerchantCode: "demo", Username: "payer02", Password: "Payer@123", Type: identity.TypeMember})
	if err != nil {
		t.Fatal(err)
	}
	w := &world{t: t, db: db, clk: &clock{t: time.Now().UTC()}, p1: p1.ID, p2: p2}
	w.ledger = wallet.NewService(db, time.Now)
	w.svc = cashier.NewService(db, w.ledger, cashier.Options{Now: w.clk.now, Store: cashier.DirStore{Dir: t.TempDir()}})
	mux := http.NewServeMux()
	srv := httptest.NewServer(mux)
	t.Cleanup(srv.Close)
	w.url = srv.URL
	w.sim = paysim.NewHandler(db, paysim.Options{Base: func() string { return srv.URL }, Secret: w.svc.ChannelSecret, RetryPause: time.Millisecond,
		SlowDelay: time.Millisecond, PayoutDelay: time.Millisecond})
	t.Cleanup(w.sim.Wait)
	mux.Handle("/paysim/", w.sim)
	mux.HandleFunc("POST /cashier/webhook/{gateway}", func(rw http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		err := w.svc.Webhook(r.Context(), r.PathValue("gateway"), body, r.Header.Get("X-Signature"))
		switch {
		case err == nil:
			rw.WriteHeader(200)
		case errors.Is(err, cashier.ErrSignature):
			rw.WriteHeader(401)
		default:
			rw.WriteHeader(400)
		}
	})
	mux.HandleFunc("POST /cashier/payout-webhook/{gateway}", func(rw http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		if err := w.svc.PayoutWebhook(r.Context(), r.PathValue("gateway"), body, r.Header.Get("X-Signature")); err != nil {
			rw.WriteHeader(400)
			return
		}
		rw.WriteHeader(200)
	})
	w.svc.SetSimBase(srv.URL)
	chs, err := w.svc.Channels(ctx, "demo")
	if err != nil || len(chs) != 2 {
		t.Fatalf("seeded channels = %+v, %v", chs, err)
	}
	w.aba, w.simCh = chs[0].ID, chs[1].ID
	return w
}

func (w *world) payer(id int64) cashier.Payer {
	vip := 0
	if id == w.p1 {
		vip = 3
	}
	return cashier.Payer{Merchant: "demo", MemberID: id, VIPLevel: vip}
}

func (w *world) deposit(member, channel, amount int64, request string) cashier.Order {
	w.t.Helper()
	o, err := w.svc.CreateDeposit(context.Background(), w.payer(member), channel, amount, request)
	if err != nil {
		w.t.Fatalf("deposit %d: %v", amount, err)
	}
	return o
}

func (w *world) order(id int64) cashier.Order {
	w.t.Helper()
	o, err := w.svc.Order(context.Background(), "demo", id)
	if err != nil {
		w.t.Fatal(err)
	}
	return o
}

func (w *world) balance(member int64) int64 {
	w.t.Helper()
	b, err := w.ledger.Balance(context.Background(), "demo", wallet.Member(member, "USD"))
	if err != nil {
		w.t.Fatal(err)
	}
	return b
}

// verify holds the ledger to its invariants (balances from transfers,
// sums of zero).
func (w *world) verify() {
	w.t.Helper()
	v, err := w.ledger.Verify(context.Background())
	if err != nil || len(v) != 0 {
		w.t.Fatalf("ledger verify: %v %+v", err, v)
	}
}

func (w *world) secret() string {
	s, err := w.svc.ChannelSecret(context.Background(), "demo", "sim")
	if err != nil {
		w.t.Fatal(err)
	}
	return s
}

func (w *world) notice(o cashier.Order, status string, amount int64) []byte {
	b, _ := json.Marshal(cashier.Notice{PSPOrderID: o.PSPOrderID, OrderID: o.ID, Status: status, Amount: amount, Currency: o.Currency,
		PaidAt: "2026-11-25T10:00:00Z"})
	return b
}

func pngOf(t testing.TB, w, h int) []byte {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for x := range w {
		img.Set(x, x%h, color.RGBA{200, 10, 10, 255})
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestWebhookCreditsOnce: a paid webhook replayed ten times, and sent by
// ten goroutines at once, credits its order once; the ledger verifies.
func TestWebhookCreditsOnce(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newWorld(t, db)
		ctx := context.Background()
		secret := w.secret()
		for _, concurrent := range []bool{false, true} {
			o := w.deposit(w.p1, w.simCh, 10000, "replay-"+strconv.FormatBool(concurrent))
			if o.PSPOrderID == "" || o.Fee != 100 || o.Credit != 9900 || o.Status != cashier.StatusPending {
				t.Fatalf("sim order = %+v", o)
			}
			before := w.balance(w.p1)
			body := w.notice(o, cashier.NoticePaid, 10000)
			var wg sync.WaitGroup
			errs := make(chan error, 10)
			for range 10 {
				send := func() { errs <- w.svc.Webhook(ctx, "sim", body, cashier.Sign(secret, body)) }
				if concurrent {
					wg.Add(1)
					go func() { defer wg.Done(); send() }()
				} else {
					send()
				}
			}
			wg.Wait()
			close(errs)
			for err := range errs {
				if err != nil {
					t.Errorf("webhook (concurrent %v): %v", concurrent, err)
				}
			}
			if got := w.balance(w.p1) - before; got != 9900 {
				t.Errorf("concurrent %v: credited %d, want 9900 once", concurrent, got)
			}
			if o := w.order(o.ID); o.Status != cashier.StatusCredited || o.CreditedAt == nil {
				t.Errorf("order = %+v", o)
			}
		}
		fee, err := w.ledger.Balance(ctx, "demo", wallet.Side(wallet.KindFee, "sim", "USD"))
		if err != nil || fee != 200 {
			t.Errorf("fees = %d, %v", fee, err)
		}
		w.verify()
	})
}

// TestForgedAndTamperedWebhooks: a bad signature changes nothing; a
// validly signed notice of another amount sends the order to review and
// credits nothing; finance's approval credits the amount that arrived,
// once.
func TestForgedAndTamperedWebhooks(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newWorld(t, db)
		ctx := context.Background()
		secret := w.secret()
		o := w.deposit(w.p1, w.simCh, 5000, "tamper")
		body := w.notice(o, cashier.NoticePaid, 5000)
		for _, sig := range []string{"", "00", cashier.Sign("wrong", body), cashier.Sign(secret, body)[:10]} {
			if err := w.svc.Webhook(ctx, "sim", body, sig); !errors.Is(err, cashier.ErrSignature) {
				t.Errorf("forged %q = %v", sig, err)
			}
		}
		if err := w.svc.Webhook(ctx, "sim", []byte(`{"pspOrderId":`), "x"); !errors.Is(err, cashier.ErrNotice) {
			t.Errorf("malformed = %v", err)
		}
		if got := w.order(o.ID); got.Status != cashier.StatusPending || w.balance(w.p1) != 0 {
			t.Fatalf("after forgeries: %+v, balance %d", got, w.balance(w.p1))
		}
		tampered := w.notice(o, cashier.NoticePaid, 500000)
		if err := w.svc.Webhook(ctx, "sim", tampered, cashier.Sign(secret, tampered)); err != nil {
			t.Fatal(err)
		}
		// The true notice arriving afterwards moves nothing either.
		if err := w.svc.Webhook(ctx, "sim", body, cashier.Sign(secret, body)); err != nil {
			t.Fatal(err)
		}
		if got := w.order(o.ID); got.Status != cashier.StatusReview || got.PaidAmount != 500000 || w.balance(w.p1) != 0 {
			t.Fatalf("tampered: %+v, balance %d", got, w.balance(w.p1))
		}
		if _, _, err := w.svc.Approve(ctx, "demo", o.ID, "fin", ""); err != nil {
			t.Fatal(err)
		}
		if _, _, err := w.svc.Approve(ctx, "demo", o.ID, "fin", ""); !errors.Is(err, cashier.ErrOrderState) {
			t.Errorf("second approval = %v", err)
		}
		// 1% of what arrived is the fee.
		if b := w.balance(w.p1); b != 495000 {
			t.Errorf("balance = %d, want 495000", b)
		}
		w.verify()
	})
}

// TestManualDeposit: create, submit a PNG proof (a GIF, a text named
// .png and 6 MB refused), approve once; approving twice or after a
// rejection is refused; a rejection needs a reason.
func TestManualDeposit(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newWorld(t, db)
		ctx := context.Background()
		o := w.deposit(w.p1, w.aba, 2500, "manual-1")
		if o.Bank == nil || o.Bank.AccountNumber != "000123456" || o.PSPOrderID != "" || !o.ExpiresAt.Equal(o.CreatedAt.Add(24*time.Hour)) {
			t.Fatalf("manual order = %+v", o)
		}
		var gifData bytes.Buffer
		_ = gif.Encode(&gifData, image.NewPaletted(image.Rect(0, 0, 4, 4), []color.Color{color.White, color.Black}), nil)
		big := append(pngOf(t, 8, 8), make([]byte, 6<<20)...)
		for name, proof := range map[string][]byte{"gif": gifData.Bytes(), "text": []byte("not an image, named proof.png"), "6MB": big,
			"truncated png": pngOf(t, 20, 20)[:40]} {
			if _, err := w.svc.Submit(ctx, "demo", w.p1, o.ID, "TX-1", proof); !errors.Is(err, cashier.ErrProofInvalid) {
				t.Errorf("%s proof = %v", name, err)
			}
		}
		if _, err := w.svc.Submit(ctx, "demo", w.p1, o.ID, "", pngOf(t, 8, 8)); !errors.Is(err, cashier.ErrReferenceInvalid) {
			t.Errorf("empty reference = %v", err)
		}
		if _, err := w.svc.Submit(ctx, "demo", w.p2, o.ID, "TX-1", pngOf(t, 8, 8)); !errors.Is(err, cashier.ErrNotFound) {
			t.Errorf("another member's submit = %v", err)
		}
		if _, _, err := w.svc.Approve(ctx, "demo", o.ID, "fin", ""); !errors.Is(err, cashier.ErrOrderState) {
			t.Errorf("approve of a pending order = %v", err)
		}
		sub, err := w.svc.Submit(ctx, "demo", w.p1, o.ID, "TX-1", pngOf(t, 8, 8))
		if err != nil || sub.Status != cashier.StatusSubmitted || sub.Reference != "TX-1" || sub.ProofKey == "" {
			t.Fatalf("submit = %+v, %v", sub, err)
		}
		p, err := w.svc.MemberProof(ctx, "demo", w.p1, o.ID)
		if err != nil || p.ContentType != "image/png" || !bytes.HasPrefix(p.Data, []byte("\x89PNG")) {
			t.Fatalf("proof = %v %s", err, p.ContentType)
		}
		if _, err := w.svc.MemberProof(ctx, "demo", w.p2, o.ID); !errors.Is(err, cashier.ErrNotFound) {
			t.Errorf("another member's proof = %v", err)
		}
		if _, err := w.svc.Submit(ctx, "demo", w.p1, o.ID, "TX-2", pngOf(t, 8, 8)); !errors.Is(err, cashier.ErrOrderState) {
			t.Errorf("second submit = %v", err)
		}
		if _, _, err := w.svc.Approve(ctx, "lucky", o.ID, "fin", ""); !errors.Is(err, cashier.ErrNotFound) {
			t.Errorf("another merchant's approval = %v", err)
		}
		_, after, err := w.svc.Approve(ctx, "demo", o.ID, "fin", "seen on statement")
		if err != nil || after.Status != cashier.StatusCredited || after.DecidedBy != "fin" || after.DecidedAt == nil {
			t.Fatalf("approve = %+v, %v", after, err)
		}
		if _, _, err := w.svc.Approve(ctx, "demo", o.ID, "fin", ""); !errors.Is(err, cashier.ErrOrderState) {
			t.Errorf("approve twice = %v", err)
		}
		if _, _, err := w.svc.Reject(ctx, "demo", o.ID, "fin", "late"); !errors.Is(err, cashier.ErrOrderState) {
			t.Errorf("reject after credit = %v", err)
		}
		if b := w.balance(w.p1); b != 2500 {
			t.Errorf("balance = %d", b)
		}
		// Rejection: a reason is needed; the order cannot be approved after.
		r := w.deposit(w.p1, w.aba, 3000, "manual-2")
		if _, err := w.svc.Submit(ctx, "demo", w.p1, r.ID, "TX-3", pngOf(t, 8, 8)); err != nil {
			t.Fatal(err)
		}
		for _, reason := range []string{"", "   ", string(bytes.Repeat([]byte("x"), 201))} {
			if _, _, err := w.svc.Reject(ctx, "demo", r.ID, "fin", reason); !errors.Is(err, cashier.ErrReasonInvalid) {
				t.Errorf("reject with %q = %v", reason, err)
			}
		}
		if _, after, err := w.svc.Reject(ctx, "demo", r.ID, "fin", "no such transfer"); err != nil || after.Status != cashier.StatusRejected {
			t.Fatalf("reject = %+v, %v", after, err)
		}
		if _, _, err := w.svc.Approve(ctx, "demo", r.ID, "fin", ""); !errors.Is(err, cashier.ErrOrderState) {
			t.Errorf("approve after reject = %v", err)
		}
		if b := w.balance(w.p1); b != 2500 {
			t.Errorf("balance after rejection = %d", b)
		}
		w.verify()
	})
}

// TestDepositRules: the same requestId answers one order; a fourth open
// order, an amount out of range, a disabled channel, a channel of another
// VIP level and a daily limit are refused.
func TestDepositRules(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newWorld(t, db)
		ctx := context.Background()
		a := w.deposit(w.p1, w.aba, 1000, "same")
		b := w.deposit(w.p1, w.aba, 9999, "same")
		if a.ID != b.ID || b.Amount != 1000 {
			t.Fatalf("same request: %d %d", a.ID, b.ID)
		}
		w.deposit(w.p1, w.aba, 1000, "second")
		w.deposit(w.p1, w.aba, 1000, "third")
		cases := []struct {
			name    string
			member  int64
			channel int64
			amount  int64
			request string
			want    error
		}{
			{"fourth open order", w.p1, w.aba, 1000, "fourth", cashier.ErrTooManyPending},
			{"below min", w.p2, w.aba, 999, "low", cashier.ErrAmountOutOfRange},
			{"above max", w.p2, w.aba, 500001, "high", cashier.ErrAmountOutOfRange},
			{"zero", w.p2, w.simCh, 0, "zero", cashier.ErrAmountOutOfRange},
			{"unknown channel", w.p2, 999999, 1000, "nochan", cashier.ErrNotFound},
			{"empty request id", w.p2, w.aba, 1000, "", cashier.ErrRequestInvalid},
			{"control characters", w.p2, w.aba, 1000, "a\x00b", cashier.ErrRequestInvalid},
		}
		for _, c := range cases {
			if _, err := w.svc.CreateDeposit(ctx, w.payer(c.member), c.channel, c.amount, c.request); !errors.Is(err, c.want) {
				t.Errorf("%s = %v, want %v", c.name, err, c.want)
			}
		}
		// The same request again still answers its order, even with three open.
		if again := w.deposit(w.p1, w.aba, 1000, "same"); again.ID != a.ID {
			t.Errorf("replay with three open = %d", again.ID)
		}
		ch, _ := w.svc.Channel(ctx, "demo", w.aba)
		ch.Enabled = false
		if _, _, err := w.svc.UpdateChannel(ctx, "demo", "USD", w.aba, ch); err != nil {
			t.Fatal(err)
		}
		if _, err := w.svc.CreateDeposit(ctx, w.payer(w.p2), w.aba, 1000, "disabled"); !errors.Is(err, cashier.ErrNotFound) {
			t.Errorf("disabled channel = %v", err)
		}
		if list, _ := w.svc.MemberChannels(ctx, "demo", 0); len(list) != 1 || list[0].Code != "sim" {
			t.Errorf("channels with aba disabled = %+v", list)
		}
		sim, _ := w.svc.Channel(ctx, "demo", w.simCh)
		sim.VIPLevels, sim.DailyCount, sim.DailyAmount = []int{3}, 2, 0
		if _, _, err := w.svc.UpdateChannel(ctx, "demo", "USD", w.simCh, sim); err != nil {
			t.Fatal(err)
		}
		if _, err := w.svc.CreateDeposit(ctx, w.payer(w.p2), w.simCh, 1000, "vip"); !errors.Is(err, cashier.ErrNotFound) {
			t.Errorf("another VIP level = %v", err)
		}
		sim.VIPLevels = nil
		if _, _, err := w.svc.UpdateChannel(ctx, "demo", "USD", w.simCh, sim); err != nil {
			t.Fatal(err)
		}
		for i := range 2 {
			o := w.deposit(w.p2, w.simCh, 1000, "daily-"+strconv.Itoa(i))
			if i == 0 {
				if _, _, err := w.svc.Reject(ctx, "demo", o.ID, "fin", "test"); err != nil {
					t.Fatal(err)
				}
			}
		}
		if _, err := w.svc.CreateDeposit(ctx, w.payer(w.p2), w.simCh, 1000, "daily-2"); err != nil {
			t.Errorf("rejected orders count towards the daily limit: %v", err)
		}
		if _, err := w.svc.CreateDeposit(ctx, w.payer(w.p2), w.simCh, 1000, "daily-3"); !errors.Is(err, cashier.ErrDailyLimit) {
			t.Errorf("third of two a day = %v", err)
		}
		w.clk.add(24 * time.Hour)
		if _, err := w.svc.CreateDeposit(ctx, w.payer(w.p2), w.simCh, 1000, "daily-4"); err != nil {
			t.Errorf("next day = %v", err)
		}
	})
}

// TestExpiry: only overdue pending orders expire; money that arrives for
// an expired order goes to review, never lost.
func TestExpiry(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newWorld(t, db)
		ctx := context.Background()
		sim := w.deposit(w.p1, w.simCh, 2000, "exp-sim")
		manual := w.deposit(w.p1, w.aba, 2000, "exp-manual")
		submitted := w.deposit(w.p2, w.aba, 2000, "exp-sub")
		if _, err := w.svc.Submit(ctx, "demo", w.p2, submitted.ID, "TX", pngOf(t, 4, 4)); err != nil {
			t.Fatal(err)
		}
		if n, err := w.svc.ExpireDue(ctx); err != nil || n != 0 {
			t.Fatalf("nothing due = %d, %v", n, err)
		}
		w.clk.add(31 * time.Minute)
		if n, err := w.svc.ExpireDue(ctx); err != nil || n != 1 {
			t.Fatalf("sim due = %d, %v", n, err)
		}
		if w.order(sim.ID).Status != cashier.StatusExpired || w.order(manual.ID).Status != cashier.StatusPending {
			t.Fatal("wrong orders expired")
		}
		w.clk.add(24 * time.Hour)
		if n, err := w.svc.ExpireDue(ctx); err != nil || n != 1 {
			t.Fatalf("manual due = %d, %v", n, err)
		}
		if w.order(submitted.ID).Status != cashier.StatusSubmitted {
			t.Error("a submitted order expired")
		}
		body := w.notice(sim, cashier.NoticePaid, 2000)
		if err := w.svc.Webhook(ctx, "sim", body, cashier.Sign(w.secret(), body)); err != nil {
			t.Fatal(err)
		}
		if got := w.order(sim.ID); got.Status != cashier.StatusReview || w.balance(w.p1) != 0 {
			t.Fatalf("paid after expiry: %+v", got)
		}
		if _, _, err := w.svc.Approve(ctx, "demo", sim.ID, "fin", "late payment"); err != nil || w.balance(w.p1) != 1980 {
			t.Fatalf("approve late payment: %v, balance %d", err, w.balance(w.p1))
		}
		w.verify()
	})
}

// TestReconcileSim: a payment whose webhook never came is found by the
// status query and credited once; a failed one fails.
func TestReconcileSim(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newWorld(t, db)
		ctx := context.Background()
		paid := w.deposit(w.p1, w.simCh, 3000, "rec-paid")
		failed := w.deposit(w.p1, w.simCh, 3000, "rec-failed")
		young := w.deposit(w.p1, w.simCh, 3000, "rec-young")
		for id, st := range map[string]string{paid.PSPOrderID: "paid", failed.PSPOrderID: "failed", young.PSPOrderID: "paid"} {
			if err := w.sim.Settle(ctx, id, st, paysim.Switches{Silent: true}); err != nil {
				t.Fatal(err)
			}
		}
		if n, err := w.svc.ReconcileSim(ctx); err != nil || n != 0 {
			t.Fatalf("too early = %d, %v", n, err)
		}
		w.clk.add(3 * time.Minute)
		young2 := w.deposit(w.p2, w.simCh, 3000, "rec-young2")
		_ = young2
		if n, err := w.svc.ReconcileSim(ctx); err != nil || n != 3 {
			t.Fatalf("reconcile = %d, %v", n, err)
		}
		if n, err := w.svc.ReconcileSim(ctx); err != nil || n != 0 {
			t.Fatalf("reconcile again = %d, %v", n, err)
		}
		if w.order(paid.ID).Status != cashier.StatusCredited || w.order(failed.ID).Status != cashier.StatusFailed || w.balance(w.p1) != 2*2970 {
			t.Fatalf("after reconcile: %s %s %d", w.order(paid.ID).Status, w.order(failed.ID).Status, w.balance(w.p1))
		}
		w.verify()
	})
}

// TestSimulatorSwitches: the pay page's switches over real HTTP; each
// ends as the portal must (credited once, review, or pending for the
// reconciliation).
func TestSimulatorSwitches(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newWorld(t, db)
		cases := []struct {
			sw     string
			want   string
			credit int64
		}{
			{"duplicate=1&outoforder=1&slow=1", cashier.StatusCredited, 990},
			{"mismatch=1", cashier.StatusReview, 0},
			{"forged=1", cashier.StatusPending, 0},
		}
		for i, c := range cases {
			o := w.deposit(w.p2, w.simCh, 1000, "switch-"+strconv.Itoa(i))
			before := w.balance(w.p2)
			resp, err := http.Post(w.url+cashier.PayURL(o.PSPOrderID), "application/x-www-form-urlencoded",
				bytes.NewReader([]byte("action=pay&"+c.sw)))
			if err != nil || resp.StatusCode != 200 {
				t.Fatalf("pay: %v", err)
			}
			resp.Body.Close()
			w.sim.Wait()
			if got := w.order(o.ID); got.Status != c.want || w.balance(w.p2)-before != c.credit {
				t.Errorf("%s: %s, credited %d", c.sw, got.Status, w.balance(w.p2)-before)
			}
		}
		w.verify()
	})
}

// TestChannelRules: the settings' rules, the secret kept to the server.
func TestChannelRules(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newWorld(t, db)
		ctx := context.Background()
		good := cashier.Channel{Code: "wing", Name: "Wing", Kind: cashier.KindEwallet, Gateway: cashier.GatewaySim, Currency: "USD", Min: 100, Max: 1000, Enabled: true}
		cases := []struct {
			name  string
			edit  func(c *cashier.Channel)
			field string
		}{
			{"bad code", func(c *cashier.Channel) { c.Code = "Bad Code" }, "code"},
			{"short code", func(c *cashier.Channel) { c.Code = "x" }, "code"},
			{"min above max", func(c *cashier.Channel) { c.Min, c.Max = 500, 100 }, "max"},
			{"unknown kind", func(c *cashier.Channel) { c.Kind = "card" }, "kind"},
			{"p2p through the simulator", func(c *cashier.Channel) { c.Kind = cashier.KindP2P }, "gateway"},
			{"match carrying an e-wallet", func(c *cashier.Channel) { c.Gateway = cashier.GatewayMatch }, "gateway"},
			{"unknown gateway", func(c *cashier.Channel) { c.Gateway = "stripe" }, "gateway"},
			{"other currency", func(c *cashier.Channel) { c.Currency = "THB" }, "currency"},
			{"manual without bank", func(c *cashier.Channel) { c.Gateway = cashier.GatewayManual }, "bank"},
			{"fee eats min", func(c *cashier.Channel) { c.FeeFixed = 100 }, "feeFixed"},
			{"bad language", func(c *cashier.Channel) { c.Instructions = map[string]string{"english": "x"} }, "instructions"},
		}
		for _, c := range cases {
			ch := good
			c.edit(&ch)
			var ce *cashier.ChannelError
			if _, err := w.svc.CreateChannel(ctx, "demo", "USD", ch); !errors.As(err, &ce) || ce.Field != c.field {
				t.Errorf("%s = %v", c.name, err)
			}
		}
		made, err := w.svc.CreateChannel(ctx, "demo", "USD", good)
		if err != nil || !made.HasSecret {
			t.Fatalf("create = %+v, %v", made, err)
		}
		if _, err := w.svc.CreateChannel(ctx, "demo", "USD", good); !errors.Is(err, cashier.ErrChannelExists) {
			t.Errorf("same code = %v", err)
		}
		if _, err := w.svc.CreateChannel(ctx, "lucky", "USD", good); err != nil {
			t.Errorf("same code at another merchant = %v", err)
		}
		renamed := made
		renamed.Code = "other"
		var ce *cashier.ChannelError
		if _, _, err := w.svc.UpdateChannel(ctx, "demo", "USD", made.ID, renamed); !errors.As(err, &ce) || ce.Field != "code" {
			t.Errorf("code change = %v", err)
		}
		if _, _, err := w.svc.UpdateChannel(ctx, "lucky", "USD", made.ID, made); !errors.Is(err, cashier.ErrNotFound) {
			t.Errorf("another merchant's channel = %v", err)
		}
		renamed = made
		renamed.Name, renamed.Max = "Wing Money", 2000
		if _, after, err := w.svc.UpdateChannel(ctx, "demo", "USD", made.ID, renamed); err != nil || after.Name != "Wing Money" || after.Max != 2000 || !after.HasSecret {
			t.Errorf("update = %+v, %v", after, err)
		}
	})
}

// TestReport: the report's figures are those of the credited orders.
func TestReport(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newWorld(t, db)
		ctx := context.Background()
		secret := w.secret()
		var want, fees int64
		for i, amount := range []int64{1000, 2500, 7000} {
			o := w.deposit(w.p2, w.simCh, amount, fmt.Sprint("rep-", i))
			if i == 2 {
				continue // still pending: not counted
			}
			body := w.notice(o, cashier.NoticePaid, amount)
			if err := w.svc.Webhook(ctx, "sim", body, cashier.Sign(secret, body)); err != nil {
				t.Fatal(err)
			}
			want += amount
			fees += amount / 100
		}
		m := w.deposit(w.p1, w.aba, 4000, "rep-m")
		if _, err := w.svc.Submit(ctx, "demo", w.p1, m.ID, "TX", pngOf(t, 4, 4)); err != nil {
			t.Fatal(err)
		}
		if _, _, err := w.svc.Approve(ctx, "demo", m.ID, "fin", ""); err != nil {
			t.Fatal(err)
		}
		today := w.clk.now().Add(7 * time.Hour).Truncate(24 * time.Hour)
		rows, total, err := w.svc.Report(ctx, "demo", today.AddDate(0, 0, -1), today)
		if err != nil {
			t.Fatal(err)
		}
		if len(rows) != 2 || total.Deposits != 3 || total.DepositAmount != want+4000 || total.Fees != fees || total.Net != want+4000 {
			t.Fatalf("report = %+v totals %+v", rows, total)
		}
		if rows[0].ChannelID != w.aba || rows[0].DepositAmount != 4000 || rows[1].Deposits != 2 || rows[1].Fees != fees {
			t.Errorf("rows = %+v", rows)
		}
		if rows, _, _ := w.svc.Report(ctx, "lucky", today, today); len(rows) != 0 {
			t.Errorf("lucky sees %+v", rows)
		}
	})
}

// TestOpenOrdersUnderRace: a member firing many creates at once still ends
// with at most MaxOpen open orders (on PostgreSQL they queue on the
// member's row; SQLite has one writer).
func TestOpenOrdersUnderRace(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newWorld(t, db)
		var wg sync.WaitGroup
		var mu sync.Mutex
		made, refused := 0, 0
		for i := range 10 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, err := w.svc.CreateDeposit(context.Background(), w.payer(w.p1), w.aba, 1000, fmt.Sprintf("race-%d", i))
				mu.Lock()
				defer mu.Unlock()
				switch {
				case err == nil:
					made++
				case errors.Is(err, cashier.ErrTooManyPending):
					refused++
				default:
					t.Errorf("create: %v", err)
				}
			}()
		}
		wg.Wait()
		if made != cashier.MaxOpen || refused != 10-cashier.MaxOpen {
			t.Fatalf("made %d, refused %d; want %d open", made, refused, cashier.MaxOpen)
		}
	})
}

// TestFeeShownIsFeeCharged: an order paid as asked is charged the fee the
// member saw when ordering, even if finance changed the channel's fee
// before the money arrived.
func TestFeeShownIsFeeCharged(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newWorld(t, db)
		ctx := context.Background()
		o := w.deposit(w.p1, w.simCh, 10000, "fee-then-change")
		ch, err := w.svc.Channel(ctx, "demo", w.simCh)
		if err != nil {
			t.Fatal(err)
		}
		ch.FeeBps = 500
		if _, _, err := w.svc.UpdateChannel(ctx, "demo", "USD", w.simCh, ch); err != nil {
			t.Fatal(err)
		}
		before := w.balance(w.p1)
		body := w.notice(o, cashier.NoticePaid, 10000)
		if err := w.svc.Webhook(ctx, "sim", body, cashier.Sign(w.secret(), body)); err != nil {
			t.Fatal(err)
		}
		if got := w.balance(w.p1) - before; got != 9900 {
			t.Fatalf("credited %d, want 9900 (the 1%% fee shown when ordering)", got)
		}
		w.verify()
	})
}
