package merchant

// SystemStatus is what the startup calls report (spec §2 Startup).
type SystemStatus int

// System statuses. Maintenance takes precedence over region restriction.
const (
	StatusNormal           SystemStatus = 0
	StatusMaintenance      SystemStatus = 1
	StatusRegionRestricted SystemStatus = 2
)

// Status is a merchant's status as seen by one client.
type Status struct {
	Status           SystemStatus `json:"status"`
	Maintenance      bool         `json:"maintenance"`
	RegionRestricted bool         `json:"regionRestriction"`
	// IP is the client address as the server sees it, for the blocked page.
	IP string `json:"ip"`
	// Country is the ISO code from the GeoIP database, "" when unknown.
	Country string `json:"country"`
}
