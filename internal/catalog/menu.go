package catalog

import (
	"context"
	"strings"
	"time"
)

// MenuVendor is a vendor in a menu entry.
type MenuVendor struct {
	Vassalage   string `json:"vassalage"`
	DisplayName string `json:"displayName"`
	LogoURL     string `json:"logoUrl"`
	IsGame      string `json:"isGame"`
	Maintenance bool   `json:"maintenance"`
}

// MenuEntry is a category of the header's game-type navigation.
type MenuEntry struct {
	GameType string       `json:"gameType"`
	Name     string       `json:"name"`
	Vendors  []MenuVendor `json:"vendors"`
}

// Menus is the header navigation: home, the categories with vendors in the
// processed server order (decision A-055), then promotions.
func (s *Service) Menus(ctx context.Context, merchantCode, lang string) ([]MenuEntry, error) {
	lanes, _, err := s.Lanes(ctx, merchantCode, lang)
	if err != nil {
		return nil, err
	}
	out := []MenuEntry{{GameType: TypeHome, Name: TypeLabel(TypeHome, lang), Vendors: []MenuVendor{}}}
	for _, l := range lanes {
		e := MenuEntry{GameType: l.GameType, Name: l.Title, Vendors: []MenuVendor{}}
		for _, c := range l.Cards {
			e.Vendors = append(e.Vendors, MenuVendor{Vassalage: c.Vassalage, DisplayName: c.DisplayName, LogoURL: c.LogoURL, IsGame: c.IsGame, Maintenance: c.Maintenance})
		}
		out = append(out, e)
	}
	return append(out, MenuEntry{GameType: TypePromo, Name: TypeLabel(TypePromo, lang), Vendors: []MenuVendor{}}), nil
}

// GameType is an entry of the game types list.
type GameType struct {
	GameType string `json:"gameType"`
	Name     string `json:"name"`
	Vendors  int    `json:"vendors"`
	Games    int    `json:"games"`
}

// Types lists the merchant's categories with their sizes.
func (s *Service) Types(ctx context.Context, merchantCode, lang string) ([]GameType, error) {
	v, err := s.view(ctx, merchantCode)
	if err != nil {
		return nil, err
	}
	out := []GameType{}
	for _, l := range v.lanes {
		out = append(out, GameType{GameType: l.GameType, Name: TypeLabel(l.GameType, lang), Vendors: len(l.Cards), Games: len(v.byType[l.GameType])})
	}
	return out, nil
}

// Winner is a winner-board entry; the spec nests it in "vo".
type Winner struct {
	VO WinnerVO `json:"vo"`
}

// WinnerVO is the winner's data.
type WinnerVO struct {
	IconURL      string    `json:"iconUrl"`
	CustomerName string    `json:"customerName"`
	GameName     string    `json:"gameName"`
	GameCode     string    `json:"gameCode"`
	Vassalage    string    `json:"vassalage"`
	WinAmount    float64   `json:"winAmount"`
	Currency     string    `json:"currency"`
	WinTime      time.Time `json:"winTime"`
}

// Winners returns the biggest wins, largest first; amounts are converted
// from minor units with the merchant's decimals.
func (s *Service) Winners(ctx context.Context, merchantCode, category, lang string, decimals, limit int) ([]Winner, error) {
	sn, err := s.current(ctx)
	if err != nil {
		return nil, err
	}
	wins, err := s.wins.get(ctx, s.db.Read(), merchantCode)
	if err != nil {
		return nil, err
	}
	out := []Winner{}
	for _, w := range wins {
		g, ok := sn.byCode[w.game]
		if !ok || (category != "" && category != "ALL" && laneType(g) != category) {
			continue
		}
		out = append(out, Winner{VO: WinnerVO{
			IconURL: GameIconURL(g.Code), CustomerName: w.customer, GameName: g.Name(lang), GameCode: g.Code,
			Vassalage: g.Vendor, WinAmount: MinorToDecimal(w.amount, decimals), Currency: w.currency, WinTime: w.at,
		}})
		if len(out) == limit {
			break
		}
	}
	return out, nil
}

// MinorToDecimal converts integer minor units to a number with decimals
// places, for answers (never for arithmetic).
func MinorToDecimal(amount int64, decimals int) float64 {
	div := 1.0
	for range decimals {
		div *= 10
	}
	return float64(amount) / div
}

// PVPRoom is a room tier of a PVP game with amounts in currency units.
type PVPRoom struct {
	GameCode  string  `json:"gameCode"`
	GameName  string  `json:"gameName"`
	Vassalage string  `json:"vassalage"`
	RoomID    string  `json:"roomId"`
	Name      string  `json:"name"`
	MinBet    float64 `json:"minBet"`
	MaxBet    float64 `json:"maxBet"`
}

// PVPRooms lists the room tiers of the merchant's PVP games, or of one.
func (s *Service) PVPRooms(ctx context.Context, merchantCode, gameCode, lang string, decimals int) ([]PVPRoom, error) {
	v, err := s.view(ctx, merchantCode)
	if err != nil {
		return nil, err
	}
	out := []PVPRoom{}
	for _, g := range v.byType[TypePVP] {
		if gameCode != "" && g.Code != gameCode {
			continue
		}
		for _, r := range g.Rooms {
			out = append(out, PVPRoom{GameCode: g.Code, GameName: g.Name(lang), Vassalage: g.Vendor, RoomID: r.RoomID, Name: r.Name,
				MinBet: MinorToDecimal(r.MinBet, decimals), MaxBet: MinorToDecimal(r.MaxBet, decimals)})
		}
	}
	return out, nil
}

// Popular is what the search box suggests: frequent words of the hot games'
// names and the most popular games.
type Popular struct {
	Keywords []string   `json:"keywords"`
	Games    []GameItem `json:"games"`
}

// Popular returns search suggestions in lang.
func (s *Service) Popular(ctx context.Context, merchantCode, lang string) (Popular, error) {
	games, err := s.Rank(ctx, merchantCode, TypeAll, lang, 12)
	if err != nil {
		return Popular{}, err
	}
	hot, err := s.Hot(ctx, merchantCode, "", lang, 60)
	if err != nil {
		return Popular{}, err
	}
	seen := map[string]bool{}
	p := Popular{Keywords: []string{}, Games: games}
	for _, g := range hot {
		w := strings.Fields(g.GameName)
		if len(w) == 0 || lang == "CN" {
			w = []string{g.GameName}
		}
		if k := w[len(w)/2]; len([]rune(k)) > 1 && !seen[k] {
			seen[k] = true
			p.Keywords = append(p.Keywords, k)
		}
		if len(p.Keywords) == 10 {
			break
		}
	}
	return p, nil
}
