package rebate

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"portal/internal/database"
	"portal/internal/wallet"
)

// Run is the automatic settlement of one kind's period for a merchant.
type Run struct {
	ID          int64      `json:"id"`
	Kind        string     `json:"kind"`
	Period      string     `json:"period"`
	PeriodStart time.Time  `json:"periodStart"`
	PeriodEnd   time.Time  `json:"periodEnd"`
	State       string     `json:"state"`
	Members     int64      `json:"members"`
	Amount      int64      `json:"amount"`
	Error       string     `json:"error"`
	Trigger     string     `json:"trigger"`
	StartedAt   time.Time  `json:"startedAt"`
	FinishedAt  *time.Time `json:"finishedAt"`
}

// Run states.
const (
	RunRunning = "running"
	RunDone    = "done"
	RunFailed  = "failed"
)

// Payout is one payment: an auto run's to a member, or a manual claim's.
type Payout struct {
	ID          int64     `json:"id"`
	MemberID    int64     `json:"memberId,omitempty"`
	Username    string    `json:"username,omitempty"`
	Kind        string    `json:"kind"`
	Mode        string    `json:"mode"`
	PeriodStart time.Time `json:"periodStart"`
	PeriodEnd   time.Time `json:"periodEnd"`
	Base        int64     `json:"base"`
	Amount      int64     `json:"amount"`
	PaidAt      time.Time `json:"paidAt"`
}

// grace is how long after a period's end its settlement waits: rounds
// opened just before the end get their wins (a round is counted by its
// opening time, with what it won by the settlement).
const grace = 5 * time.Minute

// staleRun is how long a run may stay "running" before a pass takes it for
// one a crash left half done and settles the rest (a job's run is cut
// after a minute).
const staleRun = 2 * time.Minute

// maxPeriodsPerPass bounds the periods one pass settles per program.
const maxPeriodsPerPass = 14

// payBatch is how many members' payouts commit together.
const payBatch = 500

func ms(t int64) time.Time { return time.UnixMilli(t).UTC() }

// SettleDue is the job rebate.settle (every minute, once across
// instances): for each merchant and kind with auto rates, each ended period
// (and its grace) not settled yet is settled, oldest first, after the runs
// a crash or failure left behind. It answers how many periods it settled.
func (s *Service) SettleDue(ctx context.Context) (int, error) {
	rows, err := s.db.Read().QueryContext(ctx, `SELECT merchant_code, kind, MIN(created_at) FROM rebate_rates WHERE mode = 'auto'
		GROUP BY merchant_code, kind ORDER BY merchant_code, kind`)
	if err != nil {
		return 0, fmt.Errorf("rebate: programs: %w", err)
	}
	type due struct {
		merchant, kind string
		since          int64
	}
	var list []due
	for rows.Next() {
		var d due
		if err := rows.Scan(&d.merchant, &d.kind, &d.since); err != nil {
			rows.Close()
			return 0, fmt.Errorf("rebate: programs: %w", err)
		}
		list = append(list, d)
	}
	rows.Close()
	total := 0
	var errs []error
	for _, d := range list {
		n, err := s.settleKind(ctx, d.merchant, d.kind, d.since)
		total += n
		if err != nil {
			errs = append(errs, err)
		}
	}
	return total, errors.Join(errs...)
}

// autoProgram is the merchant's auto program of a kind (ok false: none).
func (s *Service) autoProgram(ctx context.Context, merchant, kind string) (program, bool, error) {
	rates, err := s.rates(ctx, s.db.Read(), merchant, ModeAuto)
	if err != nil {
		return program{}, false, err
	}
	for _, p := range programs(rates) {
		if p.kind == kind {
			return p, true, nil
		}
	}
	return program{}, false, nil
}

func (s *Service) settleKind(ctx context.Context, merchant, kind string, since int64) (int, error) {
	prog, ok, err := s.autoProgram(ctx, merchant, kind)
	if err != nil || !ok {
		return 0, err
	}
	now := s.nowMs()
	q := s.db.Read()
	var stuck [][2]int64
	rows, err := q.QueryContext(ctx, `SELECT period_start, period_end FROM rebate_runs WHERE merchant_code = $1 AND kind = $2
		AND (state = 'failed' OR (state = 'running' AND started_at < $3)) ORDER BY period_start LIMIT 10`, merchant, kind, now-staleRun.Milliseconds())
	if err != nil {
		return 0, fmt.Errorf("rebate: runs: %w", err)
	}
	for rows.Next() {
		var b [2]int64
		if err := rows.Scan(&b[0], &b[1]); err != nil {
			rows.Close()
			return 0, fmt.Errorf("rebate: runs: %w", err)
		}
		stuck = append(stuck, b)
	}
	rows.Close()
	done := 0
	for _, b := range stuck {
		if _, err := s.settlePeriod(ctx, merchant, prog, b[0], b[1], "schedule"); err != nil {
			return done, err
		}
		done++
	}
	var lastEnd int64
	if err := q.QueryRowContext(ctx, `SELECT COALESCE(MAX(period_end), 0) FROM rebate_runs WHERE merchant_code = $1 AND kind = $2`, merchant, kind).
		Scan(&lastEnd); err != nil {
		return done, fmt.Errorf("rebate: runs: %w", err)
	}
	start, end := bounds(merchant, prog.period, max(since, lastEnd))
	if start < lastEnd {
		// The period changed (daily to weekly): never count a day twice.
		start, end = bounds(merchant, prog.period, end)
	}
	for n := 0; end+grace.Milliseconds() <= now && n < maxPeriodsPerPass; n++ {
		if _, err := s.settlePeriod(ctx, merchant, prog, start, end, "schedule"); err != nil {
			return done, err
		}
		done++
		start, end = bounds(merchant, prog.period, end)
	}
	return done, nil
}

// settlePeriod pays the program's period [start, end) to every member it
// owes and has not paid: a run taken over (a crash, a failure, an
// operator's re-run) pays only what is missing.
func (s *Service) settlePeriod(ctx context.Context, merchant string, prog program, start, end int64, trigger string) (Run, error) {
	ctx = context.WithoutCancel(ctx)
	var runID int64
	err := s.db.Write().QueryRowContext(ctx, `INSERT INTO rebate_runs (merchant_code, kind, period, period_start, period_end, state, trigger_by, started_at)
		VALUES ($1, $2, $3, $4, $5, 'running', $6, $7)
		ON CONFLICT (merchant_code, kind, period_start) DO UPDATE SET state = 'running', error = '', trigger_by = $6, started_at = $7, finished_at = 0
		RETURNING id`, merchant, prog.kind, prog.period, start, end, trigger, s.nowMs()).Scan(&runID)
	if err != nil {
		return Run{}, fmt.Errorf("rebate: run: %w", err)
	}
	payErr := s.payPeriod(ctx, merchant, prog, start, end, runID)
	state, msg := RunDone, ""
	if payErr != nil {
		state, msg = RunFailed, payErr.Error()
		if len(msg) > 500 {
			msg = msg[:500]
		}
		s.log.ErrorContext(ctx, "rebate settlement failed", "merchant", merchant, "kind", prog.kind, "start", start, "err", payErr)
	}
	if _, err := s.db.Write().ExecContext(ctx, `UPDATE rebate_runs SET state = $1, error = $2, finished_at = $3,
		members = (SELECT COUNT(*) FROM rebate_payouts WHERE run_id = $4), amount = (SELECT COALESCE(SUM(amount), 0) FROM rebate_payouts WHERE run_id = $4)
		WHERE id = $4`, state, msg, s.nowMs(), runID); err != nil && payErr == nil {
		payErr = fmt.Errorf("rebate: finish run: %w", err)
	}
	if payErr != nil {
		return Run{}, payErr
	}
	return s.RunOf(ctx, merchant, runID)
}

// owed is one member's payout of a period before it is paid.
type owed struct {
	member       int64
	base, amount int64
}

// periodFigures sums the merchant's real-money rounds opened in [start,
// end) by member and game type in one pass over the opening-time index,
// and answers what the program owes each member at its VIP level now (the
// level at the run, decision 0039). The levels are read apart, once: a
// join would look a member up per round.
func (s *Service) periodFigures(ctx context.Context, merchant string, prog program, start, end int64) ([]owed, error) {
	levels, err := s.levels(ctx, merchant)
	if err != nil {
		return nil, err
	}
	rows, err := s.db.Read().QueryContext(ctx, `SELECT member_id, game_type, SUM(stake - refunded), SUM(win) FROM game_rounds
		WHERE merchant_code = $1 AND opened_at >= $2 AND opened_at < $3 AND mode = 'real'
		GROUP BY member_id, game_type ORDER BY member_id`, merchant, start, end)
	if err != nil {
		return nil, fmt.Errorf("rebate: figures: %w", err)
	}
	defer rows.Close()
	var out []owed
	cur := int64(0)
	figs := map[string]fig{}
	flush := func() {
		if cur != 0 {
			if base, amount, _ := prog.due(levels[cur], figs); amount > 0 {
				out = append(out, owed{member: cur, base: base, amount: amount})
			}
		}
		clear(figs)
	}
	for rows.Next() {
		var id int64
		var gt string
		var f fig
		if err := rows.Scan(&id, &gt, &f.validBet, &f.wins); err != nil {
			return nil, fmt.Errorf("rebate: figures: %w", err)
		}
		if id != cur {
			flush()
			cur = id
		}
		figs[gt] = f
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("rebate: figures: %w", err)
	}
	flush()
	return out, nil
}

// levels are the merchant's members above VIP level 0.
func (s *Service) levels(ctx context.Context, merchant string) (map[int64]int, error) {
	rows, err := s.db.Read().QueryContext(ctx, `SELECT id, vip_level FROM members WHERE merchant_code = $1 AND vip_level > 0`, merchant)
	if err != nil {
		return nil, fmt.Errorf("rebate: levels: %w", err)
	}
	defer rows.Close()
	out := map[int64]int{}
	for rows.Next() {
		var id int64
		var level int
		if err := rows.Scan(&id, &level); err != nil {
			return nil, fmt.Errorf("rebate: levels: %w", err)
		}
		out[id] = level
	}
	return out, rows.Err()
}

// payKey is an auto payout's ledger key: one per kind, member and period,
// so nothing is paid twice whoever settles it.
func payKey(kind string, member, periodStart int64) string {
	return "rebate:" + kind + ":" + strconv.FormatInt(member, 10) + ":" + strconv.FormatInt(periodStart, 10)
}

func (s *Service) payPeriod(ctx context.Context, merchant string, prog program, start, end, runID int64) error {
	list, err := s.periodFigures(ctx, merchant, prog, start, end)
	if err != nil || len(list) == 0 {
		return err
	}
	cur, err := s.currencyOf(ctx, s.db.Read(), merchant)
	if err != nil {
		return err
	}
	side := wallet.Side(wallet.KindPromo, prog.kind, cur)
	for from := 0; from < len(list); from += payBatch {
		batch := list[from:min(from+payBatch, len(list))]
		refs := make([]wallet.Ref, 0, len(batch)+1)
		refs = append(refs, side)
		for _, o := range batch {
			refs = append(refs, wallet.Member(o.member, cur))
		}
		// The accounts are found before the transaction, in one query.
		if err := s.ledger.Remember(ctx, merchant, refs); err != nil {
			return err
		}
		type paid struct {
			member, balance int64
		}
		var done []paid
		err := s.retry(ctx, func(q database.Querier) error {
			done = done[:0]
			if s.db.Dialect == database.Postgres {
				// Two settlers of one period (the job and an operator's
				// re-run) queue here rather than both pay a batch.
				if _, err := q.ExecContext(ctx, `SELECT id FROM rebate_runs WHERE id = $1 FOR UPDATE`, runID); err != nil {
					return fmt.Errorf("rebate: lock run: %w", err)
				}
			}
			have, err := s.paidMembers(ctx, q, prog.kind, start, batch)
			if err != nil {
				return err
			}
			at := s.nowMs()
			var fresh []owed
			var pays []wallet.Payment
			ref := "rebate:" + prog.kind + ":" + strconv.FormatInt(start, 10)
			for _, o := range batch {
				if have[o.member] {
					continue
				}
				fresh = append(fresh, o)
				pays = append(pays, wallet.Payment{To: wallet.Member(o.member, cur), Amount: o.amount, Key: payKey(prog.kind, o.member, start),
					Kind: prog.kind, Reference: ref})
			}
			// The payout rows (unique per member and period) are written in
			// the same transaction, so every key here is unused.
			balances, err := s.ledger.PayManyIn(ctx, q, merchant, side, pays)
			if err != nil {
				return err
			}
			for i, o := range fresh {
				done = append(done, paid{o.member, balances[i]})
			}
			return s.insertPayouts(ctx, q, merchant, prog, start, end, runID, at, fresh)
		})
		if err != nil {
			return err
		}
		for _, p := range done {
			if s.onBalance != nil {
				s.onBalance(merchant, p.member, p.balance, cur)
			}
		}
	}
	return nil
}

// paidMembers are the batch's members the period already paid.
func (s *Service) paidMembers(ctx context.Context, q database.Querier, kind string, start int64, batch []owed) (map[int64]bool, error) {
	ids := make([]string, len(batch))
	for i, o := range batch {
		ids[i] = strconv.FormatInt(o.member, 10)
	}
	rows, err := q.QueryContext(ctx, `SELECT member_id FROM rebate_payouts WHERE kind = $1 AND mode = 'auto' AND period_start = $2 AND seq = 0
		AND member_id IN (`+strings.Join(ids, ", ")+`)`, kind, start)
	if err != nil {
		return nil, fmt.Errorf("rebate: paid members: %w", err)
	}
	defer rows.Close()
	out := map[int64]bool{}
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("rebate: paid members: %w", err)
		}
		out[id] = true
	}
	return out, rows.Err()
}

// insertPayouts writes a batch's payouts in the transaction that paid
// them: many rows a statement on PostgreSQL (one round trip), one a
// statement on SQLite (in process, statements cost no round trip).
func (s *Service) insertPayouts(ctx context.Context, q database.Querier, merchant string, prog program, start, end, runID, at int64, list []owed) error {
	per := 1
	if s.db.Dialect == database.Postgres {
		per = payBatch
	}
	for k := 0; k < len(list); k += per {
		chunk := list[k:min(k+per, len(list))]
		var sb strings.Builder
		sb.WriteString(`INSERT INTO rebate_payouts (merchant_code, member_id, kind, mode, period, period_start, period_end, run_id, window_from, window_to,
			base, amount, paid_at, seq) VALUES `)
		args := make([]any, 0, len(chunk)*3+7)
		args = append(args, merchant, prog.kind, prog.period, runID, start, end, at)
		for j, o := range chunk {
			if j > 0 {
				sb.WriteString(", ")
			}
			b := len(args)
			sb.WriteString("($1, $" + strconv.Itoa(b+1) + ", $2, 'auto', $3, $5, $6, $4, $5, $6, $" + strconv.Itoa(b+2) + ", $" + strconv.Itoa(b+3) + ", $7, 0)")
			args = append(args, o.member, o.base, o.amount)
		}
		if _, err := q.ExecContext(ctx, sb.String(), args...); err != nil {
			return fmt.Errorf("rebate: payouts: %w", err)
		}
	}
	return nil
}
