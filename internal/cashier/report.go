package cashier

import (
	"context"
	"fmt"
	"sort"
	"time"

	"portal/internal/report"
)

// DayFigures are one local day's credited deposits through one channel
// and withdrawals paid out through it (ChannelID 0: paid by hand).
type DayFigures struct {
	Day              string
	ChannelID        int64
	ChannelName      string
	Deposits         int
	DepositAmount    int64
	Fees             int64
	Withdrawals      int
	WithdrawalAmount int64
	// Refunds are the parts of paid withdrawals returned to members after
	// a dispute.
	Refunds int64
	// Net is what the merchant keeps: deposits (fees included) less
	// withdrawals paid, plus refunds.
	Net int64
}

// Report sums the credited deposits of merchantCode by local day of its
// reporting zone (report.Offset) and channel, from day from to day to
// (inclusive), with the totals.
func (s *Service) Report(ctx context.Context, merchantCode string, from, to time.Time) ([]DayFigures, DayFigures, error) {
	offset := report.Offset(merchantCode)
	start := from.Add(-offset).UnixMilli()
	end := to.AddDate(0, 0, 1).Add(-offset).UnixMilli()
	rows, err := s.db.Read().QueryContext(ctx, `SELECT o.channel_id, c.name, o.credited_at, o.credit + o.fee, o.fee FROM deposit_orders o
		JOIN payment_channels c ON c.id = o.channel_id
		WHERE o.merchant_code = $1 AND o.status = 'credited' AND o.credited_at >= $2 AND o.credited_at < $3`, merchantCode, start, end)
	if err != nil {
		return nil, DayFigures{}, fmt.Errorf("cashier: report: %w", err)
	}
	defer rows.Close()
	type key struct {
		day     string
		channel int64
	}
	byKey := map[key]*DayFigures{}
	var total DayFigures
	for rows.Next() {
		var ch, at, amount, fee int64
		var name string
		if err := rows.Scan(&ch, &name, &at, &amount, &fee); err != nil {
			return nil, DayFigures{}, fmt.Errorf("cashier: report: %w", err)
		}
		day := time.UnixMilli(at).UTC().Add(offset).Format(time.DateOnly)
		k := key{day, ch}
		f := byKey[k]
		if f == nil {
			f = &DayFigures{Day: day, ChannelID: ch, ChannelName: name}
			byKey[k] = f
		}
		// The amount as the order says, or what the gateway reported when
		// finance credited that: fee plus credit is what came in.
		f.Deposits++
		f.DepositAmount += amount
		f.Fees += fee
		f.Net += amount
		total.Deposits++
		total.DepositAmount += amount
		total.Fees += fee
		total.Net += amount
	}
	if err := rows.Err(); err != nil {
		return nil, DayFigures{}, err
	}
	rows.Close()
	// Withdrawals count on the day they were paid, refunds on the day
	// finance resolved the dispute, under the channel that paid.
	wrows, err := s.db.Read().QueryContext(ctx, `SELECT COALESCE(c.id, 0), COALESCE(c.name, ''), o.paid_at, o.amount, o.resolved_at,
		CASE WHEN o.resolution = 'refunded' THEN o.receipt_remaining ELSE 0 END
		FROM withdrawal_orders o LEFT JOIN payment_channels c ON c.merchant_code = o.merchant_code AND c.code = o.payout_channel
		WHERE o.merchant_code = $1 AND o.paid_at > 0 AND (o.paid_at >= $2 AND o.paid_at < $3 OR o.resolved_at >= $2 AND o.resolved_at < $3)`,
		merchantCode, start, end)
	if err != nil {
		return nil, DayFigures{}, fmt.Errorf("cashier: report withdrawals: %w", err)
	}
	defer wrows.Close()
	at := func(ms int64, ch int64, name string) *DayFigures {
		k := key{time.UnixMilli(ms).UTC().Add(offset).Format(time.DateOnly), ch}
		f := byKey[k]
		if f == nil {
			f = &DayFigures{Day: k.day, ChannelID: ch, ChannelName: name}
			byKey[k] = f
		}
		return f
	}
	for wrows.Next() {
		var ch, paid, amount, resolved, refund int64
		var name string
		if err := wrows.Scan(&ch, &name, &paid, &amount, &resolved, &refund); err != nil {
			return nil, DayFigures{}, fmt.Errorf("cashier: report withdrawals: %w", err)
		}
		if paid >= start && paid < end {
			f := at(paid, ch, name)
			f.Withdrawals++
			f.WithdrawalAmount += amount
			f.Net -= amount
			total.Withdrawals++
			total.WithdrawalAmount += amount
			total.Net -= amount
		}
		if refund > 0 && resolved >= start && resolved < end {
			f := at(resolved, ch, name)
			f.Refunds += refund
			f.Net += refund
			total.Refunds += refund
			total.Net += refund
		}
	}
	if err := wrows.Err(); err != nil {
		return nil, DayFigures{}, err
	}
	out := make([]DayFigures, 0, len(byKey))
	for _, f := range byKey {
		out = append(out, *f)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Day != out[j].Day {
			return out[i].Day < out[j].Day
		}
		return out[i].ChannelID < out[j].ChannelID
	})
	return out, total, nil
}
