package agent_test

import (
	"context"
	"errors"
	"sync"
	"testing"

	"portal/internal/agent"
	"portal/internal/database"
	"portal/internal/dbtest"
)

func TestContractRateRules(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newWorld(t, db)
		ctx := context.Background()
		offer := func(upline, member int64, k agent.Kind, p agent.Period, top int64) (agent.Contract, error) {
			return w.svc.Offer(ctx, agent.Offer{Merchant: "demo", UplineID: upline, MemberID: member, Kind: k, Period: p, Tiers: []agent.Tier{rate(top / 2), {ValidBet: 1000, Rate: top}}})
		}
		// An agent without a contract of the kind has nothing to offer from.
		if _, err := offer(w.top, w.mid, agent.DailySalary, "", 100); !errors.Is(err, agent.ErrCannotOffer) {
			t.Fatalf("offer without own contract: %v", err)
		}
		w.contract(0, w.top, agent.DailySalary, agent.Daily, rate(200))
		cases := []struct {
			name           string
			upline, member int64
			kind           agent.Kind
			period         agent.Period
			top            int64
			want           error
		}{
			{"above the upline's own rate", w.top, w.mid, agent.DailySalary, "", 201, agent.ErrRateAboveUpline},
			{"not a direct downline", w.top, w.p1, agent.DailySalary, "", 100, agent.ErrNotDownline},
			{"a member of another team", w.top, w.other, agent.DailySalary, "", 100, agent.ErrNotDownline},
			{"a plain member", w.top, w.p3, agent.DailySalary, "", 100, agent.ErrMemberNotAgent},
			{"a dividend period for a salary", w.top, w.mid, agent.DailySalary, agent.Weekly, 100, agent.ErrPeriodKindInvalid},
			{"a kind the upline does not hold", w.top, w.mid, agent.Dividend, agent.Monthly, 100, agent.ErrCannotOffer},
		}
		for _, c := range cases {
			if _, err := offer(c.upline, c.member, c.kind, c.period, c.top); !errors.Is(err, c.want) {
				t.Errorf("%s: %v, want %v", c.name, err, c.want)
			}
		}
		first, err := offer(w.top, w.mid, agent.DailySalary, "", 150)
		if err != nil || first.State != agent.StateOffered {
			t.Fatalf("offer: %+v %v", first, err)
		}
		if _, err := offer(w.top, w.mid, agent.DailySalary, "", 160); !errors.Is(err, agent.ErrOfferPending) {
			t.Fatalf("second offer: %v", err)
		}
		// Only the member signs.
		if _, err := w.svc.Sign(ctx, "demo", w.top, first.ID); !errors.Is(err, agent.ErrNotFound) {
			t.Fatalf("signed by the upline: %v", err)
		}
		signed, err := w.svc.Sign(ctx, "demo", w.mid, first.ID)
		if err != nil || signed.State != agent.StateActive || signed.StartsAt != at(3, 0, 0).UnixMilli() {
			t.Fatalf("sign: %+v %v", signed, err)
		}
		// F-025: lower or equal is refused, higher replaces on signing.
		for _, r := range []int64{100, 150} {
			if _, err := offer(w.top, w.mid, agent.DailySalary, "", r); !errors.Is(err, agent.ErrRateNotHigher) {
				t.Fatalf("offer at %d over 150: %v", r, err)
			}
		}
		higher, err := offer(w.top, w.mid, agent.DailySalary, "", 180)
		if err != nil {
			t.Fatal(err)
		}
		if higher, err = w.svc.Sign(ctx, "demo", w.mid, higher.ID); err != nil || higher.ReplacesID != first.ID {
			t.Fatalf("sign higher: %+v %v", higher, err)
		}
		old, _ := w.svc.Contract(ctx, "demo", first.ID)
		if old.State != agent.StateTerminated || old.EndedReason != agent.EndedReplaced || old.EndsAt != higher.StartsAt {
			t.Fatalf("replaced contract: %+v", old)
		}
		// A refused offer cannot be signed afterwards.
		w.contract(w.top, w.mid, agent.DailySalary, "", rate(190))
		again, err := offer(w.top, w.mid, agent.DailySalary, "", 200)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.svc.Refuse(ctx, "demo", w.mid, again.ID); err != nil {
			t.Fatal(err)
		}
		if _, err := w.svc.Sign(ctx, "demo", w.mid, again.ID); !errors.Is(err, agent.ErrContractState) {
			t.Fatalf("sign a refused offer: %v", err)
		}
	})
}

func TestTerminationEndsTheContractsBelow(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newWorld(t, db)
		ctx := context.Background()
		topC := w.contract(0, w.top, agent.Dividend, agent.Monthly, rate(4000))
		midC := w.contract(w.top, w.mid, agent.Dividend, agent.Monthly, rate(3000))
		// A third party terminates nothing.
		if _, err := w.svc.Terminate(ctx, "demo", w.p1, midC.ID); !errors.Is(err, agent.ErrNotFound) {
			t.Fatalf("terminated by a stranger: %v", err)
		}
		ended, err := w.svc.Terminate(ctx, "demo", 0, topC.ID)
		if err != nil || ended.State != agent.StateTerminated || ended.EndedReason != agent.EndedByOperator {
			t.Fatalf("terminate: %+v %v", ended, err)
		}
		below, _ := w.svc.Contract(ctx, "demo", midC.ID)
		if below.State != agent.StateTerminated || below.EndedReason != agent.EndedUpline || below.EndsAt != ended.EndsAt {
			t.Fatalf("contract below: %+v", below)
		}
		// The month in progress is still paid: it ends at the month's end,
		// or when the contract would have begun, whichever is later.
		if ended.EndsAt != at(30, 0, 0).AddDate(0, 0, 1).UnixMilli() {
			t.Fatalf("ends at %d", ended.EndsAt)
		}
	})
}

func TestConcurrentOffersKeepOneOpen(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newWorld(t, db)
		ctx := context.Background()
		w.contract(0, w.top, agent.HourlySalary, agent.Hourly, rate(300))
		var wg sync.WaitGroup
		var mu sync.Mutex
		ok, pending := 0, 0
		for i := 0; i < 8; i++ {
			wg.Add(1)
			go func(r int64) {
				defer wg.Done()
				_, err := w.svc.Offer(ctx, agent.Offer{Merchant: "demo", UplineID: w.top, MemberID: w.mid, Kind: agent.HourlySalary, Tiers: []agent.Tier{rate(r)}})
				mu.Lock()
				defer mu.Unlock()
				switch {
				case err == nil:
					ok++
				case errors.Is(err, agent.ErrOfferPending):
					pending++
				default:
					t.Errorf("offer: %v", err)
				}
			}(int64(100 + i))
		}
		wg.Wait()
		if ok != 1 || pending != 7 {
			t.Fatalf("%d offers accepted, %d refused as pending", ok, pending)
		}
	})
}

func TestMoveRewritesTheTeam(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newWorld(t, db)
		ctx := context.Background()
		midC := w.contract(0, w.top, agent.DailySalary, agent.Daily, rate(200))
		midC = w.contract(w.top, w.mid, agent.DailySalary, agent.Daily, rate(100))
		if _, err := w.svc.Move(ctx, "demo", w.top, w.p1); !errors.Is(err, agent.ErrUplineNotAgent) {
			t.Fatalf("move under a member: %v", err)
		}
		if _, err := w.svc.Move(ctx, "demo", w.top, w.mid); !errors.Is(err, agent.ErrMoveCycle) {
			t.Fatalf("move under its own team: %v", err)
		}
		old, err := w.svc.Move(ctx, "demo", w.mid, w.other)
		if err != nil || old != w.top {
			t.Fatalf("move: %d %v", old, err)
		}
		for _, c := range []struct {
			agent, member int64
			in            bool
		}{{w.top, w.mid, false}, {w.top, w.p1, false}, {w.top, w.p3, true}, {w.other, w.mid, true}, {w.other, w.p2, true}, {w.mid, w.p2, true}} {
			if in, err := w.svc.InTeam(ctx, c.agent, c.member); err != nil || in != c.in {
				t.Errorf("InTeam(%d, %d) = %v %v, want %v", c.agent, c.member, in, err, c.in)
			}
		}
		path, err := w.svc.Uplines(ctx, w.p1)
		if err != nil || len(path) != 3 || path[0].ID != w.other || path[2].ID != w.p1 {
			t.Fatalf("path after the move: %+v %v", path, err)
		}
		moved, _ := w.svc.Contract(ctx, "demo", midC.ID)
		if moved.State != agent.StateTerminated || moved.EndedReason != agent.EndedMoved {
			t.Fatalf("contract with the old upline: %+v", moved)
		}
	})
}
