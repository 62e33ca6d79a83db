package provider

import (
	"context"
	"fmt"
	"log/slog"
	"strconv"
	"sync"
	"testing"
	"time"

	"portal/internal/bonus"
	"portal/internal/database"
	"portal/internal/dbtest"
	"portal/internal/identity"
	"portal/internal/wallet"
)

// bonusEnv is testEnv with bonus money wired into the bet path.
type bonusEnv struct {
	*testEnv
	bonus *bonus.Service
}

func newBonusEnv(t *testing.T, db *database.DB) *bonusEnv {
	t.Helper()
	e := newEnv(t, db)
	b := bonus.NewService(db, e.ledger, bonus.Options{})
	e.svc = NewService(db, e.ledger, e.ids, e.cat, e.mer, Options{Log: slog.New(slog.NewTextHandler(e.logs, nil)), Bonus: b})
	t.Cleanup(e.svc.Close)
	return &bonusEnv{testEnv: e, bonus: b}
}

func (e *bonusEnv) grant(id, amount int64, wagering int) int64 {
	e.t.Helper()
	r, err := e.bonus.Grant(context.Background(), bonus.Grant{Merchant: "demo", MemberID: id, Currency: "USD", Amount: amount, Wagering: wagering,
		Expires: time.Now().Add(time.Hour), Source: fmt.Sprintf("test:%d:%d", id, amount), From: wallet.Side(wallet.KindPromo, "promo:1", "USD"), Title: "test"})
	if err != nil {
		e.t.Fatal(err)
	}
	return r.ID
}

func (e *bonusEnv) bonusBalance(id int64) int64 {
	e.t.Helper()
	b, err := e.ledger.Balance(context.Background(), "demo", wallet.Bonus(id, "USD"))
	if err != nil {
		e.t.Fatal(err)
	}
	return b
}

func (e *bonusEnv) grantRow(id int64) (state string, wagered, converted int64) {
	e.t.Helper()
	if err := e.db.Read().QueryRowContext(context.Background(), `SELECT state, wagered, converted FROM bonus_grants WHERE id = $1`, id).
		Scan(&state, &wagered, &converted); err != nil {
		e.t.Fatal(err)
	}
	return state, wagered, converted
}

// TestBonusBetSpendsCashFirst: a bet takes cash first, then bonus money;
// only when both together fall short is it refused, with nothing moved.
func TestBonusBetSpendsCashFirst(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		e := newBonusEnv(t, db)
		game := e.game()
		cases := []struct {
			name                string
			cash, bonus, stake  int64
			status              Status
			wantCash, wantBonus int64
			wantAnswer, wantRnd int64 // answer's balance, round's bonus stake
		}{
			{"cash covers", 1_000, 500, 800, StatusOK, 200, 500, 700, 0},
			{"split", 1_000, 500, 1_200, StatusOK, 0, 300, 300, 200},
			{"bonus only", 0, 500, 400, StatusOK, 0, 100, 100, 400},
			{"neither covers", 300, 500, 801, StatusInsufficientFunds, 300, 500, 800, -1},
		}
		for i, tc := range cases {
			id, token := e.member(fmt.Sprintf("bsplit%d", i), tc.cash, identity.TypeMember)
			e.grant(id, tc.bonus, 10)
			// The balance callback shows cash and bonus as one.
			if a := e.call(OpBalance, Callback{Token: token, Player: strconv.FormatInt(id, 10), Currency: "USD"}); a.Balance != tc.cash+tc.bonus {
				t.Fatalf("%s: balance callback %d, want %d", tc.name, a.Balance, tc.cash+tc.bonus)
			}
			a := e.call(OpBet, Callback{RequestID: "r", Token: token, Player: strconv.FormatInt(id, 10), Currency: "USD", GameCode: game,
				RoundID: "BR" + strconv.Itoa(i), TransactionID: "BT" + strconv.Itoa(i), Amount: tc.stake})
			if a.Status != tc.status || a.Balance != tc.wantAnswer {
				t.Fatalf("%s: %+v, want %s balance %d", tc.name, a, tc.status, tc.wantAnswer)
			}
			if c, b := e.balance(id), e.bonusBalance(id); c != tc.wantCash || b != tc.wantBonus {
				t.Fatalf("%s: cash %d bonus %d, want %d %d", tc.name, c, b, tc.wantCash, tc.wantBonus)
			}
			if tc.wantRnd >= 0 {
				var bs int64
				if err := db.Read().QueryRowContext(context.Background(), `SELECT bonus_stake FROM game_rounds WHERE round_id = $1`, "BR"+strconv.Itoa(i)).Scan(&bs); err != nil || bs != tc.wantRnd {
					t.Fatalf("%s: round's bonus stake %d (%v), want %d", tc.name, bs, err, tc.wantRnd)
				}
			}
		}
		e.verify()
	})
}

// TestBonusWinShareAndRollback: a win pays the round's bonus-funded share
// into the bonus account (the remainder of the division to cash); a
// rollback puts each leg back and takes the wager off the grant.
func TestBonusWinShareAndRollback(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		e := newBonusEnv(t, db)
		game := e.game()
		id, token := e.member("bwin01", 600, identity.TypeMember)
		player := strconv.FormatInt(id, 10)
		g := e.grant(id, 1_000, 10)
		bet := func(round, tx string, amount int64) Answer {
			return e.call(OpBet, Callback{RequestID: tx, Token: token, Player: player, Currency: "USD", GameCode: game, RoundID: round, TransactionID: tx, Amount: amount})
		}
		// 1,000 staked: 600 cash, 400 bonus.
		if a := bet("W1", "W1b", 1_000); a.Status != StatusOK || a.Balance != 600 {
			t.Fatalf("bet: %+v", a)
		}
		if _, wagered, _ := e.grantRow(g); wagered != 1_000 {
			t.Fatalf("wagered %d after a 1,000 stake on a 100%% game", wagered)
		}
		// 1,001 won: 400.4 is the bonus share, so 400 to bonus, 601 to cash.
		a := e.call(OpWin, Callback{RequestID: "W1w", Player: player, Currency: "USD", RoundID: "W1", TransactionID: "W1w", ReferenceTransactionID: "W1b",
			Amount: 1_001, RoundClosed: true})
		if a.Status != StatusOK || a.Balance != 1_601 {
			t.Fatalf("win: %+v", a)
		}
		if c, b := e.balance(id), e.bonusBalance(id); c != 601 || b != 1_000 {
			t.Fatalf("after the win: cash %d bonus %d, want 601 1000", c, b)
		}
		// A split bet rolled back: 601 cash and 99 bonus go back, the wager too.
		if a := bet("W2", "W2b", 700); a.Status != StatusOK || a.Balance != 901 {
			t.Fatalf("second bet: %+v", a)
		}
		if c, b := e.balance(id), e.bonusBalance(id); c != 0 || b != 901 {
			t.Fatalf("after the second bet: cash %d bonus %d", c, b)
		}
		a = e.call(OpRollback, Callback{RequestID: "W2x", Player: player, Currency: "USD", RoundID: "W2", TransactionID: "W2x", ReferenceTransactionID: "W2b"})
		if a.Status != StatusOK || a.Balance != 1_601 {
			t.Fatalf("rollback: %+v", a)
		}
		if c, b := e.balance(id), e.bonusBalance(id); c != 601 || b != 1_000 {
			t.Fatalf("after the rollback: cash %d bonus %d, want 601 1000", c, b)
		}
		if _, wagered, _ := e.grantRow(g); wagered != 1_000 {
			t.Fatalf("wagered %d after the rollback, want 1000", wagered)
		}
		var bs int64
		if err := db.Read().QueryRowContext(context.Background(), `SELECT bonus_stake FROM game_rounds WHERE round_id = 'W2'`).Scan(&bs); err != nil || bs != 0 {
			t.Fatalf("rolled-back round's bonus stake %d (%v)", bs, err)
		}
		// Once the grant has ended, a win is all cash.
		if _, err := e.bonus.Forfeit(context.Background(), "demo", id, "USD"); err != nil {
			t.Fatal(err)
		}
		if a := bet("W3", "W3b", 601); a.Status != StatusOK || a.Balance != 0 {
			t.Fatalf("cash bet after the forfeit: %+v", a)
		}
		a = e.call(OpWin, Callback{RequestID: "W3w", Player: player, Currency: "USD", RoundID: "W3", TransactionID: "W3w", ReferenceTransactionID: "W3b", Amount: 50})
		if a.Status != StatusOK || e.balance(id) != 50 || e.bonusBalance(id) != 0 {
			t.Fatalf("win without a grant: %+v cash %d bonus %d", a, e.balance(id), e.bonusBalance(id))
		}
		e.verify()
	})
}

// TestBonusConvertsOnceUnderConcurrentBets: many bets at once carry the
// wagering past its target; the bonus becomes cash exactly once.
func TestBonusConvertsOnceUnderConcurrentBets(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		e := newBonusEnv(t, db)
		game := e.game()
		id, token := e.member("bconv01", 10_000, identity.TypeMember)
		player := strconv.FormatInt(id, 10)
		g := e.grant(id, 1_000, 1) // 1,000 to wager
		var wg sync.WaitGroup
		for i := range 20 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				tx := "C" + strconv.Itoa(i)
				if a := e.call(OpBet, Callback{RequestID: tx, Token: token, Player: player, Currency: "USD", GameCode: game, RoundID: tx, TransactionID: tx, Amount: 100}); a.Status != StatusOK {
					t.Errorf("bet %s: %+v", tx, a)
				}
			}()
		}
		wg.Wait()
		state, wagered, converted := e.grantRow(g)
		if state != bonus.StateConverted || converted != 1_000 || wagered != 1_000 {
			t.Fatalf("grant %s wagered %d converted %d, want converted at 1000 with 1000", state, wagered, converted)
		}
		var n int
		if err := db.Read().QueryRowContext(context.Background(), `SELECT COUNT(*) FROM wallet_transfers WHERE kind = 'bonus_convert'`).Scan(&n); err != nil || n != 1 {
			t.Fatalf("%d conversions (%v)", n, err)
		}
		if c, b := e.balance(id), e.bonusBalance(id); c != 10_000-2_000+1_000 || b != 0 {
			t.Fatalf("cash %d bonus %d after conversion", c, b)
		}
		e.verify()
	})
}

// TestBonusTrialMemberUnaffected: a trial account gets no bonus and plays
// play money exactly as before.
func TestBonusTrialMemberUnaffected(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		e := newBonusEnv(t, db)
		id, token := e.member("btrial01", 0, identity.TypeTrial)
		_, err := e.bonus.Grant(context.Background(), bonus.Grant{Merchant: "demo", MemberID: id, Currency: "USD", Amount: 100, Wagering: 1,
			Expires: time.Now().Add(time.Hour), Source: "trial", From: wallet.Side(wallet.KindPromo, "promo:1", "USD")})
		if err != bonus.ErrNotEligible {
			t.Fatalf("grant to a trial account: %v", err)
		}
		before := e.call(OpBalance, Callback{Token: token, Player: strconv.FormatInt(id, 10), Currency: "USD"})
		a := e.call(OpBet, Callback{RequestID: "t", Token: token, Player: strconv.FormatInt(id, 10), Currency: "USD", GameCode: e.game(), RoundID: "T1", TransactionID: "T1", Amount: 10})
		if before.Status != StatusOK || (before.Balance >= 10 && (a.Status != StatusOK || a.Balance != before.Balance-10)) {
			t.Fatalf("trial bet: before %+v after %+v", before, a)
		}
		if e.bonusBalance(id) != 0 {
			t.Fatal("a trial account holds bonus money")
		}
		e.verify()
	})
}
