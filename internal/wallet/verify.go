package wallet

import (
	"context"
	"fmt"
)

// Violation is one broken invariant found by Verify.
type Violation struct {
	What string
}

// Verify recomputes every balance from the transfers and checks the
// ledger's invariants: each balance equals credits minus debits, no member
// account is negative, each merchant's balances in a currency sum to zero,
// and every transfer moves money between two existing accounts of its own
// merchant in one currency.
func (s *Service) Verify(ctx context.Context) ([]Violation, error) {
	q := s.db.Read()
	rows, err := q.QueryContext(ctx, `SELECT a.id, a.merchant_code, a.kind, a.owner, a.currency, a.balance, a.may_go_negative,
		COALESCE((SELECT SUM(amount) FROM wallet_transfers WHERE credit_account = a.id), 0) -
		COALESCE((SELECT SUM(amount) FROM wallet_transfers WHERE debit_account = a.id), 0)
		FROM wallet_accounts a ORDER BY a.id`)
	if err != nil {
		return nil, fmt.Errorf("wallet: verify: %w", err)
	}
	defer rows.Close()
	var out []Violation
	sums := map[string]int64{}
	for rows.Next() {
		var id, balance, computed int64
		var merchant, kind, owner, currency string
		var negative int
		if err := rows.Scan(&id, &merchant, &kind, &owner, &currency, &balance, &negative, &computed); err != nil {
			return nil, fmt.Errorf("wallet: verify: %w", err)
		}
		if balance != computed {
			out = append(out, Violation{fmt.Sprintf("account %d (%s %s %s %s): balance %d, transfers say %d", id, merchant, kind, owner, currency, balance, computed)})
		}
		if negative == 0 && balance < 0 {
			out = append(out, Violation{fmt.Sprintf("account %d (%s %s %s): negative balance %d", id, merchant, kind, owner, balance)})
		}
		sums[merchant+" "+currency] += balance
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("wallet: verify: %w", err)
	}
	for k, sum := range sums {
		if sum != 0 {
			out = append(out, Violation{fmt.Sprintf("balances of %s sum to %d, not 0", k, sum)})
		}
	}
	strays, err := s.strayTransfers(ctx)
	if err != nil {
		return nil, err
	}
	return append(out, strays...), nil
}

// strayTransfers finds transfers whose accounts are missing, of another
// merchant or of different currencies. No foreign key holds a transfer's
// merchant on PostgreSQL (migration 00013), so this is where a wrong one
// would show.
func (s *Service) strayTransfers(ctx context.Context) ([]Violation, error) {
	rows, err := s.db.Read().QueryContext(ctx, `SELECT t.id, t.merchant_code, COALESCE(d.merchant_code, ''), COALESCE(c.merchant_code, ''),
		COALESCE(d.currency, ''), COALESCE(c.currency, '')
		FROM wallet_transfers t
		LEFT JOIN wallet_accounts d ON d.id = t.debit_account
		LEFT JOIN wallet_accounts c ON c.id = t.credit_account
		WHERE d.id IS NULL OR c.id IS NULL OR d.merchant_code <> t.merchant_code OR c.merchant_code <> t.merchant_code OR d.currency <> c.currency
		ORDER BY t.id`)
	if err != nil {
		return nil, fmt.Errorf("wallet: verify transfers: %w", err)
	}
	defer rows.Close()
	var out []Violation
	for rows.Next() {
		var id int64
		var merchant, debitMerchant, creditMerchant, debitCurrency, creditCurrency string
		if err := rows.Scan(&id, &merchant, &debitMerchant, &creditMerchant, &debitCurrency, &creditCurrency); err != nil {
			return nil, fmt.Errorf("wallet: verify transfers: %w", err)
		}
		out = append(out, Violation{fmt.Sprintf("transfer %d of %s moves between accounts of %q (%s) and %q (%s)",
			id, merchant, debitMerchant, debitCurrency, creditMerchant, creditCurrency)})
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("wallet: verify transfers: %w", err)
	}
	return out, nil
}
