package httpapi

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"math"
	"net/http"
	"portal/internal/agent"
	"strings"
	"time"

	"portal/internal/identity"
	"portal/internal/merchant"
)

// registerRequest is spec §3 "Register user" plus the terms flag.
type registerRequest struct {
	Username           string `json:"username"`
	Password           string `json:"password"`
	ConfirmPassword    string `json:"confirmPassword"`
	PayeeName          string `json:"payeeName,omitempty"`
	Email              string `json:"email,omitempty"`
	QQNum              string `json:"qqNum,omitempty"`
	MobileNum          string `json:"mobileNum,omitempty"`
	CountryDialingCode string `json:"countryDialingCode,omitempty"`
	Captcha            string `json:"captcha,omitempty"`
	CaptchaID          string `json:"captchaId,omitempty"`
	VerificationCode   string `json:"verificationCode,omitempty"`
	AffiliateCode      string `json:"affiliateCode,omitempty"`
	PaymentPassword    string `json:"paymentPassword,omitempty"`
	Line               string `json:"line,omitempty"`
	WhatsApp           string `json:"whatsapp,omitempty"`
	Facebook           string `json:"facebook,omitempty"`
	WeChat             string `json:"wechat,omitempty"`
	IDNumber           string `json:"idNumber,omitempty"`
	ReferralCode       string `json:"referralCode,omitempty"`
	Domain             string `json:"domain,omitempty"`
	RegisterURL        string `json:"registerUrl,omitempty"`
	RegisterMethod     string `json:"registerMethod,omitempty"`
	FirebaseChannel    string `json:"firebaseChannel,omitempty"`
	FirebaseIDToken    string `json:"firebaseIdToken,omitempty"`
	Login              bool   `json:"login,omitempty"`
	// The other profile labels of spec §3, asked when the merchant enables
	// them.
	Nickname       string `json:"nickname,omitempty"`
	Telegram       string `json:"telegram,omitempty"`
	Zalo           string `json:"zalo,omitempty"`
	Birthday       string `json:"birthday,omitempty"`
	Address        string `json:"address,omitempty"`
	Nationality    string `json:"nationality,omitempty"`
	Occupation     string `json:"occupation,omitempty"`
	SourceOfIncome string `json:"sourceOfIncome,omitempty"`
	// AcceptTerms states the visitor agreed to the terms and is of age.
	AcceptTerms bool `json:"acceptTerms"`
}

// fields lists the rule-checked fields with their values.
func (q registerRequest) fields() map[string]string {
	return map[string]string{
		"username": q.Username, "password": q.Password, "payeeName": q.PayeeName, "email": q.Email, "qqNum": q.QQNum,
		"mobileNum": q.MobileNum, "affiliateCode": q.AffiliateCode, "paymentPassword": q.PaymentPassword, "line": q.Line,
		"whatsapp": q.WhatsApp, "facebook": q.Facebook, "wechat": q.WeChat, "idNumber": q.IDNumber, "referralCode": q.ReferralCode,
		"nickname": q.Nickname, "telegram": q.Telegram, "zalo": q.Zalo, "birthday": q.Birthday, "address": q.Address,
		"nationality": q.Nationality, "occupation": q.Occupation, "sourceOfIncome": q.SourceOfIncome,
	}
}

// register opens an account by username and logs it in. Every field is
// checked against the merchant's rules, the same ones the form gets.
func (s *Server) register(w http.ResponseWriter, r *http.Request) (any, error) {
	ctx := r.Context()
	mer := merchantOf(ctx)
	var req registerRequest
	if err := s.decodeBody(w, r, &req); err != nil {
		return nil, err
	}
	cfg, err := s.Merchant.Config(ctx, mer.Code)
	if err != nil {
		return nil, err
	}
	if !merchant.ModuleOn(cfg.Modules, merchant.ModUsernameReg) {
		return nil, newError(http.StatusForbidden, "register.disabled", nil)
	}
	req.Username = strings.TrimSpace(req.Username)
	if !req.AcceptTerms {
		return nil, newError(http.StatusUnprocessableEntity, "register.terms_required", fieldError{Field: "acceptTerms", Reason: "required"})
	}
	if req.Password != req.ConfirmPassword {
		return nil, newError(http.StatusUnprocessableEntity, "validation.inconsistent_twice", fieldError{Field: "confirmPassword", Reason: "differs"})
	}
	if identity.IsDefaultPassword(req.Password) {
		return nil, newError(http.StatusUnprocessableEntity, "member.password_not_new", fieldError{Field: "password", Reason: "default"})
	}
	for _, field := range merchant.RegisterFields {
		value, checked := req.fields()[field]
		if !checked {
			continue
		}
		rule := cfg.RegisterRules[field]
		if field == "username" || field == "password" {
			rule.Enabled, rule.Required = true, true
		}
		if err := rule.Check(field, strings.TrimSpace(value)); err != nil {
			return nil, err
		}
	}
	if b := strings.TrimSpace(req.Birthday); b != "" && !oldEnough(b, cfg.MinimumAge, time.Now()) {
		return nil, newError(http.StatusUnprocessableEntity, "register.underage", fieldError{Field: "birthday", Reason: "under age"})
	}
	if rule := cfg.RegisterRules["captcha"]; rule.Enabled && rule.Required {
		ok, err := s.Identity.CheckCaptcha(ctx, req.CaptchaID, req.Captcha)
		if err != nil {
			return nil, err
		}
		if !ok {
			return nil, newError(http.StatusBadRequest, "login.captcha_incorrect", captchaNeeded{Captcha: true})
		}
	}
	ref, err := s.invitation(ctx, mer.Code, req.AffiliateCode)
	if err != nil {
		return nil, err
	}
	profile := map[string]string{}
	for k, v := range map[string]string{"payeeName": req.PayeeName, "qqNum": req.QQNum, "line": req.Line, "whatsapp": req.WhatsApp,
		"facebook": req.Facebook, "wechat": req.WeChat, "idNumber": req.IDNumber, "referralCode": req.ReferralCode,
		"registerUrl": req.RegisterURL, "domain": req.Domain, "nickname": req.Nickname, "telegram": req.Telegram, "zalo": req.Zalo,
		"birthday": req.Birthday, "address": req.Address, "nationality": req.Nationality, "occupation": req.Occupation,
		"sourceOfIncome": req.SourceOfIncome} {
		if v = strings.TrimSpace(v); v != "" {
			profile[k] = v
		}
	}
	// A number is attached in its one normalised form, and proven by its
	// SMS code under the same switch as registration by phone; without the
	// switch it is kept unproven, which logs nobody in and takes nothing
	// from its real owner (decision 0017).
	// A taken username is told before the number's code is used up.
	if _, err := s.Identity.ByUsername(ctx, mer.Code, req.Username); err == nil {
		return nil, newError(http.StatusConflict, "register.username_taken", fieldError{Field: "username", Reason: "taken"})
	} else if !errors.Is(err, identity.ErrMemberNotFound) {
		return nil, err
	}
	mobile, proven := "", false
	if strings.TrimSpace(req.MobileNum) != "" {
		if mobile, err = identity.NormalizePhone(req.CountryDialingCode, req.MobileNum); err != nil {
			return nil, err
		}
		if merchant.ModuleOn(cfg.Modules, merchant.ModRegMobileVerify) {
			if err := s.Identity.CheckCode(ctx, mer.Code, mobile, identity.PurposeRegister, strings.TrimSpace(req.VerificationCode)); err != nil {
				return nil, err
			}
			proven = true
		}
	}
	id, err := s.Identity.Open(ctx, identity.NewMember{
		MerchantCode: mer.Code, Username: req.Username, Password: req.Password, Mobile: mobile, MobileVerified: proven,
		Email: strings.TrimSpace(req.Email), UplineID: ref.AgentID, Profile: profile, PaymentPassword: req.PaymentPassword,
		Type: ref.memberType(), ReferralCodeID: ref.CodeID,
	})
	switch {
	case errors.Is(err, identity.ErrUsernameTaken):
		return nil, newError(http.StatusConflict, "register.username_taken", fieldError{Field: "username", Reason: "taken"})
	case errors.Is(err, identity.ErrMobileTaken):
		return nil, newError(http.StatusConflict, "register.mobile_taken", fieldError{Field: "mobileNum", Reason: "taken"})
	case err != nil:
		return nil, err
	}
	return s.startSession(r, id, true)
}

// startSession logs a member in and answers as login does.
func (s *Server) startSession(r *http.Request, memberID int64, first bool) (loginResult, error) {
	return s.openSession(r, memberID, first, s.Identity.CreateSession)
}

// startCodeSession logs a member in by a one-time code (SMS log-in): that
// session is never held to a pending password change (spec §4, C-022).
func (s *Server) startCodeSession(r *http.Request, memberID int64, first bool) (loginResult, error) {
	return s.openSession(r, memberID, first, s.Identity.CreateCodeSession)
}

func (s *Server) openSession(r *http.Request, memberID int64, first bool, create func(ctx context.Context, memberID int64, ip, userAgent string) (string, error)) (loginResult, error) {
	ctx := r.Context()
	mer := merchantOf(ctx)
	m, err := s.Identity.Member(ctx, memberID)
	if err != nil {
		return loginResult{}, err
	}
	token, err := create(ctx, m.ID, clientIPOf(ctx).String(), r.UserAgent())
	if err != nil {
		return loginResult{}, err
	}
	res := loginResult{Token: token, FirstTimeLogin: first, memberInfo: s.withPromos(r, s.infoOf(m, mer), m)}
	res.PasswordChangeRequired = s.passwordChangeForced(m, mer, token)
	res.PasswordExpired = res.PasswordChangeRequired
	return res, nil
}

// freePlay opens a trial account (type 4, play money only) and logs it in.
// More than 10 trial accounts from one address in 15 minutes are refused.
func (s *Server) freePlay(r *http.Request) (any, error) {
	ctx := r.Context()
	mer := merchantOf(ctx)
	cfg, err := s.Merchant.Config(ctx, mer.Code)
	if err != nil {
		return nil, err
	}
	if !merchant.ModuleOn(cfg.Modules, merchant.ModFreePlay) {
		return nil, newError(http.StatusForbidden, "freeplay.disabled", nil)
	}
	subject := "trial:" + clientIPOf(ctx).String()
	risk, err := s.Identity.Risk(ctx, subject)
	if err != nil {
		return nil, err
	}
	if risk.RetryAfter > 0 {
		return nil, newError(http.StatusTooManyRequests, "request.too_many", retryAfter{RetryAfter: int(math.Ceil(risk.RetryAfter.Seconds()))})
	}
	if err := s.Identity.RecordFailure(ctx, subject); err != nil {
		return nil, err
	}
	id, err := s.Identity.Open(ctx, identity.NewMember{
		MerchantCode: mer.Code, Username: "trial_" + randomHex(6), Password: randomHex(24), Type: identity.TypeTrial,
	})
	if err != nil {
		return nil, err
	}
	if s.Games != nil {
		if err := s.Games.GrantPlayMoney(ctx, mer.Code, id); err != nil {
			return nil, err
		}
	}
	return s.startSession(r, id, true)
}

func randomHex(n int) string {
	b := make([]byte, n)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// registerMobileRequest registers by phone (spec §4 Register, registerMobile).
type registerMobileRequest struct {
	MobileNum          string `json:"mobileNum"`
	CountryDialingCode string `json:"countryDialingCode"`
	VerificationCode   string `json:"verificationCode,omitempty"`
	Password           string `json:"password,omitempty"`
	ConfirmPassword    string `json:"confirmPassword,omitempty"`
	AffiliateCode      string `json:"affiliateCode,omitempty"`
	ReferralCode       string `json:"referralCode,omitempty"`
	Domain             string `json:"domain,omitempty"`
	RegisterURL        string `json:"registerUrl,omitempty"`
	RegisterMethod     string `json:"registerMethod,omitempty"`
	AcceptTerms        bool   `json:"acceptTerms"`
}

// registerMobile opens an account by phone number: the username is the
// national number without leading zeros; the code is required when the
// merchant verifies numbers (REGMOBVERF3) and when the account gets no
// password, the password when it asks for one (MOBILENUMPASSREG3;
// otherwise the member logs in by SMS code, which needs a proven number).
func (s *Server) registerMobile(w http.ResponseWriter, r *http.Request) (any, error) {
	ctx := r.Context()
	mer := merchantOf(ctx)
	var req registerMobileRequest
	if err := s.decodeBody(w, r, &req); err != nil {
		return nil, err
	}
	cfg, err := s.Merchant.Config(ctx, mer.Code)
	if err != nil {
		return nil, err
	}
	if !merchant.ModuleOn(cfg.Modules, merchant.ModMobileReg) {
		return nil, newError(http.StatusForbidden, "register.disabled", nil)
	}
	if !req.AcceptTerms {
		return nil, newError(http.StatusUnprocessableEntity, "register.terms_required", fieldError{Field: "acceptTerms", Reason: "required"})
	}
	mobile, err := identity.NormalizePhone(req.CountryDialingCode, req.MobileNum)
	if err != nil {
		return nil, err
	}
	password := req.Password
	if merchant.ModuleOn(cfg.Modules, merchant.ModMobilePassReg) {
		if req.Password != req.ConfirmPassword {
			return nil, newError(http.StatusUnprocessableEntity, "validation.inconsistent_twice", fieldError{Field: "confirmPassword", Reason: "differs"})
		}
		rule := cfg.RegisterRules["password"]
		rule.Enabled, rule.Required = true, true
		if err := rule.Check("password", req.Password); err != nil {
			return nil, err
		}
	} else {
		password = randomHex(24) // unusable: this member logs in by SMS code
	}
	ref, err := s.invitation(ctx, mer.Code, req.AffiliateCode)
	if err != nil {
		return nil, err
	}
	proven := mobileCodeRequired(cfg.Modules)
	if proven {
		if err := s.Identity.CheckCode(ctx, mer.Code, mobile, identity.PurposeRegister, strings.TrimSpace(req.VerificationCode)); err != nil {
			return nil, err
		}
	}
	username := strings.TrimLeft(strings.TrimSpace(req.MobileNum), "0")
	profile := map[string]string{"registerMethod": "mobile"}
	for k, v := range map[string]string{"referralCode": req.ReferralCode, "domain": req.Domain, "registerUrl": req.RegisterURL} {
		if v = strings.TrimSpace(v); v != "" {
			profile[k] = v
		}
	}
	id, err := s.Identity.Open(ctx, identity.NewMember{MerchantCode: mer.Code, Username: username, Password: password,
		Mobile: mobile, MobileVerified: proven, UplineID: ref.AgentID, Profile: profile, Type: ref.memberType(), ReferralCodeID: ref.CodeID})
	switch {
	case errors.Is(err, identity.ErrUsernameTaken), errors.Is(err, identity.ErrMobileTaken):
		return nil, newError(http.StatusConflict, "register.mobile_taken", fieldError{Field: "mobileNum", Reason: "taken"})
	case err != nil:
		return nil, err
	}
	return s.startSession(r, id, true)
}

// oldEnough reports whether someone born on birthday (yyyy-MM-dd or
// MM-dd-yyyy, the date pattern of spec §5) has reached age by now; an
// unreadable date is left to the field rule, which has already accepted it.
func oldEnough(birthday string, age int, now time.Time) bool {
	if age <= 0 {
		age = 18
	}
	var born time.Time
	var err error
	if born, err = time.Parse("2006-01-02", birthday); err != nil {
		if born, err = time.Parse("01-02-2006", birthday); err != nil {
			return true
		}
	}
	return !born.AddDate(age, 0, 0).After(now)
}

// referral is what an invitation code registers: under which agent, as
// which member type, through which code.
type referral struct{ agent.Referral }

func (r referral) memberType() identity.MemberType {
	if r.Agent {
		return identity.TypeAgent1
	}
	return identity.TypeMember
}

// invitation reads the register form's invitation code: an agent's
// referral code or, as the form always took, an active agent's username.
// An empty code is no upline; an unknown one is refused.
func (s *Server) invitation(ctx context.Context, merchantCode, code string) (referral, error) {
	if code = strings.TrimSpace(code); code == "" {
		return referral{}, nil
	}
	unknown := newError(http.StatusUnprocessableEntity, "register.invitation_code_error", fieldError{Field: "affiliateCode", Reason: "unknown"})
	if s.Agents == nil {
		a, err := s.Identity.ByUsername(ctx, merchantCode, code)
		if err != nil || !a.Type.IsAgent() || a.Status != identity.StatusActive {
			return referral{}, unknown
		}
		return referral{agent.Referral{AgentID: a.ID}}, nil
	}
	r, ok, err := s.Agents.ResolveReferral(ctx, merchantCode, code)
	if err != nil {
		return referral{}, err
	}
	if !ok {
		return referral{}, unknown
	}
	return referral{r}, nil
}
