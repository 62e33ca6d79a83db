package loyalty

import (
	"context"
	"fmt"

	"portal/internal/database"
)

// Settings are a merchant's points rules.
type Settings struct {
	Enabled bool `json:"enabled"`
	// EarnRateBp is the points earned per major unit of valid bet, in basis
	// points of a point: 10000 earns 1 point per 1.00.
	EarnRateBp int64 `json:"earnRateBp"`
	// ConvertRate is how many points make one major unit of cash.
	ConvertRate int64 `json:"convertRate"`
	// ConvertMin is the fewest points one conversion takes.
	ConvertMin int64 `json:"convertMin"`
}

// Config is the player's view of the rules.
type Config struct {
	Settings
	// NeverExpire says points never expire (G-020): there is no expiry.
	NeverExpire bool `json:"neverExpire"`
}

// DefaultSettings hold for a merchant that saved none: off.
var DefaultSettings = Settings{Enabled: false, EarnRateBp: 10000, ConvertRate: 100, ConvertMin: 100}

// Limits of the settings.
const (
	MaxEarnRateBp  = 1_000_000 // 100 points per major unit
	MaxConvertRate = 1_000_000
	MaxPoints      = 1_000_000_000_000
)

// Validate checks settings an operator saves.
func (st Settings) Validate() error {
	if st.EarnRateBp < 0 || st.EarnRateBp > MaxEarnRateBp || st.ConvertRate < 1 || st.ConvertRate > MaxConvertRate ||
		st.ConvertMin < 1 || st.ConvertMin > MaxPoints {
		return ErrInvalid
	}
	return nil
}

// Settings are the merchant's saved rules (DefaultSettings when none).
func (s *Service) Settings(ctx context.Context, merchant string) (Settings, error) {
	return s.settingsIn(ctx, s.db.Read(), merchant)
}

func (s *Service) settingsIn(ctx context.Context, q database.Querier, merchant string) (Settings, error) {
	st := DefaultSettings
	var enabled int
	err := q.QueryRowContext(ctx, `SELECT enabled, earn_rate_bp, convert_rate, convert_min FROM loyalty_settings WHERE merchant_code = $1`, merchant).
		Scan(&enabled, &st.EarnRateBp, &st.ConvertRate, &st.ConvertMin)
	if isNoRows(err) {
		return DefaultSettings, nil
	}
	if err != nil {
		return st, fmt.Errorf("loyalty: settings: %w", err)
	}
	st.Enabled = enabled == 1
	return st, nil
}

// SaveSettings writes the merchant's rules.
func (s *Service) SaveSettings(ctx context.Context, merchant string, st Settings) (Settings, error) {
	if err := st.Validate(); err != nil {
		return st, err
	}
	_, err := s.db.Write().ExecContext(ctx, `INSERT INTO loyalty_settings (merchant_code, enabled, earn_rate_bp, convert_rate, convert_min, updated_at)
		VALUES ($1, $2, $3, $4, $5, $6)
		ON CONFLICT (merchant_code) DO UPDATE SET enabled = excluded.enabled, earn_rate_bp = excluded.earn_rate_bp,
			convert_rate = excluded.convert_rate, convert_min = excluded.convert_min, updated_at = excluded.updated_at`,
		merchant, boolInt(st.Enabled), st.EarnRateBp, st.ConvertRate, st.ConvertMin, s.nowMs())
	if err != nil {
		return st, fmt.Errorf("loyalty: save settings: %w", err)
	}
	return st, nil
}

// Config is what the player site shows: the rules, on only when both the
// merchant's POINTMALL3 switch and the saved rules are.
func (s *Service) Config(ctx context.Context, merchant string) (Config, error) {
	st, err := s.Settings(ctx, merchant)
	if err != nil {
		return Config{}, err
	}
	on, err := s.pointMall(ctx, merchant)
	if err != nil {
		return Config{}, err
	}
	st.Enabled = st.Enabled && on
	return Config{Settings: st, NeverExpire: true}, nil
}

// active refuses when the mall is off for the merchant.
func (s *Service) active(ctx context.Context, merchant string) (Settings, error) {
	c, err := s.Config(ctx, merchant)
	if err != nil {
		return Settings{}, err
	}
	if !c.Enabled {
		return c.Settings, ErrDisabled
	}
	return c.Settings, nil
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
