package cashier

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"portal/internal/database"
)

// MaxBankAccounts is how many bank accounts a member may hold at once.
const MaxBankAccounts = 3

// BankAccount is a member's account to be paid to. Number is the whole
// number: only finance with the decide permission ever sees it.
type BankAccount struct {
	ID        int64
	MemberID  int64
	BankName  string
	Number    string
	Name      string
	CreatedAt time.Time
}

// Masked is the number as members and read-only staff see it: its last
// four characters.
func (a BankAccount) Masked() string { return MaskNumber(a.Number) }

// MaskNumber shows the last four characters of an account number.
func MaskNumber(n string) string {
	if len(n) <= 4 {
		return "•••• " + n
	}
	return "•••• " + n[len(n)-4:]
}

// NewBankAccount is what a member gives to add an account.
type NewBankAccount struct {
	BankName, Number, Name string
}

// normalizeNumber drops the spaces and dashes people type; what is left
// must be 6-34 ASCII letters or digits (IBANs have letters).
func normalizeNumber(n string) (string, bool) {
	var b strings.Builder
	for _, r := range n {
		switch {
		case r == ' ' || r == '-':
		case r < utf8.RuneSelf && (unicode.IsDigit(r) || unicode.IsLetter(r)):
			b.WriteRune(unicode.ToUpper(r))
		default:
			return "", false
		}
	}
	out := b.String()
	return out, len(out) >= 6 && len(out) <= 34
}

// cleanName trims a bank or holder name and folds runs of spaces; 2-64
// printable characters.
func cleanName(s string) (string, bool) {
	s = strings.Join(strings.Fields(s), " ")
	n := utf8.RuneCountInString(s)
	return s, n >= 2 && n <= 64 && printable(s, 256)
}

// SameName compares a holder's name with a real name as people write
// them: case and spacing aside.
func SameName(a, b string) bool {
	fold := func(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), " ")) }
	return fold(a) != "" && fold(a) == fold(b)
}

func (n NewBankAccount) check() (NewBankAccount, error) {
	bad := func(field string) error { return &FieldError{Field: field, Err: ErrBankAccountInvalid} }
	var ok bool
	if n.BankName, ok = cleanName(n.BankName); !ok {
		return n, bad("bankName")
	}
	if n.Number, ok = normalizeNumber(n.Number); !ok {
		return n, bad("accountNumber")
	}
	if n.Name, ok = cleanName(n.Name); !ok {
		return n, bad("accountName")
	}
	return n, nil
}

const bankColumns = `id, member_id, bank_name, account_number, account_name, created_at`

func scanBank(row interface{ Scan(...any) error }) (BankAccount, error) {
	var a BankAccount
	var created int64
	err := row.Scan(&a.ID, &a.MemberID, &a.BankName, &a.Number, &a.Name, &created)
	a.CreatedAt = msTime(created)
	return a, err
}

// BankAccounts are the member's current accounts, oldest first.
func (s *Service) BankAccounts(ctx context.Context, merchantCode string, memberID int64) ([]BankAccount, error) {
	rows, err := s.db.Read().QueryContext(ctx, `SELECT `+bankColumns+` FROM member_bank_accounts
		WHERE member_id = $1 AND merchant_code = $2 AND removed_at = 0 ORDER BY id`, memberID, merchantCode)
	if err != nil {
		return nil, fmt.Errorf("cashier: bank accounts: %w", err)
	}
	defer rows.Close()
	out := []BankAccount{}
	for rows.Next() {
		a, err := scanBank(rows)
		if err != nil {
			return nil, fmt.Errorf("cashier: bank accounts: %w", err)
		}
		out = append(out, a)
	}
	return out, rows.Err()
}

// bankAccount is one of the member's current accounts (ErrNotFound for
// anyone else's or a removed one).
func (s *Service) bankAccount(ctx context.Context, q database.Querier, merchantCode string, memberID, id int64) (BankAccount, error) {
	a, err := scanBank(q.QueryRowContext(ctx, `SELECT `+bankColumns+` FROM member_bank_accounts
		WHERE id = $1 AND member_id = $2 AND merchant_code = $3 AND removed_at = 0`, id, memberID, merchantCode))
	if err != nil {
		if isNoRows(err) {
			return a, ErrNotFound
		}
		return a, fmt.Errorf("cashier: bank account: %w", err)
	}
	return a, nil
}

// lockMember queues writers of one member's cashier rows behind each
// other on PostgreSQL (SQLite runs one writing transaction at a time
// already), so counts read in the transaction stay true until it commits.
func (s *Service) lockMember(ctx context.Context, q database.Querier, memberID int64) error {
	if s.db.Dialect != database.Postgres {
		return nil
	}
	if _, err := q.ExecContext(ctx, `SELECT id FROM members WHERE id = $1 FOR UPDATE`, memberID); err != nil {
		return fmt.Errorf("cashier: lock member: %w", err)
	}
	return nil
}

// AddBankAccount adds an account to the member after the caller checked
// the payment password. realName is the member's real name: the holder
// must be them. A member without one may add a first account only, and
// its holder's name becomes their real name (the caller records it:
// setsRealName).
func (s *Service) AddBankAccount(ctx context.Context, merchantCode string, memberID int64, realName string, n NewBankAccount) (a BankAccount, setsRealName bool, err error) {
	if n, err = n.check(); err != nil {
		return a, false, err
	}
	if realName != "" && !SameName(n.Name, realName) {
		return a, false, ErrAccountNameMismatch
	}
	var id int64
	err = s.db.InTx(ctx, func(q database.Querier) error {
		if err := s.lockMember(ctx, q, memberID); err != nil {
			return err
		}
		var count, same int
		if err := q.QueryRowContext(ctx, `SELECT COUNT(*), COALESCE(SUM(CASE WHEN account_number = $2 THEN 1 ELSE 0 END), 0)
			FROM member_bank_accounts WHERE member_id = $1 AND removed_at = 0`, memberID, n.Number).Scan(&count, &same); err != nil {
			return fmt.Errorf("cashier: count bank accounts: %w", err)
		}
		switch {
		case same > 0:
			return ErrBankAccountExists
		case count >= MaxBankAccounts:
			return ErrBankAccountLimit
		case realName == "" && count > 0:
			// Accounts without a real name would let a member collect
			// accounts of several people.
			return ErrAccountNameMismatch
		}
		return q.QueryRowContext(ctx, `INSERT INTO member_bank_accounts (merchant_code, member_id, bank_name, account_number, account_name, created_at)
			VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`, merchantCode, memberID, n.BankName, n.Number, n.Name, s.nowMs()).Scan(&id)
	})
	if err != nil {
		return a, false, err
	}
	a, err = s.bankAccount(ctx, s.db.Read(), merchantCode, memberID, id)
	return a, realName == "", err
}

// RemoveBankAccount removes one of the member's accounts unless an open
// withdrawal pays to it.
func (s *Service) RemoveBankAccount(ctx context.Context, merchantCode string, memberID, id int64) error {
	return s.db.InTx(ctx, func(q database.Querier) error {
		if err := s.lockMember(ctx, q, memberID); err != nil {
			return err
		}
		if _, err := s.bankAccount(ctx, q, merchantCode, memberID, id); err != nil {
			return err
		}
		var open int
		if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM withdrawal_orders WHERE member_id = $1 AND bank_account_id = $2
			AND status IN (`+statusList(openWithdrawal)+`)`, memberID, id).Scan(&open); err != nil {
			return fmt.Errorf("cashier: bank account in use: %w", err)
		}
		if open > 0 {
			return ErrBankAccountInUse
		}
		_, err := q.ExecContext(ctx, `UPDATE member_bank_accounts SET removed_at = $1 WHERE id = $2`, s.nowMs(), id)
		return err
	})
}

// HasBankAccount reports whether the member holds a bank account: then
// their real name was proven against a bank account's holder and may
// serve as a proof for a log-in from a new address (C-116).
func (s *Service) HasBankAccount(ctx context.Context, memberID int64) (bool, error) {
	var n int
	err := s.db.Read().QueryRowContext(ctx, `SELECT COUNT(*) FROM member_bank_accounts WHERE member_id = $1 AND removed_at = 0`, memberID).Scan(&n)
	return n > 0, err
}

func isNoRows(err error) bool { return errors.Is(err, sql.ErrNoRows) }
