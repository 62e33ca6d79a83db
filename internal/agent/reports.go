package agent

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"portal/internal/report"
	"portal/internal/wallet"
)

// The team reports' bounds: periods in local days, rows of a CSV export.
const (
	maxBetDays    = 31
	maxReportDays = 366
	maxCSVRows    = 10000
)

// TeamQuery asks for a team report over local days [From, To) (day
// numbers in the merchant's zone, as report.ParseDay reads them: a
// request's inclusive "to" date is To − 1). Username: for the bets, one
// member of the team (exact); for profit and loss, a name prefix.
// Language picks the game names of the bets (EN when empty or unknown).
type TeamQuery struct {
	Merchant       string
	AgentID        int64
	From, To       int64
	Username       string
	Language       string
	Page, PageSize int
}

// ParseDays reads a request's YYYY-MM-DD dates, both included, as the
// local days [from, to) of a TeamQuery or of Income.
func ParseDays(from, to string) (int64, int64, error) {
	f, err := report.ParseDay(from)
	if err != nil {
		return 0, 0, ErrRangeInvalid
	}
	t, err := report.ParseDay(to)
	if err != nil {
		return 0, 0, ErrRangeInvalid
	}
	return f, t + 1, nil
}

func checkDays(from, to int64, maxDays int64) error {
	if to <= from || to-from > maxDays {
		return ErrRangeInvalid
	}
	return nil
}

// memberInTeam is the id of the merchant's member named username if it is
// in agent's team (the agent itself included); anyone else, or no one, is
// ErrNotInTeam alike, so the answer says nothing of members outside.
func (s *Service) memberInTeam(ctx context.Context, merchant string, agentID int64, username string) (int64, error) {
	var id int64
	err := s.db.Read().QueryRowContext(ctx, `SELECT m.id FROM members m JOIN member_tree t ON t.member_id = m.id AND t.ancestor_id = $3
		WHERE m.merchant_code = $1 AND m.username = $2`, merchant, strings.ToLower(strings.TrimSpace(username)), agentID).Scan(&id)
	if isNoRows(err) {
		return 0, ErrNotInTeam
	}
	if err != nil {
		return 0, fmt.Errorf("agent: team member: %w", err)
	}
	return id, nil
}

// TeamBet is one real-money round of a team member. Stake is net of
// refunds; profitLoss is the member's (payout − stake).
type TeamBet struct {
	ID         int64  `json:"id"`
	Username   string `json:"username"`
	Vendor     string `json:"vendor"`
	GameCode   string `json:"gameCode"`
	GameName   string `json:"gameName"`
	GameType   string `json:"gameType"`
	Stake      int64  `json:"stake"`
	Payout     int64  `json:"payout"`
	ProfitLoss int64  `json:"profitLoss"`
	Status     string `json:"status"` // open, settled, rolled_back
	OpenedAt   int64  `json:"openedAt"`
}

// BetSummary sums every round of the query, not only the page's.
type BetSummary struct {
	Stake      int64 `json:"stake"`
	Payout     int64 `json:"payout"`
	ProfitLoss int64 `json:"profitLoss"`
}

// BetPage is a page of the team's rounds (GET /wps/agent/bets).
type BetPage struct {
	List     []TeamBet  `json:"list"`
	Total    int64      `json:"total"`
	Page     int        `json:"page"`
	PageSize int        `json:"pageSize"`
	Summary  BetSummary `json:"summary"`
}

// TeamBets is the team's real-money rounds opened in the period (at most
// 31 days), newest first. The team is a closure range joined to the
// rounds' (member, time) index; game names come from the catalogue's
// table, one unique-key look-up per row of the page.
func (s *Service) TeamBets(ctx context.Context, f TeamQuery) (BetPage, error) {
	page, size := pageOf(f.Page, f.PageSize)
	out := BetPage{List: []TeamBet{}, Page: page, PageSize: size}
	if err := checkDays(f.From, f.To, maxBetDays); err != nil {
		return out, err
	}
	off := offset(f.Merchant)
	from := ` FROM game_rounds g JOIN member_tree t ON t.member_id = g.member_id AND t.ancestor_id = $2`
	where := ` WHERE g.merchant_code = $1 AND g.mode = 'real' AND g.opened_at >= $3 AND g.opened_at < $4`
	args := []any{f.Merchant, f.AgentID, dayStart(f.From, off), dayStart(f.To, off)}
	if f.Username != "" {
		id, err := s.memberInTeam(ctx, f.Merchant, f.AgentID, f.Username)
		if err != nil {
			return out, err
		}
		args = append(args, id)
		where += ` AND g.member_id = $5`
	}
	q := s.db.Read()
	if err := q.QueryRowContext(ctx, `SELECT COUNT(*), COALESCE(SUM(g.stake - g.refunded), 0), COALESCE(SUM(g.win), 0)`+from+where, args...).
		Scan(&out.Total, &out.Summary.Stake, &out.Summary.Payout); err != nil {
		return out, fmt.Errorf("agent: team bets: %w", err)
	}
	out.Summary.ProfitLoss = out.Summary.Payout - out.Summary.Stake
	rows, err := q.QueryContext(ctx, `SELECT g.id, m.username, g.vendor_code, g.game_code, COALESCE(gm.names, ''), g.game_type, g.stake, g.refunded, g.win,
		g.closed, g.opened_at`+from+` JOIN members m ON m.id = g.member_id LEFT JOIN games gm ON gm.game_code = g.game_code`+where+
		fmt.Sprintf(` ORDER BY g.opened_at DESC, g.id DESC LIMIT %d OFFSET %d`, size, (page-1)*size), args...)
	if err != nil {
		return out, fmt.Errorf("agent: team bets: %w", err)
	}
	defer rows.Close()
	lang := strings.ToUpper(f.Language)
	for rows.Next() {
		var b TeamBet
		var names string
		var refunded int64
		var closed int
		if err := rows.Scan(&b.ID, &b.Username, &b.Vendor, &b.GameCode, &names, &b.GameType, &b.Stake, &refunded, &b.Payout, &closed, &b.OpenedAt); err != nil {
			return out, fmt.Errorf("agent: team bets: %w", err)
		}
		switch {
		case b.Stake > 0 && refunded >= b.Stake:
			b.Status = "rolled_back"
		case closed == 1:
			b.Status = "settled"
		default:
			b.Status = "open"
		}
		b.Stake -= refunded
		b.ProfitLoss = b.Payout - b.Stake
		b.GameName = gameName(names, lang, b.GameCode)
		out.List = append(out.List, b)
	}
	return out, rows.Err()
}

// gameName is a game's name in lang from the catalogue's JSON of names,
// else its English one, else its code.
func gameName(names, lang, code string) string {
	var byLang map[string]string
	if names == "" || json.Unmarshal([]byte(names), &byLang) != nil {
		return code
	}
	if n := byLang[lang]; n != "" {
		return n
	}
	if n := byLang["EN"]; n != "" {
		return n
	}
	return code
}

// PLRow is one team member's result over the period; profitLoss is the
// member's (wins − valid bet), depth is below the agent (0: the agent).
type PLRow struct {
	MemberID   int64  `json:"memberId"`
	Username   string `json:"username"`
	Depth      int64  `json:"depth"`
	ValidBet   int64  `json:"validBet"`
	Wins       int64  `json:"wins"`
	ProfitLoss int64  `json:"profitLoss"`
	BetCount   int64  `json:"betCount"`
}

// PLSummary sums every row of the query.
type PLSummary struct {
	ValidBet   int64 `json:"validBet"`
	Wins       int64 `json:"wins"`
	ProfitLoss int64 `json:"profitLoss"`
	BetCount   int64 `json:"betCount"`
}

// PLPage is a page of the team's profit and loss (GET /wps/agent/profit-loss).
type PLPage struct {
	List     []PLRow   `json:"list"`
	Total    int64     `json:"total"`
	Page     int       `json:"page"`
	PageSize int       `json:"pageSize"`
	Summary  PLSummary `json:"summary"`
}

// plQuery is the per-member aggregate of a team's report days: the
// closure's range joined to the report's member days.
func plQuery(f TeamQuery) (string, []any) {
	args := []any{f.Merchant, f.AgentID, f.From, f.To}
	agg := `SELECT r.member_id AS id, SUM(r.bets) AS b, SUM(r.wins) AS w, SUM(r.bet_count) AS c FROM report_members r
		JOIN member_tree t ON t.member_id = r.member_id AND t.ancestor_id = $2`
	where := ` WHERE r.merchant_code = $1 AND r.day >= $3 AND r.day < $4`
	if name := strings.ToLower(strings.TrimSpace(f.Username)); name != "" {
		args = append(args, likePrefix(name))
		agg += ` JOIN members n ON n.id = r.member_id`
		where += ` AND n.username LIKE $5 ESCAPE '\'`
	}
	return agg + where + ` GROUP BY r.member_id`, args
}

// plRows reads rows of the team's profit and loss, biggest loss first.
func (s *Service) plRows(ctx context.Context, f TeamQuery, limit, offsetRows int) ([]PLRow, error) {
	agg, args := plQuery(f)
	rows, err := s.db.Read().QueryContext(ctx, `WITH a AS (`+agg+`) SELECT a.id, m.username, t.depth, a.b, a.w, a.c FROM a
		JOIN members m ON m.id = a.id JOIN member_tree t ON t.ancestor_id = $2 AND t.member_id = a.id
		ORDER BY a.w - a.b, a.id`+fmt.Sprintf(` LIMIT %d OFFSET %d`, limit, offsetRows), args...)
	if err != nil {
		return nil, fmt.Errorf("agent: team profit and loss: %w", err)
	}
	defer rows.Close()
	out := []PLRow{}
	for rows.Next() {
		var r PLRow
		if err := rows.Scan(&r.MemberID, &r.Username, &r.Depth, &r.ValidBet, &r.Wins, &r.BetCount); err != nil {
			return nil, fmt.Errorf("agent: team profit and loss: %w", err)
		}
		r.ProfitLoss = r.Wins - r.ValidBet
		out = append(out, r)
	}
	return out, rows.Err()
}

// TeamProfitLoss is the team's members' results over local days [From,
// To) (at most 366), biggest loss first, with the sums of all rows.
func (s *Service) TeamProfitLoss(ctx context.Context, f TeamQuery) (PLPage, error) {
	page, size := pageOf(f.Page, f.PageSize)
	out := PLPage{List: []PLRow{}, Page: page, PageSize: size}
	if err := checkDays(f.From, f.To, maxReportDays); err != nil {
		return out, err
	}
	agg, args := plQuery(f)
	if err := s.db.Read().QueryRowContext(ctx, `WITH a AS (`+agg+`) SELECT COUNT(*), COALESCE(SUM(b), 0), COALESCE(SUM(w), 0), COALESCE(SUM(c), 0) FROM a`,
		args...).Scan(&out.Total, &out.Summary.ValidBet, &out.Summary.Wins, &out.Summary.BetCount); err != nil {
		return out, fmt.Errorf("agent: team profit and loss: %w", err)
	}
	out.Summary.ProfitLoss = out.Summary.Wins - out.Summary.ValidBet
	if out.Total == 0 {
		return out, nil
	}
	list, err := s.plRows(ctx, f, size, (page-1)*size)
	if err != nil {
		return out, err
	}
	out.List = list
	return out, nil
}

// TeamProfitLossCSV writes the team's profit and loss as CSV (at most
// 10,000 rows, biggest loss first, amounts in minor units).
func (s *Service) TeamProfitLossCSV(ctx context.Context, f TeamQuery, w io.Writer) error {
	if err := checkDays(f.From, f.To, maxReportDays); err != nil {
		return err
	}
	list, err := s.plRows(ctx, f, maxCSVRows, 0)
	if err != nil {
		return err
	}
	cw := csv.NewWriter(w)
	if err := cw.Write([]string{"memberId", "username", "depth", "validBet", "wins", "profitLoss", "betCount"}); err != nil {
		return fmt.Errorf("agent: profit and loss csv: %w", err)
	}
	for _, r := range list {
		rec := []string{strconv.FormatInt(r.MemberID, 10), csvText(r.Username), strconv.FormatInt(r.Depth, 10), strconv.FormatInt(r.ValidBet, 10),
			strconv.FormatInt(r.Wins, 10), strconv.FormatInt(r.ProfitLoss, 10), strconv.FormatInt(r.BetCount, 10)}
		if err := cw.Write(rec); err != nil {
			return fmt.Errorf("agent: profit and loss csv: %w", err)
		}
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return fmt.Errorf("agent: profit and loss csv: %w", err)
	}
	return nil
}

// csvText keeps a text cell from being read as a formula by a
// spreadsheet: one starting with = + - @ (or a tab or carriage return) is
// prefixed by a single quote. Numbers are written by strconv and never
// pass through here, so a negative amount stays a number.
func csvText(v string) string {
	if v != "" && strings.ContainsRune("=+-@\t\r", rune(v[0])) {
		return "'" + v
	}
	return v
}

// IncomeTotals are received, paid and their difference.
type IncomeTotals struct {
	Received int64 `json:"received"`
	Paid     int64 `json:"paid"`
	Net      int64 `json:"net"`
}

// IncomeKind is an agent's income of one contract kind.
type IncomeKind struct {
	Kind Kind `json:"kind"`
	IncomeTotals
}

// IncomeDay is an agent's income of one local day (of the periods' start).
type IncomeDay struct {
	Day string `json:"day"`
	IncomeTotals
}

// Income is what an agent received from its upline (or the platform) and
// paid to its downlines (GET /wps/agent/income).
type Income struct {
	ByKind  []IncomeKind `json:"byKind"`
	ByDay   []IncomeDay  `json:"byDay"`
	Summary IncomeTotals `json:"summary"`
}

// Income is the agent's paid payouts whose period started in local days
// [from, to) (at most 366): byKind lists every kind, byDay the days with
// any, oldest first.
func (s *Service) Income(ctx context.Context, merchant string, agentID, from, to int64) (Income, error) {
	out := Income{ByKind: []IncomeKind{}, ByDay: []IncomeDay{}}
	if err := checkDays(from, to, maxReportDays); err != nil {
		return out, err
	}
	off := offset(merchant)
	byKind := map[Kind]*IncomeTotals{}
	for _, k := range Kinds {
		out.ByKind = append(out.ByKind, IncomeKind{Kind: k})
	}
	for i := range out.ByKind {
		byKind[out.ByKind[i].Kind] = &out.ByKind[i].IncomeTotals
	}
	byDay := map[int64]*IncomeTotals{}
	var days []int64
	// Received and paid each read their own index; grouping by local day
	// in the database keeps the rows few even for five-minute salaries.
	for _, side := range []string{"member_id", "payer_id"} {
		rows, err := s.db.Read().QueryContext(ctx, `SELECT kind, (period_start + $4) / `+strconv.Itoa(msPerDay)+` AS d, SUM(amount) FROM agent_payouts
			WHERE `+side+` = $1 AND period_start >= $2 AND period_start < $3 AND state = 'paid' AND merchant_code = $5 GROUP BY kind, d`,
			agentID, dayStart(from, off), dayStart(to, off), off.Milliseconds(), merchant)
		if err != nil {
			return out, fmt.Errorf("agent: income: %w", err)
		}
		for rows.Next() {
			var k Kind
			var d, amount int64
			if err := rows.Scan(&k, &d, &amount); err != nil {
				rows.Close()
				return out, fmt.Errorf("agent: income: %w", err)
			}
			day, ok := byDay[d]
			if !ok {
				day = &IncomeTotals{}
				byDay[d] = day
				days = append(days, d)
			}
			kind := byKind[k]
			if kind == nil {
				kind = &IncomeTotals{}
			}
			for _, t := range []*IncomeTotals{day, kind, &out.Summary} {
				if side == "member_id" {
					t.Received += amount
				} else {
					t.Paid += amount
				}
				t.Net = t.Received - t.Paid
			}
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return out, fmt.Errorf("agent: income: %w", err)
		}
	}
	slices.Sort(days)
	for _, d := range days {
		out.ByDay = append(out.ByDay, IncomeDay{Day: report.Day(d), IncomeTotals: *byDay[d]})
	}
	return out, nil
}

// Transaction is one ledger entry of a team member, amount signed for it.
type Transaction struct {
	ID        int64  `json:"id"`
	Kind      string `json:"kind"`
	Amount    int64  `json:"amount"`
	CreatedAt int64  `json:"createdAt"`
	Reference string `json:"reference"`
}

// TransactionPage is a page of a team member's ledger
// (GET /wps/agent/transactions).
type TransactionPage struct {
	List     []Transaction `json:"list"`
	Total    int64         `json:"total"`
	Page     int           `json:"page"`
	PageSize int           `json:"pageSize"`
}

// TeamTransactions is a page of the ledger of the team member named
// username (the agent itself allowed) in [from, to) (at most 366 days),
// newest first. Anyone outside the team is ErrNotInTeam.
func (s *Service) TeamTransactions(ctx context.Context, merchant string, agentID int64, username string, from, to time.Time, page, size int) (TransactionPage, error) {
	page, size = pageOf(page, size)
	out := TransactionPage{List: []Transaction{}, Page: page, PageSize: size}
	if !to.After(from) || to.Sub(from) > maxReportDays*24*time.Hour {
		return out, ErrRangeInvalid
	}
	id, err := s.memberInTeam(ctx, merchant, agentID, username)
	if err != nil {
		return out, err
	}
	cur, err := s.currencyOf(ctx, s.db.Read(), merchant)
	if err != nil {
		return out, err
	}
	h, err := s.ledger.History(ctx, merchant, wallet.Member(id, cur), from, to, "", page, size)
	if err != nil {
		return out, fmt.Errorf("agent: team transactions: %w", err)
	}
	out.Total = int64(h.TotalElements)
	for _, e := range h.Content {
		out.List = append(out.List, Transaction{ID: e.ID, Kind: e.Type, Amount: e.Amount, CreatedAt: e.Time, Reference: e.Reference})
	}
	return out, nil
}
