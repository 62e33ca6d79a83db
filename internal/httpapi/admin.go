package httpapi

import (
	"context"
	"crypto/subtle"
	"errors"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"

	"portal/internal/merchant"
	"portal/internal/operator"
)

// The back office (/admin/api, decision 0022): its own cookie session with
// a CSRF token, never a player's token; every route names its permission
// in routes.go, and adminHandler below is the one place that checks it,
// scopes the call to a merchant and writes the audit trail.

// adminCookie is the admin session's cookie.
const adminCookie = "portal_admin"

// adminCall is what the wrapper knows of one admin request; the handler
// adds the target and the values before and after for the audit entry.
type adminCall struct {
	session *operator.Session
	// merchant is the merchant the call acts on ("" the platform); all is
	// set for a platform operator who named no merchant (audit reads).
	merchant string
	all      bool
	// operatorID and username name the actor of log-in steps, before a
	// session exists.
	operatorID int64
	username   string
	target     string
	before     any
	after      any
	// replay marks the approved run of a held call (sensitive.go).
	replay bool
}

func adminOf(ctx context.Context) *adminCall {
	a, _ := ctx.Value(keyAdmin).(*adminCall)
	return a
}

// note records the target and the values before and after of a change.
func (a *adminCall) note(target string, before, after any) {
	a.target, a.before, a.after = target, before, after
}

// adminHandler wraps an Admin route: session, IP allow-list, CSRF,
// permission and merchant scope are checked before the handler runs, and
// every mutating call (whatever its outcome) and every refusal (401, 403)
// is appended to the audit trail here, so that no route can forget it.
func (s *Server) adminHandler(rt Route) http.Handler {
	action := operationID(rt)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		a := &adminCall{}
		ctx := context.WithValue(r.Context(), keyLanguage, acceptLanguage(r))
		r = r.WithContext(context.WithValue(ctx, keyAdmin, a))
		err := s.adminAdmit(r, rt, a)
		if err == nil {
			var p params
			if p, err = validateParams(r, rt.Query); err == nil {
				r = r.WithContext(context.WithValue(r.Context(), keyParams, p))
			}
		}
		mutating := rt.Method != http.MethodGet
		if err == nil && mutating {
			// An action the owner marked sensitive waits for a second
			// operator (sensitive.go): 202 and the request, nothing done.
			var held bool
			if held, err = s.heldForApproval(r, rt, a); err == nil && held {
				var ap *operator.Approval
				if ap, err = s.holdForApproval(w, r, rt, a); err == nil {
					s.appendAudit(r, a, action, "held:approval")
					writeJSON(w, http.StatusAccepted, envelope{Success: true, Code: "admin.approval_requested",
						Message: message("admin.approval_requested", languageOf(r.Context())), Value: ap})
					return
				}
			}
		}
		var v any
		if err == nil {
			switch {
			case rt.Raw != nil:
				rt.Raw(w, r)
				return
			case rt.Payload != nil:
				v, err = rt.Payload(w, r)
			default:
				v, err = rt.JSON(r)
			}
		}
		if err != nil {
			ae, _ := answerFor(err)
			if mutating || ae.Status == http.StatusUnauthorized || ae.Status == http.StatusForbidden {
				s.appendAudit(r, a, action, "refused:"+ae.Code)
			}
			s.writeError(w, r, err)
			return
		}
		if mutating {
			s.appendAudit(r, a, action, "ok")
		}
		writeValue(w, http.StatusOK, v)
	})
}

// adminAdmit runs the checks an Admin route declares.
func (s *Server) adminAdmit(r *http.Request, rt Route, a *adminCall) error {
	if s.Operators == nil {
		return newError(http.StatusNotFound, "request.not_found", nil)
	}
	if rt.NoSession {
		return nil
	}
	c, err := r.Cookie(adminCookie)
	if err != nil {
		return operator.ErrNoSession
	}
	sess, err := s.Operators.Authenticate(r.Context(), c.Value)
	if err != nil {
		return err
	}
	a.session, a.merchant = sess, sess.Operator.Merchant
	if ok, err := s.Operators.IPAllowed(r.Context(), sess.Operator.Merchant, clientIPOf(r.Context())); err != nil {
		return err
	} else if !ok {
		return newError(http.StatusForbidden, "admin.ip_not_allowed", nil)
	}
	if rt.Method != http.MethodGet && rt.Method != http.MethodHead {
		got := r.Header.Get("X-CSRF-Token")
		if got == "" || subtle.ConstantTimeCompare([]byte(got), []byte(sess.CSRF)) != 1 {
			return newError(http.StatusForbidden, "admin.csrf", nil)
		}
	}
	if rt.Permission != "" && !slices.Contains(sess.Permissions, rt.Permission) {
		return errAdminForbidden
	}
	// A platform permission's route is the platform's alone, whatever a
	// merchant operator's role holds (operator.PlatformPermissions).
	if operator.PlatformOnly(rt.Permission) && sess.Operator.Merchant != "" {
		return errAdminForbidden
	}
	// The merchant the call acts on: an operator's own; a platform
	// operator's choice in the Merchant header (none: the platform).
	named := r.Header.Get("Merchant")
	switch {
	case sess.Operator.Merchant != "":
		if named != "" && named != sess.Operator.Merchant {
			return errAdminForbidden
		}
	case named != "":
		if len(named) > 64 {
			return merchant.ErrUnknownMerchant
		}
		m, err := s.Merchants.Lookup(r.Context(), named)
		if err != nil {
			return err
		}
		a.merchant = m.Code
	default:
		a.all = true
	}
	return nil
}

var errAdminForbidden = newError(http.StatusForbidden, "admin.forbidden", nil)

// appendAudit writes the call's entry; a failure to write is logged (the
// change it records has happened).
func (s *Server) appendAudit(r *http.Request, a *adminCall, action, outcome string) {
	if s.Operators == nil {
		return
	}
	e := operator.Entry{OperatorID: a.operatorID, Operator: a.username, Merchant: a.merchant, IP: clientIPOf(r.Context()).String(),
		Action: action, Target: a.target, Before: operator.JSONText(a.before), After: operator.JSONText(a.after), Outcome: outcome}
	if a.session != nil {
		e.OperatorID, e.Operator = a.session.Operator.ID, a.session.Operator.Username
	}
	if err := s.Operators.Append(context.WithoutCancel(r.Context()), nil, e); err != nil {
		s.log.ErrorContext(r.Context(), "audit append failed", "err", err, "request_id", requestID(r.Context()), "action", action)
	}
}

// Payloads and answers of the admin routes.
type (
	adminLoginRequest struct {
		Username string `json:"username"`
		Password string `json:"password"`
	}
	adminPasswordRequest struct {
		LoginToken  string `json:"loginToken"`
		NewPassword string `json:"newPassword"`
	}
	adminTOTPRequest struct {
		LoginToken string `json:"loginToken"`
		Code       string `json:"code"`
	}
	// adminMe is the logged-in operator as the back office shows it.
	adminMe struct {
		ID          int64                 `json:"id"`
		Username    string                `json:"username"`
		Merchant    string                `json:"merchant"`
		Role        string                `json:"role"`
		Permissions []operator.Permission `json:"permissions"`
		CSRFToken   string                `json:"csrfToken"`
	}
	adminLoginDone struct {
		Operator  adminMe `json:"operator"`
		CSRFToken string  `json:"csrfToken"`
	}
	adminRoleRequest struct {
		Name        string                `json:"name"`
		Permissions []operator.Permission `json:"permissions"`
	}
	adminOperatorRequest struct {
		Username string `json:"username"`
		Role     string `json:"role"`
	}
	adminOperatorCreated struct {
		Operator        operator.Operator `json:"operator"`
		OneTimePassword string            `json:"oneTimePassword"`
	}
	adminIPAllow struct {
		CIDRs []string `json:"cidrs"`
	}
)

func (s *Server) adminLogin(w http.ResponseWriter, r *http.Request) (any, error) {
	var req adminLoginRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return nil, err
	}
	a := adminOf(r.Context())
	a.username, a.target = operator.NormalizeUsername(req.Username), "operator:"+operator.NormalizeUsername(req.Username)
	o, step, err := s.Operators.Login(r.Context(), req.Username, req.Password, clientIPOf(r.Context()))
	if err != nil {
		return nil, err
	}
	a.operatorID, a.merchant = o.ID, o.Merchant
	return step, nil
}

func (s *Server) adminPassword(w http.ResponseWriter, r *http.Request) (any, error) {
	var req adminPasswordRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return nil, err
	}
	if err := s.stepActor(r, req.LoginToken); err != nil {
		return nil, err
	}
	_, step, err := s.Operators.ChangePassword(r.Context(), req.LoginToken, req.NewPassword)
	return step, err
}

// stepActor names the operator of a log-in step in the audit entry and
// holds them to their merchant's IP allow-list.
func (s *Server) stepActor(r *http.Request, token string) error {
	o, err := s.Operators.OperatorOfStep(r.Context(), token)
	if err != nil {
		return err
	}
	a := adminOf(r.Context())
	a.operatorID, a.username, a.merchant, a.target = o.ID, o.Username, o.Merchant, "operator:"+o.Username
	if ok, err := s.Operators.IPAllowed(r.Context(), o.Merchant, clientIPOf(r.Context())); err != nil {
		return err
	} else if !ok {
		return newError(http.StatusForbidden, "admin.ip_not_allowed", nil)
	}
	return nil
}

func (s *Server) adminTOTP(w http.ResponseWriter, r *http.Request) (any, error) {
	var req adminTOTPRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return nil, err
	}
	if err := s.stepActor(r, req.LoginToken); err != nil {
		return nil, err
	}
	o, start, err := s.Operators.FinishTOTP(r.Context(), req.LoginToken, strings.TrimSpace(req.Code), clientIPOf(r.Context()))
	if err != nil {
		return nil, err
	}
	http.SetCookie(w, &http.Cookie{Name: adminCookie, Value: start.Token, Path: "/admin", HttpOnly: true,
		SameSite: http.SameSiteStrictMode, Secure: r.TLS != nil, MaxAge: int(operator.AbsoluteTimeout / time.Second)})
	perms, err := s.Operators.RolePermissions(r.Context(), o.Merchant, o.Role)
	if err != nil && !errors.Is(err, operator.ErrUnknownRole) {
		return nil, err
	}
	me := meOf(&operator.Session{Operator: o, CSRF: start.CSRF, Permissions: perms})
	return adminLoginDone{Operator: me, CSRFToken: start.CSRF}, nil
}

func meOf(sess *operator.Session) adminMe {
	perms := sess.Permissions
	if perms == nil {
		perms = []operator.Permission{}
	}
	o := sess.Operator
	return adminMe{ID: o.ID, Username: o.Username, Merchant: o.Merchant, Role: o.Role, Permissions: perms, CSRFToken: sess.CSRF}
}

func (s *Server) adminLogout(w http.ResponseWriter, r *http.Request) (any, error) {
	c, _ := r.Cookie(adminCookie)
	a := adminOf(r.Context())
	a.target = "operator:" + a.session.Operator.Username
	if err := s.Operators.Logout(r.Context(), c.Value); err != nil {
		return nil, err
	}
	http.SetCookie(w, &http.Cookie{Name: adminCookie, Value: "", Path: "/admin", HttpOnly: true, SameSite: http.SameSiteStrictMode,
		Secure: r.TLS != nil, MaxAge: -1})
	return nil, nil
}

func (s *Server) adminMeRoute(r *http.Request) (any, error) {
	return meOf(adminOf(r.Context()).session), nil
}

func (s *Server) adminPermissions(r *http.Request) (any, error) {
	return operator.Permissions, nil
}

func (s *Server) adminRoles(r *http.Request) (any, error) {
	return s.Operators.Roles(r.Context(), adminOf(r.Context()).merchant)
}

func (s *Server) adminCreateRole(w http.ResponseWriter, r *http.Request) (any, error) {
	return s.saveRole(w, r, true)
}

func (s *Server) adminUpdateRole(w http.ResponseWriter, r *http.Request) (any, error) {
	return s.saveRole(w, r, false)
}

func (s *Server) saveRole(w http.ResponseWriter, r *http.Request, create bool) (any, error) {
	var req adminRoleRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return nil, err
	}
	a := adminOf(r.Context())
	if !create {
		req.Name = chi.URLParam(r, "name")
	}
	a.target = "role:" + req.Name
	if req.Permissions == nil {
		req.Permissions = []operator.Permission{}
	}
	for _, p := range req.Permissions {
		if !operator.Known(p) {
			return nil, operator.ErrUnknownPerm
		}
	}
	if !operator.Covers(a.session.Permissions, req.Permissions) {
		return nil, operator.ErrAboveOwn
	}
	before, err := s.Operators.SaveRole(r.Context(), a.merchant, req.Name, req.Permissions, create)
	if err != nil {
		return nil, err
	}
	after, err := s.Operators.RolePermissions(r.Context(), a.merchant, req.Name)
	if err != nil {
		return nil, err
	}
	role := operator.Role{Name: req.Name, Permissions: after}
	if before != nil {
		a.note(a.target, before, role)
	} else {
		a.note(a.target, nil, role)
	}
	return role, nil
}

func (s *Server) adminOperators(r *http.Request) (any, error) {
	return s.Operators.List(r.Context(), adminOf(r.Context()).merchant)
}

// withinOwn refuses a role whose permissions pass the acting operator's.
func (s *Server) withinOwn(r *http.Request, role string) error {
	a := adminOf(r.Context())
	perms, err := s.Operators.RolePermissions(r.Context(), a.merchant, role)
	if err != nil {
		return err
	}
	if !operator.Covers(a.session.Permissions, perms) {
		return operator.ErrAboveOwn
	}
	return nil
}

func (s *Server) adminCreateOperator(w http.ResponseWriter, r *http.Request) (any, error) {
	var req adminOperatorRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return nil, err
	}
	a := adminOf(r.Context())
	a.target = "operator:" + operator.NormalizeUsername(req.Username)
	if err := s.withinOwn(r, req.Role); err != nil {
		return nil, err
	}
	o, password, err := s.Operators.Create(r.Context(), s.Operators.Writer(), a.merchant, req.Username, req.Role)
	if err != nil {
		return nil, err
	}
	a.note(a.target, nil, o)
	return adminOperatorCreated{Operator: *o, OneTimePassword: password}, nil
}

// targetOperator is the operator {id} of the call's merchant, which must
// not stand above the acting operator.
func (s *Server) targetOperator(r *http.Request) (*operator.Operator, error) {
	a := adminOf(r.Context())
	id, err := strconv.ParseInt(chi.URLParam(r, "id"), 10, 64)
	if err != nil {
		return nil, operator.ErrNotFound
	}
	a.target = "operator:" + strconv.FormatInt(id, 10)
	o, err := s.Operators.ByID(r.Context(), id)
	if err != nil || o.Merchant != a.merchant {
		return nil, operator.ErrNotFound
	}
	a.target = "operator:" + o.Username
	if err := s.withinOwn(r, o.Role); err != nil && !errors.Is(err, operator.ErrUnknownRole) {
		return nil, err
	}
	return o, nil
}

func (s *Server) adminUpdateOperator(w http.ResponseWriter, r *http.Request) (any, error) {
	var req operator.Change
	if err := decodeJSON(w, r, &req); err != nil {
		return nil, err
	}
	o, err := s.targetOperator(r)
	if err != nil {
		return nil, err
	}
	if req.Role != nil {
		if err := s.withinOwn(r, *req.Role); err != nil {
			return nil, err
		}
	}
	a := adminOf(r.Context())
	before, after, err := s.Operators.Update(r.Context(), a.merchant, o.ID, req)
	if err != nil {
		return nil, err
	}
	a.note(a.target, before, after)
	return after, nil
}

func (s *Server) adminResetTOTP(w http.ResponseWriter, r *http.Request) (any, error) {
	o, err := s.targetOperator(r)
	if err != nil {
		return nil, err
	}
	a := adminOf(r.Context())
	after, err := s.Operators.ResetTOTP(r.Context(), a.merchant, o.ID)
	if err != nil {
		return nil, err
	}
	a.note(a.target, map[string]bool{"totpEnabled": o.TOTPEnabled}, map[string]bool{"totpEnabled": false})
	return after, nil
}

// auditParams are the audit trail's filters.
var auditParams = []Param{
	{Name: "operator", Type: TypeString, MaxLen: 64, Description: "Operator username"},
	{Name: "action", Type: TypeString, MaxLen: 100, Description: "Action (the route's operation id)"},
	{Name: "outcome", Type: TypeString, MaxLen: 100, Description: "ok, refused (any refusal) or an exact outcome such as refused:admin.forbidden"},
	{Name: "from", Type: TypeString, MaxLen: 40, Description: "From this time, RFC 3339"},
	{Name: "to", Type: TypeString, MaxLen: 40, Description: "Up to this time, RFC 3339"},
	{Name: "sort", Type: TypeString, Enum: []string{"time"}, Description: "The column to sort by (time only)"},
	{Name: "order", Type: TypeString, Enum: []string{"asc", "desc"}, Description: "asc lists the oldest first; desc (the default) the newest"},
}

func auditFilter(r *http.Request) (operator.AuditFilter, error) {
	a, p := adminOf(r.Context()), paramsOf(r.Context())
	f := operator.AuditFilter{Merchant: a.merchant, AllMerchants: a.all, Operator: p.String("operator"), Action: p.String("action"), Outcome: p.String("outcome"),
		Oldest: p.String("order") == "asc"}
	for name, dst := range map[string]*time.Time{"from": &f.From, "to": &f.To} {
		if v := p.String(name); v != "" {
			t, err := time.Parse(time.RFC3339, v)
			if err != nil {
				return f, badParam(name, "RFC 3339 time")
			}
			*dst = t
		}
	}
	return f, nil
}

func (s *Server) adminAudit(r *http.Request) (any, error) {
	f, err := auditFilter(r)
	if err != nil {
		return nil, err
	}
	p := paramsOf(r.Context())
	num, size := p.Int("pageNum"), p.Int("pageSize")
	entries, total, err := s.Operators.Audit(r.Context(), f, num, size)
	if err != nil {
		return nil, err
	}
	return newPage(entries, num, size, total), nil
}

func (s *Server) adminAuditCSV(w http.ResponseWriter, r *http.Request) {
	f, err := auditFilter(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="audit.csv"`)
	w.Header().Set("X-Content-Type-Options", "nosniff")
	if err := s.Operators.ExportCSV(r.Context(), f, w); err != nil {
		s.log.ErrorContext(r.Context(), "audit export failed", "err", err, "request_id", requestID(r.Context()))
	}
}

func (s *Server) adminIPAllow(r *http.Request) (any, error) {
	list, err := s.Operators.IPAllow(r.Context(), adminOf(r.Context()).merchant)
	return adminIPAllow{CIDRs: list}, err
}

func (s *Server) adminSetIPAllow(w http.ResponseWriter, r *http.Request) (any, error) {
	var req adminIPAllow
	if err := decodeJSON(w, r, &req); err != nil {
		return nil, err
	}
	a := adminOf(r.Context())
	a.target = "merchant:" + a.merchant
	before, err := s.Operators.IPAllow(r.Context(), a.merchant)
	if err != nil {
		return nil, err
	}
	// A merchant's own operator may not shut themselves out: the list
	// holds for them at once, on this very session.
	clean, err := operator.CleanCIDRs(req.CIDRs)
	if err != nil {
		return nil, err
	}
	if a.session.Operator.Merchant == a.merchant && !operator.Admits(clean, clientIPOf(r.Context())) {
		return nil, operator.ErrLocksOut
	}
	after, err := s.Operators.SetIPAllow(r.Context(), a.merchant, req.CIDRs)
	if err != nil {
		return nil, err
	}
	a.note(a.target, adminIPAllow{CIDRs: before}, adminIPAllow{CIDRs: after})
	return adminIPAllow{CIDRs: after}, nil
}
