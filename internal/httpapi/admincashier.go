package httpapi

import (
	"net/http"
	"strconv"
	"time"

	"github.com/go-chi/chi/v5"

	"portal/internal/cashier"
	"portal/internal/merchant"
	"portal/internal/report"
	"portal/internal/wallet"
)

// The back office's cashier (issue 14, decision 0028): the deposit queue
// with its filters and CSV, approve and reject, proofs, channel settings
// and the daily cashier report. Amounts are major-unit strings, as
// everywhere in the back office. Another merchant's order or channel is
// 404; the wrapper checks cashier.read, cashier.decide or
// cashier.channels and audits every change.

type (
	// adminDeposit is a deposit order in the finance queue.
	adminDeposit struct {
		ID          int64      `json:"id"`
		MemberID    int64      `json:"memberId"`
		Username    string     `json:"username"`
		ChannelID   int64      `json:"channelId"`
		ChannelName string     `json:"channelName"`
		Gateway     string     `json:"gateway"`
		Amount      string     `json:"amount"`
		Fee         string     `json:"fee"`
		Credit      string     `json:"credit"`
		PaidAmount  string     `json:"paidAmount"`
		Currency    string     `json:"currency"`
		Status      string     `json:"status"`
		Reference   string     `json:"reference"`
		ProofURL    string     `json:"proofUrl"`
		PSPOrderID  string     `json:"pspOrderId"`
		Reason      string     `json:"reason"`
		CreatedAt   time.Time  `json:"createdAt"`
		DecidedAt   *time.Time `json:"decidedAt"`
		DecidedBy   string     `json:"decidedBy"`
	}
	depositDecision struct {
		Reason string `json:"reason"`
	}
	// adminChannel is a channel as its settings show it; the webhook
	// secret is never answered, only whether one exists.
	adminChannel struct {
		ID int64 `json:"id"`
		channelFields
		HasSecret bool `json:"hasSecret"`
	}
	// channelFields are a channel's settings, the body of create and
	// update (the code and gateway of an existing channel cannot change).
	channelFields struct {
		Code         string            `json:"code"`
		Name         string            `json:"name"`
		Kind         string            `json:"kind"`
		Gateway      string            `json:"gateway"`
		Currency     string            `json:"currency"`
		Min          string            `json:"min"`
		Max          string            `json:"max"`
		FeeBps       int               `json:"feeBps"`
		FeeFixed     string            `json:"feeFixed"`
		DailyCount   int               `json:"dailyCount"`
		DailyAmount  string            `json:"dailyAmount"`
		DisplayOrder int               `json:"displayOrder"`
		VIPLevels    []int             `json:"vipLevels"`
		Enabled      bool              `json:"enabled"`
		Instructions map[string]string `json:"instructions"`
		Bank         *cashier.Bank     `json:"bank"`
	}
	adminChannelList struct {
		Channels []adminChannel `json:"channels"`
	}
	// cashierFigures are the report's figures of a day and channel, or of
	// the whole period.
	cashierFigures struct {
		Deposits         int    `json:"deposits"`
		DepositAmount    string `json:"depositAmount"`
		Fees             string `json:"fees"`
		Withdrawals      int    `json:"withdrawals"`
		WithdrawalAmount string `json:"withdrawalAmount"`
		Refunds          string `json:"refunds"`
		Net              string `json:"net"`
	}
	cashierReportRow struct {
		Day         string `json:"day"`
		ChannelID   int64  `json:"channelId"`
		ChannelName string `json:"channelName"`
		cashierFigures
	}
	cashierReport struct {
		From    string             `json:"from"`
		To      string             `json:"to"`
		Content []cashierReportRow `json:"content"`
		Totals  cashierFigures     `json:"totals"`
	}
)

// Parameters of the finance queue and report.
var (
	depositFilterParams = []Param{
		{Name: "status", Type: TypeString, Enum: cashier.Statuses, Description: "Only orders of this status"},
		{Name: "channelId", Type: TypeInteger, Min: 1, Max: 1 << 62, Description: "Only orders of this channel"},
		{Name: "q", Type: TypeString, MaxLen: 64, Description: "Username prefix, or an order id"},
		{Name: "from", Type: TypeString, MaxLen: 10, Description: "First local day of creation, YYYY-MM-DD"},
		{Name: "to", Type: TypeString, MaxLen: 10, Description: "Last local day of creation, YYYY-MM-DD"},
		{Name: "sort", Type: TypeString, Enum: []string{"createdAt", "amount"}, Default: "createdAt"},
		{Name: "order", Type: TypeString, Enum: []string{"asc", "desc"}, Default: "desc"},
	}
	depositQueueParams = append(append([]Param{}, depositFilterParams...),
		Param{Name: "pageNum", Type: TypeInteger, Min: 1, Max: 100000, Default: "1"},
		Param{Name: "pageSize", Type: TypeInteger, Min: 1, Max: 100, Default: "20"})
	cashierReportParams = []Param{
		{Name: "from", Type: TypeString, MaxLen: 10, Description: "First local day, YYYY-MM-DD (default: 29 days before to)"},
		{Name: "to", Type: TypeString, MaxLen: 10, Description: "Last local day, YYYY-MM-DD (default: today)"},
	}
)

// cashierMerchant is the merchant the call acts on; the platform itself,
// naming none, has no orders or channels (nil).
func (s *Server) cashierMerchant(r *http.Request) (*merchant.Merchant, error) {
	if err := s.cashierReady(); err != nil {
		return nil, err
	}
	a := adminOf(r.Context())
	if a.merchant == "" {
		return nil, nil
	}
	return s.Merchants.Lookup(r.Context(), a.merchant)
}

// cashierMerchantRequired is cashierMerchant for calls on one object or
// that change something: without a merchant there is none.
func (s *Server) cashierMerchantRequired(r *http.Request) (*merchant.Merchant, error) {
	mer, err := s.cashierMerchant(r)
	if err == nil && mer == nil {
		err = cashier.ErrNotFound
	}
	return mer, err
}

func adminDepositOf(o cashier.Order, mer *merchant.Merchant) adminDeposit {
	d := adminDeposit{ID: o.ID, MemberID: o.MemberID, Username: o.Username, ChannelID: o.ChannelID, ChannelName: o.ChannelName, Gateway: o.Gateway,
		Amount: money(o.Amount, mer), Fee: money(o.Fee, mer), Credit: money(o.Credit, mer), Currency: o.Currency,
		Status: o.Status, Reference: o.Reference, PSPOrderID: o.PSPOrderID, Reason: o.Reason, CreatedAt: o.CreatedAt, DecidedAt: o.DecidedAt,
		DecidedBy: o.DecidedBy}
	// What the gateway said was paid, only when it said so: "" for a manual
	// order (nothing reported) rather than a misleading 0.00.
	if o.PaidAmount != 0 {
		d.PaidAmount = money(o.PaidAmount, mer)
	}
	if o.ProofKey != "" {
		d.ProofURL = "/admin/api/cashier/proofs/" + strconv.FormatInt(o.ID, 10)
	}
	return d
}

func depositFilterOf(r *http.Request, mer *merchant.Merchant) (cashier.Filter, error) {
	p := paramsOf(r.Context())
	f := cashier.Filter{Merchant: mer.Code, Status: p.String("status"), Query: p.String("q"), SortAmount: p.String("sort") == "amount",
		Ascending: p.String("order") == "asc"}
	if v := p.String("channelId"); v != "" {
		f.ChannelID, _ = strconv.ParseInt(v, 10, 64)
	}
	offset := report.Offset(mer.Code).Milliseconds()
	for name, dst := range map[string]*int64{"from": &f.From, "to": &f.To} {
		v := p.String(name)
		if v == "" {
			continue
		}
		day, err := report.ParseDay(v)
		if err != nil {
			return f, badParam(name, "YYYY-MM-DD")
		}
		if name == "to" {
			day++
		}
		*dst = day*86_400_000 - offset
	}
	return f, nil
}

func (s *Server) adminDeposits(r *http.Request) (any, error) {
	p := paramsOf(r.Context())
	num, size := p.Int("pageNum"), p.Int("pageSize")
	page := Page[adminDeposit]{Content: []adminDeposit{}, PageNum: num, PageSize: size}
	mer, err := s.cashierMerchant(r)
	if err != nil || mer == nil {
		return page, err
	}
	f, err := depositFilterOf(r, mer)
	if err != nil {
		return nil, err
	}
	list, total, err := s.Cashier.Orders(r.Context(), f, num, size)
	if err != nil {
		return nil, err
	}
	out := make([]adminDeposit, 0, len(list))
	for _, o := range list {
		out = append(out, adminDepositOf(o, mer))
	}
	return newPage(out, num, size, total), nil
}

func (s *Server) adminDepositsCSV(w http.ResponseWriter, r *http.Request) {
	rows := [][]string{{"id", "memberId", "username", "channelId", "channelName", "gateway", "amount", "fee", "credit", "currency", "status",
		"reference", "pspOrderId", "reason", "createdAt", "decidedAt", "decidedBy"}}
	mer, err := s.cashierMerchant(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	if mer != nil {
		f, err := depositFilterOf(r, mer)
		if err != nil {
			s.writeError(w, r, err)
			return
		}
		list, err := s.Cashier.AllOrders(r.Context(), f)
		if err != nil {
			s.writeError(w, r, err)
			return
		}
		for _, o := range list {
			d := adminDepositOf(o, mer)
			decided := ""
			if d.DecidedAt != nil {
				decided = d.DecidedAt.Format(time.RFC3339)
			}
			rows = append(rows, []string{strconv.FormatInt(d.ID, 10), strconv.FormatInt(d.MemberID, 10), text(d.Username),
				strconv.FormatInt(d.ChannelID, 10), text(d.ChannelName), d.Gateway, d.Amount, d.Fee, d.Credit, d.Currency, d.Status,
				text(d.Reference), text(d.PSPOrderID), text(d.Reason), d.CreatedAt.Format(time.RFC3339), decided, text(d.DecidedBy)})
		}
	}
	s.writeCSV(w, r, "deposits.csv", rows)
}

// decideDeposit approves or rejects order {id} as the calling operator.
func (s *Server) decideDeposit(w http.ResponseWriter, r *http.Request, approve bool) (any, error) {
	a := adminOf(r.Context())
	a.target = "deposit:" + chi.URLParam(r, "id")
	var req depositDecision
	if err := decodeJSON(w, r, &req); err != nil {
		return nil, err
	}
	mer, err := s.cashierMerchantRequired(r)
	if err != nil {
		return nil, err
	}
	id, err := pathID(r)
	if err != nil {
		return nil, err
	}
	by := ""
	if a.session != nil {
		by = a.session.Operator.Username
	}
	decide := s.Cashier.Reject
	if approve {
		decide = s.Cashier.Approve
	}
	before, after, err := decide(r.Context(), mer.Code, id, by, req.Reason)
	if err != nil {
		return nil, err
	}
	row := adminDepositOf(after, mer)
	a.note(a.target, adminDepositOf(before, mer), row)
	return row, nil
}

func (s *Server) adminApproveDeposit(w http.ResponseWriter, r *http.Request) (any, error) {
	return s.decideDeposit(w, r, true)
}

func (s *Server) adminRejectDeposit(w http.ResponseWriter, r *http.Request) (any, error) {
	return s.decideDeposit(w, r, false)
}

func (s *Server) adminDepositProof(w http.ResponseWriter, r *http.Request) {
	mer, err := s.cashierMerchantRequired(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	id, err := pathID(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	p, err := s.Cashier.OrderProof(r.Context(), mer.Code, id)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeProof(w, p)
}

func adminChannelOf(c cashier.Channel, mer *merchant.Merchant) adminChannel {
	return adminChannel{ID: c.ID, HasSecret: c.HasSecret, channelFields: channelFields{Code: c.Code, Name: c.Name, Kind: c.Kind, Gateway: c.Gateway,
		Currency: c.Currency, Min: money(c.Min, mer), Max: money(c.Max, mer), FeeBps: c.FeeBps, FeeFixed: money(c.FeeFixed, mer),
		DailyCount: c.DailyCount, DailyAmount: money(c.DailyAmount, mer), DisplayOrder: c.DisplayOrder, VIPLevels: c.VIPLevels, Enabled: c.Enabled,
		Instructions: c.Instructions, Bank: c.Bank}}
}

func (s *Server) adminChannels(r *http.Request) (any, error) {
	out := adminChannelList{Channels: []adminChannel{}}
	mer, err := s.cashierMerchant(r)
	if err != nil || mer == nil {
		return out, err
	}
	list, err := s.Cashier.Channels(r.Context(), mer.Code)
	if err != nil {
		return nil, err
	}
	for _, c := range list {
		out.Channels = append(out.Channels, adminChannelOf(c, mer))
	}
	return out, nil
}

// channelOf reads the settings' amounts in the merchant's precision.
func channelOf(f channelFields, mer *merchant.Merchant) (cashier.Channel, error) {
	c := cashier.Channel{Code: f.Code, Name: f.Name, Kind: f.Kind, Gateway: f.Gateway, Currency: f.Currency, FeeBps: f.FeeBps,
		DailyCount: f.DailyCount, DisplayOrder: f.DisplayOrder, VIPLevels: f.VIPLevels, Enabled: f.Enabled, Instructions: f.Instructions, Bank: f.Bank}
	if c.VIPLevels == nil {
		c.VIPLevels = []int{}
	}
	for _, a := range []struct {
		field, v string
		dst      *int64
	}{{"min", f.Min, &c.Min}, {"max", f.Max, &c.Max}, {"feeFixed", f.FeeFixed, &c.FeeFixed}, {"dailyAmount", f.DailyAmount, &c.DailyAmount}} {
		if a.v == "" && (a.field == "feeFixed" || a.field == "dailyAmount") {
			continue
		}
		v, err := wallet.ParseAmount(a.v, mer.Decimals)
		if err != nil {
			return c, &cashier.ChannelError{Field: a.field, Reason: "an amount in the currency's precision"}
		}
		*a.dst = v
	}
	return c, nil
}

func (s *Server) adminCreateChannel(w http.ResponseWriter, r *http.Request) (any, error) {
	var req channelFields
	if err := decodeJSON(w, r, &req); err != nil {
		return nil, err
	}
	mer, err := s.cashierMerchantRequired(r)
	if err != nil {
		return nil, err
	}
	c, err := channelOf(req, mer)
	if err != nil {
		return nil, err
	}
	created, err := s.Cashier.CreateChannel(r.Context(), mer.Code, mer.Currency, c)
	if err != nil {
		return nil, err
	}
	row := adminChannelOf(created, mer)
	adminOf(r.Context()).note("channel:"+strconv.FormatInt(created.ID, 10), nil, row)
	return row, nil
}

func (s *Server) adminUpdateChannel(w http.ResponseWriter, r *http.Request) (any, error) {
	a := adminOf(r.Context())
	a.target = "channel:" + chi.URLParam(r, "id")
	var req channelFields
	if err := decodeJSON(w, r, &req); err != nil {
		return nil, err
	}
	mer, err := s.cashierMerchantRequired(r)
	if err != nil {
		return nil, err
	}
	id, err := pathID(r)
	if err != nil {
		return nil, err
	}
	c, err := channelOf(req, mer)
	if err != nil {
		return nil, err
	}
	before, after, err := s.Cashier.UpdateChannel(r.Context(), mer.Code, mer.Currency, id, c)
	if err != nil {
		return nil, err
	}
	row := adminChannelOf(after, mer)
	a.note(a.target, adminChannelOf(before, mer), row)
	return row, nil
}

func (s *Server) cashierReportOf(r *http.Request) (cashierReport, error) {
	out := cashierReport{Content: []cashierReportRow{}}
	mer, err := s.cashierMerchant(r)
	if err != nil {
		return out, err
	}
	code := ""
	if mer != nil {
		code = mer.Code
	}
	p := paramsOf(r.Context())
	period, err := report.NewService(nil, nil).PeriodOf(code, p.String("from"), p.String("to"))
	if err != nil {
		return out, err
	}
	from, to := time.Unix(period.From*86400, 0).UTC(), time.Unix(period.To*86400, 0).UTC()
	out.From, out.To = from.Format(time.DateOnly), to.Format(time.DateOnly)
	out.Totals = cashierFiguresOf(cashier.DayFigures{}, mer)
	if mer == nil {
		return out, nil
	}
	rows, total, err := s.Cashier.Report(r.Context(), mer.Code, from, to)
	if err != nil {
		return out, err
	}
	for _, d := range rows {
		out.Content = append(out.Content, cashierReportRow{Day: d.Day, ChannelID: d.ChannelID, ChannelName: d.ChannelName, cashierFigures: cashierFiguresOf(d, mer)})
	}
	out.Totals = cashierFiguresOf(total, mer)
	return out, nil
}

func cashierFiguresOf(d cashier.DayFigures, mer *merchant.Merchant) cashierFigures {
	return cashierFigures{Deposits: d.Deposits, DepositAmount: money(d.DepositAmount, mer), Fees: money(d.Fees, mer), Withdrawals: d.Withdrawals,
		WithdrawalAmount: money(d.WithdrawalAmount, mer), Refunds: money(d.Refunds, mer), Net: money(d.Net, mer)}
}

func (s *Server) adminCashierReport(r *http.Request) (any, error) { return s.cashierReportOf(r) }

func (s *Server) adminCashierReportCSV(w http.ResponseWriter, r *http.Request) {
	rep, err := s.cashierReportOf(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	rows := [][]string{{"day", "channelId", "channelName", "deposits", "depositAmount", "fees", "withdrawals", "withdrawalAmount", "refunds", "net"}}
	for _, d := range rep.Content {
		rows = append(rows, []string{d.Day, strconv.FormatInt(d.ChannelID, 10), text(d.ChannelName), strconv.Itoa(d.Deposits), d.DepositAmount,
			d.Fees, strconv.Itoa(d.Withdrawals), d.WithdrawalAmount, d.Refunds, d.Net})
	}
	s.writeCSV(w, r, "cashier-"+rep.From+"-"+rep.To+".csv", rows)
}
