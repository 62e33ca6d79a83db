package httpapi

import (
	"net/http"
	"time"

	"portal/internal/provider"
	"portal/internal/wallet"
)

// maxReportDays bounds a record's date range.
const maxReportDays = 90

// reportPeriod reads startDate, endDate (the member's local dates, both
// included) and tz (minutes, as the browser's getTimezoneOffset: UTC minus
// local). Without dates it is the last 7 days.
func reportPeriod(r *http.Request) (provider.Period, error) {
	p := paramsOf(r.Context())
	offset := -time.Duration(p.Int("tz")) * time.Minute
	today := time.Now().UTC().Add(offset).Truncate(24 * time.Hour)
	start, end := today.AddDate(0, 0, -6), today
	var err error
	if v := p.String("startDate"); v != "" {
		if start, err = time.Parse(time.DateOnly, v); err != nil {
			return provider.Period{}, badParam("startDate", "YYYY-MM-DD")
		}
	}
	if v := p.String("endDate"); v != "" {
		if end, err = time.Parse(time.DateOnly, v); err != nil {
			return provider.Period{}, badParam("endDate", "YYYY-MM-DD")
		}
	}
	if end.Before(start) {
		return provider.Period{}, badParam("endDate", "before startDate")
	}
	if end.Sub(start) >= maxReportDays*24*time.Hour {
		return provider.Period{}, badParam("endDate", "at most 90 days after startDate")
	}
	// Local midnight is UTC midnight less the offset.
	return provider.Period{From: start.Add(-offset), To: end.AddDate(0, 0, 1).Add(-offset), Offset: offset}, nil
}

func (s *Server) betHistory(r *http.Request) (any, error) {
	period, err := reportPeriod(r)
	if err != nil {
		return nil, err
	}
	ctx := r.Context()
	p := paramsOf(ctx)
	return s.Games.BetHistory(ctx, memberOf(ctx).ID, provider.BetFilter{Period: period, GameType: p.String("gameType"), Vendor: p.String("vassalage"),
		Language: languageOf(ctx), Page: p.Int("pageNo"), Size: p.Int("pageSize")})
}

func (s *Server) transactionHistory(r *http.Request) (any, error) {
	period, err := reportPeriod(r)
	if err != nil {
		return nil, err
	}
	ctx := r.Context()
	p := paramsOf(ctx)
	m, mer := memberOf(ctx), merchantOf(ctx)
	return s.Wallet.History(ctx, mer.Code, wallet.Member(m.ID, mer.Currency), period.From, period.To, p.String("type"), p.Int("pageNo"), p.Int("pageSize"))
}

func (s *Server) personalProfit(r *http.Request) (any, error) {
	period, err := reportPeriod(r)
	if err != nil {
		return nil, err
	}
	ctx := r.Context()
	return s.Games.ProfitAndLoss(ctx, memberOf(ctx).ID, period)
}
