package httpapi

import (
	"encoding/json"
	"net/http"
	"strings"
	"time"

	"portal/internal/transferwallet"
	"portal/internal/wallet"
)

// Transfer wallets (issue 14, decision 0031): the member's main wallet and
// the sub-wallets of the merchant's transfer-mode vendors, moves between
// them, and the one-click recall. Amounts answered are minor units, as the
// wallet's other calls answer them; the amount asked for is a string of
// major units, read in the merchant's decimals.

// mainWallet names the main wallet in a transfer's from and to.
const mainWallet = "main"

type (
	// merchantWallet says whether the merchant runs one (seamless) wallet
	// for every game (isSingle; hasMerchantWallet is the same fact under
	// the public-state name the site reads, spec §3), and lists the
	// member's sub-wallets at transfer-mode vendors.
	merchantWallet struct {
		IsSingle          bool             `json:"isSingle"`
		HasMerchantWallet bool             `json:"hasMerchantWallet"`
		Currency          string           `json:"currency"`
		Decimals          int              `json:"decimals"`
		Wallets           []subWallet      `json:"wallets"`
		Pending           []walletTransfer `json:"pending"`
	}
	// subWallet is the member's wallet at one vendor. Balance is null and
	// available false when the vendor did not answer.
	subWallet struct {
		Vendor    string `json:"vendor"`
		Name      string `json:"name"`
		Balance   *int64 `json:"balance"`
		Available bool   `json:"available"`
	}
	// walletTransfer is a transfer as its member sees it.
	walletTransfer struct {
		ID        int64      `json:"id"`
		From      string     `json:"from"`
		To        string     `json:"to"`
		Vendor    string     `json:"vendor"`
		Amount    int64      `json:"amount"`
		Currency  string     `json:"currency"`
		Status    string     `json:"status"`
		Reason    string     `json:"reason"`
		CreatedAt time.Time  `json:"createdAt"`
		SettledAt *time.Time `json:"settledAt"`
	}
	walletTransferRequest struct {
		From      string      `json:"from"`
		To        string      `json:"to"`
		Amount    majorAmount `json:"amount"`
		RequestID string      `json:"requestId"`
	}
	// walletTransferAnswer is the transfer and the main balance after it.
	walletTransferAnswer struct {
		Transfer walletTransfer `json:"transfer"`
		Balance  int64          `json:"balance"`
	}
	walletRecallRequest struct {
		RequestID string `json:"requestId"`
	}
	// walletRecallAnswer lists the moves made and the vendors that did not
	// answer (their money stays there).
	walletRecallAnswer struct {
		Transfers   []walletTransfer `json:"transfers"`
		Unavailable []string         `json:"unavailable"`
		Balance     int64            `json:"balance"`
	}
	walletTransferList struct {
		Transfers []walletTransfer `json:"transfers"`
	}
)

// majorAmount is an amount in major units sent as a decimal string ("12.5")
// or a JSON number (12.5), both read from their text by wallet.ParseAmount:
// never through a float.
type majorAmount string

// UnmarshalJSON takes a string or a number literal.
func (a *majorAmount) UnmarshalJSON(b []byte) error {
	if len(b) > 0 && b[0] == '"' {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		*a = majorAmount(s)
		return nil
	}
	var n json.Number
	if err := json.Unmarshal(b, &n); err != nil {
		return err
	}
	*a = majorAmount(n.String())
	return nil
}

var (
	errTransferWallets = newError(http.StatusUnprocessableEntity, "transfer.wallets_invalid", nil)
	errTransferAmount  = newError(http.StatusUnprocessableEntity, "transfer.amount_invalid", nil)
)

func walletTransferOf(t transferwallet.Transfer) walletTransfer {
	w := walletTransfer{ID: t.ID, Vendor: t.Vendor, Amount: t.Amount, Currency: t.Currency, Status: t.Status, Reason: t.Reason,
		CreatedAt: t.CreatedAt, SettledAt: t.SettledAt, From: mainWallet, To: t.Vendor}
	if t.Direction == transferwallet.DirOut {
		w.From, w.To = t.Vendor, mainWallet
	}
	return w
}

func (s *Server) merchantWallet(r *http.Request) (any, error) {
	ctx := r.Context()
	mer, m := merchantOf(ctx), memberOf(ctx)
	out := merchantWallet{IsSingle: true, HasMerchantWallet: true, Currency: mer.Currency, Decimals: mer.Decimals,
		Wallets: []subWallet{}, Pending: []walletTransfer{}}
	if s.Transfers == nil {
		return out, nil
	}
	// A trial account never transfers (play money stays apart): it sees
	// the merchant's wallets, with nothing asked of the vendors.
	real := !m.Type.IsTrial()
	subs, err := s.Transfers.SubWallets(ctx, mer.Code, m.ID, mer.Currency, real)
	if err != nil {
		return nil, err
	}
	out.IsSingle = len(subs) == 0
	out.HasMerchantWallet = out.IsSingle
	for _, w := range subs {
		sw := subWallet{Vendor: w.Vendor, Name: w.Name, Available: w.Available}
		if w.Available {
			b := w.Balance
			sw.Balance = &b
		}
		out.Wallets = append(out.Wallets, sw)
	}
	if real && !out.IsSingle {
		list, err := s.Transfers.History(ctx, mer.Code, m.ID, 20)
		if err != nil {
			return nil, err
		}
		for _, t := range list {
			if t.Open() {
				out.Pending = append(out.Pending, walletTransferOf(t))
			}
		}
	}
	return out, nil
}

// errTransfersOff answers the transfer routes when no service is wired.
var errTransfersOff = newError(http.StatusNotFound, "request.not_found", nil)

func (s *Server) transfersReady() error {
	if s.Transfers == nil {
		return errTransfersOff
	}
	return nil
}

func (s *Server) walletTransfer(w http.ResponseWriter, r *http.Request) (any, error) {
	if err := s.transfersReady(); err != nil {
		return nil, err
	}
	var req walletTransferRequest
	if err := s.decodeBody(w, r, &req); err != nil {
		return nil, err
	}
	ctx := r.Context()
	mer, m := merchantOf(ctx), memberOf(ctx)
	from, to := strings.TrimSpace(req.From), strings.TrimSpace(req.To)
	var vendor, dir string
	switch {
	case strings.EqualFold(from, mainWallet) && to != "" && !strings.EqualFold(to, mainWallet):
		vendor, dir = to, transferwallet.DirIn
	case strings.EqualFold(to, mainWallet) && from != "" && !strings.EqualFold(from, mainWallet):
		vendor, dir = from, transferwallet.DirOut
	default:
		// One side is the main wallet, the other a vendor's: vendor to
		// vendor goes through main in two moves.
		return nil, errTransferWallets
	}
	if len(vendor) > 40 {
		return nil, errTransferWallets
	}
	amount, err := wallet.ParseAmount(string(req.Amount), mer.Decimals)
	if err != nil || amount <= 0 {
		return nil, errTransferAmount
	}
	t, err := s.Transfers.Move(ctx, transferwallet.Request{Merchant: mer.Code, Currency: mer.Currency, MemberID: m.ID, Vendor: vendor,
		Direction: dir, Amount: amount, RequestID: req.RequestID})
	if err != nil {
		return nil, err
	}
	b, err := s.Transfers.MainBalance(ctx, mer.Code, m.ID, mer.Currency)
	if err != nil {
		return nil, err
	}
	return walletTransferAnswer{Transfer: walletTransferOf(t), Balance: b}, nil
}

func (s *Server) walletRecall(w http.ResponseWriter, r *http.Request) (any, error) {
	if err := s.transfersReady(); err != nil {
		return nil, err
	}
	var req walletRecallRequest
	if err := s.decodeBody(w, r, &req); err != nil {
		return nil, err
	}
	ctx := r.Context()
	mer, m := merchantOf(ctx), memberOf(ctx)
	rc, err := s.Transfers.RecallAll(ctx, mer.Code, m.ID, mer.Currency, req.RequestID)
	if err != nil {
		return nil, err
	}
	out := walletRecallAnswer{Transfers: make([]walletTransfer, 0, len(rc.Transfers)), Unavailable: rc.Unavailable}
	for _, t := range rc.Transfers {
		out.Transfers = append(out.Transfers, walletTransferOf(t))
	}
	if out.Balance, err = s.Transfers.MainBalance(ctx, mer.Code, m.ID, mer.Currency); err != nil {
		return nil, err
	}
	return out, nil
}

func (s *Server) walletTransfers(r *http.Request) (any, error) {
	if err := s.transfersReady(); err != nil {
		return nil, err
	}
	ctx := r.Context()
	list, err := s.Transfers.History(ctx, merchantOf(ctx).Code, memberOf(ctx).ID, paramsOf(ctx).Int("limit"))
	if err != nil {
		return nil, err
	}
	out := walletTransferList{Transfers: make([]walletTransfer, 0, len(list))}
	for _, t := range list {
		out.Transfers = append(out.Transfers, walletTransferOf(t))
	}
	return out, nil
}

// The transfer wallets' errors, their answers and their words, in one
// block.
func init() {
	domainErrors = append(domainErrors, []struct {
		target error
		status int
		code   string
	}{
		{transferwallet.ErrNotTransferVendor, http.StatusUnprocessableEntity, "transfer.wallets_invalid"},
		{transferwallet.ErrRequestInvalid, http.StatusUnprocessableEntity, "transfer.request_invalid"},
		{transferwallet.ErrRequestReused, http.StatusConflict, "transfer.request_reused"},
		{transferwallet.ErrAmountInvalid, http.StatusUnprocessableEntity, "transfer.amount_invalid"},
		{transferwallet.ErrNotFound, http.StatusNotFound, "resource.not_found"},
	}...)
	for code, words := range map[string]map[string]string{
		"transfer.wallets_invalid": {
			"EN": "Transfer between the main wallet and a game wallet that takes transfers",
			"KM": "ផ្ទេររវាងកាបូបមេ និងកាបូបហ្គេមដែលទទួលការផ្ទេរ",
			"CN": "只能在主钱包与支持转账的游戏钱包之间转账",
			"TH": "โอนได้ระหว่างกระเป๋าหลักกับกระเป๋าเกมที่รับการโอนเท่านั้น",
			"VI": "Chỉ chuyển giữa ví chính và ví trò chơi nhận chuyển khoản",
		},
		"transfer.amount_invalid": {
			"EN": "Enter a positive amount in the currency's decimals",
			"KM": "សូមបញ្ចូលចំនួនវិជ្ជមាន តាមខ្ទង់ទសភាគរបស់រូបិយប័ណ្ណ",
			"CN": "请输入符合币种小数位的正数金额",
			"TH": "กรุณาใส่จำนวนเงินที่เป็นบวกตามทศนิยมของสกุลเงิน",
			"VI": "Nhập số tiền dương theo số thập phân của tiền tệ",
		},
		"transfer.request_invalid": {
			"EN": "The request id must be 1-64 printable characters",
			"KM": "លេខសម្គាល់សំណើត្រូវតែមាន 1-64 តួអក្សរ",
			"CN": "请求编号须为 1-64 个可打印字符",
			"TH": "รหัสคำขอต้องมี 1-64 ตัวอักษร",
			"VI": "Mã yêu cầu phải có 1-64 ký tự in được",
		},
		"transfer.request_reused": {
			"EN": "This request id was already used for another transfer",
			"KM": "លេខសម្គាល់សំណើនេះត្រូវបានប្រើសម្រាប់ការផ្ទេរផ្សេងរួចហើយ",
			"CN": "该请求编号已用于另一笔转账",
			"TH": "รหัสคำขอนี้ถูกใช้กับการโอนอื่นแล้ว",
			"VI": "Mã yêu cầu này đã dùng cho một giao dịch chuyển khác",
		},
	} {
		messages[code] = words
	}
}
