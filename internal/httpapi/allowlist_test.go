package httpapi

import (
	"net/http"
	"testing"

	"portal/internal/database"
	"portal/internal/dbtest"
	"portal/internal/operator"
)

// TestAllowListKeepsItsAuthor: a merchant's operator cannot set an
// allow-list that leaves out their own address (409, nothing stored); a
// list that keeps it, or an empty one, is taken.
func TestAllowListKeepsItsAuthor(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newAdminWorld(t, db)
		owner, _ := w.login("demo", "demo-gate", operator.RoleOwner) // at 192.0.2.50
		for _, tc := range []struct {
			cidrs  []string
			status int
			code   string
		}{
			{[]string{"198.51.100.0/24"}, 409, "admin.allow_list_excludes_you"},
			{[]string{"192.0.2.51"}, 409, "admin.allow_list_excludes_you"},
			{[]string{"198.51.100.0/24", "192.0.2.50"}, 200, ""},
			{[]string{}, 200, ""},
		} {
			rec, env := owner.do(http.MethodPut, "/admin/api/merchant/ip-allow", map[string]any{"cidrs": tc.cidrs})
			if rec.Code != tc.status || env.Code != tc.code {
				t.Errorf("%v = %d %s", tc.cidrs, rec.Code, env.Code)
			}
		}
		list, err := w.ops.IPAllow(t.Context(), "demo")
		if err != nil || len(list) != 0 {
			t.Fatalf("list = %v %v", list, err)
		}
	})
}
