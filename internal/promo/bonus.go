package promo

import (
	"context"
	"errors"
	"fmt"

	"portal/internal/bonus"
	"portal/internal/database"
)

// Bonuses pays bonus rewards through internal/bonus (decision 0037): one
// running grant per member, whose refusal reads as ErrBonusActive here.
type Bonuses struct{ Service *bonus.Service }

// GrantIn grants g inside the caller's transaction and answers the
// member's bonus balance after.
func (b Bonuses) GrantIn(ctx context.Context, q database.Querier, g Grant) (int64, error) {
	r, err := b.Service.GrantIn(ctx, q, bonus.Grant{Merchant: g.Merchant, MemberID: g.MemberID, Currency: g.Currency, Amount: g.Amount,
		Wagering: g.Wagering, Expires: g.Expires, Source: g.Source, From: g.From, Title: g.Title})
	if errors.Is(err, bonus.ErrActiveGrant) {
		return 0, fmt.Errorf("%w: %w", ErrBonusActive, err)
	}
	if err != nil {
		return 0, err
	}
	return r.Balance, nil
}
