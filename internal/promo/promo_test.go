package promo_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"portal/internal/bonus"
	"portal/internal/cashier"
	"portal/internal/database"
	"portal/internal/dbtest"
	"portal/internal/merchant"
	"portal/internal/promo"
	"portal/internal/wallet"
)

type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time               { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) add(d time.Duration)          { c.mu.Lock(); c.t = c.t.Add(d); c.mu.Unlock() }
func (c *clock) ms() int64                    { return c.now().UnixMilli() }
func (c *clock) at(d time.Duration) time.Time { return c.now().Add(d) }

// fakeBonus grants bonus money as internal/bonus will: into the member's
// bonus account from the paying side, one running grant per member.
type fakeBonus struct {
	ledger *wallet.Service
	mu     sync.Mutex
	active map[int64]bool
}

var errActive = errors.New("bonus: active grant")

func (b *fakeBonus) GrantIn(ctx context.Context, q database.Querier, g promo.Grant) (int64, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.active[g.MemberID] {
		return 0, fmt.Errorf("%w: %w", promo.ErrBonusActive, errActive)
	}
	t, err := b.ledger.MoveIn(ctx, q, wallet.Request{Merchant: g.Merchant, Key: g.Source, From: g.From, To: wallet.Bonus(g.MemberID, g.Currency),
		Amount: g.Amount, Kind: "bonus"})
	if err != nil {
		return 0, err
	}
	b.active[g.MemberID] = true
	return t.CreditBalance, nil
}

type world struct {
	t      *testing.T
	db     *database.DB
	clk    *clock
	ledger *wallet.Service
	svc    *promo.Service
	store  cashier.DirStore
	n      atomic.Int64
	chanID int64
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
	w := &world{t: t, db: db, clk: &clock{t: time.Date(2026, 11, 2, 10, 0, 0, 0, time.UTC)}, store: cashier.DirStore{Dir: t.TempDir()}}
	w.ledger = wallet.NewService(db, w.clk.now)
	w.svc = promo.NewService(db, w.ledger, promo.Options{Now: w.clk.now, Store: w.store, Bonus: &fakeBonus{ledger: w.ledger, active: map[int64]bool{}}})
	if err := db.Read().QueryRowContext(ctx, `SELECT id FROM payment_channels WHERE merchant_code = 'demo' ORDER BY id LIMIT 1`).Scan(&w.chanID); err != nil {
		t.Fatal(err)
	}
	return w
}

func (w *world) member(vip int) promo.Who {
	w.t.Helper()
	n := w.n.Add(1)
	var id int64
	err := w.db.Write().QueryRowContext(context.Background(), `INSERT INTO members (merchant_code, username, password_hash, vip_level, created_at)
		VALUES ('demo', $1, 'x', $2, $3) RETURNING id`, "promo"+strconv.FormatInt(n, 10), vip, w.clk.ms()).Scan(&id)
	if err != nil {
		w.t.Fatal(err)
	}
	return promo.Who{Merchant: "demo", Currency: "USD", MemberID: id}
}

func (w *world) deposit(m promo.Who, amount int64) {
	w.t.Helper()
	n := w.n.Add(1)
	_, err := w.db.Write().ExecContext(context.Background(), `INSERT INTO deposit_orders (merchant_code, member_id, channel_id, request_id, amount, fee,
		credit, currency, status, created_at, expires_at, credited_at) VALUES ('demo', $1, $2, $3, $4, 0, $4, 'USD', 'credited', $5, $5, $5)`,
		m.MemberID, w.chanID, "r"+strconv.FormatInt(n, 10), amount, w.clk.ms())
	if err != nil {
		w.t.Fatal(err)
	}
}

func (w *world) round(m promo.Who, gameType string, stake, win int64) {
	w.t.Helper()
	n := w.n.Add(1)
	_, err := w.db.Write().ExecContext(context.Background(), `INSERT INTO game_rounds (vendor_code, round_id, merchant_code, member_id, game_code,
		game_type, currency, mode, stake, win, closed, opened_at, closed_at) VALUES ('SIM', $1, 'demo', $2, 'g1', $3, 'USD', 'real', $4, $5, 1, $6, $6)`,
		"rd"+strconv.FormatInt(n, 10), m.MemberID, gameType, stake, win, w.clk.ms())
	if err != nil {
		w.t.Fatal(err)
	}
}

func texts() map[string]promo.Text {
	return map[string]promo.Text{"EN": {Title: "Promo", Summary: "s", Body: "<p>ok</p><script>x()</script>"}, "KM": {Title: "ប្រូម៉ូសិន"}}
}

func (w *world) promo(in promo.Input) *promo.Promotion {
	w.t.Helper()
	if in.StartsAt.IsZero() {
		in.StartsAt = w.clk.at(-time.Hour)
	}
	if in.Status == "" {
		in.Status = promo.StatusLive
	}
	if in.Texts == nil {
		in.Texts = texts()
	}
	p, err := w.svc.Create(context.Background(), "demo", in)
	if err != nil {
		w.t.Fatal(err)
	}
	return p
}

func (w *world) state(m promo.Who, p *promo.Promotion) promo.MemberState {
	w.t.Helper()
	cur, err := w.svc.Get(context.Background(), "demo", p.ID)
	if err != nil {
		w.t.Fatal(err)
	}
	st, err := w.svc.State(context.Background(), "demo", m.MemberID, cur)
	if err != nil {
		w.t.Fatal(err)
	}
	return st
}

func (w *world) verify() {
	w.t.Helper()
	v, err := w.ledger.Verify(context.Background())
	if err != nil || len(v) > 0 {
		w.t.Fatalf("ledger verify: %v %v", v, err)
	}
}

func (w *world) balance(r wallet.Ref) int64 {
	w.t.Helper()
	b, err := w.ledger.Balance(context.Background(), "demo", r)
	if err != nil {
		w.t.Fatal(err)
	}
	return b
}

var reqN atomic.Int64

func req() string { return "req-" + strconv.FormatInt(reqN.Add(1), 10) }

func pngOf(t *testing.T, side int) []byte {
	t.Helper()
	img := image.NewNRGBA(image.Rect(0, 0, side, side))
	img.Set(0, 0, color.NRGBA{200, 10, 10, 255})
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestStateMachine walks every label of G-004.
func TestStateMachine(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newWorld(t, db)
		ctx := context.Background()
		seen := map[string]bool{}
		expect := func(m promo.Who, p *promo.Promotion, want string) promo.MemberState {
			t.Helper()
			st := w.state(m, p)
			if st.State != want {
				t.Fatalf("promotion %d (%s): state %q, want %q (%+v)", p.ID, p.Kind, st.State, want, st)
			}
			seen[want] = true
			return st
		}
		m := w.member(2)
		soon := w.promo(promo.Input{Kind: promo.KindFree, StartsAt: w.clk.at(time.Hour), Reward: promo.Reward{Kind: promo.RewardCash, Amount: 100}})
		expect(m, soon, promo.StateComingSoon)
		vip := w.promo(promo.Input{Kind: promo.KindFree, VIPMin: 5, VIPMax: 9, Reward: promo.Reward{Kind: promo.RewardCash, Amount: 100}})
		expect(m, vip, promo.StateClosed)

		turn := w.promo(promo.Input{Kind: promo.KindTurnover, Target: 10000, GameTypes: []string{"RNG"}, Reward: promo.Reward{Kind: promo.RewardCash, Amount: 500}})
		expect(m, turn, promo.StateJoin)
		if _, err := w.svc.Claim(ctx, m, turn.ID, req()); !errors.Is(err, promo.ErrNotQualified) {
			t.Fatalf("claim before joining = %v", err)
		}
		w.round(m, "RNG", 9999, 0) // before the join: does not count
		w.clk.add(time.Second)
		if s, err := w.svc.Join(ctx, m, turn.ID); err != nil || s != promo.StateJoined {
			t.Fatalf("join = %q %v", s, err)
		}
		expect(m, turn, promo.StateJoined)
		w.clk.add(time.Second)
		w.round(m, "LIVE", 50000, 0) // another game type
		w.round(m, "RNG", 6000, 100)
		st := expect(m, turn, promo.StateInProgress)
		if st.Progress == nil || st.Progress.Current != 6000 || st.Progress.Target != 10000 {
			t.Fatalf("progress = %+v", st.Progress)
		}
		w.round(m, "RNG", 4000, 0)
		st = expect(m, turn, promo.StateClaim)
		if st.Claimable == nil || *st.Claimable != 500 {
			t.Fatalf("claimable = %v", st.Claimable)
		}
		res, err := w.svc.Claim(ctx, m, turn.ID, req())
		if err != nil || res.State != promo.StateClaimed || res.Balance != 500 || res.Reward.Amount != 500 {
			t.Fatalf("claim = %+v %v", res, err)
		}
		expect(m, turn, promo.StateClaimed)

		app := w.promo(promo.Input{Kind: promo.KindApplication, Reward: promo.Reward{Kind: promo.RewardCash}})
		expect(m, app, promo.StateJoin)
		first, err := w.svc.Apply(ctx, m, app.ID, "my win", [][]byte{pngOf(t, 4)})
		if err != nil {
			t.Fatal(err)
		}
		expect(m, app, promo.StateApplying)
		if _, err := w.svc.Reject(ctx, "demo", first, "blurry screenshot", "ops"); err != nil {
			t.Fatal(err)
		}
		if st := expect(m, app, promo.StateRejected); st.Reason != "blurry screenshot" {
			t.Fatalf("reason = %q", st.Reason)
		}
		second, err := w.svc.Apply(ctx, m, app.ID, "again", nil)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.svc.Approve(ctx, "demo", "USD", second, 700, "ops"); err != nil {
			t.Fatal(err)
		}
		expect(m, app, promo.StateIssued)

		if _, _, err := w.svc.SetStatus(ctx, "demo", turn.ID, promo.StatusPaused); err != nil {
			t.Fatal(err)
		}
		other := w.member(0)
		expect(other, turn, promo.StateClosed)
		for _, l := range promo.States {
			if !seen[l] {
				t.Errorf("label %q never reached", l)
			}
		}
		if b := w.balance(wallet.Member(m.MemberID, "USD")); b != 1200 {
			t.Fatalf("balance = %d", b)
		}
		w.verify()
	})
}

// TestOneClaimPerMemberUnderConcurrency: 20 clicks at once pay once.
func TestOneClaimPerMemberUnderConcurrency(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newWorld(t, db)
		p := w.promo(promo.Input{Kind: promo.KindFree, Reward: promo.Reward{Kind: promo.RewardCash, Amount: 300}})
		m := w.member(0)
		var ok, dup atomic.Int64
		var wg sync.WaitGroup
		for i := range 20 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, err := w.svc.Claim(context.Background(), m, p.ID, "click-"+strconv.Itoa(i))
				switch {
				case err == nil:
					ok.Add(1)
				case errors.Is(err, promo.ErrAlreadyClaimed):
					dup.Add(1)
				default:
					t.Errorf("claim: %v", err)
				}
			}()
		}
		wg.Wait()
		if ok.Load() != 1 || dup.Load() != 19 {
			t.Fatalf("ok %d, duplicate %d", ok.Load(), dup.Load())
		}
		if b := w.balance(wallet.Member(m.MemberID, "USD")); b != 300 {
			t.Fatalf("balance = %d", b)
		}
		// A replay of the winning or any refused request id changes nothing.
		for i := range 20 {
			res, err := w.svc.Claim(context.Background(), m, p.ID, "click-"+strconv.Itoa(i))
			if err == nil && (res.Reward.Amount != 300 || res.Balance != 300) {
				t.Fatalf("replay = %+v", res)
			}
		}
		if b := w.balance(wallet.Member(m.MemberID, "USD")); b != 300 {
			t.Fatalf("balance after replays = %d", b)
		}
		w.verify()
	})
}

// TestBudgetAndTotalLimitUnderConcurrency: 20 members at once never
// overspend the budget nor pass the total limit.
func TestBudgetAndTotalLimitUnderConcurrency(t *testing.T) {
	for _, tc := range []struct {
		name   string
		in     promo.Input
		paid   int64
		refuse error
	}{
		{"budget", promo.Input{Kind: promo.KindFree, Budget: 750, Reward: promo.Reward{Kind: promo.RewardCash, Amount: 100}}, 7, promo.ErrBudgetExhausted},
		{"total limit", promo.Input{Kind: promo.KindFree, TotalLimit: 5, Reward: promo.Reward{Kind: promo.RewardPoints, Amount: 100}}, 5, promo.ErrClosed},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dbtest.Each(t, func(t *testing.T, db *database.DB) {
				w := newWorld(t, db)
				p := w.promo(tc.in)
				members := make([]promo.Who, 20)
				for i := range members {
					members[i] = w.member(0)
				}
				var ok atomic.Int64
				var wg sync.WaitGroup
				for _, m := range members {
					wg.Add(1)
					go func() {
						defer wg.Done()
						_, err := w.svc.Claim(context.Background(), m, p.ID, req())
						if err == nil {
							ok.Add(1)
						} else if !errors.Is(err, tc.refuse) && !errors.Is(err, promo.ErrClosed) && !errors.Is(err, promo.ErrBudgetExhausted) {
							t.Errorf("claim: %v", err)
						}
					}()
				}
				wg.Wait()
				cur, _ := w.svc.Get(context.Background(), "demo", p.ID)
				if ok.Load() != tc.paid || int64(cur.Claims) != tc.paid || cur.Spent != tc.paid*100 {
					t.Fatalf("paid %d, claims %d, spent %d", ok.Load(), cur.Claims, cur.Spent)
				}
				// Everyone else now sees it closed, and a claim says why.
				late := w.member(0)
				if st := w.state(late, p); st.State != promo.StateClosed {
					t.Fatalf("late state = %s", st.State)
				}
				if _, err := w.svc.Claim(context.Background(), late, p.ID, req()); !errors.Is(err, tc.refuse) {
					t.Fatalf("late claim = %v, want %v", err, tc.refuse)
				}
				w.verify()
			})
		})
	}
}

// TestDepositClaimableOncePerDeposit: each qualifying deposit once, up
// to the member's limit; first deposit only the first; bonus rewards go
// to the bonus account.
func TestDepositClaimableOncePerDeposit(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newWorld(t, db)
		ctx := context.Background()
		dep := w.promo(promo.Input{Kind: promo.KindDeposit, MinDeposit: 2000, PerMemberLimit: 2,
			Reward: promo.Reward{Kind: promo.RewardCash, PercentBp: 1000, Cap: 5000}})
		first := w.promo(promo.Input{Kind: promo.KindFirstDeposit, MinDeposit: 1000,
			Reward: promo.Reward{Kind: promo.RewardBonus, PercentBp: 10000, Cap: 50000, Wagering: 10, ExpiryDays: 7}})
		m := w.member(0)
		if st := w.state(m, dep); st.State != promo.StateInProgress {
			t.Fatalf("before a deposit: %s", st.State)
		}
		w.deposit(m, 1000) // below the deposit promotion's minimum
		w.clk.add(time.Second)
		w.deposit(m, 100000)
		// Two clicks at once on the same deposit: one pays.
		var wg sync.WaitGroup
		var ok atomic.Int64
		for range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if _, err := w.svc.Claim(ctx, m, dep.ID, req()); err == nil {
					ok.Add(1)
				}
			}()
		}
		wg.Wait()
		if ok.Load() != 1 {
			t.Fatalf("concurrent claims paid %d", ok.Load())
		}
		if _, err := w.svc.Claim(ctx, m, dep.ID, req()); !errors.Is(err, promo.ErrNotQualified) {
			t.Fatalf("the same deposit again = %v", err)
		}
		w.clk.add(time.Second)
		w.deposit(m, 30000)
		res, err := w.svc.Claim(ctx, m, dep.ID, req())
		if err != nil || res.Reward.Amount != 3000 {
			t.Fatalf("second deposit's claim = %+v %v", res, err)
		}
		if _, err := w.svc.Claim(ctx, m, dep.ID, req()); !errors.Is(err, promo.ErrAlreadyClaimed) {
			t.Fatalf("past the limit = %v", err)
		}
		if b := w.balance(wallet.Member(m.MemberID, "USD")); b != 5000+3000 {
			t.Fatalf("cash = %d", b)
		}
		// The first deposit (10.00) qualifies the first-deposit bonus: 100%.
		res, err = w.svc.Claim(ctx, m, first.ID, req())
		if err != nil || res.Reward.Kind != promo.RewardBonus || res.Reward.Amount != 1000 || res.BonusBalance != 1000 {
			t.Fatalf("first deposit bonus = %+v %v", res, err)
		}
		// A member whose first deposit was too small never qualifies.
		small := w.member(0)
		w.deposit(small, 500)
		w.deposit(small, 5000)
		if st := w.state(small, first); st.State != promo.StateClosed {
			t.Fatalf("small first deposit: %s", st.State)
		}
		// A second bonus while one runs is refused by the bonus package.
		other := w.promo(promo.Input{Kind: promo.KindFree, Reward: promo.Reward{Kind: promo.RewardBonus, Amount: 100, Wagering: 1, ExpiryDays: 1}})
		if _, err := w.svc.Claim(ctx, m, other.ID, req()); !errors.Is(err, promo.ErrBonusActive) {
			t.Fatalf("second bonus = %v", err)
		}
		if st := w.state(m, other); st.State != promo.StateClaim {
			t.Fatalf("after a refused bonus the claim still waits: %s", st.State)
		}
		w.verify()
	})
}

// TestApplications: the image and comment rules, one pending at a time,
// approve pays once, reject shows its reason.
func TestApplications(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newWorld(t, db)
		ctx := context.Background()
		p := w.promo(promo.Input{Kind: promo.KindApplication, PerMemberLimit: 2, Reward: promo.Reward{Kind: promo.RewardCash}})
		m := w.member(0)
		img := pngOf(t, 8)
		for _, tc := range []struct {
			name    string
			comment string
			images  [][]byte
			want    error
		}{
			{"long comment", strings.Repeat("ក", 141), nil, promo.ErrCommentTooLong},
			{"four images", "x", [][]byte{img, img, img, img}, promo.ErrTooManyImages},
			{"not an image", "x", [][]byte{[]byte("GIF89a....")}, promo.ErrImageType},
			{"html as png", "x", [][]byte{[]byte("\x89PNG\r\n\x1a\n<script>")}, promo.ErrImageType},
			{"too large", "x", [][]byte{append(append([]byte{}, img...), make([]byte, 5<<20)...)}, promo.ErrImageTooLarge},
		} {
			if _, err := w.svc.Apply(ctx, m, p.ID, tc.comment, tc.images); !errors.Is(err, tc.want) {
				t.Errorf("%s: %v, want %v", tc.name, err, tc.want)
			}
		}
		id, err := w.svc.Apply(ctx, m, p.ID, strings.Repeat("ក", 140), [][]byte{img, img, img})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.svc.Apply(ctx, m, p.ID, "again", nil); !errors.Is(err, promo.ErrApplicationPending) {
			t.Fatalf("second pending = %v", err)
		}
		got, err := w.svc.ApplicationImage(ctx, "demo", id, 2)
		if err != nil || got.ContentType != "image/png" || len(got.Data) == 0 {
			t.Fatalf("image = %v", err)
		}
		if _, err := w.svc.ApplicationImage(ctx, "demo", id, 3); !errors.Is(err, promo.ErrNotFound) {
			t.Fatalf("image 3 = %v", err)
		}
		if _, err := w.svc.ApplicationImage(ctx, "lucky", id, 0); !errors.Is(err, promo.ErrNotFound) {
			t.Fatalf("other merchant's image = %v", err)
		}
		// Two approvals at once: one pays.
		var wg sync.WaitGroup
		var ok, decided atomic.Int64
		for range 5 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, err := w.svc.Approve(ctx, "demo", "USD", id, 2500, "ops")
				switch {
				case err == nil:
					ok.Add(1)
				case errors.Is(err, promo.ErrApplicationDecided):
					decided.Add(1)
				default:
					t.Errorf("approve: %v", err)
				}
			}()
		}
		wg.Wait()
		if ok.Load() != 1 || decided.Load() != 4 {
			t.Fatalf("approve ok %d decided %d", ok.Load(), decided.Load())
		}
		if _, err := w.svc.Reject(ctx, "demo", id, "late", "ops"); !errors.Is(err, promo.ErrApplicationDecided) {
			t.Fatalf("reject after approve = %v", err)
		}
		if b := w.balance(wallet.Member(m.MemberID, "USD")); b != 2500 {
			t.Fatalf("balance = %d", b)
		}
		id2, err := w.svc.Apply(ctx, m, p.ID, "second", nil)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.svc.Reject(ctx, "demo", id2, " ", "ops"); !errors.Is(err, promo.ErrReasonRequired) {
			t.Fatalf("empty reason = %v", err)
		}
		if _, err := w.svc.Reject(ctx, "demo", id2, "duplicate screenshot", "ops"); err != nil {
			t.Fatal(err)
		}
		list, total, err := w.svc.MemberClaims(ctx, "demo", m.MemberID, "KM", "KM", 1, 20)
		if err != nil || total != 2 || list[0].State != "rejected" || list[0].Reason != "duplicate screenshot" || list[1].State != "issued" ||
			list[1].Reward.Amount != 2500 || list[0].Title != "ប្រូម៉ូសិន" {
			t.Fatalf("member claims = %+v %d %v", list, total, err)
		}
		ledger, err := w.svc.LedgerOf(ctx, "demo", p.ID)
		if err != nil || ledger.Cost != 2500 || ledger.Claims != 1 || ledger.Members != 1 {
			t.Fatalf("ledger = %+v %v", ledger, err)
		}
		w.verify()
	})
}

// TestInputRules: the back office's mistakes are refused; the body is
// sanitized; kind and reward are fixed once live.
func TestInputRules(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newWorld(t, db)
		ctx := context.Background()
		good := func() promo.Input {
			return promo.Input{Kind: promo.KindFree, StartsAt: w.clk.now(), Reward: promo.Reward{Kind: promo.RewardCash, Amount: 1}, Texts: texts()}
		}
		for name, mut := range map[string]func(*promo.Input){
			"kind":        func(in *promo.Input) { in.Kind = "lottery" },
			"reward kind": func(in *promo.Input) { in.Reward.Kind = "gold" },
			"no amount":   func(in *promo.Input) { in.Reward.Amount = 0 },
			"wagering": func(in *promo.Input) {
				in.Reward = promo.Reward{Kind: promo.RewardBonus, Amount: 1, Wagering: 101, ExpiryDays: 1}
			},
			"expiry": func(in *promo.Input) {
				in.Reward = promo.Reward{Kind: promo.RewardBonus, Amount: 1, Wagering: 1, ExpiryDays: 0}
			},
			"cash wagering": func(in *promo.Input) { in.Reward.Wagering = 3 },
			"vip":           func(in *promo.Input) { in.VIPMin, in.VIPMax = 5, 2 },
			"ends":          func(in *promo.Input) { e := in.StartsAt.Add(-time.Hour); in.EndsAt = &e },
			"no texts":      func(in *promo.Input) { in.Texts = nil },
			"title markup":  func(in *promo.Input) { in.Texts = map[string]promo.Text{"EN": {Title: "<b>x</b>"}} },
			"language":      func(in *promo.Input) { in.Texts = map[string]promo.Text{"xx-invalid-language": {Title: "x"}} },
			"target":        func(in *promo.Input) { in.Kind = promo.KindTurnover },
			"image url":     func(in *promo.Input) { in.ImageURL = "javascript:alert(1)" },
			"percent free":  func(in *promo.Input) { in.Reward.PercentBp = 100 },
		} {
			in := good()
			mut(&in)
			if _, err := w.svc.Create(ctx, "demo", in); !errors.Is(err, promo.ErrInvalid) {
				t.Errorf("%s: %v", name, err)
			}
		}
		p, err := w.svc.Create(ctx, "demo", good())
		if err != nil || p.Status != promo.StatusDraft || strings.Contains(p.Texts["EN"].Body, "script") {
			t.Fatalf("create = %+v %v", p, err)
		}
		in := good()
		in.Status = promo.StatusLive
		if _, _, err := w.svc.Update(ctx, "demo", p.ID, in); err != nil {
			t.Fatal(err)
		}
		// An edit naming no status keeps the live one.
		edit := good()
		edit.Texts = map[string]promo.Text{"EN": {Title: "Renamed"}}
		if _, after, err := w.svc.Update(ctx, "demo", p.ID, edit); err != nil || after.Status != promo.StatusLive {
			t.Fatalf("edit without a status = %+v %v, want it still live", after, err)
		}
		in.Reward.Amount = 2
		if _, _, err := w.svc.Update(ctx, "demo", p.ID, in); !errors.Is(err, promo.ErrInvalid) {
			t.Fatalf("reward change while live = %v", err)
		}
		if _, _, err := w.svc.Update(ctx, "lucky", p.ID, good()); !errors.Is(err, promo.ErrNotFound) {
			t.Fatalf("other merchant = %v", err)
		}
		if _, _, err := w.svc.SetStatus(ctx, "demo", p.ID, promo.StatusEnded); err != nil {
			t.Fatal(err)
		}
		if _, _, err := w.svc.SetStatus(ctx, "demo", p.ID, promo.StatusLive); !errors.Is(err, promo.ErrClosed) {
			t.Fatalf("revive ended = %v", err)
		}
	})
}

// TestSeedIsIdempotent: the demo promotions are written once.
func TestSeedIsIdempotent(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		newWorld(t, db)
		for range 2 {
			if err := promo.Seed(context.Background(), db); err != nil {
				t.Fatal(err)
			}
		}
		var n int
		if err := db.Read().QueryRowContext(context.Background(), `SELECT COUNT(*) FROM promotions WHERE merchant_code = 'demo'`).Scan(&n); err != nil || n != 6 {
			t.Fatalf("promotions = %d %v", n, err)
		}
	})
}

// TestBonusRewardThroughBonusPackage: a bonus reward goes through the real
// bonus package: granted once from the promotion's side, a second bonus
// while it runs refused as bonus.active_grant, the ledger clean.
func TestBonusRewardThroughBonusPackage(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newWorld(t, db)
		w.svc.SetBonus(promo.Bonuses{Service: bonus.NewService(db, w.ledger, bonus.Options{Now: w.clk.now})})
		ctx := context.Background()
		first := w.promo(promo.Input{Kind: promo.KindFirstDeposit, MinDeposit: 1000,
			Reward: promo.Reward{Kind: promo.RewardBonus, PercentBp: 10000, Cap: 50000, Wagering: 10, ExpiryDays: 7}})
		again := w.promo(promo.Input{Kind: promo.KindFree, Reward: promo.Reward{Kind: promo.RewardBonus, Amount: 100, Wagering: 1, ExpiryDays: 1}})
		m := w.member(0)
		w.deposit(m, 80000)
		res, err := w.svc.Claim(ctx, m, first.ID, req())
		if err != nil || res.Reward.Amount != 50000 || res.BonusBalance != 50000 {
			t.Fatalf("bonus claim = %+v %v", res, err)
		}
		if b := w.balance(wallet.Side(wallet.KindPromo, "promo:"+strconv.FormatInt(first.ID, 10), "USD")); b != -50000 {
			t.Fatalf("paying side = %d", b)
		}
		if _, err := w.svc.Claim(ctx, m, again.ID, req()); !errors.Is(err, promo.ErrBonusActive) {
			t.Fatalf("second bonus = %v", err)
		}
		if cur, _ := w.svc.Get(ctx, "demo", again.ID); cur.Claims != 0 || cur.Spent != 0 {
			t.Fatalf("a refused grant counted: %+v", cur)
		}
		w.verify()
	})
}
