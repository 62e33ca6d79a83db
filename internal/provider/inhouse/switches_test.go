package inhouse

import (
	"context"
	"errors"
	"testing"

	"portal/internal/catalog"
	"portal/internal/database"
	"portal/internal/dbtest"
	"portal/internal/identity"
	"portal/internal/provider"
)

// TestMerchantSwitchesStopNewRounds: a game the merchant switches off or
// puts under maintenance (decision 0025) takes no new round from a page
// already open, nor a visitor's demo, and moves no money.
func TestMerchantSwitchesStopNewRounds(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		ctx := context.Background()
		p, token := e.player("switched", 10_000, identity.TypeMember, provider.InhouseVendor, Slot)
		on, off := true, false
		for i, tc := range []struct {
			name   string
			change catalog.GameChange
			want   error
		}{
			{"maintenance", catalog.GameChange{Maintenance: &on}, ErrMaintenance},
			{"switched off", catalog.GameChange{Maintenance: &off, Enabled: &off}, ErrBet},
		} {
			if _, _, err := e.cat.ChangeGames(ctx, "demo", []string{Slot}, tc.change); err != nil {
				t.Fatal(err)
			}
			if _, err := e.svc.Play(ctx, PlayRequest{Player: p, Token: token, RequestID: "r" + string(rune('a'+i)), Bet: Bet{Game: Slot, Stake: 20}}); !errors.Is(err, tc.want) {
				t.Errorf("%s: play %v, want %v", tc.name, err, tc.want)
			}
			if err := e.svc.demoOpen(ctx, "demo", Slot); !errors.Is(err, tc.want) {
				t.Errorf("%s: demo %v", tc.name, err)
			}
		}
		if e.balance(p.Session.MemberID) != 10_000 {
			t.Fatalf("balance moved: %d", e.balance(p.Session.MemberID))
		}
		// Switched on again, the page plays.
		if _, _, err := e.cat.ChangeGames(ctx, "demo", []string{Slot}, catalog.GameChange{Enabled: &on}); err != nil {
			t.Fatal(err)
		}
		if _, err := e.svc.Play(ctx, PlayRequest{Player: p, Token: token, RequestID: "rz", Bet: Bet{Game: Slot, Stake: 20}}); err != nil {
			t.Fatalf("play after switching on: %v", err)
		}
		e.verifyLedger()
	})
}
