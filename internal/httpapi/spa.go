package httpapi

import (
	"errors"
	"io/fs"
	"net/http"
	"path"
	"strings"
)

// apiPrefixes never fall back to the web app: an unknown API path is a 404
// envelope, not an HTML page.
var apiPrefixes = []string{"/wps/", "/lgw/", "/lotto/", "/vendor/", "/icons/", "/media/", "/dev/", "/openapi.json", "/healthz"}

// spaHandler serves the built web app from files: a file when the path names
// one, else index.html so that history routes (/member, /provider?...) load
// the app, which then routes on the client.
func (s *Server) spaHandler(files fs.FS) http.HandlerFunc {
	fileServer := http.FileServerFS(files)
	return func(w http.ResponseWriter, r *http.Request) {
		p := r.URL.Path
		for _, prefix := range apiPrefixes {
			if strings.HasPrefix(p, prefix) {
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
				fileServer.ServeHTTP(w, r)
				return
			}
		}
		index, err := fs.ReadFile(files, "index.html")
		if errors.Is(err, fs.ErrNotExist) || err != nil {
			s.writeError(w, r, newError(http.StatusNotFound, "request.not_found", nil))
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "no-cache")
		_, _ = w.Write(index)
	}
}
