package httpapi

import (
	"context"
	"encoding/base64"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"

	"portal/internal/cashier"
	"portal/internal/merchant"
	"portal/internal/realtime"
)

// The member's cashier (issue 14, decision 0028): the channels to pay
// through, deposit orders (own only: another member's id is 404), the
// manual transfer's reference and proof, and the gateways' webhooks.
// Amounts are minor units, as the wallet's calls answer them.

type (
	// memberChannel is a channel as the deposit page shows it.
	memberChannel struct {
		ID           int64         `json:"id"`
		Code         string        `json:"code"`
		Kind         string        `json:"kind"`
		Gateway      string        `json:"gateway"`
		Name         string        `json:"name"`
		Currency     string        `json:"currency"`
		Decimals     int           `json:"decimals"`
		Min          int64         `json:"min"`
		Max          int64         `json:"max"`
		FeeBps       int           `json:"feeBps"`
		FeeFixed     int64         `json:"feeFixed"`
		Instructions string        `json:"instructions"`
		Bank         *cashier.Bank `json:"bank"`
	}
	channelList struct {
		Channels []memberChannel `json:"channels"`
	}
	// depositOrder is a deposit order as its member sees it.
	depositOrder struct {
		ID          int64         `json:"id"`
		ChannelID   int64         `json:"channelId"`
		ChannelName string        `json:"channelName"`
		Kind        string        `json:"kind"`
		Gateway     string        `json:"gateway"`
		Amount      int64         `json:"amount"`
		Fee         int64         `json:"fee"`
		Credit      int64         `json:"credit"`
		Currency    string        `json:"currency"`
		Decimals    int           `json:"decimals"`
		Status      string        `json:"status"`
		Reference   string        `json:"reference"`
		ProofURL    string        `json:"proofUrl"`
		PayURL      string        `json:"payUrl"`
		Bank        *cashier.Bank `json:"bank"`
		Reason      string        `json:"reason"`
		CreatedAt   time.Time     `json:"createdAt"`
		ExpiresAt   time.Time     `json:"expiresAt"`
		CreditedAt  *time.Time    `json:"creditedAt"`
	}
	depositRequest struct {
		ChannelID int64  `json:"channelId"`
		Amount    int64  `json:"amount"`
		RequestID string `json:"requestId"`
	}
	// depositSubmit is a manual order's transfer reference and proof, a
	// data: URL (or bare base64) of a PNG or JPEG.
	depositSubmit struct {
		Reference string `json:"reference"`
		Proof     string `json:"proof"`
	}
)

// depositListParams are the member's list filters.
var depositListParams = []Param{
	{Name: "pageNum", Type: TypeInteger, Min: 1, Max: 100000, Default: "1"},
	{Name: "pageSize", Type: TypeInteger, Min: 1, Max: 100, Default: "20"},
	{Name: "status", Type: TypeString, Enum: cashier.Statuses, Description: "Only orders of this status; none: every one"},
}

// errCashierOff answers the cashier's routes when no cashier is wired.
var errCashierOff = newError(http.StatusNotFound, "request.not_found", nil)

// proofBodyMax bounds a submit's body: a 5 MB image as base64 and the
// rest of the JSON. The cap is applied before the body is read.
const proofBodyMax = (cashier.ProofMaxBytes+2)/3*4 + 4<<10

func (s *Server) cashierReady() error {
	if s.Cashier == nil {
		return errCashierOff
	}
	return nil
}

func memberChannelOf(c cashier.Channel, mer *merchant.Merchant, lang string) memberChannel {
	return memberChannel{ID: c.ID, Code: c.Code, Kind: c.Kind, Gateway: c.Gateway, Name: c.Name, Currency: c.Currency, Decimals: mer.Decimals,
		Min: c.Min, Max: c.Max, FeeBps: c.FeeBps, FeeFixed: c.FeeFixed, Instructions: c.InstructionsFor(lang), Bank: c.Bank}
}

func depositOrderOf(o cashier.Order, mer *merchant.Merchant) depositOrder {
	d := depositOrder{ID: o.ID, ChannelID: o.ChannelID, ChannelName: o.ChannelName, Kind: o.Kind, Gateway: o.Gateway, Amount: o.Amount, Fee: o.Fee,
		Credit: o.Credit, Currency: o.Currency, Decimals: mer.Decimals, Status: o.Status, Reference: o.Reference, Bank: o.Bank, Reason: o.Reason,
		CreatedAt: o.CreatedAt, ExpiresAt: o.ExpiresAt, CreditedAt: o.CreditedAt}
	if o.ProofKey != "" {
		d.ProofURL = "/wps/cashier/proofs/" + strconv.FormatInt(o.ID, 10)
	}
	if o.PSPOrderID != "" && o.Gateway == cashier.GatewaySim {
		d.PayURL = cashier.PayURL(o.PSPOrderID)
	}
	return d
}

func (s *Server) cashierChannels(r *http.Request) (any, error) {
	if err := s.cashierReady(); err != nil {
		return nil, err
	}
	ctx := r.Context()
	mer, m := merchantOf(ctx), memberOf(ctx)
	list, err := s.Cashier.MemberChannels(ctx, mer.Code, m.VIPLevel)
	if err != nil {
		return nil, err
	}
	out := channelList{Channels: make([]memberChannel, 0, len(list))}
	for _, c := range list {
		out.Channels = append(out.Channels, memberChannelOf(c, mer, languageOf(ctx)))
	}
	return out, nil
}

func (s *Server) createDeposit(w http.ResponseWriter, r *http.Request) (any, error) {
	if err := s.cashierReady(); err != nil {
		return nil, err
	}
	var req depositRequest
	if err := s.decodeBody(w, r, &req); err != nil {
		return nil, err
	}
	ctx := r.Context()
	mer, m := merchantOf(ctx), memberOf(ctx)
	o, err := s.Cashier.CreateDeposit(ctx, cashier.Payer{Merchant: mer.Code, MemberID: m.ID, VIPLevel: m.VIPLevel}, req.ChannelID, req.Amount, req.RequestID)
	if err != nil {
		return nil, err
	}
	return depositOrderOf(o, mer), nil
}

func (s *Server) memberDeposits(r *http.Request) (any, error) {
	if err := s.cashierReady(); err != nil {
		return nil, err
	}
	ctx := r.Context()
	p := paramsOf(ctx)
	num, size := p.Int("pageNum"), p.Int("pageSize")
	mer := merchantOf(ctx)
	list, total, err := s.Cashier.MemberOrders(ctx, mer.Code, memberOf(ctx).ID, p.String("status"), num, size)
	if err != nil {
		return nil, err
	}
	out := make([]depositOrder, 0, len(list))
	for _, o := range list {
		out = append(out, depositOrderOf(o, mer))
	}
	return newPage(out, num, size, total), nil
}

// pathID is the {id} of the path; anything but a positive number is a
// missing resource.
func pathID(r *http.Request) (int64, error) {
	id, err := strconv.ParseInt(chi.URLParam(r, "id"), 10, 64)
	if err != nil || id <= 0 {
		return 0, cashier.ErrNotFound
	}
	return id, nil
}

func (s *Server) memberDeposit(r *http.Request) (any, error) {
	if err := s.cashierReady(); err != nil {
		return nil, err
	}
	id, err := pathID(r)
	if err != nil {
		return nil, err
	}
	ctx := r.Context()
	mer := merchantOf(ctx)
	o, err := s.Cashier.MemberOrder(ctx, mer.Code, memberOf(ctx).ID, id)
	if err != nil {
		return nil, err
	}
	return depositOrderOf(o, mer), nil
}

// decodeProofBody reads a JSON body that carries proof images, capped at
// max before it is read whole; a body past the cap is too large to hold
// proofs within their limit, so it answers as an invalid proof.
func decodeProofBody(w http.ResponseWriter, r *http.Request, max int64, dst any) error {
	err := decodeJSONFrom(http.MaxBytesReader(w, r.Body, max), dst)
	var ae *apiError
	if errors.As(err, &ae) && ae.Code == "request.too_large" {
		return cashier.ErrProofInvalid
	}
	return err
}

// decodeProof reads a data: URL or bare base64; anything else is an
// invalid proof.
func decodeProof(v string) ([]byte, error) {
	if rest, ok := strings.CutPrefix(v, "data:"); ok {
		_, payload, found := strings.Cut(rest, ";base64,")
		if !found {
			return nil, cashier.ErrProofInvalid
		}
		v = payload
	}
	raw, err := base64.StdEncoding.DecodeString(v)
	if err != nil || len(raw) == 0 {
		return nil, cashier.ErrProofInvalid
	}
	return raw, nil
}

func (s *Server) submitDeposit(w http.ResponseWriter, r *http.Request) (any, error) {
	if err := s.cashierReady(); err != nil {
		return nil, err
	}
	id, err := pathID(r)
	if err != nil {
		return nil, err
	}
	var req depositSubmit
	if err := decodeProofBody(w, r, proofBodyMax, &req); err != nil {
		return nil, err
	}
	raw, err := decodeProof(req.Proof)
	if err != nil {
		return nil, err
	}
	ctx := r.Context()
	mer := merchantOf(ctx)
	o, err := s.Cashier.Submit(ctx, mer.Code, memberOf(ctx).ID, id, req.Reference, raw)
	if err != nil {
		return nil, err
	}
	return depositOrderOf(o, mer), nil
}

// writeProof answers a proof image; nothing in it runs or is sniffed.
func writeProof(w http.ResponseWriter, p cashier.Proof) {
	w.Header().Set("Content-Type", p.ContentType)
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("Cache-Control", "private, no-store")
	w.Header().Set("Content-Security-Policy", "default-src 'none'")
	w.Header().Set("Content-Length", strconv.Itoa(len(p.Data)))
	_, _ = w.Write(p.Data)
}

func (s *Server) memberProof(w http.ResponseWriter, r *http.Request) {
	if err := s.cashierReady(); err != nil {
		s.writeError(w, r, err)
		return
	}
	id, err := pathID(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	ctx := r.Context()
	p, err := s.Cashier.MemberProof(ctx, merchantOf(ctx).Code, memberOf(ctx).ID, id)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeProof(w, p)
}

// cashierWebhook takes a gateway's notice: plain OK once handled (or
// handled before); otherwise an envelope: 401 for a bad signature, 400 for
// a malformed body, 404 for an unknown gateway or order, and 500 for a
// failure of ours, which the gateway sends again.
func (s *Server) cashierWebhook(w http.ResponseWriter, r *http.Request) {
	s.gatewayNotice(w, r, s.Cashier.Webhook)
}

// gatewayNotice reads a gateway's signed notice and hands it to take (a
// method of the cashier, called only once the cashier is known to be
// wired).
func (s *Server) gatewayNotice(w http.ResponseWriter, r *http.Request, take func(ctx context.Context, gateway string, body []byte, signature string) error) {
	if err := s.cashierReady(); err != nil {
		s.writeError(w, r, err)
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, 8<<10))
	if err != nil {
		s.writeError(w, r, bodyError(err))
		return
	}
	if err := take(r.Context(), chi.URLParam(r, "gateway"), body, r.Header.Get("X-Signature")); err != nil {
		s.writeError(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	_, _ = io.WriteString(w, "OK")
}

// DepositEvents is the cashier's OnStatus listener: the member's pages
// hear {"type":"deposit","orderId":n,"status":s} and re-read the order.
func DepositEvents(hub *realtime.Hub) func(merchantCode string, member, orderID int64, status string) {
	return func(merchantCode string, member, orderID int64, status string) {
		hub.Publish(merchantCode, member, realtime.Event{Type: realtime.EventDeposit, OrderID: orderID, Status: status})
	}
}
