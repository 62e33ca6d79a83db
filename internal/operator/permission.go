// Package operator is the back office's own domain: operator accounts of a
// merchant or of the platform, their roles and named permissions, admin
// sessions and log-in steps (password, then a mandatory authenticator), the
// per-merchant IP allow-list, and the append-only audit trail (decision
// 0022). The domains own the operations themselves; this package says who
// may run them and remembers that they did.
package operator

import "slices"

// Permission names one thing an operator may do. Every back-office route
// names the permission it needs in routes.go; later screens reuse these.
type Permission string

// The permissions, each with its description in Permissions.
const (
	// DashboardRead opens the live figures (registrations, bets, GGR).
	DashboardRead Permission = "dashboard.read"
	// ReportsRead opens the reports (GGR by day, vendor, game; player
	// profit and loss) and their CSV exports.
	ReportsRead Permission = "reports.read"
	// PlayersRead searches players and opens their profile, balance,
	// ledger, bets, sessions and log-in history.
	PlayersRead Permission = "players.read"
	// PlayersWrite freezes and unfreezes players, forces log-outs, resets
	// passwords and authenticators, edits notes and tags, sends messages.
	PlayersWrite Permission = "players.write"
	// WalletAdjustRequest asks for a balance adjustment (maker).
	WalletAdjustRequest Permission = "wallet.adjust.request"
	// WalletAdjustApprove approves another operator's adjustment (checker).
	WalletAdjustApprove Permission = "wallet.adjust.approve"
	// ApprovalsRead lists the two-person approval requests and their
	// decisions.
	ApprovalsRead Permission = "approvals.read"
	// ApprovalsDecide approves or rejects another operator's request; a
	// balance adjustment also needs WalletAdjustApprove, an action marked
	// sensitive the permission of that action (decision 0027).
	ApprovalsDecide Permission = "approvals.decide"
	// GamesWrite switches games and vendors on, off or into maintenance,
	// sets flags and order, rotates vendor secrets and win ceilings.
	GamesWrite Permission = "games.write"
	// ContentWrite publishes banners, notices, announcements and help.
	ContentWrite Permission = "content.write"
	// SettingsWrite changes the merchant's settings: module tree, register
	// rules, languages, domains, region rules, maintenance, customer
	// service, the back office's IP allow-list.
	SettingsWrite Permission = "settings.write"
	// OperatorsManage lists, creates, changes and disables operators and
	// resets their authenticators.
	OperatorsManage Permission = "operators.manage"
	// RolesManage composes custom roles.
	RolesManage Permission = "roles.manage"
	// AuditRead reads and exports the audit trail.
	AuditRead Permission = "audit.read"
	// CashierRead opens the deposit queue, its proofs and CSV, the
	// channel list and the daily cashier report.
	CashierRead Permission = "cashier.read"
	// CashierDecide approves (credits) and rejects deposit orders.
	CashierDecide Permission = "cashier.decide"
	// CashierChannels creates and changes payment channels.
	CashierChannels Permission = "cashier.channels"
	// AgentsRead sees the agent tree, contracts, settlement runs and the
	// commission report.
	AgentsRead Permission = "agents.read"
	// AgentsWrite moves members between uplines and offers or ends the
	// platform's contracts.
	AgentsWrite Permission = "agents.write"
	// AgentsSettle re-runs a settlement period.
	AgentsSettle Permission = "agents.settle"
	// PromotionsRead sees promotions, claims, bonus grants, points,
	// redemptions, VIP levels, rebate runs and their costs.
	PromotionsRead Permission = "promotions.read"
	// PromotionsWrite composes promotions, points mall items, VIP levels
	// and rebate rates.
	PromotionsWrite Permission = "promotions.write"
	// PromotionsReview decides promotion applications and points
	// redemptions, and re-runs a rebate period.
	PromotionsReview Permission = "promotions.review"
	// MerchantsManage lists every merchant and creates merchants. Only
	// platform operators ever hold it (PlatformPermissions).
	MerchantsManage Permission = "merchants.manage"
	// VendorsManage rotates a vendor's signing secret and sets its win
	// ceiling: both are shared by every merchant, so only platform
	// operators hold it (PlatformPermissions).
	VendorsManage Permission = "vendors.manage"
)

// PermissionInfo is a permission as the role editor lists it.
type PermissionInfo struct {
	Name        Permission `json:"name"`
	Description string     `json:"description"`
}

// Permissions is every permission, in the order the role editor shows them.
var Permissions = []PermissionInfo{
	{DashboardRead, "See the dashboard's live figures"},
	{ReportsRead, "Read and export reports"},
	{PlayersRead, "Search players and open their records"},
	{PlayersWrite, "Freeze, log out, reset and annotate players"},
	{WalletAdjustRequest, "Request balance adjustments"},
	{WalletAdjustApprove, "Approve other operators' balance adjustments"},
	{ApprovalsRead, "See the requests awaiting approval and their decisions"},
	{ApprovalsDecide, "Approve or reject other operators' requests (with the permission the request needs)"},
	{GamesWrite, "Manage games and vendors"},
	{ContentWrite, "Publish banners, notices, announcements and help"},
	{SettingsWrite, "Change the merchant's settings and IP allow-list"},
	{OperatorsManage, "Manage operators"},
	{RolesManage, "Compose custom roles"},
	{AuditRead, "Read and export the audit trail"},
	{CashierRead, "See deposit orders, proofs, channels and the cashier report"},
	{CashierDecide, "Approve or reject deposits"},
	{CashierChannels, "Manage payment channels"},
	{AgentsRead, "See the agent tree, contracts, settlement runs and commissions"},
	{AgentsWrite, "Move members between uplines; offer and end the platform's contracts"},
	{AgentsSettle, "Re-run a salary or dividend settlement period"},
	{PromotionsRead, "See promotions, claims, bonus money, points, VIP levels and rebates with their costs"},
	{PromotionsWrite, "Compose promotions, points mall items, VIP levels and rebate rates"},
	{PromotionsReview, "Decide promotion applications and points redemptions; re-run a rebate period"},
}

// PlatformPermissions are held by platform operators only: the platform's
// owner has them on top of every permission, a platform role may be given
// them, and a merchant's operator never holds them, whatever its role says
// (RolePermissions drops them, SaveRole refuses them, the admin wrapper
// refuses their routes to a merchant's operator). Permissions, the list a
// merchant's role editor shows, leaves them out.
var PlatformPermissions = []PermissionInfo{
	{MerchantsManage, "List every merchant and create merchants"},
	{VendorsManage, "Rotate vendors' signing secrets and set their win ceilings (shared by every merchant)"},
}

// Known reports whether p is one of Permissions or PlatformPermissions.
func Known(p Permission) bool {
	is := func(i PermissionInfo) bool { return i.Name == p }
	return slices.ContainsFunc(Permissions, is) || slices.ContainsFunc(PlatformPermissions, is)
}

// PlatformOnly reports whether p is one of PlatformPermissions.
func PlatformOnly(p Permission) bool {
	return slices.ContainsFunc(PlatformPermissions, func(i PermissionInfo) bool { return i.Name == p })
}

// ForMerchant is the part of perms an operator of merchantCode may hold:
// all of them for the platform (""), none of PlatformPermissions for a
// merchant.
func ForMerchant(merchantCode string, perms []Permission) []Permission {
	if merchantCode == "" {
		return perms
	}
	return slices.DeleteFunc(slices.Clone(perms), PlatformOnly)
}

// platformOwner is the platform owner's permissions: every one.
func platformOwner() []Permission {
	out := allPermissions()
	for _, p := range PlatformPermissions {
		out = append(out, p.Name)
	}
	return out
}

func allPermissions() []Permission {
	out := make([]Permission, len(Permissions))
	for i, p := range Permissions {
		out[i] = p.Name
	}
	return out
}

// The built-in roles' names.
const (
	RoleOwner     = "owner"
	RoleFinance   = "finance"
	RoleRisk      = "risk"
	RoleSupport   = "support"
	RoleContent   = "content"
	RoleMarketing = "marketing"
	RoleReadonly  = "readonly"
)

// BuiltinRoles are the roles every merchant has; they cannot be changed.
var BuiltinRoles = map[string][]Permission{
	RoleOwner: allPermissions(),
	RoleFinance: {DashboardRead, ReportsRead, PlayersRead, WalletAdjustRequest, WalletAdjustApprove, ApprovalsRead, ApprovalsDecide, AuditRead,
		CashierRead, CashierDecide, CashierChannels, AgentsRead, AgentsSettle, PromotionsRead},
	RoleRisk:      {DashboardRead, ReportsRead, PlayersRead, PlayersWrite, ApprovalsRead, ApprovalsDecide, AuditRead, AgentsRead, PromotionsRead},
	RoleSupport:   {PlayersRead, PlayersWrite},
	RoleContent:   {ContentWrite},
	RoleMarketing: {DashboardRead, ReportsRead, PlayersRead, ContentWrite, AgentsRead, AgentsWrite, PromotionsRead, PromotionsWrite, PromotionsReview},
	RoleReadonly:  {DashboardRead, ReportsRead, PlayersRead, CashierRead, AgentsRead, PromotionsRead},
}

// Covers reports whether have holds every permission of want.
func Covers(have, want []Permission) bool {
	for _, p := range want {
		if !slices.Contains(have, p) {
			return false
		}
	}
	return true
}
