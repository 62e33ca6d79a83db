package httpapi

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"

	"portal/internal/cashier"
	"portal/internal/catalog"
	"portal/internal/database"
	"portal/internal/identity"
	"portal/internal/inbox"
	"portal/internal/merchant"
	"portal/internal/notify"
	"portal/internal/operator"
	"portal/internal/protection"
	"portal/internal/provider"
	"portal/internal/provider/inhouse"
	"portal/internal/report"
	"portal/internal/wallet"
)

// apiError is an error that already knows its answer.
type apiError struct {
	Status int
	Code   string
	Value  any
	// text words the message when the catalogue entry of Code alone does
	// not say enough (a field's rule); nil means the catalogue's words.
	text func(lang string) string
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

// Answers the handlers give for situations of their own.
var (
	// errFeatureOff refuses a call whose module-tree switch the merchant
	// has turned off (referral, A-017).
	errFeatureOff = newError(http.StatusForbidden, "feature.disabled", nil)
	// errContactAgent refuses a frozen downline member: their agent manages
	// the account.
	errContactAgent = newError(http.StatusForbidden, "login.contact_agent", nil)
	// errConfirmationIncorrect refuses a wrong code typed to confirm a
	// change (the authenticator's set-up or removal, X-019).
	errConfirmationIncorrect = newError(http.StatusBadRequest, "member.confirmation_incorrect", nil)
)

// confirmation words a wrong code typed to confirm a change as "incorrect
// confirmation input" (X-019); other errors pass.
func confirmation(err error) error {
	if errors.Is(err, identity.ErrCodeInvalid) {
		return errConfirmationIncorrect
	}
	return err
}

// frozen is the refusal of a log-in to a frozen account: a downline's
// agent restores it, any other account customer service.
func frozen(m *identity.Member) error {
	if m.UplineID != 0 {
		return errContactAgent
	}
	return identity.ErrMemberFrozen
}

// domainErrors maps each domain's sentinel errors to an answer: the only
// place where errors become statuses.
var domainErrors = []struct {
	target error
	status int
	code   string
}{
	{merchant.ErrUnknownMerchant, http.StatusBadRequest, "invalid.domain"},
	{operator.ErrLoginFailed, http.StatusUnauthorized, "admin.login_failed"},
	{operator.ErrLoginToken, http.StatusUnauthorized, "admin.login_token_invalid"},
	{operator.ErrTOTPInvalid, http.StatusUnauthorized, "admin.totp_invalid"},
	{operator.ErrNoSession, http.StatusUnauthorized, "admin.not_session"},
	{operator.ErrPasswordRule, http.StatusUnprocessableEntity, "admin.password_invalid"},
	{operator.ErrUsernameRule, http.StatusUnprocessableEntity, "admin.username_invalid"},
	{operator.ErrUsernameTaken, http.StatusConflict, "admin.username_taken"},
	{operator.ErrUnknownRole, http.StatusUnprocessableEntity, "admin.role_unknown"},
	{operator.ErrBuiltinRole, http.StatusConflict, "admin.role_builtin"},
	{operator.ErrRoleExists, http.StatusConflict, "admin.role_exists"},
	{operator.ErrUnknownPerm, http.StatusUnprocessableEntity, "admin.permission_unknown"},
	{operator.ErrAboveOwn, http.StatusForbidden, "admin.beyond_own_permissions"},
	{operator.ErrLastOwner, http.StatusConflict, "admin.last_owner"},
	{operator.ErrNotFound, http.StatusNotFound, "resource.not_found"},
	{operator.ErrCIDR, http.StatusUnprocessableEntity, "admin.cidr_invalid"},
	{operator.ErrMerchantUnknown, http.StatusBadRequest, "invalid.domain"},
	{operator.ErrApprovalKind, http.StatusUnprocessableEntity, "admin.approval_kind_unknown"},
	{operator.ErrReasonRule, http.StatusUnprocessableEntity, "admin.reason_invalid"},
	{operator.ErrMemberUnknown, http.StatusNotFound, "admin.member_unknown"},
	{operator.ErrAmountInvalid, http.StatusUnprocessableEntity, "admin.amount_invalid"},
	{operator.ErrSameOperator, http.StatusForbidden, "admin.same_operator"},
	{operator.ErrApprovalExpired, http.StatusConflict, "admin.approval_expired"},
	{operator.ErrApprovalDecided, http.StatusConflict, "admin.approval_decided"},
	{operator.ErrLocksOut, http.StatusConflict, "admin.allow_list_excludes_you"},
	{identity.ErrNoteRule, http.StatusUnprocessableEntity, "admin.note_invalid"},
	{identity.ErrTagRule, http.StatusUnprocessableEntity, "admin.tags_invalid"},
	{inbox.ErrMessageRule, http.StatusUnprocessableEntity, "member.message_invalid"},
	{inbox.ErrNotFound, http.StatusNotFound, "resource.not_found"},
	{inbox.ErrAudience, http.StatusUnprocessableEntity, "admin.audience_invalid"},
	// Dashboard and reports.
	{report.ErrRange, http.StatusUnprocessableEntity, "admin.range_invalid"},

	// Games and vendors.
	{catalog.ErrChangeEmpty, http.StatusUnprocessableEntity, "games.change_empty"},
	{catalog.ErrSortRange, http.StatusUnprocessableEntity, "games.sort_invalid"},
	{catalog.ErrSelection, http.StatusUnprocessableEntity, "games.selection_invalid"},
	{provider.ErrWinLimit, http.StatusUnprocessableEntity, "games.win_limit_invalid"},

	// Merchant settings and merchants.
	{merchant.ErrMerchantExists, http.StatusConflict, "merchants.code_taken"},
	{merchant.ErrDomainTaken, http.StatusConflict, "settings.domain_taken"},
	{merchant.ErrInvalidSetting, http.StatusUnprocessableEntity, "settings.invalid"},

	// Content.
	{merchant.ErrContentInvalid, http.StatusUnprocessableEntity, "admin.content_invalid"},
	{merchant.ErrSlugTaken, http.StatusConflict, "admin.content_slug_taken"},
	{merchant.ErrImageInvalid, http.StatusUnprocessableEntity, "admin.image_invalid"},
	{merchant.ErrImageTooLarge, http.StatusRequestEntityTooLarge, "admin.image_too_large"},

	{merchant.ErrNotFound, http.StatusNotFound, "resource.not_found"},
	{merchant.ErrBadPayload, http.StatusBadRequest, "request.decrypt_failed"},
	{merchant.ErrPayloadReplayed, http.StatusConflict, "request.replayed"},
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
	{notify.ErrSMSFailed, http.StatusBadGateway, "sms.failed"},
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
	// A debit beyond the balance (an approved adjustment); the in-house
	// games answer their own 422 above.
	{wallet.ErrInsufficientFunds, http.StatusConflict, "wallet.insufficient_funds"},
}

// answerFor maps err to the envelope's status, code and value; anything it
// does not know is a system error whose cause is logged, never shown.
func answerFor(err error) (*apiError, bool) {
	var ae *apiError
	if errors.As(err, &ae) {
		return ae, true
	}
	var locked *operator.LockedError
	if errors.As(err, &locked) {
		return newError(http.StatusTooManyRequests, "admin.too_many_attempts", retryAfter{RetryAfter: int(locked.RetryAfter.Seconds()) + 1}), true
	}
	if ae, ok := smsLimitError(err); ok {
		return ae, true
	}
	if ae, ok := cashierOutAnswer(err); ok {
		return ae, true
	}
	if errors.Is(err, inhouse.ErrBet) {
		// The game's own words say which rule the bet broke.
		return newError(http.StatusBadRequest, "inhouse.bet_invalid",
			fieldError{Field: "bet", Reason: strings.TrimPrefix(err.Error(), inhouse.ErrBet.Error()+": ")}), true
	}
	var fe *merchant.FieldError
	if errors.As(err, &fe) {
		return fieldAnswer(fe), true
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

// fieldAnswer is the answer to a value that broke its field's rule. A
// missing value answers "items marked * are required". A malformed
// one says "format incorrect" in the words its field calls for (real name
// X-024; account, password or e-mail X-025; any other field a plain
// "format incorrect"), then what a valid value looks like, chosen by the
// rule's patternId with its min and max filled in (C-070).
func fieldAnswer(fe *merchant.FieldError) *apiError {
	if fe.Reason == "required" {
		return newError(http.StatusUnprocessableEntity, "validation.required", fe)
	}
	code, lead := "validation.field_invalid", "validation.format_incorrect"
	switch fe.Field {
	case "payeeName":
		code, lead = "validation.real_name_invalid", "validation.real_name_invalid"
	case "username", "password", "confirmPassword", "newPassword", "email":
		lead = "validation.field_invalid"
	}
	ae := newError(http.StatusUnprocessableEntity, code, fe)
	if fe.Reason == "disabled" {
		// A value for a field the merchant does not ask for: nothing to hint.
		return ae
	}
	ae.text = func(lang string) string {
		sep := ": "
		if lang == "CN" || lang == "TW" || lang == "JA" {
			sep = "："
		}
		return message(lead, lang) + sep + merchant.Hint(fe.PatternID, lang, fe.Min, fe.Max)
	}
	return ae
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
	// Answers given before a merchant is known (unknown addresses, wrong
	// methods, an invalid domain) still speak the request's language.
	lang, ok := r.Context().Value(keyLanguage).(string)
	if !ok {
		lang = acceptLanguage(r)
	}
	text := message(ae.Code, lang)
	if ae.text != nil {
		text = ae.text(lang)
	}
	writeJSON(w, ae.Status, envelope{
		Success: false,
		Code:    ae.Code,
		Message: text,
		Value:   ae.Value,
	})
}

// retryAfter is the value of a 429 answer.
type retryAfter struct {
	RetryAfter int `json:"retryAfter"`
}

func itoa(n int) string { return strconv.Itoa(n) }

// Cashier: the deposit errors' answers and their words, in one block.
func init() {
	domainErrors = append(domainErrors, []struct {
		target error
		status int
		code   string
	}{
		{cashier.ErrNotFound, http.StatusNotFound, "resource.not_found"},
		{cashier.ErrChannelInvalid, http.StatusUnprocessableEntity, "cashier.channel_invalid"},
		{cashier.ErrChannelExists, http.StatusConflict, "cashier.channel_exists"},
		{cashier.ErrAmountOutOfRange, http.StatusUnprocessableEntity, "cashier.amount_out_of_range"},
		{cashier.ErrDailyLimit, http.StatusUnprocessableEntity, "cashier.daily_limit"},
		{cashier.ErrTooManyPending, http.StatusConflict, "cashier.too_many_pending"},
		{cashier.ErrRequestInvalid, http.StatusUnprocessableEntity, "cashier.request_invalid"},
		{cashier.ErrOrderState, http.StatusConflict, "cashier.order_state"},
		{cashier.ErrReferenceInvalid, http.StatusUnprocessableEntity, "cashier.reference_invalid"},
		{cashier.ErrProofInvalid, http.StatusUnprocessableEntity, "cashier.proof_invalid"},
		{cashier.ErrReasonInvalid, http.StatusUnprocessableEntity, "cashier.reason_invalid"},
		{cashier.ErrGateway, http.StatusBadGateway, "cashier.gateway_unavailable"},
		{cashier.ErrSignature, http.StatusUnauthorized, "cashier.signature_invalid"},
		{cashier.ErrNotice, http.StatusBadRequest, "request.invalid_body"},
	}...)
	for code, words := range map[string]map[string]string{
		"cashier.channel_invalid": {
			"EN": "The channel's settings are not valid",
			"KM": "ការកំណត់របស់ឆានែលមិនត្រឹមត្រូវ",
			"CN": "渠道设置无效",
		},
		"cashier.channel_exists": {
			"EN": "A channel with this code already exists",
			"KM": "ឆានែលដែលមានកូដនេះមានរួចហើយ",
			"CN": "该代码的渠道已存在",
		},
		"cashier.amount_out_of_range": {
			"EN": "The amount is outside the channel's minimum and maximum",
			"KM": "ចំនួនទឹកប្រាក់នៅក្រៅអប្បបរមា និងអតិបរមារបស់ឆានែល",
			"CN": "金额超出该渠道的最低和最高限额",
		},
		"cashier.daily_limit": {
			"EN": "You have reached today's limit for this channel",
			"KM": "អ្នកបានឈានដល់ដែនកំណត់ថ្ងៃនេះសម្រាប់ឆានែលនេះ",
			"CN": "您已达到该渠道今日的限额",
		},
		"cashier.too_many_pending": {
			"EN": "You have 3 deposits waiting; finish or cancel one first",
			"KM": "អ្នកមានការដាក់ប្រាក់ 3 កំពុងរង់ចាំ សូមបញ្ចប់មួយជាមុនសិន",
			"CN": "您有 3 笔存款待处理，请先完成其中一笔",
		},
		"cashier.request_invalid": {
			"EN": "The request id must be 1-64 printable characters",
			"KM": "លេខសម្គាល់សំណើត្រូវតែមាន 1-64 តួអក្សរ",
			"CN": "请求编号须为 1-64 个可打印字符",
		},
		"cashier.order_state": {
			"EN": "The order's status does not allow this",
			"KM": "ស្ថានភាពនៃការបញ្ជាទិញមិនអនុញ្ញាតឱ្យធ្វើដូច្នេះទេ",
			"CN": "订单当前状态不允许此操作",
		},
		"cashier.reference_invalid": {
			"EN": "The transfer reference must be 1-64 characters",
			"KM": "លេខយោងនៃការផ្ទេរត្រូវតែមាន 1-64 តួអក្សរ",
			"CN": "转账参考号须为 1-64 个字符",
		},
		"cashier.proof_invalid": {
			"EN": "The proof must be a PNG or JPEG image of at most 5 MB",
			"KM": "ភស្តុតាងត្រូវតែជារូបភាព PNG ឬ JPEG មិនលើសពី 5 MB",
			"CN": "凭证须为不超过 5 MB 的 PNG 或 JPEG 图片",
		},
		"cashier.reason_invalid": {
			"EN": "The reason must be up to 200 characters (required to reject)",
			"KM": "មូលហេតុត្រូវតែមិនលើសពី 200 តួអក្សរ (ត្រូវការសម្រាប់ការបដិសេធ)",
			"CN": "原因不超过 200 个字符（拒绝时必填）",
		},
		"cashier.signature_invalid": {
			"EN": "The notice's signature does not verify",
			"KM": "ហត្ថលេខានៃការជូនដំណឹងមិនត្រឹមត្រូវ",
			"CN": "通知签名验证失败",
		},
		"cashier.gateway_unavailable": {
			"EN": "The payment gateway is not available; try again or choose another channel",
			"KM": "ច្រកទូទាត់មិនអាចប្រើបានទេ សូមព្យាយាមម្តងទៀត ឬជ្រើសរើសឆានែលផ្សេង",
			"CN": "支付网关暂不可用，请重试或选择其他渠道",
		},
	} {
		messages[code] = words
	}
}

// Player protection (decision 0032): its refusals, wherever they are met
// (the member's own settings, a deposit, a launch, an in-house stake).
func init() {
	domainErrors = append(domainErrors, []struct {
		target error
		status int
		code   string
	}{
		{protection.ErrLimitInvalid, http.StatusUnprocessableEntity, "protection.limit_invalid"},
		{protection.ErrPeriodInvalid, http.StatusUnprocessableEntity, "protection.period_invalid"},
		{protection.ErrExclusionActive, http.StatusConflict, "protection.exclusion_active"},
		{protection.ErrExcluded, http.StatusForbidden, "protection.excluded"},
		{protection.ErrDepositLimit, http.StatusUnprocessableEntity, "protection.deposit_limit"},
		{protection.ErrSessionLimit, http.StatusForbidden, "protection.session_limit"},
		{protection.ErrLossLimit, http.StatusUnprocessableEntity, "protection.loss_limit"},
		{inhouse.ErrLossLimit, http.StatusUnprocessableEntity, "protection.loss_limit"},
		{inhouse.ErrPlayerExcluded, http.StatusForbidden, "protection.excluded"},
		{inhouse.ErrSessionLimit, http.StatusForbidden, "protection.session_limit"},
	}...)
	for code, words := range map[string]map[string]string{
		"protection.limit_invalid": {
			"EN": "This limit is not valid: choose a known limit and a positive amount within its bounds",
			"KM": "ដែនកំណត់នេះមិនត្រឹមត្រូវ៖ សូមជ្រើសរើសដែនកំណត់ និងចំនួនវិជ្ជមានក្នុងព្រំដែនរបស់វា",
			"CN": "该限额无效：请选择已知的限额类型并填写范围内的正数",
		},
		"protection.period_invalid": {
			"EN": "Choose a cooling-off period (24 hours, 7 or 30 days) or a self-exclusion (6 months, 1 year, permanent)",
			"KM": "សូមជ្រើសរើសរយៈពេលសម្រាក (24 ម៉ោង 7 ឬ 30 ថ្ងៃ) ឬការដកខ្លួន (6 ខែ 1 ឆ្នាំ ជាអចិន្ត្រៃយ៍)",
			"CN": "请选择冷静期（24 小时、7 天或 30 天）或自我禁入（6 个月、1 年、永久）",
		},
		"protection.exclusion_active": {
			"EN": "A cooling-off or self-exclusion that ends later is already running; it cannot be shortened",
			"KM": "ការសម្រាក ឬការដកខ្លួនដែលបញ្ចប់យឺតជាងនេះកំពុងដំណើរការ ហើយមិនអាចកាត់បន្ថយបានទេ",
			"CN": "已有更晚结束的冷静期或自我禁入正在生效，不能缩短",
		},
		"protection.excluded": {
			"EN": "You are cooling off or self-excluded: play and deposits are closed until it ends. You can still log in, see your balance and withdraw",
			"KM": "អ្នកកំពុងសម្រាក ឬបានដកខ្លួន៖ ការលេង និងការដាក់ប្រាក់ត្រូវបានបិទរហូតដល់វាបញ្ចប់។ អ្នកនៅតែអាចចូល មើលសមតុល្យ និងដកប្រាក់បាន",
			"CN": "您正处于冷静期或自我禁入期：结束前不能游戏或存款。您仍可登录、查看余额和提款",
		},
		"protection.deposit_limit": {
			"EN": "This deposit would pass the deposit limit you set",
			"KM": "ការដាក់ប្រាក់នេះនឹងលើសដែនកំណត់ដាក់ប្រាក់ដែលអ្នកបានកំណត់",
			"CN": "此笔存款将超过您设定的存款限额",
		},
		"protection.loss_limit": {
			"EN": "This bet would pass the loss limit you set",
			"KM": "ការភ្នាល់នេះនឹងលើសដែនកំណត់ការខាតបង់ដែលអ្នកបានកំណត់",
			"CN": "此注将超过您设定的亏损限额",
		},
		"protection.session_limit": {
			"EN": "You have used up today's playing time limit",
			"KM": "អ្នកបានប្រើអស់ពេលវេលាលេងកំណត់សម្រាប់ថ្ងៃនេះហើយ",
			"CN": "您已用完今日的游戏时长限额",
		},
	} {
		messages[code] = words
	}
}
