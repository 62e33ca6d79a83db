package provider

import (
	"context"
	"fmt"
	"math/bits"

	"portal/internal/database"
	"portal/internal/wallet"
)

// bonusLeg ends the ledger key of a callback's bonus-money leg; the cash
// leg keeps the callback's own key, so a member without bonus money moves
// exactly as before.
const bonusLeg = ":bonus"

// money is what a callback's legs did: the member's cash and bonus
// balances after them, when the last was recorded, whether any moved.
type money struct {
	cash, bonus int64
	at          int64
	moved       bool
}

// split is an accepted movement's balances apart; withBonus says the
// member has a bonus account.
type split struct {
	cash, bonus int64
	withBonus   bool
}

// answer is an accepted movement's answer: the vendor sees cash and bonus
// as one balance.
func (m money) answer(p player, st state) Answer {
	*p.split = split{cash: m.cash, bonus: m.bonus, withBonus: st.bonusAccount != 0 || m.bonus != 0}
	return Answer{Status: StatusOK, Balance: m.cash + m.bonus, Currency: p.currency}
}

// leg records one ledger transfer of callback cb (nothing for a zero
// amount: a free spin's bet, a lost round's closing win) and notes the
// member's balances after it. The callback's id is fresh here (the
// transaction's state said so), so the ledger does not look its key up.
func (s *Service) leg(ctx context.Context, q database.Querier, p player, vendor string, cb Callback, suffix string, from, to wallet.Ref, amount int64, kind string, m *money) error {
	if amount == 0 {
		return nil
	}
	t, err := s.ledger.MoveFreshIn(ctx, q, wallet.Request{Merchant: p.member.MerchantCode, Key: "vendor:" + vendor + ":" + cb.TransactionID + suffix,
		From: from, To: to, Amount: amount, Kind: kind, Reference: vendor + ":" + cb.RoundID})
	if err != nil {
		return err
	}
	for _, end := range [2]struct {
		ref     wallet.Ref
		balance int64
	}{{from, t.DebitBalance}, {to, t.CreditBalance}} {
		switch end.ref {
		case p.account:
			m.cash = end.balance
		case p.bonus:
			m.bonus = end.balance
		}
	}
	m.at, m.moved = t.At, true
	return nil
}

// bonusBet records the bonus side of a bet of a member with a running
// grant, after the bet's own rows: the wager (the stake times its game
// type's contribution) on the grant, converting it at its target; the
// round's bonus-funded stake; and, on the bet's record, what it did, so a
// rollback undoes exactly that. A member without a grant costs nothing.
func (s *Service) bonusBet(ctx context.Context, q database.Querier, p player, vendor string, cb Callback, st state, bonusPart int64, gameType string, m *money) error {
	if st.grant == 0 {
		return nil
	}
	var wager int64
	if s.guard.Bonus != nil && cb.Amount > 0 {
		pct, err := s.guard.Bonus.Percent(ctx, p.member.MerchantCode, gameType)
		if err != nil {
			return err
		}
		wager = cb.Amount * int64(pct) / 100
		converted, err := s.guard.Bonus.WagerIn(ctx, q, st.grant, wager)
		if err != nil {
			return err
		}
		if converted > 0 {
			m.cash, m.bonus, m.moved = m.cash+converted, m.bonus-converted, true
		}
	}
	if bonusPart > 0 {
		if _, err := q.ExecContext(ctx, `UPDATE game_rounds SET bonus_stake = bonus_stake + $1 WHERE vendor_code = $2 AND round_id = $3`,
			bonusPart, vendor, cb.RoundID); err != nil {
			return fmt.Errorf("provider: round's bonus stake: %w", err)
		}
	}
	if bonusPart > 0 || wager > 0 {
		if _, err := q.ExecContext(ctx, `UPDATE vendor_transactions SET bonus_amount = $1, bonus_grant = $2, wager = $3 WHERE vendor_code = $4 AND transaction_id = $5`,
			bonusPart, st.grant, wager, vendor, cb.TransactionID); err != nil {
			return fmt.Errorf("provider: bet's bonus: %w", err)
		}
	}
	return nil
}

// bonusShare is win x bonusStake / stake, rounded down (the remainder is
// cash), without overflow: bonusStake is at most stake, so the quotient
// fits.
func bonusShare(win, bonusStake, stake int64) int64 {
	if stake <= 0 || bonusStake <= 0 || win <= 0 {
		return 0
	}
	bonusStake = min(bonusStake, stake)
	hi, lo := bits.Mul64(uint64(win), uint64(bonusStake))
	share, _ := bits.Div64(hi, lo, uint64(stake))
	return int64(share)
}
