package merchant

import (
	"bytes"
	"context"
	"crypto/sha256"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"
	"image"
	"image/jpeg"
	"image/png"
	"net/url"
	"regexp"
	"time"

	"portal/internal/database"
)

// Limits of an uploaded banner image. The byte cap bounds the upload; the
// pixel caps bound what decoding may allocate (a 100-byte PNG can claim
// 65535x65535 pixels: 17 GB as RGBA), and are checked from the header
// before any pixel is decoded.
const (
	ImageMaxBytes  = 2 << 20
	ImageMaxSide   = 4096
	ImageMaxPixels = 4096 * 2048
	// imageMaxStored bounds the re-encoded bytes (a noisy picture can grow
	// when written again).
	imageMaxStored = 6 << 20
)

// Errors of the image upload.
var (
	// ErrImageTooLarge is an upload over ImageMaxBytes.
	ErrImageTooLarge = errors.New("merchant: image too large")
	// ErrImageInvalid is an upload that is not a PNG or JPEG the server
	// can decode within the limits; ImageError says why.
	ErrImageInvalid = errors.New("merchant: image invalid")
)

// ImageError says why an upload was refused; it matches ErrImageInvalid.
type ImageError struct{ Reason string }

func (e *ImageError) Error() string { return "merchant: image invalid: " + e.Reason }

// Unwrap makes errors.Is(err, ErrImageInvalid) hold.
func (e *ImageError) Unwrap() error { return ErrImageInvalid }

// Image is a stored banner image's description.
type Image struct {
	File        string `json:"file"`
	URL         string `json:"url"`
	ContentType string `json:"contentType"`
	Width       int    `json:"width"`
	Height      int    `json:"height"`
	Bytes       int    `json:"bytes"`
}

// ImageData is a stored image with its bytes.
type ImageData struct {
	Image
	Data []byte
}

// imageFile is the shape of a stored image's name: the SHA-256 of its
// bytes and the extension of its type.
var imageFile = regexp.MustCompile(`^[0-9a-f]{64}\.(png|jpg)$`)

// ImageURL is where merchant code's image file is served.
func ImageURL(code, file string) string {
	return "/media/images/" + url.PathEscape(code) + "/" + file
}

var (
	pngMagic  = []byte("\x89PNG\r\n\x1a\n")
	jpegMagic = []byte{0xff, 0xd8, 0xff}
)

// CleanImage checks raw by its content alone (a name or a declared type
// says nothing) and writes it again: only a PNG or a JPEG within the
// limits is taken, its header's dimensions are checked before its pixels
// are decoded, and the answer holds only the decoded pixels re-encoded in
// the same format, so metadata, trailing data and anything hidden in
// chunks or comments (a polyglot's second reading) is gone.
func CleanImage(raw []byte) (data []byte, contentType string, w, h int, err error) {
	if len(raw) > ImageMaxBytes {
		return nil, "", 0, 0, ErrImageTooLarge
	}
	var decodeConfig func([]byte) (image.Config, error)
	var decode func([]byte) (image.Image, error)
	switch {
	case bytes.HasPrefix(raw, pngMagic):
		contentType = "image/png"
		decodeConfig = func(b []byte) (image.Config, error) { return png.DecodeConfig(bytes.NewReader(b)) }
		decode = func(b []byte) (image.Image, error) { return png.Decode(bytes.NewReader(b)) }
	case bytes.HasPrefix(raw, jpegMagic):
		contentType = "image/jpeg"
		decodeConfig = func(b []byte) (image.Config, error) { return jpeg.DecodeConfig(bytes.NewReader(b)) }
		decode = func(b []byte) (image.Image, error) { return jpeg.Decode(bytes.NewReader(b)) }
	default:
		return nil, "", 0, 0, &ImageError{Reason: "not a PNG or JPEG image"}
	}
	cfg, err := decodeConfig(raw)
	if err != nil {
		return nil, "", 0, 0, &ImageError{Reason: "unreadable image header"}
	}
	if cfg.Width <= 0 || cfg.Height <= 0 || cfg.Width > ImageMaxSide || cfg.Height > ImageMaxSide || cfg.Width*cfg.Height > ImageMaxPixels {
		return nil, "", 0, 0, &ImageError{Reason: fmt.Sprintf("dimensions %dx%d beyond %dx%d or %d pixels", cfg.Width, cfg.Height, ImageMaxSide, ImageMaxSide, ImageMaxPixels)}
	}
	img, err := decode(raw)
	if err != nil {
		return nil, "", 0, 0, &ImageError{Reason: "unreadable image data"}
	}
	var out bytes.Buffer
	if contentType == "image/png" {
		err = (&png.Encoder{CompressionLevel: png.BestCompression}).Encode(&out, img)
	} else {
		err = jpeg.Encode(&out, img, &jpeg.Options{Quality: 90})
	}
	if err != nil {
		return nil, "", 0, 0, fmt.Errorf("merchant: re-encode image: %w", err)
	}
	if out.Len() > imageMaxStored {
		return nil, "", 0, 0, ErrImageTooLarge
	}
	b := img.Bounds()
	return out.Bytes(), contentType, b.Dx(), b.Dy(), nil
}

// StoreImage cleans raw (CleanImage) and keeps it for merchant code; the
// same picture uploaded twice is one row.
func (s *Service) StoreImage(ctx context.Context, code string, raw []byte) (Image, error) {
	data, ct, w, h, err := CleanImage(raw)
	if err != nil {
		return Image{}, err
	}
	sum := sha256.Sum256(data)
	ext := ".png"
	if ct == "image/jpeg" {
		ext = ".jpg"
	}
	img := Image{File: hex.EncodeToString(sum[:]) + ext, ContentType: ct, Width: w, Height: h, Bytes: len(data)}
	img.URL = ImageURL(code, img.File)
	_, err = s.db.Write().ExecContext(ctx, `INSERT INTO content_images (merchant_code, file, content_type, width, height, data, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (merchant_code, file) DO NOTHING`,
		code, img.File, ct, w, h, data, time.Now().UnixMilli())
	if err != nil {
		return Image{}, fmt.Errorf("merchant: store image: %w", err)
	}
	return img, nil
}

// ImageOf returns merchant code's stored image file, or ErrNotFound.
func (s *Service) ImageOf(ctx context.Context, code, file string) (ImageData, error) {
	if !imageFile.MatchString(file) || len(code) > 64 {
		return ImageData{}, ErrNotFound
	}
	var d ImageData
	err := s.db.Read().QueryRowContext(ctx, `SELECT content_type, width, height, data FROM content_images
		WHERE merchant_code = $1 AND file = $2`, code, file).Scan(&d.ContentType, &d.Width, &d.Height, &d.Data)
	if errors.Is(err, sql.ErrNoRows) {
		return ImageData{}, ErrNotFound
	}
	if err != nil {
		return ImageData{}, fmt.Errorf("merchant: image: %w", err)
	}
	d.File, d.URL, d.Bytes = file, ImageURL(code, file), len(d.Data)
	return d, nil
}

// imageExists reports whether merchant code has stored image file.
func imageExists(ctx context.Context, q database.Querier, code, file string) (bool, error) {
	var n int
	if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM content_images WHERE merchant_code = $1 AND file = $2`, code, file).Scan(&n); err != nil {
		return false, fmt.Errorf("merchant: image exists: %w", err)
	}
	return n > 0, nil
}
