package agent

import (
	"context"
	"fmt"

	"portal/internal/report"
)

// PeriodFigures are a team's figures over a period (the contract's
// Figures): profitLoss is the players' result, wins less valid bets.
type PeriodFigures struct {
	NewMembers    int64 `json:"newMembers"`
	ActiveMembers int64 `json:"activeMembers"`
	Deposits      int64 `json:"deposits"`
	Withdrawals   int64 `json:"withdrawals"`
	ValidBet      int64 `json:"validBet"`
	ProfitLoss    int64 `json:"profitLoss"`
	BetCount      int64 `json:"betCount"`
}

// OverviewPeriods are the overview's six periods (weeks from Monday).
type OverviewPeriods struct {
	Today     PeriodFigures `json:"today"`
	Yesterday PeriodFigures `json:"yesterday"`
	ThisWeek  PeriodFigures `json:"thisWeek"`
	LastWeek  PeriodFigures `json:"lastWeek"`
	ThisMonth PeriodFigures `json:"thisMonth"`
	LastMonth PeriodFigures `json:"lastMonth"`
}

// ChartDay is one local day of the overview's chart.
type ChartDay struct {
	Day           string `json:"day"`
	ValidBet      int64  `json:"validBet"`
	ProfitLoss    int64  `json:"profitLoss"`
	NewMembers    int64  `json:"newMembers"`
	ActiveMembers int64  `json:"activeMembers"`
	Deposits      int64  `json:"deposits"`
	Withdrawals   int64  `json:"withdrawals"`
}

// Overview is the agent centre's front page (GET /wps/agent/overview).
type Overview struct {
	AsOf        int64           `json:"asOf"`
	TeamSize    int64           `json:"teamSize"`
	DirectCount int64           `json:"directCount"`
	Periods     OverviewPeriods `json:"periods"`
	Chart       []ChartDay      `json:"chart"`
}

// chartDays is how many days the overview's chart shows.
const chartDays = 30

// teamDay is one agent_team_days row.
type teamDay struct {
	day                                               int64
	size, newMembers, active, weekActive, monthActive int64
	deposits, withdrawals, betCount, validBet, wins   int64
}

// Overview is an agent's team figures: at most about 62 rolled-up day rows
// (this and last month, the chart's 30 days) and three point look-ups,
// whatever the team's size.
func (s *Service) Overview(ctx context.Context, merchant string, agentID int64) (Overview, error) {
	out := Overview{Chart: make([]ChartDay, 0, chartDays)}
	off := offset(merchant)
	today := dayNumber(s.nowMs(), off)
	thisWeek, thisMonth := weekStartDay(today), monthStartDay(today, 0)
	lastWeek, lastMonth := thisWeek-7, monthStartDay(today, 1)
	first := min(lastMonth, lastWeek, today-chartDays+1)
	q := s.db.Read()
	rows, err := q.QueryContext(ctx, `SELECT day, team_size, new_members, active_members, week_active, month_active, deposits, withdrawals,
		bet_count, valid_bet, wins FROM agent_team_days WHERE agent_id = $1 AND day >= $2 AND day <= $3 AND merchant_code = $4 ORDER BY day`,
		agentID, first, today, merchant)
	if err != nil {
		return out, fmt.Errorf("agent: overview: %w", err)
	}
	var days []teamDay
	for rows.Next() {
		var d teamDay
		if err := rows.Scan(&d.day, &d.size, &d.newMembers, &d.active, &d.weekActive, &d.monthActive, &d.deposits, &d.withdrawals,
			&d.betCount, &d.validBet, &d.wins); err != nil {
			rows.Close()
			return out, fmt.Errorf("agent: overview: %w", err)
		}
		days = append(days, d)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return out, fmt.Errorf("agent: overview: %w", err)
	}
	// period sums the rows of [from, to]; active is how the last rolled
	// day counts the period's distinct active members.
	period := func(from, to int64, active func(teamDay) int64) PeriodFigures {
		var f PeriodFigures
		for _, d := range days {
			if d.day < from || d.day > to {
				continue
			}
			f.NewMembers += d.newMembers
			f.Deposits += d.deposits
			f.Withdrawals += d.withdrawals
			f.ValidBet += d.validBet
			f.ProfitLoss += d.wins - d.validBet
			f.BetCount += d.betCount
			f.ActiveMembers = active(d)
		}
		return f
	}
	byDay := func(d teamDay) int64 { return d.active }
	byWeek := func(d teamDay) int64 { return d.weekActive }
	byMonth := func(d teamDay) int64 { return d.monthActive }
	out.Periods = OverviewPeriods{
		Today:     period(today, today, byDay),
		Yesterday: period(today-1, today-1, byDay),
		ThisWeek:  period(thisWeek, today, byWeek),
		LastWeek:  period(lastWeek, thisWeek-1, byWeek),
		ThisMonth: period(thisMonth, today, byMonth),
		LastMonth: period(lastMonth, thisMonth-1, byMonth),
	}
	at := map[int64]teamDay{}
	for _, d := range days {
		at[d.day] = d
	}
	for day := today - chartDays + 1; day <= today; day++ {
		d := at[day]
		out.Chart = append(out.Chart, ChartDay{Day: report.Day(day), ValidBet: d.validBet, ProfitLoss: d.wins - d.validBet, NewMembers: d.newMembers,
			ActiveMembers: d.active, Deposits: d.deposits, Withdrawals: d.withdrawals})
	}
	if len(days) > 0 {
		out.TeamSize = days[len(days)-1].size
	} else if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM member_tree WHERE ancestor_id = $1`, agentID).Scan(&out.TeamSize); err != nil {
		return out, fmt.Errorf("agent: overview team: %w", err)
	}
	if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM members WHERE upline_id = $1`, agentID).Scan(&out.DirectCount); err != nil {
		return out, fmt.Errorf("agent: overview directs: %w", err)
	}
	if err := q.QueryRowContext(ctx, `SELECT COALESCE(MAX(rolled_at), 0) FROM agent_rollups WHERE merchant_code = $1 AND day = $2`,
		merchant, today).Scan(&out.AsOf); err != nil {
		return out, fmt.Errorf("agent: overview as of: %w", err)
	}
	return out, nil
}
