package merchant

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"portal/internal/database"
)

// SettingKeys lists the keys Set understands, for the command's help.
var SettingKeys = []string{"maintenance", "blocked-ips", "blocked-countries", "default-language", "languages",
	"module.<MODID>", "minimum-age", "password-expiry-days", "encryption"}

var countryCode = regexp.MustCompile(`^[A-Z]{2}$`)

// Set changes one setting of merchant code, as the operator command
// `portal merchant set` does. The change and a version bump are one
// transaction, so every running server drops its cache within its watch
// interval. A value that cannot be applied changes nothing.
func (s *Service) Set(ctx context.Context, code, key, value string) error {
	return s.db.InTx(ctx, func(q database.Querier) error {
		r, err := loadRecord(ctx, q, code)
		if err != nil {
			return err
		}
		c := r.Config
		if err := applySetting(&c, key, strings.TrimSpace(value)); err != nil {
			return err
		}
		if err := saveConfig(ctx, q, code, c); err != nil {
			return err
		}
		return database.Bump(ctx, q, Topic)
	})
}

func applySetting(c *Config, key, value string) error {
	switch {
	case key == "maintenance":
		on, err := parseOnOff(value)
		if err != nil {
			return err
		}
		c.Maintenance = on
	case key == "blocked-ips":
		list := splitList(value)
		for _, s := range list {
			if _, err := parseCIDR(s); err != nil {
				return err
			}
		}
		c.BlockedCIDRs = list
	case key == "blocked-countries":
		list := splitList(strings.ToUpper(value))
		for _, cc := range list {
			if !countryCode.MatchString(cc) {
				return fmt.Errorf("%w: %q is not an ISO country code", ErrInvalidSetting, cc)
			}
		}
		c.BlockedCountries = list
	case key == "default-language":
		l := NormalizeLanguage(value)
		if l == "" {
			return fmt.Errorf("%w: unknown language %q", ErrInvalidSetting, value)
		}
		c.DefaultLanguage = l
		if !slices.Contains(c.Languages, l) {
			c.Languages = append(c.Languages, l)
		}
	case key == "languages":
		var langs []string
		for _, v := range splitList(value) {
			l := NormalizeLanguage(v)
			if l == "" {
				return fmt.Errorf("%w: unknown language %q", ErrInvalidSetting, v)
			}
			if !slices.Contains(langs, l) {
				langs = append(langs, l)
			}
		}
		if len(langs) == 0 {
			return fmt.Errorf("%w: a merchant needs at least one language", ErrInvalidSetting)
		}
		if !slices.Contains(langs, c.DefaultLanguage) {
			return fmt.Errorf("%w: the list must keep the default language %s", ErrInvalidSetting, c.DefaultLanguage)
		}
		c.Languages = langs
	case key == "minimum-age":
		// 18 is the floor the spec states; a merchant may only raise it.
		n, err := parseInt(value, 18, 99)
		if err != nil {
			return err
		}
		c.MinimumAge = n
	case key == "password-expiry-days":
		n, err := parseInt(value, 0, 3650)
		if err != nil {
			return err
		}
		c.PasswordExpiryDays = n
	case key == "encryption":
		on, err := parseOnOff(value)
		if err != nil {
			return err
		}
		c.Encryption = on
	case strings.HasPrefix(key, "module."):
		on, err := parseOnOff(value)
		if err != nil {
			return err
		}
		id := strings.TrimPrefix(key, "module.")
		if !setModule(c.Modules, id, on) {
			return fmt.Errorf("%w: no module %q", ErrInvalidSetting, id)
		}
	default:
		return fmt.Errorf("%w: unknown key %q (keys: %s)", ErrInvalidSetting, key, strings.Join(SettingKeys, ", "))
	}
	return nil
}

func parseOnOff(v string) (bool, error) {
	switch strings.ToLower(v) {
	case "on", "true", "1", "yes":
		return true, nil
	case "off", "false", "0", "no":
		return false, nil
	}
	return false, fmt.Errorf("%w: want on or off, got %q", ErrInvalidSetting, v)
}

func parseInt(v string, lo, hi int) (int, error) {
	n, err := strconv.Atoi(v)
	if err != nil || n < lo || n > hi {
		return 0, fmt.Errorf("%w: want a whole number from %d to %d, got %q", ErrInvalidSetting, lo, hi, v)
	}
	return n, nil
}

func splitList(v string) []string {
	out := []string{}
	for _, s := range strings.Split(v, ",") {
		if s = strings.TrimSpace(s); s != "" {
			out = append(out, s)
		}
	}
	return out
}
