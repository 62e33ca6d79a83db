package httpapi

import (
	"net/http"
	"strings"

	"portal/internal/rebate"
)

// Rebate and cashback for the member (decision 0039): the rates of its
// level, what the current periods accrued, the manual claim, and what was
// paid. Amounts are minor units of the merchant's currency.

func (s *Server) rebateReady() error {
	if s.Rebates == nil {
		return newError(http.StatusNotFound, "resource.not_found", nil)
	}
	return nil
}

// rebateOn refuses the member's calls when the merchant's PROMOTION
// switch is off (rebate and cashback are promotions).
func (s *Server) rebateOn(r *http.Request) error {
	if err := s.rebateReady(); err != nil {
		return err
	}
	if !s.promotionsOn(r) {
		return errFeatureOff
	}
	return nil
}

func (s *Server) rebateStatus(r *http.Request) (any, error) {
	if err := s.rebateOn(r); err != nil {
		return nil, err
	}
	ctx := r.Context()
	return s.Rebates.StatusOf(ctx, merchantOf(ctx).Code, memberOf(ctx).ID)
}

type rebateClaim struct {
	RequestID string `json:"requestId"`
}

func (s *Server) rebateClaim(w http.ResponseWriter, r *http.Request) (any, error) {
	if err := s.rebateOn(r); err != nil {
		return nil, err
	}
	var req rebateClaim
	if err := s.decodeBody(w, r, &req); err != nil {
		return nil, err
	}
	if req.RequestID = strings.TrimSpace(req.RequestID); req.RequestID == "" || len(req.RequestID) > 64 {
		return nil, newError(http.StatusUnprocessableEntity, "validation.field_invalid", fieldError{Field: "requestId", Reason: "1 to 64 characters"})
	}
	ctx := r.Context()
	return s.Rebates.Claim(ctx, merchantOf(ctx).Code, memberOf(ctx).ID, req.RequestID)
}

func (s *Server) rebateHistory(r *http.Request) (any, error) {
	if err := s.rebateOn(r); err != nil {
		return nil, err
	}
	ctx := r.Context()
	p := paramsOf(ctx)
	num, size := p.Int("pageNum"), p.Int("pageSize")
	list, total, err := s.Rebates.History(ctx, memberOf(ctx).ID, num, size)
	if err != nil {
		return nil, err
	}
	return newPage(list, num, size, int(total)), nil
}

var rebatePageParams = []Param{
	{Name: "pageNum", Type: TypeInteger, Min: 1, Max: 100000, Default: "1"},
	{Name: "pageSize", Type: TypeInteger, Min: 1, Max: 100, Default: "20"},
}

// The rebate domain's refusals and their words.
func init() {
	domainErrors = append(domainErrors, []struct {
		target error
		status int
		code   string
	}{
		{rebate.ErrNothingToClaim, http.StatusConflict, "rebate.nothing_to_claim"},
		{rebate.ErrBelowMinimum, http.StatusConflict, "rebate.below_minimum"},
		{rebate.ErrRatesInvalid, http.StatusUnprocessableEntity, "rebate.rates_invalid"},
		{rebate.ErrPeriodInvalid, http.StatusUnprocessableEntity, "rebate.period_invalid"},
		{rebate.ErrNotFound, http.StatusNotFound, "resource.not_found"},
	}...)
	for code, words := range map[string]map[string]string{
		"rebate.nothing_to_claim": {"EN": "There is no rebate to claim yet", "KM": "មិនទាន់មានប្រាក់បង្វិលសងសម្រាប់ទាមទារនៅឡើយទេ", "CN": "暂无可领取的返水"},
		"rebate.below_minimum":    {"EN": "The rebate is below the minimum payout; play a little more", "KM": "ប្រាក់បង្វិលសងទាបជាងចំនួនទូទាត់អប្បបរមា សូមលេងបន្ថែមបន្តិច", "CN": "返水金额低于最低发放金额，请继续游戏"},
		"rebate.rates_invalid":    {"EN": "The rebate rates are not valid", "KM": "អត្រាបង្វិលសងមិនត្រឹមត្រូវ", "CN": "返水比例设置无效"},
		"rebate.period_invalid":   {"EN": "That is not the start of an ended period", "KM": "នោះមិនមែនជាការចាប់ផ្តើមនៃរយៈពេលដែលបានបញ្ចប់ទេ", "CN": "该时间不是已结束周期的开始"},
	} {
		messages[code] = words
	}
}
