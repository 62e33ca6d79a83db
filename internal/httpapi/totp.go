package httpapi

import (
	"net/http"
	"strings"
)

// totpState tells whether the member's authenticator is in force.
type totpState struct {
	Enabled bool `json:"enabled"`
}

// totpCode is a six-digit code from the authenticator app.
type totpCode struct {
	Code string `json:"code"`
}

func (s *Server) totpState(r *http.Request) (any, error) {
	on, err := s.Identity.TOTPEnabled(r.Context(), memberOf(r.Context()).ID)
	return totpState{Enabled: on}, err
}

func (s *Server) totpSetup(r *http.Request) (any, error) {
	ctx := r.Context()
	m := memberOf(ctx)
	return s.Identity.StartTOTP(ctx, m.ID, merchantOf(ctx).Name, m.Username)
}

func (s *Server) totpEnable(w http.ResponseWriter, r *http.Request) (any, error) {
	var req totpCode
	if err := decodeJSON(w, r, &req); err != nil {
		return nil, err
	}
	if err := s.Identity.EnableTOTP(r.Context(), memberOf(r.Context()).ID, strings.TrimSpace(req.Code)); err != nil {
		return nil, confirmation(err)
	}
	return totpState{Enabled: true}, nil
}

func (s *Server) totpDisable(w http.ResponseWriter, r *http.Request) (any, error) {
	var req totpCode
	if err := decodeJSON(w, r, &req); err != nil {
		return nil, err
	}
	if err := s.Identity.DisableTOTP(r.Context(), memberOf(r.Context()).ID, strings.TrimSpace(req.Code)); err != nil {
		return nil, confirmation(err)
	}
	return totpState{Enabled: false}, nil
}
