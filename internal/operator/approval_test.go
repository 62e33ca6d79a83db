package operator

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"testing"

	"portal/internal/database"
	"portal/internal/dbtest"
)

// TestApproveAppliesOnce: the conditional status change lets one of many
// simultaneous approvals run the apply step; a failing apply leaves the
// request pending; the requester is refused; an expired request is stored
// expired and applies nothing.
func TestApproveAppliesOnce(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		s, clk := newTestService(t, db)
		ctx := context.Background()
		maker, _, err := s.Create(ctx, db.Write(), "demo", "maker", RoleFinance)
		if err != nil {
			t.Fatal(err)
		}
		checker, _, err := s.Create(ctx, db.Write(), "demo", "checker", RoleFinance)
		if err != nil {
			t.Fatal(err)
		}
		a, err := s.RequestAdjust(ctx, "demo", maker, AdjustPayload{Member: "player01", MemberID: 1, Amount: "1.00", Minor: 100, Currency: "USD", Decimals: 2, Reason: "r"}, "Credit")
		if err != nil {
			t.Fatal(err)
		}
		var applied atomic.Int32
		apply := func(ctx context.Context, q database.Querier, a *Approval) (any, error) {
			applied.Add(1)
			return map[string]string{"balance": "1.00"}, nil
		}
		if _, err := s.Approve(ctx, "demo", a.ID, maker, apply); !errors.Is(err, ErrSameOperator) {
			t.Fatalf("self-approval = %v", err)
		}
		// A failing apply changes nothing.
		boom := errors.New("boom")
		if _, err := s.Approve(ctx, "demo", a.ID, checker, func(context.Context, database.Querier, *Approval) (any, error) { return nil, boom }); !errors.Is(err, boom) {
			t.Fatalf("failing apply = %v", err)
		}
		if got, _ := s.ApprovalByID(ctx, nil, "demo", a.ID); got.Status != StatusPending || got.DecidedBy != nil {
			t.Fatalf("after a failing apply: %+v", got)
		}
		var wg sync.WaitGroup
		var ok, decided atomic.Int32
		for range 20 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, err := s.Approve(ctx, "demo", a.ID, checker, apply)
				switch {
				case err == nil:
					ok.Add(1)
				case errors.Is(err, ErrApprovalDecided):
					decided.Add(1)
				default:
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		if applied.Load() != 1 || ok.Load() != 1 || decided.Load() != 19 {
			t.Fatalf("applied %d, ok %d, decided %d", applied.Load(), ok.Load(), decided.Load())
		}
		if got, _ := s.ApprovalByID(ctx, nil, "demo", a.ID); got.Status != StatusApproved || string(got.Result) != `{"balance":"1.00"}` {
			t.Fatalf("approved = %+v", got)
		}
		// Another merchant's id is not found.
		if _, err := s.Approve(ctx, "lucky", a.ID, checker, apply); !errors.Is(err, ErrNotFound) {
			t.Fatalf("other merchant = %v", err)
		}
		// Expiry.
		b, _ := s.RequestAdjust(ctx, "demo", maker, AdjustPayload{Member: "player01", MemberID: 1, Amount: "1.00", Minor: 100, Currency: "USD", Decimals: 2, Reason: "r"}, "Credit")
		clk.add(ApprovalTTL)
		if _, err := s.Approve(ctx, "demo", b.ID, checker, apply); !errors.Is(err, ErrApprovalExpired) {
			t.Fatalf("expired = %v", err)
		}
		var stored string
		if err := db.Read().QueryRowContext(ctx, `SELECT status FROM approvals WHERE id = $1`, b.ID).Scan(&stored); err != nil || stored != StatusExpired {
			t.Fatalf("stored = %q %v", stored, err)
		}
		if applied.Load() != 1 {
			t.Fatalf("applied %d", applied.Load())
		}
	})
}
