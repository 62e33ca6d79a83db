package httpapi

import (
	"net/http"

	"portal/internal/catalog"
	"portal/internal/identity"
	"portal/internal/merchant"
)

// routes is the whole API, one line per endpoint: the table of contents of
// the product's calls (spec §7). The OpenAPI document is written from it and
// a test holds the router and the document equal.
func (s *Server) routes() []Route {
	table := []Route{
		// Process
		{Method: http.MethodGet, Path: "/healthz", Tag: "process", Summary: "Liveness: 200 once the server serves", Access: Public, Result: health{}, JSON: s.health},
		{Method: http.MethodGet, Path: "/openapi.json", Tag: "process", Summary: "This API's OpenAPI 3.1 document", Access: Public, Raw: s.openAPI},

		// System (system.go): the startup calls answer in maintenance and
		// from blocked regions, because they are how the client learns of it.
		{Method: http.MethodGet, Path: "/wps/system/permission", Tag: "system", Access: System,
			Summary: "Startup call: module tree, rules, resources, status, location, encryption key",
			Query:   []Param{languageParam}, Result: merchant.Permission{}, JSON: s.permission},
		{Method: http.MethodGet, Path: "/wps/system/status", Tag: "system", Access: System,
			Summary: "System status: 0 normal, 1 maintenance, 2 region restricted (maintenance wins)",
			Query:   []Param{languageParam}, Result: merchant.StatusPage{}, JSON: s.systemStatus},
		{Method: http.MethodGet, Path: "/wps/system/whitelabel", Tag: "system", Access: System,
			Summary: "The white-label module tree", Result: []merchant.Module{}, JSON: s.whitelabel},
		{Method: http.MethodGet, Path: "/wps/system/setting/register", Tag: "system", Access: System,
			Summary: "Registration field rules and pattern catalogue", Result: merchant.RegisterSettings{}, JSON: s.registerSettings},
		{Method: http.MethodGet, Path: "/wps/system/domainRoute", Tag: "system", Access: System,
			Summary: "Main domain and mirror domains", Result: merchant.DomainRoute{}, JSON: s.domainRoute},
		{Method: http.MethodGet, Path: "/wps/system/customerService", Tag: "system", Access: System,
			Summary: "Customer-service channels (paths sealed with customerServiceKey)", Result: []merchant.CustomerService{}, JSON: s.customerService},
		{Method: http.MethodGet, Path: "/wps/system/helpCenter", Tag: "content", Access: Lobby,
			Summary: "Help-centre sections and articles",
			Query: []Param{languageParam, {Name: "device", Type: TypeString, MaxLen: 10, Description: "WEB"},
				{Name: "lang", Type: TypeString, MaxLen: 10, Description: "The old client's name for language; wins over it when the merchant supports it"}},
			Result: []merchant.HelpCategory{}, JSON: s.helpCenter},
		{Method: http.MethodGet, Path: "/wps/system/notice", Tag: "content", Access: Lobby,
			Summary: "Notices grouped by type (B banners, PL player, PU popup, PR promotion)",
			Query: []Param{languageParam, platformParam, noticeExecutionParam,
				{Name: "types", Type: TypeString, Enum: merchant.NoticeTypes, List: true, MaxLen: 20, Description: "Notice types"}},
			Result: merchant.NoticeGroups{}, JSON: s.notices},
		{Method: http.MethodGet, Path: "/wps/system/announcements", Tag: "content", Access: Lobby,
			Summary: "Public announcements (HTML content, sanitized)",
			Query: []Param{languageParam, platformParam, executionParam,
				{Name: "types", Type: TypeString, Enum: merchant.AnnouncementTypes, List: true, MaxLen: 20, Description: "Announcement types"}},
			Result: []merchant.Notice{}, JSON: s.announcements},
		{Method: http.MethodGet, Path: "/wps/system/banners", Tag: "content", Access: Lobby,
			Summary: "Banners of one group",
			Query: []Param{languageParam,
				{Name: "group", Type: TypeString, Required: true, Enum: merchant.BannerGroups, Description: "Banner group"}},
			Result: []merchant.Banner{}, JSON: s.banners},
		{Method: http.MethodGet, Path: "/media/banners/{merchant}/{slug}.svg", Tag: "content", Access: Public,
			Summary: "A banner's generated image", Query: []Param{languageParam}, Raw: s.bannerImage, Errors: []string{"resource.not_found"}},

		{Method: http.MethodGet, Path: "/wps/captcha", Tag: "session", Access: Lobby,
			Summary: "A new captcha: id and base64 PNG; each is good for one try within 5 minutes",
			Result:  captchaImage{}, JSON: s.captcha},

		// Session and member (session.go); (T) needs a session token, (E) an
		// encrypted body when the merchant has encryption on.
		{Method: http.MethodPost, Path: "/wps/session/login", Tag: "session", Access: Lobby, Encrypted: true,
			Summary: "(E) Log in by username and password; locked for 5 minutes after more than 10 failures in 15",
			Body:    loginRequest{}, Result: loginResult{}, Payload: s.login,
			Errors: []string{"validation.required", "login.password.incorrect", "login.too_many_attempts", "login.account_frozen",
				"login.not_agent", "login.not_member", "login.captcha_required", "login.ip_verification_required", "validation.field_invalid", "sms.code_invalid", "sms.code_expired", "sms.phone_invalid", "sms.not_enabled", "login.captcha_incorrect", "request.invalid_body", "request.decrypt_failed"}},
		{Method: http.MethodPost, Path: "/wps/session/login/freeplay", Tag: "session", Access: Lobby,
			Summary: "Open a trial account (play money only) and log it in",
			Result:  loginResult{}, JSON: s.freePlay, Errors: []string{"freeplay.disabled", "request.too_many"}},
		{Method: http.MethodPut, Path: "/wps/member/register", Tag: "member", Access: Lobby, Encrypted: true,
			Summary: "(E) Register by username with the merchant's field rules, then log in",
			Body:    registerRequest{}, Result: loginResult{}, Payload: s.register,
			Errors: []string{"register.disabled", "register.terms_required", "register.underage", "validation.inconsistent_twice", "validation.field_invalid",
				"member.password_not_new", "login.captcha_incorrect", "register.invitation_code_error", "register.username_taken",
				"register.mobile_taken", "request.invalid_body", "request.decrypt_failed"}},
		{Method: http.MethodPut, Path: "/wps/member/register/mobile", Tag: "member", Access: Lobby, Encrypted: true,
			Summary: "(E) Register by mobile number (SMS code when the merchant verifies numbers), then log in",
			Body:    registerMobileRequest{}, Result: loginResult{}, Payload: s.registerMobile,
			Errors: []string{"register.disabled", "register.terms_required", "validation.inconsistent_twice", "validation.field_invalid",
				"register.invitation_code_error", "register.mobile_taken", "sms.phone_missing", "sms.phone_invalid", "sms.code_missing",
				"sms.code_invalid", "sms.code_expired", "request.invalid_body", "request.decrypt_failed"}},
		{Method: http.MethodPost, Path: "/wps/verification/sms/noLogin", Tag: "session", Access: Lobby,
			Summary: "Send an SMS code for log-in or password reset (not sent, silently, to a number without an account)",
			Body:    smsRequest{}, Result: smsSent{}, Payload: s.smsNoLogin, Errors: smsErrors},
		{Method: http.MethodPost, Path: "/wps/verification/sms/register", Tag: "session", Access: Lobby,
			Summary: "Send an SMS code to verify a number at registration",
			Body:    smsRequest{}, Result: smsSent{}, Payload: s.smsRegister, Errors: smsErrors},
		{Method: http.MethodPost, Path: "/wps/member/password/verification", Tag: "member", Access: Lobby, Encrypted: true,
			Summary: "(E) Reset the password with an SMS code; ends every session and logs in",
			Body:    resetRequest{}, Result: loginResult{}, Payload: s.resetByPhone,
			Errors: []string{"sms.not_enabled", "validation.inconsistent_twice", "validation.field_invalid", "sms.phone_missing", "sms.phone_invalid",
				"sms.code_missing", "sms.code_invalid", "sms.code_expired", "request.invalid_body", "request.decrypt_failed"}},
		{Method: http.MethodPost, Path: "/wps/member/password/email", Tag: "member", Access: Lobby,
			Summary: "Forgotten password by e-mail (form: username, email): a 30-minute reset link is e-mailed when both match",
			Result:  notice{}, Payload: s.emailReset,
			Errors: []string{"validation.required", "validation.field_invalid", "request.too_many", "request.invalid_body", "sms.not_enabled"}},
		{Method: http.MethodPost, Path: "/wps/member/password/email/reset", Tag: "member", Access: Lobby, Encrypted: true,
			Summary: "(E) Set a new password with an e-mailed reset token; ends every session and logs in",
			Body:    emailResetFinish{}, Result: loginResult{}, Payload: s.finishEmailReset,
			Errors: []string{"member.reset_link_invalid", "validation.inconsistent_twice", "validation.field_invalid", "request.invalid_body", "request.decrypt_failed"}},
		{Method: http.MethodGet, Path: "/wps/agent/affiliate", Tag: "member", Access: Lobby,
			Summary: "Check an invitation (affiliate) code",
			Query:   []Param{{Name: "code", Type: TypeString, Required: true, MaxLen: 64}, {Name: "domain", Type: TypeString, MaxLen: 255}},
			Result:  affiliateInfo{}, JSON: s.affiliate},
		{Method: http.MethodGet, Path: "/wps/member/firstLogin", Tag: "member", Access: Lobby, Auth: true, DuringPasswordChange: true,
			Summary: "(T) First-login action: the announcements for first-time members", Query: []Param{languageParam},
			Result: []merchant.Notice{}, JSON: s.firstLogin, Errors: []string{"login.not.session"}},
		{Method: http.MethodGet, Path: "/wps/member/info/icon", Tag: "member", Access: Lobby, Auth: true,
			Summary: "(T) The member's avatar choice", Result: iconChoice{}, JSON: s.memberIcon, Errors: []string{"login.not.session"}},
		{Method: http.MethodPost, Path: "/wps/member/info/icon", Tag: "member", Access: Lobby, Auth: true, RealAccount: true,
			Summary: "(T) Choose an avatar (1..20)", Body: iconChoice{}, Result: iconChoice{}, Payload: s.setMemberIcon,
			Errors: []string{"login.not.session", "member.in_need_true_account", "validation.field_invalid"}},
		{Method: http.MethodGet, Path: "/wps/system/countryCodes", Tag: "session", Access: Lobby,
			Summary: "Country dialing codes with their national number lengths", Result: []identity.Country{}, JSON: s.countryCodes},
		{Method: http.MethodDelete, Path: "/wps/session/logout", Tag: "session", Access: Lobby, Auth: true, DuringPasswordChange: true,
			Summary: "(T) End this session", JSON: s.logout, Errors: []string{"login.not.session"}},
		{Method: http.MethodGet, Path: "/wps/member/info", Tag: "member", Access: Lobby, Auth: true, DuringPasswordChange: true,
			Summary: "(T) The logged-in member's account", Result: memberInfo{}, JSON: s.memberInfo, Errors: []string{"login.not.session"}},
		{Method: http.MethodPost, Path: "/wps/member/password", Tag: "member", Access: Lobby, Auth: true, Encrypted: true, DuringPasswordChange: true, RealAccount: true,
			Summary: "(T, E) Change the password; ends the member's other sessions",
			Body:    changePasswordRequest{}, Payload: s.changePassword,
			Errors: []string{"login.not.session", "validation.required", "validation.inconsistent_twice", "validation.field_invalid",
				"member.password_not_new", "login.password.incorrect", "request.invalid_body", "request.decrypt_failed"}},
		{Method: http.MethodGet, Path: "/wps/member/totp", Tag: "member", Access: Lobby, Auth: true, RealAccount: true,
			Summary: "(T) Whether an authenticator (TOTP) guards log-ins from new addresses", Result: totpState{}, JSON: s.totpState,
			Errors: []string{"login.not.session", "member.in_need_true_account"}},
		{Method: http.MethodPost, Path: "/wps/member/totp/setup", Tag: "member", Access: Lobby, Auth: true, RealAccount: true,
			Summary: "(T) Start an authenticator set-up: secret, otpauth URL and QR code; in force after /totp/enable",
			Result:  identity.TOTPSetup{}, JSON: s.totpSetup, Errors: []string{"login.not.session", "member.in_need_true_account", "member.totp_enabled"}},
		{Method: http.MethodPost, Path: "/wps/member/totp/enable", Tag: "member", Access: Lobby, Auth: true, RealAccount: true,
			Summary: "(T) Confirm the set-up with a code from the app", Body: totpCode{}, Result: totpState{}, Payload: s.totpEnable,
			Errors: []string{"login.not.session", "member.in_need_true_account", "member.totp_not_set_up", "sms.code_invalid", "request.invalid_body"}},
		{Method: http.MethodPost, Path: "/wps/member/totp/disable", Tag: "member", Access: Lobby, Auth: true, RealAccount: true,
			Summary: "(T) Remove the authenticator with a current code", Body: totpCode{}, Result: totpState{}, Payload: s.totpDisable,
			Errors: []string{"login.not.session", "member.in_need_true_account", "member.totp_not_set_up", "sms.code_invalid", "request.invalid_body"}},
		{Method: http.MethodGet, Path: "/wps/member/sessions", Tag: "member", Access: Lobby, Auth: true, RealAccount: true,
			Summary: "(T) The member's live sessions", Result: []sessionInfo{}, JSON: s.sessions,
			Errors: []string{"login.not.session", "member.password_change_required"}},
		{Method: http.MethodDelete, Path: "/wps/member/sessions/{id}", Tag: "member", Access: Lobby, Auth: true, RealAccount: true,
			Summary: "(T) End one of the member's sessions", JSON: s.endSession,
			Errors: []string{"login.not.session", "member.password_change_required"}},

		// Catalogue (catalog.go)
		{Method: http.MethodGet, Path: "/lgw/games/game_menus", Tag: "catalogue", Access: Lobby,
			Summary: "Header navigation: home, categories with vendors in server order, promotions",
			Query:   []Param{languageParam, platformParam}, Result: []catalog.MenuEntry{}, JSON: s.gameMenus},
		{Method: http.MethodGet, Path: "/wps/game/vendor", Tag: "catalogue", Access: Lobby,
			Summary: "Vendor lanes after vendor processing, and the prize mode",
			Query: []Param{languageParam, platformParam,
				{Name: "flush", Type: TypeBoolean, Description: "Reload the catalogue (at most once per 5 s per server)"}},
			Result: vendorLanes{}, JSON: s.gameVendors},
		{Method: http.MethodGet, Path: "/wps/game/list", Tag: "catalogue", Access: Lobby,
			Summary: "A page of games of a category, vendor, classify or name search",
			Query: []Param{languageParam, platformParam, clientTypeParam, imgSizeParam, iconTypeParam,
				{Name: "merchant", Type: TypeString, MaxLen: 64, Description: "Ignored: the Merchant header decides"},
				{Name: "gameType", Type: TypeString, Enum: catalog.ListTypes, Default: catalog.TypeAll, Description: "Category, HOT, ALL or SEARCH"},
				vassalageParam,
				{Name: "gameClassify", Type: TypeString, MaxLen: 30, Description: "Sub-category code"},
				{Name: "gameName", Type: TypeString, MaxLen: 50, Description: "Case-insensitive part of a name (any language) or code"},
				{Name: "pageNo", Type: TypeInteger, Min: 1, Max: 100000, Default: "1"},
				{Name: "pageSize", Type: TypeInteger, Min: 1, Max: 100, Default: "18"}},
			Result: catalog.ListPage{}, JSON: s.gameList},
		{Method: http.MethodGet, Path: "/wps/game/hot", Tag: "catalogue", Access: Lobby,
			Summary: "Hot games, most popular first",
			Query: []Param{languageParam, platformParam, vassalageParam,
				{Name: "merchantCode", Type: TypeString, MaxLen: 64, Description: "Ignored: the Merchant header decides"},
				{Name: "isPlatform", Type: TypeInteger, Min: 0, Max: 9},
				{Name: "limitNum", Type: TypeInteger, Min: 1, Max: 500, Default: "200"}},
			Result: gameList{}, JSON: s.hotGames},
		{Method: http.MethodGet, Path: "/wps/game/winners", Tag: "catalogue", Access: Lobby,
			Summary: "Winner board: the biggest wins, by amount descending",
			Query: []Param{languageParam,
				{Name: "gameCategory", Type: TypeString, Enum: append([]string{"ALL"}, catalog.ListTypes...), Default: "ALL"},
				{Name: "limitNum", Type: TypeInteger, Min: 1, Max: 50, Default: "20"}},
			Result: winnerList{}, JSON: s.winners},
		{Method: http.MethodGet, Path: "/wps/game/types", Tag: "catalogue", Access: Lobby,
			Summary: "The merchant's game categories with their sizes", Query: []Param{languageParam},
			Result: []catalog.GameType{}, JSON: s.gameTypes},
		{Method: http.MethodGet, Path: "/wps/game/rank", Tag: "catalogue", Access: Lobby,
			Summary: "Most popular games, optionally of one category",
			Query: []Param{languageParam,
				{Name: "gameType", Type: TypeString, Enum: catalog.ListTypes, Default: catalog.TypeAll},
				{Name: "limitNum", Type: TypeInteger, Min: 1, Max: 100, Default: "20"}},
			Result: gameList{}, JSON: s.gameRank},
		{Method: http.MethodGet, Path: "/wps/game/pvp/rooms", Tag: "catalogue", Access: Lobby,
			Summary: "Room tiers of the PVP (card) games",
			Query:   []Param{languageParam, {Name: "gameCode", Type: TypeString, MaxLen: 50}},
			Result:  []catalog.PVPRoom{}, JSON: s.pvpRooms},
		{Method: http.MethodGet, Path: "/wps/system/popular", Tag: "catalogue", Access: Lobby,
			Summary: "Search suggestions: popular keywords and games", Query: []Param{languageParam},
			Result: catalog.Popular{}, JSON: s.popular},
		{Method: http.MethodGet, Path: "/icons/games/{code}.svg", Tag: "catalogue", Access: Public,
			Summary: "A game's generated icon", Query: []Param{{Name: "size", Type: TypeString, Enum: []string{"large"}}},
			Raw: s.gameIcon, Errors: []string{"game.not_found"}},
		{Method: http.MethodGet, Path: "/icons/vendors/{code}.svg", Tag: "catalogue", Access: Public,
			Summary: "A vendor's generated logo", Raw: s.vendorLogo, Errors: []string{"vendor.not_found"}},
	}
	if s.Config.Dev {
		// Dev mode only (PORTAL_DEV=1): these routes do not exist otherwise.
		table = append(table,
			Route{Method: http.MethodGet, Path: "/dev/captcha/last", Tag: "dev", Access: Public,
				Summary: "Dev mode: the last captcha issued, with its text", Result: lastCaptcha{}, JSON: s.devLastCaptcha},
			Route{Method: http.MethodGet, Path: "/dev/outbox", Tag: "dev", Access: Public,
				Summary: "Dev mode: SMS and e-mail not sent but kept, newest first", Result: outboxList{}, JSON: s.devOutbox},
		)
	}
	return table
}

// smsErrors are the phone-verification errors of spec §8.
var smsErrors = []string{"sms.not_enabled", "sms.phone_missing", "sms.phone_invalid", "sms.too_soon", "sms.too_many_requests",
	"sms.quota_insufficient", "request.invalid_body"}

// Query parameters shared by the system routes.
var (
	platformParam   = Param{Name: "platform", Type: TypeString, MaxLen: 20, Description: "Client platform: W (web), html5-desktop, flash"}
	languageParam   = Param{Name: "language", Type: TypeString, MaxLen: 10, Description: "Language code (KM, EN, CN...); unsupported codes fall back to the merchant's default"}
	clientTypeParam = Param{Name: "clientType", Type: TypeInteger, Min: 0, Max: 9, Description: "Client type (3 for the web)"}
	imgSizeParam    = Param{Name: "imgSize", Type: TypeString, MaxLen: 10, Description: "Icon size setting (sx2); icons are vectors"}
	iconTypeParam   = Param{Name: "iconType", Type: TypeString, MaxLen: 10}
	vassalageParam  = Param{Name: "vassalage", Type: TypeString, MaxLen: 30, Description: "Vendor code"}
	executionParam  = Param{Name: "execution", Type: TypeString, Enum: merchant.Executions, Description: "Audience: A logged in, B anonymous, F first login"}
	// The notice call's audience defaults to anonymous visitors (spec §7).
	noticeExecutionParam = Param{Name: "execution", Type: TypeString, Enum: merchant.Executions, Default: "B", Description: "Audience: A logged in, B anonymous (default), F first login"}
)
