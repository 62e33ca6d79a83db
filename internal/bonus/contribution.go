package bonus

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"time"

	"portal/internal/database"
)

// DefaultContributions is how much of a stake counts towards wagering per
// game type when the merchant set nothing: games of chance count in full;
// live tables, where the house edge is smallest and hedged play is easy,
// at a fifth; card (PVP), sports, e-sports and lottery at half. A type not
// named counts DefaultPercent.
var DefaultContributions = map[string]int{
	"RNG": 100, "FISH": 100, "PVP": 50, "LIVE": 20, "SPORTS": 50, "ESPORTS": 50, "LOTT": 50, "ELOTT": 50, "COCKFIGHT": 20,
}

// DefaultPercent is the contribution of a game type without a default.
const DefaultPercent = 100

// rateTTL is how long a merchant's contributions are kept in memory: a
// change in the back office reaches other instances within it.
const rateTTL = 30 * time.Second

// Contribution is one game type's percent.
type Contribution struct {
	GameType string `json:"gameType"`
	Percent  int    `json:"percent"`
}

// Percent is the share (0..100) of a stake on gameType that counts towards
// wagering at merchant.
func (s *Service) Percent(ctx context.Context, merchant, gameType string) (int, error) {
	rates, err := s.rateTable(ctx, merchant)
	if err != nil {
		return 0, err
	}
	if p, ok := rates[strings.ToUpper(gameType)]; ok {
		return p, nil
	}
	return DefaultPercent, nil
}

func (s *Service) rateTable(ctx context.Context, merchant string) (map[string]int, error) {
	s.rates.mu.Lock()
	e, ok := s.rates.m[merchant]
	s.rates.mu.Unlock()
	if ok && s.now().Sub(e.at) < rateTTL {
		return e.rates, nil
	}
	rates := make(map[string]int, len(DefaultContributions))
	for k, v := range DefaultContributions {
		rates[k] = v
	}
	rows, err := s.db.Read().QueryContext(ctx, `SELECT game_type, percent FROM bonus_contributions WHERE merchant_code = $1`, merchant)
	if err != nil {
		return nil, fmt.Errorf("bonus: contributions: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var t string
		var p int
		if err := rows.Scan(&t, &p); err != nil {
			return nil, fmt.Errorf("bonus: contributions: %w", err)
		}
		rates[t] = p
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("bonus: contributions: %w", err)
	}
	s.rates.mu.Lock()
	s.rates.m[merchant] = rateEntry{rates: rates, at: s.now()}
	s.rates.mu.Unlock()
	return rates, nil
}

// Contributions lists a merchant's contributions (defaults included), by
// game type.
func (s *Service) Contributions(ctx context.Context, merchant string) ([]Contribution, error) {
	s.forget(merchant)
	rates, err := s.rateTable(ctx, merchant)
	if err != nil {
		return nil, err
	}
	out := make([]Contribution, 0, len(rates))
	for t, p := range rates {
		out = append(out, Contribution{GameType: t, Percent: p})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].GameType < out[j].GameType })
	return out, nil
}

// SetContributions stores the percents given (other types keep theirs).
func (s *Service) SetContributions(ctx context.Context, merchant string, list []Contribution) error {
	if len(list) == 0 || len(list) > 50 {
		return ErrInvalidPercent
	}
	for _, c := range list {
		t := strings.ToUpper(strings.TrimSpace(c.GameType))
		if t == "" || len(t) > 20 || c.Percent < 0 || c.Percent > 100 {
			return ErrInvalidPercent
		}
	}
	err := s.db.InTx(ctx, func(q database.Querier) error {
		for _, c := range list {
			if _, err := q.ExecContext(ctx, `INSERT INTO bonus_contributions (merchant_code, game_type, percent) VALUES ($1, $2, $3)
				ON CONFLICT (merchant_code, game_type) DO UPDATE SET percent = excluded.percent`,
				merchant, strings.ToUpper(strings.TrimSpace(c.GameType)), c.Percent); err != nil {
				return fmt.Errorf("bonus: set contribution: %w", err)
			}
		}
		return nil
	})
	s.forget(merchant)
	return err
}

func (s *Service) forget(merchant string) {
	s.rates.mu.Lock()
	delete(s.rates.m, merchant)
	s.rates.mu.Unlock()
}
