package httpapi

import (
	"context"
	"errors"
	"fmt"
	"math"
	"net/http"
	"strings"

	"portal/internal/identity"
	"portal/internal/merchant"
	"portal/internal/notify"
)

// smsRequest asks for a verification code. The register variant names the
// number mobileNo (spec §7); both names are accepted on both calls.
type smsRequest struct {
	MobileNum          string `json:"mobileNum,omitempty"`
	MobileNo           string `json:"mobileNo,omitempty"`
	CountryDialingCode string `json:"countryDialingCode"`
	// Purpose on the no-login call: login (default) or reset.
	Purpose   string `json:"purpose,omitempty"`
	RegType   string `json:"regType,omitempty"`
	Captcha   string `json:"captcha,omitempty"`
	CaptchaID string `json:"captchaId,omitempty"`
}

// smsSent is the answer: how long the code lives (the countdown of the
// form is expiredMinutes x 60 s).
type smsSent struct {
	ExpiredMinutes int `json:"expiredMinutes"`
}

func (s *Server) smsNoLogin(w http.ResponseWriter, r *http.Request) (any, error) {
	var req smsRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return nil, err
	}
	purpose := identity.PurposeLogin
	switch req.Purpose {
	case "", identity.PurposeLogin:
	case identity.PurposeReset:
		purpose = identity.PurposeReset
	default:
		return nil, badField("purpose", "must be login or reset")
	}
	return s.sendCode(r.Context(), req, purpose)
}

func (s *Server) smsRegister(w http.ResponseWriter, r *http.Request) (any, error) {
	var req smsRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return nil, err
	}
	return s.sendCode(r.Context(), req, identity.PurposeRegister)
}

// sendCode checks the number and the merchant's switches, issues a code
// within the limits and sends it. Whether a number has an account is not
// revealed: a login or reset code for an unknown number is simply not sent.
func (s *Server) sendCode(ctx context.Context, req smsRequest, purpose string) (any, error) {
	mer := merchantOf(ctx)
	cfg, err := s.Merchant.Config(ctx, mer.Code)
	if err != nil {
		return nil, err
	}
	enabled := map[string]bool{
		identity.PurposeLogin:    merchant.ModuleOn(cfg.Modules, merchant.ModSMSLogin),
		identity.PurposeReset:    merchant.ModuleOn(cfg.Modules, merchant.ModPhonePassRecovery),
		identity.PurposeRegister: merchant.ModuleOn(cfg.Modules, merchant.ModMobileReg) && merchant.ModuleOn(cfg.Modules, merchant.ModRegMobileVerify),
	}[purpose]
	if !enabled {
		return nil, newError(http.StatusForbidden, "sms.not_enabled", nil)
	}
	number := req.MobileNum
	if number == "" {
		number = req.MobileNo
	}
	mobile, err := identity.NormalizePhone(req.CountryDialingCode, number)
	if err != nil {
		return nil, err
	}
	if purpose != identity.PurposeRegister {
		if _, err := s.Identity.ByMobile(ctx, mer.Code, mobile); err != nil {
			if errors.Is(err, identity.ErrMemberNotFound) {
				return smsSent{ExpiredMinutes: cfg.SMSCodeMinutes}, nil
			}
			return nil, err
		}
	}
	code, err := s.Identity.IssueCode(ctx, mer.Code, mobile, purpose, clientIPOf(ctx).String(), cfg.SMSCodeMinutes)
	if err != nil {
		return nil, err
	}
	text := fmt.Sprintf("%s: your verification code is %s, valid for %d minutes. Never share it.", mer.Name, code, cfg.SMSCodeMinutes)
	if err := s.SMS.Send(ctx, notify.Message{To: mobile, Kind: "sms", Text: text, Code: code}); err != nil {
		return nil, err
	}
	return smsSent{ExpiredMinutes: cfg.SMSCodeMinutes}, nil
}

// smsLimitError answers an SMS limit with its wait.
func smsLimitError(err error) (*apiError, bool) {
	var lim *identity.SMSLimit
	if !errors.As(err, &lim) {
		return nil, false
	}
	code := "sms.too_many_requests"
	if errors.Is(err, identity.ErrSMSTooSoon) {
		code = "sms.too_soon"
	}
	return newError(http.StatusTooManyRequests, code, retryAfter{RetryAfter: int(math.Ceil(lim.RetryAfter.Seconds()))}), true
}

// smsLogin logs in by mobile number and SMS code (login type sms).
func (s *Server) smsLogin(ctx context.Context, r *http.Request, req loginRequest) (any, error) {
	mer := merchantOf(ctx)
	cfg, err := s.Merchant.Config(ctx, mer.Code)
	if err != nil {
		return nil, err
	}
	if !merchant.ModuleOn(cfg.Modules, merchant.ModSMSLogin) {
		return nil, newError(http.StatusForbidden, "sms.not_enabled", nil)
	}
	mobile, err := identity.NormalizePhone(req.CountryDialingCode, req.MobileNum)
	if err != nil {
		return nil, err
	}
	subjects := []string{identity.AccountSubject(mer.Code, mobile), identity.IPSubject(clientIPOf(ctx).String())}
	risk, err := s.Identity.Risk(ctx, subjects...)
	if err != nil {
		return nil, err
	}
	if risk.RetryAfter > 0 {
		return nil, newError(http.StatusTooManyRequests, "login.too_many_attempts", retryAfter{RetryAfter: int(math.Ceil(risk.RetryAfter.Seconds()))})
	}
	if err := s.Identity.CheckCode(ctx, mer.Code, mobile, identity.PurposeLogin, strings.TrimSpace(req.Code)); err != nil {
		if !errors.Is(err, identity.ErrCodeMissing) {
			if ferr := s.Identity.RecordFailure(ctx, subjects...); ferr != nil {
				return nil, ferr
			}
		}
		return nil, err
	}
	m, err := s.Identity.ByMobile(ctx, mer.Code, mobile)
	if err != nil {
		// A code is only ever sent to a number with an account.
		return nil, identity.ErrCodeInvalid
	}
	if m.Status != identity.StatusActive {
		return nil, identity.ErrMemberFrozen
	}
	if req.Entry == "agent" && !m.Type.IsAgent() {
		return nil, newError(http.StatusForbidden, "login.not_agent", nil)
	}
	if req.Entry != "agent" && agentOnly(m.Type) {
		return nil, newError(http.StatusForbidden, "login.not_member", nil)
	}
	if err := s.Identity.ClearFailures(ctx, subjects[0]); err != nil {
		return nil, err
	}
	first := m.LastLoginAt.IsZero()
	if err := s.Identity.TouchLogin(ctx, m.ID); err != nil {
		return nil, err
	}
	res, err := s.startSession(r, m.ID, first)
	// SMS logins do not open the change-password modal (spec §4): the
	// forced change still gates (T) calls when the password is default.
	return res, err
}

// resetRequest resets a password by phone (spec §7 password/verification).
type resetRequest struct {
	MobileNum          string `json:"mobileNum"`
	CountryDialingCode string `json:"countryDialingCode"`
	VerificationCode   string `json:"verificationCode"`
	NewPassword        string `json:"newPassword"`
	ConfirmNewPassword string `json:"confirmNewPassword,omitempty"`
}

// resetByPhone sets a new password after an SMS code, ends every session of
// the member, and logs them in (spec §4 forgot password).
func (s *Server) resetByPhone(w http.ResponseWriter, r *http.Request) (any, error) {
	ctx := r.Context()
	mer := merchantOf(ctx)
	var req resetRequest
	if err := s.decodeBody(w, r, &req); err != nil {
		return nil, err
	}
	cfg, err := s.Merchant.Config(ctx, mer.Code)
	if err != nil {
		return nil, err
	}
	if !merchant.ModuleOn(cfg.Modules, merchant.ModPhonePassRecovery) {
		return nil, newError(http.StatusForbidden, "sms.not_enabled", nil)
	}
	if req.ConfirmNewPassword != "" && req.ConfirmNewPassword != req.NewPassword {
		return nil, newError(http.StatusUnprocessableEntity, "validation.inconsistent_twice", fieldError{Field: "confirmNewPassword", Reason: "differs"})
	}
	rule := cfg.RegisterRules["password"]
	rule.Enabled, rule.Required = true, true
	if err := rule.Check("newPassword", req.NewPassword); err != nil {
		return nil, err
	}
	mobile, err := identity.NormalizePhone(req.CountryDialingCode, req.MobileNum)
	if err != nil {
		return nil, err
	}
	if err := s.Identity.CheckCode(ctx, mer.Code, mobile, identity.PurposeReset, strings.TrimSpace(req.VerificationCode)); err != nil {
		return nil, err
	}
	m, err := s.Identity.ByMobile(ctx, mer.Code, mobile)
	if err != nil {
		return nil, identity.ErrCodeInvalid
	}
	if err := s.Identity.SetPassword(ctx, m.ID, req.NewPassword); err != nil {
		return nil, err
	}
	return s.startSession(r, m.ID, false)
}

type outboxList struct {
	Content []notify.Message `json:"content"`
}

func (s *Server) devOutbox(r *http.Request) (any, error) {
	if s.Outbox == nil {
		return outboxList{Content: []notify.Message{}}, nil
	}
	list := s.Outbox.List()
	if list == nil {
		list = []notify.Message{}
	}
	return outboxList{Content: list}, nil
}

func (s *Server) countryCodes(r *http.Request) (any, error) {
	return identity.Countries, nil
}
