package httpapi

import (
	"net/netip"
	"sync"
)

// socketsPerAddress bounds the websockets one address holds open on one
// instance. Every page keeps one (visitors too), so a household or an
// office behind one address has a few dozen at most; without a bound, one
// address could hold thousands of idle connections and their goroutines.
// Open connections belong to the instance that holds them, so the count
// is the instance's own.
const socketsPerAddress = 32

// socketLimit counts open websockets per client address.
type socketLimit struct {
	mu   sync.Mutex
	open map[netip.Addr]int
}

// acquire takes a slot for addr, or answers false when it holds the most.
func (l *socketLimit) acquire(addr netip.Addr) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.open == nil {
		l.open = make(map[netip.Addr]int)
	}
	if l.open[addr] >= socketsPerAddress {
		return false
	}
	l.open[addr]++
	return true
}

// release gives addr's slot back.
func (l *socketLimit) release(addr netip.Addr) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.open[addr] <= 1 {
		delete(l.open, addr)
		return
	}
	l.open[addr]--
}
