// Package wallet is the double-entry ledger: accounts per owner and
// currency, and append-only transfers between them, each carrying an
// idempotency key. Amounts are int64 minor units. A member account can
// never go below zero, whatever the concurrency; the sum of all balances of
// a merchant and currency is always zero.
package wallet

import (
	"errors"
	"math/rand/v2"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"portal/internal/database"
)

// Account kinds. Member accounts belong to a member id; the others are the
// platform's sides of a movement.
const (
	KindMember     = "member"
	KindHouse      = "house"
	KindVendor     = "vendor"
	KindAdjustment = "adjustment"
	// KindPlay is the play-money side: trial accounts are funded from it
	// and bet against it, so play money never meets the house's.
	KindPlay = "play"
	// KindCashier is a payment channel's clearing account (owner: the
	// channel code): a deposit moves from it to the member, so it goes
	// negative by what the merchant has received through the channel.
	KindCashier = "cashier"
	// KindFee collects the deposit fees charged to members (owner: the
	// channel code).
	KindFee = "fee"
	// KindHold holds what members asked to withdraw until finance decides
	// (owner: "withdrawal"); a rejection returns it from here.
	KindHold = "hold"
	// KindPayout is money paid out to members' banks (owner: the payout
	// method or channel code): it goes positive by what left the merchant.
	KindPayout = "payout"
	// KindTransfer is a transfer-mode vendor's clearing account (owner:
	// the vendor code): what members moved into the vendor's own wallet
	// sits here, less what they took back out.
	KindTransfer = "transfer"
	// KindCommission is what the platform paid agents under its own
	// contracts (owner: the contract kind): it goes positive by the
	// salaries and dividends paid (decision 0035).
	KindCommission = "commission"
	// KindBonus is a member's bonus money (owner: the member id, the
	// merchant's currency): kept apart from cash until its wagering is
	// done, and, like a member account, never below zero (decision 0037).
	KindBonus = "bonus"
	// KindPoints is a member's loyalty points (owner: the member id,
	// currency PointsCurrency): never below zero, never expiring.
	KindPoints = "points"
	// KindPromo is what the merchant gave away (owner: what gave it, such
	// as "promo:12", "rebate", "cashback", "points"): it goes negative by
	// the cost of its promotions, in cash, bonus money or points.
	KindPromo = "promo"
)

// PointsCurrency is the ledger currency of loyalty points: whole points,
// no decimals, never converted at a rate the ledger knows of.
const PointsCurrency = "PTS"

// memberOwned kinds belong to one member and may never go below zero.
func memberOwned(kind string) bool {
	return kind == KindMember || kind == KindBonus || kind == KindPoints
}

// sharded kinds are the platform sides many members' movements touch at
// once (every bet, every deposit of a channel): each is spread over
// HouseShards rows so they do not queue on one row.
func sharded(kind string) bool {
	return kind == KindHouse || kind == KindVendor || kind == KindPlay || kind == KindCashier || kind == KindFee ||
		kind == KindHold || kind == KindPayout || kind == KindTransfer
}

// HouseShards is how many rows each sharded side (house, vendor, play) of
// a merchant and currency is spread over, so concurrent bets do not queue
// on one row.
const HouseShards = 16

// Errors of the ledger.
var (
	ErrInsufficientFunds = errors.New("wallet: insufficient funds")
	ErrDuplicate         = errors.New("wallet: idempotency key reused with another request")
	ErrInvalidAmount     = errors.New("wallet: amount must be a positive number of minor units")
	ErrSameAccount       = errors.New("wallet: debit and credit accounts are the same")
	ErrInvalidKey        = errors.New("wallet: idempotency key missing or too long")
)

// Service keeps the ledger.
type Service struct {
	db    *database.DB
	now   func() time.Time
	shard func() int
	ids   accountIDs
}

// NewService opens the ledger on db; now is the clock (time.Now in
// production).
func NewService(db *database.DB, now func() time.Time) *Service {
	return &Service{db: db, now: now, shard: func() int { return rand.IntN(HouseShards) }}
}

// accountIDs remembers the ids of committed accounts: an account, once
// committed, is never deleted and never changes id, so its id is asked for
// once per process. Only ids known to be committed go in (see Open): an id
// met inside a transaction might yet be rolled back.
type accountIDs struct {
	m sync.Map // accountKey -> int64
	n atomic.Int64
}

type accountKey struct {
	merchant string
	ref      Ref
}

// maxCachedAccounts bounds the cache (about a hundred bytes an entry); past
// it the cache starts again empty.
const maxCachedAccounts = 200_000

func (c *accountIDs) get(merchant string, r Ref) (int64, bool) {
	v, ok := c.m.Load(accountKey{merchant, r})
	if !ok {
		return 0, false
	}
	return v.(int64), true
}

func (c *accountIDs) put(merchant string, r Ref, id int64) {
	if c.n.Add(1) > maxCachedAccounts {
		c.m.Clear()
		c.n.Store(1)
	}
	c.m.Store(accountKey{merchant, r}, id)
}

// Ref names an account: its kind, owner and currency, within a merchant.
type Ref struct {
	Kind     string
	Owner    string
	Currency string
}

// Member is the account of member id in currency.
func Member(id int64, currency string) Ref {
	return Ref{Kind: KindMember, Owner: formatID(id), Currency: currency}
}

// Side is one of the platform's accounts (vendor code, adjustment reason).
func Side(kind, owner, currency string) Ref {
	return Ref{Kind: kind, Owner: owner, Currency: currency}
}

// Bonus is a member's bonus money account in a currency.
func Bonus(id int64, currency string) Ref {
	return Ref{Kind: KindBonus, Owner: formatID(id), Currency: currency}
}

// Points is a member's points account.
func Points(id int64) Ref {
	return Ref{Kind: KindPoints, Owner: formatID(id), Currency: PointsCurrency}
}

func formatID(id int64) string { return strconv.FormatInt(id, 10) }
