package httpapi

import (
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
	ID                     int64  `json:"id"`
	Account                string `json:"account"`
	Nickname               string `json:"nickname"`
	Type                   int    `json:"type"`
	IsAgent                bool   `json:"isAgent"`
	IsTrial                bool   `json:"isTrial"`
	VIPLevel               int    `json:"vipRankLevel"`
	Mobile                 string `json:"mobileNum"`
	Email                  string `json:"email"`
	PasswordChangeRequired bool   `json:"passwordChangeRequired"`
}

func (s *Server) infoOf(m *identity.Member, mer *merchant.Merchant) memberInfo {
	return memberInfo{
		ID: m.ID, Account: m.Username, Nickname: m.Nickname, Type: int(m.Type), IsAgent: m.Type.IsAgent(),
		IsTrial: m.Type.IsTrial(), VIPLevel: m.VIPLevel, Mobile: maskMiddle(m.Mobile), Email: maskEmail(m.Email),
		PasswordChangeRequired: s.Identity.PasswordChangeDue(m, mer.PasswordExpiryDays),
	}
}

// login checks a username and password. A locked account or address is
// refused before the password is looked at; every failure counts against
// both; "no such account" and "wrong password" answer alike.
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
	subjects := []string{identity.AccountSubject(mer.Code, req.Username), identity.IPSubject(clientIPOf(ctx).String())}
	risk, err := s.Identity.Risk(ctx, subjects...)
	if err != nil {
		return nil, err
	}
	if risk.RetryAfter > 0 {
		return nil, newError(http.StatusTooManyRequests, "login.too_many_attempts", retryAfter{RetryAfter: int(math.Ceil(risk.RetryAfter.Seconds()))})
	}
	if risk.NeedCaptcha {
		ok, err := s.Identity.CheckCaptcha(ctx, req.CaptchaID, req.Captcha)
		if err != nil {
			return nil, err
		}
		if !ok {
			code := "login.captcha_incorrect"
			if req.Captcha == "" {
				code = "login.captcha_required"
			}
			if err := s.Identity.RecordFailure(ctx, subjects...); err != nil {
				return nil, err
			}
			return nil, newError(http.StatusBadRequest, code, captchaNeeded{Captcha: true})
		}
	}
	m, err := s.Identity.Login(ctx, mer.Code, req.Username, req.Password)
	if errors.Is(err, identity.ErrBadCredentials) {
		if err := s.Identity.RecordFailure(ctx, subjects...); err != nil {
			return nil, err
		}
		after, rerr := s.Identity.Risk(ctx, subjects...)
		if rerr != nil {
			return nil, rerr
		}
		var value any
		if after.NeedCaptcha {
			value = captchaNeeded{Captcha: true}
		}
		return nil, newError(http.StatusBadRequest, "login.password.incorrect", value)
	}
	if err != nil {
		return nil, err
	}
	if req.Entry == "agent" && !m.Type.IsAgent() {
		return nil, newError(http.StatusForbidden, "login.not_agent", nil)
	}
	if req.Entry != "agent" && agentOnly(m.Type) {
		return nil, newError(http.StatusForbidden, "login.not_member", nil)
	}
	if err := s.verifyAddress(ctx, m, req, subjects); err != nil {
		return nil, err
	}
	if err := s.Identity.ClearFailures(ctx, subjects[0]); err != nil {
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
		memberInfo:      s.infoOf(m, mer),
	}, nil
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
	return s.infoOf(memberOf(ctx), merchantOf(ctx)), nil
}

type changePasswordRequest struct {
	OldPassword        string `json:"oldPassword"`
	NewPassword        string `json:"newPassword"`
	ConfirmNewPassword string `json:"confirmNewPassword"`
}

// changePassword sets a new password that follows the merchant's password
// rule, and ends the member's other sessions.
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
	if err := s.Identity.ChangePassword(ctx, memberOf(ctx).ID, req.OldPassword, req.NewPassword, tokenOf(ctx)); err != nil {
		return nil, err
	}
	return nil, nil
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
