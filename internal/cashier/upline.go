package cashier

import (
	"context"
	"fmt"
	"time"

	"portal/internal/database"
	"portal/internal/wallet"
)

// UplineTransfer is money a member sent to their upline (transferUpline).
type UplineTransfer struct {
	ID        int64
	UplineID  int64
	Amount    int64
	Balance   int64 // the sender's balance right after (not kept)
	CreatedAt time.Time
}

// uplineOf is the member's upline (0: none).
func (s *Service) uplineOf(ctx context.Context, q database.Querier, memberID int64) (int64, error) {
	var up *int64
	if err := q.QueryRowContext(ctx, `SELECT upline_id FROM members WHERE id = $1`, memberID).Scan(&up); err != nil {
		return 0, fmt.Errorf("cashier: upline: %w", err)
	}
	if up == nil {
		return 0, nil
	}
	return *up, nil
}

// UplineUsage is what the member sent their upline today.
func (s *Service) UplineUsage(ctx context.Context, merchantCode string, memberID int64) (int64, error) {
	var sum int64
	err := s.db.Read().QueryRowContext(ctx, `SELECT COALESCE(SUM(amount), 0) FROM upline_transfers WHERE member_id = $1 AND created_at >= $2`,
		memberID, dayStart(merchantCode, s.now())).Scan(&sum)
	return sum, err
}

// UplineTransfers are the member's latest transfers to the upline.
func (s *Service) UplineTransfers(ctx context.Context, memberID int64, limit int) ([]UplineTransfer, error) {
	rows, err := s.db.Read().QueryContext(ctx, `SELECT id, upline_id, amount, created_at FROM upline_transfers WHERE member_id = $1
		ORDER BY created_at DESC, id DESC LIMIT $2`, memberID, limit)
	if err != nil {
		return nil, fmt.Errorf("cashier: upline transfers: %w", err)
	}
	defer rows.Close()
	out := []UplineTransfer{}
	for rows.Next() {
		var t UplineTransfer
		var created int64
		if err := rows.Scan(&t.ID, &t.UplineID, &t.Amount, &created); err != nil {
			return nil, err
		}
		t.CreatedAt = msTime(created)
		out = append(out, t)
	}
	return out, rows.Err()
}

// TransferToUpline sends amount from the member to their upline, after the
// caller checked the payment password, within the policy's limits. The
// record and the ledger move commit together; the same requestID answers
// the first transfer and moves nothing again.
func (s *Service) TransferToUpline(ctx context.Context, p Withdrawer, amount int64, requestID string) (UplineTransfer, error) {
	ctx = context.WithoutCancel(ctx)
	var t UplineTransfer
	if !printable(requestID, RequestIDMaxLen) {
		return t, ErrRequestInvalid
	}
	pol, err := s.Policy(ctx, p.Merchant)
	if err != nil {
		return t, err
	}
	if amount < pol.UplineMin || amount > pol.UplineMax {
		return t, ErrAmountOutOfRange
	}
	var upline, uplineBalance int64
	moved := false
	for attempt := 0; ; attempt++ {
		moved = false
		err = s.db.InTx(ctx, func(q database.Querier) error {
			if err := s.lockMember(ctx, q, p.MemberID); err != nil {
				return err
			}
			var created int64
			err := q.QueryRowContext(ctx, `SELECT id, upline_id, amount, created_at FROM upline_transfers
				WHERE merchant_code = $1 AND member_id = $2 AND request_id = $3`, p.Merchant, p.MemberID, requestID).
				Scan(&t.ID, &t.UplineID, &t.Amount, &created)
			if err == nil {
				t.CreatedAt = msTime(created)
				t.Balance, err = s.ledger.BalanceIn(ctx, q, p.Merchant, wallet.Member(p.MemberID, p.Currency))
				return err
			}
			if !isNoRows(err) {
				return fmt.Errorf("cashier: upline transfer: %w", err)
			}
			if upline, err = s.uplineOf(ctx, q, p.MemberID); err != nil {
				return err
			}
			if upline == 0 {
				return ErrNoUpline
			}
			if pol.UplineDaily > 0 {
				var today int64
				if err := q.QueryRowContext(ctx, `SELECT COALESCE(SUM(amount), 0) FROM upline_transfers WHERE member_id = $1 AND created_at >= $2`,
					p.MemberID, dayStart(p.Merchant, s.now())).Scan(&today); err != nil {
					return fmt.Errorf("cashier: upline usage: %w", err)
				}
				if today+amount > pol.UplineDaily {
					return ErrDailyLimit
				}
			}
			now := s.nowMs()
			if err := q.QueryRowContext(ctx, `INSERT INTO upline_transfers (merchant_code, member_id, upline_id, request_id, amount, currency, created_at)
				VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`, p.Merchant, p.MemberID, upline, requestID, amount, p.Currency, now).Scan(&t.ID); err != nil {
				return fmt.Errorf("cashier: upline transfer: %w", err)
			}
			key := withdrawKey("upline", t.ID)
			tr, err := s.ledger.MoveIn(ctx, q, wallet.Request{Merchant: p.Merchant, Key: key, From: wallet.Member(p.MemberID, p.Currency),
				To: wallet.Member(upline, p.Currency), Amount: amount, Kind: "upline_transfer", Reference: key})
			if err != nil {
				return err
			}
			t.UplineID, t.Amount, t.Balance, t.CreatedAt = upline, amount, tr.DebitBalance, msTime(now)
			uplineBalance, moved = tr.CreditBalance, true
			return nil
		})
		if attempt == 2 || !database.IsTransient(err) {
			break
		}
	}
	if err != nil {
		return UplineTransfer{}, err
	}
	if moved {
		s.log.InfoContext(ctx, "sent to upline", "merchant", p.Merchant, "member", p.MemberID, "upline", upline, "amount", amount)
		s.balanceChanged(p.Merchant, p.MemberID, t.Balance, p.Currency)
		s.balanceChanged(p.Merchant, upline, uplineBalance, p.Currency)
	}
	return t, nil
}
