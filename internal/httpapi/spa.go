package httpapi

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io/fs"
	"mime"
	"net/http"
	"path"
	"regexp"
	"strings"
	"sync"
)

// merchantCodePattern is what a merchant code may look like where it is
// written into HTML.
var merchantCodePattern = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)

// apiPrefixes never fall back to the web app: an unknown API path is a 404
// envelope, not an HTML page.
var apiPrefixes = []string{"/admin/api/", "/wps/", "/lgw/", "/lotto/", "/vendor/", "/inhouse/", "/sim/", "/icons/", "/media/", "/dev/", "/openapi.json", "/healthz"}

// spaHandler serves the built web app from files: a file when the path names
// one, else the page of the app the path belongs to, so that history routes
// load it and it routes on the client: admin.html (the back office, a second
// entry whose code the player page never loads) for /admin and /admin/...,
// index.html (the player site) for everything else (/member, /provider?...).
func (s *Server) spaHandler(files fs.FS) http.HandlerFunc {
	fileServer := http.FileServerFS(files)
	zipped := &gzipCache{files: files}
	return func(w http.ResponseWriter, r *http.Request) {
		p := r.URL.Path
		for _, prefix := range apiPrefixes {
			if strings.HasPrefix(p, prefix) || p+"/" == prefix {
				s.writeError(w, r, newError(http.StatusNotFound, "request.not_found", nil))
				return
			}
		}
		if r.Method != http.MethodGet && r.Method != http.MethodHead {
			s.writeError(w, r, newError(http.StatusMethodNotAllowed, "request.method_not_allowed", nil))
			return
		}
		name := strings.TrimPrefix(path.Clean(p), "/")
		if name != "" && name != "index.html" {
			if st, err := fs.Stat(files, name); err == nil && !st.IsDir() {
				if strings.HasPrefix(name, "assets/") {
					// Vite fingerprints everything under assets/.
					w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
				}
				if zipped.serve(w, r, name) {
					return
				}
				fileServer.ServeHTTP(w, r)
				return
			}
		}
		page := "index.html"
		if isAdminPath(p) {
			page = "admin.html"
		}
		index, err := fs.ReadFile(files, page)
		if errors.Is(err, fs.ErrNotExist) || err != nil {
			s.writeError(w, r, newError(http.StatusNotFound, "request.not_found", nil))
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "no-cache")
		if page == "admin.html" {
			// The back office knows its operator's merchant from the session,
			// not from the host.
			_, _ = w.Write(index)
			return
		}
		w.Header().Add("Vary", "Host")
		_, _ = w.Write(s.withMerchant(r, index))
	}
}

// isAdminPath reports whether p is a back-office page: /admin or below it
// (/admin/audit), not a neighbour such as /administrator.
func isAdminPath(p string) bool {
	return p == "/admin" || strings.HasPrefix(p, "/admin/")
}

// gzipCache compresses the app's text files once, on first request: the
// embedded files never change while the process runs, and sending the main
// script uncompressed triples its transfer on a phone.
type gzipCache struct {
	files fs.FS
	mu    sync.Mutex
	done  map[string][]byte
}

var compressible = map[string]bool{".js": true, ".css": true, ".svg": true, ".json": true, ".html": true, ".txt": true}

// serve writes the gzipped file and reports true, or reports false when the
// client or the file does not suit compression.
func (c *gzipCache) serve(w http.ResponseWriter, r *http.Request, name string) bool {
	ext := path.Ext(name)
	if !compressible[ext] || !strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") || r.Header.Get("Range") != "" {
		return false
	}
	body, ok := c.get(name)
	if !ok {
		return false
	}
	w.Header().Set("Content-Type", mime.TypeByExtension(ext))
	w.Header().Set("Content-Encoding", "gzip")
	w.Header().Add("Vary", "Accept-Encoding")
	if r.Method == http.MethodHead {
		return true
	}
	_, _ = w.Write(body)
	return true
}

func (c *gzipCache) get(name string) ([]byte, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if b, ok := c.done[name]; ok {
		return b, true
	}
	raw, err := fs.ReadFile(c.files, name)
	if err != nil {
		return nil, false
	}
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if _, err := zw.Write(raw); err != nil || zw.Close() != nil {
		return nil, false
	}
	if c.done == nil {
		c.done = map[string][]byte{}
	}
	c.done[name] = buf.Bytes()
	return c.done[name], true
}

// withMerchant tells the page whose site it is: the merchant owning the
// request's host (a main or mirror domain) goes into a meta tag the web app
// reads before its first call. A host no merchant owns gets the page as it
// is, and the app falls back to what it stored or the demo merchant.
func (s *Server) withMerchant(r *http.Request, index []byte) []byte {
	if s.Merchant == nil {
		return index
	}
	code, err := s.Merchant.ByDomain(r.Context(), r.Host)
	if err != nil || !merchantCodePattern.MatchString(code) {
		return index
	}
	tag := []byte(`<meta name="portal-merchant" content="` + code + `" />` + "\n  </head>")
	return bytes.Replace(index, []byte("</head>"), tag, 1)
}
