package wallet

import (
	"context"
	"fmt"
	"time"
)

// Entry is one movement of an account as its owner sees it: a signed
// amount (+ credited, − debited).
type Entry struct {
	ID        int64  `json:"id"`
	Time      int64  `json:"time"` // ms since the epoch
	Type      string `json:"type"` // the transfer's kind: bet, win, rollback, adjust...
	Amount    int64  `json:"amount"`
	Reference string `json:"reference"`
}

// HistoryPage is a page of an account's entries.
type HistoryPage struct {
	Content       []Entry `json:"content"`
	PageNum       int     `json:"pageNum"`
	TotalPages    int     `json:"totalPages"`
	TotalElements int     `json:"totalElements"`
}

// History is a page of an account's entries in [from, to), newest first;
// kind "" or "all" takes every kind.
func (s *Service) History(ctx context.Context, merchant string, r Ref, from, to time.Time, kind string, page, size int) (HistoryPage, error) {
	out := HistoryPage{Content: []Entry{}, PageNum: max(page, 1)}
	size = min(max(size, 1), 100)
	q := s.db.Read()
	var account int64
	err := q.QueryRowContext(ctx, `SELECT id FROM wallet_accounts WHERE merchant_code = $1 AND kind = $2 AND owner = $3 AND currency = $4`,
		merchant, r.Kind, r.Owner, r.Currency).Scan(&account)
	if err != nil {
		// No account yet: nothing ever moved.
		return out, nil
	}
	where := `(debit_account = $1 OR credit_account = $1) AND created_at >= $2 AND created_at < $3`
	args := []any{account, from.UnixMilli(), to.UnixMilli()}
	if kind != "" && kind != "all" {
		where += ` AND kind = $4`
		args = append(args, kind)
	}
	if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM wallet_transfers WHERE `+where, args...).Scan(&out.TotalElements); err != nil {
		return out, fmt.Errorf("wallet: history count: %w", err)
	}
	out.TotalPages = (out.TotalElements + size - 1) / size
	args = append(args, size, (out.PageNum-1)*size)
	rows, err := q.QueryContext(ctx, fmt.Sprintf(`SELECT id, created_at, kind, amount, debit_account, reference FROM wallet_transfers
		WHERE %s ORDER BY id DESC LIMIT $%d OFFSET $%d`, where, len(args)-1, len(args)), args...)
	if err != nil {
		return out, fmt.Errorf("wallet: history: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var e Entry
		var debit int64
		if err := rows.Scan(&e.ID, &e.Time, &e.Type, &e.Amount, &debit, &e.Reference); err != nil {
			return out, fmt.Errorf("wallet: history: %w", err)
		}
		if debit == account {
			e.Amount = -e.Amount
		}
		out.Content = append(out.Content, e)
	}
	return out, rows.Err()
}
