package bonus

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"

	"portal/internal/database"
	"portal/internal/wallet"
)

// WagerIn adds wager (a stake times its game type's contribution) to grant
// id's wagered figure inside the bet's transaction q, in one statement.
// When the figure reaches what is required, the grant ends converted and
// the member's whole bonus balance becomes cash (kind bonus_convert): the
// state changes under state = 'active', so only one bet ever converts it.
// It returns what converted (0 mostly).
func (s *Service) WagerIn(ctx context.Context, q database.Querier, id, wager int64) (int64, error) {
	if wager <= 0 {
		return 0, nil
	}
	var wagered, required int64
	err := q.QueryRowContext(ctx, `UPDATE bonus_grants SET wagered = wagered + $1 WHERE id = $2 AND state = 'active' RETURNING wagered, required`,
		wager, id).Scan(&wagered, &required)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("bonus: wager: %w", err)
	}
	if wagered < required {
		return 0, nil
	}
	return s.convertIn(ctx, q, id)
}

func (s *Service) convertIn(ctx context.Context, q database.Querier, id int64) (int64, error) {
	var merchant, currency string
	var member int64
	err := q.QueryRowContext(ctx, `UPDATE bonus_grants SET state = 'converted', ended_at = $1 WHERE id = $2 AND state = 'active'
		RETURNING merchant_code, member_id, currency`, s.now().UnixMilli(), id).Scan(&merchant, &member, &currency)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("bonus: convert: %w", err)
	}
	bal, err := s.ledger.BalanceIn(ctx, q, merchant, wallet.Bonus(member, currency))
	if err != nil || bal == 0 {
		return 0, err
	}
	if _, err := s.ledger.MoveIn(ctx, q, wallet.Request{Merchant: merchant, Key: "bonus:convert:" + strconv.FormatInt(id, 10),
		From: wallet.Bonus(member, currency), To: wallet.Member(member, currency), Amount: bal, Kind: KindConvert,
		Reference: "bonus:" + strconv.FormatInt(id, 10)}); err != nil {
		return 0, err
	}
	if _, err := q.ExecContext(ctx, `UPDATE bonus_grants SET converted = $1 WHERE id = $2`, bal, id); err != nil {
		return 0, fmt.Errorf("bonus: convert: %w", err)
	}
	return bal, nil
}

// UnwagerIn takes a rolled-back bet's wager off grant id while it runs, and
// says where the bet's bonus-funded leg goes back to: the bonus account
// while the grant runs, the member's cash once it converted, the grant's
// paying side once it expired or was forfeited (the bonus is gone).
func (s *Service) UnwagerIn(ctx context.Context, q database.Querier, id, wager int64) (wallet.Ref, error) {
	var state, merchant, currency, fromKind, fromOwner string
	var member int64
	err := q.QueryRowContext(ctx, `UPDATE bonus_grants SET wagered = CASE WHEN state = 'active' AND wagered > $1 THEN wagered - $1
		WHEN state = 'active' THEN 0 ELSE wagered END
		WHERE id = $2 RETURNING state, merchant_code, member_id, currency, from_kind, from_owner`, wager, id).
		Scan(&state, &merchant, &member, &currency, &fromKind, &fromOwner)
	if err != nil {
		return wallet.Ref{}, fmt.Errorf("bonus: unwager: %w", err)
	}
	switch state {
	case StateActive:
		return wallet.Bonus(member, currency), nil
	case StateConverted:
		return wallet.Member(member, currency), nil
	default:
		return wallet.Side(fromKind, fromOwner, currency), nil
	}
}
