package app

import (
	"bytes"
	"context"
	"errors"
	"io"
	"path/filepath"
	"strings"
	"testing"
)

func TestVendorSecretCommand(t *testing.T) {
	dir := t.TempDir()
	env := map[string]string{"PORTAL_DB": filepath.Join(dir, "p.db"), "PORTAL_DATA": dir}
	getenv := func(k string) string { return env[k] }
	ctx := context.Background()
	var out bytes.Buffer
	if err := run(ctx, []string{"seed"}, getenv, &out, &out); err != nil {
		t.Fatal(err)
	}
	secret := func(args ...string) string {
		t.Helper()
		var b bytes.Buffer
		if err := run(ctx, append([]string{"vendor", "secret"}, args...), getenv, &b, &b); err != nil {
			t.Fatal(err)
		}
		return strings.TrimSpace(b.String())
	}
	first := secret("PG")
	if len(first) != 64 || secret("pg") != first {
		t.Fatalf("secret %q is not stable", first)
	}
	if rotated := secret("PG", "--rotate"); rotated == first || len(rotated) != 64 || secret("PG") != rotated {
		t.Fatalf("rotation gave %q after %q", rotated, first)
	}
	for _, args := range [][]string{{"vendor", "secret", "NOPE"}, {"vendor", "secret"}, {"vendor", "secret", "PG", "--now"}} {
		if err := run(ctx, args, getenv, &out, &out); !errors.Is(err, errUsage) {
			t.Fatalf("%v: %v, want a usage error", args, err)
		}
	}
}

// TestVendorWinLimitCommand: `portal vendor win-limit` prints a vendor's
// limit, sets it, resets it to the default, and refuses bad input.
func TestVendorWinLimitCommand(t *testing.T) {
	dir := t.TempDir()
	env := map[string]string{"PORTAL_DB": filepath.Join(dir, "p.db"), "PORTAL_DATA": dir}
	getenv := func(k string) string { return env[k] }
	ctx := context.Background()
	if err := run(ctx, []string{"seed"}, getenv, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		args  []string
		want  string // in the output; "" for a usage error
		usage bool
	}{
		{[]string{"PG"}, "PG: a round pays at most 100000 times its stakes and at most 1000000 in major units of its currency (the default)", false},
		{[]string{"pge"}, "PGE: a round pays at most 100000 times its stakes and at most 100000000 in major units of its currency (the default)", false},
		{[]string{"pg", "5000", "250,000"}, "PG: a round pays at most 5000 times its stakes and at most 250000 in major units of its currency (its own)", false},
		{[]string{"PG"}, "at most 5000 times its stakes and at most 250000 in major units of its currency (its own)", false},
		{[]string{"PG", "default"}, "at most 100000 times its stakes and at most 1000000 in major units of its currency (the default)", false},
		{[]string{"PG", "0", "100"}, "", true},
		{[]string{"PG", "ten", "100"}, "", true},
		{[]string{"NOPE"}, "", true},
		{[]string{}, "", true},
		{[]string{"PG", "100"}, "", true},
	}
	for _, tt := range tests {
		var out bytes.Buffer
		err := run(ctx, append([]string{"vendor", "win-limit"}, tt.args...), getenv, &out, io.Discard)
		if tt.usage {
			if !errors.Is(err, errUsage) {
				t.Fatalf("%v: %v, want a usage error", tt.args, err)
			}
			continue
		}
		if err != nil || !strings.Contains(out.String(), tt.want) {
			t.Fatalf("%v: %v %q, want %q", tt.args, err, out.String(), tt.want)
		}
	}
}

// TestVendorWalletModeCommand: `portal vendor wallet-mode` prints and
// switches a merchant's vendor between seamless and transfer wallets; the
// demo seeds SABA in transfer mode and the in-house games seamless.
func TestVendorWalletModeCommand(t *testing.T) {
	dir := t.TempDir()
	env := map[string]string{"PORTAL_DB": filepath.Join(dir, "p.db"), "PORTAL_DATA": dir}
	getenv := func(k string) string { return env[k] }
	ctx := context.Background()
	if err := run(ctx, []string{"seed"}, getenv, io.Discard, io.Discard); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		args  []string
		want  string
		usage bool
	}{
		{[]string{"demo", "SABA"}, "SABA of demo: transfer wallet", false},
		{[]string{"demo", "pge"}, "PGE of demo: seamless wallet", false},
		{[]string{"demo", "pg", "transfer"}, "PG of demo: transfer wallet", false},
		{[]string{"demo", "PG"}, "PG of demo: transfer wallet", false},
		{[]string{"demo", "PG", "seamless"}, "recall it first", false},
		{[]string{"demo", "PG", "both"}, "", true},
		{[]string{"demo", "NOPE"}, "", true},
		{[]string{"demo", "NOPE", "transfer"}, "", true},
		{[]string{"demo"}, "", true},
	} {
		var out bytes.Buffer
		err := run(ctx, append([]string{"vendor", "wallet-mode"}, tt.args...), getenv, &out, io.Discard)
		if tt.usage {
			if !errors.Is(err, errUsage) {
				t.Fatalf("%v: %v, want a usage error", tt.args, err)
			}
			continue
		}
		if err != nil || !strings.Contains(out.String(), tt.want) {
			t.Fatalf("%v: %v %q, want %q", tt.args, err, out.String(), tt.want)
		}
	}
}
