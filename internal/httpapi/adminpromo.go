package httpapi

import (
	"encoding/csv"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"

	"portal/internal/merchant"
	"portal/internal/operator"
	"portal/internal/promo"
)

// The back office's promotions (issue 16, decision 0036): compose,
// publish, pause and end; claims with CSV; the applications queue with
// its images, approvals and rejections; each promotion's reward ledger.
// Every mutating call is audited by adminHandler, with the values before
// and after noted here.

var adminPromoPageParams = []Param{
	{Name: "pageNum", Type: TypeInteger, Min: 1, Max: 100000, Default: "1"},
	{Name: "pageSize", Type: TypeInteger, Min: 1, Max: 100, Default: "20"},
}

// promoMerchant is the merchant an admin promotion call acts on.
func (s *Server) promoMerchant(r *http.Request) (*merchant.Merchant, error) {
	if s.Promos == nil {
		return nil, newError(http.StatusNotFound, "request.not_found", nil)
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

// adminPromoError words a missing promotion or application as the back
// office words any missing object.
func adminPromoError(err error) error {
	if errors.Is(err, promo.ErrNotFound) {
		return newError(http.StatusNotFound, "resource.not_found", nil)
	}
	return err
}

// adminPromoJSON and adminPromoPayload apply adminPromoError to a handler.
func adminPromoJSON(h func(r *http.Request) (any, error)) func(r *http.Request) (any, error) {
	return func(r *http.Request) (any, error) {
		v, err := h(r)
		return v, adminPromoError(err)
	}
}

func adminPromoPayload(h func(w http.ResponseWriter, r *http.Request) (any, error)) func(w http.ResponseWriter, r *http.Request) (any, error) {
	return func(w http.ResponseWriter, r *http.Request) (any, error) {
		v, err := h(w, r)
		return v, adminPromoError(err)
	}
}

// promoFieldError names the field of an invalid promotion.
func promoFieldError(err error) error {
	var fe *promo.FieldError
	if errors.As(err, &fe) {
		return newError(http.StatusUnprocessableEntity, "validation.field_invalid", fieldError{Field: fe.Field, Reason: fe.Reason})
	}
	return err
}

// The lists and the ledger name the merchant's currency and decimals, so
// the back office writes minor units in the right unit.
type adminPromoList struct {
	Content []promo.AdminView `json:"content"`
	moneyUnit
}

type adminClaimPage struct {
	Page[promo.ClaimRow]
	moneyUnit
}

type adminApplicationPage struct {
	Page[promo.Application]
	moneyUnit
}

type adminPromoLedger struct {
	promo.Ledger
	moneyUnit
}

func (s *Server) adminPromotions(r *http.Request) (any, error) {
	mer, err := s.promoMerchant(r)
	if err != nil {
		return nil, err
	}
	list, err := s.Promos.All(r.Context(), mer.Code)
	if err != nil {
		return nil, err
	}
	now := s.Promos.Now()
	out := adminPromoList{Content: make([]promo.AdminView, 0, len(list)), moneyUnit: moneyOf(mer)}
	for _, p := range list {
		out.Content = append(out.Content, p.Admin(now))
	}
	return out, nil
}

func (s *Server) adminPromotion(r *http.Request) (any, error) {
	mer, err := s.promoMerchant(r)
	if err != nil {
		return nil, err
	}
	id, err := promoPathID(r, "id")
	if err != nil {
		return nil, err
	}
	p, err := s.Promos.Get(r.Context(), mer.Code, id)
	if err != nil {
		return nil, err
	}
	return p.Admin(s.Promos.Now()), nil
}

func (s *Server) adminCreatePromotion(w http.ResponseWriter, r *http.Request) (any, error) {
	mer, err := s.promoMerchant(r)
	if err != nil {
		return nil, err
	}
	var in promo.Input
	if err := decodeJSON(w, r, &in); err != nil {
		return nil, err
	}
	p, err := s.Promos.Create(r.Context(), mer.Code, in)
	if err != nil {
		return nil, promoFieldError(err)
	}
	v := p.Admin(s.Promos.Now())
	adminOf(r.Context()).note("promotion:"+strconv.FormatInt(p.ID, 10), nil, v)
	return v, nil
}

func (s *Server) adminUpdatePromotion(w http.ResponseWriter, r *http.Request) (any, error) {
	mer, err := s.promoMerchant(r)
	if err != nil {
		return nil, err
	}
	id, err := promoPathID(r, "id")
	if err != nil {
		return nil, err
	}
	var in promo.Input
	if err := decodeJSON(w, r, &in); err != nil {
		return nil, err
	}
	a := adminOf(r.Context())
	a.target = "promotion:" + strconv.FormatInt(id, 10)
	before, after, err := s.Promos.Update(r.Context(), mer.Code, id, in)
	if err != nil {
		return nil, promoFieldError(err)
	}
	now := s.Promos.Now()
	v := after.Admin(now)
	a.note(a.target, before.Admin(now), v)
	return v, nil
}

type promoStatusRequest struct {
	Status string `json:"status"`
}

func (s *Server) adminPromotionStatus(w http.ResponseWriter, r *http.Request) (any, error) {
	mer, err := s.promoMerchant(r)
	if err != nil {
		return nil, err
	}
	id, err := promoPathID(r, "id")
	if err != nil {
		return nil, err
	}
	var req promoStatusRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return nil, err
	}
	a := adminOf(r.Context())
	a.target = "promotion:" + strconv.FormatInt(id, 10)
	before, after, err := s.Promos.SetStatus(r.Context(), mer.Code, id, req.Status)
	if err != nil {
		return nil, promoFieldError(err)
	}
	a.note(a.target, promoStatusRequest{Status: before.Status}, promoStatusRequest{Status: after.Status})
	return after.Admin(s.Promos.Now()), nil
}

// adminPromotionClaims answers a page of claims, or all of them as CSV
// with format=csv (formula-like cells prefixed with ').
func (s *Server) adminPromotionClaims(w http.ResponseWriter, r *http.Request) {
	err := func() error {
		mer, err := s.promoMerchant(r)
		if err != nil {
			return err
		}
		id, err := promoPathID(r, "id")
		if err != nil {
			return err
		}
		p := paramsOf(r.Context())
		if p.String("format") == "csv" {
			list, _, err := s.Promos.Claims(r.Context(), mer.Code, id, 1, 0)
			if err != nil {
				return err
			}
			w.Header().Set("Content-Type", "text/csv; charset=utf-8")
			w.Header().Set("Content-Disposition", `attachment; filename="promotion-`+strconv.FormatInt(id, 10)+`-claims.csv"`)
			w.Header().Set("X-Content-Type-Options", "nosniff")
			cw := csv.NewWriter(w)
			_ = cw.Write([]string{"id", "memberId", "username", "state", "amount", "rewardKind", "createdAt", "decidedAt", "decidedBy", "reason"})
			for _, c := range list {
				decided := ""
				if c.DecidedAt != nil {
					decided = c.DecidedAt.Format(time.RFC3339)
				}
				_ = cw.Write([]string{strconv.FormatInt(c.ID, 10), strconv.FormatInt(c.MemberID, 10), promoCSVCell(c.Username), c.State,
					strconv.FormatInt(c.Amount, 10), c.RewardKind, c.CreatedAt.Format(time.RFC3339), decided, promoCSVCell(c.DecidedBy), promoCSVCell(c.Reason)})
			}
			cw.Flush()
			return nil
		}
		num, size := p.Int("pageNum"), p.Int("pageSize")
		list, total, err := s.Promos.Claims(r.Context(), mer.Code, id, num, size)
		if err != nil {
			return err
		}
		writeValue(w, http.StatusOK, adminClaimPage{Page: newPage(list, num, size, total), moneyUnit: moneyOf(mer)})
		return nil
	}()
	if err != nil {
		s.writeError(w, r, adminPromoError(err))
	}
}

// promoCSVCell keeps a spreadsheet from reading a cell as a formula.
func promoCSVCell(v string) string {
	if v != "" && strings.ContainsRune("=+-@\t\r", rune(v[0])) {
		return "'" + v
	}
	return v
}

func (s *Server) adminPromotionApplications(r *http.Request) (any, error) {
	mer, err := s.promoMerchant(r)
	if err != nil {
		return nil, err
	}
	p := paramsOf(r.Context())
	num, size := p.Int("pageNum"), p.Int("pageSize")
	list, total, err := s.Promos.Applications(r.Context(), mer.Code, p.String("state"), num, size)
	if err != nil {
		return nil, err
	}
	return adminApplicationPage{Page: newPage(list, num, size, total), moneyUnit: moneyOf(mer)}, nil
}

// adminApplicationImage answers an application's image; nothing in it
// runs or is sniffed.
func (s *Server) adminApplicationImage(w http.ResponseWriter, r *http.Request) {
	err := func() error {
		mer, err := s.promoMerchant(r)
		if err != nil {
			return err
		}
		id, err := promoPathID(r, "id")
		if err != nil {
			return err
		}
		n, err := strconv.Atoi(chi.URLParam(r, "n"))
		if err != nil || n < 0 || n >= promo.MaxImages {
			return promo.ErrNotFound
		}
		img, err := s.Promos.ApplicationImage(r.Context(), mer.Code, id, n)
		if err != nil {
			return err
		}
		w.Header().Set("Content-Type", img.ContentType)
		w.Header().Set("X-Content-Type-Options", "nosniff")
		w.Header().Set("Cache-Control", "private, no-store")
		w.Header().Set("Content-Security-Policy", "default-src 'none'")
		w.Header().Set("Content-Length", strconv.Itoa(len(img.Data)))
		_, _ = w.Write(img.Data)
		return nil
	}()
	if err != nil {
		s.writeError(w, r, adminPromoError(err))
	}
}

type promoApprove struct {
	Amount int64 `json:"amount"`
}

type promoReject struct {
	Reason string `json:"reason"`
}

func (s *Server) adminApproveApplication(w http.ResponseWriter, r *http.Request) (any, error) {
	mer, err := s.promoMerchant(r)
	if err != nil {
		return nil, err
	}
	id, err := promoPathID(r, "id")
	if err != nil {
		return nil, err
	}
	var req promoApprove
	if err := decodeJSON(w, r, &req); err != nil {
		return nil, err
	}
	a := adminOf(r.Context())
	a.target = "promotion-application:" + strconv.FormatInt(id, 10)
	app, err := s.Promos.Approve(r.Context(), mer.Code, mer.Currency, id, req.Amount, a.session.Operator.Username)
	if err != nil {
		return nil, err
	}
	a.note(a.target, nil, req)
	return app, nil
}

func (s *Server) adminRejectApplication(w http.ResponseWriter, r *http.Request) (any, error) {
	mer, err := s.promoMerchant(r)
	if err != nil {
		return nil, err
	}
	id, err := promoPathID(r, "id")
	if err != nil {
		return nil, err
	}
	var req promoReject
	if err := decodeJSON(w, r, &req); err != nil {
		return nil, err
	}
	a := adminOf(r.Context())
	a.target = "promotion-application:" + strconv.FormatInt(id, 10)
	app, err := s.Promos.Reject(r.Context(), mer.Code, id, req.Reason, a.session.Operator.Username)
	if err != nil {
		return nil, err
	}
	a.note(a.target, nil, req)
	return app, nil
}

func (s *Server) adminPromotionLedger(r *http.Request) (any, error) {
	mer, err := s.promoMerchant(r)
	if err != nil {
		return nil, err
	}
	id, err := promoPathID(r, "id")
	if err != nil {
		return nil, err
	}
	l, err := s.Promos.LedgerOf(r.Context(), mer.Code, id)
	if err != nil {
		return nil, err
	}
	return adminPromoLedger{Ledger: l, moneyUnit: moneyOf(mer)}, nil
}
