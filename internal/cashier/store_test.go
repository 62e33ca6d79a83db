package cashier_test

import (
	"bytes"
	"context"
	"errors"
	"net/http/httptest"
	"testing"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"

	"portal/internal/cashier"
)

// TestStores holds both stores to one behaviour: what is put is got back
// byte for byte, a missing key is ErrNotFound, a key that climbs out of
// its place is refused. The S3 store runs against an in-process server of
// the S3 protocol (no S3 runs on these machines).
func TestStores(t *testing.T) {
	ctx := context.Background()
	backend := s3mem.New()
	if err := backend.CreateBucket("uploads"); err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(gofakes3.New(backend).Server())
	t.Cleanup(srv.Close)
	s3, err := cashier.NewS3Store(cashier.S3Config{Endpoint: srv.URL, Region: "us-east-1", Bucket: "uploads", Prefix: "portal",
		AccessKey: "key", SecretKey: "secret"})
	if err != nil {
		t.Fatal(err)
	}
	if err := s3.CheckBucket(ctx); err != nil {
		t.Fatal(err)
	}
	missing, _ := cashier.NewS3Store(cashier.S3Config{Endpoint: srv.URL, Region: "us-east-1", Bucket: "nope", AccessKey: "k", SecretKey: "s"})
	if err := missing.CheckBucket(ctx); err == nil {
		t.Error("a missing bucket passed the check")
	}
	if _, err := cashier.NewS3Store(cashier.S3Config{Endpoint: "ftp://x", Bucket: "b"}); err == nil {
		t.Error("an ftp endpoint was taken")
	}
	for name, store := range map[string]cashier.Store{"dir": cashier.DirStore{Dir: t.TempDir()}, "s3": s3} {
		t.Run(name, func(t *testing.T) {
			data := pngOf(t, 8, 8)
			if err := store.Put(ctx, "withdrawals/demo/1-0-abc.png", data); err != nil {
				t.Fatal(err)
			}
			got, err := store.Get(ctx, "withdrawals/demo/1-0-abc.png")
			if err != nil || !bytes.Equal(got, data) {
				t.Fatalf("get = %d bytes, %v", len(got), err)
			}
			if _, err := store.Get(ctx, "withdrawals/demo/2-0-abc.png"); !errors.Is(err, cashier.ErrNotFound) {
				t.Errorf("missing key: %v", err)
			}
			for _, bad := range []string{"", "../etc/passwd", "/abs", "a/../../b"} {
				if err := store.Put(ctx, bad, data); err == nil {
					t.Errorf("key %q was taken", bad)
				}
			}
		})
	}
}
