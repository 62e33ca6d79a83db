package httpapi

import (
	"net/http"
	"slices"
	"strconv"
	"time"

	"github.com/go-chi/chi/v5"

	"portal/internal/cashier"
	"portal/internal/merchant"
	"portal/internal/operator"
	"portal/internal/wallet"
)

// The back office's withdrawals (decision 0030): the queue with its filters
// and CSV, approve, reject, disputes with the member's proofs, and the
// withdrawal policy. Amounts are major-unit strings, as everywhere in the
// back office. The whole account number is shown only to operators who
// may decide (they pay to it); read-only staff see its last four.

type (
	adminTurnover struct {
		Required string `json:"required"`
		Done     string `json:"done"`
	}
	adminWithdrawal struct {
		ID               int64          `json:"id"`
		MemberID         int64          `json:"memberId"`
		Username         string         `json:"username"`
		BankAccountID    int64          `json:"bankAccountId"`
		BankName         string         `json:"bankName"`
		AccountName      string         `json:"accountName"`
		AccountNumber    string         `json:"accountNumber"`
		AccountMasked    string         `json:"accountMasked"`
		Amount           string         `json:"amount"`
		Currency         string         `json:"currency"`
		Status           string         `json:"status"`
		Reason           string         `json:"reason"`
		Payout           string         `json:"payout"`
		PayoutRef        string         `json:"payoutRef"`
		Receipt          string         `json:"receipt"`
		ReceiptRemaining string         `json:"receiptRemaining"`
		ReceiptNote      string         `json:"receiptNote"`
		ProofURLs        []string       `json:"proofUrls"`
		Resolution       string         `json:"resolution"`
		Turnover         *adminTurnover `json:"turnover,omitempty"`
		CreatedAt        time.Time      `json:"createdAt"`
		DecidedAt        *time.Time     `json:"decidedAt"`
		DecidedBy        string         `json:"decidedBy"`
		PaidAt           *time.Time     `json:"paidAt"`
		ReceiptDueAt     *time.Time     `json:"receiptDueAt"`
		ReceiptAt        *time.Time     `json:"receiptAt"`
		ResolvedAt       *time.Time     `json:"resolvedAt"`
		ResolvedBy       string         `json:"resolvedBy"`
		// MatchedDeposit is the deposit order of the member paying a p2p
		// withdrawal (0: none).
		MatchedDeposit int64 `json:"matchedDeposit"`
	}
	withdrawalDecision struct {
		Reason          string `json:"reason"`
		PayoutReference string `json:"payoutReference"`
	}
	disputeDecision struct {
		Outcome string `json:"outcome"`
		Reason  string `json:"reason"`
	}
	// adminPolicy is the withdrawal policy as the settings show it.
	adminPolicy struct {
		TurnoverPct    int    `json:"turnoverPct"`
		Min            string `json:"min"`
		Max            string `json:"max"`
		DailyCount     int    `json:"dailyCount"`
		DailyAmount    string `json:"dailyAmount"`
		MaxOpen        int    `json:"maxOpen"`
		ReceiptMinutes int    `json:"receiptMinutes"`
		Payout         string `json:"payout"`
		UplineMin      string `json:"uplineMin"`
		UplineMax      string `json:"uplineMax"`
		UplineDaily    string `json:"uplineDaily"`
		Currency       string `json:"currency,omitempty"`
		Decimals       int    `json:"decimals,omitempty"`
	}
)

var (
	withdrawFilterParams = []Param{
		{Name: "status", Type: TypeString, Enum: cashier.WithdrawStatuses, Description: "Only withdrawals of this status"},
		{Name: "q", Type: TypeString, MaxLen: 64, Description: "Username prefix, or an order id"},
		{Name: "from", Type: TypeString, MaxLen: 10, Description: "First local day of creation, YYYY-MM-DD"},
		{Name: "to", Type: TypeString, MaxLen: 10, Description: "Last local day of creation, YYYY-MM-DD"},
		{Name: "sort", Type: TypeString, Enum: []string{"createdAt", "amount"}, Default: "createdAt"},
		{Name: "order", Type: TypeString, Enum: []string{"asc", "desc"}, Default: "desc"},
	}
	withdrawQueueParams = append(append([]Param{}, withdrawFilterParams...),
		Param{Name: "pageNum", Type: TypeInteger, Min: 1, Max: 100000, Default: "1"},
		Param{Name: "pageSize", Type: TypeInteger, Min: 1, Max: 100, Default: "20"})
)

// seesAccountNumbers reports whether the calling operator may see whole
// account numbers: those who decide, and so pay.
func seesAccountNumbers(r *http.Request) bool {
	a := adminOf(r.Context())
	return a != nil && a.session != nil && slices.Contains(a.session.Permissions, operator.CashierDecide)
}

func adminWithdrawalOf(w cashier.Withdrawal, mer *merchant.Merchant, whole bool) adminWithdrawal {
	v := adminWithdrawal{ID: w.ID, MemberID: w.MemberID, Username: w.Username, BankAccountID: w.BankAccount.ID, BankName: w.BankAccount.BankName,
		AccountName: w.BankAccount.Name, AccountMasked: w.BankAccount.Masked(), Amount: money(w.Amount, mer), Currency: w.Currency, Status: w.Status,
		Reason: w.Reason, Payout: w.Payout, PayoutRef: w.PayoutRef, Receipt: w.Receipt, ReceiptNote: w.ReceiptNote, ProofURLs: []string{},
		Resolution: w.Resolution, CreatedAt: w.CreatedAt, DecidedAt: w.DecidedAt, DecidedBy: w.DecidedBy, PaidAt: w.PaidAt,
		ReceiptDueAt: w.ReceiptDueAt, ReceiptAt: w.ReceiptAt, ResolvedAt: w.ResolvedAt, ResolvedBy: w.ResolvedBy, MatchedDeposit: w.MatchedDeposit}
	v.AccountNumber = v.AccountMasked
	if whole {
		v.AccountNumber = w.BankAccount.Number
	}
	if w.ReceiptRemaining != 0 {
		v.ReceiptRemaining = money(w.ReceiptRemaining, mer)
	}
	for i := range w.Proofs {
		v.ProofURLs = append(v.ProofURLs, "/admin/api/cashier/withdrawals/"+strconv.FormatInt(w.ID, 10)+"/proofs/"+strconv.Itoa(i))
	}
	return v
}

func (s *Server) adminWithdrawals(r *http.Request) (any, error) {
	p := paramsOf(r.Context())
	num, size := p.Int("pageNum"), p.Int("pageSize")
	page := Page[adminWithdrawal]{Content: []adminWithdrawal{}, PageNum: num, PageSize: size}
	mer, err := s.cashierMerchant(r)
	if err != nil || mer == nil {
		return page, err
	}
	f, err := depositFilterOf(r, mer)
	if err != nil {
		return nil, err
	}
	list, total, err := s.Cashier.Withdrawals(r.Context(), f, num, size)
	if err != nil {
		return nil, err
	}
	whole := seesAccountNumbers(r)
	out := make([]adminWithdrawal, 0, len(list))
	for _, w := range list {
		out = append(out, adminWithdrawalOf(w, mer, whole))
	}
	return newPage(out, num, size, total), nil
}

func (s *Server) adminWithdrawalsCSV(w http.ResponseWriter, r *http.Request) {
	rows := [][]string{{"id", "memberId", "username", "bankName", "accountName", "accountNumber", "amount", "currency", "status", "payout",
		"payoutRef", "receipt", "receiptRemaining", "resolution", "reason", "createdAt", "decidedAt", "decidedBy", "paidAt"}}
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
		list, _, err := s.Cashier.Withdrawals(r.Context(), f, 1, 0)
		if err != nil {
			s.writeError(w, r, err)
			return
		}
		stamp := func(t *time.Time) string {
			if t == nil {
				return ""
			}
			return t.Format(time.RFC3339)
		}
		// The export is a list to work from, not a copy of members' bank
		// details: account numbers stay masked in it.
		for _, o := range list {
			v := adminWithdrawalOf(o, mer, false)
			rows = append(rows, []string{strconv.FormatInt(v.ID, 10), strconv.FormatInt(v.MemberID, 10), text(v.Username), text(v.BankName),
				text(v.AccountName), v.AccountMasked, v.Amount, v.Currency, v.Status, v.Payout, text(v.PayoutRef), v.Receipt, v.ReceiptRemaining,
				v.Resolution, text(v.Reason), v.CreatedAt.Format(time.RFC3339), stamp(v.DecidedAt), text(v.DecidedBy), stamp(v.PaidAt)})
		}
	}
	s.writeCSV(w, r, "withdrawals.csv", rows)
}

func (s *Server) adminWithdrawal(r *http.Request) (any, error) {
	mer, err := s.cashierMerchantRequired(r)
	if err != nil {
		return nil, err
	}
	id, err := pathID(r)
	if err != nil {
		return nil, err
	}
	w, err := s.Cashier.Withdrawal(r.Context(), mer.Code, id)
	if err != nil {
		return nil, err
	}
	v := adminWithdrawalOf(w, mer, seesAccountNumbers(r))
	t, err := s.Cashier.MemberTurnover(r.Context(), mer.Code, w.MemberID)
	if err != nil {
		return nil, err
	}
	v.Turnover = &adminTurnover{Required: money(t.Required, mer), Done: money(t.Done, mer)}
	return v, nil
}

// operatorName is the calling operator's username ("" before a session).
func operatorName(r *http.Request) string {
	if a := adminOf(r.Context()); a != nil && a.session != nil {
		return a.session.Operator.Username
	}
	return ""
}

// decideWithdrawal runs one of finance's decisions on withdrawal {id} and
// notes it for the audit.
func (s *Server) decideWithdrawal(w http.ResponseWriter, r *http.Request, body any,
	decide func(mer *merchant.Merchant, id int64, by string) (before, after cashier.Withdrawal, err error)) (any, error) {
	a := adminOf(r.Context())
	a.target = "withdrawal:" + chi.URLParam(r, "id")
	if err := decodeJSON(w, r, body); err != nil {
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
	before, after, err := decide(mer, id, operatorName(r))
	if err != nil {
		return nil, err
	}
	// The audit keeps masked numbers: it is read more widely than the queue.
	row := adminWithdrawalOf(after, mer, false)
	a.note(a.target, adminWithdrawalOf(before, mer, false), row)
	return adminWithdrawalOf(after, mer, seesAccountNumbers(r)), nil
}

func (s *Server) adminApproveWithdrawal(w http.ResponseWriter, r *http.Request) (any, error) {
	var req withdrawalDecision
	return s.decideWithdrawal(w, r, &req, func(mer *merchant.Merchant, id int64, by string) (cashier.Withdrawal, cashier.Withdrawal, error) {
		return s.Cashier.ApproveWithdrawal(r.Context(), mer.Code, id, by, req.Reason, req.PayoutReference)
	})
}

func (s *Server) adminRejectWithdrawal(w http.ResponseWriter, r *http.Request) (any, error) {
	var req withdrawalDecision
	return s.decideWithdrawal(w, r, &req, func(mer *merchant.Merchant, id int64, by string) (cashier.Withdrawal, cashier.Withdrawal, error) {
		return s.Cashier.RejectWithdrawal(r.Context(), mer.Code, id, by, req.Reason)
	})
}

func (s *Server) adminResolveWithdrawal(w http.ResponseWriter, r *http.Request) (any, error) {
	var req disputeDecision
	return s.decideWithdrawal(w, r, &req, func(mer *merchant.Merchant, id int64, by string) (cashier.Withdrawal, cashier.Withdrawal, error) {
		return s.Cashier.ResolveDispute(r.Context(), mer.Code, id, by, req.Outcome, req.Reason)
	})
}

func (s *Server) adminWithdrawalProof(w http.ResponseWriter, r *http.Request) {
	mer, err := s.cashierMerchantRequired(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	s.withdrawalProof(w, r, 0, mer)
}

func adminPolicyOf(p cashier.Policy, mer *merchant.Merchant) adminPolicy {
	return adminPolicy{TurnoverPct: p.TurnoverPct, Min: money(p.Min, mer), Max: money(p.Max, mer), DailyCount: p.DailyCount,
		DailyAmount: money(p.DailyAmount, mer), MaxOpen: p.MaxOpen, ReceiptMinutes: p.ReceiptMinutes, Payout: p.Payout,
		UplineMin: money(p.UplineMin, mer), UplineMax: money(p.UplineMax, mer), UplineDaily: money(p.UplineDaily, mer)}
}

func (s *Server) adminWithdrawPolicy(r *http.Request) (any, error) {
	mer, err := s.cashierMerchantRequired(r)
	if err != nil {
		return nil, err
	}
	p, err := s.Cashier.Policy(r.Context(), mer.Code)
	if err != nil {
		return nil, err
	}
	v := adminPolicyOf(p, mer)
	v.Currency, v.Decimals = mer.Currency, mer.Decimals
	return v, nil
}

func (s *Server) adminSetWithdrawPolicy(w http.ResponseWriter, r *http.Request) (any, error) {
	a := adminOf(r.Context())
	a.target = "withdraw-policy"
	var req adminPolicy
	if err := decodeJSON(w, r, &req); err != nil {
		return nil, err
	}
	mer, err := s.cashierMerchantRequired(r)
	if err != nil {
		return nil, err
	}
	p := cashier.Policy{TurnoverPct: req.TurnoverPct, DailyCount: req.DailyCount, MaxOpen: req.MaxOpen, ReceiptMinutes: req.ReceiptMinutes,
		Payout: req.Payout}
	for _, f := range []struct {
		name, v string
		dst     *int64
	}{{"min", req.Min, &p.Min}, {"max", req.Max, &p.Max}, {"dailyAmount", req.DailyAmount, &p.DailyAmount},
		{"uplineMin", req.UplineMin, &p.UplineMin}, {"uplineMax", req.UplineMax, &p.UplineMax}, {"uplineDaily", req.UplineDaily, &p.UplineDaily}} {
		if f.v == "" && (f.name == "dailyAmount" || f.name == "uplineDaily") {
			continue
		}
		v, err := wallet.ParseAmount(f.v, mer.Decimals)
		if err != nil {
			return nil, &cashier.FieldError{Field: f.name, Err: cashier.ErrPolicyInvalid}
		}
		*f.dst = v
	}
	before, after, err := s.Cashier.SetPolicy(r.Context(), mer.Code, p)
	if err != nil {
		return nil, err
	}
	a.note(a.target, adminPolicyOf(before, mer), adminPolicyOf(after, mer))
	v := adminPolicyOf(after, mer)
	v.Currency, v.Decimals = mer.Currency, mer.Decimals
	return v, nil
}
