package httpapi

import (
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"

	"portal/internal/cashier"
	"portal/internal/identity"
	"portal/internal/merchant"
	"portal/internal/realtime"
	"portal/internal/wallet"
)

// Money going out (issue 14, decision 0030): the payment password, bank
// accounts, withdrawals with their receipt confirmation, and transfers to
// the upline. Amounts are minor units, as the deposit calls answer them.
// A member reaches only their own accounts, orders and proofs: another
// member's id is 404. Every call that moves money or adds a place to send
// it asks for the payment password first.

type (
	paymentPasswordRequest struct {
		LoginPassword      string `json:"loginPassword"`
		OldPaymentPassword string `json:"oldPaymentPassword"`
		NewPaymentPassword string `json:"newPaymentPassword"`
	}
	paymentPasswordSet struct {
		Set bool `json:"set"`
	}
	bankAccountView struct {
		ID            int64     `json:"id"`
		BankName      string    `json:"bankName"`
		AccountName   string    `json:"accountName"`
		AccountMasked string    `json:"accountMasked"`
		CreatedAt     time.Time `json:"createdAt"`
	}
	bankAccountList struct {
		Accounts           []bankAccountView `json:"accounts"`
		Max                int               `json:"max"`
		RealName           string            `json:"realName"`
		PaymentPasswordSet bool              `json:"paymentPasswordSet"`
	}
	bankAccountRequest struct {
		BankName        string `json:"bankName"`
		AccountNumber   string `json:"accountNumber"`
		AccountName     string `json:"accountName"`
		PaymentPassword string `json:"paymentPassword"`
	}
	paymentPasswordOnly struct {
		PaymentPassword string `json:"paymentPassword"`
	}
	removedAnswer struct {
		Removed bool `json:"removed"`
	}
	turnoverView struct {
		MultiplePct int   `json:"multiplePct"`
		Required    int64 `json:"required"`
		Done        int64 `json:"done"`
		Remaining   int64 `json:"remaining"`
	}
	usedToday struct {
		Count  int   `json:"count"`
		Amount int64 `json:"amount"`
	}
	withdrawInfo struct {
		Currency           string            `json:"currency"`
		Decimals           int               `json:"decimals"`
		Balance            int64             `json:"balance"`
		Min                int64             `json:"min"`
		Max                int64             `json:"max"`
		DailyCount         int               `json:"dailyCount"`
		DailyAmount        int64             `json:"dailyAmount"`
		UsedToday          usedToday         `json:"usedToday"`
		Turnover           turnoverView      `json:"turnover"`
		MaxOpen            int               `json:"maxOpen"`
		OpenCount          int               `json:"openCount"`
		ReceiptMinutes     int               `json:"receiptMinutes"`
		Accounts           []bankAccountView `json:"accounts"`
		PaymentPasswordSet bool              `json:"paymentPasswordSet"`
		RealName           string            `json:"realName"`
	}
	// withdrawalView is a withdrawal as its member sees it.
	withdrawalView struct {
		ID               int64      `json:"id"`
		BankAccountID    int64      `json:"bankAccountId"`
		BankName         string     `json:"bankName"`
		AccountName      string     `json:"accountName"`
		AccountMasked    string     `json:"accountMasked"`
		Amount           int64      `json:"amount"`
		Currency         string     `json:"currency"`
		Decimals         int        `json:"decimals"`
		Status           string     `json:"status"`
		Reason           string     `json:"reason"`
		Payout           string     `json:"payout"`
		Receipt          string     `json:"receipt"`
		ReceiptRemaining int64      `json:"receiptRemaining"`
		ReceiptNote      string     `json:"receiptNote"`
		ProofURLs        []string   `json:"proofUrls"`
		Resolution       string     `json:"resolution"`
		CreatedAt        time.Time  `json:"createdAt"`
		DecidedAt        *time.Time `json:"decidedAt"`
		PaidAt           *time.Time `json:"paidAt"`
		ReceiptDueAt     *time.Time `json:"receiptDueAt"`
		ReceiptAt        *time.Time `json:"receiptAt"`
		ResolvedAt       *time.Time `json:"resolvedAt"`
	}
	withdrawRequest struct {
		BankAccountID   int64  `json:"bankAccountId"`
		Amount          int64  `json:"amount"`
		PaymentPassword string `json:"paymentPassword"`
		RequestID       string `json:"requestId"`
	}
	receiptRequest struct {
		Result    string   `json:"result"`
		Remaining int64    `json:"remaining"`
		Proofs    []string `json:"proofs"`
		Note      string   `json:"note"`
	}
	uplineView struct {
		Account string `json:"account"`
	}
	uplineTransferView struct {
		ID        int64     `json:"id"`
		Amount    int64     `json:"amount"`
		Balance   int64     `json:"balance,omitempty"`
		CreatedAt time.Time `json:"createdAt"`
	}
	uplineInfo struct {
		Upline             *uplineView          `json:"upline"`
		Currency           string               `json:"currency"`
		Decimals           int                  `json:"decimals"`
		Balance            int64                `json:"balance"`
		Min                int64                `json:"min"`
		Max                int64                `json:"max"`
		DailyAmount        int64                `json:"dailyAmount"`
		UsedToday          int64                `json:"usedToday"`
		PaymentPasswordSet bool                 `json:"paymentPasswordSet"`
		List               []uplineTransferView `json:"list"`
	}
	uplineRequest struct {
		Amount          int64  `json:"amount"`
		PaymentPassword string `json:"paymentPassword"`
		RequestID       string `json:"requestId"`
	}
)

var withdrawListParams = []Param{
	{Name: "pageNum", Type: TypeInteger, Min: 1, Max: 100000, Default: "1"},
	{Name: "pageSize", Type: TypeInteger, Min: 1, Max: 100, Default: "20"},
	{Name: "status", Type: TypeString, Enum: cashier.WithdrawStatuses, Description: "Only withdrawals of this status; none: every one"},
}

// receiptBodyMax bounds a receipt's body: three proofs at the limit.
const receiptBodyMax = 3*((cashier.ProofMaxBytes+2)/3*4) + 4<<10

// passwordFieldMax bounds a password field before anything hashes it.
const passwordFieldMax = 128

func bankAccountViewOf(a cashier.BankAccount) bankAccountView {
	return bankAccountView{ID: a.ID, BankName: a.BankName, AccountName: a.Name, AccountMasked: a.Masked(), CreatedAt: a.CreatedAt}
}

func withdrawalViewOf(w cashier.Withdrawal, mer *merchant.Merchant) withdrawalView {
	v := withdrawalView{ID: w.ID, BankAccountID: w.BankAccount.ID, BankName: w.BankAccount.BankName, AccountName: w.BankAccount.Name,
		AccountMasked: w.BankAccount.Masked(), Amount: w.Amount, Currency: w.Currency, Decimals: mer.Decimals, Status: w.Status, Reason: w.Reason,
		Payout: w.Payout, Receipt: w.Receipt, ReceiptRemaining: w.ReceiptRemaining, ReceiptNote: w.ReceiptNote, ProofURLs: []string{},
		Resolution: w.Resolution, CreatedAt: w.CreatedAt, DecidedAt: w.DecidedAt, PaidAt: w.PaidAt, ReceiptDueAt: w.ReceiptDueAt,
		ReceiptAt: w.ReceiptAt, ResolvedAt: w.ResolvedAt}
	for i := range w.Proofs {
		v.ProofURLs = append(v.ProofURLs, "/wps/cashier/withdrawals/"+strconv.FormatInt(w.ID, 10)+"/proofs/"+strconv.Itoa(i))
	}
	return v
}

// checkPaymentPassword guards a money call with the member's payment
// password; an over-long one is simply wrong (and counts).
func (s *Server) checkPaymentPassword(r *http.Request, password string) error {
	m := memberOf(r.Context())
	if len(password) > passwordFieldMax {
		password = password[:passwordFieldMax]
	}
	return s.Identity.CheckPaymentPassword(r.Context(), m.ID, password)
}

func (s *Server) setPaymentPassword(w http.ResponseWriter, r *http.Request) (any, error) {
	var req paymentPasswordRequest
	if err := s.decodeBody(w, r, &req); err != nil {
		return nil, err
	}
	if len(req.LoginPassword) > passwordFieldMax || len(req.OldPaymentPassword) > passwordFieldMax {
		return nil, identity.ErrBadCredentials
	}
	if err := s.Identity.SetPaymentPassword(r.Context(), memberOf(r.Context()).ID, req.LoginPassword, req.OldPaymentPassword,
		req.NewPaymentPassword); err != nil {
		return nil, err
	}
	return paymentPasswordSet{Set: true}, nil
}

func (s *Server) bankAccounts(r *http.Request) (any, error) {
	if err := s.cashierReady(); err != nil {
		return nil, err
	}
	ctx := r.Context()
	mer, m := merchantOf(ctx), memberOf(ctx)
	list, err := s.Cashier.BankAccounts(ctx, mer.Code, m.ID)
	if err != nil {
		return nil, err
	}
	has, err := s.Identity.HasPaymentPassword(ctx, m.ID)
	if err != nil {
		return nil, err
	}
	out := bankAccountList{Accounts: make([]bankAccountView, 0, len(list)), Max: cashier.MaxBankAccounts, RealName: identity.RealName(m),
		PaymentPasswordSet: has}
	for _, a := range list {
		out.Accounts = append(out.Accounts, bankAccountViewOf(a))
	}
	return out, nil
}

func (s *Server) addBankAccount(w http.ResponseWriter, r *http.Request) (any, error) {
	if err := s.cashierReady(); err != nil {
		return nil, err
	}
	var req bankAccountRequest
	if err := s.decodeBody(w, r, &req); err != nil {
		return nil, err
	}
	if err := s.checkPaymentPassword(r, req.PaymentPassword); err != nil {
		return nil, err
	}
	ctx := r.Context()
	mer, m := merchantOf(ctx), memberOf(ctx)
	a, setsName, err := s.Cashier.AddBankAccount(ctx, mer.Code, m.ID, identity.RealName(m),
		cashier.NewBankAccount{BankName: req.BankName, Number: req.AccountNumber, Name: req.AccountName})
	if err != nil {
		return nil, err
	}
	if setsName {
		if err := s.Identity.SetRealNameOnce(ctx, m.ID, a.Name); err != nil {
			return nil, err
		}
	}
	return bankAccountViewOf(a), nil
}

func (s *Server) removeBankAccount(w http.ResponseWriter, r *http.Request) (any, error) {
	if err := s.cashierReady(); err != nil {
		return nil, err
	}
	id, err := pathID(r)
	if err != nil {
		return nil, err
	}
	var req paymentPasswordOnly
	if err := s.decodeBody(w, r, &req); err != nil {
		return nil, err
	}
	if err := s.checkPaymentPassword(r, req.PaymentPassword); err != nil {
		return nil, err
	}
	ctx := r.Context()
	if err := s.Cashier.RemoveBankAccount(ctx, merchantOf(ctx).Code, memberOf(ctx).ID, id); err != nil {
		return nil, err
	}
	return removedAnswer{Removed: true}, nil
}

func (s *Server) withdrawInfo(r *http.Request) (any, error) {
	if err := s.cashierReady(); err != nil {
		return nil, err
	}
	ctx := r.Context()
	mer, m := merchantOf(ctx), memberOf(ctx)
	pol, err := s.Cashier.Policy(ctx, mer.Code)
	if err != nil {
		return nil, err
	}
	t, err := s.Cashier.MemberTurnover(ctx, mer.Code, m.ID)
	if err != nil {
		return nil, err
	}
	u, err := s.Cashier.WithdrawUsage(ctx, mer.Code, m.ID)
	if err != nil {
		return nil, err
	}
	list, err := s.bankAccounts(r)
	if err != nil {
		return nil, err
	}
	accounts := list.(bankAccountList)
	balance, err := s.Wallet.Balance(ctx, mer.Code, wallet.Member(m.ID, mer.Currency))
	if err != nil {
		return nil, err
	}
	return withdrawInfo{Currency: mer.Currency, Decimals: mer.Decimals, Balance: balance, Min: pol.Min, Max: pol.Max, DailyCount: pol.DailyCount,
		DailyAmount: pol.DailyAmount, UsedToday: usedToday{Count: u.TodayCount, Amount: u.TodayAmount},
		Turnover: turnoverView{MultiplePct: t.MultiplePct, Required: t.Required, Done: t.Done, Remaining: t.Remaining},
		MaxOpen:  pol.MaxOpen, OpenCount: u.Open, ReceiptMinutes: pol.ReceiptMinutes, Accounts: accounts.Accounts,
		PaymentPasswordSet: accounts.PaymentPasswordSet, RealName: accounts.RealName}, nil
}

func (s *Server) createWithdrawal(w http.ResponseWriter, r *http.Request) (any, error) {
	if err := s.cashierReady(); err != nil {
		return nil, err
	}
	var req withdrawRequest
	if err := s.decodeBody(w, r, &req); err != nil {
		return nil, err
	}
	if err := s.checkPaymentPassword(r, req.PaymentPassword); err != nil {
		return nil, err
	}
	ctx := r.Context()
	mer, m := merchantOf(ctx), memberOf(ctx)
	o, err := s.Cashier.CreateWithdrawal(ctx, cashier.Withdrawer{Merchant: mer.Code, MemberID: m.ID, Currency: mer.Currency},
		req.BankAccountID, req.Amount, req.RequestID)
	if err != nil {
		return nil, err
	}
	return withdrawalViewOf(o, mer), nil
}

func (s *Server) memberWithdrawals(r *http.Request) (any, error) {
	if err := s.cashierReady(); err != nil {
		return nil, err
	}
	ctx := r.Context()
	p := paramsOf(ctx)
	num, size := p.Int("pageNum"), p.Int("pageSize")
	mer := merchantOf(ctx)
	list, total, err := s.Cashier.Withdrawals(ctx, cashier.Filter{Merchant: mer.Code, MemberID: memberOf(ctx).ID, Status: p.String("status")}, num, size)
	if err != nil {
		return nil, err
	}
	out := make([]withdrawalView, 0, len(list))
	for _, o := range list {
		out = append(out, withdrawalViewOf(o, mer))
	}
	return newPage(out, num, size, total), nil
}

func (s *Server) memberWithdrawal(r *http.Request) (any, error) {
	if err := s.cashierReady(); err != nil {
		return nil, err
	}
	id, err := pathID(r)
	if err != nil {
		return nil, err
	}
	ctx := r.Context()
	mer := merchantOf(ctx)
	o, err := s.Cashier.MemberWithdrawal(ctx, mer.Code, memberOf(ctx).ID, id)
	if err != nil {
		return nil, err
	}
	return withdrawalViewOf(o, mer), nil
}

func (s *Server) cancelWithdrawal(w http.ResponseWriter, r *http.Request) (any, error) {
	if err := s.cashierReady(); err != nil {
		return nil, err
	}
	id, err := pathID(r)
	if err != nil {
		return nil, err
	}
	ctx := r.Context()
	mer := merchantOf(ctx)
	o, err := s.Cashier.CancelWithdrawal(ctx, mer.Code, memberOf(ctx).ID, id)
	if err != nil {
		return nil, err
	}
	return withdrawalViewOf(o, mer), nil
}

func (s *Server) confirmReceipt(w http.ResponseWriter, r *http.Request) (any, error) {
	if err := s.cashierReady(); err != nil {
		return nil, err
	}
	id, err := pathID(r)
	if err != nil {
		return nil, err
	}
	var req receiptRequest
	if err := decodeProofBody(w, r, receiptBodyMax, &req); err != nil {
		return nil, err
	}
	if len(req.Proofs) > cashier.MaxReceiptProofs {
		return nil, &cashier.FieldError{Field: "proofs", Err: cashier.ErrReceiptInvalid}
	}
	proofs := make([][]byte, 0, len(req.Proofs))
	for _, p := range req.Proofs {
		raw, err := decodeProof(p)
		if err != nil {
			return nil, err
		}
		proofs = append(proofs, raw)
	}
	ctx := r.Context()
	mer := merchantOf(ctx)
	o, err := s.Cashier.ConfirmReceipt(ctx, mer.Code, memberOf(ctx).ID, id, req.Result, req.Remaining, proofs, req.Note)
	if err != nil {
		return nil, err
	}
	return withdrawalViewOf(o, mer), nil
}

// proofIndex is the {n} of a proof's path.
func proofIndex(r *http.Request) (int, error) {
	n, err := strconv.Atoi(chi.URLParam(r, "n"))
	if err != nil || n < 0 || n >= cashier.MaxReceiptProofs {
		return 0, cashier.ErrNotFound
	}
	return n, nil
}

func (s *Server) memberWithdrawalProof(w http.ResponseWriter, r *http.Request) {
	s.withdrawalProof(w, r, memberOf(r.Context()).ID, merchantOf(r.Context()))
}

// withdrawalProof answers proof {n} of withdrawal {id}: the member's own
// (memberID), or any of the merchant's for finance (memberID 0).
func (s *Server) withdrawalProof(w http.ResponseWriter, r *http.Request, memberID int64, mer *merchant.Merchant) {
	if err := s.cashierReady(); err != nil {
		s.writeError(w, r, err)
		return
	}
	id, err := pathID(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	n, err := proofIndex(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	p, err := s.Cashier.WithdrawalProof(r.Context(), mer.Code, memberID, id, n)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeProof(w, p)
}

func (s *Server) uplineInfo(r *http.Request) (any, error) {
	if err := s.cashierReady(); err != nil {
		return nil, err
	}
	ctx := r.Context()
	mer, m := merchantOf(ctx), memberOf(ctx)
	pol, err := s.Cashier.Policy(ctx, mer.Code)
	if err != nil {
		return nil, err
	}
	out := uplineInfo{Currency: mer.Currency, Decimals: mer.Decimals, Min: pol.UplineMin, Max: pol.UplineMax, DailyAmount: pol.UplineDaily,
		List: []uplineTransferView{}}
	if m.UplineID != 0 {
		up, err := s.Identity.Member(ctx, m.UplineID)
		if err != nil {
			return nil, err
		}
		out.Upline = &uplineView{Account: up.Username}
	}
	if out.Balance, err = s.Wallet.Balance(ctx, mer.Code, wallet.Member(m.ID, mer.Currency)); err != nil {
		return nil, err
	}
	if out.UsedToday, err = s.Cashier.UplineUsage(ctx, mer.Code, m.ID); err != nil {
		return nil, err
	}
	if out.PaymentPasswordSet, err = s.Identity.HasPaymentPassword(ctx, m.ID); err != nil {
		return nil, err
	}
	list, err := s.Cashier.UplineTransfers(ctx, m.ID, 20)
	if err != nil {
		return nil, err
	}
	for _, t := range list {
		out.List = append(out.List, uplineTransferView{ID: t.ID, Amount: t.Amount, CreatedAt: t.CreatedAt})
	}
	return out, nil
}

func (s *Server) transferUpline(w http.ResponseWriter, r *http.Request) (any, error) {
	if err := s.cashierReady(); err != nil {
		return nil, err
	}
	var req uplineRequest
	if err := s.decodeBody(w, r, &req); err != nil {
		return nil, err
	}
	ctx := r.Context()
	mer, m := merchantOf(ctx), memberOf(ctx)
	if m.UplineID == 0 {
		return nil, cashier.ErrNoUpline
	}
	if err := s.checkPaymentPassword(r, req.PaymentPassword); err != nil {
		return nil, err
	}
	t, err := s.Cashier.TransferToUpline(ctx, cashier.Withdrawer{Merchant: mer.Code, MemberID: m.ID, Currency: mer.Currency}, req.Amount, req.RequestID)
	if err != nil {
		return nil, err
	}
	return uplineTransferView{ID: t.ID, Amount: t.Amount, Balance: t.Balance, CreatedAt: t.CreatedAt}, nil
}

// WithdrawalEvents is the cashier's OnWithdrawal listener: the member's
// pages hear {"type":"withdrawal","orderId":n,"status":s}.
func WithdrawalEvents(hub *realtime.Hub) func(merchantCode string, member, orderID int64, status string) {
	return func(merchantCode string, member, orderID int64, status string) {
		hub.Publish(merchantCode, member, realtime.Event{Type: realtime.EventWithdrawal, OrderID: orderID, Status: status})
	}
}

// cashierOutAnswer gives the errors of money going out that carry a value
// their answer: which field broke its rule, how far the turnover is, how
// long the payment password stays locked.
func cashierOutAnswer(err error) (*apiError, bool) {
	var locked *identity.PayPassLockedError
	if errors.As(err, &locked) {
		return newError(http.StatusTooManyRequests, "cashier.payment_password_locked", retryAfter{RetryAfter: int(locked.RetryAfter.Seconds()) + 1}), true
	}
	var te *cashier.TurnoverError
	if errors.As(err, &te) {
		return newError(http.StatusConflict, "cashier.turnover_incomplete",
			turnoverView{MultiplePct: te.Turnover.MultiplePct, Required: te.Turnover.Required, Done: te.Turnover.Done, Remaining: te.Turnover.Remaining}), true
	}
	var fe *cashier.FieldError
	if errors.As(err, &fe) {
		code := map[error]string{cashier.ErrBankAccountInvalid: "cashier.bank_account_invalid", cashier.ErrReceiptInvalid: "cashier.receipt_invalid",
			cashier.ErrPolicyInvalid: "cashier.policy_invalid"}[fe.Err]
		if code != "" {
			return newError(http.StatusUnprocessableEntity, code, fieldError{Field: fe.Field, Reason: strings.TrimPrefix(fe.Err.Error(), "cashier: ")}), true
		}
	}
	return nil, false
}

// payoutWebhook takes a gateway's word on a payout, answered like the
// deposit webhook (gatewayNotice).
func (s *Server) payoutWebhook(w http.ResponseWriter, r *http.Request) {
	s.gatewayNotice(w, r, s.Cashier.PayoutWebhook)
}
