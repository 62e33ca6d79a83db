package provider

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"math"
	"sync"
	"time"

	"portal/internal/catalog"
)

// WinLimit is the most one round of a vendor may pay in all (decision
// 0018): a win that would take the round's wins past it is refused with
// WIN_LIMIT_EXCEEDED, logged as an alert, and the round stays open for an
// operator.
type WinLimit struct {
	// Multiple bounds a round's wins to this many times its live stakes
	// (bets less refunds). A round without stakes (free spins) has only
	// the Max bound.
	Multiple int64 `json:"multiple"`
	// Max bounds a round's wins in major units of the round's currency
	// (1,000,000 is 1,000,000.00 USD, or 1,000,000 of a currency without
	// decimals).
	Max int64 `json:"max"`
	// Default tells that the vendor has no limit of its own stored.
	Default bool `json:"default"`
}

// Bounds of a stored limit.
const (
	MaxWinMultiple = 1_000_000_000
	MaxWinAmount   = MaxAmount
)

// Default limits. Far above what real games pay (the largest published
// slot pays are in the tens of thousands of stakes), far below what a
// vendor's fault or a forged win would credit. Our own games' (PGE) must
// let their largest win through: the crash game cashes out at up to
// 10,000× a stake of at most 1,000.00, and the slot can pay at most about
// 50,500× a stake of at most 500.00 (a base spin pays at most 167.75×, each
// of at most 100 free spins three times that), so at most 25,246,500.00.
var (
	defaultWinLimit = WinLimit{Multiple: 100_000, Max: 1_000_000, Default: true}
	inhouseWinLimit = WinLimit{Multiple: 100_000, Max: 100_000_000, Default: true}
)

// ErrWinLimit is a limit out of bounds.
var ErrWinLimit = errors.New("provider: a win limit needs a multiple of 1 to 1,000,000,000 and a maximum of 1 to 10^15")

// DefaultWinLimit is the limit of a vendor that has none of its own.
func DefaultWinLimit(vendor string) WinLimit {
	if vendor == InhouseVendor {
		return inhouseWinLimit
	}
	return defaultWinLimit
}

// ceiling is the most a round with live stakes stake may pay in all, in
// minor units of a currency with decimals digits.
func (l WinLimit) ceiling(stake int64, decimals int) int64 {
	unit := int64(1)
	for range decimals {
		unit = mulCapped(unit, 10)
	}
	c := mulCapped(l.Max, unit)
	if stake > 0 {
		c = min(c, mulCapped(l.Multiple, stake))
	}
	return c
}

// mulCapped is a×b for non-negative a and b, or MaxInt64 when that
// overflows.
func mulCapped(a, b int64) int64 {
	if a == 0 || b == 0 {
		return 0
	}
	if a > math.MaxInt64/b {
		return math.MaxInt64
	}
	return a * b
}

// limitCache keeps limits for a few seconds, like secrets: every paying
// win needs its vendor's, and `portal vendor win-limit` in another process
// must still take effect promptly.
type limitCache struct {
	mu sync.Mutex
	m  map[string]cachedLimit
}

type cachedLimit struct {
	limit  WinLimit
	loaded time.Time
}

// WinLimit is vendor's limit: its own, or the default.
func (s *Service) WinLimit(ctx context.Context, vendor string) (WinLimit, error) {
	if _, err := s.games.AnyVendor(ctx, vendor); errors.Is(err, catalog.ErrVendorNotFound) {
		return WinLimit{}, fmt.Errorf("%w: %s", ErrVendorUnknown, vendor)
	} else if err != nil {
		return WinLimit{}, err
	}
	return s.winLimit(ctx, vendor)
}

func (s *Service) winLimit(ctx context.Context, vendor string) (WinLimit, error) {
	now := s.now()
	s.limits.mu.Lock()
	c, ok := s.limits.m[vendor]
	s.limits.mu.Unlock()
	if ok && now.Sub(c.loaded) < secretCacheTTL {
		return c.limit, nil
	}
	l := WinLimit{}
	err := s.db.Read().QueryRowContext(ctx, `SELECT stake_multiple, max_win FROM vendor_win_limits WHERE vendor_code = $1`, vendor).
		Scan(&l.Multiple, &l.Max)
	if errors.Is(err, sql.ErrNoRows) {
		l, err = DefaultWinLimit(vendor), nil
	}
	if err != nil {
		return WinLimit{}, fmt.Errorf("provider: read win limit: %w", err)
	}
	s.limits.mu.Lock()
	if s.limits.m == nil {
		s.limits.m = map[string]cachedLimit{}
	}
	s.limits.m[vendor] = cachedLimit{limit: l, loaded: now}
	s.limits.mu.Unlock()
	return l, nil
}

// SetWinLimit stores vendor's own limit; running servers use it within
// five seconds.
func (s *Service) SetWinLimit(ctx context.Context, vendor string, multiple, maxWin int64) error {
	if multiple < 1 || multiple > MaxWinMultiple || maxWin < 1 || maxWin > MaxWinAmount {
		return ErrWinLimit
	}
	if _, err := s.WinLimit(ctx, vendor); err != nil {
		return err
	}
	if _, err := s.db.Write().ExecContext(ctx, `INSERT INTO vendor_win_limits (vendor_code, stake_multiple, max_win, updated_at)
		VALUES ($1, $2, $3, $4) ON CONFLICT (vendor_code) DO UPDATE SET stake_multiple = $2, max_win = $3, updated_at = $4`,
		vendor, multiple, maxWin, s.now().UnixMilli()); err != nil {
		return fmt.Errorf("provider: store win limit: %w", err)
	}
	s.forgetLimit(vendor)
	return nil
}

// ResetWinLimit gives vendor the default limit again.
func (s *Service) ResetWinLimit(ctx context.Context, vendor string) error {
	if _, err := s.WinLimit(ctx, vendor); err != nil {
		return err
	}
	if _, err := s.db.Write().ExecContext(ctx, `DELETE FROM vendor_win_limits WHERE vendor_code = $1`, vendor); err != nil {
		return fmt.Errorf("provider: reset win limit: %w", err)
	}
	s.forgetLimit(vendor)
	return nil
}

func (s *Service) forgetLimit(vendor string) {
	s.limits.mu.Lock()
	delete(s.limits.m, vendor)
	s.limits.mu.Unlock()
}
