package catalog

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"portal/internal/database"
)

func loadVendors(ctx context.Context, q database.Querier) (map[string]*Vendor, error) {
	rows, err := q.QueryContext(ctx, `SELECT code, name, game_type, is_game, sort FROM vendors`)
	if err != nil {
		return nil, fmt.Errorf("catalog: vendors: %w", err)
	}
	defer rows.Close()
	out := map[string]*Vendor{}
	for rows.Next() {
		v := &Vendor{}
		if err := rows.Scan(&v.Code, &v.Name, &v.GameType, &v.IsGame, &v.Sort); err != nil {
			return nil, fmt.Errorf("catalog: vendors: %w", err)
		}
		out[v.Code] = v
	}
	return out, rows.Err()
}

func loadGames(ctx context.Context, q database.Querier) ([]*Game, error) {
	rows, err := q.QueryContext(ctx, `SELECT id, game_code, vassalage, game_type, classify, names, is_hot, support_play, is_new,
		popularity, sort, rooms FROM games ORDER BY sort, id`)
	if err != nil {
		return nil, fmt.Errorf("catalog: games: %w", err)
	}
	defer rows.Close()
	var out []*Game
	for rows.Next() {
		g := &Game{}
		var names, rooms string
		var hot, play, isNew int
		if err := rows.Scan(&g.ID, &g.Code, &g.Vendor, &g.Type, &g.Classify, &names, &hot, &play, &isNew,
			&g.Popularity, &g.Sort, &rooms); err != nil {
			return nil, fmt.Errorf("catalog: games: %w", err)
		}
		g.IsHot, g.SupportPlay, g.IsNew = hot == 1, play == 1, isNew == 1
		var byLang map[string]string
		if err := json.Unmarshal([]byte(names), &byLang); err != nil {
			return nil, fmt.Errorf("catalog: game %s names: %w", g.Code, err)
		}
		var key strings.Builder
		key.WriteString(strings.ToLower(g.Code))
		for i, l := range nameLanguages {
			g.names[i] = byLang[l]
			key.WriteByte('\n')
			key.WriteString(strings.ToLower(byLang[l]))
		}
		if g.names[0] == "" {
			g.names[0] = g.Code
		}
		g.search = key.String()
		if rooms != "" && rooms != "[]" {
			if err := json.Unmarshal([]byte(rooms), &g.Rooms); err != nil {
				return nil, fmt.Errorf("catalog: game %s rooms: %w", g.Code, err)
			}
		}
		out = append(out, g)
	}
	return out, rows.Err()
}

// offer is a vendor the platform offers a merchant, with the merchant's
// switches over it.
type offer struct {
	vendor      string
	sort        int
	maintenance bool
	enabled     bool
}

func loadOffers(ctx context.Context, q database.Querier) (map[string][]offer, error) {
	rows, err := q.QueryContext(ctx, `SELECT merchant_code, vassalage, sort, maintenance, enabled FROM merchant_vendors ORDER BY merchant_code, sort, vassalage`)
	if err != nil {
		return nil, fmt.Errorf("catalog: offers: %w", err)
	}
	defer rows.Close()
	out := map[string][]offer{}
	for rows.Next() {
		var code string
		var o offer
		var m, e int
		if err := rows.Scan(&code, &o.vendor, &o.sort, &m, &e); err != nil {
			return nil, fmt.Errorf("catalog: offers: %w", err)
		}
		o.maintenance, o.enabled = m == 1, e == 1
		out[code] = append(out[code], o)
	}
	return out, rows.Err()
}

// win is a row of the winner board.
type win struct {
	customer string
	game     string
	amount   int64
	currency string
	at       time.Time
}

func loadWins(ctx context.Context, q database.Querier, merchantCode string, limit int) ([]win, error) {
	rows, err := q.QueryContext(ctx, `SELECT customer_name, game_code, amount, currency, won_at FROM big_wins
		WHERE merchant_code = $1 ORDER BY amount DESC, id LIMIT $2`, merchantCode, limit)
	if err != nil {
		return nil, fmt.Errorf("catalog: wins: %w", err)
	}
	defer rows.Close()
	var out []win
	for rows.Next() {
		var w win
		var at int64
		if err := rows.Scan(&w.customer, &w.game, &w.amount, &w.currency, &at); err != nil {
			return nil, fmt.Errorf("catalog: wins: %w", err)
		}
		w.at = time.UnixMilli(at).UTC()
		out = append(out, w)
	}
	return out, rows.Err()
}
