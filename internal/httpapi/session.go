package httpapi

import (
	"context"
	"errors"
	"math"
	"net/http"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"

	"portal/internal/identity"
	"portal/internal/merchant"
)

// loginRequest is the login payload (spec §3 "Login form").
type loginRequest struct {
	Username  string `json:"username"`
	MobileNum string `json:"mobileNum,omitempty"`
	// CountryDialingCode goes with MobileNum (sms login).
	CountryDialingCode string `json:"countryDialingCode,omitempty"`
	Password           string `json:"password"`
	Code               string `json:"code,omitempty"`
	// IPVerifySend asks for a code by "sms" or "email" for a log-in from an
	// unrecognised address; IPVerifyMethod and IPVerifyCode answer it (sms,
	// email or totp). Both ride on the log-in itself, so only someone who
	// knows the password can have a code sent.
	IPVerifySend   string `json:"ipVerifySend,omitempty"`
	IPVerifyMethod string `json:"ipVerifyMethod,omitempty"`
	IPVerifyCode   string `json:"ipVerifyCode,omitempty"`
	// Type is "username" (password login) or "sms" (code login).
	Type      string `json:"type"`
	Captcha   string `json:"captcha,omitempty"`
	CaptchaID string `json:"captchaId,omitempty"`
	// Entry is "member" (the player site) or "agent" (the agent centre).
	Entry string `json:"entry,omitempty"`
}

// loginResult is the login answer (spec §3 "Login result").
type loginResult struct {
	Token           string `json:"token"`
	FirstTimeLogin  bool   `json:"firstTimeLogin"`
	PasswordExpired bool   `json:"passwordExpired"`
	memberInfo
}

// memberInfo is what a member sees of their own account.
type memberInfo struct {
	ID       int64  `json:"id"`
	Account  string `json:"account"`
	Nickname string `json:"nickname"`
	Type     int    `json:"type"`
	IsAgent  bool   `json:"isAgent"`
	IsTrial  bool   `json:"isTrial"`
	// HasVIP is the merchant's VIP switch (public state hasVip): off, the
	// answer carries no VIP rank or label at all.
	HasVIP                 bool   `json:"hasVip"`
	VIPLevel               *int   `json:"vipRankLevel,omitempty"`
	VIPLabel               string `json:"vipLabelName,omitempty"`
	Mobile                 string `json:"mobileNum"`
	Email                  string `json:"email"`
	PasswordChangeRequired bool   `json:"passwordChangeRequired"`
	// MobileVerified and EmailVerified say the member proved each with a
	// code (decision 0034).
	MobileVerified bool `json:"mobileVerified"`
	EmailVerified  bool `json:"emailVerified"`
	// availablePromoCount and availablePromo (G-002, G-023; promo.go).
	promoAvailable
}

func (s *Server) infoOf(m *identity.Member, mer *merchant.Merchant) memberInfo {
	info := memberInfo{
		ID: m.ID, Account: m.Username, Nickname: m.Nickname, Type: int(m.Type), IsAgent: m.Type.IsAgent(),
		IsTrial: m.Type.IsTrial(), Mobile: maskMiddle(m.Mobile), Email: maskEmail(m.Email),
		MobileVerified: m.MobileVerified, EmailVerified: m.EmailVerified,
		PasswordChangeRequired: s.Identity.PasswordChangeDue(m, mer.PasswordExpiryDays),
	}
	if mer.VIP && !m.Type.IsTrial() {
		level := m.VIPLevel
		// The label is the level's name (decision 0038); the rank stays the number.
		info.HasVIP, info.VIPLevel, info.VIPLabel = true, &level, s.vipLabel(mer.Code, level)
	}
	return info
}

// login checks a username and password. A locked address or account is
// refused before the password is looked at, and so is an attempt without a
// solved captcha once one is asked (neither counts). Every failure counts
// against both; "no such account" and "wrong password" answer alike. From
// an address the member never used, when a second factor guards the
// account, a right and a wrong password answer alike until the second
// factor is right too (decision 0017).
func (s *Server) login(w http.ResponseWriter, r *http.Request) (any, error) {
	ctx := r.Context()
	mer := merchantOf(ctx)
	var req loginRequest
	if err := s.decodeBody(w, r, &req); err != nil {
		return nil, err
	}
	req.Username = strings.TrimSpace(req.Username)
	if req.Type == "sms" {
		return s.smsLogin(ctx, r, req)
	}
	switch {
	case req.Type != "" && req.Type != "username":
		return nil, badField("type", "must be username or sms")
	case req.Username == "":
		return nil, badField("username", "required")
	case req.Password == "":
		return nil, badField("password", "required")
	case len(req.Username) > 64 || len(req.Password) > 128:
		return nil, newError(http.StatusBadRequest, "login.password.incorrect", nil)
	}
	attempt := identity.Attempt{Account: identity.AccountSubject(mer.Code, req.Username), Source: clientIPOf(ctx).String()}
	if err := s.attemptGate(ctx, attempt, req.CaptchaID, req.Captcha); err != nil {
		return nil, err
	}
	m, passwordOK, err := s.Identity.CheckPassword(ctx, mer.Code, req.Username, req.Password)
	if err != nil {
		return nil, err
	}
	challenge, err := s.addressChallenge(ctx, m)
	if err != nil {
		return nil, err
	}
	switch {
	case challenge != nil:
		if err := s.verifyAddress(ctx, m, passwordOK, req, attempt, challenge); err != nil {
			return nil, err
		}
	case !passwordOK:
		return nil, s.failedAttempt(ctx, attempt, newError(http.StatusBadRequest, "login.password.incorrect", nil))
	}
	if m.Status != identity.StatusActive {
		return nil, frozen(m)
	}
	// The wrong entry is told only after every factor, and costs what a
	// wrong password costs: it confirms nothing a log-in at the other entry
	// would not.
	if req.Entry == "agent" && !m.Type.IsAgent() {
		return nil, s.failedAttempt(ctx, attempt, newError(http.StatusForbidden, "login.not_agent", nil))
	}
	if req.Entry != "agent" && agentOnly(m.Type) {
		return nil, s.failedAttempt(ctx, attempt, newError(http.StatusForbidden, "login.not_member", nil))
	}
	if err := s.Identity.TouchLogin(ctx, m.ID); err != nil {
		return nil, err
	}
	if err := s.Identity.LoginSucceeded(ctx, attempt); err != nil {
		return nil, err
	}
	token, err := s.Identity.CreateSession(ctx, m.ID, clientIPOf(ctx).String(), r.UserAgent())
	if err != nil {
		return nil, err
	}
	if err := s.Identity.RememberIP(ctx, m.ID, clientIPOf(ctx).String()); err != nil {
		return nil, err
	}
	return loginResult{
		Token: token, FirstTimeLogin: m.LastLoginAt.IsZero(),
		PasswordExpired: s.Identity.PasswordChangeDue(m, mer.PasswordExpiryDays),
		memberInfo:      s.withPromos(r, s.infoOf(m, mer), m),
	}, nil
}

// attemptGate applies the lockout rule before a password is checked: a
// locked address or account answers 429, and once a captcha is asked an
// attempt without the right one is refused. Neither counts as a failure, so
// nobody can push somebody else's account towards its lock without
// solving captchas (decision 0017).
func (s *Server) attemptGate(ctx context.Context, a identity.Attempt, captchaID, captcha string) error {
	risk, err := s.Identity.LoginRisk(ctx, a)
	if err != nil {
		return err
	}
	if risk.RetryAfter > 0 {
		return lockedOut(risk.RetryAfter)
	}
	if !risk.NeedCaptcha {
		return nil
	}
	ok, err := s.Identity.CheckCaptcha(ctx, captchaID, captcha)
	if err != nil {
		return err
	}
	if ok {
		return nil
	}
	code := "login.captcha_incorrect"
	if captcha == "" {
		code = "login.captcha_required"
	}
	return newError(http.StatusBadRequest, code, captchaNeeded{Captcha: true})
}

// lockedOut is the lockout answer with its wait.
func lockedOut(wait time.Duration) *apiError {
	return newError(http.StatusTooManyRequests, "login.too_many_attempts", retryAfter{RetryAfter: int(math.Ceil(wait.Seconds()))})
}

// failedAttempt counts a failure of a and answers with answer, telling the
// client to show the captcha box when the next attempt needs one.
func (s *Server) failedAttempt(ctx context.Context, a identity.Attempt, answer *apiError) error {
	if err := s.Identity.LoginFailed(ctx, a); err != nil {
		return err
	}
	after, err := s.Identity.LoginRisk(ctx, a)
	if err != nil {
		return err
	}
	if after.NeedCaptcha && answer.Value == nil {
		answer.Value = captchaNeeded{Captcha: true}
	}
	return answer
}

// captchaNeeded tells the client to show the captcha box.
type captchaNeeded struct {
	Captcha bool `json:"captcha"`
}

// agentOnly types run a team and do not play: the member entry refuses
// them (decision 0006).
func agentOnly(t identity.MemberType) bool {
	return t == identity.TypeAgent41 || t == identity.TypeAgent42
}

func (s *Server) logout(r *http.Request) (any, error) {
	return nil, s.Identity.Logout(r.Context(), tokenOf(r.Context()))
}

func (s *Server) memberInfo(r *http.Request) (any, error) {
	ctx := r.Context()
	info := s.withPromos(r, s.infoOf(memberOf(ctx), merchantOf(ctx)), memberOf(ctx))
	info.PasswordChangeRequired = s.passwordChangeForced(memberOf(ctx), merchantOf(ctx), tokenOf(ctx))
	return info, nil
}

// passwordChangeForced reports whether the session of token must change
// the member's password before anything else: a default or expired one
// does, except in a session opened by SMS code (spec §4, C-022).
func (s *Server) passwordChangeForced(m *identity.Member, mer *merchant.Merchant, token string) bool {
	return !identity.IsCodeSession(token) && s.Identity.PasswordChangeDue(m, mer.PasswordExpiryDays)
}

type changePasswordRequest struct {
	OldPassword        string `json:"oldPassword"`
	NewPassword        string `json:"newPassword"`
	ConfirmNewPassword string `json:"confirmNewPassword"`
	// Captcha and CaptchaID answer the captcha asked after wrong old
	// passwords, as at log-in.
	Captcha   string `json:"captcha,omitempty"`
	CaptchaID string `json:"captchaId,omitempty"`
}

// changePassword sets a new password that follows the merchant's password
// rule, and ends the member's other sessions. A wrong old password counts
// as a failed log-in of the account (captcha, then lockout), so a stolen
// session cannot be used to guess the password; the lock also ends the
// session (decision 0017).
func (s *Server) changePassword(w http.ResponseWriter, r *http.Request) (any, error) {
	ctx := r.Context()
	var req changePasswordRequest
	if err := s.decodeBody(w, r, &req); err != nil {
		return nil, err
	}
	switch {
	case req.OldPassword == "":
		return nil, badField("oldPassword", "required")
	case req.NewPassword != req.ConfirmNewPassword:
		return nil, newError(http.StatusUnprocessableEntity, "validation.inconsistent_twice", fieldError{Field: "confirmNewPassword", Reason: "differs"})
	case identity.IsDefaultPassword(req.NewPassword) || req.NewPassword == req.OldPassword:
		return nil, newError(http.StatusUnprocessableEntity, "member.password_not_new", fieldError{Field: "newPassword", Reason: "not new"})
	}
	cfg, err := s.Merchant.Config(ctx, merchantOf(ctx).Code)
	if err != nil {
		return nil, err
	}
	rule := cfg.RegisterRules["password"]
	rule.Required, rule.Enabled = true, true
	if err := rule.Check("newPassword", req.NewPassword); err != nil {
		return nil, err
	}
	m := memberOf(ctx)
	attempt := identity.Attempt{Account: identity.AccountSubject(m.MerchantCode, m.Username), Source: clientIPOf(ctx).String()}
	if err := s.attemptGate(ctx, attempt, req.CaptchaID, req.Captcha); err != nil {
		return nil, s.endSessionIfLocked(ctx, err)
	}
	err = s.Identity.ChangePassword(ctx, m.ID, req.OldPassword, req.NewPassword, tokenOf(ctx))
	if errors.Is(err, identity.ErrBadCredentials) {
		err = s.failedAttempt(ctx, attempt, newError(http.StatusBadRequest, "login.password.incorrect", nil))
		risk, rerr := s.Identity.LoginRisk(ctx, attempt)
		if rerr != nil {
			return nil, rerr
		}
		if risk.RetryAfter > 0 {
			err = lockedOut(risk.RetryAfter)
		}
		return nil, s.endSessionIfLocked(ctx, err)
	}
	if err != nil {
		return nil, err
	}
	return nil, s.Identity.LoginSucceeded(ctx, attempt)
}

// isLockout reports whether err is the lockout answer.
func isLockout(err error) bool {
	var ae *apiError
	return errors.As(err, &ae) && ae.Code == "login.too_many_attempts"
}

// endSessionIfLocked ends the request's session when err is the lockout
// answer, and returns err.
func (s *Server) endSessionIfLocked(ctx context.Context, err error) error {
	if !isLockout(err) {
		return err
	}
	if lerr := s.Identity.Logout(ctx, tokenOf(ctx)); lerr != nil {
		return lerr
	}
	return err
}

type sessionInfo struct {
	ID         string    `json:"id"`
	Current    bool      `json:"current"`
	CreatedAt  time.Time `json:"createdAt"`
	LastSeenAt time.Time `json:"lastSeenAt"`
	ExpiresAt  time.Time `json:"expiresAt"`
	IP         string    `json:"ip"`
	UserAgent  string    `json:"userAgent"`
}

func (s *Server) sessions(r *http.Request) (any, error) {
	ctx := r.Context()
	list, err := s.Identity.Sessions(ctx, memberOf(ctx).ID)
	if err != nil {
		return nil, err
	}
	current := identity.SessionID(tokenOf(ctx))
	out := []sessionInfo{}
	for _, ss := range list {
		out = append(out, sessionInfo{ID: ss.ID, Current: ss.ID == current, CreatedAt: ss.CreatedAt, LastSeenAt: ss.LastSeenAt,
			ExpiresAt: ss.ExpiresAt, IP: ss.IP, UserAgent: ss.UserAgent})
	}
	return out, nil
}

func (s *Server) endSession(r *http.Request) (any, error) {
	ctx := r.Context()
	return nil, s.Identity.EndSession(ctx, memberOf(ctx).ID, chi.URLParam(r, "id"))
}

func badField(field, reason string) error {
	return newError(http.StatusUnprocessableEntity, "validation.required", fieldError{Field: field, Reason: reason})
}

// maskMiddle keeps the ends of a phone number: +855****5002.
func maskMiddle(s string) string {
	r := []rune(s)
	if len(r) <= 8 {
		return string(r[:min(2, len(r))]) + strings.Repeat("*", max(0, len(r)-2))
	}
	return string(r[:4]) + strings.Repeat("*", len(r)-8) + string(r[len(r)-4:])
}

// maskEmail keeps the first letter and the domain: p*******@example.com.
func maskEmail(s string) string {
	name, domain, ok := strings.Cut(s, "@")
	if !ok || name == "" {
		return s
	}
	r := []rune(name)
	return string(r[0]) + strings.Repeat("*", len(r)-1) + "@" + domain
}
