package rebate_test

import (
	"context"
	"errors"
	"strconv"
	"sync"
	"testing"

	"portal/internal/database"
	"portal/internal/dbtest"
	"portal/internal/identity"
	"portal/internal/rebate"
)

func TestManualClaim(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		w := newWorld(t, db)
		w.rates(
			rebate.Rate{Kind: rebate.KindRebate, Mode: rebate.ModeManual, Period: "daily", GameType: "RNG", RateBp: 100, MinPayout: 50},
			rebate.Rate{Kind: rebate.KindRebate, Mode: rebate.ModeAuto, Period: "daily", RateBp: 10},
		)
		ann := w.member("ann01", 0, identity.TypeMember)
		bob := w.member("bob01", 0, identity.TypeMember)
		if _, err := w.svc.Claim(ctx, "demo", ann, "r0"); !errors.Is(err, rebate.ErrNothingToClaim) {
			t.Fatalf("claim of nothing: %v", err)
		}
		w.round(ann, "RNG", "real", 2_000, 0, 0, at(2, 9, 30))
		w.round(ann, "LIVE", "real", 9_000, 0, 0, at(2, 9, 40)) // no manual rate on LIVE
		w.clk.set(at(2, 10, 0))
		if _, err := w.svc.Claim(ctx, "demo", ann, "r1"); !errors.Is(err, rebate.ErrBelowMinimum) {
			t.Fatalf("claim below the minimum: %v", err)
		}
		w.round(ann, "RNG", "real", 8_000, 0, 0, at(2, 10, 0))
		st, err := w.svc.StatusOf(ctx, "demo", ann)
		if err != nil || st.Claimable != 100 || st.Accrued.Rebate != 100+19 || st.LastPaid != nil || !st.Period.Start.Equal(at(2, 0, 0)) || len(st.Rates) != 2 {
			t.Fatalf("status: %+v %v", st, err)
		}

		// Ten concurrent claims, each its own request: one pays.
		before := w.balance(ann)
		var wg sync.WaitGroup
		var mu sync.Mutex
		var paid, nothing int
		for i := range 10 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				r, err := w.svc.Claim(ctx, "demo", ann, "c"+strconv.Itoa(i))
				mu.Lock()
				defer mu.Unlock()
				switch {
				case err == nil && r.Amount == 100:
					paid++
				case errors.Is(err, rebate.ErrNothingToClaim):
					nothing++
				default:
					t.Errorf("claim %d: %+v %v", i, r, err)
				}
			}()
		}
		wg.Wait()
		if paid != 1 || nothing != 9 || w.balance(ann)-before != 100 {
			t.Fatalf("concurrent claims: %d paid, %d nothing, balance +%d", paid, nothing, w.balance(ann)-before)
		}
		// A replay of one request answers its first result.
		var winner string
		for i := range 10 {
			if r, err := w.svc.Claim(ctx, "demo", ann, "c"+strconv.Itoa(i)); err == nil && r.Amount == 100 {
				winner = "c" + strconv.Itoa(i)
			}
		}
		if winner == "" || w.balance(ann)-before != 100 {
			t.Fatal("replay did not answer the first claim, or paid again")
		}
		// The same request clicked twice at once pays once.
		w.round(ann, "RNG", "real", 6_000, 0, 0, at(2, 10, 30))
		w.clk.set(at(2, 11, 0))
		var twice sync.WaitGroup
		results := make([]int64, 2)
		for i := range 2 {
			twice.Add(1)
			go func() {
				defer twice.Done()
				r, err := w.svc.Claim(ctx, "demo", ann, "double")
				if err != nil {
					t.Errorf("double click: %v", err)
				}
				results[i] = r.Amount
			}()
		}
		twice.Wait()
		if results[0] != 60 || results[1] != 60 || w.balance(ann)-before != 160 {
			t.Fatalf("double click: %v, balance +%d", results, w.balance(ann)-before)
		}
		// Another member's claim is its own.
		if _, err := w.svc.Claim(ctx, "demo", bob, winner); !errors.Is(err, rebate.ErrNothingToClaim) {
			t.Fatalf("bob replaying ann's request: %v", err)
		}
		// A new day: what the 2nd left unclaimed is not carried.
		w.round(ann, "RNG", "real", 5_000, 0, 0, at(2, 20, 0))
		w.clk.set(at(3, 1, 0))
		if _, err := w.svc.Claim(ctx, "demo", ann, "d3"); !errors.Is(err, rebate.ErrNothingToClaim) {
			t.Fatalf("claim of the ended day: %v", err)
		}
		h, total, err := w.svc.History(ctx, ann, 1, 20)
		if err != nil || total != 2 || h[0].Amount != 60 || h[0].Mode != rebate.ModeManual || h[0].MemberID != 0 {
			t.Fatalf("history: %+v %d %v", h, total, err)
		}
		st, err = w.svc.StatusOf(ctx, "demo", ann)
		if err != nil || st.LastPaid == nil || st.LastPaid.Amount != 60 || st.Claimable != 0 {
			t.Fatalf("status after: %+v %v", st, err)
		}
		w.verify()
	})
}
