package httpapi

import (
	"net/http"
	"strings"
	"time"

	"portal/internal/loyalty"
	"portal/internal/report"
)

// The points mall's player-site calls (issue 16, decision 0038): G-019's
// point balance, point reward, redeem list, config and member transaction
// detail, and the password-checked (E) redemption and conversion (G-018).

// pointsReady refuses when the service is not wired or the merchant's
// POINTMALL3 switch or its saved rules are off.
func (s *Server) pointsReady(r *http.Request) error {
	if s.Loyalty == nil {
		return newError(http.StatusNotFound, "resource.not_found", nil)
	}
	c, err := s.Loyalty.Config(r.Context(), merchantOf(r.Context()).Code)
	if err != nil {
		return err
	}
	if !c.Enabled {
		return errFeatureOff
	}
	return nil
}

var pointsPageParams = []Param{
	{Name: "pageNum", Type: TypeInteger, Min: 1, Max: 100000, Default: "1", Description: "page, from 1"},
	{Name: "pageSize", Type: TypeInteger, Min: 1, Max: 100, Default: "20", Description: "rows a page"},
}

type pointsBalance struct {
	Points int64 `json:"points"`
}

func (s *Server) pointsBalance(r *http.Request) (any, error) {
	if err := s.pointsReady(r); err != nil {
		return nil, err
	}
	ctx := r.Context()
	b, err := s.Loyalty.Balance(ctx, merchantOf(ctx).Code, memberOf(ctx).ID)
	return pointsBalance{Points: b}, err
}

func (s *Server) pointsReward(r *http.Request) (any, error) {
	if err := s.pointsReady(r); err != nil {
		return nil, err
	}
	ctx := r.Context()
	return s.Loyalty.Reward(ctx, merchantOf(ctx).Code, memberOf(ctx).ID)
}

// pointsConfig answers the rules even with the mall off (enabled false),
// so the site can say so.
func (s *Server) pointsConfig(r *http.Request) (any, error) {
	if s.Loyalty == nil {
		return nil, newError(http.StatusNotFound, "resource.not_found", nil)
	}
	return s.Loyalty.Config(r.Context(), merchantOf(r.Context()).Code)
}

type shopItems struct {
	Content []loyalty.ShopItem `json:"content"`
}

func (s *Server) pointsItems(r *http.Request) (any, error) {
	if err := s.pointsReady(r); err != nil {
		return nil, err
	}
	ctx := r.Context()
	list, err := s.Loyalty.ShopItems(ctx, merchantOf(ctx).Code, languageOf(ctx))
	return shopItems{Content: list}, err
}

// redeemRequest is a redemption (E): the payment password checked as the
// agent transfer checks it.
type redeemRequest struct {
	ItemID          int64  `json:"itemId"`
	Quantity        int    `json:"quantity"`
	PaymentPassword string `json:"paymentPassword"`
	RequestID       string `json:"requestId"`
}

func requestIDOf(id string) (string, error) {
	if id = strings.TrimSpace(id); id == "" || len(id) > 64 {
		return "", newError(http.StatusUnprocessableEntity, "validation.field_invalid", fieldError{Field: "requestId", Reason: "1 to 64 characters"})
	}
	return id, nil
}

func (s *Server) pointsRedeem(w http.ResponseWriter, r *http.Request) (any, error) {
	if err := s.pointsReady(r); err != nil {
		return nil, err
	}
	var req redeemRequest
	if err := s.decodeBody(w, r, &req); err != nil {
		return nil, err
	}
	id, err := requestIDOf(req.RequestID)
	if err != nil {
		return nil, err
	}
	if req.Quantity == 0 {
		req.Quantity = 1
	}
	if req.Quantity < 1 || req.Quantity > loyalty.MaxQuantity {
		return nil, newError(http.StatusUnprocessableEntity, "validation.field_invalid", fieldError{Field: "quantity", Reason: "1 to 100"})
	}
	if req.ItemID <= 0 {
		return nil, loyalty.ErrNotFound
	}
	if err := s.checkPaymentPassword(r, req.PaymentPassword); err != nil {
		return nil, err
	}
	ctx := r.Context()
	return s.Loyalty.Redeem(ctx, merchantOf(ctx).Code, memberOf(ctx).ID, req.ItemID, req.Quantity, id, languageOf(ctx))
}

type convertRequest struct {
	Points          int64  `json:"points"`
	PaymentPassword string `json:"paymentPassword"`
	RequestID       string `json:"requestId"`
}

func (s *Server) pointsConvert(w http.ResponseWriter, r *http.Request) (any, error) {
	if err := s.pointsReady(r); err != nil {
		return nil, err
	}
	var req convertRequest
	if err := s.decodeBody(w, r, &req); err != nil {
		return nil, err
	}
	id, err := requestIDOf(req.RequestID)
	if err != nil {
		return nil, err
	}
	if req.Points <= 0 || req.Points > loyalty.MaxPoints {
		return nil, loyalty.ErrBelowMinimum
	}
	if err := s.checkPaymentPassword(r, req.PaymentPassword); err != nil {
		return nil, err
	}
	ctx := r.Context()
	return s.Loyalty.Convert(ctx, merchantOf(ctx).Code, memberOf(ctx).ID, req.Points, id)
}

func (s *Server) pointsRedemptions(r *http.Request) (any, error) {
	if err := s.pointsReady(r); err != nil {
		return nil, err
	}
	ctx := r.Context()
	p := paramsOf(ctx)
	return s.Loyalty.Redemptions(ctx, merchantOf(ctx).Code, memberOf(ctx).ID, languageOf(ctx), p.Int("pageNum"), p.Int("pageSize"))
}

// pointsTransactions is the member's points movements over local days
// from..to (YYYY-MM-DD, default the last 30 days, at most 366).
func (s *Server) pointsTransactions(r *http.Request) (any, error) {
	if err := s.pointsReady(r); err != nil {
		return nil, err
	}
	ctx := r.Context()
	mer, p := merchantOf(ctx), paramsOf(ctx)
	off := report.Offset(mer.Code)
	zone := time.FixedZone("", int(off.Seconds()))
	now := time.Now().In(zone)
	today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, zone)
	from, to := today.AddDate(0, 0, -29), today
	var err error
	if v := p.String("from"); v != "" {
		if from, err = time.ParseInLocation(time.DateOnly, v, zone); err != nil {
			return nil, badParam("from", "YYYY-MM-DD")
		}
	}
	if v := p.String("to"); v != "" {
		if to, err = time.ParseInLocation(time.DateOnly, v, zone); err != nil {
			return nil, badParam("to", "YYYY-MM-DD")
		}
	}
	if to.Before(from) || to.Sub(from) > 366*24*time.Hour {
		return nil, badParam("from", "a range of at most 366 days, from not after to")
	}
	return s.Loyalty.Transactions(ctx, mer.Code, memberOf(ctx).ID, from, to.AddDate(0, 0, 1), p.Int("pageNum"), p.Int("pageSize"))
}

// loyaltyErrors words the loyalty domain's refusals.
func init() {
	domainErrors = append(domainErrors, []struct {
		target error
		status int
		code   string
	}{
		{loyalty.ErrInsufficient, http.StatusConflict, "points.insufficient"},
		{loyalty.ErrOutOfStock, http.StatusConflict, "points.out_of_stock"},
		{loyalty.ErrRequirement, http.StatusConflict, "points.requirement_not_met"},
		{loyalty.ErrLimitReached, http.StatusConflict, "points.limit_reached"},
		{loyalty.ErrNotFound, http.StatusNotFound, "points.not_found"},
		{loyalty.ErrBelowMinimum, http.StatusUnprocessableEntity, "points.below_minimum"},
		{loyalty.ErrDisabled, http.StatusForbidden, "feature.disabled"},
		{loyalty.ErrDecided, http.StatusConflict, "points.already_decided"},
		{loyalty.ErrInvalid, http.StatusUnprocessableEntity, "points.invalid"},
		{loyalty.ErrRequestReused, http.StatusConflict, "points.request_reused"},
		{loyalty.ErrQuantityInvalid, http.StatusUnprocessableEntity, "validation.field_invalid"},
	}...)
	for code, words := range map[string]map[string]string{
		"points.insufficient":        {"EN": "You do not have enough points", "KM": "អ្នកមិនមានពិន្ទុគ្រប់គ្រាន់ទេ", "CN": "您的积分不足"},
		"points.out_of_stock":        {"EN": "This item is out of stock", "KM": "ទំនិញនេះអស់ពីស្តុកហើយ", "CN": "该商品已售罄"},
		"points.requirement_not_met": {"EN": "Your valid bets of the last 30 days do not reach this item's requirement", "KM": "ការភ្នាល់សុពលភាពរបស់អ្នកក្នុងរយៈពេល 30 ថ្ងៃចុងក្រោយមិនទាន់ដល់លក្ខខណ្ឌនៃទំនិញនេះទេ", "CN": "您近30天的有效投注未达到该商品的要求"},
		"points.limit_reached":       {"EN": "You have redeemed this item as many times as allowed", "KM": "អ្នកបានប្តូរទំនិញនេះគ្រប់ចំនួនដែលអនុញ្ញាតហើយ", "CN": "您已达到该商品的兑换上限"},
		"points.not_found":           {"EN": "No such item", "KM": "រកមិនឃើញទំនិញនេះទេ", "CN": "商品不存在"},
		"points.below_minimum":       {"EN": "That is below the minimum number of points to convert", "KM": "ចំនួនពិន្ទុទាបជាងអប្បបរមាសម្រាប់ការប្តូរ", "CN": "低于最低兑换积分"},
		"points.already_decided":     {"EN": "This redemption was already decided", "KM": "ការប្តូរនេះត្រូវបានសម្រេចរួចហើយ", "CN": "该兑换已处理"},
		"points.invalid":             {"EN": "The points mall settings are not valid", "KM": "ការកំណត់ផ្សារពិន្ទុមិនត្រឹមត្រូវ", "CN": "积分商城设置无效"},
		"points.request_reused":      {"EN": "This request id was already used for another request", "KM": "លេខសំណើនេះត្រូវបានប្រើសម្រាប់សំណើផ្សេងរួចហើយ", "CN": "该请求编号已用于其他请求"},
	} {
		messages[code] = words
	}
}
