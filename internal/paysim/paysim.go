// Package paysim stands in for an outside payment gateway (PSP): the
// portal registers a payment over HTTP, the member pays on the PSP's
// hosted page, the PSP tells the portal by a signed webhook and answers
// status queries. Test switches on the page make it misbehave the way real
// PSPs do: slow, duplicated, out-of-order, amount-mismatched and forged
// webhooks, or none at all. The portal mounts it at /paysim/; it keeps its
// orders in its own table, as a PSP keeps its own books.
package paysim

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"html/template"
	"io"
	"log/slog"
	"net/http"
	"strconv"
	"sync"
	"time"

	"portal/internal/database"
)

// Options configure the simulator.
type Options struct {
	// Base is the portal's address (http://127.0.0.1:8080): webhooks go
	// to Base plus the order's notify path, over real HTTP.
	Base func() string
	HTTP *http.Client
	// Secret is the webhook secret the PSP shares with a merchant's
	// channel.
	Secret func(ctx context.Context, merchant, channel string) (string, error)
	Now    func() time.Time
	Log    *slog.Logger
	// RetryPause is the first pause between webhook attempts (doubling);
	// 0 is one second.
	RetryPause time.Duration
	// SlowDelay is how long the slow switch holds a webhook; 0 is 5 s.
	SlowDelay time.Duration
	// PayoutDelay is how long a payout takes to be paid; 0 is 2 s.
	PayoutDelay time.Duration
}

// Handler serves the simulator under /paysim/.
type Handler struct {
	db   *database.DB
	o    Options
	mux  *http.ServeMux
	sent sync.WaitGroup
}

// NewHandler returns the simulator over db.
func NewHandler(db *database.DB, o Options) *Handler {
	if o.HTTP == nil {
		o.HTTP = &http.Client{Timeout: 10 * time.Second}
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Log == nil {
		o.Log = slog.New(slog.DiscardHandler)
	}
	if o.RetryPause == 0 {
		o.RetryPause = time.Second
	}
	if o.SlowDelay == 0 {
		o.SlowDelay = 5 * time.Second
	}
	if o.PayoutDelay == 0 {
		o.PayoutDelay = 2 * time.Second
	}
	h := &Handler{db: db, o: o, mux: http.NewServeMux()}
	h.mux.HandleFunc("POST /paysim/api/orders", h.create)
	h.mux.HandleFunc("GET /paysim/api/orders/{id}", h.query)
	h.mux.HandleFunc("POST /paysim/api/payouts", h.createPayout)
	h.mux.HandleFunc("GET /paysim/api/payouts/{id}", h.queryPayout)
	h.mux.HandleFunc("GET /paysim/pay/{id}", h.payPage)
	h.mux.HandleFunc("POST /paysim/pay/{id}", h.pay)
	return h
}

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) { h.mux.ServeHTTP(w, r) }

// Wait blocks until every webhook sent in the background is done (tests).
func (h *Handler) Wait() { h.sent.Wait() }

// order is one payment as the PSP books it.
type order struct {
	PSPOrderID, Merchant, Channel   string
	OrderID, Amount                 int64
	Currency, NotifyPath, ReturnURL string
	Status                          string
	PaidAmount, PaidAt, CreatedAt   int64
}

// Notice is the webhook body and the status query's answer.
type Notice struct {
	PSPOrderID string `json:"pspOrderId"`
	OrderID    int64  `json:"orderId"`
	Status     string `json:"status"`
	Amount     int64  `json:"amount"`
	Currency   string `json:"currency"`
	PaidAt     string `json:"paidAt"`
}

func sign(secret string, b []byte) string {
	m := hmac.New(sha256.New, []byte(secret))
	m.Write(b)
	return hex.EncodeToString(m.Sum(nil))
}

func verify(secret string, b []byte, sig string) bool {
	got, err := hex.DecodeString(sig)
	if err != nil || secret == "" {
		return false
	}
	m := hmac.New(sha256.New, []byte(secret))
	m.Write(b)
	return hmac.Equal(m.Sum(nil), got)
}

var errNoOrder = errors.New("paysim: no such order")

func (h *Handler) load(ctx context.Context, id string) (order, error) {
	var o order
	err := h.db.Read().QueryRowContext(ctx, `SELECT psp_order_id, merchant_code, channel_code, order_id, amount, currency, notify_path, return_url,
		status, paid_amount, paid_at, created_at FROM paysim_orders WHERE psp_order_id = $1`, id).
		Scan(&o.PSPOrderID, &o.Merchant, &o.Channel, &o.OrderID, &o.Amount, &o.Currency, &o.NotifyPath, &o.ReturnURL, &o.Status,
			&o.PaidAmount, &o.PaidAt, &o.CreatedAt)
	if errors.Is(err, sql.ErrNoRows) {
		return o, errNoOrder
	}
	return o, err
}

// createRequest is the portal's registration of a payment.
type createRequest struct {
	Merchant   string `json:"merchant"`
	Channel    string `json:"channel"`
	OrderID    int64  `json:"orderId"`
	Amount     int64  `json:"amount"`
	Currency   string `json:"currency"`
	NotifyPath string `json:"notifyPath"`
	ReturnURL  string `json:"returnUrl"`
}

func (h *Handler) create(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, 4<<10))
	var req createRequest
	if err != nil || json.Unmarshal(body, &req) != nil || req.OrderID <= 0 || req.Amount <= 0 || req.Merchant == "" || req.Channel == "" ||
		len(req.NotifyPath) == 0 || req.NotifyPath[0] != '/' || len(req.ReturnURL) == 0 || req.ReturnURL[0] != '/' {
		http.Error(w, "bad request", http.StatusBadRequest)
		return
	}
	secret, err := h.o.Secret(r.Context(), req.Merchant, req.Channel)
	if err != nil || !verify(secret, body, r.Header.Get("X-Signature")) {
		http.Error(w, "bad signature", http.StatusUnauthorized)
		return
	}
	b := make([]byte, 10)
	_, _ = rand.Read(b)
	id := "PS" + hex.EncodeToString(b)
	if _, err := h.db.Write().ExecContext(r.Context(), `INSERT INTO paysim_orders (psp_order_id, merchant_code, channel_code, order_id, amount, currency,
		notify_path, return_url, status, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'pending', $9)`,
		id, req.Merchant, req.Channel, req.OrderID, req.Amount, req.Currency, req.NotifyPath, req.ReturnURL, h.o.Now().UnixMilli()); err != nil {
		h.o.Log.Error("paysim: create", "err", err)
		http.Error(w, "error", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]string{"pspOrderId": id})
}

// notice is what the PSP says of o now.
func notice(o order) Notice {
	n := Notice{PSPOrderID: o.PSPOrderID, OrderID: o.OrderID, Status: o.Status, Amount: o.Amount, Currency: o.Currency}
	if o.Status == "paid" {
		n.Amount = o.PaidAmount
		n.PaidAt = time.UnixMilli(o.PaidAt).UTC().Format(time.RFC3339)
	}
	return n
}

func (h *Handler) query(w http.ResponseWriter, r *http.Request) {
	o, err := h.load(r.Context(), r.PathValue("id"))
	if err != nil {
		http.Error(w, "not found", http.StatusNotFound)
		return
	}
	secret, err := h.o.Secret(r.Context(), o.Merchant, o.Channel)
	if err != nil || !verify(secret, []byte(r.URL.EscapedPath()), r.Header.Get("X-Signature")) {
		http.Error(w, "bad signature", http.StatusUnauthorized)
		return
	}
	body, _ := json.Marshal(notice(o))
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("X-Signature", sign(secret, body))
	_, _ = w.Write(body)
}

// Switches are the test switches of the pay page.
type Switches struct {
	Slow, Duplicate, OutOfOrder, Mismatch, Forged, Silent bool
}

var (
	//go:embed pay.html
	pages   embed.FS
	payTmpl = template.Must(template.ParseFS(pages, "pay.html"))
)

type pageData struct {
	Order  order
	Amount string
	Done   bool
	Paid   bool
}

func amountText(v int64) string {
	return strconv.FormatInt(v/100, 10) + "." + strconv.FormatInt(100+v%100, 10)[1:]
}

func (h *Handler) payPage(w http.ResponseWriter, r *http.Request) {
	o, err := h.load(r.Context(), r.PathValue("id"))
	if err != nil {
		http.Error(w, "no such payment", http.StatusNotFound)
		return
	}
	h.render(w, pageData{Order: o, Amount: amountText(o.Amount), Done: o.Status != "pending", Paid: o.Status == "paid"})
}

func (h *Handler) render(w http.ResponseWriter, d pageData) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.Header().Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'")
	if err := payTmpl.Execute(w, d); err != nil {
		h.o.Log.Error("paysim: page", "err", err)
	}
}

// pay records the member's choice and sends the webhooks in the
// background, as a PSP does after its own page answered.
func (h *Handler) pay(w http.ResponseWriter, r *http.Request) {
	r.Body = http.MaxBytesReader(w, r.Body, 4<<10)
	if err := r.ParseForm(); err != nil {
		http.Error(w, "bad form", http.StatusBadRequest)
		return
	}
	ctx := context.WithoutCancel(r.Context())
	o, err := h.load(ctx, r.PathValue("id"))
	if err != nil {
		http.Error(w, "no such payment", http.StatusNotFound)
		return
	}
	on := func(k string) bool { return r.PostForm.Get(k) != "" }
	sw := Switches{Slow: on("slow"), Duplicate: on("duplicate"), OutOfOrder: on("outoforder"), Mismatch: on("mismatch"), Forged: on("forged"), Silent: on("silent")}
	status := "paid"
	if r.PostForm.Get("action") == "fail" {
		status = "failed"
	}
	if err := h.Settle(ctx, o.PSPOrderID, status, sw); err != nil && !errors.Is(err, errSettled) {
		http.Error(w, "error", http.StatusInternalServerError)
		return
	}
	o, _ = h.load(ctx, o.PSPOrderID)
	h.render(w, pageData{Order: o, Amount: amountText(o.Amount), Done: true, Paid: o.Status == "paid"})
}

var errSettled = errors.New("paysim: already settled")

// Settle records a payment's outcome (paid or failed) once and sends its
// webhooks in the background as the switches say.
func (h *Handler) Settle(ctx context.Context, pspOrderID, status string, sw Switches) error {
	o, err := h.load(ctx, pspOrderID)
	if err != nil {
		return err
	}
	paid := o.Amount
	if sw.Mismatch {
		paid++
	}
	now := h.o.Now().UnixMilli()
	res, err := h.db.Write().ExecContext(ctx, `UPDATE paysim_orders SET status = $1, paid_amount = $2, paid_at = $3 WHERE psp_order_id = $4 AND status = 'pending'`,
		status, paid, now, pspOrderID)
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n != 1 {
		return errSettled
	}
	o.Status, o.PaidAmount, o.PaidAt = status, paid, now
	if sw.Silent {
		return nil
	}
	h.sent.Add(1)
	go func() {
		defer h.sent.Done()
		h.deliver(context.Background(), o, sw)
	}()
	return nil
}

func (h *Handler) deliver(ctx context.Context, o order, sw Switches) {
	if sw.Slow {
		time.Sleep(h.o.SlowDelay)
	}
	secret, err := h.o.Secret(ctx, o.Merchant, o.Channel)
	if err != nil {
		h.o.Log.Error("paysim: secret", "err", err)
		return
	}
	if sw.Forged {
		secret = "forged-" + secret
	}
	times := 1
	if sw.Duplicate {
		times = 3
	}
	n := notice(o)
	for range times {
		h.send(ctx, o, n, secret)
	}
	if sw.OutOfOrder {
		late := n
		late.Status, late.Amount, late.PaidAt = "pending", o.Amount, ""
		h.send(ctx, o, late, secret)
	}
}

// send posts one webhook, retrying a non-2xx answer with a doubling pause
// up to five attempts.
func (h *Handler) send(ctx context.Context, o order, n Notice, secret string) {
	body, _ := json.Marshal(n)
	pause := h.o.RetryPause
	for attempt := 1; attempt <= 5; attempt++ {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, h.o.Base()+o.NotifyPath, bytes.NewReader(body))
		if err != nil {
			return
		}
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("X-Signature", sign(secret, body))
		resp, err := h.o.HTTP.Do(req)
		if err == nil {
			_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, 4<<10))
			resp.Body.Close()
			if resp.StatusCode/100 == 2 {
				return
			}
			h.o.Log.Warn("paysim: webhook refused", "order", o.PSPOrderID, "status", resp.StatusCode, "attempt", attempt)
		}
		if attempt < 5 {
			time.Sleep(pause)
			pause *= 2
		}
	}
}
