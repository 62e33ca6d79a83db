package httpapi

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
)

// maxBody bounds every request body; larger bodies answer 413.
const maxBody = 1 << 20

// decodeJSON reads one JSON object into dst, refusing unknown fields, trailing
// data and oversized bodies with a clear 400/413.
func decodeJSON(w http.ResponseWriter, r *http.Request, dst any) error {
	return decodeJSONFrom(http.MaxBytesReader(w, r.Body, maxBody), dst)
}

// decodeBody reads a route's payload: on an (E) route of a merchant with
// encryption on, the body is opened first (api-conventions.md), and a body
// that does not open is a 400, never a 500.
func (s *Server) decodeBody(w http.ResponseWriter, r *http.Request, dst any) error {
	ctx := r.Context()
	m := merchantOf(ctx)
	if encrypted, _ := ctx.Value(keyEncrypted).(bool); !encrypted || m == nil || !m.Encryption {
		return decodeJSON(w, r, dst)
	}
	raw, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
	if err != nil {
		return bodyError(err)
	}
	plain, err := s.Merchant.OpenPayload(ctx, m.Code, r.Header.Get("Encryption"), raw)
	if err != nil {
		return err
	}
	return decodeJSONFrom(bytes.NewReader(plain), dst)
}

func decodeJSONFrom(body io.Reader, dst any) error {
	dec := json.NewDecoder(body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(dst); err != nil {
		return bodyError(err)
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return newError(http.StatusBadRequest, "request.invalid_body", fieldError{Field: "", Reason: "trailing data after the JSON value"})
	}
	return nil
}

func bodyError(err error) error {
	var tooLarge *http.MaxBytesError
	var syntax *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case errors.As(err, &tooLarge):
		return newError(http.StatusRequestEntityTooLarge, "request.too_large", nil)
	case errors.As(err, &typ):
		return newError(http.StatusBadRequest, "request.invalid_body", fieldError{Field: typ.Field, Reason: "wrong type"})
	case errors.As(err, &syntax), errors.Is(err, io.ErrUnexpectedEOF), errors.Is(err, io.EOF):
		return newError(http.StatusBadRequest, "request.invalid_body", fieldError{Reason: "not valid JSON"})
	default:
		return newError(http.StatusBadRequest, "request.invalid_body", fieldError{Reason: "not valid JSON"})
	}
}
