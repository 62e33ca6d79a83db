package realtime

import (
	"context"
	"maps"
	"testing"
)

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

// TestMerchantEventsReachEveryPage: a merchant's event reaches its
// visitors' and members' pages, not another merchant's; a visitor never
// hears a member's balance.
func TestMerchantEventsReachEveryPage(t *testing.T) {
	h := NewHub()
	visitor, cancelV := h.Subscribe("demo", 0)
	defer cancelV()
	member, cancelM := h.Subscribe("demo", 7)
	defer cancelM()
	other, cancelO := h.Subscribe("lucky", 0)
	defer cancelO()
	h.Balance("demo", 7, 100, "USD")
	h.Balance("demo", 0, 100, "USD") // member 0 is nobody's balance
	if len(visitor) != 0 || len(member) != 1 {
		t.Fatalf("balance reached visitor %d, member %d", len(visitor), len(member))
	}
	<-member
	h.PublishMerchant("demo", Event{Type: EventStatus})
	for name, ch := range map[string]<-chan Event{"visitor": visitor, "member": member} {
		select {
		case e := <-ch:
			if e.Type != EventStatus {
				t.Fatalf("%s got %+v", name, e)
			}
		default:
			t.Fatalf("%s got no status event", name)
		}
	}
	if len(other) != 0 {
		t.Fatal("another merchant's page heard demo's status")
	}
	if h.Connections() != 3 {
		t.Fatalf("%d connections", h.Connections())
	}
}

// TestStatusWatchTellsOnlyMerchantsWhoseStatusMoved: the first check
// records; later ones tell the pages of merchants whose key moved (or who
// appeared) and no others.
func TestStatusWatchTellsOnlyMerchantsWhoseStatusMoved(t *testing.T) {
	h := NewHub()
	demo, cancelD := h.Subscribe("demo", 0)
	defer cancelD()
	lucky, cancelL := h.Subscribe("lucky", 3)
	defer cancelL()
	fresh, cancelF := h.Subscribe("fresh", 0)
	defer cancelF()
	keys := map[string]string{"demo": "false||", "lucky": "false||US"}
	w := NewStatusWatch(h, func(context.Context) (map[string]string, error) { return maps.Clone(keys), nil }, nil)
	steps := []struct {
		name             string
		change           func()
		demo, lucky, new int
	}{
		{"first check only records", func() {}, 0, 0, 0},
		{"nothing moved", func() {}, 0, 0, 0},
		{"demo into maintenance", func() { keys["demo"] = "true||" }, 1, 0, 0},
		{"lucky blocks an address", func() { keys["lucky"] = "false|198.51.100.0/24|US" }, 0, 1, 0},
		{"a new merchant", func() { keys["fresh"] = "false||" }, 0, 0, 1},
	}
	for _, st := range steps {
		st.change()
		w.Check()
		if len(demo) != st.demo || len(lucky) != st.lucky || len(fresh) != st.new {
			t.Fatalf("%s: events demo %d lucky %d fresh %d", st.name, len(demo), len(lucky), len(fresh))
		}
		for _, ch := range []<-chan Event{demo, lucky, fresh} {
			for len(ch) > 0 {
				if e := <-ch; e.Type != EventStatus {
					t.Fatalf("%s: %+v", st.name, e)
				}
			}
		}
	}
}

// TestMemberEventsSkipVisitors: a merchant-wide member event (a broadcast
// message) reaches every logged-in page of the merchant, no visitor's page,
// no other merchant's, and no page after it closed.
func TestMemberEventsSkipVisitors(t *testing.T) {
	h := NewHub()
	visitor, cancelV := h.Subscribe("demo", 0)
	defer cancelV()
	ann, cancelA := h.Subscribe("demo", 7)
	defer cancelA()
	bob, cancelB := h.Subscribe("demo", 8)
	other, cancelO := h.Subscribe("lucky", 9)
	defer cancelO()
	h.PublishMembers("demo", Event{Type: EventBroadcast})
	for name, ch := range map[string]<-chan Event{"ann": ann, "bob": bob} {
		if len(ch) != 1 || (<-ch).Type != EventBroadcast {
			t.Fatalf("%s missed the broadcast", name)
		}
	}
	if len(visitor) != 0 || len(other) != 0 {
		t.Fatalf("visitor heard %d, lucky %d", len(visitor), len(other))
	}
	cancelB()
	h.PublishMembers("demo", Event{Type: EventBroadcast})
	if len(bob) != 0 || len(ann) != 1 {
		t.Fatalf("after bob left: bob %d, ann %d", len(bob), len(ann))
	}
}
