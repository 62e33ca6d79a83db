package agent

import (
	"context"
	"fmt"
	"strconv"

	"portal/internal/database"
	"portal/internal/wallet"
)

// Transfer is money an agent sent to a direct downline.
type Transfer struct {
	ID        int64     `json:"id"`
	Downline  MemberRef `json:"downline"`
	Amount    int64     `json:"amount"`
	Balance   int64     `json:"balance"`
	CreatedAt int64     `json:"createdAt"`
}

// TransferToDownline moves amount from an agent to one of its direct
// downlines, after the caller checked the payment password and the
// limits. The ledger's key is the agent's request id: the same request
// moves once and answers the first transfer again.
func (s *Service) TransferToDownline(ctx context.Context, merchant string, agentID, downlineID, amount int64, requestID string) (Transfer, error) {
	ctx = context.WithoutCancel(ctx)
	var t Transfer
	var downBalance int64
	var cur string
	err := s.retry(ctx, func(q database.Querier) error {
		m, err := s.memberInfo(ctx, q, downlineID)
		if err != nil || m.merchant != merchant || m.upline != agentID {
			return ErrNotDownline
		}
		if err := q.QueryRowContext(ctx, `SELECT username FROM members WHERE id = $1`, downlineID).Scan(&t.Downline.Username); err != nil {
			return fmt.Errorf("agent: transfer: %w", err)
		}
		if cur, err = s.currencyOf(ctx, q, merchant); err != nil {
			return err
		}
		key := "agent:transfer:" + strconv.FormatInt(agentID, 10) + ":" + requestID
		tr, err := s.ledger.MoveIn(ctx, q, wallet.Request{Merchant: merchant, Key: key, From: wallet.Member(agentID, cur), To: wallet.Member(downlineID, cur),
			Amount: amount, Kind: "downline_transfer", Reference: "member:" + strconv.FormatInt(downlineID, 10)})
		if err != nil {
			return err
		}
		t.ID, t.Downline.ID, t.Amount, t.CreatedAt = tr.ID, downlineID, amount, tr.At
		t.Balance, downBalance = tr.DebitBalance, tr.CreditBalance
		if tr.At == 0 {
			// A replay: the balances now, not the first transfer's.
			if t.Balance, err = s.ledger.BalanceIn(ctx, q, merchant, wallet.Member(agentID, cur)); err != nil {
				return err
			}
			downBalance = -1
		}
		return nil
	})
	if err != nil {
		return Transfer{}, err
	}
	s.log.InfoContext(ctx, "sent to downline", "merchant", merchant, "agent", agentID, "downline", downlineID, "amount", amount)
	s.balanceChanged(merchant, agentID, t.Balance, cur)
	if downBalance >= 0 {
		s.balanceChanged(merchant, downlineID, downBalance, cur)
	}
	return t, nil
}
