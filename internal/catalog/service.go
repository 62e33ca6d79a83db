package catalog

import (
	"cmp"
	"context"
	"fmt"
	"log/slog"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"portal/internal/database"
)

// Topic is the change topic that drops catalogue caches in every process.
const Topic = "catalog"

// flushEvery bounds how often a client's flush request may reload the
// catalogue from the database.
const flushEvery = 5 * time.Second

// Service answers lobby queries from an in-memory snapshot of the whole
// catalogue, with one view per merchant built on first use.
type Service struct {
	db  *database.DB
	log *slog.Logger

	snap      atomic.Pointer[snapshot]
	gen       atomic.Uint64 // invalidations, so a slow rebuild never publishes stale data
	mu        sync.Mutex    // serialises rebuilds
	lastFlush atomic.Int64
	wins      winBoard
}

type snapshot struct {
	vendors map[string]*Vendor
	games   []*Game
	byCode  map[string]*Game
	offers  map[string][]offer
	// settings are each merchant's own switches by game code.
	settings map[string]map[string]gameSetting

	mu    sync.Mutex
	views map[string]*view
}

// view is one merchant's catalogue: only the vendors it offers.
type view struct {
	vendors     []*Vendor       // offered and switched on, in the merchant's order
	maintenance map[string]bool // by vendor
	gameDown    map[string]bool // games the merchant put under maintenance
	games       []*Game         // offered, in catalogue order
	byType      map[string][]*Game
	hot         []*Game
	newest      []*Game // flagged new, newest (last added) first
	lanes       []Lane  // processed; titles are localized per call
	prizeMode   string
	names       *nameIndex
	ids         map[int64]*Game
}

// byID is an offered game by id, or nil.
func (v *view) byID(id int64) *Game { return v.ids[id] }

// NewService returns a Service over db.
func NewService(db *database.DB, log *slog.Logger) *Service {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Service{db: db, log: log}
}

// Invalidate drops the snapshot; the next call rebuilds it.
func (s *Service) Invalidate() {
	s.gen.Add(1)
	s.snap.Store(nil)
}

// Flush reloads the catalogue on a client's request (the vendor call's flush
// flag), at most once per flushEvery in this process.
func (s *Service) Flush() {
	now := time.Now().UnixNano()
	last := s.lastFlush.Load()
	if now-last < int64(flushEvery) || !s.lastFlush.CompareAndSwap(last, now) {
		return
	}
	s.Invalidate()
}

func (s *Service) current(ctx context.Context) (*snapshot, error) {
	if sn := s.snap.Load(); sn != nil {
		return sn, nil
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if sn := s.snap.Load(); sn != nil {
		return sn, nil
	}
	gen := s.gen.Load()
	q := s.db.Read()
	vendors, err := loadVendors(ctx, q)
	if err != nil {
		return nil, err
	}
	games, err := loadGames(ctx, q)
	if err != nil {
		return nil, err
	}
	offers, err := loadOffers(ctx, q)
	if err != nil {
		return nil, err
	}
	settings, err := loadSettings(ctx, q)
	if err != nil {
		return nil, err
	}
	sn := &snapshot{vendors: vendors, games: games, byCode: make(map[string]*Game, len(games)), offers: offers, settings: settings,
		views: map[string]*view{}}
	for _, g := range games {
		sn.byCode[g.Code] = g
	}
	if s.gen.Load() == gen {
		s.snap.Store(sn)
	}
	return sn, nil
}

func (s *Service) view(ctx context.Context, merchantCode string) (*view, error) {
	sn, err := s.current(ctx)
	if err != nil {
		return nil, err
	}
	sn.mu.Lock()
	defer sn.mu.Unlock()
	if v, ok := sn.views[merchantCode]; ok {
		return v, nil
	}
	v := &view{maintenance: map[string]bool{}, gameDown: map[string]bool{}, byType: map[string][]*Game{}, ids: map[int64]*Game{}}
	offered := map[string]bool{}
	for _, o := range sn.offers[merchantCode] {
		if vd, ok := sn.vendors[o.vendor]; ok && o.enabled {
			v.vendors = append(v.vendors, vd)
			offered[o.vendor] = true
			v.maintenance[o.vendor] = o.maintenance
		}
	}
	own := sn.settings[merchantCode]
	resort := false
	for _, g := range sn.games {
		if !offered[g.Vendor] {
			continue
		}
		if st, ok := own[g.Code]; ok {
			if !st.enabled {
				continue
			}
			v.gameDown[g.Code] = st.maintenance
			resort = resort || st.sort != nil
			g = st.apply(g)
		}
		v.games = append(v.games, g)
	}
	if resort {
		// The merchant's own order: catalogue order is (sort, id).
		slices.SortStableFunc(v.games, func(a, b *Game) int { return cmp.Or(cmp.Compare(a.Sort, b.Sort), cmp.Compare(a.ID, b.ID)) })
	}
	for _, g := range v.games {
		v.ids[g.ID] = g
		t := laneType(g)
		v.byType[t] = append(v.byType[t], g)
		if g.IsHot {
			v.hot = append(v.hot, g)
		}
		if g.IsNew {
			v.newest = append(v.newest, g)
		}
	}
	slices.SortStableFunc(v.hot, func(a, b *Game) int { return b.Popularity - a.Popularity })
	slices.SortFunc(v.newest, newestFirst)
	v.names = newNameIndex(v.games)
	v.lanes = v.buildLanes()
	v.prizeMode = PrizeMode(v.lanes)
	sn.views[merchantCode] = v
	return v, nil
}

// laneType is the lobby category a game is listed under after processing.
func laneType(g *Game) string {
	switch {
	case g.Type == TypeSlots && slices.Contains(InhouseVendors, g.Vendor):
		return TypeInhouse
	case g.Type == TypeSports && slices.Contains(EsportsVendors, g.Vendor):
		return TypeEsports
	}
	return g.Type
}

// buildLanes makes the server-order lanes from the games (a vendor is a card
// of every category it has games in) and processes them.
func (v *view) buildLanes() []Lane {
	var lanes []Lane
	for _, t := range baseOrder {
		l := Lane{GameType: t, GameClassify: []Classify{}}
		classify := map[string][]string{}
		var order []string
		for _, vd := range v.vendors {
			has := false
			for _, g := range v.games {
				if g.Vendor != vd.Code || g.Type != t {
					continue
				}
				has = true
				if g.Classify != "" && g.Classify != "LOBBY" && !slices.Contains(classify[g.Classify], vd.Code) {
					if _, seen := classify[g.Classify]; !seen {
						order = append(order, g.Classify)
					}
					classify[g.Classify] = append(classify[g.Classify], vd.Code)
				}
			}
			if has {
				l.Cards = append(l.Cards, Card{
					Vassalage: vd.Code, DisplayName: vd.Name, AccountTypeName: vd.Name, GameType: t,
					LogoURL: VendorLogoURL(vd.Code), IsGame: vd.IsGame, Maintenance: v.maintenance[vd.Code],
				})
			}
		}
		for _, c := range order {
			l.GameClassify = append(l.GameClassify, Classify{Code: c, Vendors: classify[c]})
		}
		lanes = append(lanes, l)
	}
	return ProcessLanes(lanes, EsportsVendors, InhouseVendors)
}

// GameItem is a game as the lobby calls answer it (spec §3 "Game item").
type GameItem struct {
	GameCode     string `json:"gameCode"`
	Vassalage    string `json:"vassalage"`
	GameType     string `json:"gameType"`
	IsGame       string `json:"isGame"`
	NodeID       string `json:"nodeId"`
	NodeName     string `json:"nodeName"`
	GameName     string `json:"gameName"`
	DisplayName  string `json:"displayName"`
	IconURL      string `json:"iconUrl"`
	LagerIcon    string `json:"lagerIcon"`
	ShowIcon     bool   `json:"showIcon"`
	IsHot        int    `json:"isHot"`
	SupportPlay  int    `json:"supportPlay"`
	GameClassify string `json:"gameClassify"`
	IsNew        int    `json:"isNew"`
	Maintenance  bool   `json:"maintenance"`
}

func (v *view) item(sn *snapshot, g *Game, lang string) GameItem {
	isGame := IsGame
	if vd := sn.vendors[g.Vendor]; vd != nil && vd.IsGame == IsVassalage {
		isGame = IsVassalage
	}
	name := g.Name(lang)
	return GameItem{
		GameCode: g.Code, Vassalage: g.Vendor, GameType: laneType(g), IsGame: isGame,
		NodeID: strconv.FormatInt(g.ID, 10), NodeName: g.Name("EN"), GameName: name, DisplayName: name,
		IconURL: GameIconURL(g.Code), LagerIcon: GameIconURL(g.Code) + "?size=large", ShowIcon: true,
		IsHot: b2i(g.IsHot), SupportPlay: b2i(g.SupportPlay), GameClassify: g.Classify, IsNew: b2i(g.IsNew),
		Maintenance: v.maintenance[g.Vendor] || v.gameDown[g.Code],
	}
}

// Game selection filters of the list (spec §9: NEW, FAV, ALL, HOT and
// RECENT; favourites and recent games have calls of their own).
const (
	FilterAll = "ALL"
	FilterNew = "NEW"
	FilterHot = "HOT"
)

// ListFilters are the gameFilter values the game list accepts.
var ListFilters = []string{FilterAll, FilterNew, FilterHot}

// newestFirst orders games by when they joined the catalogue, latest
// first: ids are handed out in that order.
func newestFirst(a, b *Game) int { return cmp.Compare(b.ID, a.ID) }

// ListQuery selects a page of games.
type ListQuery struct {
	GameType string // one of ListTypes; "" means ALL
	// Filter narrows the category to its new games (newest first) or its
	// hot ones (most popular first); "" or ALL keeps them all.
	Filter   string
	Vendor   string
	Classify string
	Name     string // case-insensitive substring of any name or the code
	Page     int    // from 1
	Size     int
	Language string
}

// ListPage is a page of games.
type ListPage struct {
	Games      []GameItem `json:"games"`
	Total      int        `json:"total"`
	TotalPages int        `json:"totalPages"`
	PageNo     int        `json:"pageNo"`
	PageSize   int        `json:"pageSize"`
}

// List answers the lobby's game list.
func (s *Service) List(ctx context.Context, merchantCode string, q ListQuery) (ListPage, error) {
	sn, err := s.current(ctx)
	if err != nil {
		return ListPage{}, err
	}
	v, err := s.view(ctx, merchantCode)
	if err != nil {
		return ListPage{}, err
	}
	q.Page, q.Size = max(q.Page, 1), min(max(q.Size, 1), 100)
	var source []*Game
	// category is the lane a filtered list keeps, "" for every lane.
	category := q.GameType
	if category == TypeAll || category == TypeSearch {
		category = ""
	}
	switch {
	case q.Filter == FilterNew:
		source = v.newest
	case q.Filter == FilterHot || q.GameType == TypeHot:
		source = v.hot
	default:
		source, category = v.byType[q.GameType], ""
		if q.GameType == "" || q.GameType == TypeAll || q.GameType == TypeSearch {
			source = v.games
		}
	}
	if category == TypeHot {
		category = ""
	}
	needle := strings.ToLower(strings.TrimSpace(q.Name))
	if needle != "" {
		// The index answers in catalogue order; keep the category's games
		// and the filter's, in the filter's order.
		matches := v.names.match(needle)
		hotOnly := q.GameType == TypeHot || q.Filter == FilterHot
		matches = slices.DeleteFunc(matches, func(g *Game) bool {
			return (hotOnly && !g.IsHot) || (q.Filter == FilterNew && !g.IsNew) ||
				(q.GameType != "" && q.GameType != TypeAll && q.GameType != TypeSearch && q.GameType != TypeHot && laneType(g) != q.GameType)
		})
		if q.Filter == FilterNew {
			slices.SortFunc(matches, newestFirst)
		}
		source, needle, category = matches, "", ""
	}
	page := ListPage{Games: []GameItem{}, PageNo: q.Page, PageSize: q.Size}
	from, to := (q.Page-1)*q.Size, q.Page*q.Size
	for _, g := range source {
		if (q.Vendor != "" && g.Vendor != q.Vendor) || (q.Classify != "" && g.Classify != q.Classify) ||
			(category != "" && laneType(g) != category) || (needle != "" && !strings.Contains(g.search, needle)) {
			continue
		}
		if page.Total >= from && page.Total < to {
			page.Games = append(page.Games, v.item(sn, g, q.Language))
		}
		page.Total++
	}
	page.TotalPages = (page.Total + q.Size - 1) / q.Size
	return page, nil
}

// Hot returns the merchant's hot games, most popular first.
func (s *Service) Hot(ctx context.Context, merchantCode, vendor, lang string, limit int) ([]GameItem, error) {
	sn, err := s.current(ctx)
	if err != nil {
		return nil, err
	}
	v, err := s.view(ctx, merchantCode)
	if err != nil {
		return nil, err
	}
	out := []GameItem{}
	for _, g := range v.hot {
		if vendor == "" || g.Vendor == vendor {
			out = append(out, v.item(sn, g, lang))
			if len(out) == limit {
				break
			}
		}
	}
	return out, nil
}

// Rank returns the most popular games, optionally of one type.
func (s *Service) Rank(ctx context.Context, merchantCode, gameType, lang string, limit int) ([]GameItem, error) {
	sn, err := s.current(ctx)
	if err != nil {
		return nil, err
	}
	v, err := s.view(ctx, merchantCode)
	if err != nil {
		return nil, err
	}
	source := v.games
	if gameType != "" && gameType != TypeAll {
		source = v.byType[gameType]
	}
	ranked := slices.Clone(source)
	slices.SortStableFunc(ranked, func(a, b *Game) int { return b.Popularity - a.Popularity })
	out := []GameItem{}
	for _, g := range ranked[:min(limit, len(ranked))] {
		out = append(out, v.item(sn, g, lang))
	}
	return out, nil
}

// Lanes returns the processed vendor lanes with localized titles, and the
// prize mode they imply.
func (s *Service) Lanes(ctx context.Context, merchantCode, lang string) ([]Lane, string, error) {
	v, err := s.view(ctx, merchantCode)
	if err != nil {
		return nil, "", err
	}
	out := make([]Lane, len(v.lanes))
	for i, l := range v.lanes {
		l.Title = TypeLabel(l.GameType, lang)
		cl := make([]Classify, len(l.GameClassify))
		for j, c := range l.GameClassify {
			c.Name = classifyLabel(c.Code, lang)
			cl[j] = c
		}
		l.GameClassify = cl
		out[i] = l
	}
	return out, v.prizeMode, nil
}

// Vendor returns a vendor the merchant offers.
func (s *Service) Vendor(ctx context.Context, merchantCode, code string) (*Vendor, error) {
	v, err := s.view(ctx, merchantCode)
	if err != nil {
		return nil, err
	}
	for _, vd := range v.vendors {
		if vd.Code == code {
			return vd, nil
		}
	}
	return nil, fmt.Errorf("%w: %s", ErrVendorNotFound, code)
}

// Game returns a game of the whole catalogue by code.
func (s *Service) Game(ctx context.Context, code string) (*Game, error) {
	sn, err := s.current(ctx)
	if err != nil {
		return nil, err
	}
	g, ok := sn.byCode[code]
	if !ok {
		return nil, fmt.Errorf("%w: %s", ErrGameNotFound, code)
	}
	return g, nil
}

// AnyVendor returns a vendor of the whole catalogue by code (for logos,
// which are not merchant-specific).
func (s *Service) AnyVendor(ctx context.Context, code string) (*Vendor, error) {
	sn, err := s.current(ctx)
	if err != nil {
		return nil, err
	}
	v, ok := sn.vendors[code]
	if !ok {
		return nil, fmt.Errorf("%w: %s", ErrVendorNotFound, code)
	}
	return v, nil
}

// UnderMaintenance reports whether the merchant has put a vendor under
// maintenance (its games then do not launch). A game of its own is in
// MerchantGame's answer.
func (s *Service) UnderMaintenance(ctx context.Context, merchantCode, vendor string) (bool, error) {
	v, err := s.view(ctx, merchantCode)
	if err != nil {
		return false, err
	}
	return v.maintenance[vendor], nil
}

// MerchantGame is a game as the merchant offers it, and whether it is under
// maintenance (its own switch or its vendor's). A game the merchant does not
// offer (unknown, its vendor not offered or switched off, or the game
// switched off) is ErrGameNotFound, as for launch it does not exist.
func (s *Service) MerchantGame(ctx context.Context, merchantCode, code string) (*Game, bool, error) {
	sn, err := s.current(ctx)
	if err != nil {
		return nil, false, err
	}
	v, err := s.view(ctx, merchantCode)
	if err != nil {
		return nil, false, err
	}
	base, ok := sn.byCode[code]
	if !ok {
		return nil, false, fmt.Errorf("%w: %s", ErrGameNotFound, code)
	}
	g := v.byID(base.ID)
	if g == nil {
		return nil, false, fmt.Errorf("%w: %s", ErrGameNotFound, code)
	}
	return g, v.maintenance[g.Vendor] || v.gameDown[g.Code], nil
}
