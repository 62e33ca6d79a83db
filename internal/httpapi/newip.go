package httpapi

import (
	"context"
	"fmt"
	"net/http"
	"strings"

	"portal/internal/cashier"
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

// addressChallenge is the challenge a password log-in of m gets when the
// merchant runs IPVERIFY3, the address was never used by m (the very first
// log-in only records its address) and m has a way to prove it is them; nil
// when no second factor guards this log-in. It depends on the account and
// the address only, never on the password.
func (s *Server) addressChallenge(ctx context.Context, m *identity.Member) (*ipChallenge, error) {
	if m == nil {
		return nil, nil
	}
	cfg, err := s.Merchant.Config(ctx, merchantOf(ctx).Code)
	if err != nil {
		return nil, err
	}
	if !merchant.ModuleOn(cfg.Modules, merchant.ModNewIPVerify) {
		return nil, nil
	}
	known, first, err := s.Identity.IPStanding(ctx, m.ID, clientIPOf(ctx).String())
	if err != nil || known || first {
		return nil, err
	}
	totpOn, err := s.Identity.TOTPEnabled(ctx, m.ID)
	if err != nil {
		return nil, err
	}
	ch := &ipChallenge{Methods: []string{}, Mobile: maskMiddle(m.Mobile), Email: maskEmail(m.Email)}
	// Only a number its owner proved receives codes for the account.
	if m.Mobile != "" && m.MobileVerified {
		ch.Methods = append(ch.Methods, "sms")
	} else {
		ch.Mobile = ""
	}
	if m.Email != "" {
		ch.Methods = append(ch.Methods, "email")
	}
	if totpOn {
		ch.Methods = append(ch.Methods, "totp")
	}
	// The real name proven against a bank account's holder (C-116): typed
	// in full, it is something a password thief rarely has.
	if identity.RealName(m) != "" && s.Cashier != nil {
		has, err := s.Cashier.HasBankAccount(ctx, m.ID)
		if err != nil {
			return nil, err
		}
		if has {
			ch.Methods = append(ch.Methods, "realname")
		}
	}
	if len(ch.Methods) == 0 {
		// Nothing to prove it with: the password is all the member has.
		return nil, nil
	}
	return ch, nil
}

// verifyAddress asks for one more proof of a password log-in from a new
// address (addressChallenge). A right and a wrong password get the same
// answers here: the challenge (a code is issued either way, within the same
// limits, but sent only for the right password), and for a code, success
// only when both are right, otherwise the same code error. Every step that
// does not log in counts as a failed log-in, so a password guess costs the
// same whether or not it is right, and guessing codes runs into the same
// lockout as guessing passwords (decision 0017).
func (s *Server) verifyAddress(ctx context.Context, m *identity.Member, passwordOK bool, req loginRequest, a identity.Attempt, ch *ipChallenge) error {
	mer := merchantOf(ctx)
	cfg, err := s.Merchant.Config(ctx, mer.Code)
	if err != nil {
		return err
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
		// The code is checked whatever the password, so that its answer
		// (invalid, expired) says nothing about the password.
		var cerr error
		code := strings.TrimSpace(req.IPVerifyCode)
		switch req.IPVerifyMethod {
		case "sms":
			cerr = s.Identity.CheckCode(ctx, mer.Code, m.Mobile, identity.PurposeIPVerify, code)
		case "email":
			cerr = s.Identity.CheckCode(ctx, mer.Code, strings.ToLower(m.Email), identity.PurposeIPVerify, code)
		case "totp":
			cerr = s.Identity.CheckTOTP(ctx, m.ID, code, false)
		case "realname":
			if len(code) > 256 || !cashier.SameName(code, identity.RealName(m)) {
				cerr = identity.ErrCodeInvalid
			}
		}
		if cerr == nil && !passwordOK {
			cerr = identity.ErrCodeInvalid
		}
		if cerr != nil {
			if err := s.Identity.LoginFailed(ctx, a); err != nil {
				return err
			}
			return cerr
		}
		return nil
	case req.IPVerifySend != "":
		if req.IPVerifySend != "sms" && req.IPVerifySend != "email" || !offered(req.IPVerifySend) {
			return newError(http.StatusUnprocessableEntity, "validation.field_invalid", fieldError{Field: "ipVerifySend", Reason: "not offered"})
		}
		to, sender := m.Mobile, s.SMS
		if req.IPVerifySend == "email" {
			to, sender = strings.ToLower(m.Email), s.Email
		}
		if err := senderMissing(sender); err != nil {
			return err
		}
		code, err := s.Identity.IssueCode(ctx, mer.Code, to, identity.PurposeIPVerify, clientIPOf(ctx).String(), cfg.SMSCodeMinutes)
		if err != nil {
			return err
		}
		if passwordOK {
			text := fmt.Sprintf("%s: a log-in from a new address needs this code: %s (valid %d minutes). If it was not you, change your password.", mer.Name, code, cfg.SMSCodeMinutes)
			s.sendQuietly(ctx, sender, notify.Message{To: to, Kind: req.IPVerifySend, Text: text, Code: code})
		}
		ch.Sent, ch.ExpiredMinutes = req.IPVerifySend, cfg.SMSCodeMinutes
	}
	if err := s.Identity.LoginFailed(ctx, a); err != nil {
		return err
	}
	if req.IPVerifyMethod != "" && req.IPVerifySend == "" {
		// A way to verify was chosen but its code left out.
		return newError(http.StatusForbidden, "login.verification_incomplete", ch)
	}
	return newError(http.StatusForbidden, "login.ip_verification_required", ch)
}
