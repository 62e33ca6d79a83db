package wallet

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"portal/internal/database"
)

// Payment is one credit of a batch paid from one side: a rebate, a points
// award, anything the platform pays many members at once.
type Payment struct {
	To        Ref
	Amount    int64
	Key       string // idempotency key, unused (see PayManyIn)
	Kind      string
	Reference string
}

// payChunk bounds the rows of one statement: 9 parameters a transfer stay
// far below both databases' limits on bound parameters.
const payChunk = 500

// PayManyIn moves every payment from the side from to its account inside
// q, as MoveFreshIn would one by one, in three statements per 500
// payments: credits cannot overdraw an account, and from is a side that
// may go negative, so no guard needs a row at a time. The caller knows
// every key is unused because it keeps its own record of each payment in
// the same transaction (a payout row unique per member and period); a
// reused key still moves nothing: the insert fails on the unique index and
// the transaction with it. Open the accounts first (Remember) or each
// unknown one costs a statement here. It answers the balance of each
// payment's account after the batch, in the payments' order.
func (s *Service) PayManyIn(ctx context.Context, q database.Querier, merchant string, from Ref, payments []Payment) ([]int64, error) {
	if memberOwned(from.Kind) || sharded(from.Kind) {
		return nil, fmt.Errorf("wallet: pay many: %s is not a single side that may go negative", from.Kind)
	}
	if len(payments) == 0 {
		return nil, nil
	}
	fromID, err := s.account(ctx, q, merchant, from)
	if err != nil {
		return nil, err
	}
	type credit struct {
		id int64
		p  Payment
	}
	opened, err := s.openMany(ctx, q, merchant, payments)
	if err != nil {
		return nil, err
	}
	credits := make([]credit, len(payments))
	for i, p := range payments {
		r := Request{Merchant: merchant, Key: p.Key, From: from, To: p.To, Amount: p.Amount, Kind: p.Kind, Reference: p.Reference}
		if err := r.check(); err != nil {
			return nil, err
		}
		if p.To.Currency != from.Currency {
			return nil, fmt.Errorf("wallet: pay many: %s credit from a %s side", p.To.Currency, from.Currency)
		}
		id, ok := opened[p.To]
		if !ok {
			if id, err = s.account(ctx, q, merchant, p.To); err != nil {
				return nil, err
			}
		}
		if id == fromID {
			return nil, ErrSameAccount
		}
		credits[i] = credit{id, p}
	}
	out := make([]int64, len(payments))
	accountOf := make([]int64, len(payments))
	for i, c := range credits {
		accountOf[i] = c.id
	}
	// Rows are met in id order, as every batch of this kind meets them, so
	// two batches over the same members wait rather than deadlock.
	slices.SortFunc(credits, func(a, b credit) int { return cmp.Compare(a.id, b.id) })
	balances := map[int64]int64{}
	at := s.now().UnixMilli()
	for start := 0; start < len(credits); start += payChunk {
		chunk := credits[start:min(start+payChunk, len(credits))]
		// One account may be paid twice in a batch: its credits are summed,
		// since an UPDATE meets each row once.
		sums := map[int64]int64{}
		var order []int64
		var total int64
		for _, c := range chunk {
			if _, ok := sums[c.id]; !ok {
				order = append(order, c.id)
			}
			sums[c.id] += c.p.Amount
			total += c.p.Amount
		}
		values := make([]string, 0, len(order))
		args := make([]any, 0, 2*len(order))
		for _, id := range order {
			values = append(values, "(CAST($"+strconv.Itoa(len(args)+1)+" AS BIGINT), CAST($"+strconv.Itoa(len(args)+2)+" AS BIGINT))")
			args = append(args, id, sums[id])
		}
		if err := creditRows(ctx, q, values, args, balances); err != nil {
			return nil, err
		}
		if _, err := q.ExecContext(ctx, `UPDATE wallet_accounts SET balance = balance - $1 WHERE id = $2`, total, fromID); err != nil {
			return nil, fmt.Errorf("wallet: pay many: debit: %w", err)
		}
		rows := make([]string, 0, len(chunk))
		args = make([]any, 0, 9*len(chunk))
		for _, c := range chunk {
			r := Request{Merchant: merchant, Key: c.p.Key, From: from, To: c.p.To, Amount: c.p.Amount, Kind: c.p.Kind, Reference: c.p.Reference}
			n := len(args)
			marks := make([]string, 9)
			for i := range marks {
				marks[i] = "$" + strconv.Itoa(n+i+1)
			}
			rows = append(rows, "("+strings.Join(marks, ", ")+")")
			args = append(args, merchant, c.p.Key, r.hash(), fromID, c.id, c.p.Amount, c.p.Kind, c.p.Reference, at)
		}
		if _, err := q.ExecContext(ctx, `INSERT INTO wallet_transfers (merchant_code, idempotency_key, request_hash, debit_account, credit_account, amount, kind, reference, created_at)
			VALUES `+strings.Join(rows, ", "), args...); err != nil {
			return nil, fmt.Errorf("wallet: pay many: record: %w", err)
		}
	}
	for i, id := range accountOf {
		out[i] = balances[id]
	}
	return out, nil
}

// creditRows adds each (id, amount) of values to its account and notes the
// new balances.
func creditRows(ctx context.Context, q database.Querier, values []string, args []any, balances map[int64]int64) error {
	rows, err := q.QueryContext(ctx, `WITH v(id, amount) AS (VALUES `+strings.Join(values, ", ")+`)
		UPDATE wallet_accounts SET balance = wallet_accounts.balance + v.amount FROM v WHERE wallet_accounts.id = v.id
		RETURNING wallet_accounts.id, wallet_accounts.balance`, args...)
	if err != nil {
		return fmt.Errorf("wallet: pay many: credit: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id, balance int64
		if err := rows.Scan(&id, &balance); err != nil {
			return fmt.Errorf("wallet: pay many: credit: %w", err)
		}
		balances[id] = balance
	}
	return rows.Err()
}

// openMany finds or opens, inside q, the accounts of the payments that are
// not remembered, 500 a statement: a batch paying members for the first
// time (a first day of points) would otherwise open them one round trip
// each. The ids are not remembered: q's transaction may yet roll back.
func (s *Service) openMany(ctx context.Context, q database.Querier, merchant string, payments []Payment) (map[Ref]int64, error) {
	var missing []Ref
	seen := map[Ref]bool{}
	for _, p := range payments {
		if _, ok := s.ids.get(merchant, p.To); ok || seen[p.To] || p.To.Owner == "" {
			continue
		}
		seen[p.To] = true
		missing = append(missing, p.To)
	}
	out := map[Ref]int64{}
	at := s.now().UnixMilli()
	for start := 0; start < len(missing); start += payChunk {
		chunk := missing[start:min(start+payChunk, len(missing))]
		rows := make([]string, len(chunk))
		args := make([]any, 0, 4*len(chunk)+2)
		args = append(args, merchant, at)
		for i, r := range chunk {
			negative := 1
			if memberOwned(r.Kind) {
				negative = 0
			}
			n := len(args)
			rows[i] = "($1, $" + strconv.Itoa(n+1) + ", $" + strconv.Itoa(n+2) + ", $" + strconv.Itoa(n+3) + ", CAST($" + strconv.Itoa(n+4) + " AS INTEGER), $2)"
			args = append(args, r.Kind, r.Owner, r.Currency, negative)
		}
		res, err := q.QueryContext(ctx, `INSERT INTO wallet_accounts (merchant_code, kind, owner, currency, may_go_negative, created_at)
			VALUES `+strings.Join(rows, ", ")+`
			ON CONFLICT (merchant_code, kind, owner, currency) DO UPDATE SET kind = excluded.kind
			RETURNING id, kind, owner, currency`, args...)
		if err != nil {
			return nil, fmt.Errorf("wallet: pay many: open accounts: %w", err)
		}
		for res.Next() {
			var id int64
			var r Ref
			if err := res.Scan(&id, &r.Kind, &r.Owner, &r.Currency); err != nil {
				res.Close()
				return nil, fmt.Errorf("wallet: pay many: open accounts: %w", err)
			}
			out[r] = id
		}
		res.Close()
		if err := res.Err(); err != nil {
			return nil, fmt.Errorf("wallet: pay many: open accounts: %w", err)
		}
	}
	return out, nil
}
