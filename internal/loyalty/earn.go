package loyalty

import (
	"context"
	"errors"
	"fmt"
	"math/big"
	"strconv"
	"strings"
	"time"

	"portal/internal/database"
	"portal/internal/report"
	"portal/internal/wallet"
)

// earnBatch is how many members' points commit together.
const earnBatch = 500

// catchUpDays bounds how far back the earning job looks for ended days it
// has not paid: a portal down a week still pays the week; a merchant that
// turns the mall on is not paid for its whole history.
const catchUpDays = 7

// earnGrace is how long after a day's end its points wait.
const earnGrace = 5 * time.Minute

// EarnedPoints is what a day's valid bet earns:
// floor(validBet × earnRateBp ÷ 10000 ÷ 10^decimals).
func EarnedPoints(validBet, earnRateBp int64, decimals int) int64 {
	if validBet <= 0 || earnRateBp <= 0 {
		return 0
	}
	v := new(big.Int).Mul(big.NewInt(validBet), big.NewInt(earnRateBp))
	d := new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(decimals)), nil)
	d.Mul(d, big.NewInt(10000))
	v.Quo(v, d)
	if !v.IsInt64() {
		return 0
	}
	return v.Int64()
}

// EarnDue is the earning job (loyalty.points): for every merchant whose
// mall is on, each ended local day not paid yet (at most catchUpDays back)
// pays its members their points. It answers how many days it paid.
func (s *Service) EarnDue(ctx context.Context) (int, error) {
	ctx = context.WithoutCancel(ctx)
	rows, err := s.db.Read().QueryContext(ctx, `SELECT merchant_code FROM loyalty_settings WHERE enabled = 1 ORDER BY merchant_code`)
	if err != nil {
		return 0, fmt.Errorf("loyalty: earn merchants: %w", err)
	}
	var merchants []string
	for rows.Next() {
		var m string
		if err := rows.Scan(&m); err != nil {
			rows.Close()
			return 0, fmt.Errorf("loyalty: earn merchants: %w", err)
		}
		merchants = append(merchants, m)
	}
	rows.Close()
	done := 0
	var errs []error
	for _, m := range merchants {
		n, err := s.earnMerchant(ctx, m)
		done += n
		if err != nil {
			errs = append(errs, err)
		}
	}
	return done, errors.Join(errs...)
}

func (s *Service) earnMerchant(ctx context.Context, merchant string) (int, error) {
	st, err := s.active(ctx, merchant)
	if errors.Is(err, ErrDisabled) {
		return 0, nil
	}
	if err != nil {
		return 0, err
	}
	// A day is paid once its grace has passed too: a bet of 23:59:59
	// whose transaction commits a moment later still counts in its day.
	today := dayOf(s.now().Add(-earnGrace).UnixMilli(), report.Offset(merchant))
	var last int64
	if err := s.db.Read().QueryRowContext(ctx, `SELECT COALESCE(MAX(day), 0) FROM point_earn_days WHERE merchant_code = $1`, merchant).Scan(&last); err != nil {
		return 0, fmt.Errorf("loyalty: earn days: %w", err)
	}
	n := 0
	for day := max(last+1, today-catchUpDays); day < today; day++ {
		if _, err := s.EarnDay(ctx, merchant, day, st); err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}

// DayResult is what paying a day did.
type DayResult struct {
	Members int64 `json:"members"`
	Points  int64 `json:"points"`
}

// EarnDay pays a merchant's members the points of one local day's valid
// bets. Each member's points are keyed points:bet:<member>:<day> and
// recorded in point_earnings in the same transaction, so running a day
// again pays only who was not paid.
func (s *Service) EarnDay(ctx context.Context, merchant string, day int64, st Settings) (DayResult, error) {
	ctx = context.WithoutCancel(ctx)
	m, err := s.merchantOf(ctx, merchant)
	if err != nil {
		return DayResult{}, err
	}
	var list []earning
	rows, err := s.db.Read().QueryContext(ctx, `SELECT member_id, bets FROM report_members WHERE merchant_code = $1 AND day = $2 AND bets > 0 ORDER BY member_id`,
		merchant, day)
	if err != nil {
		return DayResult{}, fmt.Errorf("loyalty: day bets: %w", err)
	}
	for rows.Next() {
		var d earning
		if err := rows.Scan(&d.member, &d.bet); err != nil {
			rows.Close()
			return DayResult{}, fmt.Errorf("loyalty: day bets: %w", err)
		}
		if d.points = EarnedPoints(d.bet, st.EarnRateBp, m.Decimals); d.points > 0 {
			list = append(list, d)
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return DayResult{}, fmt.Errorf("loyalty: day bets: %w", err)
	}
	side := wallet.Side(wallet.KindPromo, PointsOwner, wallet.PointsCurrency)
	var res DayResult
	for from := 0; from < len(list); from += earnBatch {
		batch := list[from:min(from+earnBatch, len(list))]
		refs := []wallet.Ref{side}
		ids := make([]string, len(batch))
		for i, d := range batch {
			refs = append(refs, wallet.Points(d.member))
			ids[i] = strconv.FormatInt(d.member, 10)
		}
		// The accounts are found before the transaction, in one query, so
		// each payment inside it is one statement.
		if err := s.ledger.Remember(ctx, merchant, refs); err != nil {
			return res, err
		}
		var paid DayResult
		err := s.retry(ctx, func(q database.Querier) error {
			paid = DayResult{}
			had := map[int64]bool{}
			r, err := q.QueryContext(ctx, `SELECT member_id FROM point_earnings WHERE merchant_code = $1 AND day = $2 AND member_id IN (`+strings.Join(ids, ", ")+`)`,
				merchant, day)
			if err != nil {
				return fmt.Errorf("loyalty: earnings: %w", err)
			}
			for r.Next() {
				var id int64
				if err := r.Scan(&id); err != nil {
					r.Close()
					return err
				}
				had[id] = true
			}
			r.Close()
			var fresh []earning
			var pays []wallet.Payment
			for _, d := range batch {
				if had[d.member] {
					continue
				}
				fresh = append(fresh, d)
				pays = append(pays, wallet.Payment{To: wallet.Points(d.member), Amount: d.points, Key: "points:bet:" + itoa(d.member) + ":" + itoa(day),
					Kind: "earn", Reference: "day:" + report.Day(day)})
				paid.Members++
				paid.Points += d.points
			}
			// No earnings row means no ledger move: both commit together,
			// so every key is unused and the batch is paid in a few
			// statements.
			if _, err := s.ledger.PayManyIn(ctx, q, merchant, side, pays); err != nil {
				return err
			}
			return s.insertEarnings(ctx, q, merchant, day, fresh)
		})
		if err != nil {
			return res, err
		}
		res.Members += paid.Members
		res.Points += paid.Points
	}
	if _, err := s.db.Write().ExecContext(ctx, `INSERT INTO point_earn_days (merchant_code, day, members, points, finished_at) VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (merchant_code, day) DO UPDATE SET members = point_earn_days.members + excluded.members, points = point_earn_days.points + excluded.points,
		finished_at = excluded.finished_at`, merchant, day, res.Members, res.Points, s.nowMs()); err != nil {
		return res, fmt.Errorf("loyalty: earn day: %w", err)
	}
	s.log.InfoContext(ctx, "points earned", "merchant", merchant, "day", report.Day(day), "members", res.Members, "points", res.Points)
	return res, nil
}

// earning is one member's points of a day.
type earning struct{ member, bet, points int64 }

// insertEarnings writes a batch's earnings rows, a hundred a statement
// (round trips are most of what a row costs on PostgreSQL).
func (s *Service) insertEarnings(ctx context.Context, q database.Querier, merchant string, day int64, list []earning) error {
	now := s.nowMs()
	for k := 0; k < len(list); k += 100 {
		chunk := list[k:min(k+100, len(list))]
		var sb strings.Builder
		sb.WriteString(`INSERT INTO point_earnings (merchant_code, day, member_id, valid_bet, points, created_at) VALUES `)
		args := []any{merchant, day, now}
		for j, e := range chunk {
			if j > 0 {
				sb.WriteString(", ")
			}
			n := len(args)
			fmt.Fprintf(&sb, "($1, $2, $%d, $%d, $%d, $3)", n+1, n+2, n+3)
			args = append(args, e.member, e.bet, e.points)
		}
		if _, err := q.ExecContext(ctx, sb.String(), args...); err != nil {
			return fmt.Errorf("loyalty: earnings: %w", err)
		}
	}
	return nil
}
