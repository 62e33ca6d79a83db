package httpapi

import (
	"context"
	"net/http"
	"strconv"
)

// headKey marks, in a request's context, a HEAD request answered as a GET.
type headKey struct{}

// serveHead answers a HEAD request as the GET of the same address would be
// answered, headers and all (compression included), without the body: the
// request runs as a GET and what it writes is counted, not sent. Every GET
// route is so answered, and the web app's pages too, with no HEAD line in
// the table.
func (s *Server) serveHead(w http.ResponseWriter, r *http.Request) {
	get := r.WithContext(context.WithValue(r.Context(), headKey{}, true))
	get.Method = http.MethodGet
	hw := &headWriter{ResponseWriter: w}
	s.router.ServeHTTP(hw, get)
	hw.finish()
}

// isHead tells whether the request is a HEAD answered as a GET.
func isHead(ctx context.Context) bool {
	v, _ := ctx.Value(headKey{}).(bool)
	return v
}

// headWriter holds the status until the handler is done, so the length of
// the body it wrote (and did not send) can go out as Content-Length, the
// value a GET would carry.
type headWriter struct {
	http.ResponseWriter
	status int
	n      int64
}

func (h *headWriter) WriteHeader(status int) {
	if h.status == 0 {
		h.status = status
	}
}

func (h *headWriter) Write(b []byte) (int, error) {
	if h.status == 0 {
		h.status = http.StatusOK
	}
	h.n += int64(len(b))
	return len(b), nil
}

func (h *headWriter) finish() {
	if h.status == 0 {
		h.status = http.StatusOK
	}
	bodied := h.status >= 200 && h.status != http.StatusNoContent && h.status != http.StatusNotModified
	if bodied && h.Header().Get("Content-Length") == "" {
		h.Header().Set("Content-Length", strconv.FormatInt(h.n, 10))
	}
	h.ResponseWriter.WriteHeader(h.status)
}
