package inhouse

import (
	"errors"
	"testing"
)

// FuzzVerify feeds the public verify endpoint's input to Verify: any input
// is either refused with one of the domain's errors or redone, never a panic.
func FuzzVerify(f *testing.F) {
	f.Add(Slot, "seed", "client", int64(0), int64(20), 0, false, int64(0))
	f.Add(Dice, "seed", "client", int64(7), int64(100), 5000, true, int64(0))
	f.Add(Crash, "seed", "client", int64(1<<62), int64(1<<40), 0, false, int64(101))
	f.Add(Dice, "", "a:b", int64(-1), int64(-5), -1, false, int64(-1))
	f.Fuzz(func(t *testing.T, gameCode, server, client string, nonce, stake int64, target int, over bool, cashOut int64) {
		v, err := Verify(VerifyRequest{Game: gameCode, ServerSeed: server, ClientSeed: client, Nonce: nonce, Stake: stake,
			Target: target, Over: over, CashOut: cashOut})
		if err != nil {
			if !errors.Is(err, ErrBet) && !errors.Is(err, ErrClientSeed) {
				t.Fatalf("unexpected error %v", err)
			}
			return
		}
		if v.Win < 0 || len(v.ServerSeedHash) != 64 {
			t.Fatalf("verification %+v", v)
		}
	})
}
