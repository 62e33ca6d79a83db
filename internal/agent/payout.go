package agent

import (
	"cmp"
	"context"
	"database/sql"
	"fmt"
	"slices"

	"portal/internal/database"
)

// Payout states.
const (
	PayoutPaid         = "paid"
	PayoutInsufficient = "insufficient"
	PayoutNothing      = "nothing"
)

// Payout is one contract's pay for one period, with the figures it came
// from.
type Payout struct {
	ID            int64      `json:"id"`
	ContractID    int64      `json:"contractId"`
	Kind          Kind       `json:"kind"`
	Period        Period     `json:"period"`
	PeriodStart   int64      `json:"periodStart"`
	PeriodEnd     int64      `json:"periodEnd"`
	Payer         *MemberRef `json:"payer"`
	Member        MemberRef  `json:"member"`
	TeamSize      int64      `json:"teamSize"`
	ActiveMembers int64      `json:"activeMembers"`
	ValidBet      int64      `json:"validBet"`
	ProfitLoss    int64      `json:"profitLoss"`
	Base          int64      `json:"base"`
	Tier          int        `json:"tier"`
	Rate          int64      `json:"rate"`
	Amount        int64      `json:"amount"`
	State         string     `json:"state"`
	Attempts      int64      `json:"attempts"`
	PaidAt        int64      `json:"paidAt"`
	CreatedAt     int64      `json:"createdAt"`
	merchant      string
	// The balances a payment left, for the members' sockets.
	payerBalance, memberBalance int64
}

const payoutColumns = `p.id, p.merchant_code, p.contract_id, p.kind, p.period, p.period_start, p.period_end, p.payer_id, COALESCE(u.username, ''), p.member_id, m.username,
	p.team_size, p.active_members, p.valid_bet, p.profit_loss, p.base, p.tier, p.rate, p.amount, p.state, p.attempts, p.paid_at, p.created_at`

const payoutFrom = ` FROM agent_payouts p JOIN members m ON m.id = p.member_id LEFT JOIN members u ON u.id = p.payer_id`

func scanPayout(row interface{ Scan(...any) error }) (Payout, error) {
	var p Payout
	var payer sql.NullInt64
	var pname string
	err := row.Scan(&p.ID, &p.merchant, &p.ContractID, &p.Kind, &p.Period, &p.PeriodStart, &p.PeriodEnd, &payer, &pname, &p.Member.ID, &p.Member.Username,
		&p.TeamSize, &p.ActiveMembers, &p.ValidBet, &p.ProfitLoss, &p.Base, &p.Tier, &p.Rate, &p.Amount, &p.State, &p.Attempts, &p.PaidAt, &p.CreatedAt)
	if payer.Valid {
		p.Payer = &MemberRef{ID: payer.Int64, Username: pname}
	}
	return p, err
}

func (s *Service) payouts(ctx context.Context, q database.Querier, where string, args ...any) ([]Payout, error) {
	rows, err := q.QueryContext(ctx, `SELECT `+payoutColumns+payoutFrom+` `+where, args...)
	if err != nil {
		return nil, fmt.Errorf("agent: payouts: %w", err)
	}
	defer rows.Close()
	out := []Payout{}
	for rows.Next() {
		p, err := scanPayout(rows)
		if err != nil {
			return nil, fmt.Errorf("agent: payouts: %w", err)
		}
		out = append(out, p)
	}
	return out, rows.Err()
}

// PayoutOf is one payout of the merchant.
func (s *Service) PayoutOf(ctx context.Context, merchant string, id int64) (Payout, error) {
	list, err := s.payouts(ctx, s.db.Read(), `WHERE p.id = $1 AND p.merchant_code = $2`, id, merchant)
	if err != nil {
		return Payout{}, err
	}
	if len(list) == 0 {
		return Payout{}, ErrNotFound
	}
	return list[0], nil
}

// PayoutQuery asks for a member's payouts: received (as the contract's
// member) or paid (as its upline), of a kind ("" all), in [From, To).
type PayoutQuery struct {
	Merchant       string
	MemberID       int64
	Role           string
	Kind           Kind
	From, To       int64
	Page, PageSize int
}

// PayoutPage is a page of payouts and the sum of their amounts paid.
type PayoutPage struct {
	List     []Payout `json:"list"`
	Total    int64    `json:"total"`
	Page     int      `json:"page"`
	PageSize int      `json:"pageSize"`
	Summary  struct {
		Amount int64 `json:"amount"`
	} `json:"summary"`
}

// Payouts is a page of a member's payouts, newest period first.
func (s *Service) Payouts(ctx context.Context, f PayoutQuery) (PayoutPage, error) {
	page, size := pageOf(f.Page, f.PageSize)
	out := PayoutPage{Page: page, PageSize: size}
	col := "p.member_id"
	if f.Role == "paid" {
		col = "p.payer_id"
	}
	where := `WHERE p.merchant_code = $1 AND ` + col + ` = $2 AND ($3 = '' OR p.kind = $3) AND p.period_start >= $4 AND p.period_start < $5`
	args := []any{f.Merchant, f.MemberID, string(f.Kind), f.From, f.To}
	if err := s.db.Read().QueryRowContext(ctx, `SELECT COUNT(*), COALESCE(SUM(CASE WHEN p.state = 'paid' THEN p.amount ELSE 0 END), 0) FROM agent_payouts p `+where, args...).
		Scan(&out.Total, &out.Summary.Amount); err != nil {
		return out, fmt.Errorf("agent: payouts: %w", err)
	}
	var err error
	out.List, err = s.payouts(ctx, s.db.Read(), where+fmt.Sprintf(` ORDER BY p.period_start DESC, p.id DESC LIMIT %d OFFSET %d`, size, (page-1)*size), args...)
	return out, err
}

// FigureRow is one team member's own figures behind a payout.
type FigureRow struct {
	MemberID   int64  `json:"memberId"`
	Username   string `json:"username"`
	Depth      int64  `json:"depth"`
	ValidBet   int64  `json:"validBet"`
	ProfitLoss int64  `json:"profitLoss"`
	Active     bool   `json:"active"`
}

// Figures are the per-member figures behind a payout: every member of the
// payee's team with play in the period, biggest valid bet first. They sum
// to the payout's team figures while the team is as it was (an operator's
// move changes today's team, not the payout).
type Figures struct {
	Payout   Payout      `json:"payout"`
	Contract Contract    `json:"contract"`
	List     []FigureRow `json:"list"`
	Total    int64       `json:"total"`
	Page     int         `json:"page"`
	PageSize int         `json:"pageSize"`
}

// FiguresOf reads the figures behind payout id. viewer (a member id) must
// be its payer or its member; 0 is an operator.
func (s *Service) FiguresOf(ctx context.Context, merchant string, viewer, id int64, page, size int) (Figures, error) {
	p, err := s.PayoutOf(ctx, merchant, id)
	if err != nil {
		return Figures{}, err
	}
	if viewer != 0 && viewer != p.Member.ID && (p.Payer == nil || p.Payer.ID != viewer) {
		return Figures{}, ErrNotFound
	}
	c, err := s.Contract(ctx, merchant, p.ContractID)
	if err != nil {
		return Figures{}, err
	}
	page, size = pageOf(page, size)
	out := Figures{Payout: p, Contract: c, Page: page, PageSize: size, List: []FigureRow{}}
	q := s.db.Read()
	figs, err := s.periodFigures(ctx, q, merchant, p.Period, p.PeriodStart, p.PeriodEnd)
	if err != nil {
		return out, err
	}
	rows, err := q.QueryContext(ctx, `SELECT t.member_id, m.username, t.depth FROM member_tree t JOIN members m ON m.id = t.member_id WHERE t.ancestor_id = $1`, p.Member.ID)
	if err != nil {
		return out, fmt.Errorf("agent: figures: %w", err)
	}
	var all []FigureRow
	floor := max(c.ActiveMinBet, 1)
	for rows.Next() {
		var r FigureRow
		if err := rows.Scan(&r.MemberID, &r.Username, &r.Depth); err != nil {
			rows.Close()
			return out, fmt.Errorf("agent: figures: %w", err)
		}
		f, ok := figs[r.MemberID]
		if !ok || (f.validBet == 0 && f.wins == 0) {
			continue
		}
		r.ValidBet, r.ProfitLoss, r.Active = f.validBet, f.wins-f.validBet, f.validBet >= floor
		all = append(all, r)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return out, fmt.Errorf("agent: figures: %w", err)
	}
	sortFigureRows(all)
	out.Total = int64(len(all))
	from := min((page-1)*size, len(all))
	out.List = append(out.List, all[from:min(from+size, len(all))]...)
	return out, nil
}

func sortFigureRows(r []FigureRow) {
	// Biggest valid bet first, then by member id: a stable page order.
	slices.SortFunc(r, func(a, b FigureRow) int {
		if a.ValidBet != b.ValidBet {
			return cmp.Compare(b.ValidBet, a.ValidBet)
		}
		return cmp.Compare(a.MemberID, b.MemberID)
	})
}
