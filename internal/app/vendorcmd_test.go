package app

import (
	"bytes"
	"context"
	"errors"
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
