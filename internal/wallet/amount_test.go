package wallet

import (
	"errors"
	"testing"
)

func TestParseAmount(t *testing.T) {
	tests := []struct {
		in   string
		dec  int
		want int64
		err  bool
	}{
		{"100", 2, 10000, false},
		{"100.5", 2, 10050, false},
		{"0.01", 2, 1, false},
		{".5", 2, 50, false},
		{"-12.34", 2, -1234, false},
		{"10000.00", 2, 1000000, false},
		{"7", 0, 7, false},
		{"1.001", 2, 0, true}, // more places than the currency has: refused, not rounded
		{"1.", 2, 0, true},
		{"", 2, 0, true},
		{"-", 2, 0, true},
		{"1e3", 2, 0, true},
		{"1_000", 2, 0, true},
		{"--1", 2, 0, true},
		{"abc", 2, 0, true},
		{"92233720368547758.08", 2, 0, true}, // overflows int64 minor units
		{"92233720368547758.07", 2, 9223372036854775807, false},
	}
	for _, tt := range tests {
		got, err := ParseAmount(tt.in, tt.dec)
		if tt.err != (err != nil) || got != tt.want {
			t.Errorf("ParseAmount(%q, %d) = %d, %v", tt.in, tt.dec, got, err)
		}
		if err != nil && !errors.Is(err, ErrBadAmount) {
			t.Errorf("error %v is not ErrBadAmount", err)
		}
	}
}

func TestFormatAmount(t *testing.T) {
	for _, tt := range []struct {
		v    int64
		dec  int
		want string
	}{{1000000, 2, "10000.00"}, {5, 2, "0.05"}, {-1234, 2, "-12.34"}, {7, 0, "7"}} {
		if got := FormatAmount(tt.v, tt.dec); got != tt.want {
			t.Errorf("FormatAmount(%d, %d) = %q, want %q", tt.v, tt.dec, got, tt.want)
		}
	}
}

func FuzzParseAmount(f *testing.F) {
	for _, s := range []string{"1", "1.23", "-0.01", "999999999999999.99", "1e9", ".", "-"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := ParseAmount(s, 2)
		if err != nil {
			return
		}
		back, err := ParseAmount(FormatAmount(v, 2), 2)
		if err != nil || back != v {
			t.Fatalf("%q -> %d -> %q -> %d, %v", s, v, FormatAmount(v, 2), back, err)
		}
	})
}
