package httpapi

import (
	"net/http"

	"github.com/go-chi/chi/v5"

	"portal/internal/catalog"
)

// vendorLanes is the vendor call's answer: the spec reads data.lanes.
type vendorLanes struct {
	Data struct {
		Lanes []catalog.Lane `json:"lanes"`
	} `json:"data"`
	PrizeMode  string   `json:"prizeMode"`
	PrizeModes []string `json:"prizeModes"`
}

type gameList struct {
	List []catalog.GameItem `json:"list"`
}

type winnerList struct {
	List []catalog.Winner `json:"list"`
}

func (s *Server) gameMenus(r *http.Request) (any, error) {
	ctx := r.Context()
	return s.Catalog.Menus(ctx, merchantOf(ctx).Code, languageOf(ctx))
}

func (s *Server) gameVendors(r *http.Request) (any, error) {
	ctx := r.Context()
	if paramsOf(ctx).Bool("flush") {
		s.Catalog.Flush()
	}
	lanes, mode, err := s.Catalog.Lanes(ctx, merchantOf(ctx).Code, languageOf(ctx))
	if err != nil {
		return nil, err
	}
	var out vendorLanes
	out.Data.Lanes, out.PrizeMode, out.PrizeModes = lanes, mode, catalog.PrizeModes
	return out, nil
}

func (s *Server) gameList(r *http.Request) (any, error) {
	ctx := r.Context()
	p := paramsOf(ctx)
	if p.String("gameType") == catalog.TypeSearch && p.String("gameName") == "" {
		// A name search with no name.
		return nil, newError(http.StatusUnprocessableEntity, "validation.empty", fieldError{Field: "gameName", Reason: "required"})
	}
	return s.Catalog.List(ctx, merchantOf(ctx).Code, catalog.ListQuery{
		GameType: p.String("gameType"), Filter: p.String("gameFilter"), Vendor: p.String("vassalage"), Classify: p.String("gameClassify"),
		Name: p.String("gameName"), Page: p.Int("pageNo"), Size: p.Int("pageSize"), Language: languageOf(ctx),
	})
}

func (s *Server) hotGames(r *http.Request) (any, error) {
	ctx := r.Context()
	list, err := s.Catalog.Hot(ctx, merchantOf(ctx).Code, paramsOf(ctx).String("vassalage"), languageOf(ctx), paramsOf(ctx).Int("limitNum"))
	return gameList{List: list}, err
}

func (s *Server) winners(r *http.Request) (any, error) {
	ctx := r.Context()
	m := merchantOf(ctx)
	list, err := s.Catalog.Winners(ctx, m.Code, paramsOf(ctx).String("gameCategory"), languageOf(ctx), m.Decimals, paramsOf(ctx).Int("limitNum"))
	return winnerList{List: list}, err
}

func (s *Server) gameTypes(r *http.Request) (any, error) {
	ctx := r.Context()
	return s.Catalog.Types(ctx, merchantOf(ctx).Code, languageOf(ctx))
}

func (s *Server) gameRank(r *http.Request) (any, error) {
	ctx := r.Context()
	list, err := s.Catalog.Rank(ctx, merchantOf(ctx).Code, paramsOf(ctx).String("gameType"), languageOf(ctx), paramsOf(ctx).Int("limitNum"))
	return gameList{List: list}, err
}

func (s *Server) pvpRooms(r *http.Request) (any, error) {
	ctx := r.Context()
	m := merchantOf(ctx)
	return s.Catalog.PVPRooms(ctx, m.Code, paramsOf(ctx).String("gameCode"), languageOf(ctx), m.Decimals)
}

func (s *Server) popular(r *http.Request) (any, error) {
	ctx := r.Context()
	return s.Catalog.Popular(ctx, merchantOf(ctx).Code, languageOf(ctx))
}

func (s *Server) gameIcon(w http.ResponseWriter, r *http.Request) {
	g, err := s.Catalog.Game(r.Context(), chi.URLParam(r, "code"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeSVG(w, catalog.GameIcon(g, r.URL.Query().Get("size") == "large"))
}

func (s *Server) vendorLogo(w http.ResponseWriter, r *http.Request) {
	v, err := s.Catalog.AnyVendor(r.Context(), chi.URLParam(r, "code"))
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	writeSVG(w, catalog.VendorLogo(v))
}

// writeSVG serves a generated image. Images never change for a code, so
// they are cached for a day; the CSP keeps an SVG opened directly inert.
func writeSVG(w http.ResponseWriter, svg []byte) {
	w.Header().Set("Content-Type", "image/svg+xml")
	w.Header().Set("Cache-Control", "public, max-age=86400")
	w.Header().Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'")
	_, _ = w.Write(svg)
}
