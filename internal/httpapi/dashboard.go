package httpapi

import (
	"fmt"
	"math/big"
	"net/http"
	"time"

	"portal/internal/merchant"
	"portal/internal/report"
	"portal/internal/wallet"
)

// figures is report.Figures as the back office reads them: amounts in
// major units of the merchant's currency, as strings.
type figures struct {
	Registrations int64   `json:"registrations"`
	FirstDeposits int64   `json:"firstDeposits"`
	ActivePlayers int64   `json:"activePlayers"`
	BetCount      int64   `json:"betCount"`
	Bets          string  `json:"bets"`
	Wins          string  `json:"wins"`
	GGR           string  `json:"ggr"`
	Margin        *string `json:"margin"`
}

// dashboardHour is one local hour of today (null until it begins) and of
// yesterday.
type dashboardHour struct {
	Hour      int      `json:"hour"`
	Today     *figures `json:"today"`
	Yesterday figures  `json:"yesterday"`
}

// dashboardValue is GET /admin/api/dashboard's answer.
type dashboardValue struct {
	Currency    string          `json:"currency"`
	Timezone    string          `json:"timezone"`
	GeneratedAt time.Time       `json:"generatedAt"`
	Today       figures         `json:"today"`
	Yesterday   figures         `json:"yesterday"`
	Hours       []dashboardHour `json:"hours"`
}

// reportMerchant is the merchant whose figures the call reads: the call's
// own, never one named by the client. The platform itself has none (nil):
// its figures are empty.
func (s *Server) reportMerchant(r *http.Request) (*merchant.Merchant, error) {
	a := adminOf(r.Context())
	if a.merchant == "" {
		return nil, nil
	}
	return s.Merchants.Lookup(r.Context(), a.merchant)
}

// money formats minor units for mer (no merchant: whole units).
func money(v int64, mer *merchant.Merchant) string {
	if mer == nil {
		return wallet.FormatAmount(v, 0)
	}
	return wallet.FormatAmount(v, mer.Decimals)
}

// margin is ggr / bets * 100 with two decimals, rounded half away from
// zero; nil when nothing was bet. big.Int: ggr * 10000 may not fit int64.
func margin(ggr, bets int64) *string {
	if bets == 0 {
		return nil
	}
	n := new(big.Int).Mul(big.NewInt(ggr), big.NewInt(10000))
	d := big.NewInt(bets)
	neg := n.Sign()*d.Sign() < 0
	n.Abs(n)
	d.Abs(d)
	q, rem := new(big.Int).QuoRem(n, d, new(big.Int))
	if rem.Mul(rem, big.NewInt(2)).Cmp(d) >= 0 {
		q.Add(q, big.NewInt(1))
	}
	if neg {
		q.Neg(q)
	}
	s := wallet.FormatAmount(q.Int64(), 2)
	return &s
}

func figuresOf(f report.Figures, mer *merchant.Merchant) figures {
	return figures{Registrations: f.Registrations, FirstDeposits: f.FirstDeposits, ActivePlayers: f.ActivePlayers, BetCount: f.BetCount,
		Bets: money(f.Bets, mer), Wins: money(f.Wins, mer), GGR: money(f.GGR(), mer), Margin: margin(f.GGR(), f.Bets)}
}

// zone writes a whole-hour offset as +07:00.
func zone(offset time.Duration) string {
	sign, m := "+", int64(offset/time.Minute)
	if m < 0 {
		sign, m = "-", -m
	}
	return fmt.Sprintf("%s%02d:%02d", sign, m/60, m%60)
}

func currencyOf(mer *merchant.Merchant) string {
	if mer == nil {
		return ""
	}
	return mer.Currency
}

func (s *Server) adminDashboard(r *http.Request) (any, error) {
	mer, err := s.reportMerchant(r)
	if err != nil {
		return nil, err
	}
	code := ""
	if mer != nil {
		code = mer.Code
	}
	d, err := s.Reports.Dashboard(r.Context(), code)
	if err != nil {
		return nil, err
	}
	out := dashboardValue{Currency: currencyOf(mer), Timezone: zone(d.Offset), GeneratedAt: d.GeneratedAt,
		Today: figuresOf(d.Today, mer), Yesterday: figuresOf(d.Yesterday, mer), Hours: make([]dashboardHour, 0, 24)}
	for _, h := range d.Hours {
		row := dashboardHour{Hour: h.Hour, Yesterday: figuresOf(h.Yesterday, mer)}
		if h.Today != nil {
			f := figuresOf(*h.Today, mer)
			row.Today = &f
		}
		out.Hours = append(out.Hours, row)
	}
	return out, nil
}
