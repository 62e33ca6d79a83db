package httpapi

import (
	"net/http"
	"strconv"
	"strings"
	"time"

	"portal/internal/agent"
	"portal/internal/merchant"
	"portal/internal/operator"
	"portal/internal/report"
)

// The back office's agent network (issue 15): the tree and moves,
// contracts (the platform's own with top agents), settlement runs with
// their payouts and figures, re-runs, and the commission report. Every
// answer names the merchant's currency and decimals, so amounts are shown
// in it.

// moneyUnit is the currency every amount of an answer is in.
type moneyUnit struct {
	Currency string `json:"currency"`
	Decimals int    `json:"decimals"`
}

func moneyOf(m *merchant.Merchant) moneyUnit {
	return moneyUnit{Currency: m.Currency, Decimals: m.Decimals}
}

// agentsMerchant is the merchant the call acts on: a platform operator
// must name one.
func (s *Server) agentsMerchant(r *http.Request) (*merchant.Merchant, error) {
	if err := s.agentsReady(); err != nil {
		return nil, err
	}
	mer, err := s.playersMerchant(r)
	if err != nil {
		return nil, err
	}
	if mer == nil {
		return nil, operator.ErrMerchantUnknown
	}
	return mer, nil
}

type adminTree struct {
	moneyUnit
	// Member is null for the top of the tree: Children are then the
	// merchant's agents without an upline.
	Member   *agent.Downline   `json:"member"`
	Path     []agent.MemberRef `json:"path"`
	Children []agent.Downline  `json:"children"`
}

func (s *Server) adminAgentTree(r *http.Request) (any, error) {
	mer, err := s.agentsMerchant(r)
	if err != nil {
		return nil, err
	}
	ctx := r.Context()
	p := paramsOf(ctx)
	id := int64(p.Int("memberId"))
	if name := strings.TrimSpace(p.String("username")); name != "" {
		m, err := s.Identity.ByUsername(ctx, mer.Code, name)
		if err != nil {
			return nil, operator.ErrMemberUnknown
		}
		id = m.ID
	}
	if id <= 0 {
		roots, err := s.Agents.Children(ctx, mer.Code, 0, 200)
		return adminTree{moneyUnit: moneyOf(mer), Path: []agent.MemberRef{}, Children: roots}, err
	}
	return s.adminTreeOf(r, mer, id)
}

func (s *Server) adminTreeOf(r *http.Request, mer *merchant.Merchant, id int64) (adminTree, error) {
	ctx := r.Context()
	out := adminTree{moneyUnit: moneyOf(mer)}
	m, err := s.Agents.Downline(ctx, mer.Code, id)
	if err != nil {
		return out, err
	}
	out.Member = &m
	if out.Path, err = s.Agents.Uplines(ctx, id); err != nil {
		return out, err
	}
	out.Children, err = s.Agents.Children(ctx, mer.Code, id, 200)
	return out, err
}

type moveRequest struct {
	UplineID int64  `json:"uplineId"`
	Reason   string `json:"reason"`
}

type uplineChange struct {
	UplineID int64  `json:"uplineId"`
	Reason   string `json:"reason,omitempty"`
}

func (s *Server) adminMoveAgent(w http.ResponseWriter, r *http.Request) (any, error) {
	mer, err := s.agentsMerchant(r)
	if err != nil {
		return nil, err
	}
	var req moveRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return nil, err
	}
	id, err := pathID(r)
	if err != nil {
		return nil, err
	}
	a := adminOf(r.Context())
	a.target = "member:" + strconv.FormatInt(id, 10)
	if req.Reason, err = operator.CheckReason(req.Reason, false); err != nil {
		return nil, err
	}
	old, err := s.Agents.Move(r.Context(), mer.Code, id, req.UplineID)
	if err != nil {
		return nil, err
	}
	a.note(a.target, uplineChange{UplineID: old}, uplineChange{UplineID: req.UplineID, Reason: req.Reason})
	return s.adminTreeOf(r, mer, id)
}

type adminContracts struct {
	moneyUnit
	List     []agent.Contract `json:"list"`
	Total    int64            `json:"total"`
	Page     int              `json:"page"`
	PageSize int              `json:"pageSize"`
}

func (s *Server) adminAgentContracts(r *http.Request) (any, error) {
	mer, err := s.agentsMerchant(r)
	if err != nil {
		return nil, err
	}
	ctx := r.Context()
	p := paramsOf(ctx)
	q := agent.ContractQuery{State: p.String("state"), Kind: agent.Kind(p.String("kind")), Username: p.String("username"), Page: p.Int("page"), PageSize: p.Int("pageSize")}
	list, total, err := s.Agents.ListContracts(ctx, mer.Code, q)
	page, size := q.Page, q.PageSize
	if page < 1 {
		page = 1
	}
	if size < 1 || size > 100 {
		size = 20
	}
	return adminContracts{moneyUnit: moneyOf(mer), List: list, Total: total, Page: page, PageSize: size}, err
}

func (s *Server) adminOfferContract(w http.ResponseWriter, r *http.Request) (any, error) {
	mer, err := s.agentsMerchant(r)
	if err != nil {
		return nil, err
	}
	var req contractOffer
	if err := decodeJSON(w, r, &req); err != nil {
		return nil, err
	}
	if !agentEnabled(mer, req.Kind) {
		return nil, errFeatureOff
	}
	a := adminOf(r.Context())
	a.target = "member:" + strconv.FormatInt(req.MemberID, 10)
	c, err := s.Agents.Offer(r.Context(), agent.Offer{Merchant: mer.Code, MemberID: req.MemberID, Kind: req.Kind, Period: req.Period, Tiers: req.Tiers,
		ActiveMinBet: req.ActiveMinBet, OperatorID: a.session.Operator.ID})
	if err != nil {
		return nil, err
	}
	a.note("contract:"+strconv.FormatInt(c.ID, 10), nil, c)
	return c, nil
}

type terminateRequest struct {
	Reason string `json:"reason"`
}

func (s *Server) adminTerminateContract(w http.ResponseWriter, r *http.Request) (any, error) {
	mer, err := s.agentsMerchant(r)
	if err != nil {
		return nil, err
	}
	var req terminateRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return nil, err
	}
	id, err := pathID(r)
	if err != nil {
		return nil, err
	}
	a := adminOf(r.Context())
	a.target = "contract:" + strconv.FormatInt(id, 10)
	if req.Reason, err = operator.CheckReason(req.Reason, false); err != nil {
		return nil, err
	}
	before, err := s.Agents.Contract(r.Context(), mer.Code, id)
	if err != nil {
		return nil, err
	}
	c, err := s.Agents.Terminate(r.Context(), mer.Code, 0, id)
	if err != nil {
		return nil, err
	}
	a.note(a.target, before.State, struct {
		State  string `json:"state"`
		Reason string `json:"reason"`
	}{c.State, req.Reason})
	return c, nil
}

type adminRuns struct {
	moneyUnit
	List     []agent.Run `json:"list"`
	Total    int64       `json:"total"`
	Page     int         `json:"page"`
	PageSize int         `json:"pageSize"`
}

func (s *Server) adminAgentRuns(r *http.Request) (any, error) {
	mer, err := s.agentsMerchant(r)
	if err != nil {
		return nil, err
	}
	ctx := r.Context()
	p := paramsOf(ctx)
	page, size := max(p.Int("page"), 1), p.Int("pageSize")
	if size < 1 || size > 100 {
		size = 20
	}
	list, total, err := s.Agents.Runs(ctx, mer.Code, agent.Kind(p.String("kind")), page, size)
	return adminRuns{moneyUnit: moneyOf(mer), List: list, Total: total, Page: page, PageSize: size}, err
}

type adminRun struct {
	moneyUnit
	Run agent.Run `json:"run"`
	agent.PayoutPage
}

func (s *Server) adminAgentRun(r *http.Request) (any, error) {
	mer, err := s.agentsMerchant(r)
	if err != nil {
		return nil, err
	}
	id, err := pathID(r)
	if err != nil {
		return nil, err
	}
	ctx := r.Context()
	p := paramsOf(ctx)
	run, page, err := s.Agents.RunPayouts(ctx, mer.Code, id, p.String("state"), p.Int("page"), p.Int("pageSize"))
	return adminRun{moneyUnit: moneyOf(mer), Run: run, PayoutPage: page}, err
}

func (s *Server) adminRerun(w http.ResponseWriter, r *http.Request) (any, error) {
	mer, err := s.agentsMerchant(r)
	if err != nil {
		return nil, err
	}
	if err := decodeOptionalJSON(w, r, &struct{}{}); err != nil {
		return nil, err
	}
	id, err := pathID(r)
	if err != nil {
		return nil, err
	}
	a := adminOf(r.Context())
	a.target = "agent-run:" + strconv.FormatInt(id, 10)
	before, err := s.Agents.RunOf(r.Context(), mer.Code, id)
	if err != nil {
		return nil, err
	}
	run, err := s.Agents.Rerun(r.Context(), mer.Code, id)
	if err != nil {
		return nil, err
	}
	a.note(a.target, before, run)
	return run, nil
}

type adminFigures struct {
	moneyUnit
	agent.Figures
}

func (s *Server) adminPayoutFigures(r *http.Request) (any, error) {
	mer, err := s.agentsMerchant(r)
	if err != nil {
		return nil, err
	}
	id, err := pathID(r)
	if err != nil {
		return nil, err
	}
	ctx := r.Context()
	p := paramsOf(ctx)
	f, err := s.Agents.FiguresOf(ctx, mer.Code, 0, id, p.Int("page"), p.Int("pageSize"))
	return adminFigures{moneyUnit: moneyOf(mer), Figures: f}, err
}

type adminCommission struct {
	moneyUnit
	agent.Commission
}

func (s *Server) adminCommission(r *http.Request) (any, error) {
	mer, err := s.agentsMerchant(r)
	if err != nil {
		return nil, err
	}
	ctx := r.Context()
	p := paramsOf(ctx)
	off := report.Offset(mer.Code)
	now := time.Now().UTC().Add(off)
	from, to := p.String("from"), p.String("to")
	if from == "" {
		from = time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.UTC).Format(time.DateOnly)
	}
	if to == "" {
		to = now.Format(time.DateOnly)
	}
	d0, d1, err := agent.ParseDays(from, to)
	if err != nil {
		return nil, badParam("from", "YYYY-MM-DD, not after to")
	}
	day := 24 * time.Hour.Milliseconds()
	c, err := s.Agents.CommissionReport(ctx, mer.Code, d0*day-off.Milliseconds(), d1*day-off.Milliseconds(), p.Int("page"), p.Int("pageSize"))
	return adminCommission{moneyUnit: moneyOf(mer), Commission: c}, err
}
