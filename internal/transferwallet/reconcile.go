package transferwallet

import (
	"context"
	"fmt"
)

// reconcileBatch bounds one sweep; the next period takes the rest.
const reconcileBatch = 200

// Reconcile asks the vendor about every open transfer older than the grace
// (a timeout, an unknown answer, a crash between the vendor's answer and
// the ledger, or before the vendor was called) and settles it by the
// vendor's record: taken -> done (vendor -> main credits the member now),
// refused or never seen -> failed (main -> vendor returns the money). A
// vendor that does not answer leaves the transfer for the next sweep. It
// answers how many it settled (the job `transferwallet.reconcile`).
func (s *Service) Reconcile(ctx context.Context) (int, error) {
	ctx = context.WithoutCancel(ctx)
	before := s.o.Now().Add(-s.o.Grace).UnixMilli()
	rows, err := s.db.Read().QueryContext(ctx, `SELECT `+transferColumns+` FROM wallet_transfer_orders
		WHERE status IN ($1, $2) AND created_at <= $3 ORDER BY id LIMIT $4`, StatusPending, StatusUnknown, before, reconcileBatch)
	if err != nil {
		return 0, fmt.Errorf("transferwallet: open transfers: %w", err)
	}
	var open []Transfer
	for rows.Next() {
		t, err := scanTransfer(rows)
		if err != nil {
			rows.Close()
			return 0, fmt.Errorf("transferwallet: open transfers: %w", err)
		}
		open = append(open, t)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return 0, fmt.Errorf("transferwallet: open transfers: %w", err)
	}
	done := 0
	for _, t := range open {
		a, err := s.o.Vendors.Call(ctx, t.Vendor, OpStatus, VendorRequest{TransferID: t.VendorID()})
		if err != nil {
			s.o.Log.WarnContext(ctx, "transferwallet: status query unanswered", "transfer", t.ID, "vendor", t.Vendor, "err", err)
			continue
		}
		status, reason, ok := s.verdict(t, a)
		if !ok {
			s.o.Log.ErrorContext(ctx, "transferwallet: vendor's record disagrees; left for an operator", "transfer", t.ID, "vendor", t.Vendor,
				"status", a.Status, "direction", a.Direction, "amount", a.Amount)
			continue
		}
		settled, err := s.settle(ctx, t, status, reason)
		if err != nil {
			return done, err
		}
		if settled {
			done++
		}
	}
	return done, nil
}

// verdict reads the vendor's record of t. ok is false when the record
// does not match the transfer (another direction or amount): no guess is
// made about money then.
func (s *Service) verdict(t Transfer, a VendorAnswer) (status, reason string, ok bool) {
	switch a.Status {
	case VendorNotFound:
		// The grace is longer than any call may take, so a call the vendor
		// never saw will not arrive later.
		return StatusFailed, "not received by the vendor", true
	case VendorOK, VendorRefused:
		if a.Direction != t.Direction || a.Amount != t.Amount {
			return "", "", false
		}
		if a.Status == VendorOK {
			return StatusDone, "", true
		}
		return StatusFailed, reasonOf(a), true
	}
	return "", "", false
}
