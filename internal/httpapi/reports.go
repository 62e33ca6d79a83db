package httpapi

import (
	"encoding/csv"
	"fmt"
	"net/http"
	"strconv"

	"portal/internal/merchant"
	"portal/internal/operator"
	"portal/internal/report"
)

// reportPage is a page of a report with the totals of every row, the
// currency, the zone and the period read.
type reportPage[T, U any] struct {
	Content    []T    `json:"content"`
	PageNum    int    `json:"pageNum"`
	PageSize   int    `json:"pageSize"`
	TotalPages int    `json:"totalPages"`
	Total      int    `json:"total"`
	Totals     U      `json:"totals"`
	Currency   string `json:"currency"`
	Timezone   string `json:"timezone"`
	From       string `json:"from"`
	To         string `json:"to"`
}

// ggrTotals are a GGR report's figures without a key.
type ggrTotals struct {
	BetCount int64   `json:"betCount"`
	Bets     string  `json:"bets"`
	Wins     string  `json:"wins"`
	GGR      string  `json:"ggr"`
	Margin   *string `json:"margin"`
}

// ggrRow is one group of a GGR report: a day, vendor, game or game type.
type ggrRow struct {
	Key      string `json:"key"`
	Label    string `json:"label"`
	Vendor   string `json:"vendor"`
	GameType string `json:"gameType"`
	ggrTotals
}

// profitTotals are the player report's figures; profit is the players'.
type profitTotals struct {
	BetCount int64  `json:"betCount"`
	Bets     string `json:"bets"`
	Wins     string `json:"wins"`
	GGR      string `json:"ggr"`
	Profit   string `json:"profit"`
}

// profitRow is one player's profit and loss.
type profitRow struct {
	MemberID int64  `json:"memberId"`
	Username string `json:"username"`
	profitTotals
}

// activityTotals are a day's (or the period's) new and active players.
type activityTotals struct {
	Registrations int64  `json:"registrations"`
	FirstDeposits int64  `json:"firstDeposits"`
	ActivePlayers int64  `json:"activePlayers"`
	BetCount      int64  `json:"betCount"`
	Bets          string `json:"bets"`
	Wins          string `json:"wins"`
	GGR           string `json:"ggr"`
}

// activityRow is one local day.
type activityRow struct {
	Day string `json:"day"`
	activityTotals
}

var (
	reportPeriodParams = []Param{
		{Name: "from", Type: TypeString, MaxLen: 10, Description: "First local day, YYYY-MM-DD (default: 29 days before to)"},
		{Name: "to", Type: TypeString, MaxLen: 10, Description: "Last local day, YYYY-MM-DD (default: today); at most 366 days in all"},
	}
	orderParam = Param{Name: "order", Type: TypeString, Enum: []string{"asc", "desc"}, Default: "desc"}
	ggrFilters = append(append([]Param{}, reportPeriodParams...),
		Param{Name: "by", Type: TypeString, Required: true, Enum: []string{report.ByDay, report.ByVendor, report.ByGame, report.ByGameType}},
		Param{Name: "vendor", Type: TypeString, MaxLen: 40, Description: "Only this vendor's games"},
		Param{Name: "gameType", Type: TypeString, MaxLen: 40, Description: "Only games of this type"},
		Param{Name: "q", Type: TypeString, MaxLen: 40, Description: "Prefix of the row's key (game or vendor code), any case"},
		Param{Name: "sort", Type: TypeString, Enum: []string{"key", "betCount", "bets", "wins", "ggr"}, Description: "default ggr (key by day)"},
		orderParam)
	ggrParams     = append(append([]Param{}, ggrFilters...), pagingParams...)
	playerFilters = append(append([]Param{}, reportPeriodParams...),
		Param{Name: "q", Type: TypeString, MaxLen: 40, Description: "Username prefix, any case"},
		Param{Name: "sort", Type: TypeString, Enum: []string{"username", "betCount", "bets", "wins", "ggr"}, Default: "ggr"},
		orderParam)
	playerReportParams = append(append([]Param{}, playerFilters...), pagingParams...)
	activityFilters    = append(append([]Param{}, reportPeriodParams...),
		Param{Name: "sort", Type: TypeString, Enum: []string{"day"}, Default: "day"}, orderParam)
	activityParams = append(append([]Param{}, activityFilters...), pagingParams...)
)

// reportCall is what every report reads first: the merchant (nil for the
// platform), its code, the period and the page asked for (paged false:
// every row, for CSV).
type reportCall struct {
	mer    *merchant.Merchant
	code   string
	period report.Period
	page   report.Page
}

func (s *Server) reportCallOf(r *http.Request, paged bool) (reportCall, error) {
	var c reportCall
	var err error
	if c.mer, err = s.reportMerchant(r); err != nil {
		return c, err
	}
	if c.mer != nil {
		c.code = c.mer.Code
	}
	p := paramsOf(r.Context())
	if c.period, err = s.Reports.PeriodOf(c.code, p.String("from"), p.String("to")); err != nil {
		return c, err
	}
	c.page = report.Page{Sort: p.String("sort"), Desc: p.String("order") != "asc"}
	if paged {
		c.page.Num, c.page.Size = p.Int("pageNum"), p.Int("pageSize")
	}
	return c, nil
}

func pageOf[T, U any](c reportCall, content []T, total int, totals U) reportPage[T, U] {
	out := reportPage[T, U]{Content: content, PageNum: c.page.Num, PageSize: c.page.Size, Total: total, Totals: totals,
		Currency: currencyOf(c.mer), Timezone: zone(report.Offset(c.code)), From: report.Day(c.period.From), To: report.Day(c.period.To)}
	if c.page.Size > 0 {
		out.TotalPages = (total + c.page.Size - 1) / c.page.Size
	}
	return out
}

func ggrTotalsOf(f report.Figures, mer *merchant.Merchant) ggrTotals {
	return ggrTotals{BetCount: f.BetCount, Bets: money(f.Bets, mer), Wins: money(f.Wins, mer), GGR: money(f.GGR(), mer), Margin: margin(f.GGR(), f.Bets)}
}

func (s *Server) ggrReport(r *http.Request, paged bool) (reportPage[ggrRow, ggrTotals], error) {
	c, err := s.reportCallOf(r, paged)
	if err != nil {
		return reportPage[ggrRow, ggrTotals]{}, err
	}
	p := paramsOf(r.Context())
	by := p.String("by")
	if c.page.Sort == "" {
		c.page.Sort = "ggr"
		if by == report.ByDay {
			c.page.Sort = "key"
		}
	}
	rows, err := s.Reports.GGR(r.Context(), c.code, report.GGRQuery{Period: c.period, Page: c.page, By: by,
		Vendor: p.String("vendor"), GameType: p.String("gameType"), Q: p.String("q")})
	if err != nil {
		return reportPage[ggrRow, ggrTotals]{}, err
	}
	content := make([]ggrRow, 0, len(rows.Content))
	for _, g := range rows.Content {
		row := ggrRow{Key: g.Key, Label: g.Key, Vendor: g.Vendor, GameType: g.GameType, ggrTotals: ggrTotalsOf(g.Figures, c.mer)}
		switch by {
		case report.ByVendor:
			if v, err := s.Catalog.AnyVendor(r.Context(), g.Key); err == nil {
				row.Label = v.Name
			}
		case report.ByGame:
			if game, err := s.Catalog.Game(r.Context(), g.Key); err == nil {
				row.Label = game.Name("EN")
			}
		}
		content = append(content, row)
	}
	return pageOf(c, content, rows.Total, ggrTotalsOf(rows.Totals, c.mer)), nil
}

func (s *Server) adminGGR(r *http.Request) (any, error) { return s.ggrReport(r, true) }

func (s *Server) adminGGRCSV(w http.ResponseWriter, r *http.Request) {
	page, err := s.ggrReport(r, false)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	rows := [][]string{{"key", "label", "vendor", "gameType", "betCount", "bets", "wins", "ggr", "margin"}}
	for _, g := range page.Content {
		rows = append(rows, []string{text(g.Key), text(g.Label), text(g.Vendor), text(g.GameType), strconv.FormatInt(g.BetCount, 10), g.Bets, g.Wins, g.GGR, orEmpty(g.Margin)})
	}
	s.writeCSV(w, r, "ggr-"+paramsOf(r.Context()).String("by")+"-"+page.From+"-"+page.To+".csv", rows)
}

func profitTotalsOf(f report.Figures, mer *merchant.Merchant) profitTotals {
	return profitTotals{BetCount: f.BetCount, Bets: money(f.Bets, mer), Wins: money(f.Wins, mer), GGR: money(f.GGR(), mer), Profit: money(-f.GGR(), mer)}
}

func (s *Server) playerReport(r *http.Request, paged bool) (reportPage[profitRow, profitTotals], error) {
	c, err := s.reportCallOf(r, paged)
	if err != nil {
		return reportPage[profitRow, profitTotals]{}, err
	}
	rows, err := s.Reports.Players(r.Context(), c.code, report.PlayersQuery{Period: c.period, Page: c.page, Q: paramsOf(r.Context()).String("q")})
	if err != nil {
		return reportPage[profitRow, profitTotals]{}, err
	}
	content := make([]profitRow, 0, len(rows.Content))
	for _, p := range rows.Content {
		content = append(content, profitRow{MemberID: p.MemberID, Username: p.Username, profitTotals: profitTotalsOf(p.Figures, c.mer)})
	}
	return pageOf(c, content, rows.Total, profitTotalsOf(rows.Totals, c.mer)), nil
}

func (s *Server) adminPlayerReport(r *http.Request) (any, error) { return s.playerReport(r, true) }

func (s *Server) adminPlayerReportCSV(w http.ResponseWriter, r *http.Request) {
	page, err := s.playerReport(r, false)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	rows := [][]string{{"memberId", "username", "betCount", "bets", "wins", "ggr", "profit"}}
	for _, p := range page.Content {
		rows = append(rows, []string{strconv.FormatInt(p.MemberID, 10), text(p.Username), strconv.FormatInt(p.BetCount, 10), p.Bets, p.Wins, p.GGR, p.Profit})
	}
	s.writeCSV(w, r, "players-"+page.From+"-"+page.To+".csv", rows)
}

func activityTotalsOf(f report.Figures, mer *merchant.Merchant) activityTotals {
	return activityTotals{Registrations: f.Registrations, FirstDeposits: f.FirstDeposits, ActivePlayers: f.ActivePlayers, BetCount: f.BetCount,
		Bets: money(f.Bets, mer), Wins: money(f.Wins, mer), GGR: money(f.GGR(), mer)}
}

func (s *Server) activityReport(r *http.Request, paged bool) (reportPage[activityRow, activityTotals], error) {
	c, err := s.reportCallOf(r, paged)
	if err != nil {
		return reportPage[activityRow, activityTotals]{}, err
	}
	rows, err := s.Reports.Activity(r.Context(), c.code, c.period, c.page)
	if err != nil {
		return reportPage[activityRow, activityTotals]{}, err
	}
	content := make([]activityRow, 0, len(rows.Content))
	for _, d := range rows.Content {
		content = append(content, activityRow{Day: d.Day, activityTotals: activityTotalsOf(d.Figures, c.mer)})
	}
	return pageOf(c, content, rows.Total, activityTotalsOf(rows.Totals, c.mer)), nil
}

func (s *Server) adminActivity(r *http.Request) (any, error) { return s.activityReport(r, true) }

func (s *Server) adminActivityCSV(w http.ResponseWriter, r *http.Request) {
	page, err := s.activityReport(r, false)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	rows := [][]string{{"day", "registrations", "firstDeposits", "activePlayers", "betCount", "bets", "wins", "ggr"}}
	for _, d := range page.Content {
		rows = append(rows, []string{d.Day, strconv.FormatInt(d.Registrations, 10), strconv.FormatInt(d.FirstDeposits, 10),
			strconv.FormatInt(d.ActivePlayers, 10), strconv.FormatInt(d.BetCount, 10), d.Bets, d.Wins, d.GGR})
	}
	s.writeCSV(w, r, "activity-"+page.From+"-"+page.To+".csv", rows)
}

func orEmpty(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}

// text defuses a text cell a spreadsheet would read as a formula, as the
// audit export does. Amounts are left as they are: the server writes them
// (digits, one point, perhaps a leading minus) and a quoted "'-5.00" would
// no longer add up in the sheet.
func text(v string) string { return operator.SafeCell(v) }

// writeCSV answers rows as a CSV attachment.
func (s *Server) writeCSV(w http.ResponseWriter, r *http.Request, name string, rows [][]string) {
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename=%q`, name))
	w.Header().Set("X-Content-Type-Options", "nosniff")
	cw := csv.NewWriter(w)
	for _, row := range rows {
		if err := cw.Write(row); err != nil {
			break
		}
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		s.log.ErrorContext(r.Context(), "report export failed", "err", err, "request_id", requestID(r.Context()))
	}
}
