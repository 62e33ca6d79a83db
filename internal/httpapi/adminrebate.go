package httpapi

import (
	"errors"
	"net/http"
	"strconv"
	"time"

	"portal/internal/merchant"
	"portal/internal/operator"
	"portal/internal/rebate"
	"portal/internal/report"
)

// The back office's rebate and cashback (decision 0039): the rates, the
// automatic runs with their payouts (CSV too), and re-runs that pay only
// what is missing. Amounts are minor units of the merchant's currency,
// named in every answer that has them.

// rebateMerchant is the merchant the call acts on: a platform operator
// must name one.
func (s *Server) rebateMerchant(r *http.Request) (*merchant.Merchant, error) {
	if err := s.rebateReady(); err != nil {
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

type rebateRates struct {
	moneyUnit
	Rates []rebate.Rate `json:"rates"`
}

func (s *Server) adminRebateRates(r *http.Request) (any, error) {
	mer, err := s.rebateMerchant(r)
	if err != nil {
		return nil, err
	}
	list, err := s.Rebates.Rates(r.Context(), mer.Code)
	return rebateRates{moneyUnit: moneyOf(mer), Rates: list}, err
}

type rebateRatesUpdate struct {
	Rates []rebate.Rate `json:"rates"`
}

func (s *Server) adminSetRebateRates(w http.ResponseWriter, r *http.Request) (any, error) {
	mer, err := s.rebateMerchant(r)
	if err != nil {
		return nil, err
	}
	var req rebateRatesUpdate
	if err := decodeJSON(w, r, &req); err != nil {
		return nil, err
	}
	if req.Rates == nil {
		req.Rates = []rebate.Rate{}
	}
	ctx := r.Context()
	a := adminOf(ctx)
	a.target = "rebate-rates:" + mer.Code
	before, err := s.Rebates.Rates(ctx, mer.Code)
	if err != nil {
		return nil, err
	}
	list, err := s.Rebates.SetRates(ctx, mer.Code, req.Rates)
	var re *rebate.RateError
	if errors.As(err, &re) {
		return nil, newError(http.StatusUnprocessableEntity, "rebate.rates_invalid",
			fieldError{Field: "rates[" + strconv.Itoa(re.Index) + "]." + re.Field, Reason: re.Reason})
	}
	if err != nil {
		return nil, err
	}
	a.note(a.target, before, list)
	return rebateRates{moneyUnit: moneyOf(mer), Rates: list}, nil
}

// rebateRunPage names the reporting zone ("+07:00"): periods start at its
// local midnight, and a re-run's periodStart must be one of those.
type rebateRunPage struct {
	Page[rebate.Run]
	moneyUnit
	Timezone string `json:"timezone"`
}

func (s *Server) adminRebateRuns(r *http.Request) (any, error) {
	mer, err := s.rebateMerchant(r)
	if err != nil {
		return nil, err
	}
	p := paramsOf(r.Context())
	num, size := p.Int("pageNum"), p.Int("pageSize")
	list, total, err := s.Rebates.Runs(r.Context(), mer.Code, p.String("kind"), num, size)
	if err != nil {
		return nil, err
	}
	return rebateRunPage{Page: newPage(list, num, size, int(total)), moneyUnit: moneyOf(mer), Timezone: zone(report.Offset(mer.Code))}, nil
}

type rebateRerun struct {
	Kind        string `json:"kind"`
	PeriodStart string `json:"periodStart"`
}

func (s *Server) adminRebateRerun(w http.ResponseWriter, r *http.Request) (any, error) {
	mer, err := s.rebateMerchant(r)
	if err != nil {
		return nil, err
	}
	var req rebateRerun
	if err := decodeJSON(w, r, &req); err != nil {
		return nil, err
	}
	if req.Kind != rebate.KindRebate && req.Kind != rebate.KindCashback {
		return nil, newError(http.StatusUnprocessableEntity, "validation.field_invalid", fieldError{Field: "kind", Reason: "rebate or cashback"})
	}
	start, err := time.Parse(time.RFC3339, req.PeriodStart)
	if err != nil {
		return nil, newError(http.StatusUnprocessableEntity, "validation.field_invalid", fieldError{Field: "periodStart", Reason: "an RFC 3339 time"})
	}
	a := adminOf(r.Context())
	a.target = "rebate-run:" + req.Kind + ":" + start.UTC().Format(time.RFC3339)
	run, err := s.Rebates.Rerun(r.Context(), mer.Code, req.Kind, start)
	if err != nil {
		return nil, err
	}
	a.note(a.target, nil, run)
	return run, nil
}

type rebatePayoutPage struct {
	Page[rebate.Payout]
	moneyUnit
}

// adminRebatePayouts answers a page of a run's payouts, or all of them as
// CSV with format=csv.
func (s *Server) adminRebatePayouts(w http.ResponseWriter, r *http.Request) {
	mer, err := s.rebateMerchant(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	id, err := pathID(r)
	if err != nil {
		s.writeError(w, r, rebate.ErrNotFound)
		return
	}
	ctx := r.Context()
	p := paramsOf(ctx)
	if p.String("format") == "csv" {
		if _, err := s.Rebates.RunOf(ctx, mer.Code, id); err != nil {
			s.writeError(w, r, err)
			return
		}
		w.Header().Set("Content-Type", "text/csv; charset=utf-8")
		w.Header().Set("Content-Disposition", `attachment; filename="rebate-run-`+strconv.FormatInt(id, 10)+`.csv"`)
		w.Header().Set("X-Content-Type-Options", "nosniff")
		if err := s.Rebates.RunPayoutsCSV(ctx, mer.Code, id, w); err != nil {
			s.log.ErrorContext(ctx, "rebate payouts export failed", "err", err, "request_id", requestID(ctx))
		}
		return
	}
	num, size := p.Int("pageNum"), p.Int("pageSize")
	list, total, err := s.Rebates.RunPayouts(ctx, mer.Code, id, num, size)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeValue(w, http.StatusOK, rebatePayoutPage{Page: newPage(list, num, size, int(total)), moneyUnit: moneyOf(mer)})
}
