package httpapi

import (
	"context"
	"net/http"
	"strings"

	"github.com/go-chi/chi/v5"

	"portal/internal/merchant"
	"portal/internal/operator"
)

// Access says what a route needs before its handler runs.
type Access int

// Access levels.
const (
	// Public routes need no merchant (health, documents, images).
	Public Access = iota
	// System routes need a merchant and answer even in maintenance or to a
	// blocked region: the startup calls that tell the client about it.
	System
	// Lobby routes need a merchant in normal status: 503 in maintenance,
	// 403 from a blocked region.
	Lobby
	// Admin routes are the back office's (/admin/api, admin.go): no
	// Merchant header needed (a platform operator may send one to name
	// the merchant to act on), the portal_admin cookie session with its
	// CSRF token on every non-GET, the merchant's IP allow-list and the
	// route's Permission; every mutating call and every refusal is
	// audited.
	Admin
)

// Route is one entry of the API's table of contents (routes.go).
type Route struct {
	Method  string
	Path    string
	Summary string
	Tag     string
	Access  Access
	Query   []Param
	// Body and Result are zero values of the request payload and of the
	// answer's value, for the OpenAPI document; nil when there is none.
	Body   any
	Result any
	// Auth marks a (T) route: it needs a live session token.
	Auth bool
	// Encrypted marks an (E) route: its body is encrypted when the
	// merchant has encryption on.
	Encrypted bool
	// DuringPasswordChange lets a (T) route answer while the member must
	// still change a default or expired password; other (T) routes refuse.
	DuringPasswordChange bool
	// RealAccount refuses trial accounts with member.in_need_true_account
	// (decision D-016: a trial account plays, with play money, and does
	// nothing else a real account does). Every (T) route a trial account
	// must not use carries it; TestTrialAccountsRefusedCentrally holds the
	// table to that.
	RealAccount bool
	// AgentOnly refuses members who are not agents with member.not_agent
	// (403): the agent centre's calls (issue 15).
	AgentOnly bool
	// Permission is what an Admin route needs; "" lets any logged-in
	// operator in.
	Permission operator.Permission
	// NoSession opens an Admin route without a session: the log-in steps.
	NoSession bool
	// Errors lists the codes this route answers beyond the common ones.
	Errors []string
	// JSON handles an envelope route: its value is written with 200.
	JSON func(r *http.Request) (any, error)
	// Payload handles an envelope route that reads a body (it needs the
	// writer to bound it); its value is written with 200.
	Payload func(w http.ResponseWriter, r *http.Request) (any, error)
	// Raw handles a route that writes its own answer (images, documents).
	Raw http.HandlerFunc
}

func (s *Server) mount(table []Route) chi.Router {
	r := chi.NewRouter()
	r.Use(s.recoverPanics, s.requestIDs, s.logRequests, s.compressResponses, s.clientAddress)
	if s.Config.Web != nil {
		r.NotFound(s.spaHandler(s.Config.Web))
	} else {
		r.NotFound(func(w http.ResponseWriter, r *http.Request) {
			s.writeError(w, r, newError(http.StatusNotFound, "request.not_found", nil))
		})
	}
	r.MethodNotAllowed(func(w http.ResponseWriter, r *http.Request) {
		s.writeError(w, r, newError(http.StatusMethodNotAllowed, "request.method_not_allowed", nil))
	})
	for _, rt := range table {
		if rt.Access == Admin {
			r.Method(rt.Method, rt.Path, s.adminHandler(rt))
			continue
		}
		r.Method(rt.Method, rt.Path, s.handler(rt))
	}
	return r
}

// handler wraps one route with the checks its declaration asks for.
func (s *Server) handler(rt Route) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx := r.Context()
		if rt.Access != Public {
			m, err := s.resolveMerchant(r)
			if err != nil {
				s.writeError(w, r, err)
				return
			}
			ctx = context.WithValue(ctx, keyMerchant, m)
			ctx = context.WithValue(ctx, keyLanguage, m.PickLanguage(r.URL.Query().Get("language"), r.Header.Get("Accept-Language")))
			r = r.WithContext(ctx)
			if rt.Access == Lobby {
				if err := s.requireOpen(r, m); err != nil {
					s.writeError(w, r, err)
					return
				}
			}
			if rt.Encrypted {
				r = r.WithContext(context.WithValue(r.Context(), keyEncrypted, true))
			}
			if rt.Auth {
				var err error
				if r, err = s.authenticate(r, m, rt.DuringPasswordChange); err != nil {
					s.writeError(w, r, err)
					return
				}
				if rt.RealAccount && memberOf(r.Context()).Type.IsTrial() {
					s.writeError(w, r, newError(http.StatusForbidden, "member.in_need_true_account", nil))
					return
				}
				if rt.AgentOnly && !memberOf(r.Context()).Type.IsAgent() {
					s.writeError(w, r, newError(http.StatusForbidden, "member.not_agent", nil))
					return
				}
			}
		} else {
			ctx = context.WithValue(ctx, keyLanguage, acceptLanguage(r))
			r = r.WithContext(ctx)
		}
		p, err := validateParams(r, rt.Query)
		if err != nil {
			s.writeError(w, r, err)
			return
		}
		r = r.WithContext(context.WithValue(r.Context(), keyParams, p))
		if rt.Raw != nil {
			rt.Raw(w, r)
			return
		}
		var v any
		if rt.Payload != nil {
			v, err = rt.Payload(w, r)
		} else {
			v, err = rt.JSON(r)
		}
		if err != nil {
			s.writeError(w, r, err)
			return
		}
		writeValue(w, http.StatusOK, v)
	})
}

// authenticate puts the member of the request's session token into its
// context, and holds members with a pending password change to the routes
// that let them change it.
func (s *Server) authenticate(r *http.Request, m *merchant.Merchant, duringPasswordChange bool) (*http.Request, error) {
	token := strings.TrimSpace(strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer "))
	member, err := s.Identity.Authenticate(r.Context(), m.Code, token)
	if err != nil {
		return r, err
	}
	ctx := context.WithValue(context.WithValue(r.Context(), keyMember, member), keyToken, token)
	r = r.WithContext(ctx)
	if !duringPasswordChange && s.passwordChangeForced(member, m, token) {
		return r, newError(http.StatusForbidden, "member.password_change_required", nil)
	}
	return r, nil
}

func (s *Server) resolveMerchant(r *http.Request) (*merchant.Merchant, error) {
	code := r.Header.Get("Merchant")
	if code == "" || len(code) > 64 {
		return nil, merchant.ErrUnknownMerchant
	}
	return s.Merchants.Lookup(r.Context(), code)
}

func (s *Server) requireOpen(r *http.Request, m *merchant.Merchant) error {
	st, err := s.Merchants.Status(r.Context(), m, clientIPOf(r.Context()))
	if err != nil {
		return err
	}
	switch st.Status {
	case merchant.StatusMaintenance:
		return newError(http.StatusServiceUnavailable, "system.maintenance", st)
	case merchant.StatusRegionRestricted:
		return newError(http.StatusForbidden, "system.region_restricted", st)
	}
	return nil
}

// acceptLanguage picks EN, KM or CN for answers that have no merchant.
func acceptLanguage(r *http.Request) string {
	if l := merchant.NormalizeLanguage(r.URL.Query().Get("language")); l != "" {
		return l
	}
	for _, part := range strings.Split(r.Header.Get("Accept-Language"), ",") {
		tag, _, _ := strings.Cut(part, ";")
		if c := merchant.NormalizeLanguage(tag); c != "" {
			return c
		}
	}
	return "EN"
}
