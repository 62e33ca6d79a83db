package httpapi

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"strconv"

	"github.com/go-chi/chi/v5"

	"portal/internal/database"
	"portal/internal/identity"
	"portal/internal/operator"
	"portal/internal/wallet"
)

// Two-person approval of balance adjustments (decision 0022): one
// operator requests (wallet.adjust.request), another approves
// (wallet.adjust.approve); only the approval moves the money, once.

type (
	approvalRequest struct {
		Kind   string `json:"kind"`
		Member string `json:"member"`
		Amount string `json:"amount"`
		Reason string `json:"reason"`
	}
	approvalDecision struct {
		Reason string `json:"reason"`
	}
	// approvalResult is what an approved adjustment keeps: the member's
	// balance after it, in major units.
	approvalResult struct {
		Balance string `json:"balance"`
	}
)

// approvalListParams are the list's filters and paging.
var approvalListParams = []Param{
	{Name: "status", Type: TypeString, Enum: operator.ApprovalStatuses, Description: "pending, approved, rejected or expired (pending past its 24 hours); none: all"},
	{Name: "pageNum", Type: TypeInteger, Min: 1, Max: 100000, Default: "1"},
	{Name: "pageSize", Type: TypeInteger, Min: 1, Max: 100, Default: "20"},
}

func (s *Server) adminRequestApproval(w http.ResponseWriter, r *http.Request) (any, error) {
	var req approvalRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return nil, err
	}
	a := adminOf(r.Context())
	a.target = "member:" + req.Member
	if req.Kind != operator.KindWalletAdjust {
		return nil, operator.ErrApprovalKind
	}
	reason, err := operator.CheckReason(req.Reason, false)
	if err != nil {
		return nil, err
	}
	if a.merchant == "" || len(req.Member) > 64 {
		return nil, operator.ErrMemberUnknown // the platform has no members
	}
	mer, err := s.Merchants.Lookup(r.Context(), a.merchant)
	if err != nil {
		return nil, err
	}
	m, err := s.Identity.ByUsername(r.Context(), a.merchant, req.Member)
	if errors.Is(err, identity.ErrMemberNotFound) {
		return nil, operator.ErrMemberUnknown
	} else if err != nil {
		return nil, err
	}
	minor, err := wallet.ParseAmount(req.Amount, mer.Decimals)
	if err != nil || minor == 0 {
		return nil, operator.ErrAmountInvalid
	}
	amount := wallet.FormatAmount(minor, mer.Decimals)
	p := operator.AdjustPayload{Member: m.Username, MemberID: m.ID, Amount: amount, Minor: minor, Currency: mer.Currency, Decimals: mer.Decimals, Reason: reason}
	summary := "Credit " + amount + " " + mer.Currency + " to " + m.Username
	if minor < 0 {
		summary = "Debit " + wallet.FormatAmount(-minor, mer.Decimals) + " " + mer.Currency + " from " + m.Username
	}
	ap, err := s.Operators.RequestAdjust(r.Context(), a.merchant, a.session.Operator, p, summary)
	if err != nil {
		return nil, err
	}
	a.note("approval:"+strconv.FormatInt(ap.ID, 10), nil, ap)
	return ap, nil
}

func (s *Server) adminApprovals(r *http.Request) (any, error) {
	p := paramsOf(r.Context())
	num, size := p.Int("pageNum"), p.Int("pageSize")
	list, total, err := s.Operators.Approvals(r.Context(), adminOf(r.Context()).merchant, p.String("status"), num, size)
	if err != nil {
		return nil, err
	}
	return newPage(list, num, size, total), nil
}

// approvalID is the {id} of the path, named as the audit entry's target.
func approvalID(r *http.Request) (int64, error) {
	a := adminOf(r.Context())
	a.target = "approval:" + chi.URLParam(r, "id")
	id, err := strconv.ParseInt(chi.URLParam(r, "id"), 10, 64)
	if err != nil {
		return 0, operator.ErrNotFound
	}
	return id, nil
}

func (s *Server) adminApprove(w http.ResponseWriter, r *http.Request) (any, error) {
	id, err := approvalID(r)
	if err != nil {
		return nil, err
	}
	a := adminOf(r.Context())
	held, err := s.Operators.ApprovalByID(r.Context(), nil, a.merchant, id)
	if err != nil {
		return nil, err
	}
	// Deciding needs approvals.decide (the route) and the power the
	// request would use: wallet.adjust.approve for an adjustment, the
	// action's own permission for a held action.
	need := operator.WalletAdjustApprove
	if held.Kind == operator.KindAction {
		rt, ok := s.markableRoute(held.Action.Action)
		if !ok {
			return nil, errActionUnknown
		}
		need = rt.Permission
	}
	if !slices.Contains(a.session.Permissions, need) {
		return nil, errAdminForbidden
	}
	if held.Kind == operator.KindAction {
		return s.approveAction(r, a, id)
	}
	var member wallet.Ref
	var balance int64
	apply := func(ctx context.Context, q database.Querier, ap *operator.Approval) (any, error) {
		p := ap.Adjust
		side := wallet.Side(wallet.KindAdjustment, "operator", p.Currency)
		member = wallet.Member(p.MemberID, p.Currency)
		from, to, amount := side, member, p.Minor
		if amount < 0 {
			from, to, amount = member, side, -amount
		}
		_, err := s.Wallet.MoveIn(ctx, q, wallet.Request{Merchant: ap.Merchant, Key: "approval-" + strconv.FormatInt(ap.ID, 10),
			From: from, To: to, Amount: amount, Kind: "adjust", Reference: p.Reason})
		if err != nil {
			return nil, err
		}
		if balance, err = s.Wallet.BalanceIn(ctx, q, ap.Merchant, member); err != nil {
			return nil, err
		}
		return approvalResult{Balance: wallet.FormatAmount(balance, p.Decimals)}, nil
	}
	ap, err := s.Operators.Approve(r.Context(), a.merchant, id, a.session.Operator, apply)
	if err != nil {
		if ap != nil {
			a.note(a.target, ap, nil)
		}
		return nil, err
	}
	a.note(a.target, map[string]string{"status": operator.StatusPending}, ap)
	if s.Hub != nil {
		s.Hub.Balance(ap.Merchant, ap.Adjust.MemberID, balance, ap.Adjust.Currency)
	}
	return ap, nil
}

// approveAction marks a held action approved (once, whoever else tries at
// the same moment) and then runs it as the approver; the request keeps
// the outcome, the approver sees the action's answer.
func (s *Server) approveAction(r *http.Request, a *adminCall, id int64) (any, error) {
	ap, err := s.Operators.Approve(r.Context(), a.merchant, id, a.session.Operator, func(context.Context, database.Querier, *operator.Approval) (any, error) {
		return actionOutcome{Outcome: "running"}, nil
	})
	if err != nil {
		if ap != nil {
			a.note(a.target, ap, nil)
		}
		return nil, err
	}
	value, outcome := s.runApprovedAction(r, a, ap)
	if err := s.Operators.SetResult(context.WithoutCancel(r.Context()), a.merchant, id, outcome); err != nil {
		return nil, err
	}
	ap.Result = json.RawMessage(operator.JSONText(outcome))
	a.note(a.target, map[string]string{"status": operator.StatusPending}, ap)
	shown := *ap
	shown.Result = json.RawMessage(operator.JSONText(struct {
		actionOutcome
		Value any `json:"value"`
	}{outcome, value}))
	return shown, nil
}

func (s *Server) adminReject(w http.ResponseWriter, r *http.Request) (any, error) {
	var req approvalDecision
	if err := decodeJSON(w, r, &req); err != nil {
		return nil, err
	}
	id, err := approvalID(r)
	if err != nil {
		return nil, err
	}
	reason, err := operator.CheckReason(req.Reason, true)
	if err != nil {
		return nil, err
	}
	a := adminOf(r.Context())
	ap, err := s.Operators.Reject(r.Context(), a.merchant, id, a.session.Operator, reason)
	if err != nil {
		if ap != nil {
			a.note(a.target, ap, nil)
		}
		return nil, err
	}
	a.note(a.target, map[string]string{"status": operator.StatusPending}, ap)
	return ap, nil
}
