package wallet

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"portal/internal/database"
	"portal/internal/dbtest"
)

// TestPayManyIn: a batch of credits from one side lands as the same
// transfers one-by-one moves would write, across chunks and with one
// member paid twice; a reused key moves nothing at all.
func TestPayManyIn(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		s := setup(t, db)
		ctx := context.Background()
		side := Side(KindPromo, "rebate", "USD")
		const members = 1200 // three chunks
		var pays []Payment
		for i := range members {
			pays = append(pays, Payment{To: Member(int64(i+1), "USD"), Amount: int64(i + 1), Key: fmt.Sprintf("reb:%d", i), Kind: "rebate"})
		}
		pays = append(pays, Payment{To: Member(1, "USD"), Amount: 1000, Key: "reb:extra", Kind: "rebate"})
		var balances []int64
		if err := db.InTx(ctx, func(q database.Querier) error {
			var err error
			balances, err = s.PayManyIn(ctx, q, "demo", side, pays)
			return err
		}); err != nil {
			t.Fatal(err)
		}
		// Each payment answers its account's balance after the batch.
		if balances[0] != 1001 || balances[599] != 600 || balances[members] != 1001 {
			t.Fatalf("balances answered %d, %d, %d; want 1001, 600, 1001", balances[0], balances[599], balances[members])
		}
		tests := []struct {
			ref  Ref
			want int64
		}{
			{Member(1, "USD"), 1001},
			{Member(600, "USD"), 600},
			{Member(members, "USD"), members},
			{side, -(members*(members+1)/2 + 1000)},
		}
		for _, tt := range tests {
			if b, _ := s.Balance(ctx, "demo", tt.ref); b != tt.want {
				t.Errorf("%+v: balance %d, want %d", tt.ref, b, tt.want)
			}
		}
		var n int
		if err := db.Read().QueryRowContext(ctx, `SELECT COUNT(*) FROM wallet_transfers WHERE kind = 'rebate'`).Scan(&n); err != nil || n != members+1 {
			t.Fatalf("%d transfers (%v), want %d", n, err, members+1)
		}
		clean(t, s)
		// The accounts the batch opened are members' own: never below zero.
		if _, err := s.Move(ctx, Request{Merchant: "demo", Key: "over", From: Member(600, "USD"), To: side, Amount: 601, Kind: "bet"}); !errors.Is(err, ErrInsufficientFunds) {
			t.Fatalf("spending more than a batch paid: %v", err)
		}

		// A key used before fails the batch, and the transaction with it.
		again := []Payment{{To: Member(5, "USD"), Amount: 7, Key: "reb:new", Kind: "rebate"}, {To: Member(6, "USD"), Amount: 7, Key: "reb:3", Kind: "rebate"}}
		if err := db.InTx(ctx, func(q database.Querier) error { _, err := s.PayManyIn(ctx, q, "demo", side, again); return err }); err == nil {
			t.Fatal("a reused key was paid")
		}
		if b, _ := s.Balance(ctx, "demo", Member(5, "USD")); b != 5 {
			t.Fatalf("member 5 has %d after a refused batch, want 5", b)
		}
		clean(t, s)

		bad := []struct {
			name string
			from Ref
			pay  Payment
			want error
		}{
			{"from a member", Member(1, "USD"), Payment{To: Member(2, "USD"), Amount: 1, Key: "x1"}, nil},
			{"zero", side, Payment{To: Member(2, "USD"), Amount: 0, Key: "x2"}, ErrInvalidAmount},
			{"no key", side, Payment{To: Member(2, "USD"), Amount: 1}, ErrInvalidKey},
			{"other currency", side, Payment{To: Member(2, "KHR"), Amount: 1, Key: "x3"}, nil},
		}
		for _, tt := range bad {
			err := db.InTx(ctx, func(q database.Querier) error {
				_, err := s.PayManyIn(ctx, q, "demo", tt.from, []Payment{tt.pay})
				return err
			})
			if err == nil || (tt.want != nil && !errors.Is(err, tt.want)) {
				t.Errorf("%s: %v, want %v", tt.name, err, tt.want)
			}
		}
		clean(t, s)
	})
}
