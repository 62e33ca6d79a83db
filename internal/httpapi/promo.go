package httpapi

import (
	"errors"
	"io"
	"mime/multipart"
	"net/http"
	"strconv"

	"github.com/go-chi/chi/v5"

	"portal/internal/identity"
	"portal/internal/merchant"
	"portal/internal/promo"
)

// Promotions for players (issue 16, decision 0036): the list and detail
// for anyone, the member's states, join, claim, apply, the claims record,
// the available count and the reward centre's badge. Amounts are minor
// units (points whole points).

// promoPageParams page the member's claims.
var promoPageParams = []Param{
	{Name: "pageNum", Type: TypeInteger, Min: 1, Max: 100000, Default: "1"},
	{Name: "pageSize", Type: TypeInteger, Min: 1, Max: 100, Default: "20"},
}

// promosReady refuses when the engine is not wired or the merchant's
// PROMOTION switch is off.
func (s *Server) promosReady(r *http.Request) error {
	if s.Promos == nil {
		return newError(http.StatusNotFound, "request.not_found", nil)
	}
	if !s.promotionsOn(r) {
		return errFeatureOff
	}
	return nil
}

// promotionsOn is the merchant's PROMOTION switch (the module tree is
// cached by the merchant service).
func (s *Server) promotionsOn(r *http.Request) bool {
	mer := merchantOf(r.Context())
	if s.Merchant == nil || mer == nil {
		return true
	}
	tree, err := s.Merchant.Whitelabel(r.Context(), mer.Code)
	return err != nil || merchant.ModuleOn(tree, merchant.ModPromotion)
}

// promoPathID is the {id} of a promotion route; anything but a positive
// integer is no promotion.
func promoPathID(r *http.Request, name string) (int64, error) {
	id, err := strconv.ParseInt(chi.URLParam(r, name), 10, 64)
	if err != nil || id <= 0 {
		return 0, promo.ErrNotFound
	}
	return id, nil
}

func promoWho(r *http.Request) promo.Who {
	ctx := r.Context()
	mer := merchantOf(ctx)
	return promo.Who{Merchant: mer.Code, Currency: mer.Currency, MemberID: memberOf(ctx).ID}
}

type promoList struct {
	Content []promo.View `json:"content"`
}

func (s *Server) promotions(r *http.Request) (any, error) {
	if err := s.promosReady(r); err != nil {
		return nil, err
	}
	ctx := r.Context()
	mer := merchantOf(ctx)
	list, err := s.Promos.Live(ctx, mer.Code)
	if err != nil {
		return nil, err
	}
	now := s.Promos.Now()
	out := promoList{Content: make([]promo.View, 0, len(list))}
	for _, p := range list {
		out.Content = append(out.Content, p.View(languageOf(ctx), mer.DefaultLanguage, false, now))
	}
	return out, nil
}

func (s *Server) promotion(r *http.Request) (any, error) {
	if err := s.promosReady(r); err != nil {
		return nil, err
	}
	id, err := promoPathID(r, "id")
	if err != nil {
		return nil, err
	}
	ctx := r.Context()
	mer := merchantOf(ctx)
	p, err := s.Promos.Get(ctx, mer.Code, id)
	if err != nil {
		return nil, err
	}
	if p.Status != promo.StatusLive && p.Status != promo.StatusPaused {
		return nil, promo.ErrNotFound
	}
	v := p.View(languageOf(ctx), mer.DefaultLanguage, true, s.Promos.Now())
	// Sanitized when stored; again when served, as announcements are.
	v.Body = merchant.SanitizeHTML(v.Body)
	return v, nil
}

type promoStates struct {
	States map[string]promo.MemberState `json:"states"`
}

func (s *Server) promotionStates(r *http.Request) (any, error) {
	if err := s.promosReady(r); err != nil {
		return nil, err
	}
	w := promoWho(r)
	states, _, err := s.Promos.States(r.Context(), w.Merchant, w.MemberID)
	if err != nil {
		return nil, err
	}
	out := promoStates{States: make(map[string]promo.MemberState, len(states))}
	for id, st := range states {
		out.States[strconv.FormatInt(id, 10)] = st
	}
	return out, nil
}

type promoJoined struct {
	State string `json:"state"`
}

// promoEmptyBody reads a body that must be {} or nothing.
func promoEmptyBody(w http.ResponseWriter, r *http.Request) error {
	if r.ContentLength == 0 {
		return nil
	}
	var req struct{}
	return decodeJSON(w, r, &req)
}

func (s *Server) joinPromotion(w http.ResponseWriter, r *http.Request) (any, error) {
	if err := s.promosReady(r); err != nil {
		return nil, err
	}
	id, err := promoPathID(r, "id")
	if err != nil {
		return nil, err
	}
	if err := promoEmptyBody(w, r); err != nil {
		return nil, err
	}
	state, err := s.Promos.Join(r.Context(), promoWho(r), id)
	if err != nil {
		return nil, err
	}
	return promoJoined{State: state}, nil
}

type promoClaimRequest struct {
	RequestID string `json:"requestId"`
}

func (s *Server) claimPromotion(w http.ResponseWriter, r *http.Request) (any, error) {
	if err := s.promosReady(r); err != nil {
		return nil, err
	}
	id, err := promoPathID(r, "id")
	if err != nil {
		return nil, err
	}
	var req promoClaimRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return nil, err
	}
	if req.RequestID == "" || len(req.RequestID) > 64 {
		return nil, newError(http.StatusBadRequest, "request.invalid_body", fieldError{Field: "requestId", Reason: "1-64 characters"})
	}
	return s.Promos.Claim(r.Context(), promoWho(r), id, req.RequestID)
}

type promoApplied struct {
	State         string `json:"state"`
	ApplicationID int64  `json:"applicationId"`
}

// promoApplyBodyMax bounds an application's body: three images at their
// limit and the comment, with the multipart framing.
const promoApplyBodyMax = promo.MaxImages*promo.MaxImageBytes + 64<<10

func (s *Server) applyPromotion(w http.ResponseWriter, r *http.Request) (any, error) {
	if err := s.promosReady(r); err != nil {
		return nil, err
	}
	id, err := promoPathID(r, "id")
	if err != nil {
		return nil, err
	}
	r.Body = http.MaxBytesReader(w, r.Body, promoApplyBodyMax+int64(promo.MaxImages+1)*(1<<20))
	mr, err := r.MultipartReader()
	if err != nil {
		return nil, newError(http.StatusBadRequest, "request.invalid_body", fieldError{Field: "", Reason: "multipart/form-data expected"})
	}
	var comment string
	var images [][]byte
	for {
		part, err := mr.NextPart()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, promoBodyError(err)
		}
		switch part.FormName() {
		case "comment":
			raw, err := io.ReadAll(io.LimitReader(part, 4<<10))
			if err != nil {
				return nil, promoBodyError(err)
			}
			comment = string(raw)
		case "images", "images[]", "image":
			if len(images) == promo.MaxImages {
				return nil, promoApplyError(promo.ErrTooManyImages)
			}
			raw, err := readPart(part, promo.MaxImageBytes)
			if err != nil {
				return nil, promoApplyError(err)
			}
			images = append(images, raw)
		}
		part.Close()
	}
	appID, err := s.Promos.Apply(r.Context(), promoWho(r), id, comment, images)
	if err != nil {
		return nil, promoApplyError(err)
	}
	return promoApplied{State: promo.StateApplying, ApplicationID: appID}, nil
}

// readPart reads a file part of at most max bytes; a larger one is
// ErrImageTooLarge before it is read whole.
func readPart(part *multipart.Part, max int) ([]byte, error) {
	raw, err := io.ReadAll(io.LimitReader(part, int64(max)+1))
	if err != nil {
		return nil, promoBodyError(err)
	}
	if len(raw) > max {
		return nil, promo.ErrImageTooLarge
	}
	return raw, nil
}

func promoBodyError(err error) error {
	var tooLarge *http.MaxBytesError
	if errors.As(err, &tooLarge) {
		return promo.ErrImageTooLarge
	}
	return newError(http.StatusBadRequest, "request.invalid_body", fieldError{Field: "", Reason: "unreadable multipart body"})
}

// promoApplyError names the failing field of an application.
func promoApplyError(err error) error {
	switch {
	case errors.Is(err, promo.ErrCommentTooLong):
		return newError(http.StatusUnprocessableEntity, "promo.comment_too_long", fieldError{Field: "comment", Reason: "at most 140 characters"})
	case errors.Is(err, promo.ErrImageType):
		return newError(http.StatusUnprocessableEntity, "promo.image_type", fieldError{Field: "images", Reason: "PNG or JPEG only"})
	case errors.Is(err, promo.ErrTooManyImages):
		return newError(http.StatusUnprocessableEntity, "promo.too_many_images", fieldError{Field: "images", Reason: "at most 3"})
	case errors.Is(err, promo.ErrImageTooLarge):
		return newError(http.StatusRequestEntityTooLarge, "promo.image_too_large", fieldError{Field: "images", Reason: "at most 5 MB each"})
	}
	return err
}

func (s *Server) promotionClaims(r *http.Request) (any, error) {
	if err := s.promosReady(r); err != nil {
		return nil, err
	}
	ctx := r.Context()
	p := paramsOf(ctx)
	num, size := p.Int("pageNum"), p.Int("pageSize")
	w := promoWho(r)
	list, total, err := s.Promos.MemberClaims(ctx, w.Merchant, w.MemberID, languageOf(ctx), merchantOf(ctx).DefaultLanguage, num, size)
	if err != nil {
		return nil, err
	}
	return newPage(list, num, size, total), nil
}

// availablePromo is a feature the member may use (public state).
type availablePromo struct {
	Type    string `json:"type"`
	Enabled bool   `json:"enabled"`
}

type promoAvailable struct {
	AvailablePromoCount int              `json:"availablePromoCount"`
	AvailablePromo      []availablePromo `json:"availablePromo"`
}

// promoAvailability is the available count and features of memberInfo
// and /wps/promotions/available (G-002, G-023): 0 when promotions are off
// or unreadable, never an error for the caller.
func (s *Server) promoAvailability(r *http.Request, memberID int64) promoAvailable {
	mer := merchantOf(r.Context())
	out := promoAvailable{AvailablePromo: []availablePromo{{Type: "REFERRAL", Enabled: mer != nil && mer.Referral}}}
	if s.Promos == nil || mer == nil || !s.promotionsOn(r) {
		return out
	}
	n, err := s.Promos.Available(r.Context(), mer.Code, memberID)
	if err != nil {
		s.log.WarnContext(r.Context(), "available promotions", "err", err, "request_id", requestID(r.Context()))
		return out
	}
	out.AvailablePromoCount = n
	return out
}

// withPromos adds the available promotions to a member's info; a trial
// account has none.
func (s *Server) withPromos(r *http.Request, info memberInfo, m *identity.Member) memberInfo {
	if m == nil || m.Type.IsTrial() {
		info.promoAvailable = promoAvailable{AvailablePromo: []availablePromo{}}
		return info
	}
	info.promoAvailable = s.promoAvailability(r, m.ID)
	return info
}

func (s *Server) promotionsAvailable(r *http.Request) (any, error) {
	return s.promoAvailability(r, memberOf(r.Context()).ID), nil
}

type rewardClaimable struct {
	PromotionID int64      `json:"promotionId"`
	Title       string     `json:"title"`
	Reward      promo.Paid `json:"reward"`
}

type rewardSummary struct {
	Count     int               `json:"count"`
	Claimable []rewardClaimable `json:"claimable"`
}

func (s *Server) rewardsSummary(r *http.Request) (any, error) {
	out := rewardSummary{Claimable: []rewardClaimable{}}
	if s.Promos == nil || !s.promotionsOn(r) {
		return out, nil
	}
	ctx := r.Context()
	w := promoWho(r)
	states, list, err := s.Promos.States(ctx, w.Merchant, w.MemberID)
	if err != nil {
		return nil, err
	}
	mer := merchantOf(ctx)
	now := s.Promos.Now()
	for _, p := range list {
		st := states[p.ID]
		if st.State != promo.StateClaim {
			continue
		}
		amount := int64(0)
		if st.Claimable != nil {
			amount = *st.Claimable
		}
		out.Claimable = append(out.Claimable, rewardClaimable{PromotionID: p.ID, Title: p.View(languageOf(ctx), mer.DefaultLanguage, false, now).Title,
			Reward: promo.Paid{Kind: p.Reward.Kind, Amount: amount}})
	}
	out.Count = len(out.Claimable)
	return out, nil
}

type raffleRequest struct {
	PromotionID int64 `json:"promotionId"`
}

// raffle answers a raffle entry (G-009). Raffle draws come in the next
// slice: a promotion that exists answers promo.closed, honestly.
func (s *Server) raffle(w http.ResponseWriter, r *http.Request) (any, error) {
	if err := s.promosReady(r); err != nil {
		return nil, err
	}
	var req raffleRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return nil, err
	}
	if req.PromotionID <= 0 {
		return nil, promo.ErrNotFound
	}
	p, err := s.Promos.Get(r.Context(), merchantOf(r.Context()).Code, req.PromotionID)
	if err != nil {
		return nil, err
	}
	if p.Status == promo.StatusDraft {
		return nil, promo.ErrNotFound
	}
	return nil, promo.ErrClosed
}

// promoErrors words the promotion domain's refusals.
func init() {
	domainErrors = append(domainErrors, []struct {
		target error
		status int
		code   string
	}{
		{promo.ErrNotFound, http.StatusNotFound, "promo.not_found"},
		{promo.ErrNotJoinable, http.StatusConflict, "promo.not_joinable"},
		{promo.ErrClosed, http.StatusConflict, "promo.closed"},
		{promo.ErrNotQualified, http.StatusConflict, "promo.not_qualified"},
		{promo.ErrBudgetExhausted, http.StatusConflict, "promo.budget_exhausted"},
		{promo.ErrAlreadyClaimed, http.StatusConflict, "promo.already_claimed"},
		{promo.ErrBonusActive, http.StatusConflict, "bonus.active_grant"},
		{promo.ErrBonusUnavailable, http.StatusConflict, "promo.closed"},
		{promo.ErrApplicationPending, http.StatusConflict, "promo.application_pending"},
		{promo.ErrApplicationDecided, http.StatusConflict, "promo.application_decided"},
		{promo.ErrCommentTooLong, http.StatusUnprocessableEntity, "promo.comment_too_long"},
		{promo.ErrImageType, http.StatusUnprocessableEntity, "promo.image_type"},
		{promo.ErrImageTooLarge, http.StatusRequestEntityTooLarge, "promo.image_too_large"},
		{promo.ErrTooManyImages, http.StatusUnprocessableEntity, "promo.too_many_images"},
		{promo.ErrReasonRequired, http.StatusUnprocessableEntity, "admin.reason_invalid"},
		{promo.ErrAmountInvalid, http.StatusUnprocessableEntity, "admin.amount_invalid"},
		{promo.ErrInvalid, http.StatusUnprocessableEntity, "validation.field_invalid"},
	}...)
	for code, words := range map[string]map[string]string{
		"promo.not_found":           {"EN": "No such promotion", "KM": "មិនមានប្រូម៉ូសិននេះទេ", "CN": "该活动不存在"},
		"promo.not_joinable":        {"EN": "This promotion needs no joining", "KM": "ប្រូម៉ូសិននេះមិនចាំបាច់ចូលរួមទេ", "CN": "该活动无需报名"},
		"promo.closed":              {"EN": "This promotion is closed", "KM": "ប្រូម៉ូសិននេះបានបិទហើយ", "CN": "该活动已结束"},
		"promo.not_qualified":       {"EN": "You have not qualified for this reward yet", "KM": "អ្នកមិនទាន់មានលក្ខណៈសម្បត្តិសម្រាប់រង្វាន់នេះនៅឡើយទេ", "CN": "您尚未达到领取条件"},
		"promo.budget_exhausted":    {"EN": "This promotion's rewards have all been given out", "KM": "រង្វាន់នៃប្រូម៉ូសិននេះត្រូវបានផ្តល់អស់ហើយ", "CN": "该活动奖励已派完"},
		"promo.already_claimed":     {"EN": "You have already claimed this reward", "KM": "អ្នកបានទាមទាររង្វាន់នេះរួចហើយ", "CN": "您已领取过该奖励"},
		"bonus.active_grant":        {"EN": "A bonus is already running: finish or forfeit it first", "KM": "ប្រាក់រង្វាន់មួយកំពុងដំណើរការ៖ សូមបញ្ចប់ ឬបោះបង់វាជាមុនសិន", "CN": "已有进行中的红利：请先完成或放弃"},
		"promo.application_pending": {"EN": "Your application is under review", "KM": "ពាក្យស្នើសុំរបស់អ្នកកំពុងត្រូវបានពិនិត្យ", "CN": "您的申请正在审核中"},
		"promo.application_decided": {"EN": "This application has already been decided", "KM": "ពាក្យស្នើសុំនេះត្រូវបានសម្រេចរួចហើយ", "CN": "该申请已处理"},
		"promo.comment_too_long":    {"EN": "The comment may have at most 140 characters", "KM": "មតិអាចមានយ៉ាងច្រើន 140 តួអក្សរ", "CN": "留言最多140个字符"},
		"promo.image_type":          {"EN": "Images must be PNG or JPEG", "KM": "រូបភាពត្រូវតែជា PNG ឬ JPEG", "CN": "图片必须为PNG或JPEG格式"},
		"promo.image_too_large":     {"EN": "Each image may be at most 5 MB", "KM": "រូបភាពនីមួយៗអាចមានទំហំយ៉ាងច្រើន 5 MB", "CN": "每张图片不得超过5 MB"},
		"promo.too_many_images":     {"EN": "At most 3 images", "KM": "យ៉ាងច្រើន 3 រូបភាព", "CN": "最多3张图片"},
	} {
		messages[code] = words
	}
}
