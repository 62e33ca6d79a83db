package merchant

// Config is a merchant's white-label configuration, stored as one JSON
// document because it is always read whole and never queried by field.
type Config struct {
	CurrencySymbol  string `json:"currencySymbol"`
	Decimals        int    `json:"decimals"`
	DefaultLanguage string `json:"defaultLanguage"`
	// Languages the merchant offers, DefaultLanguage among them.
	Languages []string `json:"languages"`

	Maintenance bool `json:"maintenance"`
	// MaintenanceWindow is a scheduled maintenance (nil: none); see
	// Config.maintenanceAt.
	MaintenanceWindow *MaintenanceWindow `json:"maintenanceWindow,omitempty"`
	// MaintenanceText is the maintenance page's title and info per language.
	MaintenanceText map[string]TitleInfo `json:"maintenanceText"`
	// RegionText is the blocked-region page's title and info per language;
	// a merchant without its own gets the built-in one.
	RegionText map[string]TitleInfo `json:"regionText,omitempty"`
	// BlockedCIDRs and BlockedCountries (ISO 3166 alpha-2) make up the
	// region rules; countries need a GeoIP database to take effect.
	BlockedCIDRs     []string `json:"blockedCidrs"`
	BlockedCountries []string `json:"blockedCountries"`

	Modules       []Module             `json:"modules"`
	RegisterRules map[string]FieldRule `json:"registerRules"`

	Resources       map[string]Resource `json:"resources"`
	CustomerService []CustomerService   `json:"customerService"`
	// CustomerServiceKey (base64, 32 bytes) encrypts customer-service paths
	// on the way out; see docs/decisions/0003-customer-service-path.md.
	CustomerServiceKey string `json:"customerServiceKey"`

	ImageCDNs      []string `json:"imageCdns"`
	LaunchGameCDNs []string `json:"launchGameCdns"`
	GtagID         string   `json:"gtagId"`
	Brand          Brand    `json:"brand"`

	// MinimumAge is 18 unless the merchant raises it (decision X-002).
	MinimumAge int `json:"minimumAge"`
	// PasswordExpiryDays applies when the PWDEXPIRY3 module is on.
	PasswordExpiryDays int `json:"passwordExpiryDays"`
	// SMSCodeMinutes is how long an SMS code stays valid (expiredMinutes).
	SMSCodeMinutes int `json:"smsCodeMinutes"`
	// Encryption turns the (E) payload encryption on.
	Encryption bool `json:"encryption"`
}

// TitleInfo is a localized title and body text.
type TitleInfo struct {
	Title string `json:"title"`
	Info  string `json:"info"`
}

// Resource is a social or external link (TELEGRAM, TELEGRAM1, FACEBOOK...).
type Resource struct {
	ResourceType string `json:"resourceType"`
	LabelNameEn  string `json:"labelNameEn"`
	URL          string `json:"url"`
}

// CustomerService is one customer-service channel; Path is the plain
// address, which is served encrypted.
type CustomerService struct {
	CSType string `json:"csType"`
	Name   string `json:"name"`
	Path   string `json:"path"`
}

// Brand is the fixed brand configuration of spec §3.
type Brand struct {
	Platform         string   `json:"platform"`
	LotteryType      string   `json:"lotteryType"`
	EsportsGameCodes []string `json:"esportsGameCodes"`
	CockfightList    []string `json:"cockfightList"`
	InhouseList      []string `json:"inhouseList"`
	PrizeModes       []string `json:"prizeModes"`
}

// DefaultBrand is the brand configuration the spec gives.
func DefaultBrand() Brand {
	return Brand{
		Platform:         "WEB",
		LotteryType:      "Lott",
		EsportsGameCodes: []string{"IA", "TF"},
		CockfightList:    []string{},
		InhouseList:      []string{"PGE"},
		PrizeModes:       []string{"LOTT", "ZY", "ELOTT", "SEA"},
	}
}
