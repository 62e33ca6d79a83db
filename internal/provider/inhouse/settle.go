package inhouse

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"portal/internal/provider"
)

// Run finishes rounds left pending (by a crash, or a wallet error nobody
// retried) now and every interval until ctx ends.
func (s *Service) Run(ctx context.Context, interval time.Duration) {
	t := time.NewTicker(interval)
	defer t.Stop()
	for {
		if n, err := s.SettlePending(ctx); err != nil && ctx.Err() == nil {
			s.log.ErrorContext(ctx, "inhouse: settling pending rounds", "err", err)
		} else if n > 0 {
			s.log.InfoContext(ctx, "inhouse: settled pending rounds", "rounds", n)
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

// SettlePending finishes every round pending for longer than SettleAfter:
// one whose stake the wallet took is paid its win (the outcome was fixed
// when its nonce was taken, so the player is owed it); one whose stake never
// arrived is voided with a rollback that also tombstones the bet id, so a
// bet still in flight is refused when it lands. It answers how many rounds
// it finished.
func (s *Service) SettlePending(ctx context.Context) (int, error) {
	cutoff := s.now().Add(-s.settleAfter).UnixMilli()
	rows, err := s.db.Write().QueryContext(ctx, `SELECT `+roundColumns+` FROM inhouse_rounds r JOIN inhouse_seeds s ON s.id = r.seed_id
		WHERE r.status = $1 AND r.created_at < $2 ORDER BY r.id LIMIT 500`, statusPending, cutoff)
	if err != nil {
		return 0, fmt.Errorf("inhouse: pending rounds: %w", err)
	}
	var pending []roundRow
	for rows.Next() {
		r, err := scanRound(rows)
		if err != nil {
			rows.Close()
			return 0, fmt.Errorf("inhouse: pending round: %w", err)
		}
		pending = append(pending, r)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return 0, fmt.Errorf("inhouse: pending rounds: %w", err)
	}
	done := 0
	for _, r := range pending {
		if err := s.settleOne(ctx, r); err != nil {
			return done, err
		}
		done++
	}
	return done, nil
}

func (s *Service) settleOne(ctx context.Context, r roundRow) error {
	roundID, betID, _ := r.ids()
	state, err := s.wallet.BetStateOf(ctx, provider.InhouseVendor, betID)
	if err != nil {
		return err
	}
	switch state {
	case provider.BetLive:
		_, err := s.drive(ctx, r, "")
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
