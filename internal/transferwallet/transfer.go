package transferwallet

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"unicode"

	"portal/internal/database"
	"portal/internal/wallet"
)

// Request asks to move Amount between the member's main wallet and
// Vendor's: Direction in is main -> vendor, out is vendor -> main.
type Request struct {
	Merchant  string
	Currency  string
	MemberID  int64
	Vendor    string
	Direction string
	Amount    int64
	// RequestID is the client's idempotency key: the same id again
	// answers the first transfer and moves nothing.
	RequestID string
	// recall marks a recall's own request ids, which carry the client's
	// id and the vendor code, so may be longer.
	recall bool
}

func (r Request) check() error {
	if r.Direction != DirIn && r.Direction != DirOut {
		return fmt.Errorf("transferwallet: direction %q", r.Direction)
	}
	if r.Amount <= 0 {
		return ErrAmountInvalid
	}
	limit := RequestIDMaxLen
	if r.recall {
		limit += len(recallPrefix) + 1 + 40 // ":" and the vendor code
	}
	if r.RequestID == "" || len(r.RequestID) > limit {
		return ErrRequestInvalid
	}
	for _, c := range r.RequestID {
		if c > unicode.MaxASCII || !unicode.IsPrint(c) {
			return ErrRequestInvalid
		}
	}
	return nil
}

const recallPrefix = "recall:"

// Ledger transfer kinds of the moves.
const (
	kindIn     = "transfer_in"
	kindOut    = "transfer_out"
	kindRefund = "transfer_refund"
)

// Move makes one transfer and answers it as it stands: done, failed, or
// unknown (the vendor did not answer; the reconciler settles it). Main ->
// vendor debits the member to the vendor's clearing account together with
// the pending row, then asks the vendor; vendor -> main asks the vendor
// first and credits the member only on its yes. Once begun the move does
// not depend on the caller staying.
func (s *Service) Move(ctx context.Context, r Request) (Transfer, error) {
	ctx = context.WithoutCancel(ctx)
	if err := r.check(); err != nil {
		return Transfer{}, err
	}
	if ok, err := s.isTransferVendor(ctx, r.Merchant, r.Vendor); err != nil {
		return Transfer{}, err
	} else if !ok {
		return Transfer{}, fmt.Errorf("%w: %s", ErrNotTransferVendor, r.Vendor)
	}
	if r.Direction == DirIn && s.o.PlayGuard != nil {
		// A replay answers its first transfer whatever the guard says now.
		_, err := s.transferWhere(ctx, s.db.Read(), `merchant_code = $1 AND member_id = $2 AND request_id = $3`, r.Merchant, r.MemberID, r.RequestID)
		if errors.Is(err, ErrNotFound) {
			if err := s.o.PlayGuard(ctx, r.Merchant, r.MemberID); err != nil {
				return Transfer{}, err
			}
		} else if err != nil {
			return Transfer{}, err
		}
	}
	t, fresh, err := s.begin(ctx, r)
	if err != nil || !fresh {
		return t, err
	}
	op := OpDeposit
	if r.Direction == DirOut {
		op = OpWithdraw
	}
	a, err := s.o.Vendors.Call(ctx, t.Vendor, op, VendorRequest{TransferID: t.VendorID(), Merchant: t.Merchant,
		Player: strconv.FormatInt(t.MemberID, 10), Currency: t.Currency, Amount: t.Amount})
	status, reason := outcome(a, err)
	if status == StatusUnknown {
		s.o.Log.WarnContext(ctx, "transferwallet: outcome unknown", "transfer", t.ID, "vendor", t.Vendor, "err", err, "answer", a.Status)
	}
	if _, err := s.settle(ctx, t, status, reason); err != nil {
		return t, err
	}
	return s.byID(ctx, t.ID)
}

// outcome reads a vendor's answer to a deposit or withdrawal.
func outcome(a VendorAnswer, err error) (status, reason string) {
	switch {
	case err != nil:
		return StatusUnknown, ""
	case a.Status == VendorOK:
		return StatusDone, ""
	case a.Status == VendorRefused:
		return StatusFailed, reasonOf(a)
	}
	// CONFLICT, BAD_REQUEST or anything unknown: the portal cannot tell
	// from this answer; the status query will.
	return StatusUnknown, ""
}

func reasonOf(a VendorAnswer) string {
	reason := a.Message
	if reason == "" {
		reason = a.Status
	}
	if len(reason) > 200 {
		reason = reason[:200]
	}
	return reason
}

// begin writes the pending row (and, for main -> vendor, the debit) in one
// transaction. fresh is false when the request id was used before: t is
// that first transfer, and nothing else happens.
func (s *Service) begin(ctx context.Context, r Request) (t Transfer, fresh bool, err error) {
	if prior, err := s.transferWhere(ctx, s.db.Write(), `merchant_code = $1 AND member_id = $2 AND request_id = $3`,
		r.Merchant, r.MemberID, r.RequestID); err == nil {
		return replay(prior, r)
	} else if !errors.Is(err, ErrNotFound) {
		return t, false, err
	}
	now := s.o.Now().UnixMilli()
	var id int64
	err = s.inTx(ctx, func(q database.Querier) error {
		id = 0
		err := q.QueryRowContext(ctx, `INSERT INTO wallet_transfer_orders (merchant_code, member_id, vendor_code, direction, amount, currency,
			status, request_id, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
			ON CONFLICT (merchant_code, member_id, request_id) DO NOTHING RETURNING id`,
			r.Merchant, r.MemberID, r.Vendor, r.Direction, r.Amount, r.Currency, StatusPending, r.RequestID, now).Scan(&id)
		if err != nil {
			if errors.Is(err, sql.ErrNoRows) {
				return nil // the same request id committed meanwhile
			}
			return fmt.Errorf("transferwallet: write transfer: %w", err)
		}
		if r.Direction != DirIn {
			return nil
		}
		_, err = s.ledger.MoveIn(ctx, q, wallet.Request{Merchant: r.Merchant, Key: "xfer:" + strconv.FormatInt(id, 10),
			From: wallet.Member(r.MemberID, r.Currency), To: clearing(r.Vendor, r.Currency), Amount: r.Amount, Kind: kindIn,
			Reference: "PX" + strconv.FormatInt(id, 10)})
		return err
	})
	if err != nil {
		return t, false, err
	}
	if id == 0 {
		prior, err := s.transferWhere(ctx, s.db.Write(), `merchant_code = $1 AND member_id = $2 AND request_id = $3`,
			r.Merchant, r.MemberID, r.RequestID)
		if err != nil {
			return t, false, err
		}
		return replay(prior, r)
	}
	if r.Direction == DirIn {
		s.pushBalance(ctx, r.Merchant, r.MemberID, r.Currency)
	}
	t, err = s.byID(ctx, id)
	return t, err == nil, err
}

// replay answers a request id used before: its first transfer when the
// request is the same, ErrRequestReused when it is not.
func replay(prior Transfer, r Request) (Transfer, bool, error) {
	if prior.Vendor != r.Vendor || prior.Direction != r.Direction || prior.Amount != r.Amount || prior.Currency != r.Currency {
		return Transfer{}, false, ErrRequestReused
	}
	return prior, false, nil
}

// settle moves an open transfer to status once: the guarded update and the
// ledger move it calls for commit together, so whoever settles first (the
// request or the reconciler) is the only one, and the ledger keys
// ("xfer:<id>...") could not move twice besides. Unknown only marks a
// pending transfer; done and failed end an open one. settled is false when
// someone else had ended it.
func (s *Service) settle(ctx context.Context, t Transfer, status, reason string) (settled bool, err error) {
	from := []any{StatusPending, StatusUnknown}
	if status == StatusUnknown {
		from = []any{StatusPending, StatusPending}
	}
	now := s.o.Now().UnixMilli()
	settledAt := now
	if status == StatusUnknown {
		settledAt = 0
	}
	moved := false
	err = s.inTx(ctx, func(q database.Querier) error {
		moved = false
		res, err := q.ExecContext(ctx, `UPDATE wallet_transfer_orders SET status = $1, reason = $2, settled_at = $3
			WHERE id = $4 AND status IN ($5, $6)`, status, reason, settledAt, t.ID, from[0], from[1])
		if err != nil {
			return fmt.Errorf("transferwallet: settle: %w", err)
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return nil
		}
		settled = true
		var req *wallet.Request
		switch {
		case t.Direction == DirIn && status == StatusFailed:
			// The vendor refused or never took it: the money comes back.
			req = &wallet.Request{Key: "xfer:" + strconv.FormatInt(t.ID, 10) + ":refund", Kind: kindRefund}
		case t.Direction == DirOut && status == StatusDone:
			req = &wallet.Request{Key: "xfer:" + strconv.FormatInt(t.ID, 10), Kind: kindOut}
		}
		if req == nil {
			return nil
		}
		req.Merchant, req.From, req.To, req.Amount, req.Reference = t.Merchant, clearing(t.Vendor, t.Currency),
			wallet.Member(t.MemberID, t.Currency), t.Amount, t.VendorID()
		if _, err := s.ledger.MoveIn(ctx, q, *req); err != nil {
			return err
		}
		moved = true
		return nil
	})
	if err != nil {
		return false, err
	}
	if moved {
		s.pushBalance(ctx, t.Merchant, t.MemberID, t.Currency)
	}
	return settled, nil
}

// pushBalance tells the member's open pages their new main balance.
func (s *Service) pushBalance(ctx context.Context, merchantCode string, memberID int64, currency string) {
	b, err := s.mainBalance(ctx, merchantCode, memberID, currency)
	if err != nil {
		s.o.Log.WarnContext(ctx, "transferwallet: balance for push", "err", err)
		return
	}
	s.o.OnBalance(merchantCode, memberID, b, currency)
}
