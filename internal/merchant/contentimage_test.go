package merchant

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"image/color"
	"image/gif"
	"image/jpeg"
	"image/png"
	"strings"
	"testing"

	"portal/internal/database"
	"portal/internal/dbtest"
)

func picture(w, h int) *image.NRGBA {
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			img.Set(x, y, color.NRGBA{uint8(x * 7), uint8(y * 5), 120, 255})
		}
	}
	return img
}

func pngBytes(t *testing.T, w, h int) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, picture(w, h)); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func jpegBytes(t *testing.T, w, h int) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := jpeg.Encode(&b, picture(w, h), nil); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// pngChunk is one PNG chunk with its CRC, so a forged file passes the
// decoder's checks and only the limits can refuse it.
func pngChunk(typ string, data []byte) []byte {
	var b bytes.Buffer
	_ = binary.Write(&b, binary.BigEndian, uint32(len(data)))
	b.WriteString(typ)
	b.Write(data)
	_ = binary.Write(&b, binary.BigEndian, crc32.ChecksumIEEE(append([]byte(typ), data...)))
	return b.Bytes()
}

// withChunk puts a chunk right after a PNG's IHDR.
func withChunk(p []byte, chunk []byte) []byte {
	at := 8 + 8 + 13 + 4
	return append(append(append([]byte{}, p[:at]...), chunk...), p[at:]...)
}

// hugeHeader is a PNG that claims w x h pixels and holds almost none: a
// decompression bomb's header.
func hugeHeader(w, h uint32) []byte {
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], w)
	binary.BigEndian.PutUint32(ihdr[4:], h)
	ihdr[8], ihdr[9] = 8, 6 // 8-bit RGBA
	out := append([]byte{}, pngMagic...)
	out = append(out, pngChunk("IHDR", ihdr)...)
	out = append(out, pngChunk("IDAT", []byte{0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01})...)
	return append(out, pngChunk("IEND", nil)...)
}

// withJPEGComment puts a COM segment right after a JPEG's SOI.
func withJPEGComment(j []byte, text string) []byte {
	seg := []byte{0xff, 0xfe, 0, 0}
	binary.BigEndian.PutUint16(seg[2:], uint16(len(text)+2))
	seg = append(seg, text...)
	return append(append(append([]byte{}, j[:2]...), seg...), j[2:]...)
}

// TestCleanImage: what the upload takes, refuses and cleans, judged by
// the bytes alone.
func TestCleanImage(t *testing.T) {
	var gifBuf bytes.Buffer
	if err := gif.Encode(&gifBuf, picture(8, 8), nil); err != nil {
		t.Fatal(err)
	}
	payload := "<script>alert(1)</script><?php system($_GET[0]); ?>"
	good := pngBytes(t, 40, 20)
	tests := []struct {
		name string
		raw  []byte
		want error  // nil: taken
		ct   string // the type kept
	}{
		{"a PNG", good, nil, "image/png"},
		{"a JPEG", jpegBytes(t, 40, 20), nil, "image/jpeg"},
		{"a PNG with trailing junk", append(append([]byte{}, good...), []byte(payload)...), nil, "image/png"},
		{"a PNG/HTML polyglot (text chunk)", withChunk(good, pngChunk("tEXt", []byte("Comment\x00"+payload))), nil, "image/png"},
		{"a PNG/ZIP polyglot (appended archive)", append(append([]byte{}, good...), []byte("PK\x03\x04"+payload+"PK\x05\x06")...), nil, "image/png"},
		{"a JPEG with a script in a comment", withJPEGComment(jpegBytes(t, 16, 16), payload), nil, "image/jpeg"},
		{"a GIF renamed .png", gifBuf.Bytes(), ErrImageInvalid, ""},
		{"an SVG", []byte(`<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>`), ErrImageInvalid, ""},
		{"HTML", []byte("<!doctype html>" + payload), ErrImageInvalid, ""},
		{"empty", nil, ErrImageInvalid, ""},
		{"PNG magic, then garbage", append(append([]byte{}, pngMagic...), bytes.Repeat([]byte{0x41}, 200)...), ErrImageInvalid, ""},
		{"JPEG magic, then garbage", append([]byte{0xff, 0xd8, 0xff, 0xe0}, bytes.Repeat([]byte{0x41}, 200)...), ErrImageInvalid, ""},
		{"a truncated PNG", good[:len(good)/2], ErrImageInvalid, ""},
		{"a header of 65535x65535", hugeHeader(65535, 65535), ErrImageInvalid, ""},
		{"a header of 5000x10", hugeHeader(5000, 10), ErrImageInvalid, ""},
		{"a header of 4096x4096 (too many pixels)", hugeHeader(4096, 4096), ErrImageInvalid, ""},
		{"a header of 0x0", hugeHeader(0, 0), ErrImageInvalid, ""},
		{"over 2 MB", append(append([]byte{}, good...), make([]byte, ImageMaxBytes)...), ErrImageTooLarge, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data, ct, w, h, err := CleanImage(tt.raw)
			if tt.want != nil {
				if !errors.Is(err, tt.want) || data != nil {
					t.Fatalf("err = %v, %d bytes; want %v", err, len(data), tt.want)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if ct != tt.ct || w == 0 || h == 0 {
				t.Fatalf("type %s %dx%d", ct, w, h)
			}
			if bytes.Contains(data, []byte("script")) || bytes.Contains(data, []byte("php")) || bytes.Contains(data, []byte("PK\x03\x04")) {
				t.Fatal("the payload survived re-encoding")
			}
			// What is kept decodes as what it says it is, and nothing else.
			if _, format, err := image.DecodeConfig(bytes.NewReader(data)); err != nil || "image/"+format != ct {
				t.Fatalf("kept bytes: %s %v", format, err)
			}
		})
	}
}

// TestStoreImage: an image is stored once under the hash of its bytes,
// served to its merchant only, and a banner may show only its merchant's.
func TestStoreImage(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		s := seeded(t, db, Options{})
		img, err := s.StoreImage(ctx, "demo", pngBytes(t, 30, 10))
		if err != nil {
			t.Fatal(err)
		}
		again, err := s.StoreImage(ctx, "demo", pngBytes(t, 30, 10))
		if err != nil || again.File != img.File || count(t, db, "content_images") != 1 {
			t.Fatalf("twice: %+v %v (%d rows)", again, err, count(t, db, "content_images"))
		}
		if !strings.HasSuffix(img.File, ".png") || img.URL != "/media/images/demo/"+img.File || img.Width != 30 || img.Height != 10 {
			t.Fatalf("image = %+v", img)
		}
		got, err := s.ImageOf(ctx, "demo", img.File)
		if err != nil || got.ContentType != "image/png" || len(got.Data) != img.Bytes {
			t.Fatalf("served = %+v %v", got.Image, err)
		}
		for _, bad := range [][2]string{{"lucky", img.File}, {"demo", "../" + img.File}, {"demo", strings.ToUpper(img.File)}, {"demo", strings.TrimSuffix(img.File, ".png") + ".svg"}} {
			if _, err := s.ImageOf(ctx, bad[0], bad[1]); !errors.Is(err, ErrNotFound) {
				t.Errorf("%v: %v", bad, err)
			}
		}
		// lucky's banner cannot show demo's image.
		b := Item{Kind: KindBanner, Type: "web-home", Image: img.File, Texts: map[string]Text{"EN": {Title: "Hi"}}}
		if _, err := s.CreateContent(ctx, "lucky", b); !errors.Is(err, ErrContentInvalid) {
			t.Fatalf("another merchant's image: %v", err)
		}
		it, err := s.CreateContent(ctx, "demo", b)
		if err != nil {
			t.Fatal(err)
		}
		banners, err := s.Banners(ctx, "demo", "web-home", "EN")
		if err != nil || banners[len(banners)-1].ID != it.ID || banners[len(banners)-1].URL != img.URL {
			t.Fatalf("banners = %+v %v", banners, err)
		}
	})
}
