package loyalty

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"time"

	"portal/internal/database"
	"portal/internal/report"
	"portal/internal/wallet"
)

// Balance is a member's points.
func (s *Service) Balance(ctx context.Context, merchant string, member int64) (int64, error) {
	return s.ledger.Balance(ctx, merchant, wallet.Points(member))
}

// Reward is what a member earned in points (G-019's point reward): credits
// to the points account other than refunds, by the merchant's local days.
type Reward struct {
	Today     int64 `json:"today"`
	Yesterday int64 `json:"yesterday"`
	Total     int64 `json:"total"`
}

func (s *Service) pointsAccount(ctx context.Context, merchant string, member int64) (int64, bool, error) {
	var id int64
	err := s.db.Read().QueryRowContext(ctx, `SELECT id FROM wallet_accounts WHERE merchant_code = $1 AND kind = $2 AND owner = $3 AND currency = $4`,
		merchant, wallet.KindPoints, itoa(member), wallet.PointsCurrency).Scan(&id)
	if isNoRows(err) {
		return 0, false, nil
	}
	if err != nil {
		return 0, false, fmt.Errorf("loyalty: points account: %w", err)
	}
	return id, true, nil
}

// Reward is the member's points earned today, yesterday and in all.
func (s *Service) Reward(ctx context.Context, merchant string, member int64) (Reward, error) {
	var r Reward
	acct, ok, err := s.pointsAccount(ctx, merchant, member)
	if err != nil || !ok {
		return r, err
	}
	off := report.Offset(merchant)
	today := dayStart(s.today(merchant), off)
	yesterday := today - msPerDay
	err = s.db.Read().QueryRowContext(ctx, `SELECT COALESCE(SUM(CASE WHEN created_at >= $2 THEN amount ELSE 0 END), 0),
		COALESCE(SUM(CASE WHEN created_at >= $3 AND created_at < $2 THEN amount ELSE 0 END), 0), COALESCE(SUM(amount), 0)
		FROM wallet_transfers WHERE credit_account = $1 AND kind <> 'refund'`, acct, today, yesterday).Scan(&r.Today, &r.Yesterday, &r.Total)
	if err != nil {
		return r, fmt.Errorf("loyalty: reward: %w", err)
	}
	return r, nil
}

// Transaction is one movement of a member's points (G-019's member
// transaction detail).
type Transaction struct {
	ID        int64  `json:"id"`
	Kind      string `json:"kind"`
	Points    int64  `json:"points"`
	Balance   int64  `json:"balance"`
	CreatedAt string `json:"createdAt"`
	Reference string `json:"reference"`
}

// transactionKind names a ledger transfer's kind for the member: the
// loyalty service's own kinds as they are, anything else that credited
// points (a promotion's reward) "promo", an operator's "adjust".
func transactionKind(kind string, credit bool) string {
	switch kind {
	case "earn", "redeem", "refund", "convert", "adjust":
		return kind
	}
	if credit {
		return "promo"
	}
	return "adjust"
}

// Transactions is a page of the member's points movements in [from, to),
// newest first, each with the balance right after it.
func (s *Service) Transactions(ctx context.Context, merchant string, member int64, from, to time.Time, page, size int) (Page[Transaction], error) {
	page, size = pageOf(page, size)
	acct, ok, err := s.pointsAccount(ctx, merchant, member)
	if err != nil || !ok {
		return newPage[Transaction](page, size, 0, nil), err
	}
	q := s.db.Read()
	var total int64
	if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM wallet_transfers WHERE (debit_account = $1 OR credit_account = $1) AND created_at >= $2 AND created_at < $3`,
		acct, from.UnixMilli(), to.UnixMilli()).Scan(&total); err != nil {
		return Page[Transaction]{}, fmt.Errorf("loyalty: transactions: %w", err)
	}
	rows, err := q.QueryContext(ctx, `SELECT id, created_at, kind, amount, debit_account, reference FROM wallet_transfers
		WHERE (debit_account = $1 OR credit_account = $1) AND created_at >= $2 AND created_at < $3 ORDER BY id DESC LIMIT $4 OFFSET $5`,
		acct, from.UnixMilli(), to.UnixMilli(), size, (page-1)*size)
	if err != nil {
		return Page[Transaction]{}, fmt.Errorf("loyalty: transactions: %w", err)
	}
	var out []Transaction
	for rows.Next() {
		var t Transaction
		var at, debit int64
		var kind string
		if err := rows.Scan(&t.ID, &at, &kind, &t.Points, &debit, &t.Reference); err != nil {
			rows.Close()
			return Page[Transaction]{}, fmt.Errorf("loyalty: transactions: %w", err)
		}
		credit := debit != acct
		if !credit {
			t.Points = -t.Points
		}
		t.Kind, t.CreatedAt = transactionKind(kind, credit), rfc3339(at)
		out = append(out, t)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return Page[Transaction]{}, fmt.Errorf("loyalty: transactions: %w", err)
	}
	if len(out) > 0 {
		// The balance after the page's newest movement is today's balance
		// less whatever moved after it; each older one's follows from it.
		var bal, later int64
		if err := q.QueryRowContext(ctx, `SELECT balance FROM wallet_accounts WHERE id = $1`, acct).Scan(&bal); err != nil {
			return Page[Transaction]{}, fmt.Errorf("loyalty: transactions: %w", err)
		}
		if err := q.QueryRowContext(ctx, `SELECT COALESCE(SUM(CASE WHEN credit_account = $1 THEN amount ELSE -amount END), 0) FROM wallet_transfers
			WHERE (debit_account = $1 OR credit_account = $1) AND id > $2`, acct, out[0].ID).Scan(&later); err != nil {
			return Page[Transaction]{}, fmt.Errorf("loyalty: transactions: %w", err)
		}
		bal -= later
		for i := range out {
			out[i].Balance = bal
			bal -= out[i].Points
		}
	}
	return newPage(page, size, total, out), nil
}

// Conversion is a conversion's answer: the points left, the cash balance
// and the cash the points made.
type Conversion struct {
	Points  int64 `json:"points"`
	Balance int64 `json:"balance"`
	Amount  int64 `json:"amount"`
}

// ConvertAmount is what points make in cash (minor units) at the rules,
// and the points that takes: amount = floor(points × 10^decimals ÷ rate);
// charged = the fewest points that make amount, so a remainder that would
// make less than one minor unit stays with the member.
func ConvertAmount(points, rate int64, decimals int) (amount, charged int64) {
	if points <= 0 || rate <= 0 {
		return 0, 0
	}
	unit := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(decimals)), nil)
	a := new(big.Int).Mul(big.NewInt(points), unit)
	a.Quo(a, big.NewInt(rate))
	if !a.IsInt64() || a.Sign() == 0 {
		return 0, 0
	}
	c := new(big.Int).Mul(a, big.NewInt(rate))
	c.Add(c, new(big.Int).Sub(unit, big.NewInt(1)))
	c.Quo(c, unit)
	return a.Int64(), c.Int64()
}

// Convert turns a member's points into cash at the merchant's rate: at
// least the minimum, the points debited (never overdrawn) and the cash
// credited from the points side in one transaction; the same requestId
// answers the first conversion.
func (s *Service) Convert(ctx context.Context, merchant string, member, points int64, requestID string) (Conversion, error) {
	ctx = context.WithoutCancel(ctx)
	st, err := s.active(ctx, merchant)
	if err != nil {
		return Conversion{}, err
	}
	m, err := s.merchantOf(ctx, merchant)
	if err != nil {
		return Conversion{}, err
	}
	replay := func() (Conversion, bool, error) {
		var c Conversion
		var asked int64
		err := s.db.Read().QueryRowContext(ctx, `SELECT points, amount FROM point_conversions WHERE merchant_code = $1 AND member_id = $2 AND request_id = $3`,
			merchant, member, requestID).Scan(&asked, &c.Amount)
		if isNoRows(err) {
			return c, false, nil
		}
		if err != nil {
			return c, false, fmt.Errorf("loyalty: conversion: %w", err)
		}
		if asked != points {
			return c, true, ErrRequestReused
		}
		if c.Points, err = s.Balance(ctx, merchant, member); err != nil {
			return c, true, err
		}
		c.Balance, err = s.ledger.Balance(ctx, merchant, wallet.Member(member, m.Currency))
		return c, true, err
	}
	if c, found, err := replay(); found || err != nil {
		return c, err
	}
	if points < st.ConvertMin || points > MaxPoints {
		return Conversion{}, ErrBelowMinimum
	}
	amount, charged := ConvertAmount(points, st.ConvertRate, m.Decimals)
	if amount <= 0 {
		return Conversion{}, ErrBelowMinimum
	}
	var out Conversion
	key := "points:convert:" + itoa(member) + ":" + requestID
	err = s.retry(ctx, func(q database.Querier) error {
		if _, err := q.ExecContext(ctx, `INSERT INTO point_conversions (merchant_code, member_id, points, amount, request_id, created_at) VALUES ($1, $2, $3, $4, $5, $6)`,
			merchant, member, points, amount, requestID, s.nowMs()); err != nil {
			return err
		}
		t, err := s.ledger.MoveFreshIn(ctx, q, wallet.Request{Merchant: merchant, Key: key, From: wallet.Points(member),
			To: wallet.Side(wallet.KindPromo, PointsOwner, wallet.PointsCurrency), Amount: charged, Kind: "convert"})
		if errors.Is(err, wallet.ErrInsufficientFunds) {
			return ErrInsufficient
		}
		if err != nil {
			return err
		}
		out.Points = t.DebitBalance
		t, err = s.ledger.MoveFreshIn(ctx, q, wallet.Request{Merchant: merchant, Key: key + ":cash", From: wallet.Side(wallet.KindPromo, PointsOwner, m.Currency),
			To: wallet.Member(member, m.Currency), Amount: amount, Kind: "convert"})
		if err != nil {
			return err
		}
		out.Balance, out.Amount = t.CreditBalance, amount
		return nil
	})
	if isUnique(err) {
		if c, found, rerr := replay(); found || rerr != nil {
			return c, rerr
		}
	}
	if err != nil {
		return Conversion{}, err
	}
	s.balanceChanged(merchant, member, out.Balance, m.Currency)
	s.log.InfoContext(ctx, "points converted", "merchant", merchant, "member", member, "points", charged, "amount", amount)
	return out, nil
}
