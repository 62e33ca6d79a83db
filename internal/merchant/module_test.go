package merchant

import "testing"

func TestModuleOn(t *testing.T) {
	tree := DefaultModules()
	setModule(tree, ModLogin, false)
	setModule(tree, ModVIP, false)
	tests := []struct {
		id   string
		want bool
	}{
		{ModRegister, true},
		{ModMobileReg, true},
		{ModVIP, false},
		{ModReferral, true},
		{ModSMSLogin, false}, // parent LOGIN is off
		{ModFreePlay, false},
		{"NOSUCH", false},
	}
	for _, tt := range tests {
		if got := ModuleOn(tree, tt.id); got != tt.want {
			t.Errorf("ModuleOn(%s) = %v, want %v", tt.id, got, tt.want)
		}
	}
	f := Flags(tree)
	if f.HasFreePlay || f.ShowVerCodeLogin || !f.MobileReg || !f.SMSEnabled || f.VIP || !f.Referral {
		t.Errorf("flags = %+v", f)
	}
	if setModule(tree, "NOSUCH", true) {
		t.Error("setModule found a missing id")
	}
}
