package provider

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"testing"
	"time"

	"portal/internal/catalog"
	"portal/internal/database"
	"portal/internal/identity"
	"portal/internal/merchant"
	"portal/internal/wallet"
)

// testEnv is a seeded database with the services over it and a way to
// call the contract as vendor PG would: signed bodies through Handle.
type testEnv struct {
	t      testing.TB
	db     *database.DB
	svc    *Service
	ledger *wallet.Service
	cat    *catalog.Service
	ids    *identity.Service
	mer    *merchant.Service
	secret string
	// logs holds what the service logged; read it once the calls are done.
	logs *bytes.Buffer
}

const testVendor = "PG"

func newEnv(t testing.TB, db *database.DB) *testEnv {
	t.Helper()
	ctx := context.Background()
	for _, seed := range []func(context.Context, *database.DB) error{merchant.Seed, catalog.Seed, identity.Seed} {
		if err := seed(ctx, db); err != nil {
			t.Fatal(err)
		}
	}
	mer, err := merchant.NewService(db, merchant.Options{})
	if err != nil {
		t.Fatal(err)
	}
	e := &testEnv{t: t, db: db, ledger: wallet.NewService(db, time.Now), cat: catalog.NewService(db, nil), ids: identity.NewService(db, nil), mer: mer,
		logs: &bytes.Buffer{}}
	e.svc = NewService(db, e.ledger, e.ids, e.cat, mer, Options{Log: slog.New(slog.NewTextHandler(e.logs, nil))})
	t.Cleanup(e.svc.Close)
	e.secret, err = e.svc.Secret(ctx, testVendor)
	if err != nil {
		t.Fatal(err)
	}
	return e
}

// member opens a funded member with a live game session at PG.
func (e *testEnv) member(name string, funds int64, typ identity.MemberType) (id int64, token string) {
	e.t.Helper()
	ctx := context.Background()
	id, err := e.ids.Create(ctx, e.db.Write(), identity.NewMember{MerchantCode: "demo", Username: name, Password: "Secret@123", Type: typ})
	if err != nil {
		e.t.Fatal(err)
	}
	if funds > 0 {
		e.fund(id, funds)
	}
	m, err := e.ids.Member(ctx, id)
	if err != nil {
		e.t.Fatal(err)
	}
	l, err := e.svc.StartGame(ctx, e.cat, LaunchRequest{Merchant: "demo", Member: m, Vendor: testVendor, GameCode: e.game(), Language: "EN"})
	if err != nil {
		e.t.Fatal(err)
	}
	return id, tokenOf(e.t, l.URL)
}

func (e *testEnv) fund(id, amount int64) {
	e.t.Helper()
	if _, err := e.ledger.Move(context.Background(), wallet.Request{Merchant: "demo", Key: fmt.Sprintf("fund-%d-%d", id, amount),
		From: wallet.Side(wallet.KindAdjustment, "test", "USD"), To: wallet.Member(id, "USD"), Amount: amount, Kind: "adjust"}); err != nil {
		e.t.Fatal(err)
	}
}

// game is a PG game code of the catalogue.
func (e *testEnv) game() string {
	e.t.Helper()
	page, err := e.cat.List(context.Background(), "demo", catalog.ListQuery{Vendor: testVendor, Page: 1, Size: 1})
	if err != nil || len(page.Games) == 0 {
		e.t.Fatalf("no %s game: %v", testVendor, err)
	}
	return page.Games[0].GameCode
}

func (e *testEnv) call(op string, cb Callback) Answer {
	e.t.Helper()
	body, err := json.Marshal(cb)
	if err != nil {
		e.t.Fatal(err)
	}
	return e.svc.Handle(context.Background(), testVendor, op, body, Sign(e.secret, body))
}

func (e *testEnv) balance(id int64) int64 {
	e.t.Helper()
	b, err := e.ledger.Balance(context.Background(), "demo", wallet.Member(id, "USD"))
	if err != nil {
		e.t.Fatal(err)
	}
	return b
}

func (e *testEnv) verify() {
	e.t.Helper()
	v, err := e.ledger.Verify(context.Background())
	if err != nil || len(v) != 0 {
		e.t.Fatalf("ledger verify: %v %+v", err, v)
	}
}

// effects counts what a callback could have changed.
func (e *testEnv) effects() string {
	e.t.Helper()
	var transfers, txs, rounds int
	var sum int64
	err := e.db.Read().QueryRowContext(context.Background(), `SELECT (SELECT COUNT(*) FROM wallet_transfers), (SELECT COUNT(*) FROM vendor_transactions),
		(SELECT COUNT(*) FROM game_rounds), (SELECT COALESCE(SUM(balance), 0) FROM wallet_accounts WHERE kind = 'member')`).Scan(&transfers, &txs, &rounds, &sum)
	if err != nil {
		e.t.Fatal(err)
	}
	return fmt.Sprintf("transfers=%d transactions=%d rounds=%d member-sum=%d", transfers, txs, rounds, sum)
}

func tokenOf(t testing.TB, u string) string {
	t.Helper()
	for _, part := range splitQuery(u) {
		if len(part) > 6 && part[:6] == "token=" {
			return part[6:]
		}
	}
	t.Fatalf("no token in %s", u)
	return ""
}

func splitQuery(u string) []string {
	var out []string
	start := 0
	for i := 0; i <= len(u); i++ {
		if i == len(u) || u[i] == '?' || u[i] == '&' {
			out = append(out, u[start:i])
			start = i + 1
		}
	}
	return out
}
