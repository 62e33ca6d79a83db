package rebate

import (
	"context"
	"encoding/csv"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"portal/internal/database"
)

const runColumns = `id, kind, period, period_start, period_end, state, members, amount, error, trigger_by, started_at, finished_at`

func scanRun(row interface{ Scan(...any) error }) (Run, error) {
	var r Run
	var start, end, started, finished int64
	err := row.Scan(&r.ID, &r.Kind, &r.Period, &start, &end, &r.State, &r.Members, &r.Amount, &r.Error, &r.Trigger, &started, &finished)
	r.PeriodStart, r.PeriodEnd, r.StartedAt = ms(start), ms(end), ms(started)
	if finished > 0 {
		t := ms(finished)
		r.FinishedAt = &t
	}
	return r, err
}

// RunOf is one run of the merchant.
func (s *Service) RunOf(ctx context.Context, merchant string, id int64) (Run, error) {
	r, err := scanRun(s.db.Read().QueryRowContext(ctx, `SELECT `+runColumns+` FROM rebate_runs WHERE id = $1 AND merchant_code = $2`, id, merchant))
	if isNoRows(err) {
		return r, ErrNotFound
	}
	if err != nil {
		return r, fmt.Errorf("rebate: run: %w", err)
	}
	return r, nil
}

// Runs is a page of the merchant's runs (kind "" all), newest period first.
func (s *Service) Runs(ctx context.Context, merchant, kind string, page, size int) ([]Run, int64, error) {
	page, size = pageOf(page, size)
	var total int64
	if err := s.db.Read().QueryRowContext(ctx, `SELECT COUNT(*) FROM rebate_runs WHERE merchant_code = $1 AND ($2 = '' OR kind = $2)`, merchant, kind).
		Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("rebate: runs: %w", err)
	}
	rows, err := s.db.Read().QueryContext(ctx, `SELECT `+runColumns+` FROM rebate_runs WHERE merchant_code = $1 AND ($2 = '' OR kind = $2)
		ORDER BY period_start DESC, id DESC LIMIT `+strconv.Itoa(size)+` OFFSET `+strconv.Itoa((page-1)*size), merchant, kind)
	if err != nil {
		return nil, 0, fmt.Errorf("rebate: runs: %w", err)
	}
	defer rows.Close()
	out := []Run{}
	for rows.Next() {
		r, err := scanRun(rows)
		if err != nil {
			return nil, 0, fmt.Errorf("rebate: runs: %w", err)
		}
		out = append(out, r)
	}
	return out, total, rows.Err()
}

const payoutColumns = `p.id, p.member_id, m.username, p.kind, p.mode, p.period_start, p.period_end, p.base, p.amount, p.paid_at`

func (s *Service) payouts(ctx context.Context, q database.Querier, where string, args ...any) ([]Payout, error) {
	rows, err := q.QueryContext(ctx, `SELECT `+payoutColumns+` FROM rebate_payouts p JOIN members m ON m.id = p.member_id `+where, args...)
	if err != nil {
		return nil, fmt.Errorf("rebate: payouts: %w", err)
	}
	defer rows.Close()
	out := []Payout{}
	for rows.Next() {
		var p Payout
		var start, end, at int64
		if err := rows.Scan(&p.ID, &p.MemberID, &p.Username, &p.Kind, &p.Mode, &start, &end, &p.Base, &p.Amount, &at); err != nil {
			return nil, fmt.Errorf("rebate: payouts: %w", err)
		}
		p.PeriodStart, p.PeriodEnd, p.PaidAt = ms(start), ms(end), ms(at)
		out = append(out, p)
	}
	return out, rows.Err()
}

// RunPayouts is a page of a run's payouts, in member order.
func (s *Service) RunPayouts(ctx context.Context, merchant string, id int64, page, size int) ([]Payout, int64, error) {
	if _, err := s.RunOf(ctx, merchant, id); err != nil {
		return nil, 0, err
	}
	page, size = pageOf(page, size)
	var total int64
	if err := s.db.Read().QueryRowContext(ctx, `SELECT COUNT(*) FROM rebate_payouts WHERE run_id = $1`, id).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("rebate: run payouts: %w", err)
	}
	list, err := s.payouts(ctx, s.db.Read(), `WHERE p.run_id = $1 ORDER BY p.id LIMIT `+strconv.Itoa(size)+` OFFSET `+strconv.Itoa((page-1)*size), id)
	return list, total, err
}

// MaxCSVRows bounds a run's payouts as CSV.
const MaxCSVRows = 200_000

// RunPayoutsCSV writes a run's payouts as CSV (a name a spreadsheet would
// run as a formula is quoted).
func (s *Service) RunPayoutsCSV(ctx context.Context, merchant string, id int64, w io.Writer) error {
	if _, err := s.RunOf(ctx, merchant, id); err != nil {
		return err
	}
	list, err := s.payouts(ctx, s.db.Read(), `WHERE p.run_id = $1 ORDER BY p.id LIMIT `+strconv.Itoa(MaxCSVRows), id)
	if err != nil {
		return err
	}
	c := csv.NewWriter(w)
	_ = c.Write([]string{"id", "memberId", "username", "kind", "periodStart", "periodEnd", "base", "amount", "paidAt"})
	for _, p := range list {
		name := p.Username
		if strings.ContainsAny(name[:min(1, len(name))], "=+-@") {
			name = "'" + name
		}
		_ = c.Write([]string{strconv.FormatInt(p.ID, 10), strconv.FormatInt(p.MemberID, 10), name, p.Kind, p.PeriodStart.Format(time.RFC3339),
			p.PeriodEnd.Format(time.RFC3339), strconv.FormatInt(p.Base, 10), strconv.FormatInt(p.Amount, 10), p.PaidAt.Format(time.RFC3339)})
	}
	c.Flush()
	return c.Error()
}

// Rerun settles a kind's period again for an operator: periodStart must
// be the start of a period of the kind's auto program that has ended; what
// was paid stays paid, what is missing is paid.
func (s *Service) Rerun(ctx context.Context, merchant, kind string, periodStart time.Time) (Run, error) {
	prog, ok, err := s.autoProgram(ctx, merchant, kind)
	if err != nil {
		return Run{}, err
	}
	if !ok {
		return Run{}, ErrNotFound
	}
	start, end := bounds(merchant, prog.period, periodStart.UnixMilli())
	if start != periodStart.UnixMilli() || end+grace.Milliseconds() > s.nowMs() {
		return Run{}, ErrPeriodInvalid
	}
	return s.settlePeriod(ctx, merchant, prog, start, end, "operator")
}
