package provider

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
)

// BetState is what the wallet knows of a bet transaction id.
type BetState int

// The states of a bet id.
const (
	// BetUnknown: no bet with this id took effect (nor a tombstone).
	BetUnknown BetState = iota
	// BetLive: the bet took the stake and stands.
	BetLive
	// BetVoid: the bet was rolled back, or its id tombstoned before it came.
	BetVoid
)

// BetStateOf tells whether vendor's bet transactionID took effect. The
// in-house games ask it when they settle a round that a crash left half
// done: a live bet is paid its (already decided) win, an unknown one is
// voided. Read from the writer, so a commit just made is seen.
func (s *Service) BetStateOf(ctx context.Context, vendor, transactionID string) (BetState, error) {
	var kind string
	var rolled int
	err := s.db.Write().QueryRowContext(ctx, `SELECT kind, rolled_back FROM vendor_transactions WHERE vendor_code = $1 AND transaction_id = $2`,
		vendor, transactionID).Scan(&kind, &rolled)
	switch {
	case errors.Is(err, sql.ErrNoRows):
		return BetUnknown, nil
	case err != nil:
		return BetUnknown, fmt.Errorf("provider: bet state: %w", err)
	case kind == txBet && rolled == 0:
		return BetLive, nil
	case kind == txBet || kind == txTombstone:
		return BetVoid, nil
	}
	return BetUnknown, fmt.Errorf("provider: %s is a %s, not a bet", transactionID, kind)
}
