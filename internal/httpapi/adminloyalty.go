package httpapi

import (
	"errors"
	"net/http"
	"strconv"

	"portal/internal/loyalty"
	"portal/internal/merchant"
	"portal/internal/operator"
)

// The back office's points mall and VIP levels (decision 0038): items,
// the redemption review queue, the points rules and the VIP ladder. Every
// change is audited with its values before and after (admin.go).

func (s *Server) loyaltyMerchant(r *http.Request) (*merchant.Merchant, error) {
	if s.Loyalty == nil {
		return nil, newError(http.StatusNotFound, "resource.not_found", nil)
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

// adminNotFound words a missing object of the merchant as the back office
// does for every area.
func adminNotFound(err error) error {
	if errors.Is(err, loyalty.ErrNotFound) {
		return newError(http.StatusNotFound, "resource.not_found", nil)
	}
	return err
}

type adminPointItems struct {
	moneyUnit
	Content []loyalty.Item `json:"content"`
}

func (s *Server) adminPointItems(r *http.Request) (any, error) {
	mer, err := s.loyaltyMerchant(r)
	if err != nil {
		return nil, err
	}
	list, err := s.Loyalty.AdminItems(r.Context(), mer.Code)
	return adminPointItems{moneyUnit: moneyOf(mer), Content: list}, err
}

func (s *Server) adminPointItem(r *http.Request) (any, error) {
	mer, err := s.loyaltyMerchant(r)
	if err != nil {
		return nil, err
	}
	id, err := pathID(r)
	if err != nil {
		return nil, err
	}
	it, err := s.Loyalty.Item(r.Context(), mer.Code, id)
	return it, adminNotFound(err)
}

// pointItemBody is an item as the back office saves it.
type pointItemBody struct {
	Kind              string                  `json:"kind"`
	CashAmount        int64                   `json:"cashAmount"`
	Points            int64                   `json:"points"`
	AmountRequirement int64                   `json:"amountRequirement"`
	Stock             int64                   `json:"stock"`
	PerMemberLimit    int                     `json:"perMemberLimit"`
	Status            string                  `json:"status"`
	Sort              int                     `json:"sort"`
	ImageURL          string                  `json:"imageUrl"`
	Texts             map[string]loyalty.Text `json:"texts"`
}

func (b pointItemBody) item(id int64) loyalty.Item {
	return loyalty.Item{ID: id, Kind: b.Kind, CashAmount: b.CashAmount, Points: b.Points, AmountRequirement: b.AmountRequirement, Stock: b.Stock,
		PerMemberLimit: b.PerMemberLimit, Status: b.Status, Sort: b.Sort, ImageURL: b.ImageURL, Texts: b.Texts}
}

func (s *Server) adminCreatePointItem(w http.ResponseWriter, r *http.Request) (any, error) {
	mer, err := s.loyaltyMerchant(r)
	if err != nil {
		return nil, err
	}
	var req pointItemBody
	if err := decodeJSON(w, r, &req); err != nil {
		return nil, err
	}
	it, err := s.Loyalty.SaveItem(r.Context(), mer.Code, req.item(0))
	if err != nil {
		return nil, err
	}
	a := adminOf(r.Context())
	a.note("point-item:"+strconv.FormatInt(it.ID, 10), nil, it)
	return it, nil
}

func (s *Server) adminUpdatePointItem(w http.ResponseWriter, r *http.Request) (any, error) {
	mer, err := s.loyaltyMerchant(r)
	if err != nil {
		return nil, err
	}
	id, err := pathID(r)
	if err != nil {
		return nil, err
	}
	var req pointItemBody
	if err := decodeJSON(w, r, &req); err != nil {
		return nil, err
	}
	ctx := r.Context()
	a := adminOf(ctx)
	a.target = "point-item:" + strconv.FormatInt(id, 10)
	before, err := s.Loyalty.Item(ctx, mer.Code, id)
	if err != nil {
		return nil, adminNotFound(err)
	}
	it, err := s.Loyalty.SaveItem(ctx, mer.Code, req.item(id))
	if err != nil {
		return nil, adminNotFound(err)
	}
	a.note(a.target, before, it)
	return it, nil
}

var redemptionStates = []string{loyalty.StateApplying, loyalty.StateApproved, loyalty.StateRejected}

type adminRedemptionPage struct {
	moneyUnit
	loyalty.Page[loyalty.AdminRedemption]
}

func (s *Server) adminRedemptions(r *http.Request) (any, error) {
	mer, err := s.loyaltyMerchant(r)
	if err != nil {
		return nil, err
	}
	p := paramsOf(r.Context())
	page, err := s.Loyalty.AdminRedemptions(r.Context(), mer.Code, p.String("status"),
		// The item's name in the operator's language where it has one.
		mer.PickLanguage(p.String("language"), r.Header.Get("Accept-Language")), p.Int("pageNum"), p.Int("pageSize"))
	return adminRedemptionPage{moneyUnit: moneyOf(mer), Page: page}, err
}

type rejectBody struct {
	Reason string `json:"reason"`
}

// adminDecideRedemption approves (an empty body) or rejects (with a
// reason) an applying redemption, once.
func (s *Server) adminDecideRedemption(approve bool) func(w http.ResponseWriter, r *http.Request) (any, error) {
	return func(w http.ResponseWriter, r *http.Request) (any, error) {
		mer, err := s.loyaltyMerchant(r)
		if err != nil {
			return nil, err
		}
		id, err := pathID(r)
		if err != nil {
			return nil, err
		}
		var req rejectBody
		if err := decodeOptionalJSON(w, r, &req); err != nil {
			return nil, err
		}
		if len([]rune(req.Reason)) > 200 {
			return nil, newError(http.StatusUnprocessableEntity, "validation.field_invalid", fieldError{Field: "reason", Reason: "at most 200 characters"})
		}
		ctx := r.Context()
		a := adminOf(ctx)
		a.target = "point-redemption:" + strconv.FormatInt(id, 10)
		by := ""
		if a.session != nil {
			by = a.session.Operator.Username
		}
		got, err := s.Loyalty.Decide(ctx, mer.Code, id, approve, req.Reason, by)
		if err != nil {
			return nil, adminNotFound(err)
		}
		a.note(a.target, map[string]string{"status": loyalty.StateApplying}, got)
		return got, nil
	}
}

func (s *Server) adminPointSettings(r *http.Request) (any, error) {
	mer, err := s.loyaltyMerchant(r)
	if err != nil {
		return nil, err
	}
	return s.Loyalty.Settings(r.Context(), mer.Code)
}

func (s *Server) adminSetPointSettings(w http.ResponseWriter, r *http.Request) (any, error) {
	mer, err := s.loyaltyMerchant(r)
	if err != nil {
		return nil, err
	}
	var req loyalty.Settings
	if err := decodeJSON(w, r, &req); err != nil {
		return nil, err
	}
	ctx := r.Context()
	a := adminOf(ctx)
	a.target = "points-settings:" + mer.Code
	before, err := s.Loyalty.Settings(ctx, mer.Code)
	if err != nil {
		return nil, err
	}
	st, err := s.Loyalty.SaveSettings(ctx, mer.Code, req)
	if err != nil {
		return nil, err
	}
	a.note(a.target, before, st)
	return st, nil
}

type adminVIPLevels struct {
	moneyUnit
	Levels []loyalty.Level `json:"levels"`
}

type vipLevelsBody struct {
	Levels []loyalty.Level `json:"levels"`
}

func (s *Server) adminVIPLevels(r *http.Request) (any, error) {
	mer, err := s.loyaltyMerchant(r)
	if err != nil {
		return nil, err
	}
	list, err := s.Loyalty.Levels(r.Context(), mer.Code)
	return adminVIPLevels{moneyUnit: moneyOf(mer), Levels: list}, err
}

func (s *Server) adminSetVIPLevels(w http.ResponseWriter, r *http.Request) (any, error) {
	mer, err := s.loyaltyMerchant(r)
	if err != nil {
		return nil, err
	}
	var req vipLevelsBody
	if err := decodeJSON(w, r, &req); err != nil {
		return nil, err
	}
	ctx := r.Context()
	a := adminOf(ctx)
	a.target = "vip-levels:" + mer.Code
	before, err := s.Loyalty.Levels(ctx, mer.Code)
	if err != nil {
		return nil, err
	}
	list, err := s.Loyalty.SaveLevels(ctx, mer.Code, req.Levels)
	if err != nil {
		return nil, err
	}
	a.note(a.target, before, list)
	return adminVIPLevels{moneyUnit: moneyOf(mer), Levels: list}, nil
}
