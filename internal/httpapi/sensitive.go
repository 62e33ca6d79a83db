package httpapi

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/go-chi/chi/v5"

	"portal/internal/operator"
)

// Actions marked sensitive (decision 0027): the owner marks back-office
// actions that must not run on one operator's word; adminHandler keeps
// such a call as an approval request instead of running it, and the
// approval runs it once, as the approver, through the same handler.

type (
	// sensitiveAction is one action the owner may mark.
	sensitiveAction struct {
		Action     string              `json:"action"`
		Method     string              `json:"method"`
		Path       string              `json:"path"`
		Summary    string              `json:"summary"`
		Permission operator.Permission `json:"permission"`
		Sensitive  bool                `json:"sensitive"`
	}
	sensitiveActions struct {
		Actions []sensitiveAction `json:"actions"`
	}
	sensitiveRequest struct {
		Actions []string `json:"actions"`
	}
	// actionOutcome is what an approved action's request keeps: ok, or
	// the error code the action answered.
	actionOutcome struct {
		Outcome string `json:"outcome"`
		Code    string `json:"code,omitempty"`
	}
)

// errActionUnknown: a name that is not a markable action.
var errActionUnknown = newError(http.StatusUnprocessableEntity, "admin.action_unknown", nil)

// markable reports whether rt's calls can be held for approval: changes
// that take a JSON body and name a permission. The log-in steps, the
// approvals themselves and the raw routes (uploads, exports) cannot.
func markable(rt Route) bool {
	return rt.Access == Admin && rt.Method != http.MethodGet && rt.Method != http.MethodHead && !rt.NoSession && rt.Raw == nil &&
		rt.Permission != "" && !strings.HasPrefix(rt.Path, "/admin/api/approvals")
}

// markableRoute is the markable route of action.
func (s *Server) markableRoute(action string) (Route, bool) {
	for _, rt := range s.table {
		if markable(rt) && operationID(rt) == action {
			return rt, true
		}
	}
	return Route{}, false
}

func (s *Server) adminSensitiveActions(r *http.Request) (any, error) {
	marked, err := s.Operators.SensitiveActions(r.Context(), adminOf(r.Context()).merchant)
	if err != nil {
		return nil, err
	}
	return s.sensitiveList(marked), nil
}

func (s *Server) sensitiveList(marked []string) sensitiveActions {
	out := sensitiveActions{Actions: []sensitiveAction{}}
	for _, rt := range s.table {
		if !markable(rt) {
			continue
		}
		id := operationID(rt)
		out.Actions = append(out.Actions, sensitiveAction{Action: id, Method: rt.Method, Path: rt.Path, Summary: rt.Summary,
			Permission: rt.Permission, Sensitive: slices.Contains(marked, id)})
	}
	return out
}

func (s *Server) adminSetSensitiveActions(w http.ResponseWriter, r *http.Request) (any, error) {
	var req sensitiveRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return nil, err
	}
	if len(req.Actions) > len(s.table) {
		return nil, errActionUnknown
	}
	for _, a := range req.Actions {
		if _, ok := s.markableRoute(a); !ok {
			return nil, errActionUnknown
		}
	}
	a := adminOf(r.Context())
	before, err := s.Operators.SetSensitiveActions(r.Context(), a.merchant, req.Actions)
	if err != nil {
		return nil, err
	}
	after, err := s.Operators.SensitiveActions(r.Context(), a.merchant)
	if err != nil {
		return nil, err
	}
	a.note("sensitive-actions", before, after)
	return s.sensitiveList(after), nil
}

// heldForApproval reports whether the call must wait for a second
// operator: a markable route marked for the call's merchant, not already
// the approved run of a request.
func (s *Server) heldForApproval(r *http.Request, rt Route, a *adminCall) (bool, error) {
	if a.replay || !markable(rt) {
		return false, nil
	}
	return s.Operators.IsSensitive(r.Context(), a.merchant, operationID(rt))
}

// holdForApproval keeps the call as an admin.action request: nothing else
// happens until another operator approves it.
func (s *Server) holdForApproval(w http.ResponseWriter, r *http.Request, rt Route, a *adminCall) (*operator.Approval, error) {
	raw, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
	if err != nil {
		return nil, bodyError(err)
	}
	raw = bytes.TrimSpace(raw)
	if len(raw) > 0 && !json.Valid(raw) {
		return nil, newError(http.StatusBadRequest, "request.invalid_body", fieldError{Reason: "not valid JSON"})
	}
	p := operator.ActionPayload{Action: operationID(rt), Method: rt.Method, Path: rt.Path, URL: r.URL.Path, Query: r.URL.RawQuery,
		Params: map[string]string{}, Body: json.RawMessage("null")}
	if len(raw) > 0 {
		p.Body = raw
	}
	if rc := chi.RouteContext(r.Context()); rc != nil {
		for i, k := range rc.URLParams.Keys {
			if k != "*" {
				p.Params[k] = rc.URLParams.Values[i]
			}
		}
	}
	ap, err := s.Operators.RequestAction(r.Context(), a.merchant, a.session.Operator, p, rt.Summary+" ("+rt.Method+" "+r.URL.Path+")")
	if err != nil {
		return nil, err
	}
	a.note("approval:"+strconv.FormatInt(ap.ID, 10), nil, ap)
	return ap, nil
}

// runApprovedAction runs an approved admin.action request once, as the
// approving operator, through its route's handler, with its own audit
// entry; it answers the handler's value (shown to the approver, never
// stored: it may hold a one-time password) and the outcome to keep.
func (s *Server) runApprovedAction(r *http.Request, approver *adminCall, ap *operator.Approval) (any, actionOutcome) {
	rt, ok := s.markableRoute(ap.Action.Action)
	if !ok {
		return nil, actionOutcome{Outcome: "refused", Code: "admin.action_unknown"}
	}
	var body io.Reader = http.NoBody
	if len(ap.Action.Body) > 0 && string(ap.Action.Body) != "null" {
		body = bytes.NewReader(ap.Action.Body)
	}
	target := ap.Action.URL
	if ap.Action.Query != "" {
		target += "?" + ap.Action.Query
	}
	rc := chi.NewRouteContext()
	for k, v := range ap.Action.Params {
		rc.URLParams.Add(k, v)
	}
	call := &adminCall{session: approver.session, merchant: ap.Merchant, replay: true}
	// Once marked approved, the run must not depend on the approver's
	// connection (architecture rule 12): a hang-up would leave an approved
	// request that never ran and cannot be approved again.
	ctx := context.WithValue(context.WithValue(context.WithoutCancel(r.Context()), chi.RouteCtxKey, rc), keyAdmin, call)
	req, err := http.NewRequestWithContext(ctx, rt.Method, target, body)
	var v any
	if err == nil {
		var p params
		if p, err = validateParams(req, rt.Query); err == nil {
			req = req.WithContext(context.WithValue(req.Context(), keyParams, p))
			if rt.Payload != nil {
				v, err = rt.Payload(discardWriter{header: http.Header{}}, req)
			} else {
				v, err = rt.JSON(req)
			}
		}
	}
	action := operationID(rt)
	if call.target == "" {
		call.target = "approval:" + strconv.FormatInt(ap.ID, 10)
	}
	if err != nil {
		ae, _ := answerFor(err)
		s.appendAudit(req, call, action, "refused:"+ae.Code)
		return nil, actionOutcome{Outcome: "refused", Code: ae.Code}
	}
	s.appendAudit(req, call, action, "ok")
	return v, actionOutcome{Outcome: "ok"}
}

// discardWriter is the response writer of a replayed call: handlers only
// use it to bound the body they read.
type discardWriter struct{ header http.Header }

func (d discardWriter) Header() http.Header         { return d.header }
func (d discardWriter) Write(b []byte) (int, error) { return len(b), nil }
func (d discardWriter) WriteHeader(int)             {}
