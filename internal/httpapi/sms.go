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

// sendCode checks the number, the merchant's switches and the captcha
// (when the merchant asks for one), issues a code within the limits and
// sends it. Whether a number has an account is not revealed: a code is
// issued for every number, within the same limits, so the answer (200, 429
// or 503, and its body) is the same; a login or reset code for a number
// that names no account (none, or not proven) is simply not sent, and a
// gateway failure is logged, not answered.
func (s *Server) sendCode(ctx context.Context, req smsRequest, purpose string) (any, error) {
	mer := merchantOf(ctx)
	cfg, err := s.Merchant.Config(ctx, mer.Code)
	if err != nil {
		return nil, err
	}
	if !smsPurposeOn(cfg.Modules, purpose) {
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
	if err := senderMissing(s.SMS); err != nil {
		return nil, err
	}
	if err := s.humanCheck(ctx, cfg, req.CaptchaID, req.Captcha); err != nil {
		return nil, err
	}
	code, err := s.Identity.IssueCode(ctx, mer.Code, mobile, purpose, clientIPOf(ctx).String(), cfg.SMSCodeMinutes)
	if err != nil {
		return nil, err
	}
	text := fmt.Sprintf("%s: your verification code is %s, valid for %d minutes. Never share it.", mer.Name, code, cfg.SMSCodeMinutes)
	msg := notify.Message{To: mobile, Kind: "sms", Text: text, Code: code}
	if purpose == identity.PurposeRegister {
		// Anybody may register any number: nothing to hide here.
		if err := s.SMS.Send(ctx, msg); err != nil {
			return nil, err
		}
		return smsSent{ExpiredMinutes: cfg.SMSCodeMinutes}, nil
	}
	_, err = s.Identity.ByMobile(ctx, mer.Code, mobile)
	switch {
	case err == nil:
		s.sendQuietly(ctx, s.SMS, msg)
	case !errors.Is(err, identity.ErrMemberNotFound):
		return nil, err
	}
	return smsSent{ExpiredMinutes: cfg.SMSCodeMinutes}, nil
}

// smsPurposeOn tells whether the merchant's switches allow codes of a
// purpose. Registration codes go out when the merchant checks phones
// (REGMOBVERF3) for either registration form, and always for mobile
// registration without a password, where the code is the only credential.
func smsPurposeOn(tree []merchant.Module, purpose string) bool {
	on := func(id string) bool { return merchant.ModuleOn(tree, id) }
	switch purpose {
	case identity.PurposeLogin:
		return on(merchant.ModSMSLogin)
	case identity.PurposeReset:
		return on(merchant.ModPhonePassRecovery)
	case identity.PurposeRegister:
		return on(merchant.ModRegMobileVerify) && (on(merchant.ModMobileReg) || on(merchant.ModUsernameReg)) || mobileCodeRequired(tree)
	}
	return false
}

// mobileCodeRequired tells whether registering by mobile number needs the
// number's SMS code: when the merchant checks phones, and when the account
// gets no password (its number is all it logs in with).
func mobileCodeRequired(tree []merchant.Module) bool {
	return merchant.ModuleOn(tree, merchant.ModMobileReg) &&
		(merchant.ModuleOn(tree, merchant.ModRegMobileVerify) || !merchant.ModuleOn(tree, merchant.ModMobilePassReg))
}

// humanCheck checks the captcha of a call that sends codes when the
// merchant requires captchas (its captcha field rule, as for registration).
func (s *Server) humanCheck(ctx context.Context, cfg merchant.Config, captchaID, captcha string) error {
	if rule := cfg.RegisterRules["captcha"]; !rule.Enabled || !rule.Required {
		return nil
	}
	ok, err := s.Identity.CheckCaptcha(ctx, captchaID, captcha)
	if err != nil || ok {
		return err
	}
	code := "login.captcha_incorrect"
	if strings.TrimSpace(captcha) == "" {
		code = "login.captcha_required"
	}
	return newError(http.StatusBadRequest, code, captchaNeeded{Captcha: true})
}

// senderMissing refuses, before anything is issued, when the server has no
// way to send (no gateway and not in dev mode): the same answer for every
// number and every password.
func senderMissing(sender notify.Sender) error {
	if _, off := sender.(notify.Disabled); off {
		return notify.ErrNotConfigured
	}
	return nil
}

// sendQuietly sends a message whose delivery must not show in the answer;
// a failure is logged (never with the text, which holds the code).
func (s *Server) sendQuietly(ctx context.Context, sender notify.Sender, msg notify.Message) {
	if err := sender.Send(ctx, msg); err != nil {
		s.log.WarnContext(ctx, "verification code not delivered", "kind", msg.Kind, "err", err, "request_id", requestID(ctx))
	}
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
	// A wrong code counts against the address only: the code itself dies
	// after a few wrong entries, and an account lock here would let anyone
	// lock a number out of SMS log-in (decision 0017).
	attempt := identity.Attempt{Source: clientIPOf(ctx).String()}
	risk, err := s.Identity.LoginRisk(ctx, attempt)
	if err != nil {
		return nil, err
	}
	if risk.RetryAfter > 0 {
		return nil, lockedOut(risk.RetryAfter)
	}
	if err := s.Identity.CheckCode(ctx, mer.Code, mobile, identity.PurposeLogin, strings.TrimSpace(req.Code)); err != nil {
		if !errors.Is(err, identity.ErrCodeMissing) {
			if ferr := s.Identity.LoginFailed(ctx, attempt); ferr != nil {
				return nil, ferr
			}
		}
		return nil, err
	}
	m, err := s.Identity.ByMobile(ctx, mer.Code, mobile)
	if err != nil {
		// A code is only ever sent to a proven number with an account.
		return nil, identity.ErrCodeInvalid
	}
	if m.Status != identity.StatusActive {
		return nil, frozen(m)
	}
	if req.Entry == "agent" && !m.Type.IsAgent() {
		return nil, newError(http.StatusForbidden, "login.not_agent", nil)
	}
	if req.Entry != "agent" && agentOnly(m.Type) {
		return nil, newError(http.StatusForbidden, "login.not_member", nil)
	}
	first := m.LastLoginAt.IsZero()
	if err := s.Identity.TouchLogin(ctx, m.ID); err != nil {
		return nil, err
	}
	// An SMS log-in never opens the forced password change (spec §4,
	// C-022): its session is not held to it, even with a default password.
	return s.startCodeSession(r, m.ID, first)
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
