package merchant

import (
	"context"
	"fmt"
	"net/netip"
	"strings"

	"github.com/oschwald/maxminddb-golang/v2"
)

// countryDB resolves addresses to ISO country codes from a MaxMind-format
// file (GeoLite2-Country, GeoIP2-Country or any file with country.iso_code).
type countryDB struct {
	r *maxminddb.Reader
}

func openCountryDB(path string) (*countryDB, error) {
	r, err := maxminddb.Open(path)
	if err != nil {
		return nil, fmt.Errorf("merchant: geoip database %s: %w", path, err)
	}
	return &countryDB{r: r}, nil
}

func (g *countryDB) country(ip netip.Addr) string {
	if g == nil || !ip.IsValid() {
		return ""
	}
	var rec struct {
		Country struct {
			ISOCode string `maxminddb:"iso_code"`
		} `maxminddb:"country"`
	}
	if err := g.r.Lookup(ip).Decode(&rec); err != nil {
		return ""
	}
	return strings.ToUpper(rec.Country.ISOCode)
}

// parseCIDR accepts a CIDR or a single address.
func parseCIDR(s string) (netip.Prefix, error) {
	s = strings.TrimSpace(s)
	if strings.Contains(s, "/") {
		p, err := netip.ParsePrefix(s)
		if err != nil {
			return netip.Prefix{}, fmt.Errorf("%w: %q is not a CIDR", ErrInvalidSetting, s)
		}
		return p.Masked(), nil
	}
	a, err := netip.ParseAddr(s)
	if err != nil {
		return netip.Prefix{}, fmt.Errorf("%w: %q is not an address or CIDR", ErrInvalidSetting, s)
	}
	return netip.PrefixFrom(a.Unmap(), a.Unmap().BitLen()), nil
}

// Status is the merchant's status for a client at ip: maintenance first,
// then the region rules (blocked CIDRs, then blocked countries).
func (s *Service) Status(ctx context.Context, m *Merchant, ip netip.Addr) (Status, error) {
	t, err := s.tenant(ctx, m.Code)
	if err != nil {
		return Status{}, err
	}
	// An IPv4 client seen through an IPv6 socket must meet IPv4 rules.
	ip = ip.Unmap()
	st := Status{IP: ip.String(), Maintenance: t.cfg.maintenanceAt(s.clock())}
	if !ip.IsValid() {
		st.IP = ""
	}
	for _, p := range t.blocked {
		if p.Contains(ip) {
			st.RegionRestricted = true
			break
		}
	}
	st.Country = s.geo.country(ip)
	if st.Country != "" && t.countries[st.Country] {
		st.RegionRestricted = true
	}
	switch {
	case st.Maintenance:
		st.Status = StatusMaintenance
	case st.RegionRestricted:
		st.Status = StatusRegionRestricted
	}
	return st, nil
}

// StatusKeys sums up, per merchant, what its status depends on: whether
// it is in maintenance now (the switch or a scheduled window, by the clock)
// and the region rules. When a merchant's key moves, its open pages are
// told to ask for their status again (realtime.StatusWatch, which also
// runs on a timer so that a window opens and closes by itself): the status
// itself depends on each page's address.
func (s *Service) StatusKeys(ctx context.Context) (map[string]string, error) {
	sn, err := s.current(ctx)
	if err != nil {
		return nil, err
	}
	now := s.clock()
	out := make(map[string]string, len(sn.byCode))
	for code, t := range sn.byCode {
		out[code] = fmt.Sprintf("%t|%s|%s", t.cfg.maintenanceAt(now), strings.Join(t.cfg.BlockedCIDRs, ","), strings.Join(t.cfg.BlockedCountries, ","))
	}
	return out, nil
}
