package operator

import (
	"context"
	"errors"
	"slices"
	"testing"

	"portal/internal/database"
	"portal/internal/dbtest"
)

// TestPlatformPermissions: merchants.manage belongs to the platform's
// owner (and platform roles given it), never to a merchant's operator,
// whatever its role; a merchant's role editor neither lists nor stores it.
func TestPlatformPermissions(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		ctx := context.Background()
		s, _ := newTestService(t, db)
		if slices.ContainsFunc(Permissions, func(p PermissionInfo) bool { return p.Name == MerchantsManage }) || !Known(MerchantsManage) || !PlatformOnly(MerchantsManage) {
			t.Fatal("merchants.manage is listed for merchants or unknown")
		}
		if _, err := s.SaveRole(ctx, "", "onboarding", []Permission{MerchantsManage, AuditRead}, true); err != nil {
			t.Fatal(err)
		}
		for _, tt := range []struct {
			merchant, role string
			want           bool
		}{
			{"", RoleOwner, true},
			{"", "onboarding", true},
			{"", RoleReadonly, false},
			{"demo", RoleOwner, false},
			{"lucky", RoleOwner, false},
		} {
			perms, err := s.RolePermissions(ctx, tt.merchant, tt.role)
			if err != nil {
				t.Fatal(err)
			}
			if slices.Contains(perms, MerchantsManage) != tt.want {
				t.Errorf("%q %s: merchants.manage %v, want %v", tt.merchant, tt.role, !tt.want, tt.want)
			}
		}
		if perms, _ := s.RolePermissions(ctx, "demo", RoleOwner); len(perms) != len(Permissions) {
			t.Errorf("demo's owner holds %d permissions, want every merchant one (%d)", len(perms), len(Permissions))
		}
		if _, err := s.SaveRole(ctx, "demo", "onboarding", []Permission{MerchantsManage}, true); !errors.Is(err, ErrUnknownPerm) {
			t.Errorf("a merchant role with merchants.manage: %v", err)
		}
		// A row written around SaveRole still gives a merchant nothing.
		if _, err := db.Write().ExecContext(ctx, `INSERT INTO operator_roles (merchant_code, name, permissions, created_at) VALUES ('demo', 'sneaky', 'merchants.manage,audit.read', 0)`); err != nil {
			t.Fatal(err)
		}
		if perms, _ := s.RolePermissions(ctx, "demo", "sneaky"); !slices.Equal(perms, []Permission{AuditRead}) {
			t.Errorf("sneaky role = %v", perms)
		}
		roles, _ := s.Roles(ctx, "demo")
		platform, _ := s.Roles(ctx, "")
		if slices.Contains(roles[0].Permissions, MerchantsManage) || !slices.Contains(platform[0].Permissions, MerchantsManage) {
			t.Errorf("owner roles: demo %v, platform %v", roles[0].Permissions, platform[0].Permissions)
		}
	})
}
