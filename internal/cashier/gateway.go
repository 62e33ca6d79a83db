package cashier

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"time"
)

// Gateway carries a channel's payments: it registers an order with the
// PSP, and asks the PSP for a payment's state. Notices (webhooks) are
// verified by the signature of the channel's secret (Webhook).
type Gateway interface {
	// Create registers order o of channel ch; it answers the PSP's order
	// id ("" when the gateway has none).
	Create(ctx context.Context, ch Channel, o Order) (pspOrderID string, err error)
	// Query asks the PSP for the state of a payment.
	Query(ctx context.Context, ch Channel, pspOrderID string) (Notice, error)
}

// Notice statuses.
const (
	NoticePaid    = "paid"
	NoticeFailed  = "failed"
	NoticePending = "pending"
)

// Notice is a PSP's word about a payment: its webhook body and its status
// query's answer alike.
type Notice struct {
	PSPOrderID string `json:"pspOrderId"`
	OrderID    int64  `json:"orderId"`
	Status     string `json:"status"`
	Amount     int64  `json:"amount"`
	Currency   string `json:"currency"`
	PaidAt     string `json:"paidAt"`
}

// maxNotice bounds a notice's body.
const maxNotice = 4 << 10

// DecodeNotice reads a notice strictly: one JSON object of the known
// fields, a known status, an id, a positive amount when paid.
func DecodeNotice(body []byte) (Notice, error) {
	var n Notice
	if len(body) == 0 || len(body) > maxNotice {
		return n, ErrNotice
	}
	dec := json.NewDecoder(bytes.NewReader(body))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&n); err != nil {
		return Notice{}, ErrNotice
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return Notice{}, ErrNotice
	}
	switch {
	case !printable(n.PSPOrderID, 64), n.OrderID <= 0, n.Amount < 0, !printable(n.Currency, 8):
		return Notice{}, ErrNotice
	case n.Status != NoticePaid && n.Status != NoticeFailed && n.Status != NoticePending:
		return Notice{}, ErrNotice
	case n.Status == NoticePaid && n.Amount == 0:
		return Notice{}, ErrNotice
	case len(n.PaidAt) > 40:
		return Notice{}, ErrNotice
	}
	return n, nil
}

// Sign is the signature of a body (or a path) under secret: hex
// HMAC-SHA256.
func Sign(secret string, body []byte) string {
	m := hmac.New(sha256.New, []byte(secret))
	m.Write(body)
	return hex.EncodeToString(m.Sum(nil))
}

// VerifySignature compares in constant time; an empty secret verifies
// nothing.
func VerifySignature(secret string, body []byte, signature string) bool {
	got, err := hex.DecodeString(signature)
	if secret == "" || err != nil {
		return false
	}
	m := hmac.New(sha256.New, []byte(secret))
	m.Write(body)
	return hmac.Equal(m.Sum(nil), got)
}

func (s *Service) gateway(name string) Gateway {
	if name == GatewaySim {
		return simGateway{s: s}
	}
	return manualGateway{}
}

// manualGateway is the bank transfer finance checks by hand: nothing to
// register, nobody to ask.
type manualGateway struct{}

func (manualGateway) Create(context.Context, Channel, Order) (string, error) { return "", nil }

func (manualGateway) Query(context.Context, Channel, string) (Notice, error) {
	return Notice{}, fmt.Errorf("%w: a manual transfer has no gateway to ask", ErrGateway)
}

// simGateway speaks to the payment-gateway simulator (internal/paysim) over
// HTTP, as to an outside PSP.
type simGateway struct{ s *Service }

// SimCreate is the body of the simulator's create call.
type SimCreate struct {
	Merchant   string `json:"merchant"`
	Channel    string `json:"channel"`
	OrderID    int64  `json:"orderId"`
	Amount     int64  `json:"amount"`
	Currency   string `json:"currency"`
	NotifyPath string `json:"notifyPath"`
	ReturnURL  string `json:"returnUrl"`
}

// SimCreated is the simulator's answer to a create call.
type SimCreated struct {
	PSPOrderID string `json:"pspOrderId"`
}

// PayURL is where the member pays a sim order (the simulator's hosted
// page, served by this binary under /paysim/).
func PayURL(pspOrderID string) string { return "/paysim/pay/" + url.PathEscape(pspOrderID) }

// ReturnURL is the member's page of an order, where the PSP sends them back.
func ReturnURL(orderID int64) string {
	return "/member?page=depositv2&order=" + strconv.FormatInt(orderID, 10)
}

func (g simGateway) base() (string, error) {
	b, _ := g.s.simBase.Load().(string)
	if b == "" {
		return "", fmt.Errorf("%w: the simulator's address is not set", ErrGateway)
	}
	return b, nil
}

func (g simGateway) Create(ctx context.Context, ch Channel, o Order) (string, error) {
	base, err := g.base()
	if err != nil {
		return "", err
	}
	body, _ := json.Marshal(SimCreate{Merchant: o.Merchant, Channel: ch.Code, OrderID: o.ID, Amount: o.Amount, Currency: o.Currency,
		NotifyPath: "/cashier/webhook/sim", ReturnURL: ReturnURL(o.ID)})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, base+"/paysim/api/orders", bytes.NewReader(body))
	if err != nil {
		return "", err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Signature", Sign(ch.secret, body))
	var out SimCreated
	if err := g.do(req, &out); err != nil {
		return "", err
	}
	if out.PSPOrderID == "" {
		return "", fmt.Errorf("%w: no order id", ErrGateway)
	}
	return out.PSPOrderID, nil
}

func (g simGateway) Query(ctx context.Context, ch Channel, pspOrderID string) (Notice, error) {
	return g.query(ctx, ch, "/paysim/api/orders/"+url.PathEscape(pspOrderID))
}

// query asks the simulator at path (signed) and reads its signed notice.
func (g simGateway) query(ctx context.Context, ch Channel, path string) (Notice, error) {
	base, err := g.base()
	if err != nil {
		return Notice{}, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, base+path, nil)
	if err != nil {
		return Notice{}, err
	}
	req.Header.Set("X-Signature", Sign(ch.secret, []byte(path)))
	resp, err := g.s.http.Do(req)
	if err != nil {
		return Notice{}, fmt.Errorf("%w: %v", ErrGateway, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(io.LimitReader(resp.Body, maxNotice+1))
	if err != nil || resp.StatusCode != http.StatusOK {
		return Notice{}, fmt.Errorf("%w: status %d", ErrGateway, resp.StatusCode)
	}
	// The answer is signed like a webhook: a forged answer moves nothing.
	if !VerifySignature(ch.secret, raw, resp.Header.Get("X-Signature")) {
		return Notice{}, ErrSignature
	}
	return DecodeNotice(raw)
}

func (g simGateway) do(req *http.Request, out any) error {
	client := *g.s.http
	if client.Timeout == 0 {
		client.Timeout = 10 * time.Second
	}
	resp, err := client.Do(req)
	if err != nil {
		return fmt.Errorf("%w: %v", ErrGateway, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("%w: status %d", ErrGateway, resp.StatusCode)
	}
	if err := json.NewDecoder(io.LimitReader(resp.Body, maxNotice)).Decode(out); err != nil {
		return fmt.Errorf("%w: %v", ErrGateway, err)
	}
	return nil
}
