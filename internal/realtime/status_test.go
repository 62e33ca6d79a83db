package realtime

import (
	"context"
	"sync/atomic"
	"testing"
	"time"
)

// TestStatusWatchRunFollowsTheClock: with no change to watch, the timer
// still notices a key that moved by itself (a maintenance window opening)
// and tells that merchant's pages once.
func TestStatusWatchRunFollowsTheClock(t *testing.T) {
	hub := NewHub()
	var open atomic.Bool
	keys := func(context.Context) (map[string]string, error) {
		k := "false||"
		if open.Load() {
			k = "true||"
		}
		return map[string]string{"demo": k, "lucky": "false||"}, nil
	}
	w := NewStatusWatch(hub, keys, nil)
	w.Check()
	demo, stop := hub.Subscribe("demo", 0)
	defer stop()
	lucky, stopLucky := hub.Subscribe("lucky", 0)
	defer stopLucky()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go w.Run(ctx, 10*time.Millisecond)
	time.Sleep(50 * time.Millisecond)
	if len(demo) != 0 {
		t.Fatal("told before anything moved")
	}
	open.Store(true)
	select {
	case e := <-demo:
		if e.Type != EventStatus {
			t.Fatalf("event = %+v", e)
		}
	case <-time.After(2 * time.Second):
		t.Fatal("the window's start was not pushed")
	}
	time.Sleep(50 * time.Millisecond)
	if len(demo) != 0 || len(lucky) != 0 {
		t.Errorf("told again (%d) or told lucky (%d)", len(demo), len(lucky))
	}
}
