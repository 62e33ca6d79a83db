package provider

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"portal/internal/database"
	"portal/internal/dbtest"
	"portal/internal/identity"
)

// TestContractRules walks the rules of docs/provider-api.md one by one; each
// step depends on the ones before it.
func TestContractRules(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		id, token := e.member("rules01", 10_000, identity.TypeMember)
		player := strconv.FormatInt(id, 10)
		game := e.game()
		cb := func(round, tx string, amount int64) Callback {
			return Callback{RequestID: "r-" + tx, Token: token, Player: player, Currency: "USD", GameCode: game, RoundID: round, TransactionID: tx, Amount: amount}
		}
		ref := func(c Callback, bet string, closed bool) Callback {
			c.ReferenceTransactionID, c.RoundClosed = bet, closed
			return c
		}
		steps := []struct {
			name    string
			op      string
			cb      Callback
			status  Status
			balance int64 // checked when not -1
		}{
			{"balance", OpBalance, Callback{Token: token, Player: player, Currency: "USD"}, StatusOK, 10_000},
			{"bet", OpBet, cb("R1", "B1", 1_000), StatusOK, 9_000},
			{"replayed bet answers the first answer", OpBet, cb("R1", "B1", 1_000), StatusOK, 9_000},
			{"same id, other amount", OpBet, cb("R1", "B1", 2_000), StatusDuplicate, 9_000},
			{"win without a known bet", OpWin, ref(cb("R1", "W0", 500), "NOPE", false), StatusTransactionNotFound, 9_000},
			{"win referencing a bet of another round", OpWin, ref(cb("R9", "W0", 500), "B1", false), StatusTransactionNotFound, 9_000},
			{"win, late: no token needed", OpWin, ref(Callback{Player: player, Currency: "USD", RoundID: "R1", TransactionID: "W1", Amount: 2_500}, "B1", true), StatusOK, 11_500},
			{"replayed win", OpWin, ref(Callback{Player: player, Currency: "USD", RoundID: "R1", TransactionID: "W1", Amount: 2_500}, "B1", true), StatusOK, 11_500},
			{"rollback after the round's win", OpRollback, ref(cb("R1", "X1", 1_000), "B1", false), StatusBadRequest, 11_500},
			{"bet on a closed round", OpBet, cb("R1", "B1b", 100), StatusBadRequest, 11_500},
			{"bet beyond the balance", OpBet, cb("R2", "B2", 11_501), StatusInsufficientFunds, 11_500},
			{"the refused bet's id is still free", OpBet, cb("R2", "B2", 11_500), StatusOK, 0},
			{"rollback refunds the bet", OpRollback, ref(Callback{Player: player, Currency: "USD", RoundID: "R2", TransactionID: "X2", Amount: 11_500}, "B2", true), StatusOK, 11_500},
			{"a second rollback refunds nothing more", OpRollback, ref(Callback{Player: player, Currency: "USD", RoundID: "R2", TransactionID: "X2b"}, "B2", true), StatusOK, 11_500},
			{"win on a rolled-back bet", OpWin, ref(Callback{Player: player, Currency: "USD", RoundID: "R2", TransactionID: "W2", Amount: 5}, "B2", true), StatusTransactionNotFound, 11_500},
			{"rollback of an unknown bet leaves a tombstone", OpRollback, ref(Callback{Player: player, Currency: "USD", RoundID: "R3", TransactionID: "X3"}, "B3", false), StatusOK, 11_500},
			{"the late bet is refused", OpBet, cb("R3", "B3", 100), StatusDuplicate, 11_500},
			{"a second rollback of the missing bet is a no-op", OpRollback, ref(Callback{Player: player, Currency: "USD", RoundID: "R3", TransactionID: "X3b"}, "B3", false), StatusOK, 11_500},
			{"a rollback may not reuse the bet's id", OpRollback, ref(Callback{Player: player, Currency: "USD", RoundID: "R8", TransactionID: "B8"}, "B8", false), StatusBadRequest, 11_500},
			{"zero-amount bet (free spin)", OpBet, cb("R4", "B4", 0), StatusOK, 11_500},
			{"zero-amount closing win", OpWin, ref(cb("R4", "W4", 0), "B4", true), StatusOK, 11_500},
			// A zero win settles a lost round: it counts as the round's win,
			// so the stake is no longer refundable. A round closed by its
			// bet, without any win, still is.
			{"a stake lost", OpBet, cb("R10", "B10", 500), StatusOK, 11_000},
			{"closed by a zero win", OpWin, ref(cb("R10", "W10", 0), "B10", true), StatusOK, 11_000},
			{"rollback after a zero win is refused", OpRollback, ref(Callback{Player: player, Currency: "USD", RoundID: "R10", TransactionID: "X10"}, "B10", false), StatusBadRequest, 11_000},
			{"a bet that closes its round", OpBet, func() Callback { c := cb("R11", "B11", 300); c.RoundClosed = true; return c }(), StatusOK, 10_700},
			{"rollback of a round closed without a win refunds", OpRollback, ref(Callback{Player: player, Currency: "USD", RoundID: "R11", TransactionID: "X11"}, "B11", false), StatusOK, 11_000},
			{"wrong currency", OpBet, func() Callback { c := cb("R5", "B5", 10); c.Currency = "KHR"; return c }(), StatusWrongCurrency, -1},
			{"bad token on a bet", OpBet, func() Callback { c := cb("R5", "B5", 10); c.Token = "forged"; return c }(), StatusInvalidToken, -1},
			{"a closed round takes no more bets", OpBet, cb("R1", "B6", 10), StatusBadRequest, -1},
		}
		for _, st := range steps {
			a := e.call(st.op, st.cb)
			if a.Status != st.status {
				t.Fatalf("%s: status %s (%s), want %s", st.name, a.Status, a.Message, st.status)
			}
			if st.balance >= 0 && a.Balance != st.balance {
				t.Fatalf("%s: balance %d, want %d", st.name, a.Balance, st.balance)
			}
			if st.balance >= 0 && e.balance(id) != st.balance {
				t.Fatalf("%s: ledger balance %d, want %d", st.name, e.balance(id), st.balance)
			}
		}
		// A frozen player may not bet, but is still paid.
		if _, err := db.Write().ExecContext(context.Background(), `UPDATE members SET status = 'frozen' WHERE id = $1`, id); err != nil {
			t.Fatal(err)
		}
		if a := e.call(OpBet, cb("R7", "B7", 10)); a.Status != StatusPlayerDisabled {
			t.Fatalf("frozen player's bet: %s", a.Status)
		}
		e.verify()
	})
}

// TestRefusedCallbacksChangeNothing: unsigned, mis-signed, malformed,
// negative, overflowing, wrong-currency and ambiguous (a member named twice
// or in two cases) callbacks get their status and leave every table as it
// was.
func TestRefusedCallbacksChangeNothing(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		id, token := e.member("refused01", 5_000, identity.TypeMember)
		good := fmt.Sprintf(`{"token":%q,"player":"%d","currency":"USD","gameCode":%q,"roundId":"R","transactionId":"T","amount":100}`, token, id, e.game())
		before := e.effects()
		signed := func(body string) string { return Sign(e.secret, []byte(body)) }
		tests := []struct {
			name, body, sig string
			status          Status
		}{
			{"unsigned", good, "", StatusInvalidSignature},
			{"signed with another key", good, Sign("not the secret", []byte(good)), StatusInvalidSignature},
			{"signature of another body", good, signed(good + " "), StatusInvalidSignature},
			{"signature not hex", good, "zz", StatusInvalidSignature},
			{"malformed", `{"amount":`, signed(`{"amount":`), StatusBadRequest},
			{"negative", replaceAmount(good, "-100"), signed(replaceAmount(good, "-100")), StatusBadRequest},
			{"overflowing", replaceAmount(good, "9223372036854775808"), signed(replaceAmount(good, "9223372036854775808")), StatusBadRequest},
			{"fractional", replaceAmount(good, "1.5"), signed(replaceAmount(good, "1.5")), StatusBadRequest},
			{"wrong currency", replaceCurrency(good), signed(replaceCurrency(good)), StatusWrongCurrency},
			{"amount given twice", replaceAmount(good, `1,"amount":100`), signed(replaceAmount(good, `1,"amount":100`)), StatusBadRequest},
			{"amount in two cases", replaceAmount(good, `1,"Amount":100`), signed(replaceAmount(good, `1,"Amount":100`)), StatusBadRequest},
		}
		for _, tt := range tests {
			a := e.svc.Handle(context.Background(), testVendor, OpBet, []byte(tt.body), tt.sig)
			if a.Status != tt.status {
				t.Fatalf("%s: %s (%s), want %s", tt.name, a.Status, a.Message, tt.status)
			}
			if after := e.effects(); after != before {
				t.Fatalf("%s changed something: %s -> %s", tt.name, before, after)
			}
		}
		if a := e.svc.Handle(context.Background(), "NO_SUCH_VENDOR", OpBet, []byte(good), signed(good)); a.Status != StatusInvalidSignature {
			t.Fatalf("unknown vendor: %s", a.Status)
		}
	})
}

// TestRefusalCurrency: which currency a refusal echoes. Once the player is
// known it is the player's, WRONG_CURRENCY included (the answer tells the
// vendor the right one); before that, the one sent; before decoding, none.
func TestRefusalCurrency(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		id, token := e.member("currency01", 4_200, identity.TypeMember)
		player := strconv.FormatInt(id, 10)
		tests := []struct {
			name     string
			cb       Callback
			status   Status
			currency string
			balance  int64
		}{
			{"wrong currency", Callback{Token: token, Player: player, Currency: "KHR"}, StatusWrongCurrency, "USD", 4_200},
			{"bad token", Callback{Token: "forged", Player: player, Currency: "USD"}, StatusInvalidToken, "USD", 4_200},
			{"unknown player", Callback{Token: token, Player: "999999999", Currency: "KHR"}, StatusBadRequest, "KHR", 0},
		}
		for _, tt := range tests {
			a := e.call(OpBalance, tt.cb)
			if a.Status != tt.status || a.Currency != tt.currency || a.Balance != tt.balance {
				t.Errorf("%s: %+v, want %s %s %d", tt.name, a, tt.status, tt.currency, tt.balance)
			}
			if tt.status == StatusWrongCurrency && !strings.Contains(a.Message, "USD") {
				t.Errorf("%s: the message %q does not name the player's currency", tt.name, a.Message)
			}
		}
		if a := e.svc.Handle(context.Background(), testVendor, OpBalance, []byte(`{"player":`), Sign(e.secret, []byte(`{"player":`))); a.Status != StatusBadRequest || a.Currency != "" {
			t.Errorf("malformed: %+v", a)
		}
	})
}

func replaceAmount(body, amount string) string {
	i := len(body) - len(`100}`)
	return body[:i] + amount + "}"
}

func replaceCurrency(body string) string {
	for i := 0; i+5 <= len(body); i++ {
		if body[i:i+5] == `"USD"` {
			return body[:i] + `"THB"` + body[i+5:]
		}
	}
	return body
}

// TestConcurrentBetsNeverOverdraw: 40 bets at once against money for 20.
func TestConcurrentBetsNeverOverdraw(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		const bets, stake = 40, 250
		id, token := e.member("race01", bets/2*stake, identity.TypeMember)
		game := e.game()
		var ok, broke atomic.Int64
		var wg sync.WaitGroup
		for i := range bets {
			wg.Add(1)
			go func() {
				defer wg.Done()
				a := e.call(OpBet, Callback{Token: token, Player: strconv.FormatInt(id, 10), Currency: "USD", GameCode: game,
					RoundID: fmt.Sprintf("R%d", i), TransactionID: fmt.Sprintf("B%d", i), Amount: stake})
				switch a.Status {
				case StatusOK:
					ok.Add(1)
				case StatusInsufficientFunds:
					broke.Add(1)
				default:
					t.Errorf("bet %d: %s %s", i, a.Status, a.Message)
				}
			}()
		}
		wg.Wait()
		if ok.Load() != bets/2 || broke.Load() != bets/2 || e.balance(id) != 0 {
			t.Fatalf("accepted %d, refused %d, balance %d; want %d, %d, 0", ok.Load(), broke.Load(), e.balance(id), bets/2, bets/2)
		}
		e.verify()
	})
}

// TestReplaysInRandomOrder: a thousand callbacks, each sent three times,
// all at once in random order, give the same answer every time and take
// effect once.
func TestReplaysInRandomOrder(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		const players, perPlayer, stake, prize = 10, 50, 100, 30
		type job struct {
			op string
			cb Callback
		}
		var bets, wins []job
		ids := make([]int64, players)
		game := e.game()
		for p := range players {
			id, token := e.member(fmt.Sprintf("replay%02d", p), perPlayer*stake, identity.TypeMember)
			ids[p] = id
			for i := range perPlayer {
				round, bet := fmt.Sprintf("R%d-%d", p, i), fmt.Sprintf("B%d-%d", p, i)
				base := Callback{Token: token, Player: strconv.FormatInt(id, 10), Currency: "USD", GameCode: game, RoundID: round}
				b := base
				b.TransactionID, b.Amount = bet, stake
				w := base
				w.TransactionID, w.ReferenceTransactionID, w.Amount, w.RoundClosed = "W"+bet, bet, prize, true
				bets, wins = append(bets, job{OpBet, b}), append(wins, job{OpWin, w})
			}
		}
		// Bets first (a win needs its bet), each phase three times over in
		// random order on 16 goroutines.
		for _, phase := range [][]job{bets, wins} {
			var sends []job
			for range 3 {
				sends = append(sends, phase...)
			}
			rand.Shuffle(len(sends), func(i, j int) { sends[i], sends[j] = sends[j], sends[i] })
			answers := sync.Map{}
			var wg sync.WaitGroup
			work := make(chan job)
			for range 16 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for j := range work {
						a := e.call(j.op, j.cb)
						if a.Status != StatusOK {
							t.Errorf("%s %s: %s %s", j.op, j.cb.TransactionID, a.Status, a.Message)
						}
						if prev, loaded := answers.LoadOrStore(j.cb.TransactionID, a); loaded && prev.(Answer) != a {
							t.Errorf("%s answered %+v, then %+v", j.cb.TransactionID, prev, a)
						}
					}
				}()
			}
			for _, s := range sends {
				work <- s
			}
			close(work)
			wg.Wait()
		}
		for _, id := range ids {
			if b := e.balance(id); b != perPlayer*prize {
				t.Fatalf("member %d: balance %d, want %d (one effect per callback)", id, b, perPlayer*prize)
			}
		}
		var transfers int
		if err := db.Read().QueryRowContext(context.Background(), `SELECT COUNT(*) FROM wallet_transfers WHERE kind IN ('bet', 'win')`).Scan(&transfers); err != nil {
			t.Fatal(err)
		}
		if transfers != players*perPlayer*2 {
			t.Fatalf("%d transfers, want %d", transfers, players*perPlayer*2)
		}
		e.verify()
	})
}

// TestTrialPlaysWithPlayMoney: a trial account's bets go to the
// play-money side, never the vendor's.
func TestTrialPlaysWithPlayMoney(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		e := newEnv(t, db)
		id, token := e.member("trial01", 1_000, identity.TypeTrial)
		a := e.call(OpBet, Callback{Token: token, Player: strconv.FormatInt(id, 10), Currency: "USD", GameCode: e.game(), RoundID: "R", TransactionID: "B", Amount: 400})
		if a.Status != StatusOK || a.Balance != 600 {
			t.Fatalf("trial bet: %+v", a)
		}
		var vendorRows int
		if err := db.Read().QueryRowContext(context.Background(), `SELECT COUNT(*) FROM wallet_accounts WHERE kind = 'vendor'`).Scan(&vendorRows); err != nil {
			t.Fatal(err)
		}
		if vendorRows != 0 {
			t.Fatalf("a trial bet touched %d vendor accounts", vendorRows)
		}
		e.verify()
	})
}

// TestStatementsPerCallback holds a callback's work to its budget, counted
// on SQLite once the caches are warm: five statements for a bet (read the
// state; move the money; record the transfer; open the round; record the
// callback) and for a paying win, three for a losing win, one for a
// balance. (On PostgreSQL two pairs of them are one statement each.)
func TestStatementsPerCallback(t *testing.T) {
	db := dbtest.SQLite(t)
	e := newEnv(t, db)
	id, token := e.member("budget01", 10_000, identity.TypeMember)
	player, game := strconv.FormatInt(id, 10), e.game()
	ctx := context.Background()
	count := func(op string, cb Callback) int64 {
		t.Helper()
		before := db.Statements()
		if a := e.svc.Apply(ctx, testVendor, op, cb); a.Status != StatusOK {
			t.Fatalf("%s %s: %s %s", op, cb.TransactionID, a.Status, a.Message)
		}
		return db.Statements() - before
	}
	pair := func(round string, prize int64) (bet, win int64) {
		b := Callback{Token: token, Player: player, Currency: "USD", GameCode: game, RoundID: round, TransactionID: round + "-b", Amount: 100}
		w := Callback{Player: player, Currency: "USD", RoundID: round, TransactionID: round + "-w", ReferenceTransactionID: b.TransactionID, Amount: prize, RoundClosed: true}
		return count(OpBet, b), count(OpWin, w)
	}
	pair("warm", 50)
	for _, tt := range []struct {
		name   string
		got    int64
		budget int64
	}{
		// A bet and a paying win each add four upserts of the back
		// office's figures (report.Record: one statement on PostgreSQL).
		{"bet", func() int64 { b, _ := pair("R1", 50); return b }(), 9},
		{"paying win", func() int64 { _, w := pair("R2", 50); return w }(), 9},
		{"losing win", func() int64 { _, w := pair("R3", 0); return w }(), 3},
		{"balance", count(OpBalance, Callback{Token: token, Player: player, Currency: "USD"}), 1},
	} {
		if tt.got > tt.budget {
			t.Errorf("%s: %d statements, budget %d", tt.name, tt.got, tt.budget)
		}
	}
}
