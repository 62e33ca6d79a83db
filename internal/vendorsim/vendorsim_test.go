package vendorsim_test

import (
	"context"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"

	"portal/internal/catalog"
	"portal/internal/database"
	"portal/internal/dbtest"
	"portal/internal/httpapi"
	"portal/internal/identity"
	"portal/internal/merchant"
	"portal/internal/provider"
	"portal/internal/realtime"
	"portal/internal/vendorsim"
	"portal/internal/wallet"
)

// TestRoundsUnderFaults plays simulator rounds against the real API over
// HTTP with each fault switched on: the ledger stays exact every time.
func TestRoundsUnderFaults(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		for _, seed := range []func(context.Context, *database.DB) error{merchant.Seed, catalog.Seed, identity.Seed} {
			if err := seed(ctx, db); err != nil {
				t.Fatal(err)
			}
		}
		ms, err := merchant.NewService(db, merchant.Options{})
		if err != nil {
			t.Fatal(err)
		}
		cat, ids, ledger, hub := catalog.NewService(db, nil), identity.NewService(db, nil), wallet.NewService(db, time.Now), realtime.NewHub()
		games := provider.NewService(db, ledger, ids, cat, ms, provider.Options{})
		defer games.Close()
		srv := httptest.NewServer(httpapi.New(httpapi.Deps{Log: slog.New(slog.DiscardHandler), Merchant: ms, Catalog: cat, Identity: ids, Wallet: ledger, Games: games, Hub: hub}))
		defer srv.Close()
		client := &vendorsim.Client{Base: func() string { return srv.URL }, HTTP: &http.Client{Timeout: 5 * time.Second}, Secret: games.Secret}

		m, err := ids.ByUsername(ctx, "demo", "player01")
		if err != nil {
			t.Fatal(err)
		}
		if _, err := ledger.Move(ctx, wallet.Request{Merchant: "demo", Key: "fund", From: wallet.Side(wallet.KindAdjustment, "t", "USD"), To: wallet.Member(m.ID, "USD"), Amount: 1_000_00, Kind: "adjust"}); err != nil {
			t.Fatal(err)
		}
		page, err := cat.List(ctx, "demo", catalog.ListQuery{Vendor: "JDB", Page: 1, Size: 1})
		if err != nil || len(page.Games) == 0 {
			t.Fatal("no JDB game", err)
		}
		launch, err := games.StartGame(ctx, cat, provider.LaunchRequest{Merchant: "demo", Member: m, Vendor: "JDB", GameCode: page.Games[0].GameCode})
		if err != nil {
			t.Fatal(err)
		}
		u, _ := http.NewRequest(http.MethodGet, launch.URL, nil)
		p := vendorsim.Player{Token: u.URL.Query().Get("token"), Player: strconv.FormatInt(m.ID, 10), Currency: "USD", Game: page.Games[0].GameCode}

		expect := int64(1_000_00)
		for _, tt := range []struct {
			name   string
			faults vendorsim.Faults
			played bool
		}{
			{"straight", vendorsim.Faults{}, true},
			{"timeouts and retries", vendorsim.Faults{Timeout: true}, true},
			{"duplicates", vendorsim.Faults{Repeat: 3}, true},
			{"rollback before the bet", vendorsim.Faults{RollbackFirst: true}, false},
		} {
			r, err := client.PlayRound(ctx, "JDB", p, 10_00, tt.faults)
			if err != nil {
				t.Fatalf("%s: %v", tt.name, err)
			}
			if tt.played {
				if r.Status != provider.StatusOK {
					t.Fatalf("%s: %+v", tt.name, r)
				}
				expect += r.Win - r.Stake
			} else if r.Status != provider.StatusDuplicate {
				t.Fatalf("%s: the late bet was %s, want refused", tt.name, r.Status)
			}
			got, err := ledger.Balance(ctx, "demo", wallet.Member(m.ID, "USD"))
			if err != nil || got != expect {
				t.Fatalf("%s: balance %d, want %d (%v)", tt.name, got, expect, err)
			}
		}
		if v, err := ledger.Verify(ctx); err != nil || len(v) != 0 {
			t.Fatalf("verify: %v %+v", err, v)
		}
	})
}

func TestPageAndAssets(t *testing.T) {
	h := vendorsim.NewHandler(&vendorsim.Client{}, false)
	for path, want := range map[string]int{"/sim/JDB/play?game=JDB_1&token=x": 200, "/sim/assets/v1/sim.js": 200, "/sim/assets/v1/sim.css": 200,
		"/sim/jdb%3Cscript%3E/play": 404, "/sim/JDB/play?game=%3Cb%3E": 404} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, path, nil))
		if rec.Code != want {
			t.Errorf("%s = %d, want %d", path, rec.Code, want)
		}
	}
}
