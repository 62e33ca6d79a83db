package wallet

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"

	"portal/internal/database"
)

// Transfer is one movement as recorded.
type Transfer struct {
	ID        int64
	Key       string
	Debit     int64 // account ids
	Credit    int64
	Amount    int64
	Kind      string
	Reference string
	// Replayed is true when the key had been used for this very request
	// before: the first result is returned and nothing moved again.
	Replayed bool
	// DebitBalance and CreditBalance are the two accounts' balances right
	// after the transfer (not set on a replay).
	DebitBalance, CreditBalance int64
}

// Request asks for amount to move from one account to another.
type Request struct {
	Merchant  string
	Key       string // idempotency key, unique per merchant
	From, To  Ref
	Amount    int64
	Kind      string // bet, win, rollback, adjust...
	Reference string
}

func (r Request) hash() string {
	h := sha256.Sum256([]byte(r.Merchant + "\x00" + r.From.Kind + "\x00" + r.From.Owner + "\x00" + r.From.Currency + "\x00" +
		r.To.Kind + "\x00" + r.To.Owner + "\x00" + r.To.Currency + "\x00" + strconv.FormatInt(r.Amount, 10) + "\x00" + r.Kind + "\x00" + r.Reference))
	return hex.EncodeToString(h[:])
}

// Move records a transfer in its own transaction.
func (s *Service) Move(ctx context.Context, r Request) (Transfer, error) {
	var t Transfer
	err := s.db.InTx(ctx, func(q database.Querier) error {
		var err error
		t, err = s.MoveIn(ctx, q, r)
		return err
	})
	return t, err
}

// MoveIn records a transfer inside the caller's transaction, so a
// transfer and the caller's own rows commit or fail together. A house
// account stands for its shard: the side is picked at random among
// HouseShards rows.
func (s *Service) MoveIn(ctx context.Context, q database.Querier, r Request) (Transfer, error) {
	if r.Amount <= 0 {
		return Transfer{}, ErrInvalidAmount
	}
	if r.Key == "" || len(r.Key) > 200 {
		return Transfer{}, ErrInvalidKey
	}
	if r.From == r.To && !sharded(r.From.Kind) {
		return Transfer{}, ErrSameAccount
	}
	hash := r.hash()
	// A key already used answers with its first result, or refuses a
	// different request.
	if t, found, err := s.byKey(ctx, q, r.Merchant, r.Key); err != nil {
		return Transfer{}, err
	} else if found {
		if t.hash != hash {
			return Transfer{}, ErrDuplicate
		}
		t.Replayed = true
		return t.Transfer, nil
	}
	shard := s.pickShard(r)
	from, err := s.account(ctx, q, r.Merchant, shardOf(r.From, shard))
	if err != nil {
		return Transfer{}, err
	}
	to, err := s.account(ctx, q, r.Merchant, shardOf(r.To, shard))
	if err != nil {
		return Transfer{}, err
	}
	if from == to {
		return Transfer{}, ErrSameAccount
	}
	// Rows are changed in ascending id order so two transfers between the
	// same accounts never wait on each other in opposite orders.
	first, second := from, to
	if second < first {
		first, second = second, first
	}
	var fromBalance, toBalance int64
	for _, id := range []int64{first, second} {
		if id == from {
			// The guard is in the statement: a member account is debited
			// only if it holds the amount, atomically, whatever else runs.
			err := q.QueryRowContext(ctx, `UPDATE wallet_accounts SET balance = balance - $1
				WHERE id = $2 AND (may_go_negative = 1 OR balance >= $1) RETURNING balance`, r.Amount, id).Scan(&fromBalance)
			if errors.Is(err, sql.ErrNoRows) {
				return Transfer{}, ErrInsufficientFunds
			}
			if err != nil {
				return Transfer{}, fmt.Errorf("wallet: debit: %w", err)
			}
			continue
		}
		if err := q.QueryRowContext(ctx, `UPDATE wallet_accounts SET balance = balance + $1 WHERE id = $2 RETURNING balance`, r.Amount, id).Scan(&toBalance); err != nil {
			return Transfer{}, fmt.Errorf("wallet: credit: %w", err)
		}
	}
	var id int64
	err = q.QueryRowContext(ctx, `INSERT INTO wallet_transfers (merchant_code, idempotency_key, request_hash, debit_account, credit_account, amount, kind, reference, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
		r.Merchant, r.Key, hash, from, to, r.Amount, r.Kind, r.Reference, s.now().UnixMilli()).Scan(&id)
	if err != nil {
		return Transfer{}, fmt.Errorf("wallet: record transfer: %w", err)
	}
	return Transfer{ID: id, Key: r.Key, Debit: from, Credit: to, Amount: r.Amount, Kind: r.Kind, Reference: r.Reference,
		DebitBalance: fromBalance, CreditBalance: toBalance}, nil
}

type storedTransfer struct {
	Transfer
	hash string
}

func (s *Service) byKey(ctx context.Context, q database.Querier, merchant, key string) (storedTransfer, bool, error) {
	var t storedTransfer
	err := q.QueryRowContext(ctx, `SELECT id, idempotency_key, request_hash, debit_account, credit_account, amount, kind, reference
		FROM wallet_transfers WHERE merchant_code = $1 AND idempotency_key = $2`, merchant, key).
		Scan(&t.ID, &t.Key, &t.hash, &t.Debit, &t.Credit, &t.Amount, &t.Kind, &t.Reference)
	if errors.Is(err, sql.ErrNoRows) {
		return t, false, nil
	}
	if err != nil {
		return t, false, fmt.Errorf("wallet: look up key: %w", err)
	}
	return t, true, nil
}

// pickShard chooses the shard of a sharded side. With a member on the
// other side it follows the member's id, so the work of one member (and of
// a batch lane that serves members by id) always meets the same shard and
// lanes never contend for one row; otherwise it is random.
func (s *Service) pickShard(r Request) int {
	for _, ref := range []Ref{r.From, r.To} {
		if ref.Kind == KindMember {
			if id, err := strconv.ParseInt(ref.Owner, 10, 64); err == nil && id >= 0 {
				return int(id % HouseShards)
			}
		}
	}
	return s.shard()
}

// shardOf names the shard row of a sharded side; other accounts are one row.
func shardOf(r Ref, shard int) Ref {
	if sharded(r.Kind) {
		r.Owner = r.Owner + "#" + strconv.Itoa(shard)
	}
	return r
}

// account finds or opens an account; only member accounts are held to a
// balance of zero or more.
func (s *Service) account(ctx context.Context, q database.Querier, merchant string, r Ref) (int64, error) {
	if r.Kind == "" || r.Owner == "" || r.Currency == "" {
		return 0, fmt.Errorf("wallet: incomplete account %+v", r)
	}
	negative := 1
	if r.Kind == KindMember {
		negative = 0
	}
	var id int64
	err := q.QueryRowContext(ctx, `INSERT INTO wallet_accounts (merchant_code, kind, owner, currency, may_go_negative, created_at)
		VALUES ($1, $2, $3, $4, $5, $6)
		ON CONFLICT (merchant_code, kind, owner, currency) DO UPDATE SET kind = excluded.kind
		RETURNING id`, merchant, r.Kind, r.Owner, r.Currency, negative, s.now().UnixMilli()).Scan(&id)
	if err != nil {
		return 0, fmt.Errorf("wallet: account: %w", err)
	}
	return id, nil
}

// Balance is an account's balance in minor units (0 without an account).
func (s *Service) Balance(ctx context.Context, merchant string, r Ref) (int64, error) {
	return s.BalanceIn(ctx, s.db.Read(), merchant, r)
}

// BalanceIn is an account's balance read inside the caller's transaction
// (0 without an account).
func (s *Service) BalanceIn(ctx context.Context, q database.Querier, merchant string, r Ref) (int64, error) {
	var b int64
	err := q.QueryRowContext(ctx, `SELECT balance FROM wallet_accounts WHERE merchant_code = $1 AND kind = $2 AND owner = $3 AND currency = $4`,
		merchant, r.Kind, r.Owner, r.Currency).Scan(&b)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("wallet: balance: %w", err)
	}
	return b, nil
}
