package main

import (
	"bytes"
	"context"
	crand "crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"portal/internal/cashier"
	"portal/internal/database"
	"portal/internal/wallet"
)

// The cashier's figures (issue 14): how fast signed PSP notices turn into
// credits, replays beside them, and the finance queues over 100,000
// deposit and 100,000 withdrawal orders of the same members.
//
// Orders are written straight to the database as CreateDeposit leaves a
// sim order once the simulator registered it (pending, with its PSP order
// id, and the simulator's own row, so the reconcile job finds the payment
// still pending and leaves it alone); the notices then go through the
// running portal over HTTP, signature checked, exactly as the gateway's.

const (
	benchDeposits = 20_000
	// webhookConns is how many notices the gateway has in flight at once.
	webhookConns = 8
	// webhookMembers receive the credited deposits.
	webhookMembers = 2_000
	// queueOrders, queueMembers and queueDays shape the finance queue.
	queueOrders  = 100_000
	queueMembers = 10_000
	queueDays    = 60
	// withdrawOrders shape the withdrawal queue, of the same members.
	withdrawOrders = 100_000
)

// walletFigures are the wallet part's figures of this invocation by
// database label, for the cashier's lines to stand beside.
var walletFigures = map[string]walletFigure{}

// walletFigure is one database's seamless-wallet result.
type walletFigure struct{ pairs, yardstick float64 }

// cashierBenches runs the figures on SQLite and, when it answers, on
// PostgreSQL.
func cashierBenches(portal, only string, deposits int) error {
	fmt.Printf("\ncashier: %d sim deposit orders credited by signed POST /cashier/webhook/sim from %d concurrent clients, then every notice replayed once\n",
		deposits, webhookConns)
	fmt.Printf("finance queue: GET /admin/api/cashier/deposits over %d orders of %d members over %d days, one request at a time, %d samples each\n",
		queueOrders, queueMembers, queueDays, latencySamples)
	fmt.Printf("withdrawal queue: GET /admin/api/cashier/withdrawals over %d orders of the same members over %d days, one bank account each, the same way\n",
		withdrawOrders, queueDays)
	dir, err := os.MkdirTemp("", "portal-bench-cashier-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	if only != "postgres" {
		if err := cashierBench(portal, "SQLite", filepath.Join(dir, "cashier.db"), dir, deposits); err != nil {
			return fmt.Errorf("sqlite: %w", err)
		}
	}
	if only != "sqlite" {
		dsn, drop, ok := postgresBenchDSN()
		if !ok {
			fmt.Println("PostgreSQL  skipped: no server at PORTAL_BENCH_POSTGRES (or the local default)")
		} else {
			defer drop()
			if err := cashierBench(portal, "PostgreSQL", dsn, dir, deposits); err != nil {
				return fmt.Errorf("postgres: %w", err)
			}
		}
	}
	fmt.Println("goals: finance queues (deposits and withdrawals) p99 < 50 ms on both databases; every order credited once, balances risen by exactly the credits")
	return nil
}

func cashierBench(portal, label, dsn, dir string, deposits int) error {
	addr, err := freeAddr()
	if err != nil {
		return err
	}
	_, stop, err := startPortal(portal, addr, dir, dsn)
	if err != nil {
		return err
	}
	defer stop()
	base := "http://" + addr
	ctx := context.Background()
	db, err := database.Open(ctx, dsn)
	if err != nil {
		return err
	}
	defer db.Close()
	var currency string
	if err := db.Read().QueryRowContext(ctx, `SELECT currency FROM merchants WHERE code = 'demo'`).Scan(&currency); err != nil {
		return err
	}
	channels := map[string]int64{}
	var secret string
	rows, err := db.Read().QueryContext(ctx, `SELECT id, code, secret FROM payment_channels WHERE merchant_code = 'demo'`)
	if err != nil {
		return err
	}
	for rows.Next() {
		var id int64
		var code, sec string
		if err := rows.Scan(&id, &code, &sec); err != nil {
			rows.Close()
			return err
		}
		channels[code] = id
		if code == "sim" {
			secret = sec
		}
	}
	rows.Close()
	if channels["sim"] == 0 || channels["aba"] == 0 || secret == "" {
		return fmt.Errorf("the demo channels aba and sim are not seeded")
	}

	// The finance queue first: the credits below then run beside 100,000
	// orders, as they would in the field.
	start := time.Now()
	gen, err := writeQueue(ctx, db, currency, channels)
	if err != nil {
		return fmt.Errorf("queue orders: %w", err)
	}
	fmt.Printf("\n%-11s queue generated in %v: %d orders (%d submitted), %d members\n", label, time.Since(start).Round(time.Second), queueOrders, gen.submitted, queueMembers)
	c, err := operatorClient(ctx, db, base)
	if err != nil {
		return fmt.Errorf("operator log-in: %w", err)
	}
	if err := timeQueue(c, label); err != nil {
		return err
	}
	start = time.Now()
	pending, err := writeWithdrawals(ctx, db, currency, gen.members)
	if err != nil {
		return fmt.Errorf("withdrawal orders: %w", err)
	}
	fmt.Printf("\n%-11s withdrawal queue generated in %v: %d orders (%d pending), %d bank accounts\n", label, time.Since(start).Round(time.Second),
		withdrawOrders, pending, len(gen.members))
	if err := timeWithdrawals(c, label); err != nil {
		return err
	}

	start = time.Now()
	orders, err := writeSimOrders(ctx, db, currency, channels["sim"], deposits)
	if err != nil {
		return fmt.Errorf("sim orders: %w", err)
	}
	fmt.Printf("\n%-11s %d pending sim orders for %d members written in %v\n", label, len(orders), webhookMembers, time.Since(start).Round(time.Second))
	client := &http.Client{Transport: &http.Transport{MaxIdleConns: webhookConns * 2, MaxIdleConnsPerHost: webhookConns * 2, MaxConnsPerHost: webhookConns},
		Timeout: 30 * time.Second}
	first := fireNotices(client, base, secret, orders)
	replay := fireNotices(client, base, secret, orders)
	checking := time.Now()
	bad, err := checkCredits(ctx, db, orders)
	if err != nil {
		return err
	}
	checked := time.Since(checking).Round(time.Millisecond)
	yard := "run without -only for the yardstick"
	if w, ok := walletFigures[label]; ok {
		yard = fmt.Sprintf("wallet of this run: %.0f pairs/s, yardstick %.0f inserts/s; credits are %.0f%% of the yardstick",
			w.pairs, w.yardstick, 100*first.rps/w.yardstick)
	}
	fmt.Printf("%-11s %-22s %12s %9s %9s %8s\n", "", "webhook", "credits/s", "p50 ms", "p99 ms", "errors")
	fmt.Printf("%-11s %-22s %12.0f %9.1f %9.1f %8d\n", label, "first notices", first.rps, ms(first.p50), ms(first.p99), first.errors)
	fmt.Printf("%-11s %-22s %12.0f %9.1f %9.1f %8d\n", label, "replays (no credit)", replay.rps, ms(replay.p50), ms(replay.p99), replay.errors)
	fmt.Printf("%-11s %s\n", label, yard)
	if bad != "" {
		fmt.Printf("%-11s check FAILED: %s\n", label, bad)
		return fmt.Errorf("%s", bad)
	}
	fmt.Printf("%-11s check ok: %d orders credited once, %d deposit transfers, balances rose by exactly the credits, ledger verifies (checked in %v)\n", label, len(orders), len(orders), checked)
	return nil
}

// benchMembersOf writes n members of demo named prefix plus a number of
// digits digits, in batches, and answers their ids in order.
func benchMembersOf(ctx context.Context, db *database.DB, prefix string, digits, n int) ([]int64, error) {
	var firstID int64
	if err := db.Read().QueryRowContext(ctx, `SELECT COALESCE(MAX(id), 0) + 1 FROM members`).Scan(&firstID); err != nil {
		return nil, err
	}
	now := time.Now().UnixMilli()
	ids := make([]int64, 0, n)
	for i := 0; i < n; i += 500 {
		k := min(500, n-i)
		var sb strings.Builder
		args := make([]any, 0, k*3)
		for j := range k {
			id := firstID + int64(i+j)
			if j > 0 {
				sb.WriteString(",")
			}
			p := len(args)
			fmt.Fprintf(&sb, "($%d,'demo',$%d,'!','',0,'{}',$%d,0,$%d)", p+1, p+2, p+3, p+3)
			args = append(args, id, fmt.Sprintf("%s%0*d", prefix, digits, i+j), now)
			ids = append(ids, id)
		}
		if _, err := db.Write().ExecContext(ctx, `INSERT INTO members (id, merchant_code, username, password_hash, payment_password_hash, type, profile,
			password_changed_at, must_change_password, created_at) VALUES `+sb.String(), args...); err != nil {
			return nil, fmt.Errorf("members: %w", err)
		}
	}
	if db.Dialect == database.Postgres {
		// The id sequence must pass the rows written with ids.
		if _, err := db.Write().ExecContext(ctx, `SELECT setval(pg_get_serial_sequence('members', 'id'), (SELECT MAX(id) FROM members))`); err != nil {
			return nil, err
		}
	}
	return ids, nil
}

// insertRows writes rows into table's cols, per rows a statement, every
// statement of one call in one transaction.
func insertRows(ctx context.Context, db *database.DB, table, cols string, rows [][]any, per int) error {
	return db.InTx(ctx, func(q database.Querier) error {
		for start := 0; start < len(rows); start += per {
			part := rows[start:min(start+per, len(rows))]
			var sb strings.Builder
			args := make([]any, 0, len(part)*len(part[0]))
			for i, row := range part {
				if i > 0 {
					sb.WriteString(",")
				}
				sb.WriteString("(")
				for j := range row {
					if j > 0 {
						sb.WriteString(",")
					}
					fmt.Fprintf(&sb, "$%d", len(args)+j+1)
				}
				sb.WriteString(")")
				args = append(args, row...)
			}
			if _, err := q.ExecContext(ctx, `INSERT INTO `+table+` (`+cols+`) VALUES `+sb.String(), args...); err != nil {
				return fmt.Errorf("%s: %w", table, err)
			}
		}
		return nil
	})
}

const orderCols = "merchant_code, member_id, channel_id, request_id, amount, fee, credit, currency, status, reference, psp_order_id, reason, created_at, expires_at, credited_at, decided_at, decided_by"

// queueGenerated says what writeQueue wrote.
type queueGenerated struct {
	submitted int
	members   []int64
}

// writeQueue writes queueOrders orders of queueMembers members, created
// over the last queueDays days in time order (ids rise with creation, as
// they do): about 5 % submitted manual transfers waiting for finance, the
// rest credited, expired or rejected, manual or sim.
func writeQueue(ctx context.Context, db *database.DB, currency string, channels map[string]int64) (queueGenerated, error) {
	var out queueGenerated
	members, err := benchMembersOf(ctx, db, "d", 5, queueMembers)
	if err != nil {
		return out, err
	}
	out.members = members
	r := rand.New(rand.NewPCG(3, 5))
	now := time.Now().UnixMilli()
	span := int64(queueDays) * 86_400_000
	created := make([]int64, queueOrders)
	for i := range created {
		created[i] = now - r.Int64N(span)
	}
	slices.Sort(created)
	per := 100
	if db.Dialect == database.Postgres {
		per = 1000
	}
	batch := make([][]any, 0, 10_000)
	for i, at := range created {
		member := members[r.IntN(len(members))]
		amount := (10 + r.Int64N(4990)) * 100
		status, channel, reason, by := cashier.StatusCredited, "sim", "", ""
		var credited, decided int64
		switch x := r.IntN(100); {
		case x < 5:
			status, channel = cashier.StatusSubmitted, "aba"
		case x < 15:
			status, channel, reason, by, decided = cashier.StatusRejected, "aba", "no such transfer", "finance", at+3_600_000
		case x < 30:
			status = cashier.StatusExpired
		case x < 55:
			channel, credited, decided, by = "aba", at+1_800_000, at+1_800_000, "finance"
		default:
			credited = at + 60_000
		}
		if status == cashier.StatusSubmitted {
			out.submitted++
		}
		fee, ref, psp := int64(0), "", ""
		if channel == "sim" {
			fee = amount / 100
			psp = fmt.Sprintf("PSBQ%08d", i)
		} else if status != cashier.StatusExpired {
			ref = fmt.Sprintf("TRF%08d", i)
		}
		expires := at + 86_400_000
		if channel == "sim" {
			expires = at + 1_800_000
		}
		batch = append(batch, []any{"demo", member, channels[channel], fmt.Sprintf("bench-q-%d", i), amount, fee, amount - fee, currency, status,
			ref, psp, reason, at, expires, credited, decided, by})
		if len(batch) == cap(batch) || i == len(created)-1 {
			if err := insertRows(ctx, db, "deposit_orders", orderCols, batch, per); err != nil {
				return out, err
			}
			batch = batch[:0]
		}
	}
	// Fresh statistics, as a database that grew to this size would have.
	_, err = db.Write().ExecContext(ctx, `ANALYZE`)
	return out, err
}

// queueCall is one finance-queue request, its path drawn afresh for
// each sample.
type queueCall struct {
	name string
	path func() string
}

// benchDay is the local day back days ago, as the queue's from and to.
func benchDay(back int) string { return time.Now().AddDate(0, 0, -back).Format("2006-01-02") }

// timeQueue times the deposits' finance queue.
func timeQueue(c *benchOperator, label string) error {
	r := rand.New(rand.NewPCG(13, 17))
	const path = "/admin/api/cashier/deposits"
	return timeCalls(c, label, []queueCall{
		{"queue: submitted (default page)", func() string { return path + "?status=submitted" }},
		{"queue: submitted, by amount", func() string { return path + "?status=submitted&sort=amount" }},
		{"all statuses, username prefix", func() string { return path + "?q=" + url.QueryEscape(fmt.Sprintf("d%03d", r.IntN(100))) }},
		{"all statuses, 7-day range", func() string {
			back := 7 + r.IntN(queueDays-7)
			return path + "?from=" + benchDay(back) + "&to=" + benchDay(back-6)
		}},
		{"all statuses, by amount", func() string { return path + "?sort=amount" }},
	})
}

// timeWithdrawals times the withdrawals' finance queue: the same filters
// as the deposits', and a deep page (the second half of the orders).
func timeWithdrawals(c *benchOperator, label string) error {
	r := rand.New(rand.NewPCG(29, 31))
	const path = "/admin/api/cashier/withdrawals"
	pages := withdrawOrders / 20
	return timeCalls(c, label, []queueCall{
		{"withdrawals: pending (default page)", func() string { return path + "?status=pending" }},
		{"withdrawals: pending, by amount", func() string { return path + "?status=pending&sort=amount" }},
		{"withdrawals: username prefix", func() string { return path + "?q=" + url.QueryEscape(fmt.Sprintf("d%03d", r.IntN(100))) }},
		{"withdrawals: 7-day range", func() string {
			back := 7 + r.IntN(queueDays-7)
			return path + "?from=" + benchDay(back) + "&to=" + benchDay(back-6)
		}},
		{"withdrawals: deep page", func() string { return path + fmt.Sprintf("?pageNum=%d", pages/2+r.IntN(pages/2)) }},
	})
}

// timeCalls times each call one request at a time, as backofficeBench
// does: 2 warm-ups, then latencySamples.
func timeCalls(c *benchOperator, label string, calls []queueCall) error {
	fmt.Printf("%-11s %-36s %9s %9s %9s %8s\n", "database", "call", "p50 ms", "p99 ms", "max ms", "samples")
	for _, call := range calls {
		for range 2 {
			if err := c.get(call.path()); err != nil {
				return fmt.Errorf("%s: %w", call.name, err)
			}
		}
		took := make([]time.Duration, 0, latencySamples)
		for range latencySamples {
			t0 := time.Now()
			if err := c.get(call.path()); err != nil {
				return fmt.Errorf("%s: %w", call.name, err)
			}
			took = append(took, time.Since(t0))
		}
		slices.Sort(took)
		fmt.Printf("%-11s %-36s %9.1f %9.1f %9.1f %8d\n", label, call.name, ms(took[len(took)/2]), ms(took[len(took)*99/100]), ms(took[len(took)-1]), len(took))
	}
	return nil
}

const withdrawCols = "merchant_code, member_id, bank_account_id, request_id, amount, currency, status, reason, payout, payout_ref, receipt, " +
	"receipt_remaining, created_at, decided_at, decided_by, paid_at, receipt_due_at, receipt_at, resolved_at, resolved_by"

// writeWithdrawals gives each member one bank account, written straight
// to the table, then writes withdrawOrders orders of theirs created over
// the last queueDays days in time order: about a fifth pending, the rest
// paid, completed, rejected or disputed. It answers how many are pending.
// No money moves: the queue reads the orders alone.
func writeWithdrawals(ctx context.Context, db *database.DB, currency string, members []int64) (int, error) {
	now := time.Now().UnixMilli()
	per := 100
	if db.Dialect == database.Postgres {
		per = 1000
	}
	accounts := make([][]any, 0, len(members))
	for i, m := range members {
		accounts = append(accounts, []any{"demo", m, "ABA Bank", fmt.Sprintf("000%09d", i), fmt.Sprintf("Bench Member %05d", i), now - int64(queueDays+1)*86_400_000})
	}
	if err := insertRows(ctx, db, "member_bank_accounts", "merchant_code, member_id, bank_name, account_number, account_name, created_at", accounts, per); err != nil {
		return 0, err
	}
	account := map[int64]int64{}
	rows, err := db.Read().QueryContext(ctx, `SELECT id, member_id FROM member_bank_accounts WHERE merchant_code = 'demo'`)
	if err != nil {
		return 0, err
	}
	for rows.Next() {
		var id, member int64
		if err := rows.Scan(&id, &member); err != nil {
			rows.Close()
			return 0, err
		}
		account[member] = id
	}
	rows.Close()
	r := rand.New(rand.NewPCG(37, 41))
	span := int64(queueDays) * 86_400_000
	created := make([]int64, withdrawOrders)
	for i := range created {
		created[i] = now - r.Int64N(span)
	}
	slices.Sort(created)
	pending := 0
	batch := make([][]any, 0, 10_000)
	for i, at := range created {
		member := members[r.IntN(len(members))]
		amount := (10 + r.Int64N(4990)) * 100
		status, reason, payout, ref, receipt, by, resolvedBy := cashier.WithdrawPending, "", "manual", "", "", "", ""
		var remaining, decided, paid, due, receiptAt, resolved int64
		switch x := r.IntN(100); {
		case x < 20:
			pending++
		case x < 35:
			status, reason, by, decided = cashier.WithdrawRejected, "turnover not met", "finance", at+3_600_000
		case x < 45:
			// Waiting for the member's receipt, due ahead: the receipt job
			// would otherwise close these while the queue is timed.
			status, by, decided, paid, due = cashier.WithdrawPaid, "finance", at+1_800_000, at+1_800_000, now+86_400_000
			ref = fmt.Sprintf("PAY%08d", i)
		case x < 50:
			status, by, decided, paid = cashier.WithdrawDisputed, "finance", at+1_800_000, at+1_800_000
			ref, receipt, remaining, receiptAt = fmt.Sprintf("PAY%08d", i), cashier.ReceiptPartial, amount/2, at+7_200_000
		default:
			status, by, decided, paid = cashier.WithdrawCompleted, "finance", at+1_800_000, at+1_800_000
			ref, receipt, receiptAt = fmt.Sprintf("PAY%08d", i), cashier.ReceiptReceived, at+3_600_000
		}
		if paid != 0 {
			due = max(due, paid+86_400_000)
		}
		batch = append(batch, []any{"demo", member, account[member], fmt.Sprintf("bench-wd-%d", i), amount, currency, status, reason, payout, ref,
			receipt, remaining, at, decided, by, paid, due, receiptAt, resolved, resolvedBy})
		if len(batch) == cap(batch) || i == len(created)-1 {
			if err := insertRows(ctx, db, "withdrawal_orders", withdrawCols, batch, per); err != nil {
				return 0, err
			}
			batch = batch[:0]
		}
	}
	_, err = db.Write().ExecContext(ctx, `ANALYZE`)
	return pending, err
}

// simOrder is a pending sim order the gateway will say is paid.
type simOrder struct {
	id, member, amount, credit int64
	psp, currency              string
}

// writeSimOrders writes n pending sim orders for webhookMembers new
// members, with the simulator's row of each, and answers them.
func writeSimOrders(ctx context.Context, db *database.DB, currency string, channel int64, n int) ([]simOrder, error) {
	suffix := make([]byte, 3)
	_, _ = crand.Read(suffix)
	members, err := benchMembersOf(ctx, db, "w"+hex.EncodeToString(suffix), 5, webhookMembers)
	if err != nil {
		return nil, err
	}
	r := rand.New(rand.NewPCG(19, 23))
	now := time.Now().UnixMilli()
	per := 100
	if db.Dialect == database.Postgres {
		per = 1000
	}
	orders := make([]simOrder, 0, n)
	var batch, sims [][]any
	for i := range n {
		amount := (1 + r.Int64N(1000)) * 100
		fee := amount / 100
		o := simOrder{member: members[i%len(members)], amount: amount, credit: amount - fee, currency: currency,
			psp: fmt.Sprintf("PSBW%s%08d", hex.EncodeToString(suffix), i)}
		orders = append(orders, o)
		batch = append(batch, []any{"demo", o.member, channel, "bench-w-" + o.psp, amount, fee, amount - fee, currency, cashier.StatusPending,
			"", o.psp, "", now, now + int64(cashier.SimExpiry/time.Millisecond)*4, 0, 0, ""})
		if len(batch) == 5000 || i == n-1 {
			if err := insertRows(ctx, db, "deposit_orders", orderCols, batch, per); err != nil {
				return nil, err
			}
			batch = batch[:0]
		}
	}
	// The orders' ids, then the simulator's rows naming them.
	ids := map[string]int64{}
	rows, err := db.Read().QueryContext(ctx, `SELECT id, psp_order_id FROM deposit_orders WHERE request_id LIKE 'bench-w-%'`)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var id int64
		var psp string
		if err := rows.Scan(&id, &psp); err != nil {
			rows.Close()
			return nil, err
		}
		ids[psp] = id
	}
	rows.Close()
	for i := range orders {
		o := &orders[i]
		o.id = ids[o.psp]
		if o.id == 0 {
			return nil, fmt.Errorf("order %s not written", o.psp)
		}
		sims = append(sims, []any{o.psp, "demo", "sim", o.id, o.amount, currency, "/cashier/webhook/sim", "/", "pending", now})
		if len(sims) == 5000 || i == len(orders)-1 {
			if err := insertRows(ctx, db, "paysim_orders", "psp_order_id, merchant_code, channel_code, order_id, amount, currency, notify_path, return_url, status, created_at",
				sims, per); err != nil {
				return nil, err
			}
			sims = sims[:0]
		}
	}
	_, err = db.Write().ExecContext(ctx, `ANALYZE`)
	return orders, err
}

// fireNotices sends every order's paid notice once, signed, from
// webhookConns clients taking the orders in turn; rps is notices answered
// OK per second.
func fireNotices(client *http.Client, base, secret string, orders []simOrder) result {
	var next atomic.Int64
	var (
		mu    sync.Mutex
		all   []time.Duration
		fails int
		wg    sync.WaitGroup
	)
	begin := time.Now()
	for range webhookConns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			lat := make([]time.Duration, 0, len(orders)/webhookConns+1)
			bad := 0
			for {
				i := next.Add(1) - 1
				if i >= int64(len(orders)) {
					break
				}
				o := orders[i]
				body, _ := json.Marshal(cashier.Notice{PSPOrderID: o.psp, OrderID: o.id, Status: cashier.NoticePaid, Amount: o.amount, Currency: o.currency,
					PaidAt: time.Now().UTC().Format(time.RFC3339)})
				t0 := time.Now()
				req, _ := http.NewRequest(http.MethodPost, base+"/cashier/webhook/sim", bytes.NewReader(body))
				req.Header.Set("Content-Type", "application/json")
				req.Header.Set("X-Signature", cashier.Sign(secret, body))
				res, err := client.Do(req)
				if err != nil {
					bad++
					continue
				}
				answer, _ := io.ReadAll(res.Body)
				res.Body.Close()
				if res.StatusCode != http.StatusOK || string(answer) != "OK" {
					if bad == 0 {
						fmt.Fprintf(os.Stderr, "webhook answered %d: %.200s\n", res.StatusCode, answer)
					}
					bad++
					continue
				}
				lat = append(lat, time.Since(t0))
			}
			mu.Lock()
			all = append(all, lat...)
			fails += bad
			mu.Unlock()
		}()
	}
	wg.Wait()
	elapsed := time.Since(begin)
	slices.Sort(all)
	if len(all) == 0 {
		return result{errors: fails}
	}
	return result{rps: float64(len(all)) / elapsed.Seconds(), p50: all[len(all)*50/100], p99: all[len(all)*99/100], errors: fails}
}

// checkCredits answers what is wrong, or "": every order credited with
// its credit, one deposit transfer each, each member's balance the sum of
// their orders' credits (the members had no money before), and the ledger
// agreeing with its balances.
func checkCredits(ctx context.Context, db *database.DB, orders []simOrder) (string, error) {
	want := map[int64]int64{}
	var total int64
	for _, o := range orders {
		want[o.member] += o.credit
		total += o.credit
	}
	var credited, sumCredit int64
	if err := db.Read().QueryRowContext(ctx, `SELECT COUNT(*), COALESCE(SUM(credit), 0) FROM deposit_orders WHERE request_id LIKE 'bench-w-%' AND status = 'credited'`).
		Scan(&credited, &sumCredit); err != nil {
		return "", err
	}
	if credited != int64(len(orders)) || sumCredit != total {
		return fmt.Sprintf("%d of %d orders credited, credits %d, want %d", credited, len(orders), sumCredit, total), nil
	}
	var transfers, moved int64
	// The bench's credits are the only deposits in the ledger: the queue's
	// orders were written without money.
	if err := db.Read().QueryRowContext(ctx, `SELECT COUNT(*), COALESCE(SUM(amount), 0) FROM wallet_transfers WHERE merchant_code = 'demo' AND kind = 'deposit'`).
		Scan(&transfers, &moved); err != nil {
		return "", err
	}
	if transfers != int64(len(orders)) || moved != total {
		return fmt.Sprintf("%d deposit transfers moving %d, want %d moving %d", transfers, moved, len(orders), total), nil
	}
	ledger := wallet.NewService(db, time.Now)
	wrong := 0
	for member, sum := range want {
		b, err := ledger.Balance(ctx, "demo", wallet.Member(member, orders[0].currency))
		if err != nil {
			return "", err
		}
		if b != sum {
			wrong++
		}
	}
	if wrong > 0 {
		return fmt.Sprintf("%d members' balances differ from their credits", wrong), nil
	}
	v, err := ledger.Verify(ctx)
	if err != nil {
		return "", err
	}
	if len(v) > 0 {
		return fmt.Sprintf("ledger: %d accounts disagree with their transfers", len(v)), nil
	}
	return "", nil
}
