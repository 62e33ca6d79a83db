package transferwallet

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"time"

	"portal/internal/database"
	"portal/internal/wallet"
)

// Wallet modes of a vendor a merchant offers (merchant_vendors.wallet_mode).
const (
	ModeSeamless = "seamless"
	ModeTransfer = "transfer"
)

// Directions of a transfer, seen from the vendor: in moves main -> vendor.
const (
	DirIn  = "in"
	DirOut = "out"
)

// Statuses of a transfer.
const (
	StatusPending = "pending"
	StatusDone    = "done"
	StatusFailed  = "failed"
	// StatusUnknown: the vendor's answer never came; the reconciler asks
	// it and settles the transfer.
	StatusUnknown = "unknown"
)

// RequestIDMaxLen bounds the client's request id.
const RequestIDMaxLen = 64

// Errors of the domain.
var (
	ErrNotTransferVendor = errors.New("transferwallet: the vendor does not run a transfer wallet for this merchant")
	ErrRequestInvalid    = errors.New("transferwallet: the request id must be 1-64 printable characters")
	ErrRequestReused     = errors.New("transferwallet: the request id was used for another transfer")
	ErrAmountInvalid     = errors.New("transferwallet: the amount must be positive")
	ErrMode              = errors.New("transferwallet: wallet mode must be seamless or transfer")
	ErrNotFound          = errors.New("transferwallet: no such transfer")
)

// Transfer is one move between the main wallet and a vendor's.
type Transfer struct {
	ID        int64
	Merchant  string
	MemberID  int64
	Vendor    string
	Direction string
	Amount    int64
	Currency  string
	Status    string
	RequestID string
	// Reason says why a transfer failed (the vendor's words or ours).
	Reason    string
	CreatedAt time.Time
	SettledAt *time.Time
}

// VendorID is the id the vendor knows the transfer by.
func (t Transfer) VendorID() string { return "PX" + strconv.FormatInt(t.ID, 10) }

// Open says whether the transfer still waits for its outcome.
func (t Transfer) Open() bool { return t.Status == StatusPending || t.Status == StatusUnknown }

// BalanceListener hears a member's main balance after a commit changed it.
type BalanceListener func(merchantCode string, memberID, balance int64, currency string)

// Options configure the service.
type Options struct {
	Log *slog.Logger
	Now func() time.Time
	// Vendors reaches the vendors' transfer API.
	Vendors Vendors
	// Grace is how old an open transfer must be before the reconciler asks
	// the vendor about it: longer than any call can still be in flight.
	// 0 is one minute.
	Grace time.Duration
	// OnBalance hears main-balance changes; nil hears nothing.
	OnBalance BalanceListener
	// PlayGuard, when set, may refuse moving money into a vendor's wallet
	// (player protection: a member cooling off or excluded does not fund
	// a game); taking money back out is never refused.
	PlayGuard func(ctx context.Context, merchantCode string, memberID int64) error
}

// Service moves money between main wallets and vendors' wallets.
type Service struct {
	db     *database.DB
	ledger *wallet.Service
	o      Options
}

// NewService builds the service over db and the ledger.
func NewService(db *database.DB, ledger *wallet.Service, o Options) *Service {
	if o.Log == nil {
		o.Log = slog.New(slog.DiscardHandler)
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.Grace <= 0 {
		o.Grace = time.Minute
	}
	if o.OnBalance == nil {
		o.OnBalance = func(string, int64, int64, string) {}
	}
	return &Service{db: db, ledger: ledger, o: o}
}

// clearing is the vendor's clearing side of the ledger.
func clearing(vendor, currency string) wallet.Ref {
	return wallet.Side(wallet.KindTransfer, vendor, currency)
}

const transferColumns = `id, merchant_code, member_id, vendor_code, direction, amount, currency, status, request_id, reason, created_at, settled_at`

func scanTransfer(row interface{ Scan(...any) error }) (Transfer, error) {
	var t Transfer
	var created, settled int64
	if err := row.Scan(&t.ID, &t.Merchant, &t.MemberID, &t.Vendor, &t.Direction, &t.Amount, &t.Currency, &t.Status, &t.RequestID, &t.Reason,
		&created, &settled); err != nil {
		return t, err
	}
	t.CreatedAt = time.UnixMilli(created).UTC()
	if settled > 0 {
		at := time.UnixMilli(settled).UTC()
		t.SettledAt = &at
	}
	return t, nil
}

func (s *Service) transferWhere(ctx context.Context, q database.Querier, where string, args ...any) (Transfer, error) {
	t, err := scanTransfer(q.QueryRowContext(ctx, `SELECT `+transferColumns+` FROM wallet_transfer_orders WHERE `+where, args...))
	if errors.Is(err, sql.ErrNoRows) {
		return t, ErrNotFound
	}
	if err != nil {
		return t, fmt.Errorf("transferwallet: read transfer: %w", err)
	}
	return t, nil
}

// byID reads a transfer from the writer, so a commit just made is seen.
func (s *Service) byID(ctx context.Context, id int64) (Transfer, error) {
	return s.transferWhere(ctx, s.db.Write(), `id = $1`, id)
}

// MemberTransfer is one of the member's transfers (another member's id is
// ErrNotFound).
func (s *Service) MemberTransfer(ctx context.Context, merchantCode string, memberID, id int64) (Transfer, error) {
	return s.transferWhere(ctx, s.db.Read(), `id = $1 AND merchant_code = $2 AND member_id = $3`, id, merchantCode, memberID)
}

// History is the member's latest transfers, newest first.
func (s *Service) History(ctx context.Context, merchantCode string, memberID int64, limit int) ([]Transfer, error) {
	rows, err := s.db.Read().QueryContext(ctx, `SELECT `+transferColumns+` FROM wallet_transfer_orders
		WHERE member_id = $1 AND merchant_code = $2 ORDER BY id DESC LIMIT $3`, memberID, merchantCode, limit)
	if err != nil {
		return nil, fmt.Errorf("transferwallet: history: %w", err)
	}
	defer rows.Close()
	out := []Transfer{}
	for rows.Next() {
		t, err := scanTransfer(rows)
		if err != nil {
			return nil, fmt.Errorf("transferwallet: history: %w", err)
		}
		out = append(out, t)
	}
	return out, rows.Err()
}

// mainBalance is the member's main balance, for the answer and the push.
func (s *Service) mainBalance(ctx context.Context, merchantCode string, memberID int64, currency string) (int64, error) {
	return s.ledger.BalanceIn(ctx, s.db.Write(), merchantCode, wallet.Member(memberID, currency))
}

// MainBalance is the member's main balance read from the writer.
func (s *Service) MainBalance(ctx context.Context, merchantCode string, memberID int64, currency string) (int64, error) {
	return s.mainBalance(ctx, merchantCode, memberID, currency)
}

// inTx runs fn in a transaction, again when PostgreSQL chose it to fail a
// deadlock (a transfer in and one out of the same member lock the same two
// rows).
func (s *Service) inTx(ctx context.Context, fn func(q database.Querier) error) error {
	var err error
	for attempt := 0; ; attempt++ {
		err = s.db.InTx(ctx, fn)
		if attempt == 2 || !database.IsTransient(err) {
			return err
		}
	}
}
