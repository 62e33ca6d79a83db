package catalog

import (
	"cmp"
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"portal/internal/database"
)

// A merchant's own switches over the catalogue (decision 0025): a game
// switched off is gone from its lobby and does not launch; a game or vendor
// under maintenance is shown as such and does not launch; hot, new and the
// display order may differ from the catalogue's. Changes are written with a
// bump of the catalog topic in the same transaction, so every process drops
// its snapshot at its next watcher poll (architecture rule 11).

// Bounds of the back office's changes.
const (
	// MaxSort is the largest display order a merchant may give.
	MaxSort = 1_000_000
	// MaxBulk is how many games one bulk change may name (a page).
	MaxBulk = 200
)

// Errors of the merchant's changes.
var (
	ErrChangeEmpty = errors.New("catalog: the change sets nothing")
	ErrSortRange   = errors.New("catalog: the display order must be 0 to 1,000,000")
	ErrSelection   = errors.New("catalog: a bulk change names 1 to 200 games")
)

// gameSetting is a stored merchant_games row; nil pointers keep the
// catalogue's value.
type gameSetting struct {
	enabled, maintenance bool
	hot, isNew           *bool
	sort                 *int
}

// apply is g as the merchant shows it: g itself when nothing differs, else
// a copy (the snapshot's games are shared by every merchant).
func (st gameSetting) apply(g *Game) *Game {
	if (st.hot == nil || *st.hot == g.IsHot) && (st.isNew == nil || *st.isNew == g.IsNew) && (st.sort == nil || *st.sort == g.Sort) {
		return g
	}
	c := *g
	if st.hot != nil {
		c.IsHot = *st.hot
	}
	if st.isNew != nil {
		c.IsNew = *st.isNew
	}
	if st.sort != nil {
		c.Sort = *st.sort
	}
	return &c
}

func scanSetting(sc interface{ Scan(...any) error }, dst *gameSetting, extra ...any) error {
	var enabled, maint int
	var hot, isNew, sort sql.NullInt64
	if err := sc.Scan(append(extra, &enabled, &maint, &hot, &isNew, &sort)...); err != nil {
		return err
	}
	dst.enabled, dst.maintenance = enabled == 1, maint == 1
	dst.hot, dst.isNew, dst.sort = nil, nil, nil
	if hot.Valid {
		b := hot.Int64 == 1
		dst.hot = &b
	}
	if isNew.Valid {
		b := isNew.Int64 == 1
		dst.isNew = &b
	}
	if sort.Valid {
		n := int(sort.Int64)
		dst.sort = &n
	}
	return nil
}

func loadSettings(ctx context.Context, q database.Querier) (map[string]map[string]gameSetting, error) {
	rows, err := q.QueryContext(ctx, `SELECT merchant_code, game_code, enabled, maintenance, is_hot, is_new, sort FROM merchant_games`)
	if err != nil {
		return nil, fmt.Errorf("catalog: merchant games: %w", err)
	}
	defer rows.Close()
	out := map[string]map[string]gameSetting{}
	for rows.Next() {
		var merchantCode, code string
		var st gameSetting
		if err := scanSetting(rows, &st, &merchantCode, &code); err != nil {
			return nil, fmt.Errorf("catalog: merchant games: %w", err)
		}
		if out[merchantCode] == nil {
			out[merchantCode] = map[string]gameSetting{}
		}
		out[merchantCode][code] = st
	}
	return out, rows.Err()
}

// AdminGame is a game as a merchant's back office lists it: the merchant's
// values, and whether they differ from the catalogue's.
type AdminGame struct {
	Code              string `json:"code"`
	Vendor            string `json:"vendor"`
	GameType          string `json:"gameType"`
	Name              string `json:"name"`
	Enabled           bool   `json:"enabled"`
	Maintenance       bool   `json:"maintenance"`
	VendorEnabled     bool   `json:"vendorEnabled"`
	VendorMaintenance bool   `json:"vendorMaintenance"`
	Hot               bool   `json:"hot"`
	New               bool   `json:"new"`
	Sort              int    `json:"sort"`
	Popularity        int    `json:"popularity"`
	// Custom tells that the merchant has settings of its own for it.
	Custom bool `json:"custom"`
}

// GameState is what a change of a game alters, for the audit trail.
type GameState struct {
	Enabled     bool `json:"enabled"`
	Maintenance bool `json:"maintenance"`
	Hot         bool `json:"hot"`
	New         bool `json:"new"`
	Sort        int  `json:"sort"`
}

// State is the part of g a change alters.
func (g AdminGame) State() GameState {
	return GameState{Enabled: g.Enabled, Maintenance: g.Maintenance, Hot: g.Hot, New: g.New, Sort: g.Sort}
}

// Admin list filters and orders.
const (
	StateEnabled     = "enabled"
	StateDisabled    = "disabled"
	StateMaintenance = "maintenance"

	SortOrder      = "sort"
	SortName       = "name"
	SortCode       = "code"
	SortPopularity = "popularity"
)

// AdminGameQuery selects a page of the back office's game list.
type AdminGameQuery struct {
	Vendor   string
	GameType string // a lobby category (laneType)
	// Q is a prefix of the code or of a name in any catalogue language,
	// any case.
	Q string
	// State is "", StateEnabled, StateDisabled or StateMaintenance (the
	// game's or its vendor's).
	State    string
	Hot, New *bool
	Sort     string
	Desc     bool
	Page     int
	Size     int
	// All answers every matching game (the CSV export); Page and Size
	// are then unused.
	All      bool
	Language string
}

// adminGame is g as merchantCode has it.
func adminGame(sn *snapshot, merchantCode string, g *Game, o offer, lang string) AdminGame {
	st, custom := sn.settings[merchantCode][g.Code]
	if !custom {
		st = gameSetting{enabled: true}
	}
	e := st.apply(g)
	return AdminGame{Code: g.Code, Vendor: g.Vendor, GameType: laneType(g), Name: g.Name(lang), Enabled: st.enabled,
		Maintenance: st.maintenance, VendorEnabled: o.enabled, VendorMaintenance: o.maintenance, Hot: e.IsHot, New: e.IsNew,
		Sort: e.Sort, Popularity: g.Popularity, Custom: custom}
}

// hasPrefix reports whether a line of a game's search key (its code, then
// its names, lower-case) starts with p.
func hasPrefix(key, p string) bool {
	for key != "" {
		line, rest, _ := strings.Cut(key, "\n")
		if strings.HasPrefix(line, p) {
			return true
		}
		key = rest
	}
	return false
}

// AdminGames lists the games of every vendor the platform offers the
// merchant, switched on or off, with the merchant's values; it answers a
// page and the total.
func (s *Service) AdminGames(ctx context.Context, merchantCode string, q AdminGameQuery) ([]AdminGame, int, error) {
	sn, err := s.current(ctx)
	if err != nil {
		return nil, 0, err
	}
	offers := map[string]offer{}
	for _, o := range sn.offers[merchantCode] {
		offers[o.vendor] = o
	}
	needle := strings.ToLower(strings.TrimSpace(q.Q))
	var rows []AdminGame
	for _, g := range sn.games {
		o, ok := offers[g.Vendor]
		if !ok || (q.Vendor != "" && g.Vendor != q.Vendor) || (q.GameType != "" && laneType(g) != q.GameType) ||
			(needle != "" && !hasPrefix(g.search, needle)) {
			continue
		}
		a := adminGame(sn, merchantCode, g, o, q.Language)
		switch {
		case q.State == StateEnabled && !a.Enabled, q.State == StateDisabled && a.Enabled,
			q.State == StateMaintenance && !a.Maintenance && !a.VendorMaintenance,
			q.Hot != nil && a.Hot != *q.Hot, q.New != nil && a.New != *q.New:
			continue
		}
		rows = append(rows, a)
	}
	by := func(a, b AdminGame) int { return cmp.Compare(a.Sort, b.Sort) }
	switch q.Sort {
	case SortName:
		by = func(a, b AdminGame) int { return cmp.Compare(strings.ToLower(a.Name), strings.ToLower(b.Name)) }
	case SortCode:
		by = func(a, b AdminGame) int { return cmp.Compare(a.Code, b.Code) }
	case SortPopularity:
		by = func(a, b AdminGame) int { return cmp.Compare(a.Popularity, b.Popularity) }
	}
	// Ties keep catalogue order (sort, id) whatever the direction, so
	// pages never overlap.
	slices.SortStableFunc(rows, func(a, b AdminGame) int {
		if q.Desc {
			return by(b, a)
		}
		return by(a, b)
	})
	if q.All {
		return rows, len(rows), nil
	}
	q.Page, q.Size = max(q.Page, 1), min(max(q.Size, 1), MaxBulk)
	from := min((q.Page-1)*q.Size, len(rows))
	to := min(from+q.Size, len(rows))
	return slices.Clip(rows[from:to]), len(rows), nil
}

// AdminVendor is a vendor offered to a merchant, with its switches.
type AdminVendor struct {
	Code        string `json:"code"`
	Name        string `json:"name"`
	GameType    string `json:"gameType"`
	Enabled     bool   `json:"enabled"`
	Maintenance bool   `json:"maintenance"`
	Sort        int    `json:"sort"`
	Games       int    `json:"games"`
	// Offered is false in the platform's list (no merchant named): every
	// vendor of the catalogue, with no merchant's switches.
	Offered bool `json:"offered"`
}

// AdminVendors lists the vendors offered to the merchant, in its order;
// for the platform ("") every vendor, in the catalogue's order.
func (s *Service) AdminVendors(ctx context.Context, merchantCode string) ([]AdminVendor, error) {
	sn, err := s.current(ctx)
	if err != nil {
		return nil, err
	}
	counts := map[string]int{}
	for _, g := range sn.games {
		counts[g.Vendor]++
	}
	out := []AdminVendor{}
	if merchantCode == "" {
		for _, vd := range sn.vendors {
			out = append(out, AdminVendor{Code: vd.Code, Name: vd.Name, GameType: vd.GameType, Sort: vd.Sort, Games: counts[vd.Code]})
		}
		slices.SortFunc(out, func(a, b AdminVendor) int { return cmp.Or(cmp.Compare(a.Sort, b.Sort), cmp.Compare(a.Code, b.Code)) })
		return out, nil
	}
	for _, o := range sn.offers[merchantCode] {
		if vd, ok := sn.vendors[o.vendor]; ok {
			out = append(out, AdminVendor{Code: vd.Code, Name: vd.Name, GameType: vd.GameType, Enabled: o.enabled,
				Maintenance: o.maintenance, Sort: o.sort, Games: counts[vd.Code], Offered: true})
		}
	}
	return out, nil
}

// GameChange is what an operator changes of one or more games; nil fields
// stay as they are.
type GameChange struct {
	Enabled     *bool `json:"enabled,omitempty"`
	Maintenance *bool `json:"maintenance,omitempty"`
	Hot         *bool `json:"hot,omitempty"`
	New         *bool `json:"new,omitempty"`
	Sort        *int  `json:"sort,omitempty"`
}

func (c GameChange) check() error {
	if c.Enabled == nil && c.Maintenance == nil && c.Hot == nil && c.New == nil && c.Sort == nil {
		return ErrChangeEmpty
	}
	if c.Sort != nil && (*c.Sort < 0 || *c.Sort > MaxSort) {
		return ErrSortRange
	}
	return nil
}

// ChangeGames applies one change to games of the merchant (1 to MaxBulk
// distinct codes, each of a vendor offered to it) in one transaction, and
// answers each game's state before and after, by code. Every process
// follows at its next watcher poll; this one at once.
func (s *Service) ChangeGames(ctx context.Context, merchantCode string, codes []string, c GameChange) (before, after map[string]GameState, err error) {
	if err := c.check(); err != nil {
		return nil, nil, err
	}
	if len(codes) == 0 || len(codes) > MaxBulk {
		return nil, nil, ErrSelection
	}
	sn, err := s.current(ctx)
	if err != nil {
		return nil, nil, err
	}
	offered := map[string]offer{}
	for _, o := range sn.offers[merchantCode] {
		offered[o.vendor] = o
	}
	games := make([]*Game, 0, len(codes))
	seen := map[string]bool{}
	for _, code := range codes {
		g, ok := sn.byCode[code]
		if !ok {
			return nil, nil, fmt.Errorf("%w: %s", ErrGameNotFound, code)
		}
		if _, ok := offered[g.Vendor]; !ok {
			return nil, nil, fmt.Errorf("%w: %s", ErrGameNotFound, code)
		}
		if seen[code] {
			return nil, nil, ErrSelection
		}
		seen[code] = true
		games = append(games, g)
	}
	before, after = map[string]GameState{}, map[string]GameState{}
	now := time.Now().UnixMilli()
	err = s.db.InTx(ctx, func(q database.Querier) error {
		for _, g := range games {
			st := gameSetting{enabled: true}
			err := scanSetting(q.QueryRowContext(ctx, `SELECT enabled, maintenance, is_hot, is_new, sort FROM merchant_games
				WHERE merchant_code = $1 AND game_code = $2`, merchantCode, g.Code), &st)
			if err != nil && !errors.Is(err, sql.ErrNoRows) {
				return fmt.Errorf("catalog: read merchant game: %w", err)
			}
			before[g.Code] = stateOf(g, st)
			if c.Enabled != nil {
				st.enabled = *c.Enabled
			}
			if c.Maintenance != nil {
				st.maintenance = *c.Maintenance
			}
			if c.Hot != nil {
				st.hot = c.Hot
			}
			if c.New != nil {
				st.isNew = c.New
			}
			if c.Sort != nil {
				st.sort = c.Sort
			}
			after[g.Code] = stateOf(g, st)
			if _, err := q.ExecContext(ctx, `INSERT INTO merchant_games (merchant_code, game_code, enabled, maintenance, is_hot, is_new, sort, updated_at)
				VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
				ON CONFLICT (merchant_code, game_code) DO UPDATE SET enabled = excluded.enabled, maintenance = excluded.maintenance,
				is_hot = excluded.is_hot, is_new = excluded.is_new, sort = excluded.sort, updated_at = excluded.updated_at`,
				merchantCode, g.Code, b2i(st.enabled), b2i(st.maintenance), nullBool(st.hot), nullBool(st.isNew), nullInt(st.sort), now); err != nil {
				return fmt.Errorf("catalog: store merchant game: %w", err)
			}
		}
		return database.Bump(ctx, q, Topic)
	})
	if err != nil {
		return nil, nil, err
	}
	s.Invalidate()
	return before, after, nil
}

func stateOf(g *Game, st gameSetting) GameState {
	e := st.apply(g)
	return GameState{Enabled: st.enabled, Maintenance: st.maintenance, Hot: e.IsHot, New: e.IsNew, Sort: e.Sort}
}

func nullBool(b *bool) any {
	if b == nil {
		return nil
	}
	return b2i(*b)
}

func nullInt(n *int) any {
	if n == nil {
		return nil
	}
	return int64(*n)
}

// AdminGameOf is one game as merchantCode's back office lists it.
func (s *Service) AdminGameOf(ctx context.Context, merchantCode, code, lang string) (AdminGame, error) {
	sn, err := s.current(ctx)
	if err != nil {
		return AdminGame{}, err
	}
	g, ok := sn.byCode[code]
	if !ok {
		return AdminGame{}, fmt.Errorf("%w: %s", ErrGameNotFound, code)
	}
	for _, o := range sn.offers[merchantCode] {
		if o.vendor == g.Vendor {
			return adminGame(sn, merchantCode, g, o, lang), nil
		}
	}
	return AdminGame{}, fmt.Errorf("%w: %s", ErrGameNotFound, code)
}

// VendorChange is what an operator changes of a vendor it is offered; nil
// fields stay as they are.
type VendorChange struct {
	Enabled     *bool `json:"enabled,omitempty"`
	Maintenance *bool `json:"maintenance,omitempty"`
	Sort        *int  `json:"sort,omitempty"`
}

// VendorState is what a change of a vendor alters, for the audit trail.
type VendorState struct {
	Enabled     bool `json:"enabled"`
	Maintenance bool `json:"maintenance"`
	Sort        int  `json:"sort"`
}

// ChangeVendor changes the merchant's switches over a vendor offered to it
// (another is ErrVendorNotFound) and answers its state before and after.
func (s *Service) ChangeVendor(ctx context.Context, merchantCode, code string, c VendorChange) (before, after VendorState, err error) {
	if c.Enabled == nil && c.Maintenance == nil && c.Sort == nil {
		return before, after, ErrChangeEmpty
	}
	if c.Sort != nil && (*c.Sort < 0 || *c.Sort > MaxSort) {
		return before, after, ErrSortRange
	}
	err = s.db.InTx(ctx, func(q database.Querier) error {
		var enabled, maint int
		err := q.QueryRowContext(ctx, `SELECT enabled, maintenance, sort FROM merchant_vendors WHERE merchant_code = $1 AND vassalage = $2`,
			merchantCode, code).Scan(&enabled, &maint, &before.Sort)
		if errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("%w: %s", ErrVendorNotFound, code)
		} else if err != nil {
			return fmt.Errorf("catalog: read offer: %w", err)
		}
		before.Enabled, before.Maintenance = enabled == 1, maint == 1
		after = before
		if c.Enabled != nil {
			after.Enabled = *c.Enabled
		}
		if c.Maintenance != nil {
			after.Maintenance = *c.Maintenance
		}
		if c.Sort != nil {
			after.Sort = *c.Sort
		}
		if _, err := q.ExecContext(ctx, `UPDATE merchant_vendors SET enabled = $1, maintenance = $2, sort = $3 WHERE merchant_code = $4 AND vassalage = $5`,
			b2i(after.Enabled), b2i(after.Maintenance), after.Sort, merchantCode, code); err != nil {
			return fmt.Errorf("catalog: store offer: %w", err)
		}
		return database.Bump(ctx, q, Topic)
	})
	if err != nil {
		return VendorState{}, VendorState{}, err
	}
	s.Invalidate()
	return before, after, nil
}
