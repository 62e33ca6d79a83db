// Package realtime fans events out to the live websocket connections of
// this process: a balance that changed goes to every connection of its
// member, a change of a merchant's status to every open page of that
// merchant, visitors' included.
package realtime

import (
	"strconv"
	"sync"
)

// Event is one message to a connection.
type Event struct {
	Type     string `json:"type"`
	Balance  int64  `json:"balance,omitempty"`
	Currency string `json:"currency,omitempty"`
	// BonusBalance is a member's bonus money (type balance), sent when
	// the member has a bonus account (decision 0037).
	BonusBalance *int64 `json:"bonusBalance,omitempty"`
	// Unread is the member's unread message count (type message).
	Unread int `json:"unread,omitempty"`
	// OrderID and Status name a deposit order that changed (type deposit).
	OrderID int64  `json:"orderId,omitempty"`
	Status  string `json:"status,omitempty"`
}

// EventStatus tells a page that its merchant's status may have changed
// (maintenance, region rules): it asks for its own status again, which
// depends on its address.
const EventStatus = "status"

// EventLogout tells a member's pages that their sessions were ended by the
// back office (a freeze or a forced log-out): {"type":"logout"}. The
// socket closes right after it.
const EventLogout = "logout"

// EventMessage tells a member's pages that a message arrived and how many
// are unread: {"type":"message","unread":n}.
const EventMessage = "message"

// EventBroadcast tells every logged-in page of a merchant that a message
// went to many members at once: {"type":"broadcast"}. It names no count
// (each member's differs); a page that hears it asks for its own.
const EventBroadcast = "broadcast"

// EventDeposit tells a member's pages that a deposit order changed
// status: {"type":"deposit","orderId":12,"status":"credited"}.
const EventDeposit = "deposit"

// EventWithdrawal tells a member's pages that a withdrawal changed
// status: {"type":"withdrawal","orderId":12,"status":"paid"}.
const EventWithdrawal = "withdrawal"

// Hub holds the live connections by member and by merchant.
type Hub struct {
	mu       sync.Mutex
	members  map[string]map[chan Event]struct{}
	merchant map[string]map[chan Event]struct{}
	// loggedIn holds a merchant's member connections, visitors left out.
	loggedIn map[string]map[chan Event]struct{}
}

// NewHub returns an empty hub.
func NewHub() *Hub {
	return &Hub{members: map[string]map[chan Event]struct{}{}, merchant: map[string]map[chan Event]struct{}{},
		loggedIn: map[string]map[chan Event]struct{}{}}
}

func key(merchant string, member int64) string { return merchant + "/" + strconv.FormatInt(member, 10) }

// Subscribe registers a connection of a merchant's page: member 0 is a
// visitor, who hears the merchant's events only; a member hears their own
// too. cancel removes it. The channel holds a few events: a connection too
// slow to take them loses the oldest-but-one, which is harmless for balances
// (the newest wins) and statuses (each says "ask again").
func (h *Hub) Subscribe(merchant string, member int64) (events <-chan Event, cancel func()) {
	ch := make(chan Event, 8)
	k := key(merchant, member)
	h.mu.Lock()
	add(h.merchant, merchant, ch)
	if member != 0 {
		add(h.members, k, ch)
		add(h.loggedIn, merchant, ch)
	}
	h.mu.Unlock()
	return ch, func() {
		h.mu.Lock()
		remove(h.merchant, merchant, ch)
		remove(h.members, k, ch)
		remove(h.loggedIn, merchant, ch)
		h.mu.Unlock()
	}
}

func add(m map[string]map[chan Event]struct{}, k string, ch chan Event) {
	if m[k] == nil {
		m[k] = map[chan Event]struct{}{}
	}
	m[k][ch] = struct{}{}
}

func remove(m map[string]map[chan Event]struct{}, k string, ch chan Event) {
	delete(m[k], ch)
	if len(m[k]) == 0 {
		delete(m, k)
	}
}

// Publish sends an event to every connection of a member, never blocking.
func (h *Hub) Publish(merchant string, member int64, e Event) {
	h.mu.Lock()
	defer h.mu.Unlock()
	deliver(h.members[key(merchant, member)], e)
}

// PublishMerchant sends an event to every open page of a merchant.
func (h *Hub) PublishMerchant(merchant string, e Event) {
	h.mu.Lock()
	defer h.mu.Unlock()
	deliver(h.merchant[merchant], e)
}

// PublishMembers sends an event to every logged-in page of a merchant
// (not to visitors' pages).
func (h *Hub) PublishMembers(merchant string, e Event) {
	h.mu.Lock()
	defer h.mu.Unlock()
	deliver(h.loggedIn[merchant], e)
}

func deliver(chans map[chan Event]struct{}, e Event) {
	for ch := range chans {
		select {
		case ch <- e:
		default:
			// Full: drop one queued event to make room for the newest.
			select {
			case <-ch:
			default:
			}
			select {
			case ch <- e:
			default:
			}
		}
	}
}

// Balance is the listener the wallet contract calls after a commit.
func (h *Hub) Balance(merchant string, member, balance int64, currency string) {
	h.Publish(merchant, member, Event{Type: "balance", Balance: balance, Currency: currency})
}

// Balances tells a member's pages their cash and bonus balances (a member
// with bonus money).
func (h *Hub) Balances(merchant string, member, cash, bonus int64, currency string) {
	h.Publish(merchant, member, Event{Type: "balance", Balance: cash, Currency: currency, BonusBalance: &bonus})
}

// Connections counts live connections (for tests and health).
func (h *Hub) Connections() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	n := 0
	for _, m := range h.merchant {
		n += len(m)
	}
	return n
}
