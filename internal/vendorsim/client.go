// Package vendorsim stands in for the external game vendors, which cannot
// be reached from here: a generic game page per vendor that plays a round
// and calls the portal's seamless-wallet API over HTTP, signed, exactly as
// a real vendor would, with switches to inject the faults real vendors
// cause (timeouts, retries, duplicates, rollbacks out of order). The portal
// mounts it at /sim/; `portal vendor-sim` runs it as a separate process.
package vendorsim

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"time"

	"portal/internal/provider"
)

// Faults are the misbehaviours a round can inject.
type Faults struct {
	// Timeout gives the first attempt of every call a deadline too short
	// to answer, so each call is retried (its first attempt may still land).
	Timeout bool `json:"timeout"`
	// Repeat sends every call this many extra times (network duplicates).
	Repeat int `json:"repeat"`
	// RollbackFirst sends the rollback of the round's bet before the bet
	// itself, as a vendor whose bet timed out would; the bet is then refused
	// and nothing is lost.
	RollbackFirst bool `json:"rollbackFirst"`
}

// Client calls a portal's seamless wallet as vendors do.
type Client struct {
	// Base is the portal's address, such as http://127.0.0.1:8080.
	Base   func() string
	HTTP   *http.Client
	Secret func(ctx context.Context, vendor string) (string, error)
}

// ErrUnanswered means the portal gave no contract answer after the retries.
var ErrUnanswered = errors.New("vendorsim: the wallet did not answer")

// Call sends one callback, retrying on transport errors and on 503 (the
// contract's ERROR) up to five times with a growing pause.
func (c *Client) Call(ctx context.Context, vendor, op string, cb provider.Callback, f Faults) (provider.Answer, error) {
	secret, err := c.Secret(ctx, vendor)
	if err != nil {
		return provider.Answer{}, err
	}
	body, err := json.Marshal(cb)
	if err != nil {
		return provider.Answer{}, err
	}
	sig := provider.Sign(secret, body)
	for range f.Repeat {
		_, _ = c.send(ctx, vendor, op, body, sig, 0)
	}
	var last error
	for attempt := range 5 {
		timeout := 10 * time.Second
		if f.Timeout && attempt == 0 {
			timeout = time.Microsecond
		}
		a, err := c.send(ctx, vendor, op, body, sig, timeout)
		if err == nil && a.Status != provider.StatusError {
			return a, nil
		}
		last = err
		select {
		case <-ctx.Done():
			return provider.Answer{}, ctx.Err()
		case <-time.After(time.Duration(attempt+1) * 50 * time.Millisecond):
		}
	}
	return provider.Answer{}, fmt.Errorf("%w: %s %s: %v", ErrUnanswered, op, cb.TransactionID, last)
}

func (c *Client) send(ctx context.Context, vendor, op string, body []byte, sig string, timeout time.Duration) (provider.Answer, error) {
	if timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, timeout)
		defer cancel()
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, c.Base()+"/vendor/"+vendor+"/wallet/"+op, bytes.NewReader(body))
	if err != nil {
		return provider.Answer{}, err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Signature", sig)
	res, err := c.HTTP.Do(req)
	if err != nil {
		return provider.Answer{}, err
	}
	defer res.Body.Close()
	var a provider.Answer
	if err := json.NewDecoder(io.LimitReader(res.Body, 64<<10)).Decode(&a); err != nil {
		return provider.Answer{}, fmt.Errorf("vendorsim: answer %d: %w", res.StatusCode, err)
	}
	return a, nil
}

// Player is what a game learned at launch.
type Player struct {
	Token    string `json:"token"`
	Player   string `json:"player"`
	Currency string `json:"currency"`
	Game     string `json:"game"`
}

// Round is a played round as the page shows it.
type Round struct {
	RoundID    string          `json:"roundId"`
	Stake      int64           `json:"stake"`
	Multiplier float64         `json:"multiplier"`
	Win        int64           `json:"win"`
	Balance    int64           `json:"balance"`
	Status     provider.Status `json:"status"`
	Message    string          `json:"message,omitempty"`
}

// payouts is the generic round: a multiplier of the stake (in tenths) and
// its chance in ten-thousandths; about 93% returned.
var payouts = []struct{ tenths, chance int64 }{{0, 5460}, {5, 1500}, {10, 1000}, {20, 1200}, {50, 600}, {100, 150}, {500, 13}, {1000, 7}}

// drawTenths picks a payout of the generic round.
func drawTenths(r *rand.Rand) int64 {
	n := r.Int64N(10000)
	for _, p := range payouts {
		if n < p.chance {
			return p.tenths
		}
		n -= p.chance
	}
	return 0
}

// PlayRound plays one generic round for p: the bet, then the win (zero on
// a loss) closing the round.
func (c *Client) PlayRound(ctx context.Context, vendor string, p Player, stake int64, f Faults) (Round, error) {
	id := fmt.Sprintf("%s-%d-%d", vendor, time.Now().UnixNano(), rand.Int64N(1e9))
	r := Round{RoundID: id, Stake: stake}
	bet := provider.Callback{RequestID: id + "-b", Token: p.Token, Player: p.Player, Currency: p.Currency, GameCode: p.Game, RoundID: id, TransactionID: id + "-bet", Amount: stake}
	if f.RollbackFirst {
		rb := provider.Callback{RequestID: id + "-x", Player: p.Player, Currency: p.Currency, RoundID: id, TransactionID: id + "-rollback", ReferenceTransactionID: bet.TransactionID}
		if _, err := c.Call(ctx, vendor, provider.OpRollback, rb, f); err != nil {
			return r, err
		}
	}
	a, err := c.Call(ctx, vendor, provider.OpBet, bet, f)
	if err != nil {
		return r, err
	}
	r.Balance, r.Status, r.Message = a.Balance, a.Status, a.Message
	if a.Status != provider.StatusOK {
		return r, nil
	}
	tenths := drawTenths(newRand())
	r.Multiplier = float64(tenths) / 10
	r.Win = stake * tenths / 10
	win := provider.Callback{RequestID: id + "-w", Player: p.Player, Currency: p.Currency, RoundID: id, TransactionID: id + "-win",
		ReferenceTransactionID: bet.TransactionID, Amount: r.Win, RoundClosed: true}
	a, err = c.Call(ctx, vendor, provider.OpWin, win, f)
	if err != nil {
		return r, err
	}
	r.Balance, r.Status, r.Message = a.Balance, a.Status, a.Message
	return r, nil
}
