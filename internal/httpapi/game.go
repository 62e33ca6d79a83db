package httpapi

import (
	"net/http"
	"strings"

	"portal/internal/catalog"
	"portal/internal/merchant"
	"portal/internal/provider"
)

// launchRequest is the body of /wps/game/launchGame.
type launchRequest struct {
	Vassalage string `json:"vassalage"`
	GameCode  string `json:"gameCode"`
	GameType  string `json:"gameType"`
	// Language is the game's language (lang on its URL) when the merchant
	// offers it; otherwise the request's (language query, Accept-Language,
	// the merchant's default).
	Language string `json:"language"`
	Platform string `json:"platform"`
	// Mode is real (the default) or demo (a visitor's free trial).
	Mode string `json:"mode"`
}

// launchGame starts a game (spec §4). A token is optional here: a visitor
// may open a free demo; with a token the member is authenticated as on any
// (T) route.
func (s *Server) launchGame(w http.ResponseWriter, r *http.Request) (any, error) {
	var req launchRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return nil, err
	}
	if req.Vassalage == "" || len(req.Vassalage) > 40 || len(req.GameCode) > 80 {
		return nil, badParam("vassalage", "a vendor code (and optionally a game code) is required")
	}
	if req.Mode != "" && req.Mode != provider.ModeReal && req.Mode != provider.ModeDemo {
		return nil, badParam("mode", "real or demo")
	}
	if err := req.checkPlatform(); err != nil {
		return nil, err
	}
	ctx := r.Context()
	mer := merchantOf(ctx)
	lr := provider.LaunchRequest{Merchant: mer.Code, Vendor: req.Vassalage, GameCode: req.GameCode, Language: req.language(r), Demo: req.Mode == provider.ModeDemo}
	if strings.TrimSpace(r.Header.Get("Authorization")) != "" {
		var err error
		if r, err = s.authenticate(r, mer, false); err != nil {
			return nil, err
		}
		lr.Member = memberOf(r.Context())
		lr.Demo = false
	}
	return s.Games.StartGame(r.Context(), s.Catalog, lr)
}

// launchVendor opens a vendor's own lobby for a member: a launch without a
// game.
func (s *Server) launchVendor(w http.ResponseWriter, r *http.Request) (any, error) {
	var req launchRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return nil, err
	}
	if req.Vassalage == "" || len(req.Vassalage) > 40 {
		return nil, badParam("vassalage", "a vendor code is required")
	}
	if err := req.checkPlatform(); err != nil {
		return nil, err
	}
	ctx := r.Context()
	return s.Games.StartGame(ctx, s.Catalog, provider.LaunchRequest{Merchant: merchantOf(ctx).Code, Member: memberOf(ctx),
		Vendor: req.Vassalage, Language: req.language(r)})
}

// launchPlatforms are the builds a launch may ask a vendor for: the spec's
// game platforms (flash, html5-desktop) and H5, the mobile build the site
// asks for on touch screens (W names the site itself, not a game build).
var launchPlatforms = []string{"flash", "html5-desktop", "H5"}

// checkPlatform refuses a platform no vendor build answers to; empty
// leaves the choice to the vendor.
func (req launchRequest) checkPlatform() error {
	if req.Platform == "" {
		return nil
	}
	for _, p := range launchPlatforms {
		if req.Platform == p {
			return nil
		}
	}
	return badParam("platform", "flash, html5-desktop or H5")
}

// language is the launch's language: the body's when the merchant offers
// it (the site sends the one it shows), else the request's.
func (req launchRequest) language(r *http.Request) string {
	ctx := r.Context()
	if l := merchant.NormalizeLanguage(req.Language); l != "" && merchantOf(ctx).Supports(l) {
		return l
	}
	return languageOf(ctx)
}

// walletBalance is the header's balance (spec §7 /wps/v2/wallets/balance).
type walletBalance struct {
	Balance        int64  `json:"balance"`
	Currency       string `json:"currency"`
	CurrencySymbol string `json:"currencySymbol"`
	Decimals       int    `json:"decimals"`
	PlayMoney      bool   `json:"playMoney"`
	// BonusBalance is the member's bonus money (decision 0037), apart
	// from the cash in Balance; 0 for trial accounts.
	BonusBalance int64 `json:"bonusBalance"`
}

func (s *Server) walletBalance(r *http.Request) (any, error) {
	ctx := r.Context()
	m := memberOf(ctx)
	b, mer, err := s.Games.Balance(ctx, m.MerchantCode, m.ID)
	if err != nil {
		return nil, err
	}
	var bonusMoney int64
	if s.Bonus != nil && !m.Type.IsTrial() {
		if bonusMoney, err = s.Bonus.Balance(ctx, m.MerchantCode, m.ID, mer.Currency); err != nil {
			return nil, err
		}
	}
	return walletBalance{Balance: b, Currency: mer.Currency, CurrencySymbol: mer.CurrencySymbol, Decimals: mer.Decimals, PlayMoney: m.Type.IsTrial(),
		BonusBalance: bonusMoney}, nil
}

// merchantWallet (the merchant's wallets and the member's sub-wallets) is
// in transferwallet.go.

// favouriteRequest adds or names a favourite.
type favouriteRequest struct {
	NodeID   string `json:"nodeId"`
	Vendor   string `json:"vendor"`
	GameType string `json:"gameType"`
}

func (s *Server) favourites(r *http.Request) (any, error) {
	ctx := r.Context()
	p := paramsOf(ctx)
	return s.Catalog.Favourites(ctx, merchantOf(ctx).Code, memberOf(ctx).ID, p.String("gameType"), p.String("vassalage"), languageOf(ctx), p.Int("pageNo"), p.Int("pageSize"))
}

func (s *Server) favouriteIDs(r *http.Request) (any, error) {
	ctx := r.Context()
	return s.Catalog.FavouriteIDs(ctx, memberOf(ctx).ID)
}

func (s *Server) addFavourite(w http.ResponseWriter, r *http.Request) (any, error) {
	var req favouriteRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return nil, err
	}
	if req.NodeID == "" || len(req.NodeID) > 20 {
		return nil, badParam("nodeId", "the game's nodeId")
	}
	ctx := r.Context()
	if err := s.Catalog.AddFavourite(ctx, merchantOf(ctx).Code, memberOf(ctx).ID, req.NodeID); err != nil {
		return nil, err
	}
	return s.Catalog.FavouriteIDs(ctx, memberOf(ctx).ID)
}

// removeFavourite takes nodeId from the query (or, as the old client sent
// it, from a JSON body).
func (s *Server) removeFavourite(w http.ResponseWriter, r *http.Request) (any, error) {
	ctx := r.Context()
	node := paramsOf(ctx).String("nodeId")
	if node == "" && r.ContentLength != 0 {
		var req favouriteRequest
		if err := decodeJSON(w, r, &req); err != nil {
			return nil, err
		}
		node = req.NodeID
	}
	if node == "" || len(node) > 20 {
		return nil, badParam("nodeId", "the game's nodeId")
	}
	if err := s.Catalog.RemoveFavourite(ctx, memberOf(ctx).ID, node); err != nil {
		return nil, err
	}
	return s.Catalog.FavouriteIDs(ctx, memberOf(ctx).ID)
}

// recentGames answers the old client's shape: list and totalPages.
type recentGames struct {
	List       []catalog.GameItem `json:"list"`
	TotalPages int                `json:"totalPages"`
	PageNum    int                `json:"pageNum"`
}

func (s *Server) recentGames(r *http.Request) (any, error) {
	ctx := r.Context()
	p := paramsOf(ctx)
	page, err := s.Catalog.Recent(ctx, merchantOf(ctx).Code, memberOf(ctx).ID, p.String("gameType"), p.String("vassalage"), languageOf(ctx), p.Int("page"), p.Int("pageSize"))
	if err != nil {
		return nil, err
	}
	return recentGames{List: page.Content, TotalPages: page.TotalPages, PageNum: page.PageNum}, nil
}
