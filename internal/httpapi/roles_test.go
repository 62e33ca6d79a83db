package httpapi

import (
	"net/http"
	"slices"
	"strings"
	"testing"

	"portal/internal/database"
	"portal/internal/dbtest"
	"portal/internal/operator"
)

// TestEveryRoleOnEveryRoute: each built-in role of a merchant operator is
// refused (403 admin.forbidden) exactly the admin routes whose permission
// it lacks, and never refused a route whose permission it holds; platform
// routes are refused to every merchant role, the owner's included.
func TestEveryRoleOnEveryRoute(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newAdminWorld(t, db)
		for role, perms := range operator.BuiltinRoles {
			c, _ := w.login("demo", "demo-"+role+"-matrix", role)
			for _, rt := range w.s.Routes() {
				if rt.Access != Admin || rt.NoSession || rt.Method+" "+rt.Path == "DELETE /admin/api/session" {
					continue
				}
				path := strings.NewReplacer("{id}", "999999", "{name}", "nope", "{code}", "NOPE").Replace(rt.Path)
				// An empty JSON object: enough to pass the permission check;
				// what the handler makes of it does not matter here.
				var body any
				if rt.Method != http.MethodGet {
					body = map[string]any{}
				}
				rec, env := c.do(rt.Method, path, body)
				refused := rec.Code == http.StatusForbidden && env.Code == "admin.forbidden"
				held := rt.Permission == "" || (slices.Contains(perms, rt.Permission) && !operator.PlatformOnly(rt.Permission))
				if held == refused {
					t.Errorf("%s %s as %s = %d %s (permission %q held: %v)", rt.Method, rt.Path, role, rec.Code, env.Code, rt.Permission, held)
				}
			}
		}
	})
}
