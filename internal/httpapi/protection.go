package httpapi

import (
	"context"
	"errors"
	"net/http"
	"time"

	"portal/internal/database"
	"portal/internal/protection"
	"portal/internal/provider"
)

// Player protection (issue 14 item 9, decision 0032): the member's own
// limits, cooling-off and self-exclusion, the reality check's figures, and
// the back office's read-only view. Amounts are minor units, as the
// cashier's are. Operators cannot raise (or set) a member's limits: there
// is no such route.

type (
	// protectionView is what the member centre's section shows.
	protectionView struct {
		protection.Limits
		Usage    protection.Usage `json:"usage"`
		Currency string           `json:"currency"`
		Decimals int              `json:"decimals"`
		// RaiseDelayHours is how long a raise or a removal waits.
		RaiseDelayHours int `json:"raiseDelayHours"`
	}
	// limitChange sets one limit; value 0 removes it (after the wait).
	limitChange struct {
		Kind  string `json:"kind"`
		Value int64  `json:"value"`
	}
	// exclusionRequest starts a cooling-off (24h, 7d, 30d) or a
	// self-exclusion (6m, 1y, permanent).
	exclusionRequest struct {
		Period string `json:"period"`
	}
	// playerProtection is the back office's view of a player's limits.
	playerProtection struct {
		protectionView
		History []protection.Change `json:"history"`
	}
)

var errProtectionOff = newError(http.StatusNotFound, "request.not_found", nil)

// protectionParams are the reality check's.
var protectionRealityParams = []Param{{Name: "since", Type: TypeString, Required: true, MaxLen: 40,
	Description: "RFC 3339: the start of the member's session on this device, at most 24 hours back"}}

func (s *Server) protectionOf(r *http.Request, memberID int64) (protectionView, error) {
	ctx := r.Context()
	mer := merchantOf(ctx)
	l, err := s.Protection.Get(ctx, memberID)
	if err != nil {
		return protectionView{}, err
	}
	u, err := s.Protection.Usage(ctx, mer.Code, memberID)
	if err != nil {
		return protectionView{}, err
	}
	return protectionView{Limits: l, Usage: u, Currency: mer.Currency, Decimals: mer.Decimals,
		RaiseDelayHours: int(protection.RaiseDelay / time.Hour)}, nil
}

func (s *Server) memberProtection(r *http.Request) (any, error) {
	if s.Protection == nil {
		return nil, errProtectionOff
	}
	return s.protectionOf(r, memberOf(r.Context()).ID)
}

func (s *Server) setMemberLimit(w http.ResponseWriter, r *http.Request) (any, error) {
	if s.Protection == nil {
		return nil, errProtectionOff
	}
	var req limitChange
	if err := decodeJSON(w, r, &req); err != nil {
		return nil, err
	}
	ctx := r.Context()
	m := memberOf(ctx)
	if _, err := s.Protection.Set(ctx, m.MerchantCode, m.ID, req.Kind, req.Value, "member"); err != nil {
		return nil, err
	}
	return s.protectionOf(r, m.ID)
}

func (s *Server) excludeMember(w http.ResponseWriter, r *http.Request) (any, error) {
	if s.Protection == nil {
		return nil, errProtectionOff
	}
	var req exclusionRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return nil, err
	}
	ctx := r.Context()
	m := memberOf(ctx)
	if _, err := s.Protection.Exclude(ctx, m.MerchantCode, m.ID, req.Period, "member"); err != nil {
		return nil, err
	}
	return s.protectionOf(r, m.ID)
}

func (s *Server) realityCheck(r *http.Request) (any, error) {
	if s.Protection == nil {
		return nil, errProtectionOff
	}
	ctx := r.Context()
	since, err := time.Parse(time.RFC3339, paramsOf(ctx).String("since"))
	if err != nil {
		return nil, badParam("since", "an RFC 3339 time within the last 24 hours")
	}
	rc, err := s.Protection.RealitySince(ctx, memberOf(ctx).ID, since)
	if errors.Is(err, protection.ErrLimitInvalid) {
		return nil, badParam("since", "an RFC 3339 time within the last 24 hours")
	}
	return rc, err
}

// adminPlayerProtection is a player's limits, usage and history, read
// only: another merchant's player is 404 (targetPlayer).
func (s *Server) adminPlayerProtection(r *http.Request) (any, error) {
	if s.Protection == nil {
		return nil, errProtectionOff
	}
	mer, m, err := s.targetPlayer(r)
	if err != nil {
		return nil, err
	}
	ctx := r.Context()
	l, err := s.Protection.Get(ctx, m.ID)
	if err != nil {
		return nil, err
	}
	u, err := s.Protection.Usage(ctx, mer.Code, m.ID)
	if err != nil {
		return nil, err
	}
	h, err := s.Protection.History(ctx, m.ID)
	if err != nil {
		return nil, err
	}
	return playerProtection{protectionView: protectionView{Limits: l, Usage: u, Currency: mer.Currency, Decimals: mer.Decimals,
		RaiseDelayHours: int(protection.RaiseDelay / time.Hour)}, History: h}, nil
}

// StakeGuard hands player protection's stake check to the seamless wallet
// in the wallet's own statuses (neither domain knows the other; this is
// where errors become answers): nil, after the protection cache's
// in-memory lookup, for a member without limits.
func StakeGuard(guard *protection.Service) func(ctx context.Context, merchantCode string, memberID int64) provider.StakeCheck {
	return func(ctx context.Context, merchantCode string, memberID int64) provider.StakeCheck {
		check := guard.Stake(ctx, merchantCode, memberID)
		if check == nil {
			return nil
		}
		return func(ctx context.Context, q database.Querier, amount int64) (provider.Status, error) {
			err := check(ctx, q, amount)
			switch {
			case err == nil:
				return provider.StatusOK, nil
			case errors.Is(err, protection.ErrLossLimit):
				return provider.StatusLossLimit, nil
			case errors.Is(err, protection.ErrExcluded):
				return provider.StatusPlayerExcluded, nil
			case errors.Is(err, protection.ErrSessionLimit):
				return provider.StatusSessionLimit, nil
			}
			return "", err
		}
	}
}
