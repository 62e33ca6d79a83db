package catalog

import (
	"context"
	"fmt"
	"sync"
	"time"
	"unicode/utf8"

	"portal/internal/database"
)

// winsFresh is how long a merchant's winner board is served from memory: a
// new big win shows within it, and the board is not read from the database
// on every lobby view.
const winsFresh = 10 * time.Second

// winBoard caches each merchant's biggest wins.
type winBoard struct {
	mu sync.Mutex
	m  map[string]cachedWins
}

type cachedWins struct {
	wins   []win
	loaded time.Time
}

func (b *winBoard) get(ctx context.Context, q database.Querier, merchantCode string) ([]win, error) {
	b.mu.Lock()
	c, ok := b.m[merchantCode]
	b.mu.Unlock()
	if ok && time.Since(c.loaded) < winsFresh {
		return c.wins, nil
	}
	wins, err := loadWins(ctx, q, merchantCode, 50)
	if err != nil {
		return nil, err
	}
	b.mu.Lock()
	if b.m == nil {
		b.m = map[string]cachedWins{}
	}
	b.m[merchantCode] = cachedWins{wins: wins, loaded: time.Now()}
	b.mu.Unlock()
	return wins, nil
}

func (b *winBoard) forget(merchantCode string) {
	b.mu.Lock()
	delete(b.m, merchantCode)
	b.mu.Unlock()
}

// RecordWin puts a real win on the merchant's winner board, inside the
// caller's transaction; the player's name is masked there and then, so the
// board never holds a full username.
func (s *Service) RecordWin(ctx context.Context, q database.Querier, merchantCode, username, gameCode string, amount int64, currency string, at time.Time) error {
	if _, err := q.ExecContext(ctx, `INSERT INTO big_wins (merchant_code, customer_name, game_code, amount, currency, won_at)
		VALUES ($1, $2, $3, $4, $5, $6)`, merchantCode, MaskName(username), gameCode, amount, currency, at.UnixMilli()); err != nil {
		return fmt.Errorf("catalog: record win: %w", err)
	}
	s.wins.forget(merchantCode)
	return nil
}

// MaskName hides the middle of a name: "player01" becomes "pl***01".
func MaskName(name string) string {
	r := []rune(name)
	switch n := utf8.RuneCountInString(name); {
	case n == 0:
		return "***"
	case n <= 4:
		return string(r[:1]) + "***"
	default:
		return string(r[:2]) + "***" + string(r[n-2:])
	}
}
