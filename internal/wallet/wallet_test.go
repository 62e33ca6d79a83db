package wallet

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"portal/internal/database"
	"portal/internal/dbtest"
	"portal/internal/merchant"
)

func setup(t *testing.T, db *database.DB) *Service {
	t.Helper()
	if err := merchant.Seed(context.Background(), db); err != nil {
		t.Fatal(err)
	}
	return NewService(db, time.Now)
}

func fund(t *testing.T, s *Service, member int64, amount int64) {
	t.Helper()
	_, err := s.Move(context.Background(), Request{Merchant: "demo", Key: fmt.Sprintf("fund-%d-%d", member, amount),
		From: Side(KindAdjustment, "test", "USD"), To: Member(member, "USD"), Amount: amount, Kind: "adjust"})
	if err != nil {
		t.Fatal(err)
	}
}

func clean(t *testing.T, s *Service) {
	t.Helper()
	v, err := s.Verify(context.Background())
	if err != nil || len(v) != 0 {
		t.Fatalf("verify: %v %+v", err, v)
	}
}

func TestNoOverdraftUnderConcurrency(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		s := setup(t, db)
		const bets, stake = 40, 250
		fund(t, s, 7, bets/2*stake) // exactly enough for half of them
		var ok, broke atomic.Int64
		var wg sync.WaitGroup
		for i := range bets {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, err := s.Move(context.Background(), Request{Merchant: "demo", Key: fmt.Sprintf("bet-%d", i),
					From: Member(7, "USD"), To: Side(KindHouse, "house", "USD"), Amount: stake, Kind: "bet"})
				switch {
				case err == nil:
					ok.Add(1)
				case errors.Is(err, ErrInsufficientFunds):
					broke.Add(1)
				default:
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		if ok.Load() != bets/2 || broke.Load() != bets/2 {
			t.Fatalf("%d accepted, %d refused; want %d each", ok.Load(), broke.Load(), bets/2)
		}
		if b, _ := s.Balance(context.Background(), "demo", Member(7, "USD")); b != 0 {
			t.Fatalf("balance %d, want 0", b)
		}
		clean(t, s)
	})
}

func TestIdempotency(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		s := setup(t, db)
		ctx := context.Background()
		fund(t, s, 8, 1000)
		bet := Request{Merchant: "demo", Key: "round-1-bet", From: Member(8, "USD"), To: Side(KindVendor, "PG", "USD"), Amount: 300, Kind: "bet", Reference: "round-1"}
		first, err := s.Move(ctx, bet)
		if err != nil || first.Replayed {
			t.Fatal(first, err)
		}
		for range 3 {
			again, err := s.Move(ctx, bet)
			if err != nil || !again.Replayed || again.ID != first.ID {
				t.Fatalf("replay: %+v %v", again, err)
			}
		}
		changed := bet
		changed.Amount = 301
		if _, err := s.Move(ctx, changed); !errors.Is(err, ErrDuplicate) {
			t.Fatalf("same key, other amount: %v", err)
		}
		if b, _ := s.Balance(ctx, "demo", Member(8, "USD")); b != 700 {
			t.Fatalf("balance %d, want 700 (one effect)", b)
		}
		clean(t, s)
	})
}

func TestBadRequestsChangeNothing(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		s := setup(t, db)
		ctx := context.Background()
		fund(t, s, 9, 100)
		tests := []struct {
			name string
			r    Request
			want error
		}{
			{"zero", Request{Key: "a", From: Member(9, "USD"), To: Side(KindHouse, "house", "USD"), Amount: 0}, ErrInvalidAmount},
			{"negative", Request{Key: "b", From: Member(9, "USD"), To: Side(KindHouse, "house", "USD"), Amount: -5}, ErrInvalidAmount},
			{"no key", Request{From: Member(9, "USD"), To: Side(KindHouse, "house", "USD"), Amount: 5}, ErrInvalidKey},
			{"to itself", Request{Key: "c", From: Member(9, "USD"), To: Member(9, "USD"), Amount: 5}, ErrSameAccount},
			{"more than held", Request{Key: "d", From: Member(9, "USD"), To: Side(KindHouse, "house", "USD"), Amount: 101}, ErrInsufficientFunds},
		}
		for _, tt := range tests {
			tt.r.Merchant, tt.r.Kind = "demo", "bet"
			if _, err := s.Move(ctx, tt.r); !errors.Is(err, tt.want) {
				t.Errorf("%s: %v, want %v", tt.name, err, tt.want)
			}
		}
		if b, _ := s.Balance(ctx, "demo", Member(9, "USD")); b != 100 {
			t.Fatalf("balance %d after refused requests", b)
		}
		// A refused overdraft left no half-written transfer: the key is free.
		if _, err := s.Move(ctx, Request{Merchant: "demo", Key: "d", From: Member(9, "USD"), To: Side(KindHouse, "house", "USD"), Amount: 100, Kind: "bet"}); err != nil {
			t.Fatal(err)
		}
		clean(t, s)
	})
}

func TestVerifyFindsTampering(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		s := setup(t, db)
		ctx := context.Background()
		fund(t, s, 10, 500)
		clean(t, s)
		if _, err := db.Write().ExecContext(ctx, `UPDATE wallet_accounts SET balance = balance + 1 WHERE kind = 'member' AND owner = '10'`); err != nil {
			t.Fatal(err)
		}
		v, err := s.Verify(ctx)
		if err != nil || len(v) != 2 { // the balance and the merchant's sum
			t.Fatalf("violations = %+v, %v", v, err)
		}
	})
}

// A transfer recorded under another merchant than its accounts' is found:
// on PostgreSQL no foreign key holds a transfer's merchant (migration
// 00013), so verify does.
func TestVerifyFindsStrayTransfers(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		s := setup(t, db)
		ctx := context.Background()
		fund(t, s, 10, 500)
		fund(t, s, 11, 700)
		clean(t, s)
		if _, err := db.Write().ExecContext(ctx, `UPDATE wallet_transfers SET merchant_code = 'lucky' WHERE amount = 700`); err != nil {
			t.Fatal(err)
		}
		v, err := s.Verify(ctx)
		if err != nil || len(v) != 1 {
			t.Fatalf("violations = %+v, %v", v, err)
		}
	})
}

// TestSpentMeanwhileChangesNothing: a transfer waiting for the member's row
// while another transaction spends the money finds it gone, and is refused
// with nothing changed, inside a transaction that then commits (as group
// commit does with a refusal).
func TestSpentMeanwhileChangesNothing(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		if db.Dialect != database.Postgres {
			t.Skip("one writer at a time on SQLite: nothing can spend meanwhile")
		}
		s := setup(t, db)
		ctx := context.Background()
		fund(t, s, 9, 100)
		bet := func(key string) Request {
			return Request{Merchant: "demo", Key: key, From: Member(9, "USD"), To: Side(KindHouse, "house", "USD"), Amount: 60, Kind: "bet"}
		}
		if _, _, err := s.Open(ctx, "demo", Member(9, "USD"), Side(KindHouse, "house", "USD")); err != nil {
			t.Fatal(err)
		}
		first, err := db.SQLDB().BeginTx(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.MoveIn(ctx, first, bet("first")); err != nil {
			t.Fatal(err)
		}
		second := make(chan error, 1)
		go func() {
			second <- db.InTx(ctx, func(q database.Querier) error {
				_, err := s.MoveFreshIn(ctx, q, bet("second"))
				if errors.Is(err, ErrInsufficientFunds) {
					return nil // refused: the transaction commits what it holds
				}
				if err == nil {
					return errors.New("the second bet was accepted")
				}
				return err
			})
		}()
		time.Sleep(300 * time.Millisecond) // the second waits for the first's locks
		if err := first.Commit(); err != nil {
			t.Fatal(err)
		}
		if err := <-second; err != nil {
			t.Fatal(err)
		}
		if b, _ := s.Balance(ctx, "demo", Member(9, "USD")); b != 40 {
			t.Fatalf("balance %d, want 40", b)
		}
		clean(t, s)
	})
}

// TestRememberKeepsCommittedAccountsOnly: Remember finds the accounts that
// exist, in one query, and leaves those that do not for their first use.
func TestRememberKeepsCommittedAccountsOnly(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		s := setup(t, db)
		fund(t, s, 7, 100)
		fresh := NewService(db, time.Now)
		if err := fresh.Remember(context.Background(), "demo", []Ref{Member(7, "USD"), Member(8, "USD"), Side(KindAdjustment, "test", "USD")}); err != nil {
			t.Fatal(err)
		}
		if _, ok := fresh.ids.get("demo", Member(7, "USD")); !ok {
			t.Fatal("an existing account was not remembered")
		}
		if _, ok := fresh.ids.get("demo", Side(KindAdjustment, "test", "USD")); !ok {
			t.Fatal("an existing side was not remembered")
		}
		if _, ok := fresh.ids.get("demo", Member(8, "USD")); ok {
			t.Fatal("an account that does not exist was remembered")
		}
		if _, err := fresh.Move(context.Background(), Request{Merchant: "demo", Key: "r-1", From: Member(7, "USD"), To: Member(8, "USD"), Amount: 40, Kind: "adjust"}); err != nil {
			t.Fatal(err)
		}
		clean(t, fresh)
	})
}

// TestMemberOwnedAccountsNeverGoNegative: bonus money and points belong to
// a member as cash does, and are held to zero or more the same way; the
// promotions' side that pays them may go negative.
func TestMemberOwnedAccountsNeverGoNegative(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		s := setup(t, db)
		ctx := context.Background()
		tests := []struct {
			name string
			own  Ref
			side Ref
		}{
			{"bonus money", Bonus(7, "USD"), Side(KindPromo, "promo:1", "USD")},
			{"points", Points(7), Side(KindPromo, "points", PointsCurrency)},
		}
		for _, tt := range tests {
			if _, err := s.Move(ctx, Request{Merchant: "demo", Key: tt.name + " grant", From: tt.side, To: tt.own, Amount: 50, Kind: "grant"}); err != nil {
				t.Fatalf("%s: grant: %v", tt.name, err)
			}
			if _, err := s.Move(ctx, Request{Merchant: "demo", Key: tt.name + " over", From: tt.own, To: tt.side, Amount: 51, Kind: "spend"}); !errors.Is(err, ErrInsufficientFunds) {
				t.Fatalf("%s: spending more than held: %v", tt.name, err)
			}
			if b, _ := s.Balance(ctx, "demo", tt.own); b != 50 {
				t.Fatalf("%s: balance %d, want 50", tt.name, b)
			}
		}
		clean(t, s)
	})
}
