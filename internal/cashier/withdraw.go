package cashier

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"portal/internal/database"
	"portal/internal/report"
	"portal/internal/wallet"
)

// Withdrawal statuses (decision 0030).
const (
	WithdrawPending   = "pending"   // the amount is held; finance decides
	WithdrawPaying    = "paying"    // approved; the gateway is paying
	WithdrawPaid      = "paid"      // money sent; the member confirms receipt
	WithdrawCompleted = "completed" // final: received, counted as received, or dispute resolved
	WithdrawDisputed  = "disputed"  // the member says part or all did not arrive; finance decides
	WithdrawRejected  = "rejected"  // final: finance refused; the hold returned
	WithdrawCancelled = "cancelled" // final: the member withdrew the request; the hold returned
	WithdrawFailed    = "failed"    // final: the gateway could not pay; the hold returned
)

// WithdrawStatuses are every withdrawal status.
var WithdrawStatuses = []string{WithdrawPending, WithdrawMatching, WithdrawPaying, WithdrawPaid, WithdrawCompleted, WithdrawDisputed, WithdrawRejected,
	WithdrawCancelled, WithdrawFailed}

// waitingWithdrawal are the statuses that count against Policy.MaxOpen:
// finance or the gateway has yet to act.
var waitingWithdrawal = []string{WithdrawPending, WithdrawMatching, WithdrawPaying}

// openWithdrawal are the statuses that still concern the bank account
// paid to.
var openWithdrawal = []string{WithdrawPending, WithdrawMatching, WithdrawPaying, WithdrawPaid, WithdrawDisputed}

// payoutStarted are the statuses after finance approved: the deposits
// before such a withdrawal no longer count towards the turnover.
var payoutStarted = []string{WithdrawMatching, WithdrawPaying, WithdrawPaid, WithdrawCompleted, WithdrawDisputed}

// Receipt results (spec §4 Withdrawal receipt).
const (
	ReceiptReceived    = "received"
	ReceiptPartial     = "partial"
	ReceiptNotReceived = "not_received"
	// ReceiptAuto is a receipt the member left unconfirmed past the
	// merchant's minutes: it counts as received, for good (E-024, E-025).
	ReceiptAuto = "auto"
)

// Dispute outcomes.
const (
	ResolveConfirmed = "confirmed" // finance shows it was paid: nothing moves
	ResolveRefunded  = "refunded"  // what did not arrive returns to the member
)

// Limits of receipts.
const (
	MaxReceiptProofs = 3
	ReceiptNoteMax   = 200
)

// Withdrawal is a withdrawal order. Amounts are minor units of Currency.
type Withdrawal struct {
	ID               int64
	Merchant         string
	MemberID         int64
	Username         string
	BankAccount      BankAccount
	RequestID        string
	Amount           int64
	Currency         string
	Status           string
	Reason           string
	Payout           string
	PayoutChannel    string
	PayoutRef        string
	Receipt          string
	ReceiptRemaining int64
	ReceiptNote      string
	Proofs           []Proof
	Resolution       string
	CreatedAt        time.Time
	DecidedAt        *time.Time
	DecidedBy        string
	PaidAt           *time.Time
	ReceiptDueAt     *time.Time
	ReceiptAt        *time.Time
	ResolvedAt       *time.Time
	ResolvedBy       string
	// MatchedDeposit is the deposit order paying a p2p withdrawal (0: none).
	MatchedDeposit int64
}

// storedProof is a proof's place in the store, as the order keeps it.
type storedProof struct {
	Key  string `json:"key"`
	Type string `json:"type"`
}

const withdrawColumns = `o.id, o.merchant_code, o.member_id, COALESCE(m.username, ''), b.id, b.member_id, b.bank_name, b.account_number, b.account_name,
	b.created_at, o.request_id, o.amount, o.currency, o.status, o.reason, o.payout, o.payout_channel, o.payout_ref, o.receipt, o.receipt_remaining,
	o.receipt_note, o.proofs, o.resolution, o.created_at, o.decided_at, o.decided_by, o.paid_at, o.receipt_due_at, o.receipt_at, o.resolved_at,
	o.resolved_by, o.matched_deposit`

const withdrawFrom = ` FROM withdrawal_orders o JOIN member_bank_accounts b ON b.id = o.bank_account_id LEFT JOIN members m ON m.id = o.member_id`

func scanWithdrawal(row interface{ Scan(...any) error }) (Withdrawal, error) {
	var w Withdrawal
	var proofs string
	var bankCreated, created, decided, paid, due, receipt, resolved int64
	err := row.Scan(&w.ID, &w.Merchant, &w.MemberID, &w.Username, &w.BankAccount.ID, &w.BankAccount.MemberID, &w.BankAccount.BankName,
		&w.BankAccount.Number, &w.BankAccount.Name, &bankCreated, &w.RequestID, &w.Amount, &w.Currency, &w.Status, &w.Reason, &w.Payout,
		&w.PayoutChannel, &w.PayoutRef, &w.Receipt, &w.ReceiptRemaining, &w.ReceiptNote, &proofs, &w.Resolution, &created, &decided,
		&w.DecidedBy, &paid, &due, &receipt, &resolved, &w.ResolvedBy, &w.MatchedDeposit)
	if err != nil {
		return w, err
	}
	var stored []storedProof
	_ = json.Unmarshal([]byte(proofs), &stored)
	for _, p := range stored {
		w.Proofs = append(w.Proofs, Proof{ContentType: p.Type, key: p.Key})
	}
	w.BankAccount.CreatedAt, w.CreatedAt = msTime(bankCreated), msTime(created)
	w.DecidedAt, w.PaidAt, w.ReceiptDueAt, w.ReceiptAt, w.ResolvedAt = optTime(decided), optTime(paid), optTime(due), optTime(receipt), optTime(resolved)
	return w, nil
}

func (s *Service) withdrawalWhere(ctx context.Context, q database.Querier, where string, args ...any) (Withdrawal, error) {
	w, err := scanWithdrawal(q.QueryRowContext(ctx, `SELECT `+withdrawColumns+withdrawFrom+` WHERE `+where, args...))
	if isNoRows(err) {
		return w, ErrNotFound
	}
	if err != nil {
		return w, fmt.Errorf("cashier: withdrawal: %w", err)
	}
	return w, nil
}

// Withdrawal is withdrawal id of merchantCode (any member's: the back office).
func (s *Service) Withdrawal(ctx context.Context, merchantCode string, id int64) (Withdrawal, error) {
	return s.withdrawalWhere(ctx, s.db.Read(), `o.id = $1 AND o.merchant_code = $2`, id, merchantCode)
}

// MemberWithdrawal is the member's own withdrawal id (ErrNotFound for
// anyone else's).
func (s *Service) MemberWithdrawal(ctx context.Context, merchantCode string, memberID, id int64) (Withdrawal, error) {
	return s.withdrawalWhere(ctx, s.db.Read(), `o.id = $1 AND o.merchant_code = $2 AND o.member_id = $3`, id, merchantCode, memberID)
}

// Withdrawals is a page of withdrawals the filter takes (pageSize 0: all)
// and their total; Filter.ChannelID does not apply.
func (s *Service) Withdrawals(ctx context.Context, f Filter, pageNum, pageSize int) ([]Withdrawal, int, error) {
	f.ChannelID = 0
	where, args := f.where(s.db.Dialect == database.Postgres)
	var total int
	if err := s.db.Read().QueryRowContext(ctx, `SELECT COUNT(*) FROM withdrawal_orders o WHERE `+where, args...).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("cashier: count withdrawals: %w", err)
	}
	order := "o.id"
	if f.SortAmount {
		order = "o.amount"
	}
	dir := " DESC"
	if f.Ascending {
		dir = " ASC"
	}
	orderBy := ` ORDER BY ` + order + dir + `, o.id` + dir
	query := `SELECT ` + withdrawColumns + withdrawFrom + ` WHERE ` + where + orderBy
	if pageSize > 0 {
		// The page's ids first, from the orders alone (their indexes hold
		// the filter, the order and the id), then only those rows joined to
		// the bank accounts and members: paging the join joined and sorted
		// every order the filter takes (a 7-day range, ~12,000 of 100,000)
		// or every order the OFFSET skips (a deep page), 80-350 ms on
		// SQLite (cmd/portal-bench, cashier part).
		args = append(args, pageSize, (pageNum-1)*pageSize)
		query = `SELECT ` + withdrawColumns + withdrawFrom + ` WHERE o.id IN (SELECT o.id FROM withdrawal_orders o WHERE ` + where + orderBy +
			fmt.Sprintf(" LIMIT $%d OFFSET $%d)", len(args)-1, len(args)) + orderBy
	}
	rows, err := s.db.Read().QueryContext(ctx, query, args...)
	if err != nil {
		return nil, 0, fmt.Errorf("cashier: list withdrawals: %w", err)
	}
	defer rows.Close()
	out := []Withdrawal{}
	for rows.Next() {
		w, err := scanWithdrawal(rows)
		if err != nil {
			return nil, 0, fmt.Errorf("cashier: list withdrawals: %w", err)
		}
		out = append(out, w)
	}
	return out, total, rows.Err()
}

// Turnover is how far a member is from being allowed to withdraw: their
// valid bets since the last payout against the merchant's share of their
// deposits since then.
type Turnover struct {
	MultiplePct int
	Required    int64
	Done        int64
	Remaining   int64
}

// TurnoverError refuses a withdrawal before the turnover is met; it
// matches ErrTurnoverIncomplete and carries the figures.
type TurnoverError struct{ Turnover Turnover }

func (e *TurnoverError) Error() string { return ErrTurnoverIncomplete.Error() }
func (e *TurnoverError) Unwrap() error { return ErrTurnoverIncomplete }

// turnover figures the requirement (decision 0030): the window opens at
// the member's last withdrawal finance approved (or the account's start);
// required is pct of the deposits credited since, done the stakes of
// real-money rounds opened since, net of refunds.
func (s *Service) turnover(ctx context.Context, q database.Querier, memberID int64, pct int) (Turnover, error) {
	t := Turnover{MultiplePct: pct}
	var since, deposits int64
	if err := q.QueryRowContext(ctx, `SELECT COALESCE(MAX(created_at), 0) FROM withdrawal_orders WHERE member_id = $1
		AND status IN (`+statusList(payoutStarted)+`)`, memberID).Scan(&since); err != nil {
		return t, fmt.Errorf("cashier: turnover window: %w", err)
	}
	if err := q.QueryRowContext(ctx, `SELECT COALESCE(SUM(credit), 0) FROM deposit_orders WHERE member_id = $1 AND status = 'credited'
		AND credited_at >= $2`, memberID, since).Scan(&deposits); err != nil {
		return t, fmt.Errorf("cashier: turnover deposits: %w", err)
	}
	if err := q.QueryRowContext(ctx, `SELECT COALESCE(SUM(stake - refunded), 0) FROM game_rounds WHERE member_id = $1 AND opened_at >= $2
		AND mode = 'real'`, memberID, since).Scan(&t.Done); err != nil {
		return t, fmt.Errorf("cashier: turnover bets: %w", err)
	}
	t.Required = deposits * int64(pct) / 100
	t.Remaining = max(t.Required-t.Done, 0)
	return t, nil
}

// MemberTurnover is the member's turnover under the merchant's policy.
func (s *Service) MemberTurnover(ctx context.Context, merchantCode string, memberID int64) (Turnover, error) {
	p, err := s.Policy(ctx, merchantCode)
	if err != nil {
		return Turnover{}, err
	}
	return s.turnover(ctx, s.db.Read(), memberID, p.TurnoverPct)
}

// WithdrawUsage is what the member has asked to withdraw today and what
// is still waiting for finance.
type WithdrawUsage struct {
	TodayCount  int
	TodayAmount int64
	Open        int
}

// dayStart is the start of the merchant's reporting day holding now.
func dayStart(merchantCode string, now time.Time) int64 {
	offset := report.Offset(merchantCode)
	return now.Add(offset).Truncate(24 * time.Hour).Add(-offset).UnixMilli()
}

func (s *Service) withdrawUsage(ctx context.Context, q database.Querier, merchantCode string, memberID int64) (WithdrawUsage, error) {
	var u WithdrawUsage
	err := q.QueryRowContext(ctx, `SELECT COALESCE(SUM(CASE WHEN created_at >= $2 AND status NOT IN ('rejected', 'cancelled', 'failed') THEN 1 ELSE 0 END), 0),
		COALESCE(SUM(CASE WHEN created_at >= $2 AND status NOT IN ('rejected', 'cancelled', 'failed') THEN amount ELSE 0 END), 0),
		COALESCE(SUM(CASE WHEN status IN (`+statusList(waitingWithdrawal)+`) THEN 1 ELSE 0 END), 0)
		FROM withdrawal_orders WHERE member_id = $1`, memberID, dayStart(merchantCode, s.now())).Scan(&u.TodayCount, &u.TodayAmount, &u.Open)
	if err != nil {
		return u, fmt.Errorf("cashier: withdrawal usage: %w", err)
	}
	return u, nil
}

// WithdrawUsage is the member's usage of the policy's limits.
func (s *Service) WithdrawUsage(ctx context.Context, merchantCode string, memberID int64) (WithdrawUsage, error) {
	return s.withdrawUsage(ctx, s.db.Read(), merchantCode, memberID)
}

// Withdrawer is the member asking to withdraw, in the merchant's currency.
type Withdrawer struct {
	Merchant string
	MemberID int64
	Currency string
}

// holdSide is where requested withdrawals wait.
func holdSide(currency string) wallet.Ref {
	return wallet.Side(wallet.KindHold, "withdrawal", currency)
}

// payoutSide is where paid withdrawals go (owner: "manual" or the paying
// channel's code).
func payoutSide(w Withdrawal) wallet.Ref {
	owner := PayoutManual
	if w.PayoutChannel != "" {
		owner = w.PayoutChannel
	}
	return wallet.Side(wallet.KindPayout, owner, w.Currency)
}

func withdrawKey(prefix string, id int64) string { return prefix + ":" + strconv.FormatInt(id, 10) }

// CreateWithdrawal asks to withdraw amount to one of the member's bank
// accounts, after the caller checked the payment password: the order and
// the hold of the amount (member to the hold side, never below zero)
// commit together or not at all. The same requestID answers the first
// order.
func (s *Service) CreateWithdrawal(ctx context.Context, p Withdrawer, bankAccountID, amount int64, requestID string) (Withdrawal, error) {
	ctx = context.WithoutCancel(ctx)
	if !printable(requestID, RequestIDMaxLen) {
		return Withdrawal{}, ErrRequestInvalid
	}
	byRequest := `o.merchant_code = $1 AND o.member_id = $2 AND o.request_id = $3`
	if w, err := s.withdrawalWhere(ctx, s.db.Read(), byRequest, p.Merchant, p.MemberID, requestID); err == nil {
		return w, nil
	} else if !errors.Is(err, ErrNotFound) {
		return w, err
	}
	pol, err := s.Policy(ctx, p.Merchant)
	if err != nil {
		return Withdrawal{}, err
	}
	if amount < pol.Min || amount > pol.Max {
		return Withdrawal{}, ErrAmountOutOfRange
	}
	var id, balance int64
	replayed := false
	for attempt := 0; ; attempt++ {
		err = s.db.InTx(ctx, func(q database.Querier) error {
			if err := s.lockMember(ctx, q, p.MemberID); err != nil {
				return err
			}
			if _, err := s.bankAccount(ctx, q, p.Merchant, p.MemberID, bankAccountID); err != nil {
				return err
			}
			u, err := s.withdrawUsage(ctx, q, p.Merchant, p.MemberID)
			if err != nil {
				return err
			}
			switch {
			case u.Open >= pol.MaxOpen:
				return ErrTooManyPending
			case pol.DailyCount > 0 && u.TodayCount+1 > pol.DailyCount, pol.DailyAmount > 0 && u.TodayAmount+amount > pol.DailyAmount:
				return ErrDailyLimit
			}
			t, err := s.turnover(ctx, q, p.MemberID, pol.TurnoverPct)
			if err != nil {
				return err
			}
			if t.Remaining > 0 {
				return &TurnoverError{Turnover: t}
			}
			err = q.QueryRowContext(ctx, `INSERT INTO withdrawal_orders (merchant_code, member_id, bank_account_id, request_id, amount, currency,
				status, created_at) VALUES ($1, $2, $3, $4, $5, $6, 'pending', $7)
				ON CONFLICT (merchant_code, member_id, request_id) DO NOTHING RETURNING id`,
				p.Merchant, p.MemberID, bankAccountID, requestID, amount, p.Currency, s.nowMs()).Scan(&id)
			if isNoRows(err) {
				replayed = true
				return nil
			}
			if err != nil {
				return fmt.Errorf("cashier: create withdrawal: %w", err)
			}
			tr, err := s.ledger.MoveIn(ctx, q, wallet.Request{Merchant: p.Merchant, Key: withdrawKey("withdraw", id),
				From: wallet.Member(p.MemberID, p.Currency), To: holdSide(p.Currency), Amount: amount, Kind: "withdraw_hold",
				Reference: withdrawKey("withdrawal", id)})
			if err != nil {
				return err
			}
			balance = tr.DebitBalance
			// A withdrawal takes cash only; asking for one gives up a
			// running bonus (its balance goes back to what paid it).
			if s.opt.BonusForfeit != nil {
				if _, err := s.opt.BonusForfeit(ctx, q, p.Merchant, p.MemberID, p.Currency, "withdrawal"); err != nil {
					return err
				}
			}
			return nil
		})
		if attempt == 2 || !database.IsTransient(err) {
			break
		}
	}
	if err != nil {
		return Withdrawal{}, err
	}
	if replayed {
		return s.withdrawalWhere(ctx, s.db.Read(), byRequest, p.Merchant, p.MemberID, requestID)
	}
	s.log.InfoContext(ctx, "withdrawal requested", "merchant", p.Merchant, "order", id, "member", p.MemberID, "amount", amount)
	s.publishedWithdrawal(p.Merchant, p.MemberID, id, WithdrawPending)
	s.balanceChanged(p.Merchant, p.MemberID, balance, p.Currency)
	return s.Withdrawal(ctx, p.Merchant, id)
}

func (s *Service) publishedWithdrawal(merchantCode string, memberID, orderID int64, status string) {
	if s.opt.OnWithdrawal != nil {
		s.opt.OnWithdrawal(merchantCode, memberID, orderID, status)
	}
}

func (s *Service) balanceChanged(merchantCode string, memberID, balance int64, currency string) {
	if s.opt.OnBalance != nil {
		s.opt.OnBalance(merchantCode, memberID, balance, currency)
	}
}

// change is one guarded status change of a withdrawal and what moves with
// it, in one transaction.
type change struct {
	w    Withdrawal
	from []string
	set  string // SQL assignments beyond status ($1 is the new status; further args follow)
	args []any
	to   string
	// move, when set, is the ledger transfer that goes with the change.
	move *wallet.Request
}

// apply runs c: exactly one of any number of racing calls changes the row
// and moves the money; the others report false and change nothing.
func (s *Service) change(ctx context.Context, c change) (applied bool, err error) {
	ctx = context.WithoutCancel(ctx)
	var balance int64
	for attempt := 0; ; attempt++ {
		applied = false
		err = s.db.InTx(ctx, func(q database.Querier) error {
			args := append([]any{c.to}, c.args...)
			args = append(args, c.w.ID)
			set := ""
			if c.set != "" {
				set = ", " + c.set
			}
			res, err := q.ExecContext(ctx, `UPDATE withdrawal_orders SET status = $1`+set+` WHERE id = $`+strconv.Itoa(len(args))+
				` AND status IN (`+statusList(c.from)+`)`, args...)
			if err != nil {
				return fmt.Errorf("cashier: withdrawal to %s: %w", c.to, err)
			}
			if n, _ := res.RowsAffected(); n != 1 {
				return nil
			}
			if c.move != nil {
				t, err := s.ledger.MoveIn(ctx, q, *c.move)
				if err != nil {
					return err
				}
				balance = t.CreditBalance
			}
			applied = true
			return nil
		})
		if attempt == 2 || !database.IsTransient(err) {
			break
		}
	}
	if err != nil || !applied {
		return false, err
	}
	s.publishedWithdrawal(c.w.Merchant, c.w.MemberID, c.w.ID, c.to)
	if c.move != nil && c.move.To.Kind == wallet.KindMember {
		s.balanceChanged(c.w.Merchant, c.w.MemberID, balance, c.w.Currency)
	}
	return true, nil
}

// returnHold is the transfer giving a withdrawal's held amount back.
func returnHold(w Withdrawal) *wallet.Request {
	return &wallet.Request{Merchant: w.Merchant, Key: withdrawKey("withdraw-return", w.ID), From: holdSide(w.Currency),
		To: wallet.Member(w.MemberID, w.Currency), Amount: w.Amount, Kind: "withdraw_return", Reference: withdrawKey("withdrawal", w.ID)}
}

// CancelWithdrawal is the member taking back a request finance has not
// decided yet: the hold returns.
func (s *Service) CancelWithdrawal(ctx context.Context, merchantCode string, memberID, id int64) (Withdrawal, error) {
	w, err := s.MemberWithdrawal(ctx, merchantCode, memberID, id)
	if err != nil {
		return w, err
	}
	ok, err := s.change(ctx, change{w: w, from: []string{WithdrawPending, WithdrawMatching}, to: WithdrawCancelled, move: returnHold(w)})
	if err != nil {
		return w, err
	}
	if !ok {
		return w, ErrOrderState
	}
	return s.MemberWithdrawal(ctx, merchantCode, memberID, id)
}

// RejectWithdrawal is finance refusing a pending withdrawal with a
// reason: the hold returns to the member.
func (s *Service) RejectWithdrawal(ctx context.Context, merchantCode string, id int64, by, reason string) (before, after Withdrawal, err error) {
	if reason, err = checkReason(reason, true); err != nil {
		return before, after, err
	}
	if before, err = s.Withdrawal(ctx, merchantCode, id); err != nil {
		return before, after, err
	}
	ok, err := s.change(ctx, change{w: before, from: []string{WithdrawPending, WithdrawMatching}, to: WithdrawRejected,
		set: "reason = $2, decided_at = $3, decided_by = $4", args: []any{reason, s.nowMs(), by}, move: returnHold(before)})
	if err != nil {
		return before, after, err
	}
	if !ok {
		return before, after, ErrOrderState
	}
	after, err = s.Withdrawal(ctx, merchantCode, id)
	return before, after, err
}

// ApproveWithdrawal is finance approving a pending withdrawal. Paid by
// hand (the policy's payout), approval says finance has paid: the order is
// paid at once and the member asked for the receipt. Through the
// simulator, the order waits (paying) for the gateway's word.
func (s *Service) ApproveWithdrawal(ctx context.Context, merchantCode string, id int64, by, reason, payoutRef string) (before, after Withdrawal, err error) {
	ctx = context.WithoutCancel(ctx)
	if reason, err = checkReason(reason, false); err != nil {
		return before, after, err
	}
	payoutRef = strings.TrimSpace(payoutRef)
	if payoutRef != "" && !printable(payoutRef, ReferenceMaxLen) {
		return before, after, ErrReferenceInvalid
	}
	if before, err = s.Withdrawal(ctx, merchantCode, id); err != nil {
		return before, after, err
	}
	pol, err := s.Policy(ctx, merchantCode)
	if err != nil {
		return before, after, err
	}
	now := s.nowMs()
	var ok bool
	if pol.Payout == PayoutP2P {
		// Paid by whichever depositor of this amount comes first.
		ok, err = s.change(ctx, change{w: before, from: []string{WithdrawPending}, to: WithdrawMatching,
			set: "reason = $2, decided_at = $3, decided_by = $4, payout = 'p2p'", args: []any{reason, now, by}})
	} else if pol.Payout == PayoutSim {
		ch, cerr := s.payoutChannel(ctx, merchantCode, before.Currency)
		if cerr != nil {
			return before, after, cerr
		}
		ok, err = s.change(ctx, change{w: before, from: []string{WithdrawPending}, to: WithdrawPaying,
			set: "reason = $2, decided_at = $3, decided_by = $4, payout = 'sim', payout_channel = $5", args: []any{reason, now, by, ch.Code}})
		if err == nil && ok {
			// The order is paying whatever the gateway says now: a refusal or
			// silence is settled by ReconcilePayouts, never by paying twice.
			w, _ := s.Withdrawal(ctx, merchantCode, id)
			if perr := s.requestPayout(ctx, w, ch); perr != nil {
				s.log.WarnContext(ctx, "payout request failed; the reconciler retries", "order", id, "err", perr)
			}
		}
	} else {
		w := before
		w.Payout, w.PayoutChannel = PayoutManual, ""
		ok, err = s.change(ctx, change{w: w, from: []string{WithdrawPending}, to: WithdrawPaid,
			set:  "reason = $2, decided_at = $3, decided_by = $4, payout = 'manual', payout_ref = $5, paid_at = $3, receipt_due_at = $6",
			args: []any{reason, now, by, payoutRef, now + int64(pol.ReceiptMinutes)*60_000}, move: payWithdrawal(w)})
	}
	if err != nil {
		return before, after, err
	}
	if !ok {
		return before, after, ErrOrderState
	}
	after, err = s.Withdrawal(ctx, merchantCode, id)
	return before, after, err
}

// payWithdrawal is the transfer of a paid withdrawal out of the hold.
func payWithdrawal(w Withdrawal) *wallet.Request {
	return &wallet.Request{Merchant: w.Merchant, Key: withdrawKey("withdraw-pay", w.ID), From: holdSide(w.Currency), To: payoutSide(w),
		Amount: w.Amount, Kind: "withdraw_paid", Reference: withdrawKey("withdrawal", w.ID)}
}

// checkReceipt checks the member's receipt confirmation.
func checkReceipt(w Withdrawal, result string, remaining int64, proofs int, note string) (string, error) {
	bad := func(field string) error { return &FieldError{Field: field, Err: ErrReceiptInvalid} }
	note = strings.TrimSpace(note)
	if note != "" && (!printable(note, ReceiptNoteMax*4) || len([]rune(note)) > ReceiptNoteMax) {
		return "", bad("note")
	}
	if proofs > MaxReceiptProofs {
		return "", bad("proofs")
	}
	switch result {
	case ReceiptReceived:
		if remaining != 0 || proofs != 0 {
			return "", bad("result")
		}
	case ReceiptPartial:
		if remaining <= 0 || remaining >= w.Amount {
			return "", bad("remaining")
		}
	case ReceiptNotReceived:
		if remaining != 0 && remaining != w.Amount {
			return "", bad("remaining")
		}
		if proofs == 0 {
			return "", bad("proofs")
		}
	default:
		return "", bad("result")
	}
	return note, nil
}

// ConfirmReceipt is the member's word on a paid withdrawal before its
// receipt falls due: received closes it; partially received (with what
// did not arrive) or not received (with 1-3 proof images) goes to finance
// as a dispute. proofs are the raw images; each is checked and re-encoded.
func (s *Service) ConfirmReceipt(ctx context.Context, merchantCode string, memberID, id int64, result string, remaining int64, proofs [][]byte, note string) (Withdrawal, error) {
	ctx = context.WithoutCancel(ctx)
	w, err := s.MemberWithdrawal(ctx, merchantCode, memberID, id)
	if err != nil {
		return w, err
	}
	if note, err = checkReceipt(w, result, remaining, len(proofs), note); err != nil {
		return w, err
	}
	now := s.now()
	if w.Status != WithdrawPaid || w.ReceiptDueAt != nil && !now.Before(*w.ReceiptDueAt) {
		return w, ErrOrderState
	}
	if result == ReceiptNotReceived {
		remaining = w.Amount
	}
	stored := []storedProof{}
	for i, raw := range proofs {
		data, ct, err := CleanProof(raw)
		if err != nil {
			return w, err
		}
		sum := sha256.Sum256(data)
		key := fmt.Sprintf("withdrawals/%s/%d-%d-%s", w.Merchant, w.ID, i, hex.EncodeToString(sum[:8]))
		if s.store == nil {
			return w, fmt.Errorf("cashier: no proof store")
		}
		if err := s.store.Put(ctx, key, data); err != nil {
			return w, fmt.Errorf("cashier: store proof: %w", err)
		}
		stored = append(stored, storedProof{Key: key, Type: ct})
	}
	encoded, _ := json.Marshal(stored)
	to := WithdrawDisputed
	if result == ReceiptReceived {
		to = WithdrawCompleted
	}
	set := "receipt = $2, receipt_remaining = $3, receipt_note = $4, proofs = $5, receipt_at = $6"
	args := []any{result, remaining, note, string(encoded), now.UnixMilli()}
	var ok bool
	if to == WithdrawCompleted && w.Payout == PayoutP2P {
		// Received from a matched depositor: their deposit is credited.
		ok, err = s.settleMatched(ctx, w, []string{WithdrawPaid}, set, args, 0)
	} else {
		ok, err = s.change(ctx, change{w: w, from: []string{WithdrawPaid}, to: to, set: set, args: args})
	}
	if err != nil {
		return w, err
	}
	if !ok {
		return w, ErrOrderState
	}
	return s.MemberWithdrawal(ctx, merchantCode, memberID, id)
}

// ReceiptsDue counts as received every paid withdrawal whose member did
// not answer within the merchant's minutes (E-024): final, nothing
// refunded (E-025). It answers how many.
func (s *Service) ReceiptsDue(ctx context.Context) (int, error) {
	rows, err := s.db.Read().QueryContext(ctx, `SELECT `+withdrawColumns+withdrawFrom+` WHERE o.status = 'paid' AND o.receipt_due_at <= $1
		ORDER BY o.receipt_due_at LIMIT 1000`, s.nowMs())
	if err != nil {
		return 0, fmt.Errorf("cashier: receipts due: %w", err)
	}
	var due []Withdrawal
	for rows.Next() {
		w, err := scanWithdrawal(rows)
		if err != nil {
			rows.Close()
			return 0, fmt.Errorf("cashier: receipts due: %w", err)
		}
		due = append(due, w)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return 0, err
	}
	n := 0
	for _, w := range due {
		var ok bool
		var err error
		if w.Payout == PayoutP2P {
			// A forced receipt credits the matched depositor for good.
			ok, err = s.settleMatched(ctx, w, []string{WithdrawPaid}, "receipt = 'auto', receipt_at = $2", []any{s.nowMs()}, 0)
		} else {
			ok, err = s.change(ctx, change{w: w, from: []string{WithdrawPaid}, to: WithdrawCompleted,
				set: "receipt = 'auto', receipt_at = $2", args: []any{s.nowMs()}})
		}
		if err != nil {
			return n, err
		}
		if ok {
			n++
		}
	}
	return n, nil
}

// ResolveDispute is finance's answer to a disputed receipt: confirmed
// (the proofs show it was paid) moves nothing; refunded returns what did
// not arrive to the member. Either closes the order.
func (s *Service) ResolveDispute(ctx context.Context, merchantCode string, id int64, by, outcome, reason string) (before, after Withdrawal, err error) {
	if reason, err = checkReason(reason, true); err != nil {
		return before, after, err
	}
	if outcome != ResolveConfirmed && outcome != ResolveRefunded {
		return before, after, &FieldError{Field: "outcome", Err: ErrReceiptInvalid}
	}
	if before, err = s.Withdrawal(ctx, merchantCode, id); err != nil {
		return before, after, err
	}
	c := change{w: before, from: []string{WithdrawDisputed}, to: WithdrawCompleted,
		set: "resolution = $2, reason = $3, resolved_at = $4, resolved_by = $5", args: []any{outcome, reason, s.nowMs(), by}}
	if before.Payout == PayoutP2P {
		// What did not arrive returns to the withdrawer from the hold; the
		// depositor is credited with what did.
		returned := int64(0)
		if outcome == ResolveRefunded {
			returned = before.ReceiptRemaining
		}
		ok, err := s.settleMatched(ctx, before, c.from, c.set, c.args, returned)
		if err != nil {
			return before, after, err
		}
		if !ok {
			return before, after, ErrOrderState
		}
		after, err = s.Withdrawal(ctx, merchantCode, id)
		return before, after, err
	}
	if outcome == ResolveRefunded {
		c.move = &wallet.Request{Merchant: before.Merchant, Key: withdrawKey("withdraw-refund", before.ID), From: payoutSide(before),
			To: wallet.Member(before.MemberID, before.Currency), Amount: before.ReceiptRemaining, Kind: "withdraw_refund",
			Reference: withdrawKey("withdrawal", before.ID)}
	}
	ok, err := s.change(ctx, c)
	if err != nil {
		return before, after, err
	}
	if !ok {
		return before, after, ErrOrderState
	}
	after, err = s.Withdrawal(ctx, merchantCode, id)
	return before, after, err
}

// WithdrawalProof is proof n of the member's own withdrawal (memberID 0:
// any member's, for the back office).
func (s *Service) WithdrawalProof(ctx context.Context, merchantCode string, memberID, id int64, n int) (Proof, error) {
	var w Withdrawal
	var err error
	if memberID == 0 {
		w, err = s.Withdrawal(ctx, merchantCode, id)
	} else {
		w, err = s.MemberWithdrawal(ctx, merchantCode, memberID, id)
	}
	if err != nil {
		return Proof{}, err
	}
	if n < 0 || n >= len(w.Proofs) || s.store == nil {
		return Proof{}, ErrNotFound
	}
	p := w.Proofs[n]
	data, err := s.store.Get(ctx, p.key)
	if err != nil {
		return Proof{}, ErrNotFound
	}
	p.Data = data
	return p, nil
}
