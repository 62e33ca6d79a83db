package agent

import (
	"cmp"
	"context"
	"fmt"
	"slices"
)

// CommissionRow is one agent's pay over a period: what it received, what
// it paid its downlines, and its net by kind.
type CommissionRow struct {
	Member   MemberRef      `json:"member"`
	Received int64          `json:"received"`
	Paid     int64          `json:"paid"`
	Net      int64          `json:"net"`
	ByKind   map[Kind]int64 `json:"byKind"`
}

// Commission is the back office's agent commission report.
type Commission struct {
	List     []CommissionRow `json:"list"`
	Total    int64           `json:"total"`
	Page     int             `json:"page"`
	PageSize int             `json:"pageSize"`
	Summary  struct {
		PlatformPaid int64 `json:"platformPaid"`
		Received     int64 `json:"received"`
		Paid         int64 `json:"paid"`
	} `json:"summary"`
}

// CommissionReport sums the paid payouts whose periods began in [from,
// to) by agent, biggest net first.
func (s *Service) CommissionReport(ctx context.Context, merchant string, from, to int64, page, size int) (Commission, error) {
	page, size = pageOf(page, size)
	out := Commission{Page: page, PageSize: size, List: []CommissionRow{}}
	rows, err := s.db.Read().QueryContext(ctx, `SELECT p.member_id, m.username, COALESCE(p.payer_id, 0), COALESCE(u.username, ''), p.kind, SUM(p.amount)`+payoutFrom+`
		WHERE p.merchant_code = $1 AND p.state = 'paid' AND p.period_start >= $2 AND p.period_start < $3
		GROUP BY p.member_id, m.username, p.payer_id, u.username, p.kind`, merchant, from, to)
	if err != nil {
		return out, fmt.Errorf("agent: commission: %w", err)
	}
	defer rows.Close()
	by := map[int64]*CommissionRow{}
	row := func(id int64, name string) *CommissionRow {
		r, ok := by[id]
		if !ok {
			r = &CommissionRow{Member: MemberRef{ID: id, Username: name}, ByKind: map[Kind]int64{}}
			by[id] = r
		}
		return r
	}
	for rows.Next() {
		var member, payer, amount int64
		var mname, pname string
		var k Kind
		if err := rows.Scan(&member, &mname, &payer, &pname, &k, &amount); err != nil {
			return out, fmt.Errorf("agent: commission: %w", err)
		}
		r := row(member, mname)
		r.Received += amount
		r.ByKind[k] += amount
		out.Summary.Received += amount
		if payer == 0 {
			out.Summary.PlatformPaid += amount
			continue
		}
		p := row(payer, pname)
		p.Paid += amount
		p.ByKind[k] -= amount
		out.Summary.Paid += amount
	}
	if err := rows.Err(); err != nil {
		return out, fmt.Errorf("agent: commission: %w", err)
	}
	all := make([]CommissionRow, 0, len(by))
	for _, r := range by {
		r.Net = r.Received - r.Paid
		all = append(all, *r)
	}
	slices.SortFunc(all, func(a, b CommissionRow) int {
		if a.Net != b.Net {
			return cmp.Compare(b.Net, a.Net)
		}
		return cmp.Compare(a.Member.ID, b.Member.ID)
	})
	out.Total = int64(len(all))
	start := min((page-1)*size, len(all))
	out.List = append(out.List, all[start:min(start+size, len(all))]...)
	return out, nil
}
