package httpapi

import (
	"errors"
	"net/http"
	"slices"
	"strconv"
	"time"

	"github.com/go-chi/chi/v5"

	"portal/internal/catalog"
	"portal/internal/operator"
	"portal/internal/provider"
)

// The back office's Games and vendors screen (decision 0025): a merchant's
// switches over the catalogue (games and the vendors offered to it), and,
// for the platform's operators only, the vendors' signing secrets and win
// ceilings, which every merchant shares. The wrapper checks games.write
// and writes the audit entry; these handlers name the target and the
// values before and after.

type (
	// adminGameBulk is one change applied to a page's selection.
	adminGameBulk struct {
		Codes []string `json:"codes"`
		catalog.GameChange
	}
	adminGameBulkDone struct {
		Changed int `json:"changed"`
	}
	// adminVendorRow is a vendor with the win ceiling every merchant's
	// rounds of it are held to.
	adminVendorRow struct {
		catalog.AdminVendor
		WinLimit provider.WinLimit `json:"winLimit"`
	}
	// adminSecret is a vendor's new signing secret, answered once; the
	// previous one still signs until PreviousValidUntil.
	adminSecret struct {
		Vendor             string    `json:"vendor"`
		Secret             string    `json:"secret"`
		PreviousValidUntil time.Time `json:"previousValidUntil"`
	}
	// adminWinLimit sets a vendor's ceiling; Default drops its own and
	// gives it the default again (multiple and max then unused).
	adminWinLimit struct {
		Multiple int64 `json:"multiple"`
		Max      int64 `json:"max"`
		Default  bool  `json:"default"`
	}
)

// adminGameFilters are the game list's filters and order; adminGameParams
// add its paging.
var adminGameFilters = []Param{
	{Name: "vendor", Type: TypeString, MaxLen: 32, Description: "Vendor code"},
	{Name: "gameType", Type: TypeString, Enum: []string{catalog.TypeSlots, catalog.TypeLive, catalog.TypeFish, catalog.TypeSports,
		catalog.TypeEsports, catalog.TypePVP, catalog.TypeCockfight, catalog.TypeLottery, catalog.TypeELottery, catalog.TypeInhouse},
		Description: "Lobby category"},
	{Name: "q", Type: TypeString, MaxLen: 64, Description: "Prefix of the code or of a name in any catalogue language, any case"},
	{Name: "state", Type: TypeString, Enum: []string{catalog.StateEnabled, catalog.StateDisabled, catalog.StateMaintenance},
		Description: "enabled, disabled, or maintenance (the game's or its vendor's)"},
	{Name: "hot", Type: TypeBoolean, Description: "Only games (not) flagged hot"},
	{Name: "new", Type: TypeBoolean, Description: "Only games (not) flagged new"},
	{Name: "sort", Type: TypeString, Enum: []string{catalog.SortOrder, catalog.SortName, catalog.SortCode, catalog.SortPopularity},
		Default: catalog.SortOrder, Description: "The column to sort by"},
	{Name: "order", Type: TypeString, Enum: []string{"asc", "desc"}, Default: "asc"},
}

var adminGameParams = append(slices.Clip(adminGameFilters),
	Param{Name: "pageNum", Type: TypeInteger, Min: 1, Max: 100000, Default: "1"},
	Param{Name: "pageSize", Type: TypeInteger, Min: 1, Max: catalog.MaxBulk, Default: "50"})

// errNotOffered is a game or vendor the call's merchant is not offered: to
// it, like another merchant's object, it does not exist.
var errNotOffered = newError(http.StatusNotFound, "resource.not_found", nil)

// adminGameQuery is the list's query from the call's parameters.
func adminGameQuery(r *http.Request) catalog.AdminGameQuery {
	ctx := r.Context()
	p := paramsOf(ctx)
	q := catalog.AdminGameQuery{Vendor: p.String("vendor"), GameType: p.String("gameType"), Q: p.String("q"), State: p.String("state"),
		Sort: p.String("sort"), Desc: p.String("order") == "desc", Page: p.Int("pageNum"), Size: p.Int("pageSize"), Language: languageOf(ctx)}
	for name, dst := range map[string]**bool{"hot": &q.Hot, "new": &q.New} {
		if p.String(name) != "" {
			b := p.Bool(name)
			*dst = &b
		}
	}
	return q
}

func (s *Server) adminGames(r *http.Request) (any, error) {
	ctx := r.Context()
	q := adminGameQuery(r)
	rows, total, err := s.Catalog.AdminGames(ctx, adminOf(ctx).merchant, q)
	if err != nil {
		return nil, err
	}
	if rows == nil {
		rows = []catalog.AdminGame{}
	}
	return Page[catalog.AdminGame]{Content: rows, PageNum: q.Page, PageSize: q.Size, TotalPages: (total + q.Size - 1) / q.Size, Total: total}, nil
}

// adminGamesCSV answers every game the filters match, in their order.
func (s *Server) adminGamesCSV(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	q := adminGameQuery(r)
	q.All = true
	games, _, err := s.Catalog.AdminGames(ctx, adminOf(ctx).merchant, q)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	rows := [][]string{{"code", "name", "vendor", "gameType", "enabled", "maintenance", "vendorEnabled", "vendorMaintenance", "hot", "new", "sort", "popularity"}}
	for _, g := range games {
		rows = append(rows, []string{operator.SafeCell(g.Code), operator.SafeCell(g.Name), operator.SafeCell(g.Vendor), g.GameType,
			strconv.FormatBool(g.Enabled), strconv.FormatBool(g.Maintenance), strconv.FormatBool(g.VendorEnabled), strconv.FormatBool(g.VendorMaintenance),
			strconv.FormatBool(g.Hot), strconv.FormatBool(g.New), strconv.Itoa(g.Sort), strconv.Itoa(g.Popularity)})
	}
	s.writeCSV(w, r, "games.csv", rows)
}

// notOffered answers a game or vendor the call's merchant is not offered
// like any other object of another merchant.
func notOffered(err error) error {
	if errors.Is(err, catalog.ErrGameNotFound) || errors.Is(err, catalog.ErrVendorNotFound) || errors.Is(err, provider.ErrVendorUnknown) {
		return errNotOffered
	}
	return err
}

func (s *Server) adminChangeGame(w http.ResponseWriter, r *http.Request) (any, error) {
	var req catalog.GameChange
	if err := decodeJSON(w, r, &req); err != nil {
		return nil, err
	}
	ctx := r.Context()
	a, code := adminOf(ctx), chi.URLParam(r, "code")
	a.target = "game:" + code
	before, after, err := s.Catalog.ChangeGames(ctx, a.merchant, []string{code}, req)
	if err != nil {
		return nil, notOffered(err)
	}
	a.note(a.target, before[code], after[code])
	g, err := s.Catalog.AdminGameOf(ctx, a.merchant, code, languageOf(ctx))
	return g, notOffered(err)
}

func (s *Server) adminBulkGames(w http.ResponseWriter, r *http.Request) (any, error) {
	var req adminGameBulk
	if err := decodeJSON(w, r, &req); err != nil {
		return nil, err
	}
	a := adminOf(r.Context())
	a.target = "games:bulk"
	before, after, err := s.Catalog.ChangeGames(r.Context(), a.merchant, req.Codes, req.GameChange)
	if err != nil {
		return nil, notOffered(err)
	}
	a.note(a.target, before, after)
	return adminGameBulkDone{Changed: len(after)}, nil
}

func (s *Server) adminVendors(r *http.Request) (any, error) {
	ctx := r.Context()
	vendors, err := s.Catalog.AdminVendors(ctx, adminOf(ctx).merchant)
	if err != nil {
		return nil, err
	}
	out := make([]adminVendorRow, 0, len(vendors))
	for _, v := range vendors {
		l, err := s.Games.WinLimit(ctx, v.Code)
		if err != nil {
			return nil, err
		}
		out = append(out, adminVendorRow{AdminVendor: v, WinLimit: l})
	}
	return out, nil
}

func (s *Server) adminChangeVendor(w http.ResponseWriter, r *http.Request) (any, error) {
	var req catalog.VendorChange
	if err := decodeJSON(w, r, &req); err != nil {
		return nil, err
	}
	ctx := r.Context()
	a, code := adminOf(ctx), chi.URLParam(r, "code")
	a.target = "vendor:" + code
	if a.merchant == "" {
		return nil, errNotOffered // the platform itself offers nothing
	}
	before, after, err := s.Catalog.ChangeVendor(ctx, a.merchant, code, req)
	if err != nil {
		return nil, notOffered(err)
	}
	a.note(a.target, before, after)
	return s.adminVendorOf(r, code)
}

func (s *Server) adminVendorOf(r *http.Request, code string) (adminVendorRow, error) {
	ctx := r.Context()
	vendors, err := s.Catalog.AdminVendors(ctx, adminOf(ctx).merchant)
	if err != nil {
		return adminVendorRow{}, err
	}
	for _, v := range vendors {
		if v.Code == code {
			l, err := s.Games.WinLimit(ctx, code)
			return adminVendorRow{AdminVendor: v, WinLimit: l}, err
		}
	}
	return adminVendorRow{}, errNotOffered
}

func (s *Server) adminRotateSecret(w http.ResponseWriter, r *http.Request) (any, error) {
	ctx := r.Context()
	a, code := adminOf(ctx), chi.URLParam(r, "code")
	a.target = "vendor:" + code
	secret, err := s.Games.RotateSecret(ctx, code)
	if err != nil {
		return nil, notOffered(err)
	}
	until := time.Now().Add(provider.RotationGrace).UTC().Truncate(time.Second)
	// The audit entry says that it rotated, never the secret itself.
	a.note(a.target, map[string]string{"secret": "previous"}, map[string]any{"secret": "rotated", "previousValidUntil": until})
	return adminSecret{Vendor: code, Secret: secret, PreviousValidUntil: until}, nil
}

func (s *Server) adminSetWinLimit(w http.ResponseWriter, r *http.Request) (any, error) {
	var req adminWinLimit
	if err := decodeJSON(w, r, &req); err != nil {
		return nil, err
	}
	ctx := r.Context()
	a, code := adminOf(ctx), chi.URLParam(r, "code")
	a.target = "vendor:" + code
	before, err := s.Games.WinLimit(ctx, code)
	if err != nil {
		return nil, notOffered(err)
	}
	if req.Default {
		err = s.Games.ResetWinLimit(ctx, code)
	} else {
		err = s.Games.SetWinLimit(ctx, code, req.Multiple, req.Max)
	}
	if err != nil {
		return nil, notOffered(err)
	}
	after, err := s.Games.WinLimit(ctx, code)
	if err != nil {
		return nil, err
	}
	a.note(a.target, before, after)
	return after, nil
}
