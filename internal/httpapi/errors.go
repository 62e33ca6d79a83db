package httpapi

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"

	"portal/internal/catalog"
	"portal/internal/database"
	"portal/internal/identity"
	"portal/internal/merchant"
	"portal/internal/notify"
	"portal/internal/provider"
	"portal/internal/provider/inhouse"
)

// apiError is an error that already knows its answer.
type apiError struct {
	Status int
	Code   string
	Value  any
}

func (e *apiError) Error() string { return e.Code }

func newError(status int, code string, value any) *apiError {
	return &apiError{Status: status, Code: code, Value: value}
}

// fieldError is the value of a 400/422 answer that names the failing input.
type fieldError struct {
	Field  string `json:"field"`
	Reason string `json:"reason"`
}

func badParam(field, reason string) *apiError {
	return newError(http.StatusBadRequest, "request.invalid_parameter", fieldError{Field: field, Reason: reason})
}

// domainErrors maps each domain's sentinel errors to an answer: the only
// place where errors become statuses.
var domainErrors = []struct {
	target error
	status int
	code   string
}{
	{merchant.ErrUnknownMerchant, http.StatusBadRequest, "invalid.domain"},
	{merchant.ErrNotFound, http.StatusNotFound, "resource.not_found"},
	{merchant.ErrBadPayload, http.StatusBadRequest, "request.decrypt_failed"},
	{identity.ErrNoSession, http.StatusUnauthorized, "login.not.session"},
	{identity.ErrBadCredentials, http.StatusBadRequest, "login.password.incorrect"},
	{identity.ErrMemberFrozen, http.StatusForbidden, "login.account_frozen"},
	{identity.ErrPhoneMissing, http.StatusUnprocessableEntity, "sms.phone_missing"},
	{identity.ErrPhoneFormat, http.StatusUnprocessableEntity, "sms.phone_invalid"},
	{identity.ErrSMSQuota, http.StatusServiceUnavailable, "sms.quota_insufficient"},
	{identity.ErrCodeMissing, http.StatusUnprocessableEntity, "sms.code_missing"},
	{identity.ErrTOTPEnabled, http.StatusConflict, "member.totp_enabled"},
	{identity.ErrTOTPNotSetUp, http.StatusConflict, "member.totp_not_set_up"},
	{identity.ErrCodeInvalid, http.StatusBadRequest, "sms.code_invalid"},
	{identity.ErrCodeExpired, http.StatusBadRequest, "sms.code_expired"},
	{identity.ErrResetInvalid, http.StatusBadRequest, "member.reset_link_invalid"},
	{notify.ErrNotConfigured, http.StatusServiceUnavailable, "sms.not_enabled"},
	{catalog.ErrGameNotFound, http.StatusNotFound, "game.not_found"},
	{catalog.ErrVendorNotFound, http.StatusNotFound, "vendor.not_found"},
	{database.ErrNotFound, http.StatusNotFound, "resource.not_found"},
	{catalog.ErrTooManyFavourites, http.StatusUnprocessableEntity, "favourite.too_many"},
	{provider.ErrLoginRequired, http.StatusUnauthorized, "login.not.session"},
	{provider.ErrVendorUnknown, http.StatusNotFound, "vendor.not_found"},
	{provider.ErrGameUnknown, http.StatusNotFound, "game.not_found"},
	{provider.ErrDemoUnavailable, http.StatusForbidden, "game.demo_unavailable"},
	{provider.ErrGameMaintenance, http.StatusServiceUnavailable, "game.maintenance"},
	{inhouse.ErrSession, http.StatusUnauthorized, "game.session_expired"},
	{inhouse.ErrInsufficientFunds, http.StatusUnprocessableEntity, "wallet.insufficient_funds"},
	{inhouse.ErrPlayerDisabled, http.StatusForbidden, "login.account_frozen"},
	{inhouse.ErrRoundVoid, http.StatusConflict, "inhouse.round_void"},
	{inhouse.ErrRetry, http.StatusServiceUnavailable, "inhouse.retry"},
	{inhouse.ErrRequestReused, http.StatusConflict, "inhouse.request_reused"},
	{inhouse.ErrClientSeed, http.StatusBadRequest, "inhouse.client_seed_invalid"},
}

// answerFor maps err to the envelope's status, code and value; anything it
// does not know is a system error whose cause is logged, never shown.
func answerFor(err error) (*apiError, bool) {
	var ae *apiError
	if errors.As(err, &ae) {
		return ae, true
	}
	if ae, ok := smsLimitError(err); ok {
		return ae, true
	}
	if errors.Is(err, inhouse.ErrBet) {
		// The game's own words say which rule the bet broke.
		return newError(http.StatusBadRequest, "inhouse.bet_invalid",
			fieldError{Field: "bet", Reason: strings.TrimPrefix(err.Error(), inhouse.ErrBet.Error()+": ")}), true
	}
	var fe *merchant.FieldError
	if errors.As(err, &fe) {
		return newError(http.StatusUnprocessableEntity, "validation.field_invalid", fe), true
	}
	for _, d := range domainErrors {
		if errors.Is(err, d.target) {
			return newError(d.status, d.code, nil), true
		}
	}
	if errors.Is(err, context.Canceled) {
		// The client went away; 499 in nginx terms, nobody reads it.
		return newError(499, "request.cancelled", nil), true
	}
	return newError(http.StatusInternalServerError, "system.error", nil), false
}

func (s *Server) writeError(w http.ResponseWriter, r *http.Request, err error) {
	ae, known := answerFor(err)
	if !known {
		s.log.ErrorContext(r.Context(), "request failed", "err", err, "request_id", requestID(r.Context()))
	}
	if ae.Status == http.StatusTooManyRequests {
		if v, ok := ae.Value.(retryAfter); ok {
			w.Header().Set("Retry-After", itoa(v.RetryAfter))
		}
	}
	writeJSON(w, ae.Status, envelope{
		Success: false,
		Code:    ae.Code,
		Message: message(ae.Code, languageOf(r.Context())),
		Value:   ae.Value,
	})
}

// retryAfter is the value of a 429 answer.
type retryAfter struct {
	RetryAfter int `json:"retryAfter"`
}

func itoa(n int) string { return strconv.Itoa(n) }
