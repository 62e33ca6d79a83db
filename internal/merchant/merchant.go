// Package merchant is the white-label tenant: its identity, currency and
// languages, module tree, register rules, resources, status and region rules,
// banners, notices, announcements, help centre, customer service and domains.
package merchant

import "errors"

// Merchant is one white-label operator as the request path needs it; it is
// read from the cache on every call, so it holds only what is cheap to keep.
type Merchant struct {
	Code            string
	Name            string
	Currency        string
	CurrencySymbol  string
	Decimals        int // minor-unit digits of Currency (2: cents)
	DefaultLanguage string
	Languages       []string // supported codes, DefaultLanguage among them
	Maintenance     bool
	// Encryption says (E) calls must carry an encrypted body.
	Encryption bool
	// PasswordExpiryDays forces a change of older passwords; 0 when the
	// merchant's expiry switch is off.
	PasswordExpiryDays int
	// VIP and Referral are the module tree's VIP3 and REFERRAL3 switches:
	// off, member answers carry no VIP data and referral calls refuse.
	VIP      bool
	Referral bool
	// Agents are the module tree's agent switches: AGENTPOLICY3 (contracts
	// and the consolidated call) and each contract kind's own switch.
	Agents AgentSwitches
}

// AgentSwitches are the agent centre's switches of the module tree.
type AgentSwitches struct {
	Policy, Dividend, DailySalary, HourSalary, RealtimeSalary bool
}

// Errors of the merchant domain.
var (
	ErrUnknownMerchant = errors.New("merchant: unknown merchant")
	// ErrInvalidSetting is an operator setting that cannot be applied.
	ErrInvalidSetting = errors.New("merchant: invalid setting")
	// ErrNotFound is content the merchant does not have.
	ErrNotFound = errors.New("merchant: not found")
)
