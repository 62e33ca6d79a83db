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

// Contact verification in the security centre (decision 0034): a member
// proves a number or an e-mail address with a code sent to it, and the
// number or address becomes theirs, proven. Replacing a proven one also
// takes the payment password when one is set, else the log-in password,
// so that a stolen session alone cannot move the account's recovery
// channel elsewhere.

// contactCodeRequest asks for a code to a number or an address.
type contactCodeRequest struct {
	MobileNum          string `json:"mobileNum,omitempty"`
	CountryDialingCode string `json:"countryDialingCode,omitempty"`
	Email              string `json:"email,omitempty"`
	Captcha            string `json:"captcha,omitempty"`
	CaptchaID          string `json:"captchaId,omitempty"`
	// Password is the payment password when one is set, else the log-in
	// password; needed only to replace a proven number or address.
	Password string `json:"password,omitempty"`
}

// contactVerifyRequest proves a number or an address with its code.
type contactVerifyRequest struct {
	MobileNum          string `json:"mobileNum,omitempty"`
	CountryDialingCode string `json:"countryDialingCode,omitempty"`
	Email              string `json:"email,omitempty"`
	Code               string `json:"code"`
	Password           string `json:"password,omitempty"`
}

// contactCodesPerWindow bounds the codes one member asks for within
// identity.Window, whatever the numbers and addresses (each of which has
// its own limits in IssueCode).
const contactCodesPerWindow = 10

// contactTarget is a number or an address being proven.
type contactTarget struct {
	kind    string // sms or email
	to      string // E.164 number or lower-cased address
	purpose string
	current string // the member's one now
	proven  bool   // whether the member's current one is proven
	sender  notify.Sender
}

func (s *Server) mobileTarget(m *identity.Member, dialing, number string) (contactTarget, error) {
	mobile, err := identity.NormalizePhone(dialing, number)
	if err != nil {
		return contactTarget{}, err
	}
	return contactTarget{kind: "sms", to: mobile, purpose: identity.ContactPurpose(identity.PurposeBindMobile, m.ID),
		current: m.Mobile, proven: m.MobileVerified, sender: s.SMS}, nil
}

func (s *Server) emailTarget(cfg merchant.Config, m *identity.Member, email string) (contactTarget, error) {
	email = identity.CanonicalEmail(email)
	rule := cfg.RegisterRules["email"]
	rule.Enabled, rule.Required = true, true
	if err := rule.Check("email", email); err != nil {
		return contactTarget{}, err
	}
	return contactTarget{kind: "email", to: email, purpose: identity.ContactPurpose(identity.PurposeBindEmail, m.ID),
		current: identity.CanonicalEmail(m.Email), proven: m.EmailVerified, sender: s.Email}, nil
}

func (s *Server) mobileCode(w http.ResponseWriter, r *http.Request) (any, error) {
	var req contactCodeRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return nil, err
	}
	t, err := s.mobileTarget(memberOf(r.Context()), req.CountryDialingCode, req.MobileNum)
	if err != nil {
		return nil, err
	}
	return s.contactCode(r.Context(), t, req)
}

func (s *Server) emailCode(w http.ResponseWriter, r *http.Request) (any, error) {
	ctx := r.Context()
	var req contactCodeRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return nil, err
	}
	cfg, err := s.Merchant.Config(ctx, merchantOf(ctx).Code)
	if err != nil {
		return nil, err
	}
	t, err := s.emailTarget(cfg, memberOf(ctx), req.Email)
	if err != nil {
		return nil, err
	}
	return s.contactCode(ctx, t, req)
}

// contactCode sends a code to a number or address: the member's own
// throttle, the replacement's password, the captcha when the merchant asks
// for one, then the limits of every code (IssueCode). Whether another
// member proved the number is not told here, only once its code is typed
// (by whoever owns it).
func (s *Server) contactCode(ctx context.Context, t contactTarget, req contactCodeRequest) (any, error) {
	mer, m := merchantOf(ctx), memberOf(ctx)
	cfg, err := s.Merchant.Config(ctx, mer.Code)
	if err != nil {
		return nil, err
	}
	if t.proven && t.to == t.current {
		return nil, newError(http.StatusConflict, "member.contact_verified", fieldError{Field: contactField(t), Reason: "already verified"})
	}
	if err := senderMissing(t.sender); err != nil {
		return nil, err
	}
	if t.proven {
		if err := s.checkReplacePassword(ctx, m, req.Password); err != nil {
			return nil, err
		}
	}
	if err := s.humanCheck(ctx, cfg, req.CaptchaID, req.Captcha); err != nil {
		return nil, err
	}
	wait, err := s.Identity.Throttle(ctx, "contactcode:"+itoa(int(m.ID)), contactCodesPerWindow)
	if err != nil {
		return nil, err
	}
	if wait > 0 {
		return nil, newError(http.StatusTooManyRequests, "request.too_many", retryAfter{RetryAfter: int(math.Ceil(wait.Seconds()))})
	}
	code, err := s.Identity.IssueCode(ctx, mer.Code, t.to, t.purpose, clientIPOf(ctx).String(), cfg.SMSCodeMinutes)
	if err != nil {
		return nil, err
	}
	text := fmt.Sprintf("%s: your code to verify this %s is %s, valid for %d minutes. Never share it.", mer.Name,
		map[string]string{"sms": "number", "email": "address"}[t.kind], code, cfg.SMSCodeMinutes)
	if err := t.sender.Send(ctx, notify.Message{To: t.to, Kind: t.kind, Text: text, Code: code}); err != nil {
		return nil, err
	}
	return smsSent{ExpiredMinutes: cfg.SMSCodeMinutes}, nil
}

func (s *Server) mobileVerify(w http.ResponseWriter, r *http.Request) (any, error) {
	var req contactVerifyRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return nil, err
	}
	t, err := s.mobileTarget(memberOf(r.Context()), req.CountryDialingCode, req.MobileNum)
	if err != nil {
		return nil, err
	}
	return s.contactVerify(r.Context(), t, req)
}

func (s *Server) emailVerify(w http.ResponseWriter, r *http.Request) (any, error) {
	ctx := r.Context()
	var req contactVerifyRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return nil, err
	}
	cfg, err := s.Merchant.Config(ctx, merchantOf(ctx).Code)
	if err != nil {
		return nil, err
	}
	t, err := s.emailTarget(cfg, memberOf(ctx), req.Email)
	if err != nil {
		return nil, err
	}
	return s.contactVerify(ctx, t, req)
}

// contactVerify checks the code (for this member, this number or address)
// and makes it the member's, proven. The password is asked again here, the
// moment the proven one is replaced.
func (s *Server) contactVerify(ctx context.Context, t contactTarget, req contactVerifyRequest) (any, error) {
	mer, m := merchantOf(ctx), memberOf(ctx)
	if t.proven && t.to == t.current {
		return nil, newError(http.StatusConflict, "member.contact_verified", fieldError{Field: contactField(t), Reason: "already verified"})
	}
	if t.proven {
		if err := s.checkReplacePassword(ctx, m, req.Password); err != nil {
			return nil, err
		}
	}
	if err := s.Identity.CheckCode(ctx, mer.Code, t.to, t.purpose, strings.TrimSpace(req.Code)); err != nil {
		return nil, err
	}
	bind := s.Identity.BindMobile
	if t.kind == "email" {
		bind = s.Identity.BindEmail
	}
	switch err := bind(ctx, m.ID, t.to); {
	case errors.Is(err, identity.ErrMobileTaken):
		return nil, newError(http.StatusConflict, "register.mobile_taken", fieldError{Field: "mobileNum", Reason: "taken"})
	case errors.Is(err, identity.ErrEmailTaken):
		return nil, newError(http.StatusConflict, "member.email_taken", fieldError{Field: "email", Reason: "taken"})
	case err != nil:
		return nil, err
	}
	s.log.InfoContext(ctx, "contact verified", "kind", t.kind, "member", m.ID, "replaced", t.proven, "request_id", requestID(ctx))
	next, err := s.Identity.Member(ctx, m.ID)
	if err != nil {
		return nil, err
	}
	return s.profileOf(ctx, next)
}

func contactField(t contactTarget) string {
	if t.kind == "email" {
		return "email"
	}
	return "mobileNum"
}

// checkReplacePassword asks for the payment password when the member set
// one (its own lock counts wrong ones), else the log-in password, whose
// wrong guesses count like failed log-ins (the same lockout, which ends
// the session, decision 0017).
func (s *Server) checkReplacePassword(ctx context.Context, m *identity.Member, password string) error {
	if password == "" {
		return badField("password", "required")
	}
	pay, err := s.Identity.HasPaymentPassword(ctx, m.ID)
	if err != nil {
		return err
	}
	if pay {
		return s.Identity.CheckPaymentPassword(ctx, m.ID, password)
	}
	attempt := identity.Attempt{Account: identity.AccountSubject(m.MerchantCode, m.Username), Source: clientIPOf(ctx).String()}
	risk, err := s.Identity.LoginRisk(ctx, attempt)
	if err != nil {
		return err
	}
	if risk.RetryAfter > 0 {
		return s.endSessionIfLocked(ctx, lockedOut(risk.RetryAfter))
	}
	_, ok, err := s.Identity.CheckPassword(ctx, m.MerchantCode, m.Username, password)
	if err != nil {
		return err
	}
	if ok {
		return nil
	}
	if err := s.Identity.LoginFailed(ctx, attempt); err != nil {
		return err
	}
	if risk, err = s.Identity.LoginRisk(ctx, attempt); err != nil {
		return err
	}
	if risk.RetryAfter > 0 {
		return s.endSessionIfLocked(ctx, lockedOut(risk.RetryAfter))
	}
	return newError(http.StatusBadRequest, "login.password.incorrect", nil)
}

// The security centre's answers of its own, and their words.
func init() {
	domainErrors = append(domainErrors, []struct {
		target error
		status int
		code   string
	}{
		{identity.ErrEmailTaken, http.StatusConflict, "member.email_taken"},
		{identity.ErrProfileLocked, http.StatusConflict, "member.profile_locked"},
		{identity.ErrProfileLabel, http.StatusUnprocessableEntity, "validation.field_invalid"},
		{identity.ErrProfileText, http.StatusUnprocessableEntity, "validation.field_invalid"},
	}...)
	for code, words := range map[string]map[string]string{
		"member.profile_locked": {
			"EN": "This item is set once; contact customer service to change it",
			"KM": "ព័ត៌មាននេះកំណត់បានតែម្តងប៉ុណ្ណោះ សូមទាក់ទងផ្នែកបម្រើអតិថិជនដើម្បីផ្លាស់ប្តូរ",
			"CN": "此项只能设置一次，如需修改请联系客服",
			"TH": "รายการนี้ตั้งได้ครั้งเดียว ติดต่อฝ่ายบริการลูกค้าเพื่อเปลี่ยน",
			"VI": "Mục này chỉ đặt một lần; liên hệ chăm sóc khách hàng để thay đổi",
		},
		"member.email_taken": {
			"EN": "This e-mail address is already verified by another account",
			"KM": "អាសយដ្ឋានអ៊ីមែលនេះត្រូវបានផ្ទៀងផ្ទាត់ដោយគណនីផ្សេងរួចហើយ",
			"CN": "该邮箱已被其他账号验证",
			"TH": "อีเมลนี้ได้รับการยืนยันโดยบัญชีอื่นแล้ว",
			"VI": "Địa chỉ e-mail này đã được tài khoản khác xác minh",
		},
		"member.contact_verified": {
			"EN": "This is already your verified number or address",
			"KM": "នេះជាលេខ ឬអាសយដ្ឋានដែលបានផ្ទៀងផ្ទាត់របស់អ្នករួចហើយ",
			"CN": "这已是您已验证的号码或邮箱",
			"TH": "นี่คือหมายเลขหรือที่อยู่ที่ยืนยันแล้วของคุณอยู่แล้ว",
			"VI": "Đây đã là số hoặc địa chỉ đã xác minh của bạn",
		},
	} {
		messages[code] = words
	}
}
