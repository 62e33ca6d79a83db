package game

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"fmt"
	"strconv"
	"testing"
)

// The seeds of the replay tests. The expected values in this package's
// replay tests were computed with Python's hmac module, not with this code,
// so they check the scheme as the players' guide describes it.
const (
	testServerSeed = "3f1c2a9e8b7d6c5f4e3d2c1b0a99887766554433221100ffeeddccbbaa998877"
	testClientSeed = "lucky-player"
)

func TestHashSeed(t *testing.T) {
	tests := []struct{ seed, want string }{
		// SHA-256 of the text "abc", the FIPS 180-2 example.
		{"abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
		{testServerSeed, "6cc5c2188cfe01c5dea143bcbfd447bbcd1653ce3582986a4d8db5d2054ade7e"},
	}
	for _, tt := range tests {
		if got := HashSeed(tt.seed); got != tt.want {
			t.Errorf("HashSeed(%q) = %s, want %s", tt.seed, got, tt.want)
		}
	}
}

func TestNewServerSeed(t *testing.T) {
	a, err := NewServerSeed()
	if err != nil {
		t.Fatal(err)
	}
	b, err := NewServerSeed()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{a, b} {
		if raw, err := hex.DecodeString(s); err != nil || len(raw) != 32 || len(s) != 64 {
			t.Errorf("seed %q is not 32 bytes of hex", s)
		}
	}
	if a == b {
		t.Error("two server seeds are equal")
	}
}

func TestValidClientSeed(t *testing.T) {
	tests := []struct {
		seed string
		want bool
	}{
		{"a", true},
		{"lucky player #7 ~!", true},
		{string(make([]byte, 64)), false}, // 64 NULs: not printable
		{"0123456789012345678901234567890123456789012345678901234567890123", true},
		{"01234567890123456789012345678901234567890123456789012345678901234", false}, // 65
		{"", false},
		{"a:b", false},
		{"tab\there", false},
		{"héllo", false},
		{"del\x7f", false},
	}
	for _, tt := range tests {
		if got := ValidClientSeed(tt.seed); got != tt.want {
			t.Errorf("ValidClientSeed(%q) = %v, want %v", tt.seed, got, tt.want)
		}
	}
}

func TestStreamBytesAreHMACBlocks(t *testing.T) {
	const nonce = 7
	var want []byte
	for cursor := range 3 {
		mac := hmac.New(sha256.New, []byte(testServerSeed))
		fmt.Fprintf(mac, "%s:%d:%d", testClientSeed, nonce, cursor)
		want = mac.Sum(want)
	}
	s := NewStream(testServerSeed, testClientSeed, nonce)
	for i := 0; i < len(want); i += 4 {
		if got, w := s.Uint32(), binary.BigEndian.Uint32(want[i:]); got != w {
			t.Fatalf("draw %d = %08x, want %08x", i/4, got, w)
		}
	}
}

func TestStreamFirstBlock(t *testing.T) {
	// HMAC-SHA256(key=testServerSeed, "lucky-player:1:0"), from Python.
	want, _ := hex.DecodeString("42ee5e58857a4a47e1e97e053fa20a97f48548916631722f0090271c89d3c30c")
	s := NewStream(testServerSeed, testClientSeed, 1)
	for i := 0; i < len(want); i += 4 {
		if got := s.Uint32(); got != binary.BigEndian.Uint32(want[i:]) {
			t.Fatalf("draw %d = %08x, want %x", i/4, got, want[i:i+4])
		}
	}
}

func TestStreamFloat(t *testing.T) {
	a := NewStream(testServerSeed, testClientSeed, 3)
	b := NewStream(testServerSeed, testClientSeed, 3)
	for range 20 {
		v := b.Uint32()
		b0, b1, b2, b3 := float64(v>>24), float64(v>>16&0xff), float64(v>>8&0xff), float64(v&0xff)
		want := b0/256 + b1/(256*256) + b2/(256*256*256) + b3/(256*256*256*256)
		got := a.Float()
		if got != want || got < 0 || got >= 1 {
			t.Fatalf("Float() = %v, want %v", got, want)
		}
	}
}

func TestStreamIntnRejects(t *testing.T) {
	// For n = 3·2³⁰ a quarter of all 32-bit values are rejected, so a few
	// dozen draws surely exercise the rejection path.
	for _, big := range []uint64{1, 2, 6, 10000, 3 << 30, 1 << 32} {
		n := int(big)
		if uint64(n) != big {
			continue // a 32-bit int cannot hold it
		}
		a := NewStream(testServerSeed, testClientSeed, 9)
		b := NewStream(testServerSeed, testClientSeed, 9)
		limit := uint64(1<<32) - uint64(1<<32)%uint64(n)
		rejected := 0
		for range 64 {
			var want int
			for {
				v := uint64(b.Uint32())
				if v < limit {
					want = int(v % uint64(n))
					break
				}
				rejected++
			}
			if got := a.Intn(n); got != want || got < 0 || got >= n {
				t.Fatalf("Intn(%d) = %d, want %d", n, got, want)
			}
		}
		if big == 3<<30 && rejected == 0 {
			t.Errorf("Intn(%d): no draw was rejected in 64", n)
		}
	}
}

func TestStreamIntnPanics(t *testing.T) {
	tooBig := uint64(1<<32 + 1)
	cases := []int{0, -1}
	if strconv.IntSize == 64 {
		cases = append(cases, int(tooBig))
	}
	for _, n := range cases {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Intn(%d) did not panic", n)
				}
			}()
			NewStream("s", "c", 0).Intn(n)
		}()
	}
}

func TestStreamIntnUniform(t *testing.T) {
	// A loose chi-square check: 6 cells, 60,000 draws; the 99.99th
	// percentile of chi-square with 5 degrees of freedom is about 25.7.
	const n, draws = 6, 60000
	var counts [n]int
	s := NewStream(testServerSeed, testClientSeed, 11)
	for range draws {
		counts[s.Intn(n)]++
	}
	chi := 0.0
	for _, c := range counts {
		d := float64(c) - draws/n
		chi += d * d / (draws / n)
	}
	if chi > 25.7 {
		t.Errorf("chi-square %.1f for counts %v", chi, counts)
	}
}

func TestStreamSeparatesFields(t *testing.T) {
	// Different nonces and client seeds give different streams.
	a := NewStream(testServerSeed, "ab", 1).Uint32()
	b := NewStream(testServerSeed, "ab", 2).Uint32()
	c := NewStream(testServerSeed, "ab1", 1).Uint32()
	d := NewStream(testServerSeed+"0", "ab", 1).Uint32()
	if a == b || a == c || a == d {
		t.Errorf("streams collide: %08x %08x %08x %08x", a, b, c, d)
	}
}

func TestMulDivFloor(t *testing.T) {
	tests := []struct{ a, b, c, want int64 }{
		{7, 3, 2, 10},
		{MaxStake, 9900, 100, MaxStake * 99},
		{MaxStake, 9900, 4999, 1980396079215},
		{1 << 62, 8, 16, 1 << 61}, // product needs 66 bits
		{0, 5, 3, 0},
	}
	for _, tt := range tests {
		if got := mulDivFloor(tt.a, tt.b, tt.c); got != tt.want {
			t.Errorf("mulDivFloor(%d, %d, %d) = %d, want %d", tt.a, tt.b, tt.c, got, tt.want)
		}
	}
}
