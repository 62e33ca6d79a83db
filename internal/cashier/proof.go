package cashier

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// Limits of a proof image. merchant.CleanImage does the same for banners
// with tighter limits (2 MB, 4096x2048): a proof is often a phone's photo
// of a receipt (12 megapixels, 3-4 MB), so the cashier allows more.
const (
	ProofMaxBytes  = 5 << 20
	ProofMaxSide   = 8192
	ProofMaxPixels = 4096 * 4096
)

var (
	pngMagic  = []byte("\x89PNG\r\n\x1a\n")
	jpegMagic = []byte{0xff, 0xd8, 0xff}
)

// CleanProof checks a proof by its content alone (PNG or JPEG magic, the
// header's dimensions before any pixel is decoded) and encodes the decoded
// pixels again, so metadata (a photo's location) and anything appended or
// hidden is gone. Anything else is ErrProofInvalid.
func CleanProof(raw []byte) (data []byte, contentType string, err error) {
	if len(raw) == 0 || len(raw) > ProofMaxBytes {
		return nil, "", fmt.Errorf("%w: empty or over 5 MB", ErrProofInvalid)
	}
	var cfg image.Config
	switch {
	case bytes.HasPrefix(raw, pngMagic):
		contentType = "image/png"
		cfg, err = png.DecodeConfig(bytes.NewReader(raw))
	case bytes.HasPrefix(raw, jpegMagic):
		contentType = "image/jpeg"
		cfg, err = jpeg.DecodeConfig(bytes.NewReader(raw))
	default:
		return nil, "", fmt.Errorf("%w: not a PNG or JPEG image", ErrProofInvalid)
	}
	if err != nil || cfg.Width <= 0 || cfg.Height <= 0 || cfg.Width > ProofMaxSide || cfg.Height > ProofMaxSide || cfg.Width*cfg.Height > ProofMaxPixels {
		return nil, "", fmt.Errorf("%w: unreadable header or dimensions beyond the limits", ErrProofInvalid)
	}
	var img image.Image
	var out bytes.Buffer
	if contentType == "image/png" {
		if img, err = png.Decode(bytes.NewReader(raw)); err == nil {
			err = png.Encode(&out, img)
		}
	} else {
		if img, err = jpeg.Decode(bytes.NewReader(raw)); err == nil {
			err = jpeg.Encode(&out, img, &jpeg.Options{Quality: 90})
		}
	}
	if err != nil {
		return nil, "", fmt.Errorf("%w: unreadable image data", ErrProofInvalid)
	}
	return out.Bytes(), contentType, nil
}

// Store keeps uploaded files by key. A folder on the local disk is one
// implementation (DirStore); an S3-compatible store is the other a
// deployment of several machines needs.
type Store interface {
	Put(ctx context.Context, key string, data []byte) error
	Get(ctx context.Context, key string) ([]byte, error)
}

// DirStore keeps files under a folder (PORTAL_DATA/uploads).
type DirStore struct{ Dir string }

func (d DirStore) path(key string) (string, error) {
	clean := filepath.Clean(filepath.FromSlash(key))
	if key == "" || filepath.IsAbs(clean) || strings.HasPrefix(clean, "..") {
		return "", fmt.Errorf("cashier: bad store key %q", key)
	}
	return filepath.Join(d.Dir, clean), nil
}

// Put writes data under key (through a temporary file, so a reader never
// sees half of it).
func (d DirStore) Put(_ context.Context, key string, data []byte) error {
	p, err := d.path(key)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(p), 0o750); err != nil {
		return fmt.Errorf("cashier: store: %w", err)
	}
	tmp := p + ".tmp"
	if err := os.WriteFile(tmp, data, 0o640); err != nil {
		return fmt.Errorf("cashier: store: %w", err)
	}
	if err := os.Rename(tmp, p); err != nil {
		return fmt.Errorf("cashier: store: %w", err)
	}
	return nil
}

// Get reads key; a missing file is ErrNotFound.
func (d DirStore) Get(_ context.Context, key string) ([]byte, error) {
	p, err := d.path(key)
	if err != nil {
		return nil, err
	}
	data, err := os.ReadFile(p)
	if errors.Is(err, os.ErrNotExist) {
		return nil, ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("cashier: store: %w", err)
	}
	return data, nil
}

// storeProof keeps a cleaned proof of order o under a key no one can
// guess from outside (merchant, order, a hash of the bytes).
func (s *Service) storeProof(ctx context.Context, o Order, data []byte, contentType string) (string, error) {
	if s.store == nil {
		return "", fmt.Errorf("cashier: no proof store")
	}
	sum := sha256.Sum256(data)
	ext := ".png"
	if contentType == "image/jpeg" {
		ext = ".jpg"
	}
	key := "proofs/" + o.Merchant + "/" + strconv.FormatInt(o.ID, 10) + "-" + hex.EncodeToString(sum[:8]) + ext
	if err := s.store.Put(ctx, key, data); err != nil {
		return "", err
	}
	return key, nil
}

// Proof is an order's proof image.
type Proof struct {
	ContentType string
	Data        []byte
	key         string // where the store keeps it (withdrawal proofs)
}

func (s *Service) proofOf(ctx context.Context, o Order) (Proof, error) {
	if o.ProofKey == "" || s.store == nil {
		return Proof{}, ErrNotFound
	}
	data, err := s.store.Get(ctx, o.ProofKey)
	if err != nil {
		return Proof{}, err
	}
	return Proof{ContentType: o.ProofType, Data: data}, nil
}

// MemberProof is the proof of the member's own order.
func (s *Service) MemberProof(ctx context.Context, merchantCode string, memberID, orderID int64) (Proof, error) {
	o, err := s.MemberOrder(ctx, merchantCode, memberID, orderID)
	if err != nil {
		return Proof{}, err
	}
	return s.proofOf(ctx, o)
}

// OrderProof is the proof of an order of merchantCode, for finance.
func (s *Service) OrderProof(ctx context.Context, merchantCode string, orderID int64) (Proof, error) {
	o, err := s.order(ctx, merchantCode, orderID)
	if err != nil {
		return Proof{}, err
	}
	return s.proofOf(ctx, o)
}

// Order is an order of merchantCode, for finance.
func (s *Service) Order(ctx context.Context, merchantCode string, id int64) (Order, error) {
	return s.order(ctx, merchantCode, id)
}
