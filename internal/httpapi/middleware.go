package httpapi

import (
	"bufio"
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"runtime/debug"
	"time"
)

// recoverPanics turns a panic into a logged system.error answer: the client
// sees the envelope and the request id, never a stack trace.
func (s *Server) recoverPanics(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if p := recover(); p != nil {
				if p == http.ErrAbortHandler {
					panic(p)
				}
				s.log.ErrorContext(r.Context(), "panic", "panic", p, "request_id", requestID(r.Context()), "stack", string(debug.Stack()))
				s.writeError(w, r, newError(http.StatusInternalServerError, "system.error", nil))
			}
		}()
		next.ServeHTTP(w, r)
	})
}

// requestIDs gives every request an id, echoed in X-Request-Id and logs.
func (s *Server) requestIDs(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var b [8]byte
		_, _ = rand.Read(b[:])
		id := hex.EncodeToString(b[:])
		w.Header().Set("X-Request-Id", id)
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), keyRequestID, id)))
	})
}

type statusRecorder struct {
	http.ResponseWriter
	status int
	bytes  int
}

// Unwrap lets http.ResponseController reach the connection beneath (the
// websocket upgrade hijacks it).
func (rec *statusRecorder) Unwrap() http.ResponseWriter { return rec.ResponseWriter }

// Hijack hands the connection to a websocket; the answer is then 101.
func (rec *statusRecorder) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	hj, ok := rec.ResponseWriter.(http.Hijacker)
	if !ok {
		return nil, nil, fmt.Errorf("httpapi: %T cannot hijack", rec.ResponseWriter)
	}
	if rec.status == 0 {
		rec.status = http.StatusSwitchingProtocols
	}
	return hj.Hijack()
}

func (rec *statusRecorder) WriteHeader(code int) {
	if rec.status == 0 {
		rec.status = code
	}
	rec.ResponseWriter.WriteHeader(code)
}

func (rec *statusRecorder) Write(b []byte) (int, error) {
	if rec.status == 0 {
		rec.status = http.StatusOK
	}
	n, err := rec.ResponseWriter.Write(b)
	rec.bytes += n
	return n, err
}

// logRequests writes one line per request at debug level (info for errors).
// The query string is left out: it can carry codes or tokens.
func (s *Server) logRequests(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &statusRecorder{ResponseWriter: w}
		next.ServeHTTP(rec, r)
		level := slogLevelFor(rec.status)
		method := r.Method
		if isHead(r.Context()) {
			method = http.MethodHead
		}
		s.log.Log(r.Context(), level, "http",
			"request_id", requestID(r.Context()),
			"method", method, "path", r.URL.Path, "status", rec.status,
			"bytes", rec.bytes, "ms", float64(time.Since(start).Microseconds())/1000,
			"merchant", r.Header.Get("Merchant"))
	})
}

// clientAddress stores the caller's address (see clientIP) in the context.
func (s *Server) clientAddress(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ip := clientIP(r, s.Config.TrustedProxies)
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), keyClientIP, ip)))
	})
}

// slogLevelFor keeps successful requests at debug so production logs carry
// the failures; the handler that failed has already logged any 5xx cause.
func slogLevelFor(status int) slog.Level {
	switch {
	case status >= 500:
		return slog.LevelWarn
	case status >= 400:
		return slog.LevelInfo
	default:
		return slog.LevelDebug
	}
}
