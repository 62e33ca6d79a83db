// Package realtime fans events out to the members' live websocket
// connections: a balance that changed is pushed to every connection of its
// member in this process.
package realtime

import (
	"strconv"
	"sync"
)

// Event is one message to a member's connections.
type Event struct {
	Type     string `json:"type"`
	Balance  int64  `json:"balance,omitempty"`
	Currency string `json:"currency,omitempty"`
}

// Hub holds the live connections by member.
type Hub struct {
	mu   sync.Mutex
	subs map[string]map[chan Event]struct{}
}

// NewHub returns an empty hub.
func NewHub() *Hub { return &Hub{subs: map[string]map[chan Event]struct{}{}} }

func key(merchant string, member int64) string { return merchant + "/" + strconv.FormatInt(member, 10) }

// Subscribe registers a connection of a member; cancel removes it. The
// channel holds a few events: a connection too slow to take them loses the
// oldest-but-one, which is harmless for balances (the newest wins).
func (h *Hub) Subscribe(merchant string, member int64) (events <-chan Event, cancel func()) {
	ch := make(chan Event, 8)
	k := key(merchant, member)
	h.mu.Lock()
	if h.subs[k] == nil {
		h.subs[k] = map[chan Event]struct{}{}
	}
	h.subs[k][ch] = struct{}{}
	h.mu.Unlock()
	return ch, func() {
		h.mu.Lock()
		delete(h.subs[k], ch)
		if len(h.subs[k]) == 0 {
			delete(h.subs, k)
		}
		h.mu.Unlock()
	}
}

// Publish sends an event to every connection of a member, never blocking.
func (h *Hub) Publish(merchant string, member int64, e Event) {
	h.mu.Lock()
	defer h.mu.Unlock()
	for ch := range h.subs[key(merchant, member)] {
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

// Connections counts live connections (for tests and health).
func (h *Hub) Connections() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	n := 0
	for _, m := range h.subs {
		n += len(m)
	}
	return n
}
