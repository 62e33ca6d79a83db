package paysim

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strings"
	"time"
)

// Payouts: the portal asks the PSP to pay a member's bank account; the PSP
// pays after PayoutDelay and says so by a signed webhook, and answers
// status queries. One payout per portal order: asking again answers the
// first. Account numbers steer the outcome, as a PSP's test mode does:
// ending in 0000 the payment fails; ending in 9999 it is paid but no
// webhook is sent (the portal must ask).

type payoutRequest struct {
	Merchant      string `json:"merchant"`
	Channel       string `json:"channel"`
	OrderID       int64  `json:"orderId"`
	Amount        int64  `json:"amount"`
	Currency      string `json:"currency"`
	BankName      string `json:"bankName"`
	AccountNumber string `json:"accountNumber"`
	AccountName   string `json:"accountName"`
	NotifyPath    string `json:"notifyPath"`
}

type payout struct {
	ID, Merchant, Channel string
	OrderID, Amount       int64
	Currency, Account     string
	NotifyPath, Status    string
	PaidAt                int64
}

var errNoPayout = errors.New("paysim: no such payout")

func (h *Handler) loadPayout(ctx context.Context, where string, args ...any) (payout, error) {
	var p payout
	err := h.db.Read().QueryRowContext(ctx, `SELECT payout_id, merchant_code, channel_code, order_id, amount, currency, account_number,
		notify_path, status, paid_at FROM paysim_payouts WHERE `+where, args...).
		Scan(&p.ID, &p.Merchant, &p.Channel, &p.OrderID, &p.Amount, &p.Currency, &p.Account, &p.NotifyPath, &p.Status, &p.PaidAt)
	if err != nil {
		return p, errNoPayout
	}
	return p, nil
}

func (p payout) notice() Notice {
	n := Notice{PSPOrderID: p.ID, OrderID: p.OrderID, Status: p.Status, Amount: p.Amount, Currency: p.Currency}
	if p.Status == "paid" {
		n.PaidAt = time.UnixMilli(p.PaidAt).UTC().Format(time.RFC3339)
	}
	return n
}

func (h *Handler) createPayout(w http.ResponseWriter, r *http.Request) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, 4<<10))
	var req payoutRequest
	if err != nil || json.Unmarshal(body, &req) != nil || req.OrderID <= 0 || req.Amount <= 0 || req.Merchant == "" || req.Channel == "" ||
		req.AccountNumber == "" || len(req.NotifyPath) == 0 || req.NotifyPath[0] != '/' {
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
	id := "PO" + hex.EncodeToString(b)
	res, err := h.db.Write().ExecContext(r.Context(), `INSERT INTO paysim_payouts (payout_id, merchant_code, channel_code, order_id, amount, currency,
		account_number, notify_path, status, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'pending', $9)
		ON CONFLICT (merchant_code, order_id) DO NOTHING`,
		id, req.Merchant, req.Channel, req.OrderID, req.Amount, req.Currency, req.AccountNumber, req.NotifyPath, h.o.Now().UnixMilli())
	if err != nil {
		h.o.Log.Error("paysim: payout", "err", err)
		http.Error(w, "error", http.StatusInternalServerError)
		return
	}
	p, err := h.loadPayout(r.Context(), `merchant_code = $1 AND order_id = $2`, req.Merchant, req.OrderID)
	if err != nil {
		http.Error(w, "error", http.StatusInternalServerError)
		return
	}
	if n, _ := res.RowsAffected(); n == 1 {
		h.sent.Add(1)
		go func() {
			defer h.sent.Done()
			time.Sleep(h.o.PayoutDelay)
			h.settlePayout(context.Background(), p)
		}()
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]string{"payoutId": p.ID})
}

// settlePayout pays (or fails) a payout once and tells the portal.
func (h *Handler) settlePayout(ctx context.Context, p payout) {
	status := "paid"
	if strings.HasSuffix(p.Account, "0000") {
		status = "failed"
	}
	now := h.o.Now().UnixMilli()
	res, err := h.db.Write().ExecContext(ctx, `UPDATE paysim_payouts SET status = $1, paid_at = $2 WHERE payout_id = $3 AND status = 'pending'`,
		status, now, p.ID)
	if err != nil {
		h.o.Log.Error("paysim: settle payout", "err", err)
		return
	}
	if n, _ := res.RowsAffected(); n != 1 || strings.HasSuffix(p.Account, "9999") {
		return
	}
	p.Status, p.PaidAt = status, now
	secret, err := h.o.Secret(ctx, p.Merchant, p.Channel)
	if err != nil {
		h.o.Log.Error("paysim: secret", "err", err)
		return
	}
	h.send(ctx, order{PSPOrderID: p.ID, NotifyPath: p.NotifyPath}, p.notice(), secret)
}

func (h *Handler) queryPayout(w http.ResponseWriter, r *http.Request) {
	p, err := h.loadPayout(r.Context(), `payout_id = $1`, r.PathValue("id"))
	if err != nil {
		http.Error(w, "not found", http.StatusNotFound)
		return
	}
	secret, err := h.o.Secret(r.Context(), p.Merchant, p.Channel)
	if err != nil || !verify(secret, []byte(r.URL.EscapedPath()), r.Header.Get("X-Signature")) {
		http.Error(w, "bad signature", http.StatusUnauthorized)
		return
	}
	body, _ := json.Marshal(p.notice())
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("X-Signature", sign(secret, body))
	_, _ = w.Write(body)
}
