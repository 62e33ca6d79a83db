package httpapi

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/pquerna/otp"
	"github.com/pquerna/otp/totp"

	"portal/internal/database"
	"portal/internal/dbtest"
	"portal/internal/operator"
	"portal/internal/provider/inhouse"
)

// adminWorld is the whole API over a seeded database whose back office
// runs on a test clock.
type adminWorld struct {
	t   *testing.T
	s   *Server
	db  *database.DB
	ops *operator.Service
	clk *identityClock
}

func newAdminWorld(t *testing.T, db *database.DB) *adminWorld {
	t.Helper()
	base := newSeededServer(t, db, inhouse.Options{})
	clk := &identityClock{t: time.Now()}
	ops := operator.NewService(db, clk.now)
	d := base.Deps
	d.Operators = ops
	return &adminWorld{t: t, s: New(d), db: db, ops: ops, clk: clk}
}

// adminClient talks to /admin/api as the back office does.
type adminClient struct {
	w        *adminWorld
	ip       string
	cookie   string
	csrf     string
	merchant string // the Merchant header, "" none
	noCSRF   bool
	bearer   string // an Authorization header (a player's token)
}

func (w *adminWorld) client() *adminClient { return &adminClient{w: w, ip: "192.0.2.50"} }

func (c *adminClient) do(method, path string, payload any) (*httptest.ResponseRecorder, envelope) {
	c.w.t.Helper()
	rec := c.raw(method, path, payload)
	if ct := rec.Header().Get("Content-Type"); strings.HasPrefix(ct, "text/csv") || strings.HasPrefix(ct, "image/") {
		return rec, envelope{Success: rec.Code == 200}
	}
	return rec, decodeEnvelope(c.w.t, rec.Result())
}

func (c *adminClient) raw(method, path string, payload any) *httptest.ResponseRecorder {
	var body string
	if payload != nil {
		raw, _ := json.Marshal(payload)
		body = string(raw)
	}
	r := httptest.NewRequest(method, path, strings.NewReader(body))
	r.RemoteAddr = c.ip + ":4444"
	if c.cookie != "" {
		r.AddCookie(&http.Cookie{Name: adminCookie, Value: c.cookie})
	}
	if c.csrf != "" && !c.noCSRF {
		r.Header.Set("X-CSRF-Token", c.csrf)
	}
	if c.merchant != "" {
		r.Header.Set("Merchant", c.merchant)
	}
	if c.bearer != "" {
		r.Header.Set("Authorization", c.bearer)
	}
	rec := httptest.NewRecorder()
	c.w.s.ServeHTTP(rec, r)
	return rec
}

func (w *adminWorld) code(secret string) string {
	w.t.Helper()
	c, err := totp.GenerateCodeCustom(secret, w.clk.now(), totp.ValidateOpts{Period: 30, Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1})
	if err != nil {
		w.t.Fatal(err)
	}
	return c
}

// login creates an operator and walks the three log-in steps over HTTP;
// the client then holds the cookie and the CSRF token.
func (w *adminWorld) login(merchantCode, username, role string) (*adminClient, *operator.Operator) {
	w.t.Helper()
	o, pw, err := w.ops.Create(context.Background(), w.db.Write(), merchantCode, username, role)
	if err != nil {
		w.t.Fatal(err)
	}
	c := w.client()
	c.loginWith(username, pw, "Passw0rd1")
	return c, o
}

func (c *adminClient) loginWith(username, password, newPassword string) {
	t := c.w.t
	t.Helper()
	rec, env := c.do(http.MethodPost, "/admin/api/session", map[string]string{"username": username, "password": password})
	st := value[operator.Step](t, env)
	if rec.Code != 200 || st.Step != operator.StepPasswordChange {
		t.Fatalf("log-in = %d %+v", rec.Code, env)
	}
	rec, env = c.do(http.MethodPost, "/admin/api/session/password", map[string]string{"loginToken": st.LoginToken, "newPassword": newPassword})
	st = value[operator.Step](t, env)
	if rec.Code != 200 || st.Step != operator.StepTOTPSetup || st.Secret == "" {
		t.Fatalf("password = %d %+v", rec.Code, env)
	}
	c.finish(st.LoginToken, st.Secret)
}

func (c *adminClient) finish(loginToken, secret string) {
	t := c.w.t
	t.Helper()
	rec, env := c.do(http.MethodPost, "/admin/api/session/totp", map[string]string{"loginToken": loginToken, "code": c.w.code(secret)})
	done := value[adminLoginDone](t, env)
	if rec.Code != 200 || done.CSRFToken == "" || done.Operator.CSRFToken != done.CSRFToken {
		t.Fatalf("totp = %d %+v", rec.Code, env)
	}
	for _, ck := range rec.Result().Cookies() {
		if ck.Name == adminCookie {
			c.cookie = ck.Value
		}
	}
	c.csrf = done.CSRFToken
}

func (w *adminWorld) audit(action, outcome string) []operator.Entry {
	w.t.Helper()
	entries, _, err := w.ops.Audit(context.Background(), operator.AuditFilter{AllMerchants: true, Action: action, Outcome: outcome}, 1, 100)
	if err != nil {
		w.t.Fatal(err)
	}
	return entries
}

// adminSampleAreas let each back-office area keep its own sample requests
// next to its tests: a test file registers a function in init() that
// prepares its objects in the world and answers sample entries keyed as in
// adminSamples. "_path " and a route's key gives the whole path to call
// when its parameters are not {id} or {name}.
var adminSampleAreas []func(w *adminWorld) map[string]any

// adminSamples are valid payloads of the mutating admin routes, for the
// owner's successful call in TestEveryAdminRoute. A new mutating route
// needs one here, or that test fails for want of an "ok" audit entry.
// Routes on another object than the target operator name its id under
// "_id " and the route's key.
func adminSamples(targetID, approveID, rejectID, playerID int64) map[string]any {
	id := strconv.FormatInt(targetID, 10)
	player := strconv.FormatInt(playerID, 10)
	return map[string]any{
		"_id GET /admin/api/players/{id}":            player,
		"POST /admin/api/players/{id}/freeze":        map[string]any{"reason": "chargeback"},
		"_id POST /admin/api/players/{id}/freeze":    player,
		"POST /admin/api/players/{id}/unfreeze":      map[string]any{"reason": "cleared"},
		"_id POST /admin/api/players/{id}/unfreeze":  player,
		"POST /admin/api/players/{id}/logout":        nil,
		"_id POST /admin/api/players/{id}/logout":    player,
		"POST /admin/api/approvals":                  map[string]any{"kind": "wallet.adjust", "member": "player01", "amount": "1.50", "reason": "goodwill"},
		"POST /admin/api/approvals/{id}/approve":     nil,
		"_id POST /admin/api/approvals/{id}/approve": strconv.FormatInt(approveID, 10),
		"POST /admin/api/approvals/{id}/reject":      map[string]any{"reason": "not needed"},
		"_id POST /admin/api/approvals/{id}/reject":  strconv.FormatInt(rejectID, 10),
		"POST /admin/api/roles":                      map[string]any{"name": "auditor", "permissions": []string{"audit.read"}},
		"PUT /admin/api/roles/{name}":                map[string]any{"permissions": []string{"players.read", "audit.read"}},
		"POST /admin/api/operators":                  map[string]any{"username": "demo-new", "role": "support"},
		"PUT /admin/api/operators/{id}":              map[string]any{"role": "readonly"},
		"POST /admin/api/operators/{id}/reset-totp":  nil,
		"PUT /admin/api/merchant/ip-allow":           map[string]any{"cidrs": []string{"192.0.2.0/24"}},
		"DELETE /admin/api/session":                  nil,
		"_id":                                        id,
	}
}

// TestEveryAdminRoute walks every admin route of the table: without a
// session 401; without its permission 403; another merchant's operator
// reaches none of this merchant's data; CSRF is enforced on every non-GET;
// and every mutating route leaves an audit entry (ok and refused alike).
func TestEveryAdminRoute(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newAdminWorld(t, db)
		ctx := context.Background()
		owner, _ := w.login("demo", "demo-owner", operator.RoleOwner)
		if _, err := w.ops.SaveRole(ctx, "demo", "demo-role", []operator.Permission{operator.PlayersRead}, true); err != nil {
			t.Fatal(err)
		}
		if _, err := w.ops.SaveRole(ctx, "demo", "nothing", nil, true); err != nil {
			t.Fatal(err)
		}
		weak, _ := w.login("demo", "demo-weak", "nothing")
		target, _, err := w.ops.Create(ctx, db.Write(), "demo", "demo-target", operator.RoleSupport)
		if err != nil {
			t.Fatal(err)
		}
		other, _ := w.login("lucky", "lucky-owner", operator.RoleOwner)
		// The platform's owner runs the platform-only routes (merchants.manage).
		root, _ := w.login("", "root", operator.RoleOwner)
		// Two requests by another operator, for the owner to approve and
		// to reject.
		maker, _ := w.login("demo", "demo-maker", operator.RoleFinance)
		var requests []int64
		for range 2 {
			rec, env := maker.do(http.MethodPost, "/admin/api/approvals", map[string]any{"kind": "wallet.adjust", "member": "player01", "amount": "2", "reason": "sample"})
			if rec.Code != 200 {
				t.Fatalf("request = %d %+v", rec.Code, env)
			}
			requests = append(requests, value[operator.Approval](t, env).ID)
		}
		_, newbieID := w.balanceOf("newbie01")
		samples := adminSamples(target.ID, requests[0], requests[1], newbieID)
		for _, area := range adminSampleAreas {
			for k, v := range area(w) {
				if _, dup := samples[k]; dup {
					t.Fatalf("sample %q given twice", k)
				}
				samples[k] = v
			}
		}
		anon := w.client()

		seen := 0
		for _, rt := range w.s.Routes() {
			if rt.Access != Admin {
				continue
			}
			seen++
			key := rt.Method + " " + rt.Path
			id, _ := samples["_id "+key].(string)
			if id == "" {
				id = samples["_id"].(string)
			}
			path := strings.NewReplacer("{id}", id, "{name}", "demo-role").Replace(rt.Path)
			if p, ok := samples["_path "+key].(string); ok {
				path = p
			}
			action := operationID(rt)
			if rt.NoSession {
				continue // the log-in steps: TestAdminLogin
			}
			body := samples[key]
			// No session: 401, audited.
			if rec, env := anon.do(rt.Method, path, body); rec.Code != 401 || env.Code != "admin.not_session" {
				t.Errorf("%s without a session = %d %s", key, rec.Code, env.Code)
			}
			if len(w.audit(action, "refused:admin.not_session")) == 0 {
				t.Errorf("%s: the 401 left no audit entry", key)
			}
			// Without its permission: 403, audited.
			if rt.Permission != "" {
				if rec, env := weak.do(rt.Method, path, body); rec.Code != 403 || env.Code != "admin.forbidden" {
					t.Errorf("%s without %s = %d %s", key, rt.Permission, rec.Code, env.Code)
				}
				if e := w.audit(action, "refused:admin.forbidden"); len(e) == 0 || e[0].Operator != "demo-weak" || e[0].Merchant != "demo" {
					t.Errorf("%s: the 403 left no audit entry naming the operator: %+v", key, e)
				}
			}
			// Another merchant's operator (owner of lucky): naming demo is
			// refused, and its own calls never show or touch demo's data.
			other.merchant = "demo"
			if rec, env := other.do(rt.Method, path, body); rec.Code != 403 || env.Code != "admin.forbidden" {
				t.Errorf("%s by lucky's owner naming demo = %d %s", key, rec.Code, env.Code)
			}
			other.merchant = ""
			if rt.Method == http.MethodGet && strings.Contains(rt.Path, "{") {
				// One of demo's objects, looked up within lucky: 404.
				if rec, env := other.do(rt.Method, path, nil); rec.Code != 404 || env.Code != "resource.not_found" {
					t.Errorf("%s by lucky's owner on demo's object = %d %+v", key, rec.Code, env)
				}
			} else if rt.Method == http.MethodGet && operator.PlatformOnly(rt.Permission) {
				if rec, env := other.do(rt.Method, path, nil); rec.Code != 403 || env.Code != "admin.forbidden" {
					t.Errorf("%s (platform only) by lucky's owner = %d %s", key, rec.Code, env.Code)
				}
			} else if rt.Method == http.MethodGet {
				if rec, _ := other.do(rt.Method, path, nil); rec.Code != 200 || strings.Contains(rec.Body.String(), `"merchant":"demo"`) ||
					strings.Contains(rec.Body.String(), ",demo,") || strings.Contains(rec.Body.String(), "demo-owner") {
					t.Errorf("%s by lucky's owner = %d, shows demo's data: %s", key, rec.Code, rec.Body.String())
				}
			} else if strings.Contains(rt.Path, "{") {
				if rec, env := other.do(rt.Method, path, body); rec.Code < 400 {
					t.Errorf("%s by lucky's owner on demo's object = %d %+v", key, rec.Code, env)
				}
			}
			if rt.Method != http.MethodGet {
				// CSRF: none, or a wrong one, is refused.
				owner.noCSRF = true
				if rec, env := owner.do(rt.Method, path, body); rec.Code != 403 || env.Code != "admin.csrf" {
					t.Errorf("%s without CSRF token = %d %s", key, rec.Code, env.Code)
				}
				owner.noCSRF = false
				saved := owner.csrf
				owner.csrf = "forged"
				if rec, env := owner.do(rt.Method, path, body); rec.Code != 403 || env.Code != "admin.csrf" {
					t.Errorf("%s with a wrong CSRF token = %d %s", key, rec.Code, env.Code)
				}
				owner.csrf = saved
			}
			// The owner succeeds (log-out on a session of its own); a
			// platform-only route refuses demo's owner and serves the
			// platform's.
			caller, wantMerchant := owner, "demo"
			if operator.PlatformOnly(rt.Permission) {
				if rec, env := owner.do(rt.Method, path, body); rec.Code != 403 || env.Code != "admin.forbidden" {
					t.Errorf("%s (platform only) by demo's owner = %d %s", key, rec.Code, env.Code)
				}
				caller, wantMerchant = root, ""
			}
			if key == "DELETE /admin/api/session" {
				caller = w.client()
				_, pw, _ := w.ops.Create(ctx, db.Write(), "demo", "demo-leaver", operator.RoleReadonly)
				caller.loginWith("demo-leaver", pw, "Passw0rd1")
			}
			if rec, env := caller.do(rt.Method, path, body); rec.Code != 200 {
				t.Errorf("%s by the owner = %d %+v", key, rec.Code, env)
			}
			if rt.Method != http.MethodGet {
				e := w.audit(action, "ok")
				if len(e) == 0 || e[0].Merchant != wantMerchant || e[0].Operator == "" || e[0].IP != "192.0.2.50" {
					t.Errorf("%s left no ok audit entry: %+v", key, e)
				}
			}
		}
		if seen < 17 {
			t.Fatalf("only %d admin routes", seen)
		}
		// The changes left their values before and after.
		if e := w.audit("putAdminApiOperatorsId", "ok"); len(e) == 0 || !strings.Contains(e[0].Before, `"support"`) || !strings.Contains(e[0].After, `"readonly"`) {
			t.Errorf("operator change audit = %+v", e)
		}
		// After log-out, the cookie opens nothing.
		if e := w.audit("deleteAdminApiSession", "ok"); len(e) == 0 || e[0].Operator != "demo-leaver" {
			t.Errorf("logout audit = %+v", e)
		}
	})
}

// TestAdminLogin walks the log-in steps over HTTP: identical answers for
// an unknown user and a wrong password, the cookie's attributes, single
// use of tokens and codes, a wrong code counting towards the lockout, the
// lock itself, the idle timeout and the IP allow-list.
func TestAdminLogin(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newAdminWorld(t, db)
		ctx := context.Background()
		_, pw, err := w.ops.Create(ctx, db.Write(), "demo", "ivy", operator.RoleOwner)
		if err != nil {
			t.Fatal(err)
		}
		c := w.client()
		// Identical failures.
		r1 := c.raw(http.MethodPost, "/admin/api/session", map[string]string{"username": "ivy", "password": "wrong"})
		r2 := c.raw(http.MethodPost, "/admin/api/session", map[string]string{"username": "nobody", "password": "wrong"})
		if r1.Code != 401 || r1.Code != r2.Code || r1.Body.String() != r2.Body.String() || !strings.Contains(r1.Body.String(), "admin.login_failed") {
			t.Fatalf("failures differ: %d %s / %d %s", r1.Code, r1.Body, r2.Code, r2.Body)
		}
		if e := w.audit("postAdminApiSession", "refused:admin.login_failed"); len(e) != 2 || e[1].Operator != "ivy" {
			t.Errorf("failed log-ins audit = %+v", e)
		}
		// Steps.
		_, env := c.do(http.MethodPost, "/admin/api/session", map[string]string{"username": "IVY", "password": pw})
		st := value[operator.Step](t, env)
		if st.Step != operator.StepPasswordChange {
			t.Fatalf("step = %+v", env)
		}
		if rec, env := c.do(http.MethodPost, "/admin/api/session/password", map[string]string{"loginToken": st.LoginToken, "newPassword": "short"}); rec.Code != 422 || env.Code != "admin.password_invalid" {
			t.Fatalf("weak password = %d %s", rec.Code, env.Code)
		}
		_, env = c.do(http.MethodPost, "/admin/api/session/password", map[string]string{"loginToken": st.LoginToken, "newPassword": "Secret123"})
		setup := value[operator.Step](t, env)
		if setup.Step != operator.StepTOTPSetup || setup.Secret == "" || setup.OTPAuthURL == "" {
			t.Fatalf("setup = %+v", env)
		}
		if rec, env := c.do(http.MethodPost, "/admin/api/session/password", map[string]string{"loginToken": st.LoginToken, "newPassword": "Secret456"}); rec.Code != 401 || env.Code != "admin.login_token_invalid" {
			t.Fatalf("password token reused = %d %s", rec.Code, env.Code)
		}
		if rec, env := c.do(http.MethodPost, "/admin/api/session/totp", map[string]string{"loginToken": setup.LoginToken, "code": "123456x"}); rec.Code != 401 || env.Code != "admin.totp_invalid" {
			t.Fatalf("wrong code = %d %s", rec.Code, env.Code)
		}
		code := w.code(setup.Secret)
		r := httptest.NewRequest(http.MethodPost, "https://portal.example/admin/api/session/totp",
			strings.NewReader(`{"loginToken":"`+setup.LoginToken+`","code":"`+code+`"}`))
		r.RemoteAddr = "192.0.2.50:1"
		rec := httptest.NewRecorder()
		w.s.ServeHTTP(rec, r)
		var ck *http.Cookie
		for _, k := range rec.Result().Cookies() {
			if k.Name == adminCookie {
				ck = k
			}
		}
		if rec.Code != 200 || ck == nil || !ck.HttpOnly || !ck.Secure || ck.SameSite != http.SameSiteStrictMode || ck.Path != "/admin" {
			t.Fatalf("totp over TLS = %d, cookie %+v", rec.Code, ck)
		}
		done := value[adminLoginDone](t, decodeEnvelope(t, rec.Result()))
		c.cookie, c.csrf = ck.Value, done.CSRFToken
		if done.Operator.Username != "ivy" || done.Operator.Merchant != "demo" || done.Operator.Role != "owner" || len(done.Operator.Permissions) != len(operator.Permissions) {
			t.Fatalf("me = %+v", done)
		}
		_, env = c.do(http.MethodGet, "/admin/api/me", nil)
		if me := value[adminMe](t, env); me.CSRFToken != c.csrf || me.Username != "ivy" {
			t.Fatalf("/me = %+v", env)
		}
		// A second log-in: the code just used is refused (single use).
		c2 := w.client()
		_, env = c2.do(http.MethodPost, "/admin/api/session", map[string]string{"username": "ivy", "password": "Secret123"})
		st = value[operator.Step](t, env)
		if st.Step != operator.StepTOTP || st.Secret != "" {
			t.Fatalf("second log-in = %+v", env)
		}
		if rec, env := c2.do(http.MethodPost, "/admin/api/session/totp", map[string]string{"loginToken": st.LoginToken, "code": code}); rec.Code != 401 || env.Code != "admin.totp_invalid" {
			t.Fatalf("code reused = %d %s", rec.Code, env.Code)
		}
		// Lockout: with the two wrong codes above, three more failures
		// lock ivy from this address, the right password included.
		for range 3 {
			c2.do(http.MethodPost, "/admin/api/session", map[string]string{"username": "ivy", "password": "bad"})
		}
		if rec, env := c2.do(http.MethodPost, "/admin/api/session", map[string]string{"username": "ivy", "password": "Secret123"}); rec.Code != 429 || env.Code != "admin.too_many_attempts" || rec.Header().Get("Retry-After") == "" {
			t.Fatalf("locked = %d %s", rec.Code, env.Code)
		}
		w.clk.add(operator.LockFor + time.Second)
		w.clk.add(operator.IdleTimeout - operator.LockFor)
		// Idle timeout: 30 minutes without a call end the session.
		if rec, env := c.do(http.MethodGet, "/admin/api/me", nil); rec.Code != 401 || env.Code != "admin.not_session" {
			t.Fatalf("after 30 idle minutes = %d %s", rec.Code, env.Code)
		}
		// IP allow-list: an owner who logs in again from inside works;
		// from outside the list every call is refused.
		if _, err := w.ops.SetIPAllow(ctx, "demo", []string{"198.51.100.0/24"}); err != nil {
			t.Fatal(err)
		}
		c3 := w.client()
		_, env = c3.do(http.MethodPost, "/admin/api/session", map[string]string{"username": "ivy", "password": "Secret123"})
		st = value[operator.Step](t, env)
		w.clk.add(time.Minute)
		if rec, env := c3.do(http.MethodPost, "/admin/api/session/totp", map[string]string{"loginToken": st.LoginToken, "code": w.code(setup.Secret)}); rec.Code != 403 || env.Code != "admin.ip_not_allowed" {
			t.Fatalf("log-in from outside the list = %d %s", rec.Code, env.Code)
		}
		c3.ip = "198.51.100.7"
		c3.finish(st.LoginToken, setup.Secret)
		if rec, _ := c3.do(http.MethodGet, "/admin/api/me", nil); rec.Code != 200 {
			t.Fatalf("inside the list = %d", rec.Code)
		}
		c3.ip = "192.0.2.50"
		if rec, env := c3.do(http.MethodGet, "/admin/api/me", nil); rec.Code != 403 || env.Code != "admin.ip_not_allowed" {
			t.Fatalf("outside the list = %d %s", rec.Code, env.Code)
		}
		if len(w.audit("getAdminApiMe", "refused:admin.ip_not_allowed")) != 1 {
			t.Error("the refusal was not audited")
		}
	})
}

// TestAdminAndPlayerCredentialsApart: a player's token never opens an
// admin route, and the admin cookie never opens a player route.
func TestAdminAndPlayerCredentialsApart(t *testing.T) {
	w := newAdminWorld(t, dbtest.SQLite(t))
	player := newClient(t, w.s, "demo")
	if rec, env := player.login("player01", "Player@123"); rec.Code != 200 {
		t.Fatalf("player log-in = %d %+v", rec.Code, env)
	}
	admin, _ := w.login("demo", "jon", operator.RoleOwner)
	for _, rt := range w.s.Routes() {
		if rt.Access != Admin || rt.NoSession {
			continue
		}
		c := w.client()
		c.bearer, c.merchant = player.token, "demo"
		if rec, env := c.do(rt.Method, rt.Path, nil); rec.Code != 401 || env.Code != "admin.not_session" {
			t.Errorf("%s %s with a player's token = %d %s", rt.Method, rt.Path, rec.Code, env.Code)
		}
	}
	for _, rt := range w.s.Routes() {
		if !rt.Auth || rt.Method != http.MethodGet {
			continue
		}
		r := httptest.NewRequest(rt.Method, strings.ReplaceAll(rt.Path, "{id}", "1"), nil)
		r.Header.Set("Merchant", "demo")
		r.AddCookie(&http.Cookie{Name: adminCookie, Value: admin.cookie})
		r.Header.Set("X-CSRF-Token", admin.csrf)
		rec := httptest.NewRecorder()
		w.s.ServeHTTP(rec, r)
		if env := decodeEnvelope(t, rec.Result()); rec.Code != 401 || env.Code != "login.not.session" {
			t.Errorf("%s with the admin cookie = %d %s", rt.Path, rec.Code, env.Code)
		}
	}
}

// TestAdminRules: no operator raises anyone (themselves included) above
// their own permissions; built-in roles stay; the last owner stays.
func TestAdminRules(t *testing.T) {
	w := newAdminWorld(t, dbtest.SQLite(t))
	ctx := context.Background()
	owner, me := w.login("demo", "kim", operator.RoleOwner)
	if _, err := w.ops.SaveRole(ctx, "demo", "hr", []operator.Permission{operator.OperatorsManage, operator.RolesManage}, true); err != nil {
		t.Fatal(err)
	}
	hr, hrOp := w.login("demo", "lee", "hr")
	tests := []struct {
		c            *adminClient
		method, path string
		body         any
		status       int
		code         string
	}{
		{hr, "POST", "/admin/api/operators", map[string]any{"username": "max", "role": "owner"}, 403, "admin.beyond_own_permissions"},
		{hr, "POST", "/admin/api/operators", map[string]any{"username": "max", "role": "hr"}, 200, ""},
		{hr, "PUT", "/admin/api/operators/" + strconv.FormatInt(hrOp.ID, 10), map[string]any{"role": "owner"}, 403, "admin.beyond_own_permissions"},
		{hr, "PUT", "/admin/api/operators/" + strconv.FormatInt(me.ID, 10), map[string]any{"disabled": true}, 403, "admin.beyond_own_permissions"},
		{hr, "POST", "/admin/api/operators/" + strconv.FormatInt(me.ID, 10) + "/reset-totp", nil, 403, "admin.beyond_own_permissions"},
		{hr, "POST", "/admin/api/roles", map[string]any{"name": "cashier", "permissions": []string{"wallet.adjust.approve"}}, 403, "admin.beyond_own_permissions"},
		{hr, "PUT", "/admin/api/roles/hr", map[string]any{"permissions": []string{"operators.manage", "roles.manage", "audit.read"}}, 403, "admin.beyond_own_permissions"},
		{owner, "PUT", "/admin/api/roles/owner", map[string]any{"permissions": []string{}}, 409, "admin.role_builtin"},
		{owner, "POST", "/admin/api/roles", map[string]any{"name": "readonly", "permissions": []string{}}, 409, "admin.role_builtin"},
		{owner, "POST", "/admin/api/roles", map[string]any{"name": "x1", "permissions": []string{"root"}}, 422, "admin.permission_unknown"},
		{owner, "POST", "/admin/api/roles", map[string]any{"name": "hr", "permissions": []string{}}, 409, "admin.role_exists"},
		{owner, "PUT", "/admin/api/operators/" + strconv.FormatInt(me.ID, 10), map[string]any{"disabled": true}, 409, "admin.last_owner"},
		{owner, "POST", "/admin/api/operators", map[string]any{"username": "kim", "role": "support"}, 409, "admin.username_taken"},
		{owner, "POST", "/admin/api/operators", map[string]any{"username": "a b", "role": "support"}, 422, "admin.username_invalid"},
		{owner, "PUT", "/admin/api/merchant/ip-allow", map[string]any{"cidrs": []string{"999.1.1.1/8"}}, 422, "admin.cidr_invalid"},
		{owner, "PUT", "/admin/api/operators/999999", map[string]any{"disabled": true}, 404, "resource.not_found"},
	}
	for _, tt := range tests {
		rec, env := tt.c.do(tt.method, tt.path, tt.body)
		if rec.Code != tt.status || env.Code != tt.code {
			t.Errorf("%s %s %v = %d %s, want %d %s", tt.method, tt.path, tt.body, rec.Code, env.Code, tt.status, tt.code)
		}
		if e := w.audit("", ""); len(e) == 0 || (tt.status != 200 && e[0].Outcome != "refused:"+tt.code) {
			t.Errorf("%s %s: last audit entry %+v", tt.method, tt.path, e[0])
		}
	}
}

// TestAdminAuditExport: the audit routes page newest first and the CSV
// defuses formula cells (here, usernames typed at the log-in).
func TestAdminAuditExport(t *testing.T) {
	w := newAdminWorld(t, dbtest.SQLite(t))
	owner, _ := w.login("demo", "nat", operator.RoleOwner)
	anon := w.client()
	anon.do("POST", "/admin/api/session", map[string]any{"username": "=cmd|' /C calc'!A0", "password": "x"})
	anon.do("POST", "/admin/api/session", map[string]any{"username": "@sum(1)", "password": "x"})
	owner.do("POST", "/admin/api/roles", map[string]any{"name": "-x", "permissions": []string{}})
	_, env := owner.do("GET", "/admin/api/audit?pageSize=2&outcome=refused", nil)
	page := value[Page[map[string]any]](t, env)
	if page.Total != 1 || len(page.Content) != 1 || page.Content[0]["action"] != "postAdminApiRoles" || page.TotalPages != 1 {
		t.Fatalf("audit page = %+v", page)
	}
	if rec, env := owner.do("GET", "/admin/api/audit?from=yesterday", nil); rec.Code != 400 || env.Code != "request.invalid_parameter" {
		t.Fatalf("bad from = %d %s", rec.Code, env.Code)
	}
	// The failed log-ins of unknown users belong to no merchant: the
	// platform's trail (a merchant's owner does not see them).
	if _, env := owner.do("GET", "/admin/api/audit?action=postAdminApiSession&outcome=refused", nil); value[Page[map[string]any]](t, env).Total != 0 {
		t.Fatalf("demo's owner sees the platform's entries: %+v", env)
	}
	var buf strings.Builder
	if err := w.ops.ExportCSV(context.Background(), operator.AuditFilter{Merchant: "", Outcome: "refused"}, &buf); err != nil {
		t.Fatal(err)
	}
	rows, err := csv.NewReader(strings.NewReader(buf.String())).ReadAll()
	if err != nil || len(rows) != 3 || rows[1][2] != "'@sum(1)" || rows[2][2] != "'=cmd|' /c calc'!a0" {
		t.Fatalf("csv rows = %q %v", rows, err)
	}
	rec := owner.raw("GET", "/admin/api/audit.csv?outcome=refused", nil)
	if rec.Code != 200 || !strings.HasPrefix(rec.Header().Get("Content-Type"), "text/csv") || !strings.HasPrefix(rec.Header().Get("Content-Disposition"), "attachment") {
		t.Fatalf("csv = %d %v", rec.Code, rec.Header())
	}
	rows, err = csv.NewReader(rec.Body).ReadAll()
	if err != nil || len(rows) != 2 || rows[1][6] != "role:-x" || rows[1][9] != "refused:admin.role_unknown" {
		t.Fatalf("csv rows = %q %v", rows, err)
	}
}

// TestPlatformOperatorNamesMerchant: a platform operator acts on the
// merchant its Merchant header names, on the platform without one.
func TestPlatformOperatorNamesMerchant(t *testing.T) {
	w := newAdminWorld(t, dbtest.SQLite(t))
	w.login("demo", "demo-boss", operator.RoleOwner)
	root, _ := w.login("", "root", operator.RoleOwner)
	names := func(env envelope) []string {
		var out []string
		for _, o := range value[[]operator.Operator](t, env) {
			out = append(out, o.Username)
		}
		return out
	}
	if _, env := root.do("GET", "/admin/api/operators", nil); strings.Join(names(env), ",") != "root" {
		t.Fatalf("platform operators = %v", names(env))
	}
	root.merchant = "demo"
	if _, env := root.do("GET", "/admin/api/operators", nil); strings.Join(names(env), ",") != "demo-boss" {
		t.Fatalf("demo's operators = %v", names(env))
	}
	if rec, env := root.do("POST", "/admin/api/operators", map[string]any{"username": "demo-clerk", "role": "support"}); rec.Code != 200 ||
		value[adminOperatorCreated](t, env).Operator.Merchant != "demo" {
		t.Fatalf("create on demo = %d %+v", rec.Code, env)
	}
	if e := w.audit("postAdminApiOperators", "ok"); len(e) != 1 || e[0].Merchant != "demo" || e[0].Operator != "root" {
		t.Fatalf("audit = %+v", e)
	}
	root.merchant = "nosuch"
	if rec, env := root.do("GET", "/admin/api/operators", nil); rec.Code != 400 || env.Code != "invalid.domain" {
		t.Fatalf("unknown merchant = %d %s", rec.Code, env.Code)
	}
}
