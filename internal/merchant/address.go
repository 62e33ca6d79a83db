package merchant

import (
	"errors"
	"net/mail"
	"net/netip"
	"net/url"
	"strings"
)

// normalizeHost checks a domain as an operator types it and answers it in
// the form requests are matched by (lower case, no trailing dot). It takes
// DNS names of letters, digits and hyphens (internationalised names as
// punycode, xn--), at least two labels unless it is localhost; never an
// address, a port, a path or credentials.
func normalizeHost(v string) (string, error) {
	h := strings.TrimSuffix(strings.ToLower(strings.TrimSpace(v)), ".")
	if h == "" {
		return "", errors.New("required")
	}
	if len(h) > 253 {
		return "", errors.New("at most 253 characters")
	}
	if _, err := netip.ParseAddr(strings.Trim(h, "[]")); err == nil {
		return "", errors.New("an address is not a domain")
	}
	labels := strings.Split(h, ".")
	if len(labels) < 2 && h != "localhost" {
		return "", errors.New("a domain needs at least two labels (example.com)")
	}
	for _, l := range labels {
		if l == "" || len(l) > 63 {
			return "", errors.New("each label has 1 to 63 characters")
		}
		if l[0] == '-' || l[len(l)-1] == '-' {
			return "", errors.New("a label neither starts nor ends with a hyphen")
		}
		for _, r := range l {
			if !(r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-') {
				return "", errors.New("letters, digits and hyphens only (internationalised names as xn--)")
			}
		}
	}
	if tld := labels[len(labels)-1]; len(labels) > 1 && strings.Trim(tld, "0123456789") == "" {
		return "", errors.New("the last label is not all digits")
	}
	return h, nil
}

// checkChannelURL validates a customer-service address: an https URL with
// a host and no credentials; an EMAIL channel may instead be a mailto: with
// one address. Anything else (javascript:, data:, http:) is refused, since
// the site opens these as links.
func checkChannelURL(kind, v string) (string, error) {
	if v == "" {
		return "", errors.New("required")
	}
	if len(v) > maxURL {
		return "", errors.New("at most 500 characters")
	}
	for _, r := range v {
		if r <= ' ' || r == 0x7f || r == '\\' || r == '"' || r == '<' || r == '>' {
			return "", errors.New("no spaces, quotes, angle brackets, backslashes or control characters")
		}
	}
	u, err := url.Parse(v)
	if err != nil {
		return "", errors.New("not a URL")
	}
	switch strings.ToLower(u.Scheme) {
	case "https":
		if u.Opaque != "" || u.User != nil {
			return "", errors.New("an https URL without credentials")
		}
		if _, err := normalizeHost(u.Hostname()); err != nil {
			return "", errors.New("the URL's host: " + err.Error())
		}
		u.Scheme = "https"
		return u.String(), nil
	case "mailto":
		if kind != "EMAIL" {
			return "", errors.New("https only (mailto: for EMAIL channels)")
		}
		addr, err := mail.ParseAddress(u.Opaque)
		if err != nil || addr.Name != "" || addr.Address != u.Opaque || u.RawQuery != "" || u.Fragment != "" {
			return "", errors.New("mailto: with one plain address")
		}
		return "mailto:" + addr.Address, nil
	}
	return "", errors.New("https only (mailto: for EMAIL channels)")
}
