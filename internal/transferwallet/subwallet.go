package transferwallet

import (
	"context"
	"errors"
	"strconv"
	"sync"
	"time"
)

// SubWallet is a member's wallet at one transfer-mode vendor.
type SubWallet struct {
	Vendor string
	Name   string
	// Balance is what the vendor says the member holds there; Available
	// is false when the vendor did not answer (Balance is then 0 and
	// means nothing).
	Balance   int64
	Available bool
}

// balanceWait bounds the wait for the vendors' balances: the page shows a
// vendor that did not answer as such rather than waiting for it.
const balanceWait = 3 * time.Second

// SubWallets asks every transfer-mode vendor of the merchant, at once, for
// the member's balance there. With ask false (a trial account, which never
// transfers) no vendor is asked and every balance is 0.
func (s *Service) SubWallets(ctx context.Context, merchantCode string, memberID int64, currency string, ask bool) ([]SubWallet, error) {
	vendors, err := s.TransferVendors(ctx, merchantCode)
	if err != nil {
		return nil, err
	}
	out := make([]SubWallet, len(vendors))
	var wg sync.WaitGroup
	for i, v := range vendors {
		out[i] = SubWallet{Vendor: v.Vendor, Name: v.Name, Available: !ask}
		if !ask {
			continue
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			cctx, cancel := context.WithTimeout(ctx, balanceWait)
			defer cancel()
			a, err := s.o.Vendors.Call(cctx, v.Vendor, OpBalance, VendorRequest{Merchant: merchantCode, Player: strconv.FormatInt(memberID, 10), Currency: currency})
			if err == nil && a.Status == VendorOK {
				out[i].Balance, out[i].Available = a.Balance, true
			}
		}()
	}
	wg.Wait()
	return out, nil
}

// Recall is the outcome of a recall of every sub-wallet.
type Recall struct {
	// Transfers are the moves made (done, failed or unknown).
	Transfers []Transfer
	// Unavailable are the vendors that did not answer the balance query:
	// their money stays there.
	Unavailable []string
}

// RecallAll moves every sub-wallet's whole balance back to the main
// wallet, one transfer per vendor holding money, each keyed by requestID
// and the vendor (the same requestID again moves nothing more).
func (s *Service) RecallAll(ctx context.Context, merchantCode string, memberID int64, currency, requestID string) (Recall, error) {
	ctx = context.WithoutCancel(ctx)
	if err := (Request{Direction: DirOut, Amount: 1, RequestID: requestID}).check(); err != nil {
		return Recall{}, err
	}
	subs, err := s.SubWallets(ctx, merchantCode, memberID, currency, true)
	if err != nil {
		return Recall{}, err
	}
	out := Recall{Transfers: []Transfer{}, Unavailable: []string{}}
	for _, w := range subs {
		if !w.Available {
			out.Unavailable = append(out.Unavailable, w.Vendor)
			continue
		}
		if w.Balance <= 0 {
			continue
		}
		t, err := s.Move(ctx, Request{Merchant: merchantCode, Currency: currency, MemberID: memberID, Vendor: w.Vendor, Direction: DirOut,
			Amount: w.Balance, RequestID: recallPrefix + requestID + ":" + w.Vendor, recall: true})
		if errors.Is(err, ErrRequestReused) {
			// This recall ran before, when the balance was another: that
			// first transfer is its answer.
			if t, err = s.transferWhere(ctx, s.db.Write(), `merchant_code = $1 AND member_id = $2 AND request_id = $3`,
				merchantCode, memberID, recallPrefix+requestID+":"+w.Vendor); err != nil {
				return out, err
			}
		} else if err != nil {
			return out, err
		}
		out.Transfers = append(out.Transfers, t)
	}
	return out, nil
}
