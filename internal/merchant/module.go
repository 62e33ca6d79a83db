package merchant

// Module is a node of the white-label module tree (spec §6): a feature
// switch with children. A node counts as on only when it and every ancestor
// are enabled.
type Module struct {
	ModID    string   `json:"modId"`
	Name     string   `json:"name,omitempty"`
	Enabled  bool     `json:"enabled"`
	Children []Module `json:"childrenNodes"`
}

// Module ids the server acts on.
const (
	ModRegister          = "REGISTER"
	ModUsernameReg       = "USERNAMEREG3"
	ModMobileReg         = "MOBILENUMREG3"
	ModMobilePassReg     = "MOBILENUMPASSREG3"
	ModRegMobileVerify   = "REGMOBVERF3"
	ModLogin             = "LOGIN"
	ModSMSLogin          = "SMSLOGIN3"
	ModFreePlay          = "FREEPLAY3"
	ModSecurity          = "SECURITY"
	ModPhonePassRecovery = "CHNGPASSVERIF3"
	ModPasswordExpiry    = "PWDEXPIRY3"
	ModNewIPVerify       = "IPVERIFY3"
	ModAgent             = "AGENT"
	ModAgentPolicy       = "AGENTPOLICY3"
	ModDividend          = "DIVIDEND3"
	ModDailySalary       = "DAILYSALARY3"
	ModHourSalary        = "HOURSALARY3"
	ModRealtimeSalary    = "REALTIMESALARY3"
	ModPromotion         = "PROMOTION"
	ModVIP               = "VIP3"
	ModReferral          = "REFERRAL3"
	ModPointMall         = "POINTMALL3"
)

// ModuleOn reports whether modID is enabled with all its ancestors; an id
// missing from the tree is off.
func ModuleOn(tree []Module, modID string) bool {
	for _, m := range tree {
		if m.ModID == modID {
			return m.Enabled
		}
		if m.Enabled && ModuleOn(m.Children, modID) {
			return true
		}
	}
	return false
}

// setModule switches modID in place and reports whether it exists.
func setModule(tree []Module, modID string, on bool) bool {
	for i := range tree {
		if tree[i].ModID == modID {
			tree[i].Enabled = on
			return true
		}
		if setModule(tree[i].Children, modID, on) {
			return true
		}
	}
	return false
}

// SessionFlags are the switches of spec §3 "Session flags" that the module
// tree decides, as the client reads them at start.
type SessionFlags struct {
	HasFreePlay      bool `json:"hasFreePlay"`
	SMSEnabled       bool `json:"smsEnabled"`
	MobileReg        bool `json:"mobileReg"`
	MobileRegPass    bool `json:"mobileRegPass"`
	UsernameReg      bool `json:"usernameReg"`
	PwdEnabled       bool `json:"pwdEnabled"`
	ShowVerCodeLogin bool `json:"showVerCodeLogin"`
	PhoneRecovery    bool `json:"phoneRecovery"`
	AgentPolicy      bool `json:"agentPolicy"`
	VIP              bool `json:"vip"`
	Referral         bool `json:"referral"`
	PointMall        bool `json:"pointMall"`
	// The agent centre's dividend and salary pages (spec §2).
	Dividend       bool `json:"dividend"`
	DailySalary    bool `json:"dailySalary"`
	HourSalary     bool `json:"hourSalary"`
	RealtimeSalary bool `json:"realtimeSalary"`
	// NewIPVerify asks for extra verification at logins from unknown IPs.
	NewIPVerify bool `json:"newIpVerify"`
}

// Flags derives the session flags from the module tree.
func Flags(tree []Module) SessionFlags {
	return SessionFlags{
		HasFreePlay:      ModuleOn(tree, ModFreePlay),
		SMSEnabled:       ModuleOn(tree, ModRegMobileVerify),
		MobileReg:        ModuleOn(tree, ModMobileReg),
		MobileRegPass:    ModuleOn(tree, ModMobilePassReg),
		UsernameReg:      ModuleOn(tree, ModUsernameReg),
		PwdEnabled:       ModuleOn(tree, ModPasswordExpiry),
		ShowVerCodeLogin: ModuleOn(tree, ModSMSLogin),
		PhoneRecovery:    ModuleOn(tree, ModPhonePassRecovery),
		AgentPolicy:      ModuleOn(tree, ModAgentPolicy),
		VIP:              ModuleOn(tree, ModVIP),
		Referral:         ModuleOn(tree, ModReferral),
		PointMall:        ModuleOn(tree, ModPointMall),
		Dividend:         ModuleOn(tree, ModDividend),
		DailySalary:      ModuleOn(tree, ModDailySalary),
		HourSalary:       ModuleOn(tree, ModHourSalary),
		RealtimeSalary:   ModuleOn(tree, ModRealtimeSalary),
		NewIPVerify:      ModuleOn(tree, ModNewIPVerify),
	}
}

func node(id, name string, on bool, children ...Module) Module {
	if children == nil {
		children = []Module{}
	}
	return Module{ModID: id, Name: name, Enabled: on, Children: children}
}

// DefaultModules is the full module tree with every switch at on; seeds
// start from it and turn switches off.
func DefaultModules() []Module {
	return []Module{
		node(ModRegister, "Registration", true,
			node(ModUsernameReg, "Register by username", true),
			node(ModMobileReg, "Register by mobile number", true),
			node(ModMobilePassReg, "Mobile registration with password", true),
			node(ModRegMobileVerify, "SMS verification at registration", true),
		),
		node(ModLogin, "Login", true,
			node(ModSMSLogin, "Login by SMS code", true),
			node(ModFreePlay, "Free play (trial accounts)", true),
		),
		node(ModSecurity, "Security", true,
			node(ModPhonePassRecovery, "Password recovery by phone", true),
			node(ModPasswordExpiry, "Forced change of expired passwords", true),
			node(ModNewIPVerify, "Verify logins from unrecognised IPs", true),
		),
		node(ModAgent, "Agents", true,
			node(ModAgentPolicy, "Agent policy (contracts)", true),
			node(ModDividend, "Dividend", true),
			node(ModDailySalary, "Daily salary", true),
			node(ModHourSalary, "Hourly salary", true),
			node(ModRealtimeSalary, "Real-time salary", true),
		),
		node(ModPromotion, "Promotions", true,
			node(ModVIP, "VIP", true),
			node(ModReferral, "Referral", true),
			node(ModPointMall, "Points mall", true),
		),
	}
}
