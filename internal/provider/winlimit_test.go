package provider

import (
	"context"
	"errors"
	"strconv"
	"strings"
	"testing"

	"portal/internal/database"
	"portal/internal/dbtest"
	"portal/internal/identity"
)

// TestWinLimit walks the win limit (decision 0018) step by step: a win
// that would take its round past the vendor's limit is refused with
// WIN_LIMIT_EXCEEDED, changes nothing (no credit, no winner-board entry),
// leaves the round open, and is logged as an alert; raising the limit lets
// the vendor's retry through; a refused round can still be rolled back.
func TestWinLimit(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		ctx := context.Background()
		id, token := e.member("limit01", 1_000_000, identity.TypeMember)
		player, game := strconv.FormatInt(id, 10), e.game()
		// USD has 2 decimals: at most 100× the stakes and 1,000.00 a round.
		if err := e.svc.SetWinLimit(ctx, testVendor, 100, 1_000); err != nil {
			t.Fatal(err)
		}
		bet := func(round, tx string, amount int64) Callback {
			return Callback{Token: token, Player: player, Currency: "USD", GameCode: game, RoundID: round, TransactionID: tx, Amount: amount}
		}
		win := func(round, tx, ref string, amount int64, closed bool) Callback {
			return Callback{Player: player, Currency: "USD", RoundID: round, TransactionID: tx, ReferenceTransactionID: ref, Amount: amount, RoundClosed: closed}
		}
		steps := []struct {
			name    string
			op      string
			cb      Callback
			status  Status
			balance int64
			limit   [2]int64 // set before the step when not zero
		}{
			{"a stake of 1.00", OpBet, bet("R1", "B1", 100), StatusOK, 999_900, [2]int64{}},
			{"100× the stake is paid", OpWin, win("R1", "W1", "B1", 10_000, false), StatusOK, 1_009_900, [2]int64{}},
			{"one minor unit more in the round is refused", OpWin, win("R1", "W2", "B1", 1, false), StatusWinLimit, 1_009_900, [2]int64{}},
			{"a stake of 10.00", OpBet, bet("R2", "B2", 1_000), StatusOK, 1_008_900, [2]int64{}},
			{"above 100× is refused, the round open", OpWin, win("R2", "W4", "B2", 500_000, true), StatusWinLimit, 1_008_900, [2]int64{}},
			{"the operator raises the limit; the retry is paid", OpWin, win("R2", "W4", "B2", 500_000, true), StatusOK, 1_508_900, [2]int64{1_000, 10_000}},
			{"the absolute bound: 1,000× a stake of 1,000.00 passes the multiple", OpBet, bet("R3", "B3", 100_000), StatusOK, 1_408_900, [2]int64{1_000, 10_000}},
			{"but not 10,000.00 a round", OpWin, win("R3", "W5", "B3", 1_000_001, false), StatusWinLimit, 1_408_900, [2]int64{}},
			{"exactly 10,000.00 is paid", OpWin, win("R3", "W5", "B3", 1_000_000, false), StatusOK, 2_408_900, [2]int64{}},
			{"a zero win closes a round at its limit", OpWin, win("R3", "W6", "B3", 0, true), StatusOK, 2_408_900, [2]int64{}},
			{"a free spin (no stake)", OpBet, bet("R4", "B4", 0), StatusOK, 2_408_900, [2]int64{}},
			{"pays under the absolute bound", OpWin, win("R4", "W7", "B4", 5_000, false), StatusOK, 2_413_900, [2]int64{}},
			{"but never past it", OpWin, win("R4", "W8", "B4", 995_001, false), StatusWinLimit, 2_413_900, [2]int64{}},
			{"a stake", OpBet, bet("R5", "B5", 100), StatusOK, 2_413_800, [2]int64{}},
			{"its forged win is refused", OpWin, win("R5", "W9", "B5", 900_000_000_000, true), StatusWinLimit, 2_413_800, [2]int64{}},
			{"and the vendor may roll the bet back", OpRollback, win("R5", "X5", "B5", 100, true), StatusOK, 2_413_900, [2]int64{}},
		}
		for _, st := range steps {
			if st.limit != [2]int64{} {
				if err := e.svc.SetWinLimit(ctx, testVendor, st.limit[0], st.limit[1]); err != nil {
					t.Fatal(err)
				}
			}
			before, board := e.effects(), e.bigWins()
			a := e.call(st.op, st.cb)
			if a.Status != st.status || a.Balance != st.balance || e.balance(id) != st.balance {
				t.Fatalf("%s: %s %d (%s), ledger %d; want %s %d", st.name, a.Status, a.Balance, a.Message, e.balance(id), st.status, st.balance)
			}
			if st.status == StatusWinLimit {
				if after := e.effects(); after != before {
					t.Fatalf("%s changed something: %s -> %s", st.name, before, after)
				}
				if e.bigWins() != board {
					t.Fatalf("%s reached the winner board", st.name)
				}
				if e.roundClosed(st.cb.RoundID) {
					t.Fatalf("%s: the round was closed", st.name)
				}
			}
		}
		logs := e.logs.String()
		if n := strings.Count(logs, "ALERT"); n != 5 {
			t.Fatalf("%d alerts logged, want 5:\n%s", n, logs)
		}
		for _, want := range []string{"level=ERROR", "vendor=" + testVendor, "round=R5", "amount=900000000000", "player=" + player} {
			if !strings.Contains(logs, want) {
				t.Errorf("the alert lacks %q:\n%s", want, logs)
			}
		}
		if strings.Contains(logs, token) || strings.Contains(logs, e.secret) {
			t.Errorf("a token or secret was logged:\n%s", logs)
		}
		e.verify()
	})
}

// TestInhouseWinsPassTheDefaultLimit: our own games (PGE, which call
// Apply directly) pay their largest wins under the default limit: the
// crash game's 10,000× a stake of 1,000.00, and the slot's bound of about
// 50,500× a stake of 500.00. Twice the default multiple is refused.
func TestInhouseWinsPassTheDefaultLimit(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		ctx := context.Background()
		id, _ := e.member("pge01", 10_000_000, identity.TypeMember)
		m, err := e.ids.Member(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		l, err := e.svc.StartGame(ctx, e.cat, LaunchRequest{Merchant: "demo", Member: m, Vendor: InhouseVendor, GameCode: "PGE_CRASH", Language: "EN"})
		if err != nil {
			t.Fatal(err)
		}
		token, player := tokenOf(t, l.URL), strconv.FormatInt(id, 10)
		if lim, err := e.svc.WinLimit(ctx, InhouseVendor); err != nil || !lim.Default {
			t.Fatalf("PGE limit = %+v, %v; want the default", lim, err)
		}
		tests := []struct {
			name       string
			game       string
			stake, win int64
			status     Status
		}{
			{"crash: 10,000× 1,000.00", "PGE_CRASH", 100_000, 1_000_000_000, StatusOK},
			{"slot: 50,500× 500.00", "PGE_SLOT", 50_000, 2_525_000_000, StatusOK},
			{"dice: 49.5× 1,000.00", "PGE_DICE", 100_000, 4_950_000, StatusOK},
			{"200,000× 1.00", "PGE_CRASH", 100, 20_000_000, StatusWinLimit},
		}
		for i, tt := range tests {
			round := "IH-" + strconv.Itoa(i)
			a := e.svc.Apply(ctx, InhouseVendor, OpBet, Callback{Token: token, Player: player, Currency: "USD", GameCode: tt.game, RoundID: round, TransactionID: round + "-b", Amount: tt.stake})
			if a.Status != StatusOK {
				t.Fatalf("%s: bet %s %s", tt.name, a.Status, a.Message)
			}
			a = e.svc.Apply(ctx, InhouseVendor, OpWin, Callback{Player: player, Currency: "USD", GameCode: tt.game, RoundID: round, TransactionID: round + "-w",
				ReferenceTransactionID: round + "-b", Amount: tt.win, RoundClosed: true})
			if a.Status != tt.status {
				t.Fatalf("%s: win %s %s, want %s", tt.name, a.Status, a.Message, tt.status)
			}
		}
		e.verify()
	})
}

// TestWinLimitSettings: limits are checked, stored per vendor, and reset to
// the default.
func TestWinLimitSettings(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		ctx := context.Background()
		tests := []struct {
			name           string
			vendor         string
			multiple, most int64
			err            error
		}{
			{"a limit", testVendor, 5_000, 250_000, nil},
			{"no multiple", testVendor, 0, 250_000, ErrWinLimit},
			{"no maximum", testVendor, 5_000, 0, ErrWinLimit},
			{"a maximum past the contract's amounts", testVendor, 5_000, MaxAmount + 1, ErrWinLimit},
			{"an unknown vendor", "NOPE", 5_000, 250_000, ErrVendorUnknown},
		}
		for _, tt := range tests {
			if err := e.svc.SetWinLimit(ctx, tt.vendor, tt.multiple, tt.most); !errors.Is(err, tt.err) {
				t.Fatalf("%s: %v, want %v", tt.name, err, tt.err)
			}
		}
		if l, err := e.svc.WinLimit(ctx, testVendor); err != nil || l != (WinLimit{Multiple: 5_000, Max: 250_000}) {
			t.Fatalf("stored limit = %+v, %v", l, err)
		}
		if l, err := e.svc.WinLimit(ctx, "PP"); err != nil || l != DefaultWinLimit("PP") || !l.Default {
			t.Fatalf("another vendor's limit = %+v, %v", l, err)
		}
		if err := e.svc.ResetWinLimit(ctx, testVendor); err != nil {
			t.Fatal(err)
		}
		if l, err := e.svc.WinLimit(ctx, testVendor); err != nil || l != DefaultWinLimit(testVendor) {
			t.Fatalf("reset limit = %+v, %v", l, err)
		}
	})
}

// bigWins counts the winner board's entries.
func (e *testEnv) bigWins() int {
	e.t.Helper()
	var n int
	if err := e.db.Read().QueryRowContext(context.Background(), `SELECT COUNT(*) FROM big_wins`).Scan(&n); err != nil {
		e.t.Fatal(err)
	}
	return n
}

// roundClosed tells whether the vendor's round is closed.
func (e *testEnv) roundClosed(round string) bool {
	e.t.Helper()
	var closed int
	if err := e.db.Read().QueryRowContext(context.Background(), `SELECT closed FROM game_rounds WHERE vendor_code = $1 AND round_id = $2`,
		testVendor, round).Scan(&closed); err != nil {
		e.t.Fatal(err)
	}
	return closed == 1
}
