package protection

import (
	"context"
	"fmt"
	"time"

	"portal/internal/database"
	"portal/internal/report"
)

const msPerDay = int64(24 * time.Hour / time.Millisecond)

// periods are the local day numbers (the merchant's reporting zone, as the
// report aggregates count days) on which the day, week (from Monday) and
// month of now begin.
type periods struct {
	day, week, month int64
	offset           int64 // the zone's offset, ms
}

func periodsOf(merchantCode string, now time.Time) periods {
	off := report.Offset(merchantCode)
	local := now.UTC().Add(off)
	day := floorDiv(now.UnixMilli()+off.Milliseconds(), msPerDay)
	// Day 0 (1970-01-01) was a Thursday: Monday is 3 days before it.
	week := day - ((day+3)%7+7)%7
	month := day - int64(local.Day()-1)
	return periods{day: day, week: week, month: month, offset: off.Milliseconds()}
}

// startMs is when local day d begins, Unix ms.
func (p periods) startMs(d int64) int64 { return d*msPerDay - p.offset }

// earliest is the first day any of the periods covers.
func (p periods) earliest() int64 { return min(p.day, p.week, p.month) }

func floorDiv(a, b int64) int64 {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}

// Usage is how much of each period a member has used: deposits (credited
// or still open), net losses of real-money play (stakes - wins - refunds),
// and minutes played today. Amounts are minor units.
type Usage struct {
	DepositDay   int64 `json:"depositDay"`
	DepositWeek  int64 `json:"depositWeek"`
	DepositMonth int64 `json:"depositMonth"`
	LossDay      int64 `json:"lossDay"`
	LossWeek     int64 `json:"lossWeek"`
	LossMonth    int64 `json:"lossMonth"`
	MinutesToday int64 `json:"minutesToday"`
}

// deposits sums a member's deposit orders of each period that are
// credited or may still be (pending, submitted, under review): an order
// counts when it is opened, so three open orders cannot pass a limit that
// each alone keeps.
func deposits(ctx context.Context, q database.Querier, memberID int64, p periods) (day, week, month int64, err error) {
	err = q.QueryRowContext(ctx, `SELECT
		COALESCE(SUM(CASE WHEN created_at >= $2 THEN amount ELSE 0 END), 0),
		COALESCE(SUM(CASE WHEN created_at >= $3 THEN amount ELSE 0 END), 0),
		COALESCE(SUM(CASE WHEN created_at >= $4 THEN amount ELSE 0 END), 0)
		FROM deposit_orders WHERE member_id = $1 AND created_at >= $5 AND status IN ('pending', 'submitted', 'review', 'credited')`,
		memberID, p.startMs(p.day), p.startMs(p.week), p.startMs(p.month), p.startMs(p.earliest())).Scan(&day, &week, &month)
	if err != nil {
		err = fmt.Errorf("protection: deposits: %w", err)
	}
	return
}

// losses sums a member's net losses of each period from the report's
// days (bets there are net of refunds; trial play is never counted). A
// period in profit is a loss of 0.
func losses(ctx context.Context, q database.Querier, memberID int64, p periods) (day, week, month int64, err error) {
	err = q.QueryRowContext(ctx, `SELECT
		COALESCE(SUM(CASE WHEN day >= $2 THEN bets - wins ELSE 0 END), 0),
		COALESCE(SUM(CASE WHEN day >= $3 THEN bets - wins ELSE 0 END), 0),
		COALESCE(SUM(CASE WHEN day >= $4 THEN bets - wins ELSE 0 END), 0)
		FROM report_members WHERE member_id = $1 AND day >= $5`,
		memberID, p.day, p.week, p.month, p.earliest()).Scan(&day, &week, &month)
	if err != nil {
		err = fmt.Errorf("protection: losses: %w", err)
	}
	return max(day, 0), max(week, 0), max(month, 0), err
}

// minutesPlayed counts the minutes since from in which the member opened a
// real-money round: time in play as the portal sees it (a game left open
// with no round does not count; decision 0032).
func minutesPlayed(ctx context.Context, q database.Querier, memberID, from int64) (int64, error) {
	var n int64
	if err := q.QueryRowContext(ctx, `SELECT COUNT(DISTINCT opened_at / 60000) FROM game_rounds
		WHERE member_id = $1 AND opened_at >= $2 AND mode = 'real'`, memberID, from).Scan(&n); err != nil {
		return 0, fmt.Errorf("protection: minutes played: %w", err)
	}
	return n, nil
}

// Usage is what a member has used of each period as of now.
func (s *Service) Usage(ctx context.Context, merchantCode string, memberID int64) (Usage, error) {
	p := periodsOf(merchantCode, s.now())
	q := s.db.Read()
	var u Usage
	var err error
	if u.DepositDay, u.DepositWeek, u.DepositMonth, err = deposits(ctx, q, memberID, p); err != nil {
		return u, err
	}
	if u.LossDay, u.LossWeek, u.LossMonth, err = losses(ctx, q, memberID, p); err != nil {
		return u, err
	}
	u.MinutesToday, err = minutesPlayed(ctx, q, memberID, p.startMs(p.day))
	return u, err
}

// Reality is the reality check's figures since a time: minutes played and
// the net result (wins + refunds - stakes of the rounds opened since; a
// loss is negative), minor units.
type Reality struct {
	Since         time.Time `json:"since"`
	MinutesPlayed int64     `json:"minutesPlayed"`
	Net           int64     `json:"net"`
}

// RealitySince is the reality check of a member since since, at most a day
// back.
func (s *Service) RealitySince(ctx context.Context, memberID int64, since time.Time) (Reality, error) {
	now := s.now()
	if since.After(now) || since.Before(now.Add(-24*time.Hour)) {
		return Reality{}, ErrLimitInvalid
	}
	q := s.db.Read()
	r := Reality{Since: since.UTC()}
	var err error
	if r.MinutesPlayed, err = minutesPlayed(ctx, q, memberID, since.UnixMilli()); err != nil {
		return r, err
	}
	if err := q.QueryRowContext(ctx, `SELECT COALESCE(SUM(win + refunded - stake), 0) FROM game_rounds
		WHERE member_id = $1 AND opened_at >= $2 AND mode = 'real'`, memberID, since.UnixMilli()).Scan(&r.Net); err != nil {
		return r, fmt.Errorf("protection: reality check: %w", err)
	}
	return r, nil
}
