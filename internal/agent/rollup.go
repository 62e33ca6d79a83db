package agent

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"portal/internal/database"
)

// The roll-up's bounds: a day is final once it ended this long before a
// roll (callbacks of its last bets have committed); days further back than
// the lookback are never rolled; a pass backfills at most a few days more,
// so a fresh install catches up over minutes, not in one long job.
const (
	rollupFinalAfter = 10 * time.Minute
	rollupLookback   = 62
	rollupBackfill   = 3
	rollupBatch      = 500
	rollupRowsSQLite = 40
	msPerDay         = 24 * 60 * 60 * 1000
)

// RollUp is the team figures' job (every minute, once across instances):
// for every merchant with an agent it rolls up local today, the most recent
// earlier day not yet final, and a few older days never rolled, into one
// agent_team_days row per agent and day, so the overview reads a few rows
// however large the team.
func (s *Service) RollUp(ctx context.Context) error {
	rows, err := s.db.Read().QueryContext(ctx, `SELECT DISTINCT merchant_code FROM members WHERE type IN (1, 2, 41, 42)`)
	if err != nil {
		return fmt.Errorf("agent: roll-up merchants: %w", err)
	}
	var merchants []string
	for rows.Next() {
		var m string
		if err := rows.Scan(&m); err != nil {
			rows.Close()
			return fmt.Errorf("agent: roll-up merchants: %w", err)
		}
		merchants = append(merchants, m)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("agent: roll-up merchants: %w", err)
	}
	var errs []error
	for _, m := range merchants {
		if err := s.rollUpMerchant(ctx, m); err != nil {
			errs = append(errs, fmt.Errorf("agent: roll-up %s: %w", m, err))
		}
	}
	return errors.Join(errs...)
}

// rollUpMerchant picks the merchant's days to roll and rolls each.
func (s *Service) rollUpMerchant(ctx context.Context, merchant string) error {
	now := s.nowMs()
	off := offset(merchant)
	today := dayNumber(now, off)
	rows, err := s.db.Read().QueryContext(ctx, `SELECT day, final FROM agent_rollups WHERE merchant_code = $1 AND day >= $2 AND day < $3`,
		merchant, today-rollupLookback, today)
	if err != nil {
		return fmt.Errorf("rolled days: %w", err)
	}
	final := map[int64]bool{}
	for rows.Next() {
		var d int64
		var f int
		if err := rows.Scan(&d, &f); err != nil {
			rows.Close()
			return fmt.Errorf("rolled days: %w", err)
		}
		final[d] = f == 1
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("rolled days: %w", err)
	}
	days := []int64{today}
	d := today - 1
	for ; d >= today-rollupLookback; d-- {
		if !final[d] {
			days = append(days, d)
			d--
			break
		}
	}
	for backfill := 0; d >= today-rollupLookback && backfill < rollupBackfill; d-- {
		if _, rolled := final[d]; !rolled {
			days = append(days, d)
			backfill++
		}
	}
	tree, err := s.loadTree(ctx, s.db.Read(), merchant)
	if err != nil {
		return err
	}
	agents, err := s.agentsOf(ctx, merchant)
	if err != nil {
		return err
	}
	for _, day := range days {
		if err := s.rollDay(ctx, merchant, tree, agents, day, now); err != nil {
			return err
		}
	}
	return nil
}

// agentsOf are the merchant's agents.
func (s *Service) agentsOf(ctx context.Context, merchant string) ([]int64, error) {
	rows, err := s.db.Read().QueryContext(ctx, `SELECT id FROM members WHERE merchant_code = $1 AND type IN (1, 2, 41, 42) ORDER BY id`, merchant)
	if err != nil {
		return nil, fmt.Errorf("agents: %w", err)
	}
	defer rows.Close()
	var out []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("agents: %w", err)
		}
		out = append(out, id)
	}
	return out, rows.Err()
}

// Per-member columns of a day's roll-up, by position in the tree's order.
const (
	colValidBet = iota
	colWins
	colBetCount
	colActive
	colNew
	colDeposits
	colWithdrawals
	colWeekActive
	colMonthActive
	colCount
)

// dayStart is the first Unix ms of local day d.
func dayStart(d int64, off time.Duration) int64 { return d*msPerDay - off.Milliseconds() }

// weekStartDay is the Monday of day d's week (day 0, 1970-01-01, was a
// Thursday).
func weekStartDay(d int64) int64 { return d - (((d+3)%7)+7)%7 }

// monthStartDay is the first day of day d's month; monthsBack moves it.
func monthStartDay(d int64, monthsBack int) int64 {
	t := time.Unix(d*86400, 0).UTC()
	first := time.Date(t.Year(), t.Month()-time.Month(monthsBack), 1, 0, 0, 0, 0, time.UTC)
	return floorDiv(first.Unix(), 86400)
}

// rollDay rolls one local day of a merchant up its tree.
func (s *Service) rollDay(ctx context.Context, merchant string, tree *teamTree, agents []int64, day, now int64) error {
	off := offset(merchant)
	q := s.db.Read()
	n := len(tree.order)
	var cols [colCount][]int64
	for i := range cols {
		cols[i] = make([]int64, n)
	}
	// add puts v in column c of member id, if it is in the tree.
	add := func(c int, id, v int64) {
		if p, ok := tree.pos[id]; ok {
			cols[c][p] += v
		}
	}
	// scan reads rows of a member id and width values (at most 4).
	scan := func(what, query string, width int, args []any, fn func(id, a, b, c, d int64)) error {
		rows, err := q.QueryContext(ctx, query, args...)
		if err != nil {
			return fmt.Errorf("%s: %w", what, err)
		}
		defer rows.Close()
		for rows.Next() {
			var id int64
			v := make([]int64, 4)
			dest := []any{&id}
			for i := range width {
				dest = append(dest, &v[i])
			}
			if err := rows.Scan(dest...); err != nil {
				return fmt.Errorf("%s: %w", what, err)
			}
			fn(id, v[0], v[1], v[2], v[3])
		}
		if err := rows.Err(); err != nil {
			return fmt.Errorf("%s: %w", what, err)
		}
		return nil
	}
	start, end := dayStart(day, off), dayStart(day+1, off)
	if err := scan("day figures", `SELECT member_id, bets, wins, bet_count, bets_placed FROM report_members WHERE merchant_code = $1 AND day = $2`, 4,
		[]any{merchant, day}, func(id, bets, wins, count, placed int64) {
			add(colValidBet, id, bets)
			add(colWins, id, wins)
			add(colBetCount, id, count)
			if placed > 0 {
				add(colActive, id, 1)
			}
		}); err != nil {
		return err
	}
	if err := scan("new members", `SELECT id FROM members WHERE merchant_code = $1 AND created_at >= $2 AND created_at < $3 AND type <> 4`, 0,
		[]any{merchant, start, end}, func(id, _, _, _, _ int64) { add(colNew, id, 1) }); err != nil {
		return err
	}
	if err := scan("deposits", `SELECT member_id, credit FROM deposit_orders WHERE merchant_code = $1 AND credited_at >= $2 AND credited_at < $3`, 1,
		[]any{merchant, start, end}, func(id, v, _, _, _ int64) { add(colDeposits, id, v) }); err != nil {
		return err
	}
	if err := scan("withdrawals", `SELECT member_id, amount FROM withdrawal_orders WHERE merchant_code = $1 AND paid_at >= $2 AND paid_at < $3`, 1,
		[]any{merchant, start, end}, func(id, v, _, _, _ int64) { add(colWithdrawals, id, v) }); err != nil {
		return err
	}
	// One read for both distinct counts: a member active somewhere in
	// [lo, day] was active since the week's (month's) start if its last
	// active day is on or after it.
	week, month := weekStartDay(day), monthStartDay(day, 0)
	if err := scan("period active", `SELECT member_id, MAX(day) FROM report_members WHERE merchant_code = $1 AND day >= $2 AND day <= $3 AND bets_placed > 0
		GROUP BY member_id`, 1, []any{merchant, min(week, month), day}, func(id, last, _, _, _ int64) {
		if last >= week {
			add(colWeekActive, id, 1)
		}
		if last >= month {
			add(colMonthActive, id, 1)
		}
	}); err != nil {
		return err
	}
	var prefix [colCount][]int64
	for i := range cols {
		prefix[i] = prefixSums(cols[i])
	}
	var out []agentDayRow
	for _, a := range agents {
		p, ok := tree.pos[a]
		if !ok {
			continue
		}
		r := agentDayRow{agent: a, size: int64(tree.end[p] - p)}
		for i := range prefix {
			r.v[i] = rangeSum(prefix[i], p, tree.end[p])
		}
		out = append(out, r)
	}
	isFinal := 0
	if now >= end+rollupFinalAfter.Milliseconds() {
		isFinal = 1
	}
	for i := 0; i == 0 || i < len(out); i += rollupBatch {
		batch := out[i:min(i+rollupBatch, len(out))]
		last := i+rollupBatch >= len(out)
		err := s.retry(ctx, func(q database.Querier) error {
			// SQLite binds parameters by a cost that grows with their
			// square per statement: a few dozen rows a statement there.
			per := len(batch)
			if s.db.Dialect != database.Postgres {
				per = rollupRowsSQLite
			}
			for k := 0; k < len(batch); k += per {
				if err := s.upsertTeamDays(ctx, q, batch[k:min(k+per, len(batch))], day, merchant); err != nil {
					return err
				}
			}
			if !last {
				return nil
			}
			// The day is marked with its last rows, so a day marked final
			// has every agent's row.
			if _, err := q.ExecContext(ctx, `INSERT INTO agent_rollups (merchant_code, day, final, rolled_at) VALUES ($1, $2, $3, $4)
				ON CONFLICT (merchant_code, day) DO UPDATE SET final = excluded.final, rolled_at = excluded.rolled_at`,
				merchant, day, isFinal, now); err != nil {
				return fmt.Errorf("mark rolled: %w", err)
			}
			return nil
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// prefixSums of per-member values in the tree's order: a team [pos, end)
// sums to p[end] − p[pos].
func prefixSums(v []int64) []int64 {
	p := make([]int64, len(v)+1)
	for i, x := range v {
		p[i+1] = p[i] + x
	}
	return p
}

func rangeSum(p []int64, from, to int32) int64 { return p[to] - p[from] }

// agentDayRow is one agent's team figures of a day.
type agentDayRow struct {
	agent int64
	size  int64
	v     [colCount]int64
}

// upsertTeamDays writes rows of one day's team figures in one statement.
func (s *Service) upsertTeamDays(ctx context.Context, q database.Querier, batch []agentDayRow, day int64, merchant string) error {
	var sb strings.Builder
	sb.WriteString(`INSERT INTO agent_team_days (agent_id, day, merchant_code, team_size, new_members, active_members, week_active, month_active,
			deposits, withdrawals, bet_count, valid_bet, wins) VALUES `)
	args := make([]any, 0, len(batch)*13)
	for j, r := range batch {
		if j > 0 {
			sb.WriteString(", ")
		}
		sb.WriteString("(")
		for c := range 13 {
			if c > 0 {
				sb.WriteString(", ")
			}
			fmt.Fprintf(&sb, "$%d", j*13+c+1)
		}
		sb.WriteString(")")
		args = append(args, r.agent, day, merchant, r.size, r.v[colNew], r.v[colActive], r.v[colWeekActive], r.v[colMonthActive],
			r.v[colDeposits], r.v[colWithdrawals], r.v[colBetCount], r.v[colValidBet], r.v[colWins])
	}
	sb.WriteString(` ON CONFLICT (agent_id, day) DO UPDATE SET merchant_code = excluded.merchant_code, team_size = excluded.team_size,
			new_members = excluded.new_members, active_members = excluded.active_members, week_active = excluded.week_active,
			month_active = excluded.month_active, deposits = excluded.deposits, withdrawals = excluded.withdrawals,
			bet_count = excluded.bet_count, valid_bet = excluded.valid_bet, wins = excluded.wins`)
	if _, err := q.ExecContext(ctx, sb.String(), args...); err != nil {
		return fmt.Errorf("team days: %w", err)
	}
	return nil
}
