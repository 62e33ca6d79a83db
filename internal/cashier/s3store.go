package cashier

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/url"
	"strings"

	"github.com/minio/minio-go/v7"
	"github.com/minio/minio-go/v7/pkg/credentials"
)

// S3Store keeps uploads in a bucket of an S3-compatible store (AWS S3,
// MinIO, Ceph, R2...): the store several portal instances share, where a
// folder on one machine's disk would be seen by that machine only.
type S3Store struct {
	client *minio.Client
	bucket string
	prefix string
}

// S3Config names the store. Endpoint is a URL (https://s3.example.com);
// Prefix, when set, is put before every key.
type S3Config struct {
	Endpoint, Region, Bucket, Prefix string
	AccessKey, SecretKey             string
}

// NewS3Store connects to the store; it checks nothing over the network
// (CheckBucket does).
func NewS3Store(c S3Config) (*S3Store, error) {
	u, err := url.Parse(c.Endpoint)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" || c.Bucket == "" {
		return nil, fmt.Errorf("cashier: S3 store needs an http(s) endpoint and a bucket")
	}
	client, err := minio.New(u.Host, &minio.Options{
		Creds:  credentials.NewStaticV4(c.AccessKey, c.SecretKey, ""),
		Secure: u.Scheme == "https",
		Region: c.Region,
	})
	if err != nil {
		return nil, fmt.Errorf("cashier: S3 store: %w", err)
	}
	return &S3Store{client: client, bucket: c.Bucket, prefix: strings.Trim(c.Prefix, "/")}, nil
}

// CheckBucket fails when the bucket cannot be reached or does not exist,
// so a misconfigured store stops the start rather than the first upload.
func (s *S3Store) CheckBucket(ctx context.Context) error {
	ok, err := s.client.BucketExists(ctx, s.bucket)
	if err != nil {
		return fmt.Errorf("cashier: S3 bucket %q: %w", s.bucket, err)
	}
	if !ok {
		return fmt.Errorf("cashier: S3 bucket %q does not exist", s.bucket)
	}
	return nil
}

func (s *S3Store) key(key string) (string, error) {
	if key == "" || strings.HasPrefix(key, "/") || strings.Contains(key, "..") || strings.ContainsAny(key, "\\\x00") {
		return "", fmt.Errorf("cashier: bad store key %q", key)
	}
	if s.prefix == "" {
		return key, nil
	}
	return s.prefix + "/" + key, nil
}

// Put writes data under key; uploads are private objects, served only
// through the portal's checks.
func (s *S3Store) Put(ctx context.Context, key string, data []byte) error {
	k, err := s.key(key)
	if err != nil {
		return err
	}
	_, err = s.client.PutObject(ctx, s.bucket, k, bytes.NewReader(data), int64(len(data)),
		minio.PutObjectOptions{ContentType: "application/octet-stream"})
	if err != nil {
		return fmt.Errorf("cashier: store: %w", err)
	}
	return nil
}

// Get reads key; a missing object is ErrNotFound.
func (s *S3Store) Get(ctx context.Context, key string) ([]byte, error) {
	k, err := s.key(key)
	if err != nil {
		return nil, err
	}
	obj, err := s.client.GetObject(ctx, s.bucket, k, minio.GetObjectOptions{})
	if err != nil {
		return nil, fmt.Errorf("cashier: store: %w", err)
	}
	defer obj.Close()
	data, err := io.ReadAll(io.LimitReader(obj, ProofMaxBytes+1))
	var resp minio.ErrorResponse
	if errors.As(err, &resp) && resp.Code == "NoSuchKey" {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("cashier: store: %w", err)
	}
	return data, nil
}
