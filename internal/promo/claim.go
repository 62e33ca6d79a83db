package promo

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"portal/internal/database"
	"portal/internal/wallet"
)

// Who is the member acting and the merchant's currency.
type Who struct {
	Merchant string
	Currency string
	MemberID int64
}

// Paid is a reward as given.
type Paid struct {
	Kind   string `json:"kind"`
	Amount int64  `json:"amount"`
}

// ClaimResult answers a claim.
type ClaimResult struct {
	State        string `json:"state"`
	Reward       Paid   `json:"reward"`
	Balance      int64  `json:"balance"`
	BonusBalance int64  `json:"bonusBalance"`
}

// Join opts the member in to a turnover or loss promotion; joining again
// changes nothing.
func (s *Service) Join(ctx context.Context, w Who, id int64) (string, error) {
	p, err := s.visible(ctx, w.Merchant, id)
	if err != nil {
		return "", err
	}
	if !p.optIn() {
		return "", ErrNotJoinable
	}
	st, err := s.State(ctx, w.Merchant, w.MemberID, p)
	if err != nil {
		return "", err
	}
	switch st.State {
	case StateJoin:
	case StateJoined, StateInProgress, StateClaim:
		return StateJoined, nil
	default:
		return "", ErrClosed
	}
	if _, err := s.db.Write().ExecContext(ctx, `INSERT INTO promotion_joins (promotion_id, member_id, joined_at) VALUES ($1, $2, $3)
		ON CONFLICT (promotion_id, member_id) DO NOTHING`, p.ID, w.MemberID, s.nowMs()); err != nil {
		return "", fmt.Errorf("promo: join: %w", err)
	}
	return StateJoined, nil
}

// visible is a promotion members may see (not a draft).
func (s *Service) visible(ctx context.Context, merchantCode string, id int64) (*Promotion, error) {
	p, err := s.Get(ctx, merchantCode, id)
	if err != nil {
		return nil, err
	}
	if p.Status == StatusDraft {
		return nil, ErrNotFound
	}
	return p, nil
}

// Claim pays the reward the member qualified for, once per slot: the
// claim row, the promotion's guarded counters and the payment commit
// together. A replay of requestID answers the first result.
func (s *Service) Claim(ctx context.Context, w Who, id int64, requestID string) (ClaimResult, error) {
	// The member may walk away once the claim has begun: it finishes.
	ctx = context.WithoutCancel(ctx)
	if requestID == "" || len(requestID) > 64 {
		return ClaimResult{}, invalid("requestId", "1-64 characters")
	}
	if r, ok, err := s.replay(ctx, w, id, requestID); err != nil || ok {
		return r, err
	}
	p, err := s.visible(ctx, w.Merchant, id)
	if err != nil {
		return ClaimResult{}, err
	}
	st, err := s.State(ctx, w.Merchant, w.MemberID, p)
	if err != nil {
		return ClaimResult{}, err
	}
	switch st.State {
	case StateClaim:
	case StateClaimed, StateIssued:
		return ClaimResult{}, ErrAlreadyClaimed
	case StateClosed:
		if st.budget {
			return ClaimResult{}, ErrBudgetExhausted
		}
		return ClaimResult{}, ErrClosed
	case StateComingSoon:
		return ClaimResult{}, ErrClosed
	default:
		return ClaimResult{}, ErrNotQualified
	}
	if st.reward <= 0 {
		return ClaimResult{}, ErrNotQualified
	}
	var bonusBalance int64
	for attempt := 0; ; attempt++ {
		err = s.db.InTx(ctx, func(q database.Querier) error {
			var claimID int64
			err := q.QueryRowContext(ctx, `INSERT INTO promotion_claims (promotion_id, merchant_code, member_id, slot, qualifying_ref, state,
				reward_kind, amount, request_id, created_at) VALUES ($1, $2, $3, $4, $5, 'claimed', $6, $7, $8, $9) RETURNING id`,
				p.ID, w.Merchant, w.MemberID, st.slot, st.ref, p.Reward.Kind, st.reward, requestID, s.nowMs()).Scan(&claimID)
			if err != nil {
				if isUnique(err) {
					return ErrAlreadyClaimed
				}
				return fmt.Errorf("promo: claim: %w", err)
			}
			bonusBalance, err = s.payIn(ctx, q, w, p, claimID, st.reward, false)
			return err
		})
		if attempt == 2 || !database.IsTransient(err) {
			break
		}
	}
	if errors.Is(err, ErrAlreadyClaimed) {
		// A concurrent click with the same request id won: its answer.
		if r, ok, rerr := s.replay(ctx, w, id, requestID); rerr == nil && ok {
			return r, nil
		}
		return ClaimResult{}, err
	}
	if err != nil {
		return ClaimResult{}, err
	}
	res := ClaimResult{State: StateClaimed, Reward: Paid{Kind: p.Reward.Kind, Amount: st.reward}, BonusBalance: bonusBalance}
	res.Balance, res.BonusBalance = s.balances(ctx, w)
	if p.Reward.Kind == RewardCash && s.opt.OnBalance != nil {
		s.opt.OnBalance(w.Merchant, w.MemberID, res.Balance, w.Currency)
	}
	s.opt.Log.Info("promotion claimed", "merchant", w.Merchant, "member", w.MemberID, "promotion", p.ID, "kind", p.Reward.Kind, "amount", st.reward)
	return res, nil
}

// payIn takes amount from the promotion's guarded counters and pays it
// to the member as the reward's kind, inside the caller's transaction.
// approval lets a paused or ended promotion pay what marketing approved.
func (s *Service) payIn(ctx context.Context, q database.Querier, w Who, p *Promotion, claimID, amount int64, approval bool) (int64, error) {
	status := `status = 'live'`
	if approval {
		status = `status <> 'draft'`
	}
	res, err := q.ExecContext(ctx, `UPDATE promotions SET spent = spent + $1, claims = claims + 1, updated_at = $2
		WHERE id = $3 AND `+status+` AND (budget = 0 OR spent + $1 <= budget) AND (total_limit = 0 OR claims < total_limit)`,
		amount, s.nowMs(), p.ID)
	if err != nil {
		return 0, fmt.Errorf("promo: guard: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 0 {
		cur, err := s.get(ctx, q, w.Merchant, p.ID)
		if err != nil {
			return 0, err
		}
		if (cur.Status != StatusLive && !approval) || (cur.TotalLimit > 0 && cur.Claims >= cur.TotalLimit) {
			return 0, ErrClosed
		}
		return 0, ErrBudgetExhausted
	}
	key := "promo:" + strconv.FormatInt(p.ID, 10) + ":claim:" + strconv.FormatInt(claimID, 10)
	owner := "promo:" + strconv.FormatInt(p.ID, 10)
	if _, err := q.ExecContext(ctx, `UPDATE promotion_claims SET ledger_key = $1 WHERE id = $2`, key, claimID); err != nil {
		return 0, fmt.Errorf("promo: claim: %w", err)
	}
	var bonusBalance int64
	switch p.Reward.Kind {
	case RewardCash:
		_, err = s.wallet.MoveIn(ctx, q, wallet.Request{Merchant: w.Merchant, Key: key, From: wallet.Side(wallet.KindPromo, owner, w.Currency),
			To: wallet.Member(w.MemberID, w.Currency), Amount: amount, Kind: "promo", Reference: owner})
	case RewardPoints:
		_, err = s.wallet.MoveIn(ctx, q, wallet.Request{Merchant: w.Merchant, Key: key, From: wallet.Side(wallet.KindPromo, owner, wallet.PointsCurrency),
			To: wallet.Points(w.MemberID), Amount: amount, Kind: "promo", Reference: owner})
	case RewardBonus:
		if s.opt.Bonus == nil {
			return 0, ErrBonusUnavailable
		}
		bonusBalance, err = s.opt.Bonus.GrantIn(ctx, q, Grant{Merchant: w.Merchant, MemberID: w.MemberID, Currency: w.Currency, Amount: amount,
			Wagering: p.Reward.Wagering, Expires: s.now().Add(time.Duration(p.Reward.ExpiryDays) * 24 * time.Hour), Source: key,
			From: wallet.Side(wallet.KindPromo, owner, w.Currency), Title: p.text("EN", "EN").Title})
	}
	if err != nil {
		return 0, err
	}
	return bonusBalance, nil
}

// replay answers the first result of a claim made with requestID.
func (s *Service) replay(ctx context.Context, w Who, id int64, requestID string) (ClaimResult, bool, error) {
	var r ClaimResult
	err := s.db.Read().QueryRowContext(ctx, `SELECT state, reward_kind, amount FROM promotion_claims
		WHERE promotion_id = $1 AND member_id = $2 AND request_id = $3 AND merchant_code = $4`, id, w.MemberID, requestID, w.Merchant).
		Scan(&r.State, &r.Reward.Kind, &r.Reward.Amount)
	if noRows(err) {
		return r, false, nil
	}
	if err != nil {
		return r, false, fmt.Errorf("promo: replay: %w", err)
	}
	r.Balance, r.BonusBalance = s.balances(ctx, w)
	return r, true, nil
}

// balances are the member's cash and bonus balances (0 when unreadable:
// the claim itself has committed).
func (s *Service) balances(ctx context.Context, w Who) (cash, bonus int64) {
	cash, err := s.wallet.Balance(ctx, w.Merchant, wallet.Member(w.MemberID, w.Currency))
	if err != nil {
		s.opt.Log.Warn("promotion: balance after claim", "err", err)
	}
	bonus, _ = s.wallet.Balance(ctx, w.Merchant, wallet.Bonus(w.MemberID, w.Currency))
	return cash, bonus
}
