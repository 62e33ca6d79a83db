package cashier

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"portal/internal/database"
	"portal/internal/report"
	"portal/internal/wallet"
)

// Matched player-to-player payment (decision 0030): a withdrawal finance
// approved under the p2p payout waits (matching) for a depositor of its
// very amount; the depositor's order on a p2p channel takes the oldest
// such withdrawal (paying), shows the withdrawer's bank account, and the
// depositor pays into it and submits the reference and proof (the
// withdrawal is then paid). The withdrawer's receipt decides: received,
// or left unanswered (a forced receipt), credits the depositor from the
// withdrawal's hold, and that deposit is never refunded; not received
// goes to finance, whose refund returns to the withdrawer what did not
// arrive and credits the depositor with what did.

// PayoutP2P is the policy's payout through matched depositors.
const PayoutP2P = "p2p"

// WithdrawMatching is a withdrawal approved for p2p payout that waits for
// a depositor.
const WithdrawMatching = "matching"

// MatchExpiry is how long a matched depositor has to pay and submit.
const MatchExpiry = 30 * time.Minute

// ErrNoMatch refuses a p2p deposit no waiting withdrawal matches.
var ErrNoMatch = errors.New("cashier: no withdrawal to match this amount; choose another amount or channel")

// matchWithdrawal ties deposit order orderID (of amount, through channel
// code) to the oldest withdrawal of the merchant waiting for that amount,
// not the depositor's own, inside the order's transaction. A withdrawal
// another depositor took in the meantime is skipped.
func (s *Service) matchWithdrawal(ctx context.Context, q database.Querier, p Payer, channel string, orderID, amount int64) error {
	rows, err := q.QueryContext(ctx, `SELECT id FROM withdrawal_orders WHERE merchant_code = $1 AND status = 'matching' AND amount = $2
		AND member_id <> $3 ORDER BY id LIMIT 5`, p.Merchant, amount, p.MemberID)
	if err != nil {
		return fmt.Errorf("cashier: match: %w", err)
	}
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			rows.Close()
			return fmt.Errorf("cashier: match: %w", err)
		}
		ids = append(ids, id)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, id := range ids {
		res, err := q.ExecContext(ctx, `UPDATE withdrawal_orders SET status = 'paying', matched_deposit = $1, payout_channel = $2
			WHERE id = $3 AND status = 'matching'`, orderID, channel, id)
		if err != nil {
			return fmt.Errorf("cashier: match: %w", err)
		}
		if n, _ := res.RowsAffected(); n == 1 {
			_, err := q.ExecContext(ctx, `UPDATE deposit_orders SET matched_withdrawal = $1 WHERE id = $2`, id, orderID)
			return err
		}
	}
	return ErrNoMatch
}

// withMatch shows an open p2p order's depositor the account to pay: the
// matched withdrawal's. Once the order is decided the account is no
// longer shown.
func (s *Service) withMatch(ctx context.Context, o *Order) error {
	if o.Gateway != GatewayMatch || o.MatchedWithdrawal == 0 || o.Final() {
		return nil
	}
	w, err := s.Withdrawal(ctx, o.Merchant, o.MatchedWithdrawal)
	if err != nil {
		return err
	}
	o.Bank = &Bank{BankName: w.BankAccount.BankName, AccountName: w.BankAccount.Name, AccountNumber: w.BankAccount.Number}
	return nil
}

// markMatchedPaid is the depositor's submission reaching the withdrawal:
// it is paid, and its owner is asked for the receipt.
func (s *Service) markMatchedPaid(ctx context.Context, q database.Querier, o Order) (bool, error) {
	pol, err := s.policy(ctx, q, o.Merchant)
	if err != nil {
		return false, err
	}
	now := s.nowMs()
	res, err := q.ExecContext(ctx, `UPDATE withdrawal_orders SET status = 'paid', paid_at = $1, receipt_due_at = $2, payout_ref = $3
		WHERE id = $4 AND matched_deposit = $5 AND status = 'paying'`, now, now+int64(pol.ReceiptMinutes)*60_000, o.Reference,
		o.MatchedWithdrawal, o.ID)
	if err != nil {
		return false, fmt.Errorf("cashier: matched paid: %w", err)
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

// settleMatched closes a p2p withdrawal w (paid or disputed) once: the
// withdrawal moves to completed with set's assignments ($2 on), and of its
// hold, returned goes back to the withdrawer and the rest credits the
// depositor's order (its fee at the channel's rate, as shown when the
// amount is the order's); an order credited nothing is rejected. One
// transaction; of racing calls one applies.
func (s *Service) settleMatched(ctx context.Context, w Withdrawal, from []string, set string, args []any, returned int64) (bool, error) {
	ctx = context.WithoutCancel(ctx)
	o, err := s.order(ctx, w.Merchant, w.MatchedDeposit)
	if err != nil {
		return false, err
	}
	ch, err := s.channel(ctx, s.db.Read(), o.Merchant, o.ChannelID)
	if err != nil {
		return false, err
	}
	arrived := w.Amount - returned
	fee := o.Fee
	if arrived != o.Amount {
		fee = ch.Fee(arrived)
	}
	if fee >= arrived {
		fee = 0
	}
	var applied bool
	var depositorBalance, withdrawerBalance int64
	for attempt := 0; ; attempt++ {
		applied = false
		err = s.db.InTx(ctx, func(q database.Querier) error {
			a := append([]any{WithdrawCompleted}, args...)
			a = append(a, w.ID)
			res, err := q.ExecContext(ctx, `UPDATE withdrawal_orders SET status = $1, `+set+` WHERE id = $`+strconv.Itoa(len(a))+
				` AND status IN (`+statusList(from)+`)`, a...)
			if err != nil {
				return fmt.Errorf("cashier: settle match: %w", err)
			}
			if n, _ := res.RowsAffected(); n != 1 {
				return nil
			}
			now := s.nowMs()
			ref := "deposit:" + strconv.FormatInt(o.ID, 10)
			hold := holdSide(w.Currency)
			if arrived > 0 {
				res, err = q.ExecContext(ctx, `UPDATE deposit_orders SET status = 'credited', credited_at = $1, fee = $2, credit = $3,
					paid_amount = $4 WHERE id = $5 AND status = 'submitted'`, now, fee, arrived-fee, arrived, o.ID)
				if err != nil {
					return fmt.Errorf("cashier: settle match deposit: %w", err)
				}
				if n, _ := res.RowsAffected(); n != 1 {
					return ErrOrderState
				}
				t, err := s.ledger.MoveIn(ctx, q, wallet.Request{Merchant: w.Merchant, Key: ref, From: hold, To: wallet.Member(o.MemberID, o.Currency),
					Amount: arrived - fee, Kind: "deposit", Reference: ref})
				if err != nil {
					return err
				}
				depositorBalance = t.CreditBalance
				if fee > 0 {
					if _, err := s.ledger.MoveIn(ctx, q, wallet.Request{Merchant: w.Merchant, Key: "deposit-fee:" + strconv.FormatInt(o.ID, 10),
						From: hold, To: wallet.Side(wallet.KindFee, ch.Code, o.Currency), Amount: fee, Kind: "deposit_fee", Reference: ref,
						ShardOf: o.MemberID}); err != nil {
						return err
					}
				}
				var before int
				if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM deposit_orders WHERE member_id = $1 AND status = 'credited' AND id <> $2`,
					o.MemberID, o.ID).Scan(&before); err != nil {
					return fmt.Errorf("cashier: first deposit: %w", err)
				}
				if before == 0 {
					if err := report.RecordFirstDeposit(ctx, q, o.Merchant, o.MemberID, now); err != nil {
						return err
					}
				}
			} else if _, err := q.ExecContext(ctx, `UPDATE deposit_orders SET status = 'rejected', reason = 'the withdrawer did not receive it',
				decided_at = $1 WHERE id = $2 AND status = 'submitted'`, now, o.ID); err != nil {
				return fmt.Errorf("cashier: settle match deposit: %w", err)
			}
			if returned > 0 {
				t, err := s.ledger.MoveIn(ctx, q, wallet.Request{Merchant: w.Merchant, Key: withdrawKey("withdraw-refund", w.ID), From: hold,
					To: wallet.Member(w.MemberID, w.Currency), Amount: returned, Kind: "withdraw_refund", Reference: withdrawKey("withdrawal", w.ID)})
				if err != nil {
					return err
				}
				withdrawerBalance = t.CreditBalance
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
	s.publishedWithdrawal(w.Merchant, w.MemberID, w.ID, WithdrawCompleted)
	if arrived > 0 {
		s.published(o.Merchant, o.MemberID, o.ID, StatusCredited)
		s.balanceChanged(o.Merchant, o.MemberID, depositorBalance, o.Currency)
	} else {
		s.published(o.Merchant, o.MemberID, o.ID, StatusRejected)
	}
	if returned > 0 {
		s.balanceChanged(w.Merchant, w.MemberID, withdrawerBalance, w.Currency)
	}
	return true, nil
}

// rematch puts back to matching the p2p withdrawals whose depositor's
// order ended without paying (expired, rejected, failed): another
// depositor may take them. It runs with the expiry job, so a crash
// between the order's end and this step heals at the next run.
func (s *Service) rematch(ctx context.Context) (int, error) {
	res, err := s.db.Write().ExecContext(ctx, `UPDATE withdrawal_orders SET status = 'matching', matched_deposit = 0, payout_channel = ''
		WHERE status = 'paying' AND payout = 'p2p' AND matched_deposit IN (SELECT id FROM deposit_orders WHERE status IN ('expired', 'rejected', 'failed'))`)
	if err != nil {
		return 0, fmt.Errorf("cashier: rematch: %w", err)
	}
	n, _ := res.RowsAffected()
	return int(n), nil
}
