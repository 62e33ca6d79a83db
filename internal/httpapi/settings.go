package httpapi

import (
	"context"
	"errors"
	"net/http"
	"strings"

	"portal/internal/merchant"
)

// The back office's Merchant settings (decision 0026): one view of every
// part and one PUT per part, each checked whole in the merchant domain
// before anything is written; and, for the platform, its merchants. The
// wrapper (adminHandler) checks settings.write or merchants.manage and
// writes the audit entry; these handlers name the part changed with its
// value before and after.

type (
	// settingsView is the Settings screen's data: the merchant's settings
	// and its back-office IP allow-list.
	settingsView struct {
		merchant.Settings
		IPAllow []string `json:"ipAllow"`
	}
	moduleSwitches struct {
		Switches []merchant.ModuleSwitch `json:"switches"`
	}
	registerRules struct {
		Rules map[string]merchant.FieldRule `json:"rules"`
	}
	csChannels struct {
		Channels []merchant.CustomerService `json:"channels"`
	}
	// merchantList is the platform's merchants with the currencies and
	// languages a new one may take.
	merchantList struct {
		Merchants  []merchant.Summary      `json:"merchants"`
		Currencies []merchant.CurrencyInfo `json:"currencies"`
		Languages  []merchant.Language     `json:"languages"`
	}
)

// settingsErrors are the codes a settings PUT answers beyond the common.
var settingsErrors = []string{"settings.invalid", "settings.merchant_required", "request.invalid_body"}

var errMerchantRequired = newError(http.StatusBadRequest, "settings.merchant_required", nil)

// settingsMerchant is the merchant the call edits: the operator's own, or
// the one a platform operator names; the platform itself has no settings.
func settingsMerchant(r *http.Request) (string, error) {
	if a := adminOf(r.Context()); a.merchant != "" {
		return a.merchant, nil
	}
	return "", errMerchantRequired
}

// settingsAnswer gives a refused setting its field in the answer's value.
func settingsAnswer(err error) error {
	var se *merchant.SettingError
	if errors.As(err, &se) {
		return newError(http.StatusUnprocessableEntity, "settings.invalid", fieldError{Field: se.Field, Reason: se.Reason})
	}
	var dt *merchant.DomainTakenError
	if errors.As(err, &dt) {
		return newError(http.StatusConflict, "settings.domain_taken", fieldError{Field: dt.Field, Reason: dt.Domain})
	}
	return err
}

func (s *Server) adminSettings(r *http.Request) (any, error) {
	code, err := settingsMerchant(r)
	if err != nil {
		return nil, err
	}
	st, err := s.Merchant.Settings(r.Context(), code)
	if err != nil {
		return nil, err
	}
	allow, err := s.Operators.IPAllow(r.Context(), code)
	if err != nil {
		return nil, err
	}
	if allow == nil {
		allow = []string{}
	}
	return settingsView{Settings: st, IPAllow: allow}, nil
}

// putSetting decodes a part's body, applies it and notes the part before
// and after (part picks it out of the settings) for the audit entry.
func putSetting[T any](s *Server, w http.ResponseWriter, r *http.Request, name string,
	apply func(ctx context.Context, code string, body T) (merchant.Settings, merchant.Settings, error),
	part func(merchant.Settings) any) (any, error) {
	var body T
	if err := decodeJSON(w, r, &body); err != nil {
		return nil, err
	}
	code, err := settingsMerchant(r)
	if err != nil {
		return nil, err
	}
	a := adminOf(r.Context())
	a.target = "merchant:" + code + "/" + name
	before, after, err := apply(r.Context(), code, body)
	if err != nil {
		return nil, settingsAnswer(err)
	}
	a.note(a.target, part(before), part(after))
	return after, nil
}

func (s *Server) adminSetModules(w http.ResponseWriter, r *http.Request) (any, error) {
	return putSetting(s, w, r, "modules",
		func(ctx context.Context, code string, b moduleSwitches) (merchant.Settings, merchant.Settings, error) {
			return s.Merchant.SetModules(ctx, code, b.Switches)
		}, func(st merchant.Settings) any { return st.Modules })
}

func (s *Server) adminSetRegisterRules(w http.ResponseWriter, r *http.Request) (any, error) {
	return putSetting(s, w, r, "register-rules",
		func(ctx context.Context, code string, b registerRules) (merchant.Settings, merchant.Settings, error) {
			return s.Merchant.SetRegisterRules(ctx, code, b.Rules)
		}, func(st merchant.Settings) any { return st.RegisterRules })
}

func (s *Server) adminSetLanguages(w http.ResponseWriter, r *http.Request) (any, error) {
	return putSetting(s, w, r, "languages", s.Merchant.SetLanguages, func(st merchant.Settings) any { return st.Languages })
}

func (s *Server) adminSetCurrency(w http.ResponseWriter, r *http.Request) (any, error) {
	return putSetting(s, w, r, "currency", s.Merchant.SetCurrencyDisplay, func(st merchant.Settings) any { return st.CurrencyShown })
}

func (s *Server) adminSetDomains(w http.ResponseWriter, r *http.Request) (any, error) {
	return putSetting(s, w, r, "domains", s.Merchant.SetDomains, func(st merchant.Settings) any { return st.Domains })
}

func (s *Server) adminSetRegion(w http.ResponseWriter, r *http.Request) (any, error) {
	return putSetting(s, w, r, "region", s.Merchant.SetRegion, func(st merchant.Settings) any { return st.Region })
}

func (s *Server) adminSetMaintenance(w http.ResponseWriter, r *http.Request) (any, error) {
	return putSetting(s, w, r, "maintenance", s.Merchant.SetMaintenance, func(st merchant.Settings) any {
		m := st.Maintenance
		m.Active = false // the moment's state, not a setting
		return m
	})
}

func (s *Server) adminSetCustomerService(w http.ResponseWriter, r *http.Request) (any, error) {
	return putSetting(s, w, r, "customer-service",
		func(ctx context.Context, code string, b csChannels) (merchant.Settings, merchant.Settings, error) {
			return s.Merchant.SetCustomerService(ctx, code, b.Channels)
		}, func(st merchant.Settings) any { return st.CustomerService })
}

func (s *Server) adminMerchants(r *http.Request) (any, error) {
	list, err := s.Merchant.List(r.Context())
	if err != nil {
		return nil, err
	}
	return merchantList{Merchants: list, Currencies: merchant.Currencies, Languages: merchant.Languages}, nil
}

func (s *Server) adminCreateMerchant(w http.ResponseWriter, r *http.Request) (any, error) {
	var req merchant.NewMerchant
	if err := decodeJSON(w, r, &req); err != nil {
		return nil, err
	}
	a := adminOf(r.Context())
	a.target = "merchant:" + clipTarget(req.Code)
	m, err := s.Merchant.Create(r.Context(), req)
	if err != nil {
		return nil, settingsAnswer(err)
	}
	a.note("merchant:"+m.Code, nil, m)
	return m, nil
}

// clipTarget keeps an unchecked value short in an audit target.
func clipTarget(v string) string {
	r := []rune(strings.ToValidUTF8(v, "?"))
	if len(r) > 40 {
		r = r[:40]
	}
	return string(r)
}
