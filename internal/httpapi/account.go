package httpapi

import (
	"errors"
	"fmt"
	"math"
	"net/http"
	"net/url"
	"strconv"
	"strings"

	"portal/internal/identity"
	"portal/internal/merchant"
	"portal/internal/notify"
)

// notice is a success answer that the client shows as a dialog; Key is the
// spec's message key (in_been_out), Text the message in the caller's language.
type notice struct {
	Key  string `json:"key"`
	Text string `json:"text"`
}

// emailReset answers a forgotten-password form (username and e-mail, a
// form POST): when both match an account, a single-use link valid for 30
// minutes is e-mailed. The answer is the same whether or not they match.
func (s *Server) emailReset(w http.ResponseWriter, r *http.Request) (any, error) {
	ctx := r.Context()
	mer := merchantOf(ctx)
	r.Body = http.MaxBytesReader(w, r.Body, 16<<10)
	if err := r.ParseForm(); err != nil {
		return nil, newError(http.StatusBadRequest, "request.invalid_body", fieldError{Reason: "not a form"})
	}
	username, email := strings.TrimSpace(r.PostForm.Get("username")), strings.TrimSpace(r.PostForm.Get("email"))
	if username == "" {
		return nil, badField("username", "required")
	}
	if email == "" {
		return nil, badField("email", "required")
	}
	cfg, err := s.Merchant.Config(ctx, mer.Code)
	if err != nil {
		return nil, err
	}
	if err := cfg.RegisterRules["email"].Check("email", email); err != nil {
		return nil, err
	}
	subject := "reset:" + clientIPOf(ctx).String()
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
	m, token, err := s.Identity.StartEmailReset(ctx, mer.Code, username, email)
	if err != nil {
		return nil, err
	}
	if m != nil {
		dr, err := s.Merchant.DomainRoute(ctx, mer.Code)
		if err != nil {
			return nil, err
		}
		link := fmt.Sprintf("https://%s/resetPassword?token=%s", dr.MainDomain, url.QueryEscape(token))
		text := fmt.Sprintf("%s: open %s within 30 minutes to choose a new password. If you did not ask for this, ignore this e-mail.", mer.Name, link)
		if err := s.Email.Send(ctx, notify.Message{To: m.Email, Kind: "email", Text: text, Code: token}); err != nil {
			return nil, err
		}
	}
	return notice{Key: "in_been_out", Text: message("member.in_been_out", languageOf(ctx))}, nil
}

type emailResetFinish struct {
	Token              string `json:"token"`
	NewPassword        string `json:"newPassword"`
	ConfirmNewPassword string `json:"confirmNewPassword"`
}

// finishEmailReset sets the new password from an e-mailed link and logs in.
func (s *Server) finishEmailReset(w http.ResponseWriter, r *http.Request) (any, error) {
	ctx := r.Context()
	var req emailResetFinish
	if err := s.decodeBody(w, r, &req); err != nil {
		return nil, err
	}
	if req.NewPassword != req.ConfirmNewPassword {
		return nil, newError(http.StatusUnprocessableEntity, "validation.inconsistent_twice", fieldError{Field: "confirmNewPassword", Reason: "differs"})
	}
	cfg, err := s.Merchant.Config(ctx, merchantOf(ctx).Code)
	if err != nil {
		return nil, err
	}
	rule := cfg.RegisterRules["password"]
	rule.Enabled, rule.Required = true, true
	if err := rule.Check("newPassword", req.NewPassword); err != nil {
		return nil, err
	}
	id, err := s.Identity.FinishEmailReset(ctx, req.Token, req.NewPassword)
	if err != nil {
		return nil, err
	}
	m, err := s.Identity.Member(ctx, id)
	if err != nil || m.MerchantCode != merchantOf(ctx).Code {
		return nil, identity.ErrResetInvalid
	}
	return s.startSession(r, id, false)
}

type iconChoice struct {
	Icon string `json:"icon"`
}

// avatarIcons is how many preset avatars the site offers.
const avatarIcons = 20

func (s *Server) memberIcon(r *http.Request) (any, error) {
	m := memberOf(r.Context())
	icon := m.Profile["icon"]
	if icon == "" {
		icon = "1"
	}
	return iconChoice{Icon: icon}, nil
}

func (s *Server) setMemberIcon(w http.ResponseWriter, r *http.Request) (any, error) {
	var req iconChoice
	if err := decodeJSON(w, r, &req); err != nil {
		return nil, err
	}
	if n, err := strconv.Atoi(req.Icon); err != nil || n < 1 || n > avatarIcons {
		return nil, newError(http.StatusUnprocessableEntity, "validation.field_invalid", fieldError{Field: "icon", Reason: fmt.Sprintf("1..%d", avatarIcons)})
	}
	return req, s.Identity.SetProfile(r.Context(), memberOf(r.Context()).ID, "icon", req.Icon)
}

// affiliateInfo is all an invitation-code check tells: whether the code can
// be used at registration. It names nobody (the code is an agent's login
// name, so echoing who owns it would hand out accounts to guess).
type affiliateInfo struct {
	Valid bool `json:"valid"`
}

// affiliateLookups is how many invitation-code checks an address may make
// within identity.Window: the register form checks as the code is typed.
const affiliateLookups = 30

// affiliate checks an invitation code (an agent's username) for the
// register form; an unknown code is valid=false, not an error. The checks
// of an address are throttled, so the call is no way to list agents.
func (s *Server) affiliate(r *http.Request) (any, error) {
	ctx := r.Context()
	wait, err := s.Identity.Throttle(ctx, "affiliate:"+clientIPOf(ctx).String(), affiliateLookups)
	if err != nil {
		return nil, err
	}
	if wait > 0 {
		return nil, newError(http.StatusTooManyRequests, "request.too_many", retryAfter{RetryAfter: int(math.Ceil(wait.Seconds()))})
	}
	_, err = s.invitation(ctx, merchantOf(ctx).Code, paramsOf(ctx).String("code"))
	var ae *apiError
	if errors.As(err, &ae) && ae.Code == "register.invitation_code_error" {
		return affiliateInfo{Valid: false}, nil
	}
	if err != nil {
		return nil, err
	}
	return affiliateInfo{Valid: paramsOf(ctx).String("code") != ""}, nil
}

// firstLogin is the first-login action (decision C-019): the announcements
// for first-time members (execution F).
func (s *Server) firstLogin(r *http.Request) (any, error) {
	ctx := r.Context()
	return s.Merchant.Announcements(ctx, merchantOf(ctx).Code, merchant.NoticeQuery{Execution: "F", Language: languageOf(ctx)})
}
