package agent

import (
	"context"
	"fmt"
	"strconv"

	"portal/internal/database"
)

// memberFig is one member's own figures over a period: valid bet (stakes
// net of refunds), wins and bets placed, the report's cash basis
// (decision 0023).
type memberFig struct {
	validBet, wins, bets int64
}

// teamTree is a merchant's members in pre-order: a member's team is the
// range [pos, end) of it, so a team's figures are two prefix sums, however
// deep the tree (decision 0035). Built from members.upline_id per
// settlement, not walked per request.
type teamTree struct {
	order []int64
	pos   map[int64]int32
	end   []int32
	depth []int32
}

func (s *Service) loadTree(ctx context.Context, q database.Querier, merchant string) (*teamTree, error) {
	rows, err := q.QueryContext(ctx, `SELECT id, COALESCE(upline_id, 0) FROM members WHERE merchant_code = $1 AND type <> 4 ORDER BY id`, merchant)
	if err != nil {
		return nil, fmt.Errorf("agent: tree: %w", err)
	}
	defer rows.Close()
	var ids, ups []int64
	idx := map[int64]int32{}
	for rows.Next() {
		var id, up int64
		if err := rows.Scan(&id, &up); err != nil {
			return nil, fmt.Errorf("agent: tree: %w", err)
		}
		idx[id] = int32(len(ids))
		ids, ups = append(ids, id), append(ups, up)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("agent: tree: %w", err)
	}
	n := len(ids)
	// Children lists as one array (counting sort by parent).
	parent := make([]int32, n)
	count := make([]int32, n+1)
	for i, up := range ups {
		p, ok := idx[up]
		if !ok || up == 0 {
			p = -1
		}
		parent[i] = p
		if p >= 0 {
			count[p+1]++
		}
	}
	for i := 1; i <= n; i++ {
		count[i] += count[i-1]
	}
	kids := make([]int32, count[n])
	fill := append([]int32(nil), count[:n]...)
	for i, p := range parent {
		if p >= 0 {
			kids[fill[p]] = int32(i)
			fill[p]++
		}
	}
	t := &teamTree{order: make([]int64, 0, n), pos: make(map[int64]int32, n), end: make([]int32, n), depth: make([]int32, n)}
	// Iterative depth-first walk from every root.
	type frame struct{ node, next, depth int32 }
	var stack []frame
	byNode := make([]int32, n)
	for root := 0; root < n; root++ {
		if parent[root] >= 0 {
			continue
		}
		stack = append(stack, frame{int32(root), count[root], 0})
		byNode[root] = int32(len(t.order))
		t.pos[ids[root]] = int32(len(t.order))
		t.order = append(t.order, ids[root])
		for len(stack) > 0 {
			f := &stack[len(stack)-1]
			if f.next < count[f.node+1] {
				c := kids[f.next]
				f.next++
				p := int32(len(t.order))
				byNode[c] = p
				t.pos[ids[c]] = p
				t.depth[p] = f.depth + 1
				t.order = append(t.order, ids[c])
				stack = append(stack, frame{c, count[c], f.depth + 1})
				continue
			}
			t.end[byNode[f.node]] = int32(len(t.order))
			stack = stack[:len(stack)-1]
		}
	}
	return t, nil
}

// sums are prefix sums of the members' figures in the tree's order.
type sums struct {
	tree            *teamTree
	validBet, wins  []int64
	bets            []int64
	fig             []memberFig
	activeByMinimum map[int64][]int32
}

func (t *teamTree) sum(figs map[int64]memberFig) *sums {
	n := len(t.order)
	s := &sums{tree: t, validBet: make([]int64, n+1), wins: make([]int64, n+1), bets: make([]int64, n+1), fig: make([]memberFig, n), activeByMinimum: map[int64][]int32{}}
	for i, id := range t.order {
		f := figs[id]
		s.fig[i] = f
		s.validBet[i+1] = s.validBet[i] + f.validBet
		s.wins[i+1] = s.wins[i] + f.wins
		s.bets[i+1] = s.bets[i] + f.bets
	}
	return s
}

// teamFigures are a team's figures over a period.
type teamFigures struct {
	size, active, validBet, wins, bets int64
}

// profitLoss is the team players' result: wins less valid bets (negative:
// the team lost, which is what a dividend shares).
func (f teamFigures) profitLoss() int64 { return f.wins - f.validBet }

// team is member's team figures; an active member's own valid bet reaches
// minBet (and is more than nothing). ok false: the member is not in the
// tree (a trial account, another merchant's).
func (s *sums) team(member, minBet int64) (teamFigures, bool) {
	p, ok := s.tree.pos[member]
	if !ok {
		return teamFigures{}, false
	}
	e := s.tree.end[p]
	active, ok := s.activeByMinimum[minBet]
	if !ok {
		active = make([]int32, len(s.fig)+1)
		floor := max(minBet, 1)
		for i, f := range s.fig {
			active[i+1] = active[i]
			if f.validBet >= floor {
				active[i+1]++
			}
		}
		s.activeByMinimum[minBet] = active
	}
	return teamFigures{size: int64(e - p), active: int64(active[e] - active[p]), validBet: s.validBet[e] - s.validBet[p],
		wins: s.wins[e] - s.wins[p], bets: s.bets[e] - s.bets[p]}, true
}

// periodFigures are every member's own figures over [start, end): whole
// local days from the daily report aggregates, shorter periods from the
// ledger itself (its time index), both the same cash basis.
func (s *Service) periodFigures(ctx context.Context, q database.Querier, merchant string, p Period, start, end int64) (map[int64]memberFig, error) {
	out := map[int64]memberFig{}
	if p.byDay() {
		off := offset(merchant)
		rows, err := q.QueryContext(ctx, `SELECT member_id, SUM(bets), SUM(wins), SUM(bet_count) FROM report_members
			WHERE merchant_code = $1 AND day >= $2 AND day < $3 GROUP BY member_id`, merchant, dayNumber(start, off), dayNumber(end, off))
		if err != nil {
			return nil, fmt.Errorf("agent: period figures: %w", err)
		}
		defer rows.Close()
		for rows.Next() {
			var id int64
			var f memberFig
			if err := rows.Scan(&id, &f.validBet, &f.wins, &f.bets); err != nil {
				return nil, fmt.Errorf("agent: period figures: %w", err)
			}
			out[id] = f
		}
		return out, rows.Err()
	}
	rows, err := q.QueryContext(ctx, ledgerWindowSQL, merchant, start, end)
	if err != nil {
		return nil, fmt.Errorf("agent: period figures: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var owner, kind string
		var amount, n int64
		if err := rows.Scan(&owner, &kind, &amount, &n); err != nil {
			return nil, fmt.Errorf("agent: period figures: %w", err)
		}
		id, err := strconv.ParseInt(owner, 10, 64)
		if err != nil {
			continue
		}
		f := out[id]
		switch kind {
		case "bet":
			f.validBet += amount
			f.bets += n
		case "rollback":
			f.validBet -= amount
			f.bets -= n
		case "win":
			f.wins += amount
		}
		out[id] = f
	}
	return out, rows.Err()
}

// ledgerWindowSQL sums a window of real-money play by member and kind: a
// stake moves member -> vendor side, a win or refund vendor side -> member
// (play money moves against the play side and never counts).
const ledgerWindowSQL = `SELECT a.owner, w.kind, SUM(w.amount), COUNT(*) FROM wallet_transfers w
	JOIN wallet_accounts a ON a.id = CASE WHEN w.kind = 'bet' THEN w.debit_account ELSE w.credit_account END
	JOIN wallet_accounts v ON v.id = CASE WHEN w.kind = 'bet' THEN w.credit_account ELSE w.debit_account END
	WHERE w.merchant_code = $1 AND w.created_at >= $2 AND w.created_at < $3 AND w.kind IN ('bet', 'win', 'rollback')
		AND a.kind = 'member' AND v.kind = 'vendor'
	GROUP BY a.owner, w.kind`
