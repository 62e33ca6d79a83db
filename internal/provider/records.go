package provider

import (
	"context"
	"fmt"
	"time"
)

// Period is a range of the member's local days: [From, To).
type Period struct {
	From, To time.Time
	// Offset is the member's UTC offset, for grouping by local day.
	Offset time.Duration
}

// RoundRecord is one round of the betting record. Amounts in minor units.
type RoundRecord struct {
	RoundID    string `json:"roundId"`
	GameCode   string `json:"gameCode"`
	GameName   string `json:"gameName"`
	Vassalage  string `json:"vassalage"`
	VendorName string `json:"vendorName"`
	GameType   string `json:"gameType"`
	Stake      int64  `json:"stake"`
	Win        int64  `json:"win"`
	Profit     int64  `json:"profit"`
	Status     string `json:"status"` // open, settled, rolled_back
	Mode       string `json:"mode"`
	BetTime    int64  `json:"betTime"`
	SettleTime int64  `json:"settleTime"`
}

// Totals sums rounds.
type Totals struct {
	Count  int   `json:"count"`
	Stake  int64 `json:"stake"`
	Win    int64 `json:"win"`
	Profit int64 `json:"profit"`
}

// BetHistory is a page of the betting record.
type BetHistory struct {
	Content       []RoundRecord `json:"content"`
	PageNum       int           `json:"pageNum"`
	TotalPages    int           `json:"totalPages"`
	TotalElements int           `json:"totalElements"`
	Summary       Totals        `json:"summary"`
}

// BetFilter narrows the betting record.
type BetFilter struct {
	Period
	GameType string // "" or ALL for every type
	Vendor   string
	Language string
	Page     int
	Size     int
}

// Stake is what stayed at stake: bets less refunds. Profit is the member's.
const roundSums = `COUNT(*), COALESCE(SUM(stake - refunded), 0), COALESCE(SUM(win), 0)`

// BetHistory is the member's rounds in the period, newest first, with the
// period's totals.
func (s *Service) BetHistory(ctx context.Context, memberID int64, f BetFilter) (BetHistory, error) {
	where := `member_id = $1 AND opened_at >= $2 AND opened_at < $3`
	args := []any{memberID, f.From.UnixMilli(), f.To.UnixMilli()}
	if f.GameType != "" && f.GameType != "ALL" {
		args = append(args, f.GameType)
		where += fmt.Sprintf(" AND game_type = $%d", len(args))
	}
	if f.Vendor != "" {
		args = append(args, f.Vendor)
		where += fmt.Sprintf(" AND vendor_code = $%d", len(args))
	}
	q := s.db.Read()
	out := BetHistory{Content: []RoundRecord{}, PageNum: max(f.Page, 1)}
	if err := q.QueryRowContext(ctx, `SELECT `+roundSums+` FROM game_rounds WHERE `+where, args...).
		Scan(&out.Summary.Count, &out.Summary.Stake, &out.Summary.Win); err != nil {
		return out, fmt.Errorf("provider: bet totals: %w", err)
	}
	out.Summary.Profit = out.Summary.Win - out.Summary.Stake
	size := min(max(f.Size, 1), 100)
	out.TotalElements = out.Summary.Count
	out.TotalPages = (out.TotalElements + size - 1) / size
	args = append(args, size, (out.PageNum-1)*size)
	rows, err := q.QueryContext(ctx, fmt.Sprintf(`SELECT round_id, vendor_code, game_code, game_type, mode, stake, win, refunded, closed, opened_at, closed_at
		FROM game_rounds WHERE %s ORDER BY opened_at DESC, id DESC LIMIT $%d OFFSET $%d`, where, len(args)-1, len(args)), args...)
	if err != nil {
		return out, fmt.Errorf("provider: bet history: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var r RoundRecord
		var refunded int64
		var closed int
		if err := rows.Scan(&r.RoundID, &r.Vassalage, &r.GameCode, &r.GameType, &r.Mode, &r.Stake, &r.Win, &refunded, &closed, &r.BetTime, &r.SettleTime); err != nil {
			return out, fmt.Errorf("provider: bet history: %w", err)
		}
		switch {
		case r.Stake > 0 && refunded >= r.Stake:
			r.Status = "rolled_back"
		case closed == 1:
			r.Status = "settled"
		default:
			r.Status = "open"
		}
		r.Stake -= refunded
		r.Profit = r.Win - r.Stake
		r.GameName, r.VendorName = r.GameCode, r.Vassalage
		if g, err := s.games.Game(ctx, r.GameCode); err == nil {
			r.GameName = g.Name(f.Language)
		}
		if v, err := s.games.AnyVendor(ctx, r.Vassalage); err == nil {
			r.VendorName = v.Name
		}
		out.Content = append(out.Content, r)
	}
	return out, rows.Err()
}

// DayProfit is one local day's profit and loss.
type DayProfit struct {
	Date string `json:"date"`
	Totals
}

// TypeProfit is one game type's profit and loss.
type TypeProfit struct {
	GameType string `json:"gameType"`
	Totals
}

// Profit is the member's profit and loss over a period.
type Profit struct {
	Days   []DayProfit  `json:"days"`
	ByType []TypeProfit `json:"byType"`
	Total  Totals       `json:"total"`
}

// ProfitAndLoss sums the member's rounds by local day and by game type.
func (s *Service) ProfitAndLoss(ctx context.Context, memberID int64, p Period) (Profit, error) {
	out := Profit{Days: []DayProfit{}, ByType: []TypeProfit{}}
	q := s.db.Read()
	offset := p.Offset.Milliseconds()
	// Integer division buckets rounds into the member's local days the
	// same way on both databases.
	rows, err := q.QueryContext(ctx, `SELECT (opened_at + $4) / 86400000 AS day, `+roundSums+`
		FROM game_rounds WHERE member_id = $1 AND opened_at >= $2 AND opened_at < $3 GROUP BY day ORDER BY day DESC`,
		memberID, p.From.UnixMilli(), p.To.UnixMilli(), offset)
	if err != nil {
		return out, fmt.Errorf("provider: profit by day: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var day int64
		var d DayProfit
		if err := rows.Scan(&day, &d.Count, &d.Stake, &d.Win); err != nil {
			return out, fmt.Errorf("provider: profit by day: %w", err)
		}
		d.Date = time.UnixMilli(day * 86400000).UTC().Format(time.DateOnly)
		d.Profit = d.Win - d.Stake
		out.Days = append(out.Days, d)
		out.Total.Count += d.Count
		out.Total.Stake += d.Stake
		out.Total.Win += d.Win
	}
	if err := rows.Err(); err != nil {
		return out, fmt.Errorf("provider: profit by day: %w", err)
	}
	out.Total.Profit = out.Total.Win - out.Total.Stake
	trows, err := q.QueryContext(ctx, `SELECT game_type, `+roundSums+`
		FROM game_rounds WHERE member_id = $1 AND opened_at >= $2 AND opened_at < $3 GROUP BY game_type ORDER BY game_type`,
		memberID, p.From.UnixMilli(), p.To.UnixMilli())
	if err != nil {
		return out, fmt.Errorf("provider: profit by type: %w", err)
	}
	defer trows.Close()
	for trows.Next() {
		var t TypeProfit
		if err := trows.Scan(&t.GameType, &t.Count, &t.Stake, &t.Win); err != nil {
			return out, fmt.Errorf("provider: profit by type: %w", err)
		}
		t.Profit = t.Win - t.Stake
		out.ByType = append(out.ByType, t)
	}
	return out, trows.Err()
}
