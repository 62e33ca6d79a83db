package httpapi

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"portal/internal/identity"
	"portal/internal/merchant"
)

// The security centre's profile (decision 0034): the register labels a
// member sees and edits, each checked by the merchant's register rule of
// the same name, the answers registration gives.

// profileField is one label as the member sees it: its value, whether they
// may change it, and the rule the form checks it with (the same one the
// server applies).
type profileField struct {
	Name     string             `json:"name"`
	Value    string             `json:"value"`
	Editable bool               `json:"editable"`
	Locked   bool               `json:"locked"`
	Rule     merchant.FieldRule `json:"rule"`
}

// profileView is GET /wps/member/profile: the labels, the contact details
// (masked, as /wps/member/info shows them) with whether each is proven,
// and which password changing a proven one asks for (payment or login).
type profileView struct {
	Fields         []profileField `json:"fields"`
	Mobile         string         `json:"mobileNum"`
	MobileVerified bool           `json:"mobileVerified"`
	Email          string         `json:"email"`
	EmailVerified  bool           `json:"emailVerified"`
	MinimumAge     int            `json:"minimumAge"`
	ChangePassword string         `json:"changePassword"`
}

// looseRule bounds a label the merchant has no rule for: 1-64 characters
// of plain text (identity.PlainText).
var looseRule = merchant.FieldRule{Enabled: true, AcceptedPattern: "*", PatternID: merchant.PatternAny, MinLength: 1, MaxLength: 64, Type: "text"}

// profileRule is the rule a label is checked by, and whether the merchant
// has one (a merchant's disabled rule still decides: nothing new is taken).
func profileRule(cfg merchant.Config, label string) merchant.FieldRule {
	if r, ok := cfg.RegisterRules[label]; ok {
		return r
	}
	return looseRule
}

func (s *Server) profileOf(ctx context.Context, m *identity.Member) (profileView, error) {
	cfg, err := s.Merchant.Config(ctx, m.MerchantCode)
	if err != nil {
		return profileView{}, err
	}
	pay, err := s.Identity.HasPaymentPassword(ctx, m.ID)
	if err != nil {
		return profileView{}, err
	}
	v := profileView{Fields: []profileField{}, Mobile: maskMiddle(m.Mobile), MobileVerified: m.MobileVerified,
		Email: maskEmail(m.Email), EmailVerified: m.EmailVerified, MinimumAge: max(cfg.MinimumAge, 18), ChangePassword: "login"}
	if pay {
		v.ChangePassword = "payment"
	}
	for _, label := range identity.ProfileLabels {
		rule := profileRule(cfg, label)
		value := identity.ProfileValue(m, label)
		// A label the merchant does not ask for shows only when it holds
		// something (given under an earlier rule, or by support).
		if !rule.Enabled && value == "" {
			continue
		}
		locked := identity.ProfileLocked(m, label)
		v.Fields = append(v.Fields, profileField{Name: label, Value: value, Editable: rule.Enabled && !locked, Locked: locked, Rule: rule})
	}
	return v, nil
}

func (s *Server) memberProfile(r *http.Request) (any, error) {
	return s.profileOf(r.Context(), memberOf(r.Context()))
}

// updateProfile changes the labels given (label -> value, "" clears one):
// a key that is no label is refused, and so is the whole change when one
// value breaks its rule. Markup and control characters are refused in
// every label, whatever its rule (decision 0034), and the site shows the
// values as text anyway.
func (s *Server) updateProfile(w http.ResponseWriter, r *http.Request) (any, error) {
	ctx := r.Context()
	m := memberOf(ctx)
	var raw map[string]json.RawMessage
	if err := decodeJSON(w, r, &raw); err != nil {
		return nil, err
	}
	if raw == nil {
		return nil, newError(http.StatusBadRequest, "request.invalid_body", fieldError{Reason: "a JSON object of labels"})
	}
	cfg, err := s.Merchant.Config(ctx, m.MerchantCode)
	if err != nil {
		return nil, err
	}
	keys := make([]string, 0, len(raw))
	for k := range raw {
		keys = append(keys, k)
	}
	// In form order, so the first failure answered is the form's first.
	slices.SortFunc(keys, func(a, b string) int { return labelOrder(a) - labelOrder(b) })
	changes := map[string]string{}
	for _, k := range keys {
		if !identity.IsProfileLabel(k) {
			return nil, newError(http.StatusUnprocessableEntity, "validation.field_invalid", fieldError{Field: clip(k), Reason: "unknown"})
		}
		var v string
		if err := json.Unmarshal(raw[k], &v); err != nil {
			return nil, newError(http.StatusBadRequest, "request.invalid_body", fieldError{Field: k, Reason: "wrong type"})
		}
		v = strings.TrimSpace(v)
		if !identity.PlainText(v) {
			return nil, newError(http.StatusUnprocessableEntity, "validation.field_invalid", fieldError{Field: k, Reason: "markup or control characters"})
		}
		if v == identity.ProfileValue(m, k) {
			continue
		}
		if identity.ProfileLocked(m, k) {
			return nil, newError(http.StatusConflict, "member.profile_locked", fieldError{Field: k, Reason: "set once"})
		}
		rule := profileRule(cfg, k)
		if v == "" && !rule.Required {
			changes[k] = v
			continue
		}
		if err := rule.Check(k, v); err != nil {
			return nil, err
		}
		if k == "birthday" && !oldEnough(v, cfg.MinimumAge, time.Now()) {
			return nil, newError(http.StatusUnprocessableEntity, "register.underage", fieldError{Field: "birthday", Reason: "under age"})
		}
		changes[k] = v
	}
	if len(changes) == 0 {
		return s.profileOf(ctx, m)
	}
	next, err := s.Identity.UpdateProfile(ctx, m.ID, changes)
	var pe *identity.ProfileError
	if errors.As(err, &pe) && errors.Is(err, identity.ErrProfileLocked) {
		// Set meanwhile (a first bank account names the real name).
		return nil, newError(http.StatusConflict, "member.profile_locked", fieldError{Field: pe.Label, Reason: "set once"})
	}
	if err != nil {
		return nil, err
	}
	return s.profileOf(ctx, next)
}

func labelOrder(k string) int {
	if i := slices.Index(identity.ProfileLabels, k); i >= 0 {
		return i
	}
	return -1
}

// clip keeps an echoed key short: a 10 KB key is not sent back whole.
func clip(k string) string {
	if utf8.RuneCountInString(k) <= 32 && identity.PlainText(k) {
		return k
	}
	return ""
}
