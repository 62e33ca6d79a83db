package wallet

import (
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
	"strings"

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
	// At is when it was recorded (created_at), Unix ms (not set on a
	// replay): the figures that count it bucket it by this very time.
	At int64
}

// Request asks for amount to move from one account to another.
type Request struct {
	Merchant  string
	Key       string // idempotency key, unique per merchant
	From, To  Ref
	Amount    int64
	Kind      string // bet, win, rollback, adjust...
	Reference string
	// ShardOf, for a transfer between two sharded sides, names the member
	// whose shard both take (0: a random one): a transaction that also
	// moves that member's money then meets the same rows in the same
	// order, and two such transactions cannot deadlock.
	ShardOf int64
}

func (r Request) hash() string {
	h := sha256.Sum256([]byte(r.Merchant + "\x00" + r.From.Kind + "\x00" + r.From.Owner + "\x00" + r.From.Currency + "\x00" +
		r.To.Kind + "\x00" + r.To.Owner + "\x00" + r.To.Currency + "\x00" + strconv.FormatInt(r.Amount, 10) + "\x00" + r.Kind + "\x00" + r.Reference))
	return hex.EncodeToString(h[:])
}

// Move records a transfer in its own transaction. Two transfers of the same
// accounts at once may deadlock on PostgreSQL (rows are locked in the
// order the server scans them): the one chosen to fail is run again.
func (s *Service) Move(ctx context.Context, r Request) (Transfer, error) {
	var t Transfer
	var err error
	for attempt := 0; ; attempt++ {
		err = s.db.InTx(ctx, func(q database.Querier) error {
			var err error
			t, err = s.MoveIn(ctx, q, r)
			return err
		})
		if attempt == 2 || !database.IsTransient(err) {
			return t, err
		}
	}
}

// MoveIn records a transfer inside the caller's transaction, so a
// transfer and the caller's own rows commit or fail together. A house
// account stands for its shard: the side is picked at random among
// HouseShards rows. ErrInsufficientFunds leaves the transaction as it was.
func (s *Service) MoveIn(ctx context.Context, q database.Querier, r Request) (Transfer, error) {
	if err := r.check(); err != nil {
		return Transfer{}, err
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
	return s.record(ctx, q, r, hash)
}

// MoveFreshIn is MoveIn for a caller that knows the key is unused, because
// it keeps its own record of the request in the same transaction (the
// seamless wallet's transaction ids): the key is not looked up first. A
// reused key still moves nothing: the insert fails on the unique index.
func (s *Service) MoveFreshIn(ctx context.Context, q database.Querier, r Request) (Transfer, error) {
	if err := r.check(); err != nil {
		return Transfer{}, err
	}
	return s.record(ctx, q, r, r.hash())
}

func (r Request) check() error {
	if r.Amount <= 0 {
		return ErrInvalidAmount
	}
	if r.Key == "" || len(r.Key) > 200 {
		return ErrInvalidKey
	}
	if r.From == r.To && !sharded(r.From.Kind) {
		return ErrSameAccount
	}
	return nil
}

// record moves the money and writes the transfer: two statements (one on
// PostgreSQL) once the accounts' ids are known.
func (s *Service) record(ctx context.Context, q database.Querier, r Request, hash string) (Transfer, error) {
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
	row := transferRow{merchant: r.Merchant, key: r.Key, hash: hash, kind: r.Kind, reference: r.Reference, at: s.now().UnixMilli()}
	fromBalance, toBalance, id, err := s.shift(ctx, q, from, to, r.Amount, row)
	if err != nil {
		return Transfer{}, err
	}
	return Transfer{ID: id, Key: r.Key, Debit: from, Credit: to, Amount: r.Amount, Kind: r.Kind, Reference: r.Reference,
		DebitBalance: fromBalance, CreditBalance: toBalance, At: row.at}, nil
}

// transferRow is what a transfer's row holds besides its accounts and
// amount.
type transferRow struct {
	merchant, key, hash, kind, reference string
	at                                   int64
}

// shiftSQL debits $2 and credits $3 by $1 (see shift).
const shiftSQL = `UPDATE wallet_accounts
	SET balance = balance + CASE WHEN id = $2 THEN -CAST($1 AS BIGINT) ELSE CAST($1 AS BIGINT) END
	WHERE id IN ($2, $3) AND (id <> $2 OR may_go_negative = 1 OR balance >= $1)
		AND EXISTS (SELECT 1 FROM wallet_accounts d WHERE d.id = $2 AND (d.may_go_negative = 1 OR d.balance >= $1))
	RETURNING id, balance`

// insertTransferSQL records a transfer once both rows moved.
const insertTransferSQL = `INSERT INTO wallet_transfers (merchant_code, idempotency_key, request_hash, debit_account, credit_account, amount, kind, reference, created_at)
	VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`

// shiftAndRecordSQL is both in one statement, for PostgreSQL: every
// statement there is a round trip to the server, and round trips are most
// of what a transfer costs it. The transfer is written only when both rows
// moved.
const shiftAndRecordSQL = `WITH moved AS (` + shiftSQL + `),
	recorded AS (
		INSERT INTO wallet_transfers (merchant_code, idempotency_key, request_hash, debit_account, credit_account, amount, kind, reference, created_at)
		SELECT $4, $5, $6, $2, $3, $1, $7, $8, CAST($9 AS BIGINT) WHERE (SELECT COUNT(*) FROM moved) = 2
		RETURNING id)
	SELECT m.id, m.balance, (SELECT id FROM recorded) FROM moved m`

// shift debits one account, credits the other and records the transfer;
// it returns the two new balances and the transfer's id. The guard is in
// the statement: the debit account must hold the amount (unless it may go
// negative), or neither row changes and the answer is ErrInsufficientFunds,
// whatever else runs.
//
// The EXISTS reads the debit row as the statement's snapshot saw it; each
// row's own condition is checked again on its latest version when
// PostgreSQL had to wait for its lock. So when another transaction spent
// the money meanwhile, only the credit row changes: it is changed back
// here, and the answer is ErrInsufficientFunds with nothing changed. A
// CHECK on the table holds member balances at zero or more besides.
func (s *Service) shift(ctx context.Context, q database.Querier, from, to, amount int64, row transferRow) (fromBalance, toBalance, id int64, err error) {
	combined := s.db.Dialect == database.Postgres
	var rows *sql.Rows
	if combined {
		rows, err = q.QueryContext(ctx, shiftAndRecordSQL, amount, from, to, row.merchant, row.key, row.hash, row.kind, row.reference, row.at)
	} else {
		rows, err = q.QueryContext(ctx, shiftSQL, amount, from, to)
	}
	if err != nil {
		return 0, 0, 0, fmt.Errorf("wallet: move: %w", err)
	}
	var debited, credited bool
	var recorded sql.NullInt64
	for rows.Next() {
		var account, balance int64
		dest := []any{&account, &balance}
		if combined {
			dest = append(dest, &recorded)
		}
		if err := rows.Scan(dest...); err != nil {
			rows.Close()
			return 0, 0, 0, fmt.Errorf("wallet: move: %w", err)
		}
		if account == from {
			debited, fromBalance = true, balance
		} else {
			credited, toBalance = true, balance
		}
	}
	if err := rows.Close(); err != nil {
		return 0, 0, 0, fmt.Errorf("wallet: move: %w", err)
	}
	if err := rows.Err(); err != nil {
		return 0, 0, 0, fmt.Errorf("wallet: move: %w", err)
	}
	switch {
	case debited && credited:
	case !debited && !credited:
		return 0, 0, 0, ErrInsufficientFunds
	case credited:
		if _, err := q.ExecContext(ctx, `UPDATE wallet_accounts SET balance = balance - $1 WHERE id = $2`, amount, to); err != nil {
			return 0, 0, 0, fmt.Errorf("wallet: undo credit: %w", err)
		}
		return 0, 0, 0, ErrInsufficientFunds
	default:
		return 0, 0, 0, fmt.Errorf("wallet: move: credit account %d not found", to)
	}
	if combined {
		if !recorded.Valid {
			return 0, 0, 0, errors.New("wallet: move: transfer not recorded")
		}
		return fromBalance, toBalance, recorded.Int64, nil
	}
	err = q.QueryRowContext(ctx, insertTransferSQL, row.merchant, row.key, row.hash, from, to, amount, row.kind, row.reference, row.at).Scan(&id)
	if err != nil {
		return 0, 0, 0, fmt.Errorf("wallet: record transfer: %w", err)
	}
	return fromBalance, toBalance, id, nil
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
	if r.ShardOf > 0 {
		return int(r.ShardOf % HouseShards)
	}
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

// account finds or opens an account inside q; only member accounts are
// held to a balance of zero or more. An id opened here is not remembered:
// q's transaction may yet roll back.
func (s *Service) account(ctx context.Context, q database.Querier, merchant string, r Ref) (int64, error) {
	if id, ok := s.ids.get(merchant, r); ok {
		return id, nil
	}
	return s.upsertAccount(ctx, q, merchant, r)
}

func (s *Service) upsertAccount(ctx context.Context, q database.Querier, merchant string, r Ref) (int64, error) {
	if r.Kind == "" || r.Owner == "" || r.Currency == "" {
		return 0, fmt.Errorf("wallet: incomplete account %+v", r)
	}
	negative := 1
	if memberOwned(r.Kind) {
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

// Open opens, outside any transaction, the accounts a transfer between a
// and b (either way) would use, the sharded side's shard included (it
// follows the member on the other side), and returns their ids. Each is
// committed on its own at first use and its id remembered, so transfers
// between them later need no statement to find their accounts. Call it
// before the transaction, never inside one: on SQLite it waits for the
// writer.
func (s *Service) Open(ctx context.Context, merchant string, a, b Ref) (idA, idB int64, err error) {
	shard := s.pickShard(Request{From: a, To: b})
	if idA, err = s.open(ctx, merchant, shardOf(a, shard)); err != nil {
		return 0, 0, err
	}
	if idB, err = s.open(ctx, merchant, shardOf(b, shard)); err != nil {
		return 0, 0, err
	}
	return idA, idB, nil
}

func (s *Service) open(ctx context.Context, merchant string, r Ref) (int64, error) {
	if id, ok := s.ids.get(merchant, r); ok {
		return id, nil
	}
	// Most accounts exist already: a read (which sees only committed rows)
	// costs no commit.
	var id int64
	err := s.db.Read().QueryRowContext(ctx, `SELECT id FROM wallet_accounts WHERE merchant_code = $1 AND kind = $2 AND owner = $3 AND currency = $4`,
		merchant, r.Kind, r.Owner, r.Currency).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		id, err = s.upsertAccount(ctx, s.db.Write(), merchant, r)
	}
	if err != nil {
		return 0, fmt.Errorf("wallet: open account: %w", err)
	}
	s.ids.put(merchant, r, id)
	return id, nil
}

// Remember looks up, outside any transaction, which of refs are committed
// accounts, in one query per kind and currency, and keeps their ids, so a
// later transaction moving money between them needs no statement to find
// them: a settlement paying thousands of members at once. An account not
// opened yet is opened at its first use, as always. Name member accounts
// and unsharded sides (a sharded side is one account per shard).
func (s *Service) Remember(ctx context.Context, merchant string, refs []Ref) error {
	type group struct{ kind, currency string }
	owners := map[group][]any{}
	for _, r := range refs {
		if _, ok := s.ids.get(merchant, r); ok || r.Owner == "" {
			continue
		}
		g := group{r.Kind, r.Currency}
		owners[g] = append(owners[g], r.Owner)
	}
	for g, list := range owners {
		marks := make([]string, len(list))
		for i := range list {
			marks[i] = "$" + strconv.Itoa(i+4)
		}
		args := append([]any{merchant, g.kind, g.currency}, list...)
		rows, err := s.db.Read().QueryContext(ctx, `SELECT id, owner FROM wallet_accounts WHERE merchant_code = $1 AND kind = $2 AND currency = $3
			AND owner IN (`+strings.Join(marks, ", ")+`)`, args...)
		if err != nil {
			return fmt.Errorf("wallet: remember accounts: %w", err)
		}
		for rows.Next() {
			var id int64
			var owner string
			if err := rows.Scan(&id, &owner); err != nil {
				rows.Close()
				return fmt.Errorf("wallet: remember accounts: %w", err)
			}
			s.ids.put(merchant, Ref{Kind: g.kind, Owner: owner, Currency: g.currency}, id)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return fmt.Errorf("wallet: remember accounts: %w", err)
		}
	}
	return nil
}

// Balance is an account's balance in minor units (0 without an account).
func (s *Service) Balance(ctx context.Context, merchant string, r Ref) (int64, error) {
	return s.BalanceIn(ctx, s.db.Read(), merchant, r)
}

// BalanceIn is an account's balance read inside the caller's transaction
// (0 without an account); a sharded side's is the sum of its shards.
func (s *Service) BalanceIn(ctx context.Context, q database.Querier, merchant string, r Ref) (int64, error) {
	var b int64
	var err error
	if sharded(r.Kind) {
		// The shards by name (a range on owner would follow the database's
		// collation, which may ignore the '#').
		args := []any{merchant, r.Kind, r.Currency}
		marks := make([]string, HouseShards)
		for i := range HouseShards {
			args = append(args, shardOf(r, i).Owner)
			marks[i] = "$" + strconv.Itoa(len(args))
		}
		err = q.QueryRowContext(ctx, `SELECT COALESCE(SUM(balance), 0) FROM wallet_accounts
			WHERE merchant_code = $1 AND kind = $2 AND currency = $3 AND owner IN (`+strings.Join(marks, ", ")+`)`, args...).Scan(&b)
	} else {
		err = q.QueryRowContext(ctx, `SELECT balance FROM wallet_accounts WHERE merchant_code = $1 AND kind = $2 AND owner = $3 AND currency = $4`,
			merchant, r.Kind, r.Owner, r.Currency).Scan(&b)
	}
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("wallet: balance: %w", err)
	}
	return b, nil
}
