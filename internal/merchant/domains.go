package merchant

import (
	"context"
	"errors"
	"fmt"

	"portal/internal/database"
)

// ErrDomainTaken is a domain another merchant already serves.
var ErrDomainTaken = errors.New("merchant: domain taken by another merchant")

// DomainTakenError names the domain another merchant has; it wraps
// ErrDomainTaken and never names the other merchant.
type DomainTakenError struct {
	Field  string `json:"field"`
	Domain string `json:"domain"`
}

func (e *DomainTakenError) Error() string {
	return fmt.Sprintf("merchant: domain %s taken by another merchant", e.Domain)
}

// Unwrap ties DomainTakenError to ErrDomainTaken.
func (e *DomainTakenError) Unwrap() error { return ErrDomainTaken }

// Domains are a merchant's main domain and its mirrors.
type Domains struct {
	Main    string   `json:"main"`
	Mirrors []string `json:"mirrors"`
}

// maxMirrors bounds a merchant's mirror list.
const maxMirrors = 50

func loadMerchantDomains(ctx context.Context, q database.Querier, code string) (Domains, error) {
	rows, err := q.QueryContext(ctx, `SELECT domain, kind FROM merchant_domains WHERE merchant_code = $1 ORDER BY kind, domain`, code)
	if err != nil {
		return Domains{}, fmt.Errorf("merchant: domains of %s: %w", code, err)
	}
	defer rows.Close()
	d := Domains{Mirrors: []string{}}
	for rows.Next() {
		var host, kind string
		if err := rows.Scan(&host, &kind); err != nil {
			return Domains{}, fmt.Errorf("merchant: domains of %s: %w", code, err)
		}
		if kind == "main" && d.Main == "" {
			d.Main = host
		} else {
			d.Mirrors = append(d.Mirrors, host)
		}
	}
	return d, rows.Err()
}

// checkDomains normalises a main domain and its mirrors; the main domain
// is required and no name appears twice.
func checkDomains(d Domains) (Domains, error) {
	if len(d.Mirrors) > maxMirrors {
		return Domains{}, &SettingError{Field: "mirrors", Reason: fmt.Sprintf("at most %d mirrors", maxMirrors)}
	}
	main, err := normalizeHost(d.Main)
	if err != nil {
		return Domains{}, &SettingError{Field: "main", Reason: err.Error()}
	}
	out := Domains{Main: main, Mirrors: []string{}}
	seen := map[string]bool{main: true}
	for i, m := range d.Mirrors {
		h, err := normalizeHost(m)
		if err != nil {
			return Domains{}, &SettingError{Field: fmt.Sprintf("mirrors.%d", i), Reason: err.Error()}
		}
		if seen[h] {
			return Domains{}, &SettingError{Field: fmt.Sprintf("mirrors.%d", i), Reason: "listed twice"}
		}
		seen[h] = true
		out.Mirrors = append(out.Mirrors, h)
	}
	return out, nil
}

// writeDomains replaces merchant code's domains with d. A name another
// merchant serves is refused (the primary key decides, so two merchants
// racing for one name cannot both have it).
func writeDomains(ctx context.Context, q database.Querier, code string, d Domains) error {
	if _, err := q.ExecContext(ctx, `DELETE FROM merchant_domains WHERE merchant_code = $1`, code); err != nil {
		return fmt.Errorf("merchant: domains of %s: %w", code, err)
	}
	put := func(field, host, kind string) error {
		added, err := putDomain(ctx, q, code, host, kind)
		if err != nil {
			return err
		}
		if !added {
			return &DomainTakenError{Field: field, Domain: host}
		}
		return nil
	}
	if err := put("main", d.Main, "main"); err != nil {
		return err
	}
	for i, m := range d.Mirrors {
		if err := put(fmt.Sprintf("mirrors.%d", i), m, "mirror"); err != nil {
			return err
		}
	}
	return nil
}

// SetDomains replaces the merchant's main domain and mirrors. Requests are
// matched to merchants by these names, so a change reaches every process
// with the merchant topic like any setting.
func (s *Service) SetDomains(ctx context.Context, code string, d Domains) (before, after Settings, err error) {
	clean, err := checkDomains(d)
	if err != nil {
		return Settings{}, Settings{}, err
	}
	return s.update(ctx, code, func(q database.Querier, _ *Config) error {
		return writeDomains(ctx, q, code, clean)
	})
}
