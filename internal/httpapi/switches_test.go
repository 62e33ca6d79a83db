package httpapi

import (
	"context"
	"net/http"
	"testing"
)

// TestVIPAndReferralSwitches: the module tree's VIP3 and REFERRAL3 govern
// the server's answers too: with VIP off the member info
// carries no VIP data; with referral off the referral call refuses.
func TestVIPAndReferralSwitches(t *testing.T) {
	s := newHostileTestServer(t)
	ctx := context.Background()
	c := newClient(t, s, "demo")
	if rec, env := c.login("player01", "Player@123"); rec.Code != 200 {
		t.Fatalf("login = %d %+v", rec.Code, env)
	}
	set := func(key, value string) {
		t.Helper()
		if err := s.Merchant.Set(ctx, "demo", key, value); err != nil {
			t.Fatal(err)
		}
		s.Merchant.Invalidate()
	}
	tests := []struct {
		name, vip, referral string
		wantVIP             bool
		referralStatus      int
		referralCode        string
	}{
		{"both on", "on", "on", true, 200, ""},
		{"VIP off", "off", "on", false, 200, ""},
		{"referral off", "on", "off", true, 403, "feature.disabled"},
		{"both off", "off", "off", false, 403, "feature.disabled"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			set("module.VIP3", tt.vip)
			set("module.REFERRAL3", tt.referral)
			rec, env := c.do(http.MethodGet, "/wps/member/info", nil, false)
			raw := value[map[string]any](t, env)
			_, hasLevel := raw["vipRankLevel"]
			_, hasLabel := raw["vipLabelName"]
			if rec.Code != 200 || raw["hasVip"] != tt.wantVIP || hasLevel != tt.wantVIP || hasLabel != tt.wantVIP {
				t.Fatalf("member info = %d %v", rec.Code, raw)
			}
			if tt.wantVIP && (raw["vipRankLevel"] != float64(3) || raw["vipLabelName"] != "VIP3") {
				t.Fatalf("VIP data = %v", raw)
			}
			rec, env = c.do(http.MethodGet, "/wps/member/referral", nil, false)
			if rec.Code != tt.referralStatus || env.Code != tt.referralCode {
				t.Fatalf("referral = %d %+v", rec.Code, env)
			}
			if rec.Code == 200 {
				if r := value[referralInfo](t, env); r.ReferralCode != "player01" || r.RegisterPath != "/register?referralCode=player01" {
					t.Fatalf("referral = %+v", r)
				}
			}
		})
	}
	// The log-in answer follows the switch as well.
	set("module.VIP3", "off")
	fresh := newClient(t, s, "demo")
	_, env := fresh.login("player01", "Player@123")
	if raw := value[map[string]any](t, env); raw["hasVip"] != false || raw["vipRankLevel"] != nil {
		t.Fatalf("login answer with VIP off = %v", raw)
	}
}
