package httpapi

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"

	"portal/internal/identity"
	"portal/internal/merchant"
	"portal/internal/notify"
)

// ipChallenge answers a password log-in from an unrecognised address: the
// ways the member can prove it is them, where a code was just sent, and
// how long it lives (spec §4 Unrecognised IP login).
type ipChallenge struct {
	Methods        []string `json:"methods"`
	Mobile         string   `json:"mobile,omitempty"`
	Email          string   `json:"email,omitempty"`
	Sent           string   `json:"sent,omitempty"`
	ExpiredMinutes int      `json:"expiredMinutes,omitempty"`
}

// verifyAddress asks for one more proof when the merchant runs IPVERIFY3
// and the member logs in by password from an address never seen before
// (the very first log-in only records its address). A wrong code counts as
// a failed log-in, so guessing codes runs into the same lockout as
// guessing passwords.
func (s *Server) verifyAddress(ctx context.Context, m *identity.Member, req loginRequest, subjects []string) error {
	mer := merchantOf(ctx)
	cfg, err := s.Merchant.Config(ctx, mer.Code)
	if err != nil {
		return err
	}
	if !merchant.ModuleOn(cfg.Modules, merchant.ModNewIPVerify) {
		return nil
	}
	known, first, err := s.Identity.IPStanding(ctx, m.ID, clientIPOf(ctx).String())
	if err != nil || known || first {
		return err
	}
	totpOn, err := s.Identity.TOTPEnabled(ctx, m.ID)
	if err != nil {
		return err
	}
	ch := ipChallenge{Methods: []string{}, Mobile: maskMiddle(m.Mobile), Email: maskEmail(m.Email)}
	if m.Mobile != "" {
		ch.Methods = append(ch.Methods, "sms")
	}
	if m.Email != "" {
		ch.Methods = append(ch.Methods, "email")
	}
	if totpOn {
		ch.Methods = append(ch.Methods, "totp")
	}
	if len(ch.Methods) == 0 {
		// Nothing to prove it with: the password is all the member has.
		return nil
	}
	offered := func(method string) bool {
		for _, x := range ch.Methods {
			if x == method {
				return true
			}
		}
		return false
	}
	switch {
	case req.IPVerifyCode != "":
		if !offered(req.IPVerifyMethod) {
			return newError(http.StatusUnprocessableEntity, "validation.field_invalid", fieldError{Field: "ipVerifyMethod", Reason: "not offered"})
		}
		var cerr error
		switch req.IPVerifyMethod {
		case "sms":
			cerr = s.Identity.CheckCode(ctx, mer.Code, m.Mobile, identity.PurposeIPVerify, strings.TrimSpace(req.IPVerifyCode))
		case "email":
			cerr = s.Identity.CheckCode(ctx, mer.Code, strings.ToLower(m.Email), identity.PurposeIPVerify, strings.TrimSpace(req.IPVerifyCode))
		case "totp":
			cerr = s.Identity.CheckTOTP(ctx, m.ID, strings.TrimSpace(req.IPVerifyCode), false)
		}
		if cerr != nil {
			if errors.Is(cerr, identity.ErrCodeInvalid) || errors.Is(cerr, identity.ErrCodeExpired) {
				if err := s.Identity.RecordFailure(ctx, subjects...); err != nil {
					return err
				}
			}
			return cerr
		}
		return nil
	case req.IPVerifySend != "":
		if req.IPVerifySend != "sms" && req.IPVerifySend != "email" || !offered(req.IPVerifySend) {
			return newError(http.StatusUnprocessableEntity, "validation.field_invalid", fieldError{Field: "ipVerifySend", Reason: "not offered"})
		}
		to := m.Mobile
		if req.IPVerifySend == "email" {
			to = strings.ToLower(m.Email)
		}
		code, err := s.Identity.IssueCode(ctx, mer.Code, to, identity.PurposeIPVerify, clientIPOf(ctx).String(), cfg.SMSCodeMinutes)
		if err != nil {
			return err
		}
		text := fmt.Sprintf("%s: a log-in from a new address needs this code: %s (valid %d minutes). If it was not you, change your password.", mer.Name, code, cfg.SMSCodeMinutes)
		msg := notify.Message{To: to, Kind: req.IPVerifySend, Text: text, Code: code}
		sender := s.SMS
		if req.IPVerifySend == "email" {
			sender = s.Email
		}
		if err := sender.Send(ctx, msg); err != nil {
			return err
		}
		ch.Sent, ch.ExpiredMinutes = req.IPVerifySend, cfg.SMSCodeMinutes
	}
	return newError(http.StatusForbidden, "login.ip_verification_required", ch)
}
