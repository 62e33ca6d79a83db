package httpapi

import (
	"context"
	"errors"
	"math"
	"net/http"
	"strconv"
	"strings"
	"time"

	"portal/internal/agent"
	"portal/internal/identity"
	"portal/internal/merchant"
	"portal/internal/report"
)

// The agent centre's player-site calls (issue 15, decision 0035). Every
// /wps/agent route is AgentOnly: the member is an agent, and each call
// acts on the member's own team only (agent.Service checks the team).

// agentEnabled is the merchant's switch for a contract kind.
func agentEnabled(m *merchant.Merchant, k agent.Kind) bool {
	if !m.Agents.Policy {
		return false
	}
	switch k {
	case agent.Dividend:
		return m.Agents.Dividend
	case agent.DailySalary:
		return m.Agents.DailySalary
	case agent.HourlySalary:
		return m.Agents.HourSalary
	case agent.RealtimeSalary:
		return m.Agents.RealtimeSalary
	}
	return false
}

// AgentSwitches tells the agent service whether a merchant runs a kind.
func AgentSwitches(merchants Merchants) func(ctx context.Context, code string, k agent.Kind) bool {
	return func(ctx context.Context, code string, k agent.Kind) bool {
		m, err := merchants.Lookup(ctx, code)
		return err == nil && agentEnabled(m, k)
	}
}

func (s *Server) agentsReady() error {
	if s.Agents == nil {
		return newError(http.StatusNotFound, "resource.not_found", nil)
	}
	return nil
}

// consolidatedView is spec §3's consolidated data: the member's standing
// in each contract kind.
type consolidatedView struct {
	DailySalReq        agent.Standing `json:"dailysalreq"`
	DivTypeReq         agent.Standing `json:"divtypereq"`
	ContractHourSalReq agent.Standing `json:"contracthoursalreq"`
	RealtimeSalReqType agent.Standing `json:"realtimesalreqtype"`
}

func (s *Server) consolidated(r *http.Request) (any, error) {
	if err := s.agentsReady(); err != nil {
		return nil, err
	}
	ctx := r.Context()
	mer, m := merchantOf(ctx), memberOf(ctx)
	if !mer.Agents.Policy {
		return nil, errFeatureOff
	}
	st, err := s.Agents.Standings(ctx, mer.Code, m.ID, m.Type.IsAgent())
	if err != nil {
		return nil, err
	}
	return consolidatedView{DailySalReq: st[agent.DailySalary], DivTypeReq: st[agent.Dividend], ContractHourSalReq: st[agent.HourlySalary],
		RealtimeSalReqType: st[agent.RealtimeSalary]}, nil
}

func (s *Server) agentDownlines(r *http.Request) (any, error) {
	if err := s.agentsReady(); err != nil {
		return nil, err
	}
	ctx := r.Context()
	p := paramsOf(ctx)
	return s.Agents.Downlines(ctx, agent.DownlineQuery{Merchant: merchantOf(ctx).Code, AgentID: memberOf(ctx).ID, Parent: int64(p.Int("parent")),
		Username: p.String("username"), Page: p.Int("page"), PageSize: p.Int("pageSize")})
}

// openDownline is a downline account an agent opens (registerCenter).
type openDownline struct {
	Username string `json:"username"`
	Password string `json:"password,omitempty"`
	Type     string `json:"type"`
	Nickname string `json:"nickname,omitempty"`
}

type openedDownline struct {
	ID                 int64  `json:"id"`
	Username           string `json:"username"`
	Type               string `json:"type"`
	MustChangePassword bool   `json:"mustChangePassword"`
}

// agentOpenDownline opens an account under the agent: the merchant's
// username and password rules hold; without a password it is the default
// 123456, which the downline must change at its first log-in.
func (s *Server) agentOpenDownline(w http.ResponseWriter, r *http.Request) (any, error) {
	if err := s.agentsReady(); err != nil {
		return nil, err
	}
	var req openDownline
	if err := s.decodeBody(w, r, &req); err != nil {
		return nil, err
	}
	ctx := r.Context()
	mer, m := merchantOf(ctx), memberOf(ctx)
	// Registration asks visitors for a captcha; an agent opens accounts
	// without one, so how many it may open in a window is bounded.
	wait, err := s.Identity.Throttle(ctx, "agent-open:"+strconv.FormatInt(m.ID, 10), agentOpenLimit)
	if err != nil {
		return nil, err
	}
	if wait > 0 {
		return nil, newError(http.StatusTooManyRequests, "request.too_many", retryAfter{RetryAfter: int(math.Ceil(wait.Seconds()))})
	}
	cfg, err := s.Merchant.Config(ctx, mer.Code)
	if err != nil {
		return nil, err
	}
	username := strings.TrimSpace(req.Username)
	password := req.Password
	if password == "" {
		password = identity.DefaultPassword
	}
	for field, value := range map[string]string{"username": username, "password": password} {
		rule := cfg.RegisterRules[field]
		rule.Enabled, rule.Required = true, true
		if field == "password" && password == identity.DefaultPassword {
			continue
		}
		if err := rule.Check(field, value); err != nil {
			return nil, err
		}
	}
	if req.Nickname = strings.TrimSpace(req.Nickname); len([]rune(req.Nickname)) > 30 {
		return nil, newError(http.StatusUnprocessableEntity, "validation.field_invalid", fieldError{Field: "nickname", Reason: "at most 30 characters"})
	}
	typ := identity.TypeMember
	switch req.Type {
	case "member", "":
	case "agent":
		typ = identity.TypeAgent1
	default:
		return nil, newError(http.StatusUnprocessableEntity, "validation.field_invalid", fieldError{Field: "type", Reason: "member or agent"})
	}
	id, err := s.Identity.Open(ctx, identity.NewMember{MerchantCode: mer.Code, Username: username, Password: password, Type: typ, UplineID: m.ID,
		Nickname: req.Nickname})
	if errors.Is(err, identity.ErrUsernameTaken) {
		return nil, newError(http.StatusConflict, "register.username_taken", fieldError{Field: "username", Reason: "taken"})
	}
	if err != nil {
		return nil, err
	}
	s.Log.InfoContext(ctx, "downline opened", "merchant", mer.Code, "agent", m.ID, "member", id)
	kind := "member"
	if typ.IsAgent() {
		kind = "agent"
	}
	return openedDownline{ID: id, Username: strings.ToLower(username), Type: kind, MustChangePassword: identity.IsDefaultPassword(password)}, nil
}

// agentOpenLimit is how many downline accounts an agent may open within
// identity.Window.
const agentOpenLimit = 30

// downlineTransfer is money an agent sends a direct downline.
type downlineTransfer struct {
	DownlineID      int64  `json:"downlineId"`
	Amount          int64  `json:"amount"`
	PaymentPassword string `json:"paymentPassword"`
	RequestID       string `json:"requestId"`
}

func (s *Server) agentTransfer(w http.ResponseWriter, r *http.Request) (any, error) {
	if err := s.agentsReady(); err != nil {
		return nil, err
	}
	var req downlineTransfer
	if err := s.decodeBody(w, r, &req); err != nil {
		return nil, err
	}
	if req.RequestID = strings.TrimSpace(req.RequestID); req.RequestID == "" || len(req.RequestID) > 64 {
		return nil, newError(http.StatusUnprocessableEntity, "cashier.request_invalid", nil)
	}
	ctx := r.Context()
	mer, m := merchantOf(ctx), memberOf(ctx)
	// The merchant's transfer limits between a member and its upline hold
	// both ways.
	lo, hi := int64(1), int64(1<<53)
	if s.Cashier != nil {
		pol, err := s.Cashier.Policy(ctx, mer.Code)
		if err != nil {
			return nil, err
		}
		lo, hi = pol.UplineMin, pol.UplineMax
	}
	if req.Amount < lo || req.Amount > hi {
		return nil, agentAmountOutOfRange
	}
	if err := s.checkPaymentPassword(r, req.PaymentPassword); err != nil {
		return nil, err
	}
	return s.Agents.TransferToDownline(ctx, mer.Code, m.ID, req.DownlineID, req.Amount, req.RequestID)
}

var agentAmountOutOfRange = newError(http.StatusUnprocessableEntity, "cashier.amount_out_of_range", nil)

type referralCodes struct {
	List []agent.ReferralCode `json:"list"`
}

func (s *Server) agentReferralCodes(r *http.Request) (any, error) {
	if err := s.agentsReady(); err != nil {
		return nil, err
	}
	ctx := r.Context()
	list, err := s.Agents.ReferralCodes(ctx, merchantOf(ctx).Code, memberOf(ctx).ID)
	return referralCodes{List: list}, err
}

type newReferralCode struct {
	Type string `json:"type"`
	Code string `json:"code,omitempty"`
}

func (s *Server) agentCreateReferralCode(w http.ResponseWriter, r *http.Request) (any, error) {
	if err := s.agentsReady(); err != nil {
		return nil, err
	}
	var req newReferralCode
	if err := s.decodeBody(w, r, &req); err != nil {
		return nil, err
	}
	if req.Type != "member" && req.Type != "agent" {
		return nil, newError(http.StatusUnprocessableEntity, "validation.field_invalid", fieldError{Field: "type", Reason: "member or agent"})
	}
	ctx := r.Context()
	return s.Agents.CreateReferralCode(ctx, merchantOf(ctx).Code, memberOf(ctx).ID, req.Type, req.Code)
}

func (s *Server) agentDisableReferralCode(r *http.Request) (any, error) {
	if err := s.agentsReady(); err != nil {
		return nil, err
	}
	id, err := pathID(r)
	if err != nil {
		return nil, err
	}
	ctx := r.Context()
	return s.Agents.DisableReferralCode(ctx, merchantOf(ctx).Code, memberOf(ctx).ID, id)
}

type contractLists struct {
	Mine    []agent.Contract `json:"mine"`
	Offered []agent.Contract `json:"offered"`
}

func (s *Server) agentContracts(r *http.Request) (any, error) {
	if err := s.agentsReady(); err != nil {
		return nil, err
	}
	ctx := r.Context()
	mine, offered, err := s.Agents.ContractsOf(ctx, merchantOf(ctx).Code, memberOf(ctx).ID, agent.Kind(paramsOf(ctx).String("kind")))
	return contractLists{Mine: mine, Offered: offered}, err
}

// contractOffer is a contract offered to a direct downline (or, in the
// back office, by the platform to an agent).
type contractOffer struct {
	MemberID     int64        `json:"memberId"`
	Kind         agent.Kind   `json:"kind"`
	Period       agent.Period `json:"period,omitempty"`
	Tiers        []agent.Tier `json:"tiers"`
	ActiveMinBet int64        `json:"activeMinBet"`
}

func (s *Server) agentOffer(w http.ResponseWriter, r *http.Request) (any, error) {
	if err := s.agentsReady(); err != nil {
		return nil, err
	}
	var req contractOffer
	if err := s.decodeBody(w, r, &req); err != nil {
		return nil, err
	}
	ctx := r.Context()
	mer := merchantOf(ctx)
	if !agentEnabled(mer, req.Kind) {
		return nil, errFeatureOff
	}
	return s.Agents.Offer(ctx, agent.Offer{Merchant: mer.Code, UplineID: memberOf(ctx).ID, MemberID: req.MemberID, Kind: req.Kind, Period: req.Period,
		Tiers: req.Tiers, ActiveMinBet: req.ActiveMinBet})
}

// agentContractAction is sign, refuse or terminate by the member.
func (s *Server) agentContractAction(act func(ctx context.Context, merchant string, member, id int64) (agent.Contract, error)) func(w http.ResponseWriter, r *http.Request) (any, error) {
	return func(w http.ResponseWriter, r *http.Request) (any, error) {
		if err := s.agentsReady(); err != nil {
			return nil, err
		}
		if err := decodeOptionalJSON(w, r, &struct{}{}); err != nil {
			return nil, err
		}
		id, err := pathID(r)
		if err != nil {
			return nil, err
		}
		ctx := r.Context()
		return act(ctx, merchantOf(ctx).Code, memberOf(ctx).ID, id)
	}
}

// agentPeriod reads from and to (local dates of the merchant's zone, both
// included) as [from, to) in Unix ms; without them the last 7 days.
func agentPeriod(r *http.Request, maxDays int) (int64, int64, error) {
	ctx := r.Context()
	p := paramsOf(ctx)
	off := report.Offset(merchantOf(ctx).Code)
	zone := time.FixedZone("", int(off.Seconds()))
	now := time.Now().In(zone)
	today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, zone)
	from, to := today.AddDate(0, 0, -6), today
	var err error
	if v := p.String("from"); v != "" {
		if from, err = time.ParseInLocation(time.DateOnly, v, zone); err != nil {
			return 0, 0, badParam("from", "YYYY-MM-DD")
		}
	}
	if v := p.String("to"); v != "" {
		if to, err = time.ParseInLocation(time.DateOnly, v, zone); err != nil {
			return 0, 0, badParam("to", "YYYY-MM-DD")
		}
	}
	if to.Before(from) {
		return 0, 0, badParam("to", "before from")
	}
	if to.Sub(from) >= time.Duration(maxDays)*24*time.Hour {
		return 0, 0, badParam("to", "at most "+strconv.Itoa(maxDays)+" days after from")
	}
	return from.UnixMilli(), to.AddDate(0, 0, 1).UnixMilli(), nil
}

func (s *Server) agentPayouts(r *http.Request) (any, error) {
	if err := s.agentsReady(); err != nil {
		return nil, err
	}
	from, to, err := agentPeriod(r, 366)
	if err != nil {
		return nil, err
	}
	ctx := r.Context()
	p := paramsOf(ctx)
	return s.Agents.Payouts(ctx, agent.PayoutQuery{Merchant: merchantOf(ctx).Code, MemberID: memberOf(ctx).ID, Role: p.String("role"),
		Kind: agent.Kind(p.String("kind")), From: from, To: to, Page: p.Int("page"), PageSize: p.Int("pageSize")})
}

func (s *Server) agentPayoutFigures(r *http.Request) (any, error) {
	if err := s.agentsReady(); err != nil {
		return nil, err
	}
	id, err := pathID(r)
	if err != nil {
		return nil, err
	}
	ctx := r.Context()
	p := paramsOf(ctx)
	return s.Agents.FiguresOf(ctx, merchantOf(ctx).Code, memberOf(ctx).ID, id, p.Int("page"), p.Int("pageSize"))
}

// processed answers a process call.
type processed struct {
	Processed []agent.Payout `json:"processed"`
}

// agentProcessLimit is how many process calls an agent may make in
// identity.Window: each reads the merchant's whole tree and a period's
// figures.
const agentProcessLimit = 20

// agentProcess is the spec's process call of a kind: pay now what is due
// to or owed by the agent (the job would at its next pass).
func (s *Server) agentProcess(k agent.Kind) func(r *http.Request) (any, error) {
	return func(r *http.Request) (any, error) {
		if err := s.agentsReady(); err != nil {
			return nil, err
		}
		ctx := r.Context()
		mer, m := merchantOf(ctx), memberOf(ctx)
		if !agentEnabled(mer, k) {
			return nil, errFeatureOff
		}
		wait, err := s.Identity.Throttle(ctx, "agent-process:"+strconv.FormatInt(m.ID, 10), agentProcessLimit)
		if err != nil {
			return nil, err
		}
		if wait > 0 {
			return nil, newError(http.StatusTooManyRequests, "request.too_many", retryAfter{RetryAfter: int(math.Ceil(wait.Seconds()))})
		}
		done, err := s.Agents.Process(ctx, mer.Code, m.ID, k)
		return processed{Processed: done}, err
	}
}

// agentErrors words the agent domain's refusals.
func init() {
	domainErrors = append(domainErrors, []struct {
		target error
		status int
		code   string
	}{
		{agent.ErrNotInTeam, http.StatusNotFound, "agent.not_in_team"},
		{agent.ErrNotDownline, http.StatusNotFound, "agent.not_downline"},
		{agent.ErrMemberNotAgent, http.StatusUnprocessableEntity, "agent.member_not_agent"},
		{agent.ErrCannotOffer, http.StatusConflict, "agent.cannot_offer"},
		{agent.ErrRateAboveUpline, http.StatusUnprocessableEntity, "agent.rate_above_upline"},
		{agent.ErrRateNotHigher, http.StatusConflict, "agent.rate_not_higher"},
		{agent.ErrOfferPending, http.StatusConflict, "agent.offer_pending"},
		{agent.ErrTiersInvalid, http.StatusUnprocessableEntity, "agent.tiers_invalid"},
		{agent.ErrPeriodKindInvalid, http.StatusUnprocessableEntity, "agent.tiers_invalid"},
		{agent.ErrContractState, http.StatusConflict, "agent.contract_state"},
		{agent.ErrNotFound, http.StatusNotFound, "resource.not_found"},
		{agent.ErrCodeTaken, http.StatusConflict, "agent.code_taken"},
		{agent.ErrTooManyCodes, http.StatusConflict, "agent.too_many_codes"},
		{agent.ErrCodeInvalid, http.StatusUnprocessableEntity, "agent.code_invalid"},
		{agent.ErrMoveCycle, http.StatusConflict, "agent.move_cycle"},
		{agent.ErrUplineNotAgent, http.StatusUnprocessableEntity, "agent.upline_not_agent"},
		{agent.ErrRangeInvalid, http.StatusUnprocessableEntity, "request.invalid_parameter"},
		{agent.ErrRunState, http.StatusConflict, "agent.run_state"},
		{agent.ErrDisabled, http.StatusForbidden, "feature.disabled"},
	}...)
	for code, words := range map[string]map[string]string{
		"member.not_agent":        {"EN": "This is for agents only", "KM": "សម្រាប់តែភ្នាក់ងារប៉ុណ្ណោះ", "CN": "仅限代理使用"},
		"agent.not_in_team":       {"EN": "That member is not in your team", "KM": "សមាជិកនោះមិននៅក្នុងក្រុមរបស់អ្នកទេ", "CN": "该会员不在您的团队中"},
		"agent.not_downline":      {"EN": "That member is not your direct downline", "KM": "សមាជិកនោះមិនមែនជាខ្សែក្រោមផ្ទាល់របស់អ្នកទេ", "CN": "该会员不是您的直属下级"},
		"agent.member_not_agent":  {"EN": "Contracts are for agents", "KM": "កិច្ចសន្យាគឺសម្រាប់ភ្នាក់ងារ", "CN": "契约仅适用于代理"},
		"agent.cannot_offer":      {"EN": "You hold no active contract of this kind to offer from", "KM": "អ្នកមិនមានកិច្ចសន្យាប្រភេទនេះដែលកំពុងដំណើរការដើម្បីផ្តល់ជូនទេ", "CN": "您没有此类型的有效契约，无法向下级发起"},
		"agent.rate_above_upline": {"EN": "The rate may not exceed your own contract's", "KM": "អត្រាមិនអាចលើសកិច្ចសន្យារបស់អ្នកផ្ទាល់បានទេ", "CN": "比例不能高于您自己的契约"},
		"agent.rate_not_higher":   {"EN": "A new contract must have a higher rate than the current one", "KM": "កិច្ចសន្យាថ្មីត្រូវមានអត្រាខ្ពស់ជាងកិច្ចសន្យាបច្ចុប្បន្ន", "CN": "新契约的比例必须高于当前契约"},
		"agent.offer_pending":     {"EN": "An offer of this kind is already waiting for an answer", "KM": "ការផ្តល់ជូនប្រភេទនេះកំពុងរង់ចាំចម្លើយរួចហើយ", "CN": "已有同类契约等待对方回复"},
		"agent.tiers_invalid":     {"EN": "The contract's tiers are not valid", "KM": "កម្រិតនៃកិច្ចសន្យាមិនត្រឹមត្រូវ", "CN": "契约档位设置无效"},
		"agent.contract_state":    {"EN": "The contract can no longer be changed this way", "KM": "កិច្ចសន្យាមិនអាចផ្លាស់ប្តូរតាមវិធីនេះបានទៀតទេ", "CN": "该契约当前状态不允许此操作"},
		"agent.code_taken":        {"EN": "That code is taken", "KM": "លេខកូដនោះត្រូវបានប្រើរួចហើយ", "CN": "该推广码已被使用"},
		"agent.too_many_codes":    {"EN": "You have reached the number of referral codes allowed", "KM": "អ្នកបានដល់ចំនួនលេខកូដណែនាំអតិបរមា", "CN": "推广码数量已达上限"},
		"agent.code_invalid":      {"EN": "A code is 4 to 20 letters and digits", "KM": "លេខកូដមាន ៤ ដល់ ២០ អក្សរ និងលេខ", "CN": "推广码为4至20位字母和数字"},
		"agent.move_cycle":        {"EN": "A member cannot move under its own team", "KM": "សមាជិកមិនអាចផ្លាស់ទៅក្រោមក្រុមរបស់ខ្លួនបានទេ", "CN": "会员不能转移到自己的团队之下"},
		"agent.upline_not_agent":  {"EN": "The new upline must be an agent", "KM": "ខ្សែលើថ្មីត្រូវតែជាភ្នាក់ងារ", "CN": "新上级必须是代理"},
		"agent.run_state":         {"EN": "This settlement has nothing left to pay", "KM": "ការទូទាត់នេះគ្មានអ្វីត្រូវបង់ទៀតទេ", "CN": "该结算已无待支付项"},
	} {
		messages[code] = words
	}
}

func (s *Server) agentSign(ctx context.Context, merchant string, member, id int64) (agent.Contract, error) {
	return s.Agents.Sign(ctx, merchant, member, id)
}

func (s *Server) agentRefuse(ctx context.Context, merchant string, member, id int64) (agent.Contract, error) {
	return s.Agents.Refuse(ctx, merchant, member, id)
}

func (s *Server) agentTerminate(ctx context.Context, merchant string, member, id int64) (agent.Contract, error) {
	return s.Agents.Terminate(ctx, merchant, member, id)
}
