package app

import (
	"context"
	"path/filepath"

	"portal/internal/cashier"
	"portal/internal/config"
)

// uploadStore is where uploaded proofs are kept: the S3-compatible bucket
// when one is configured (checked now, so a wrong setting stops the start
// rather than the first upload), else the data folder.
func uploadStore(ctx context.Context, cfg config.Config) (cashier.Store, error) {
	if cfg.S3Endpoint == "" {
		return cashier.DirStore{Dir: filepath.Join(cfg.DataDir, "uploads")}, nil
	}
	s, err := cashier.NewS3Store(cashier.S3Config{Endpoint: cfg.S3Endpoint, Region: cfg.S3Region, Bucket: cfg.S3Bucket, Prefix: cfg.S3Prefix,
		AccessKey: cfg.S3AccessKey, SecretKey: cfg.S3SecretKey})
	if err != nil {
		return nil, err
	}
	if err := s.CheckBucket(ctx); err != nil {
		return nil, err
	}
	return s, nil
}
