package cashier

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
)

// Payouts through the payment-gateway simulator: finance approves, the
// portal asks the gateway to pay the member's account, and the gateway's
// signed word (a webhook, or its answer to a status query) moves the
// order to paid or failed, once.

// PayoutNotifyPath is where the simulator reports payouts.
const PayoutNotifyPath = "/cashier/payout-webhook/sim"

// SimPayout is the body of the simulator's payout call.
type SimPayout struct {
	Merchant      string `json:"merchant"`
	Channel       string `json:"channel"`
	OrderID       int64  `json:"orderId"`
	Amount        int64  `json:"amount"`
	Currency      string `json:"currency"`
	BankName      string `json:"bankName"`
	AccountNumber string `json:"accountNumber"`
	AccountName   string `json:"accountName"`
	NotifyPath    string `json:"notifyPath"`
}

// SimPayoutCreated is the simulator's answer to a payout call.
type SimPayoutCreated struct {
	PayoutID string `json:"payoutId"`
}

// payoutChannel is the merchant's enabled simulator channel in currency:
// its code names the payout side and its secret signs the calls.
func (s *Service) payoutChannel(ctx context.Context, merchantCode, currency string) (Channel, error) {
	all, err := s.channels(ctx, s.db.Read(), merchantCode)
	if err != nil {
		return Channel{}, err
	}
	for _, c := range all {
		if c.Gateway == GatewaySim && c.Enabled && c.Currency == currency && c.secret != "" {
			return c, nil
		}
	}
	return Channel{}, fmt.Errorf("%w: no simulator channel to pay out through", ErrGateway)
}

func (s *Service) channelByCode(ctx context.Context, merchantCode, code string) (Channel, error) {
	c, err := scanChannel(s.db.Read().QueryRowContext(ctx, `SELECT `+channelColumns+` FROM payment_channels WHERE merchant_code = $1 AND code = $2`,
		merchantCode, code))
	if isNoRows(err) {
		return c, ErrNotFound
	}
	return c, err
}

// requestPayout asks the simulator to pay w; the simulator knows a payout
// by its order, so asking again never pays twice.
func (s *Service) requestPayout(ctx context.Context, w Withdrawal, ch Channel) error {
	g := simGateway{s: s}
	base, err := g.base()
	if err != nil {
		return err
	}
	body, _ := json.Marshal(SimPayout{Merchant: w.Merchant, Channel: ch.Code, OrderID: w.ID, Amount: w.Amount, Currency: w.Currency,
		BankName: w.BankAccount.BankName, AccountNumber: w.BankAccount.Number, AccountName: w.BankAccount.Name, NotifyPath: PayoutNotifyPath})
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, base+"/paysim/api/payouts", bytes.NewReader(body))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Signature", Sign(ch.secret, body))
	var out SimPayoutCreated
	if err := g.do(req, &out); err != nil {
		return err
	}
	if !printable(out.PayoutID, 64) {
		return fmt.Errorf("%w: no payout id", ErrGateway)
	}
	if _, err := s.db.Write().ExecContext(ctx, `UPDATE withdrawal_orders SET payout_ref = $1 WHERE id = $2 AND payout_ref = ''`, out.PayoutID, w.ID); err != nil {
		return fmt.Errorf("cashier: record payout: %w", err)
	}
	return nil
}

// applyPayout acts on the gateway's verified word about paying w: paid
// with the order's figures pays it (the hold leaves for the payout side)
// and asks the member for the receipt; failed returns the hold; anything
// else changes nothing.
func (s *Service) applyPayout(ctx context.Context, w Withdrawal, n Notice) error {
	if n.OrderID != w.ID || w.PayoutRef != "" && n.PSPOrderID != w.PayoutRef {
		return ErrNotice
	}
	switch n.Status {
	case NoticePaid:
		if n.Amount != w.Amount || n.Currency != w.Currency {
			// Never guessed at: the order stays paying and finance sees it.
			s.log.WarnContext(ctx, "payout reported with other figures", "order", w.ID, "amount", n.Amount, "currency", n.Currency)
			return nil
		}
		pol, err := s.Policy(ctx, w.Merchant)
		if err != nil {
			return err
		}
		now := s.nowMs()
		_, err = s.change(ctx, change{w: w, from: []string{WithdrawPaying}, to: WithdrawPaid,
			set: "paid_at = $2, receipt_due_at = $3, payout_ref = $4", args: []any{now, now + int64(pol.ReceiptMinutes)*60_000, n.PSPOrderID},
			move: payWithdrawal(w)})
		return err
	case NoticeFailed:
		_, err := s.change(ctx, change{w: w, from: []string{WithdrawPaying}, to: WithdrawFailed,
			set: "reason = $2", args: []any{"the gateway could not pay the account"}, move: returnHold(w)})
		return err
	}
	return nil
}

// PayoutWebhook takes the simulator's signed word about a payout. A word
// already applied changes nothing and is no error.
func (s *Service) PayoutWebhook(ctx context.Context, gatewayName string, body []byte, signature string) error {
	ctx = context.WithoutCancel(ctx)
	if gatewayName != GatewaySim {
		return ErrNotFound
	}
	n, err := DecodeNotice(body)
	if err != nil {
		return err
	}
	w, err := s.withdrawalWhere(ctx, s.db.Read(), `o.id = $1 AND o.payout = 'sim'`, n.OrderID)
	if err != nil {
		return err
	}
	ch, err := s.channelByCode(ctx, w.Merchant, w.PayoutChannel)
	if err != nil {
		return err
	}
	if !VerifySignature(ch.secret, body, signature) {
		return ErrSignature
	}
	return s.applyPayout(ctx, w, n)
}

// ReconcilePayouts asks the simulator about payouts still under way after
// ReconcileAfter (the request or the webhook lost) and applies its answer;
// a payout the gateway never registered is asked for again. It answers
// how many orders changed.
func (s *Service) ReconcilePayouts(ctx context.Context) (int, error) {
	rows, err := s.db.Read().QueryContext(ctx, `SELECT `+withdrawColumns+withdrawFrom+` WHERE o.status = 'paying' AND o.decided_at <= $1
		ORDER BY o.id LIMIT 500`, s.now().Add(-ReconcileAfter).UnixMilli())
	if err != nil {
		return 0, fmt.Errorf("cashier: reconcile payouts: %w", err)
	}
	var open []Withdrawal
	for rows.Next() {
		w, err := scanWithdrawal(rows)
		if err != nil {
			rows.Close()
			return 0, fmt.Errorf("cashier: reconcile payouts: %w", err)
		}
		open = append(open, w)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return 0, err
	}
	changed := 0
	for _, w := range open {
		ch, err := s.channelByCode(ctx, w.Merchant, w.PayoutChannel)
		if err != nil {
			return changed, err
		}
		if w.PayoutRef == "" {
			if err := s.requestPayout(ctx, w, ch); err != nil {
				s.log.WarnContext(ctx, "payout request failed again", "order", w.ID, "err", err)
			}
			continue
		}
		n, err := s.queryPayout(ctx, ch, w.PayoutRef)
		if err != nil {
			s.log.WarnContext(ctx, "payout query failed", "order", w.ID, "err", err)
			continue
		}
		if err := s.applyPayout(ctx, w, n); err != nil {
			s.log.WarnContext(ctx, "payout answer refused", "order", w.ID, "err", err)
			continue
		}
		if after, err := s.Withdrawal(ctx, w.Merchant, w.ID); err == nil && after.Status != w.Status {
			changed++
		}
	}
	return changed, nil
}

// queryPayout asks the simulator for a payout's state; the answer is
// signed like a webhook.
func (s *Service) queryPayout(ctx context.Context, ch Channel, payoutID string) (Notice, error) {
	return simGateway{s: s}.query(ctx, ch, "/paysim/api/payouts/"+url.PathEscape(payoutID))
}
