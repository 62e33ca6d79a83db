package httpapi

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"slices"

	"github.com/go-chi/chi/v5"

	"portal/internal/provider"
)

// vendorWallet is the seamless-wallet API vendors call
// (docs/provider-api.md). It answers in the contract's own shape, not the
// envelope: vendors read status, balance, currency and transactionId. Every
// contract answer is 200 but ERROR, which is 503 so the vendor retries.
func (s *Server) vendorWallet(w http.ResponseWriter, r *http.Request) {
	op := chi.URLParam(r, "op")
	if !slices.Contains(provider.Ops, op) {
		writeContract(w, http.StatusNotFound, provider.Answer{Status: provider.StatusBadRequest, Message: "unknown operation; use balance, bet, win or rollback"})
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, provider.MaxBody))
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		writeContract(w, http.StatusRequestEntityTooLarge, provider.Answer{Status: provider.StatusBadRequest, Message: "body too large"})
		return
	}
	if err != nil {
		writeContract(w, http.StatusBadRequest, provider.Answer{Status: provider.StatusBadRequest, Message: "body unreadable"})
		return
	}
	a := s.Games.Handle(r.Context(), chi.URLParam(r, "code"), op, body, r.Header.Get("X-Signature"))
	status := http.StatusOK
	if a.Status == provider.StatusError {
		status = http.StatusServiceUnavailable
	}
	writeContract(w, status, a)
}

func writeContract(w http.ResponseWriter, status int, a provider.Answer) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(a)
}
