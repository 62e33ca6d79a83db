package realtime

import "testing"

func TestHubDeliversToTheMembersConnectionsOnly(t *testing.T) {
	h := NewHub()
	a, cancelA := h.Subscribe("demo", 1)
	b, cancelB := h.Subscribe("demo", 2)
	defer cancelB()
	h.Balance("demo", 1, 500, "USD")
	if e := <-a; e.Type != "balance" || e.Balance != 500 {
		t.Fatalf("member 1 got %+v", e)
	}
	select {
	case e := <-b:
		t.Fatalf("member 2 got member 1's event %+v", e)
	default:
	}
	// A connection that does not read never blocks the publisher, and
	// keeps the newest event.
	for i := range 100 {
		h.Balance("demo", 1, int64(i), "USD")
	}
	var last Event
	for len(a) > 0 {
		last = <-a
	}
	if last.Balance != 99 {
		t.Fatalf("newest event lost: %+v", last)
	}
	cancelA()
	if h.Connections() != 1 {
		t.Fatalf("%d connections after cancel", h.Connections())
	}
}
