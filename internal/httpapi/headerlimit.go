package httpapi

import (
	"bytes"
	"encoding/json"
	"io"
	"net"
	"strconv"
	"sync"
)

// MaxHeaderBytes bounds a request's line and headers (http.Server's
// MaxHeaderBytes; Go reads up to 4 KiB past it before it refuses).
const MaxHeaderBytes = 64 << 10

// Go's server answers a request whose headers are too large itself, before
// any handler runs, with a plain-text 431 written straight to the
// connection: these exact bytes (net/http, conn.serve). No handler or
// middleware can change that answer, so the connection can: Listener
// replaces them with the envelope.
var plainHeaderTooLarge = []byte("HTTP/1.1 431 Request Header Fields Too Large\r\n" +
	"Content-Type: text/plain; charset=utf-8\r\nConnection: close\r\n\r\n" +
	"431 Request Header Fields Too Large")

// headerTooLarge is the envelope's 431, in English: the request's language
// is in the headers that were not read.
var headerTooLarge = sync.OnceValue(func() []byte {
	body, _ := json.Marshal(envelope{Code: "request.header_too_large", Message: message("request.header_too_large", "EN")})
	return []byte("HTTP/1.1 431 Request Header Fields Too Large\r\n" +
		"Content-Type: application/json; charset=utf-8\r\nX-Content-Type-Options: nosniff\r\n" +
		"Content-Length: " + strconv.Itoa(len(body)) + "\r\nConnection: close\r\n\r\n" + string(body))
})

// Listener wraps the server's listener so that a request with oversized
// headers is answered 431 in the envelope (request.header_too_large), like
// every other refusal, instead of Go's plain text. Serve the API on it
// with http.Server.MaxHeaderBytes = MaxHeaderBytes.
func Listener(ln net.Listener) net.Listener { return envelopeListener{ln} }

type envelopeListener struct{ net.Listener }

func (l envelopeListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return envelopeConn{c}, nil
}

// envelopeConn passes every write through but Go's own 431, which it
// replaces. Go writes that answer in one call, and a handler's answer never
// equals it: Go would add a Date header to it.
type envelopeConn struct{ net.Conn }

func (c envelopeConn) Write(b []byte) (int, error) {
	if len(b) == len(plainHeaderTooLarge) && bytes.Equal(b, plainHeaderTooLarge) {
		if _, err := c.Conn.Write(headerTooLarge()); err != nil {
			return 0, err
		}
		return len(b), nil
	}
	return c.Conn.Write(b)
}

// ReadFrom keeps the connection's own copying (sendfile) for bodies that
// Go copies from a file.
func (c envelopeConn) ReadFrom(r io.Reader) (int64, error) { return io.Copy(c.Conn, r) }
