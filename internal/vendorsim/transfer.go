package vendorsim

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"portal/internal/database"
	"portal/internal/transferwallet"
)

// TransferFault is a misbehaviour of a vendor's transfer API, switched on
// per vendor for tests (SetFault, or POST /sim/{vendor}/transfer/fault in
// dev mode).
type TransferFault string

// The faults.
const (
	// FaultNone answers straight.
	FaultNone TransferFault = ""
	// FaultSlow applies a deposit or withdrawal, then answers only after
	// SlowDelay: past the portal's timeout, so it sees no answer although
	// the money moved.
	FaultSlow TransferFault = "slow"
	// FaultFail refuses every deposit and withdrawal (nothing moves).
	FaultFail TransferFault = "fail"
	// FaultUnknown applies the call and answers 500 without a verdict.
	FaultUnknown TransferFault = "unknown"
	// FaultLost answers 500 without applying the call: the status query
	// will not find it.
	FaultLost TransferFault = "lost"
	// FaultDown answers nothing useful to any call, balance and status
	// included (a vendor that is down).
	FaultDown TransferFault = "down"
)

// Transfers is the vendors' transfer-wallet side: a player's balance at
// each vendor and every transfer asked for, in the simulator's own tables
// (it stands for outside vendors, whose books survive our restarts).
type Transfers struct {
	db     *database.DB
	secret func(ctx context.Context, vendor string) (string, error)
	now    func() time.Time
	log    *slog.Logger
	// SlowDelay is how long FaultSlow holds its answer; 0 is 6 s.
	SlowDelay time.Duration
	mu        sync.Mutex
	faults    map[string]TransferFault
}

// NewTransfers opens the transfer side over db; secret is each vendor's
// signing secret (the one its seamless callbacks are signed with).
func NewTransfers(db *database.DB, secret func(ctx context.Context, vendor string) (string, error), log *slog.Logger) *Transfers {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Transfers{db: db, secret: secret, now: time.Now, log: log, faults: map[string]TransferFault{}}
}

// SetFault switches a vendor's fault (FaultNone turns it off).
func (t *Transfers) SetFault(vendor string, f TransferFault) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if f == FaultNone {
		delete(t.faults, vendor)
		return
	}
	t.faults[vendor] = f
}

func (t *Transfers) fault(vendor string) TransferFault {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.faults[vendor]
}

// WithTransfers serves t's API beside the game pages.
func (h *Handler) WithTransfers(t *Transfers) *Handler {
	h.mux.HandleFunc("POST /sim/{vendor}/transfer/{op}", t.serve)
	if h.AllowFaults {
		h.mux.HandleFunc("POST /sim/{vendor}/transfer-fault", t.setFault)
	}
	return h
}

func (t *Transfers) setFault(w http.ResponseWriter, r *http.Request) {
	var body struct {
		Fault TransferFault `json:"fault"`
	}
	vendor := r.PathValue("vendor")
	if err := decode(r, &body); err != nil || !vendorPattern.MatchString(vendor) {
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": "bad request"})
		return
	}
	switch body.Fault {
	case FaultNone, FaultSlow, FaultFail, FaultUnknown, FaultLost, FaultDown:
	default:
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": "unknown fault"})
		return
	}
	t.SetFault(vendor, body.Fault)
	writeJSON(w, http.StatusOK, map[string]string{"fault": string(body.Fault)})
}

// serve checks the signature and answers one call, signed.
func (t *Transfers) serve(w http.ResponseWriter, r *http.Request) {
	vendor, op := r.PathValue("vendor"), r.PathValue("op")
	ctx := context.WithoutCancel(r.Context())
	if !vendorPattern.MatchString(vendor) {
		http.Error(w, "unknown vendor", http.StatusNotFound)
		return
	}
	secret, err := t.secret(ctx, vendor)
	if err != nil {
		http.Error(w, "unknown vendor", http.StatusNotFound)
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, 4<<10))
	var req transferwallet.VendorRequest
	if err != nil || !transferwallet.Verify(secret, body, r.Header.Get("X-Signature")) || json.Unmarshal(body, &req) != nil {
		t.answer(w, secret, http.StatusUnauthorized, transferwallet.VendorAnswer{Status: transferwallet.VendorBadRequest, Message: "bad signature or body"})
		return
	}
	fault := t.fault(vendor)
	if fault == FaultDown {
		http.Error(w, "vendor down", http.StatusServiceUnavailable)
		return
	}
	var a transferwallet.VendorAnswer
	switch op {
	case transferwallet.OpDeposit, transferwallet.OpWithdraw:
		if req.TransferID == "" || len(req.TransferID) > 64 || req.Merchant == "" || req.Player == "" || len(req.Currency) != 3 || req.Amount <= 0 {
			t.answer(w, secret, http.StatusBadRequest, transferwallet.VendorAnswer{Status: transferwallet.VendorBadRequest, Message: "missing fields"})
			return
		}
		if fault == FaultLost {
			http.Error(w, "internal error", http.StatusInternalServerError)
			return
		}
		if fault == FaultFail {
			// A refusal is recorded like any first result, so the id
			// answers it again.
			a, err = t.apply(ctx, vendor, op, req, true)
		} else {
			a, err = t.apply(ctx, vendor, op, req, false)
		}
	case transferwallet.OpBalance:
		a, err = t.balance(ctx, vendor, req)
	case transferwallet.OpStatus:
		a, err = t.status(ctx, vendor, req.TransferID)
	default:
		http.Error(w, "unknown call", http.StatusNotFound)
		return
	}
	if err != nil {
		t.log.Error("vendorsim: transfer", "vendor", vendor, "op", op, "err", err)
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	if op == transferwallet.OpDeposit || op == transferwallet.OpWithdraw {
		switch fault {
		case FaultUnknown:
			http.Error(w, "internal error", http.StatusInternalServerError)
			return
		case FaultSlow:
			delay := t.SlowDelay
			if delay <= 0 {
				delay = 6 * time.Second
			}
			time.Sleep(delay)
		}
	}
	t.answer(w, secret, http.StatusOK, a)
}

func (t *Transfers) answer(w http.ResponseWriter, secret string, status int, a transferwallet.VendorAnswer) {
	body, _ := json.Marshal(a)
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("X-Signature", transferwallet.Sign(secret, body))
	w.WriteHeader(status)
	_, _ = w.Write(body)
}

// apply takes a deposit or withdrawal once: the transfer's row and the
// balance change commit together; the same id again answers the first
// result (or CONFLICT for a different request).
func (t *Transfers) apply(ctx context.Context, vendor, op string, req transferwallet.VendorRequest, refuse bool) (transferwallet.VendorAnswer, error) {
	direction := transferwallet.DirIn
	if op == transferwallet.OpWithdraw {
		direction = transferwallet.DirOut
	}
	var a transferwallet.VendorAnswer
	err := t.db.InTx(ctx, func(q database.Querier) error {
		a = transferwallet.VendorAnswer{}
		// The player's row first: it is the lock every transfer of the
		// player queues on.
		if _, err := q.ExecContext(ctx, `INSERT INTO vendorsim_wallets (vendor_code, merchant_code, player, currency) VALUES ($1, $2, $3, $4)
			ON CONFLICT (vendor_code, merchant_code, player, currency) DO NOTHING`, vendor, req.Merchant, req.Player, req.Currency); err != nil {
			return err
		}
		res, err := q.ExecContext(ctx, `INSERT INTO vendorsim_transfers (vendor_code, transfer_id, merchant_code, player, currency, direction, amount,
			status, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (vendor_code, transfer_id) DO NOTHING`,
			vendor, req.TransferID, req.Merchant, req.Player, req.Currency, direction, req.Amount, transferwallet.VendorOK, t.now().UnixMilli())
		if err != nil {
			return err
		}
		if n, _ := res.RowsAffected(); n == 0 {
			var prior struct {
				merchant, player, currency, direction, status string
				amount, balance                               int64
			}
			if err := q.QueryRowContext(ctx, `SELECT merchant_code, player, currency, direction, amount, status, balance FROM vendorsim_transfers
				WHERE vendor_code = $1 AND transfer_id = $2`, vendor, req.TransferID).
				Scan(&prior.merchant, &prior.player, &prior.currency, &prior.direction, &prior.amount, &prior.status, &prior.balance); err != nil {
				return err
			}
			if prior.merchant != req.Merchant || prior.player != req.Player || prior.currency != req.Currency || prior.direction != direction ||
				prior.amount != req.Amount {
				a = transferwallet.VendorAnswer{Status: transferwallet.VendorConflict, TransferID: req.TransferID, Message: "transfer id used for another request"}
				return nil
			}
			a = transferwallet.VendorAnswer{Status: prior.status, TransferID: req.TransferID, Direction: direction, Amount: req.Amount, Balance: prior.balance}
			return nil
		}
		status := transferwallet.VendorOK
		message := ""
		var balance int64
		if refuse {
			status, message = transferwallet.VendorRefused, "transfers are switched off"
			if err := q.QueryRowContext(ctx, `SELECT balance FROM vendorsim_wallets WHERE vendor_code = $1 AND merchant_code = $2 AND player = $3
				AND currency = $4`, vendor, req.Merchant, req.Player, req.Currency).Scan(&balance); err != nil {
				return err
			}
		} else {
			change := req.Amount
			if direction == transferwallet.DirOut {
				change = -req.Amount
			}
			err := q.QueryRowContext(ctx, `UPDATE vendorsim_wallets SET balance = balance + $1
				WHERE vendor_code = $2 AND merchant_code = $3 AND player = $4 AND currency = $5 AND balance + $1 >= 0 RETURNING balance`,
				change, vendor, req.Merchant, req.Player, req.Currency).Scan(&balance)
			if errors.Is(err, sql.ErrNoRows) {
				status, message = transferwallet.VendorRefused, "insufficient balance"
				if err := q.QueryRowContext(ctx, `SELECT balance FROM vendorsim_wallets WHERE vendor_code = $1 AND merchant_code = $2 AND player = $3
					AND currency = $4`, vendor, req.Merchant, req.Player, req.Currency).Scan(&balance); err != nil {
					return err
				}
			} else if err != nil {
				return err
			}
		}
		if _, err := q.ExecContext(ctx, `UPDATE vendorsim_transfers SET status = $1, balance = $2 WHERE vendor_code = $3 AND transfer_id = $4`,
			status, balance, vendor, req.TransferID); err != nil {
			return err
		}
		a = transferwallet.VendorAnswer{Status: status, TransferID: req.TransferID, Direction: direction, Amount: req.Amount, Balance: balance, Message: message}
		return nil
	})
	return a, err
}

func (t *Transfers) balance(ctx context.Context, vendor string, req transferwallet.VendorRequest) (transferwallet.VendorAnswer, error) {
	var b int64
	err := t.db.Read().QueryRowContext(ctx, `SELECT balance FROM vendorsim_wallets WHERE vendor_code = $1 AND merchant_code = $2 AND player = $3
		AND currency = $4`, vendor, req.Merchant, req.Player, req.Currency).Scan(&b)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return transferwallet.VendorAnswer{}, err
	}
	return transferwallet.VendorAnswer{Status: transferwallet.VendorOK, Balance: b}, nil
}

// status is the vendor's record of a transfer id: its first result, or
// NOT_FOUND for an id it never took. Read from the writer, so a commit just
// made is seen.
func (t *Transfers) status(ctx context.Context, vendor, id string) (transferwallet.VendorAnswer, error) {
	a := transferwallet.VendorAnswer{TransferID: id}
	err := t.db.Write().QueryRowContext(ctx, `SELECT direction, amount, status, balance FROM vendorsim_transfers WHERE vendor_code = $1 AND transfer_id = $2`,
		vendor, id).Scan(&a.Direction, &a.Amount, &a.Status, &a.Balance)
	if errors.Is(err, sql.ErrNoRows) {
		return transferwallet.VendorAnswer{Status: transferwallet.VendorNotFound, TransferID: id}, nil
	}
	return a, err
}

// Balance is a player's balance at a vendor (tests).
func (t *Transfers) Balance(ctx context.Context, vendor, merchantCode, player, currency string) (int64, error) {
	a, err := t.balance(ctx, vendor, transferwallet.VendorRequest{Merchant: merchantCode, Player: player, Currency: currency})
	return a.Balance, err
}
