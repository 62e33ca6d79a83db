package loyalty

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"time"

	"portal/internal/database"
	"portal/internal/wallet"
)

// Redemption states (G-017).
const (
	StateApplying = "applying"
	StateApproved = "approved"
	StateRejected = "rejected"
)

// errReplayed says the request was made already (its answer is read after
// the transaction).
var errReplayed = errors.New("loyalty: replayed")

// MaxQuantity bounds one redemption.
const MaxQuantity = 100

// Redemption is a member's redemption as the player site lists it (G-016).
type Redemption struct {
	ID                int64  `json:"id"`
	Name              string `json:"name"`
	Quantity          int    `json:"quantity"`
	PointsRequirement int64  `json:"pointsRequirement"`
	AmountRequirement int64  `json:"amountRequirement"`
	Status            string `json:"status"`
	ApplyTime         string `json:"applyTime"`
	ReferenceNo       string `json:"referenceNo"`
	Reason            string `json:"reason"`
}

// AdminRedemption is a redemption in the back office's review queue.
type AdminRedemption struct {
	Redemption
	MemberID   int64   `json:"memberId"`
	Username   string  `json:"username"`
	ItemID     int64   `json:"itemId"`
	Kind       string  `json:"kind"`
	CashAmount int64   `json:"cashAmount"`
	DecidedAt  *string `json:"decidedAt"`
	DecidedBy  string  `json:"decidedBy"`
}

// redemptionRow is a point_redemptions row.
type redemptionRow struct {
	id, member, item                      int64
	quantity                              int
	points, cash, requirement             int64
	kind, state, ref, request, reason, by string
	created, decided                      int64
	username                              string
}

const redemptionColumns = `r.id, r.member_id, r.item_id, r.quantity, r.points, r.cash_amount, r.amount_requirement, r.kind, r.state, r.reference_no,
	r.request_id, r.reason, r.created_at, r.decided_at, r.decided_by, m.username`

func scanRedemption(row interface{ Scan(...any) error }) (redemptionRow, error) {
	var r redemptionRow
	err := row.Scan(&r.id, &r.member, &r.item, &r.quantity, &r.points, &r.cash, &r.requirement, &r.kind, &r.state, &r.ref, &r.request, &r.reason,
		&r.created, &r.decided, &r.by, &r.username)
	return r, err
}

func rfc3339(ms int64) string { return time.UnixMilli(ms).UTC().Format(time.RFC3339) }

func (r redemptionRow) view(name string) Redemption {
	return Redemption{ID: r.id, Name: name, Quantity: r.quantity, PointsRequirement: r.points, AmountRequirement: r.requirement, Status: r.state,
		ApplyTime: rfc3339(r.created), ReferenceNo: r.ref, Reason: r.reason}
}

func (r redemptionRow) adminView(name string) AdminRedemption {
	a := AdminRedemption{Redemption: r.view(name), MemberID: r.member, Username: r.username, ItemID: r.item, Kind: r.kind,
		CashAmount: r.cash * int64(r.quantity), DecidedBy: r.by}
	if r.decided > 0 {
		d := rfc3339(r.decided)
		a.DecidedAt = &d
	}
	return a
}

func (s *Service) redemptionBy(ctx context.Context, q database.Querier, where string, args ...any) (redemptionRow, error) {
	r, err := scanRedemption(q.QueryRowContext(ctx, `SELECT `+redemptionColumns+` FROM point_redemptions r JOIN members m ON m.id = r.member_id `+where, args...))
	if isNoRows(err) {
		return r, ErrNotFound
	}
	if err != nil {
		return r, fmt.Errorf("loyalty: redemption: %w", err)
	}
	return r, nil
}

// itemNames names the merchant's items in a language.
func (s *Service) itemNames(ctx context.Context, merchant, language string) (map[int64]string, error) {
	m, err := s.merchantOf(ctx, merchant)
	if err != nil {
		return nil, err
	}
	all, err := s.items(ctx, merchant, false)
	if err != nil {
		return nil, err
	}
	out := make(map[int64]string, len(all))
	for _, it := range all {
		out[it.ID] = pickText(it.Texts, language, m.DefaultLanguage).Name
	}
	return out, nil
}

// ValidBet is a member's valid bet over the last days local days, today
// included (the report aggregates' bets: stakes less refunds).
func (s *Service) ValidBet(ctx context.Context, merchant string, member int64, days int) (int64, error) {
	var v int64
	err := s.db.Read().QueryRowContext(ctx, `SELECT COALESCE(SUM(bets), 0) FROM report_members WHERE merchant_code = $1 AND member_id = $2 AND day >= $3`,
		merchant, member, s.today(merchant)-int64(days)+1).Scan(&v)
	if err != nil {
		return 0, fmt.Errorf("loyalty: valid bet: %w", err)
	}
	return v, nil
}

// Redeem takes an item for a member: in one transaction the stock (a
// guarded decrement: never oversold), the member's limit for the item,
// and the points (a guarded ledger debit: never overdrawn). The
// redemption then waits for an operator (applying). The same requestId
// answers the first redemption.
func (s *Service) Redeem(ctx context.Context, merchant string, member, itemID int64, quantity int, requestID, language string) (Redemption, error) {
	ctx = context.WithoutCancel(ctx)
	if quantity < 1 || quantity > MaxQuantity {
		return Redemption{}, ErrQuantityInvalid
	}
	if _, err := s.active(ctx, merchant); err != nil {
		return Redemption{}, err
	}
	replay := func() (Redemption, bool, error) {
		r, err := s.redemptionBy(ctx, s.db.Read(), `WHERE r.merchant_code = $1 AND r.member_id = $2 AND r.request_id = $3`, merchant, member, requestID)
		if errors.Is(err, ErrNotFound) {
			return Redemption{}, false, nil
		}
		if err != nil {
			return Redemption{}, false, err
		}
		if r.item != itemID || r.quantity != quantity {
			return Redemption{}, true, ErrRequestReused
		}
		names, err := s.itemNames(ctx, merchant, language)
		return r.view(names[r.item]), true, err
	}
	if v, found, err := replay(); found || err != nil {
		return v, err
	}
	it, err := s.Item(ctx, merchant, itemID)
	if err != nil || it.Status != "active" {
		return Redemption{}, ErrNotFound
	}
	if it.AmountRequirement > 0 {
		bet, err := s.ValidBet(ctx, merchant, member, RequirementWindow)
		if err != nil {
			return Redemption{}, err
		}
		if bet < it.AmountRequirement {
			return Redemption{}, ErrRequirement
		}
	}
	points := it.Points * int64(quantity)
	var row redemptionRow
	err = s.retry(ctx, func(q database.Querier) error {
		if s.db.Dialect == database.Postgres {
			// One member's redemptions queue here, so the per-member limit
			// holds under concurrent clicks (SQLite has one writer).
			if _, err := q.ExecContext(ctx, `SELECT id FROM members WHERE id = $1 FOR UPDATE`, member); err != nil {
				return fmt.Errorf("loyalty: lock member: %w", err)
			}
		}
		// The same request committed by a click that held the lock first
		// answers as a replay, before stock or limit could refuse it.
		var seen int64
		err := q.QueryRowContext(ctx, `SELECT id FROM point_redemptions WHERE merchant_code = $1 AND member_id = $2 AND request_id = $3`,
			merchant, member, requestID).Scan(&seen)
		if err == nil {
			return errReplayed
		}
		if !isNoRows(err) {
			return fmt.Errorf("loyalty: redemption: %w", err)
		}
		res, err := q.ExecContext(ctx, `UPDATE point_items SET stock = stock - $1 WHERE id = $2 AND merchant_code = $3 AND status = 'active' AND stock >= $1`,
			quantity, itemID, merchant)
		if err != nil {
			return fmt.Errorf("loyalty: take stock: %w", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return ErrOutOfStock
		}
		if it.PerMemberLimit > 0 {
			var had int64
			if err := q.QueryRowContext(ctx, `SELECT COALESCE(SUM(quantity), 0) FROM point_redemptions WHERE item_id = $1 AND member_id = $2 AND state <> 'rejected'`,
				itemID, member).Scan(&had); err != nil {
				return fmt.Errorf("loyalty: limit: %w", err)
			}
			if had+int64(quantity) > int64(it.PerMemberLimit) {
				return ErrLimitReached
			}
		}
		now := s.nowMs()
		row = redemptionRow{member: member, item: itemID, quantity: quantity, points: points, cash: it.CashAmount, requirement: it.AmountRequirement,
			kind: it.Kind, state: StateApplying, ref: referenceNo(s.now()), request: requestID, created: now}
		if err := q.QueryRowContext(ctx, `INSERT INTO point_redemptions (merchant_code, member_id, item_id, quantity, points, kind, cash_amount,
			amount_requirement, state, reference_no, request_id, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'applying', $9, $10, $11) RETURNING id`,
			merchant, member, itemID, quantity, points, it.Kind, it.CashAmount, it.AmountRequirement, row.ref, requestID, now).Scan(&row.id); err != nil {
			return err
		}
		_, err = s.ledger.MoveFreshIn(ctx, q, wallet.Request{Merchant: merchant, Key: "points:redeem:" + itoa(row.id), From: wallet.Points(member),
			To: wallet.Side(wallet.KindPromo, PointsOwner, wallet.PointsCurrency), Amount: points, Kind: "redeem", Reference: "redemption:" + itoa(row.id)})
		if errors.Is(err, wallet.ErrInsufficientFunds) {
			return ErrInsufficient
		}
		return err
	})
	if isUnique(err) || errors.Is(err, errReplayed) {
		// The same request at once from another click: its answer.
		if v, found, rerr := replay(); found || rerr != nil {
			return v, rerr
		}
	}
	if err != nil {
		return Redemption{}, err
	}
	s.log.InfoContext(ctx, "points redeemed", "merchant", merchant, "member", member, "item", itemID, "quantity", quantity, "points", points, "redemption", row.id)
	t := pickText(it.Texts, language, "")
	return row.view(t.Name), nil
}

// referenceNo is a redemption's transaction reference: the day and 10
// random hex digits.
func referenceNo(now time.Time) string {
	var b [5]byte
	_, _ = rand.Read(b[:])
	return "PM" + now.UTC().Format("20060102") + strings.ToUpper(hex.EncodeToString(b[:]))
}

// Decide approves or rejects an applying redemption, once: an approved
// cash item pays its cash from the points side; a rejection returns the
// points and the stock. A decided redemption answers ErrDecided.
func (s *Service) Decide(ctx context.Context, merchant string, id int64, approve bool, reason, operator string) (AdminRedemption, error) {
	ctx = context.WithoutCancel(ctx)
	reason = strings.TrimSpace(reason)
	if len([]rune(reason)) > 200 {
		return AdminRedemption{}, ErrInvalid
	}
	m, err := s.merchantOf(ctx, merchant)
	if err != nil {
		return AdminRedemption{}, err
	}
	var row redemptionRow
	var cashBalance int64
	var paid bool
	err = s.retry(ctx, func(q database.Querier) error {
		lock := ""
		if s.db.Dialect == database.Postgres {
			lock = " FOR UPDATE OF r"
		}
		var err error
		row, err = s.redemptionBy(ctx, q, `WHERE r.id = $1 AND r.merchant_code = $2`+lock, id, merchant)
		if err != nil {
			return err
		}
		if row.state != StateApplying {
			return ErrDecided
		}
		state := StateRejected
		if approve {
			state = StateApproved
		}
		now := s.nowMs()
		res, err := q.ExecContext(ctx, `UPDATE point_redemptions SET state = $1, reason = $2, decided_at = $3, decided_by = $4 WHERE id = $5 AND state = 'applying'`,
			state, reason, now, operator, id)
		if err != nil {
			return fmt.Errorf("loyalty: decide: %w", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return ErrDecided
		}
		row.state, row.reason, row.decided, row.by = state, reason, now, operator
		if approve {
			if row.kind == KindCash && row.cash > 0 {
				t, err := s.ledger.MoveIn(ctx, q, wallet.Request{Merchant: merchant, Key: "points:redeem:" + itoa(id) + ":cash",
					From: wallet.Side(wallet.KindPromo, PointsOwner, m.Currency), To: wallet.Member(row.member, m.Currency),
					Amount: row.cash * int64(row.quantity), Kind: "redeem", Reference: "redemption:" + itoa(id)})
				if err != nil {
					return err
				}
				cashBalance, paid = t.CreditBalance, !t.Replayed
			}
			return nil
		}
		if _, err := s.ledger.MoveIn(ctx, q, wallet.Request{Merchant: merchant, Key: "points:redeem:" + itoa(id) + ":refund",
			From: wallet.Side(wallet.KindPromo, PointsOwner, wallet.PointsCurrency), To: wallet.Points(row.member),
			Amount: row.points, Kind: "refund", Reference: "redemption:" + itoa(id)}); err != nil {
			return err
		}
		_, err = q.ExecContext(ctx, `UPDATE point_items SET stock = stock + $1 WHERE id = $2`, row.quantity, row.item)
		return err
	})
	if err != nil {
		return AdminRedemption{}, err
	}
	if paid {
		s.balanceChanged(merchant, row.member, cashBalance, m.Currency)
	}
	s.log.InfoContext(ctx, "points redemption decided", "merchant", merchant, "redemption", id, "state", row.state, "by", operator)
	names, err := s.itemNames(ctx, merchant, m.DefaultLanguage)
	if err != nil {
		return AdminRedemption{}, err
	}
	return row.adminView(names[row.item]), nil
}

// Redemptions is a page of a member's redemptions, newest first.
func (s *Service) Redemptions(ctx context.Context, merchant string, member int64, language string, page, size int) (Page[Redemption], error) {
	page, size = pageOf(page, size)
	var total int64
	if err := s.db.Read().QueryRowContext(ctx, `SELECT COUNT(*) FROM point_redemptions WHERE merchant_code = $1 AND member_id = $2`, merchant, member).
		Scan(&total); err != nil {
		return Page[Redemption]{}, fmt.Errorf("loyalty: redemptions: %w", err)
	}
	rows, err := s.redemptionRows(ctx, `WHERE r.merchant_code = $1 AND r.member_id = $2 ORDER BY r.id DESC LIMIT $3 OFFSET $4`,
		merchant, member, size, (page-1)*size)
	if err != nil {
		return Page[Redemption]{}, err
	}
	names, err := s.itemNames(ctx, merchant, language)
	if err != nil {
		return Page[Redemption]{}, err
	}
	out := make([]Redemption, len(rows))
	for i, r := range rows {
		out[i] = r.view(names[r.item])
	}
	return newPage(page, size, total, out), nil
}

// AdminRedemptions is a page of the merchant's redemptions (state "":
// all), oldest applying first when filtered, else newest first.
func (s *Service) AdminRedemptions(ctx context.Context, merchant, state, language string, page, size int) (Page[AdminRedemption], error) {
	page, size = pageOf(page, size)
	var total int64
	if err := s.db.Read().QueryRowContext(ctx, `SELECT COUNT(*) FROM point_redemptions WHERE merchant_code = $1 AND ($2 = '' OR state = $2)`, merchant, state).
		Scan(&total); err != nil {
		return Page[AdminRedemption]{}, fmt.Errorf("loyalty: redemptions: %w", err)
	}
	order := "DESC"
	if state == StateApplying {
		order = "ASC"
	}
	rows, err := s.redemptionRows(ctx, `WHERE r.merchant_code = $1 AND ($2 = '' OR r.state = $2) ORDER BY r.id `+order+` LIMIT $3 OFFSET $4`,
		merchant, state, size, (page-1)*size)
	if err != nil {
		return Page[AdminRedemption]{}, err
	}
	if language == "" {
		m, err := s.merchantOf(ctx, merchant)
		if err != nil {
			return Page[AdminRedemption]{}, err
		}
		language = m.DefaultLanguage
	}
	names, err := s.itemNames(ctx, merchant, language)
	if err != nil {
		return Page[AdminRedemption]{}, err
	}
	out := make([]AdminRedemption, len(rows))
	for i, r := range rows {
		out[i] = r.adminView(names[r.item])
	}
	return newPage(page, size, total, out), nil
}

func (s *Service) redemptionRows(ctx context.Context, where string, args ...any) ([]redemptionRow, error) {
	rows, err := s.db.Read().QueryContext(ctx, `SELECT `+redemptionColumns+` FROM point_redemptions r JOIN members m ON m.id = r.member_id `+where, args...)
	if err != nil {
		return nil, fmt.Errorf("loyalty: redemptions: %w", err)
	}
	defer rows.Close()
	var out []redemptionRow
	for rows.Next() {
		r, err := scanRedemption(rows)
		if err != nil {
			return nil, fmt.Errorf("loyalty: redemptions: %w", err)
		}
		out = append(out, r)
	}
	return out, rows.Err()
}
