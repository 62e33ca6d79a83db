package inhouse

import (
	"context"
	"errors"
	"fmt"
	"strconv"

	"portal/internal/provider"
)

// SettlePending finishes every round pending for longer than SettleAfter,
// then reveals the retired seed pairs whose rounds are all settled. A round
// whose stake the wallet holds is drawn (if it was not yet) and paid its
// win: once the stake is held the outcome belongs to the round, whatever
// the client did. A round whose stake never arrived has no outcome; it is
// voided with a rollback that also tombstones the bet id, so a bet still in
// flight is refused when it lands. It answers how many rounds it finished.
func (s *Service) SettlePending(ctx context.Context) (int, error) {
	cutoff := s.now().Add(-s.settleAfter).UnixMilli()
	pending, err := s.rounds(ctx, `r.status = $1 AND r.created_at < $2`, statusPending, cutoff)
	if err != nil {
		return 0, err
	}
	done := 0
	for _, r := range pending {
		if err := s.settleOne(ctx, r); err != nil {
			return done, err
		}
		done++
	}
	return done, s.revealSettled(ctx, 0)
}

func (s *Service) settleOne(ctx context.Context, r roundRow) error {
	roundID, betID, _ := r.ids()
	state, err := s.wallet.BetStateOf(ctx, provider.InhouseVendor, betID)
	if err != nil {
		return err
	}
	switch state {
	case provider.BetLive:
		_, err := s.drive(ctx, r, "", true)
		if errors.Is(err, ErrRoundVoid) {
			return nil
		}
		return err
	case provider.BetUnknown:
		a := s.wallet.Apply(ctx, provider.InhouseVendor, provider.OpRollback, provider.Callback{RequestID: roundID + "-void",
			Player: strconv.FormatInt(r.memberID, 10), Currency: r.currency, GameCode: r.game, RoundID: roundID,
			TransactionID: roundID + "-void", ReferenceTransactionID: betID})
		if a.Status != provider.StatusOK {
			return fmt.Errorf("inhouse: void round %s: %s %s", roundID, a.Status, a.Message)
		}
	}
	if err := s.mark(ctx, r.id, statusVoid, ""); !errors.Is(err, ErrRoundVoid) {
		return err
	}
	return nil
}
