// Package catalog is the game catalogue: vendors, categories and games, the
// lanes the lobby shows, search, hot games, ranks, PVP rooms and the winner
// board. The whole catalogue is held in memory per merchant and rebuilt when
// it changes.
package catalog

import "errors"

// Game types (lobby categories) and the pseudo-types the list call accepts.
const (
	TypeSlots     = "RNG"
	TypeLive      = "LIVE"
	TypeFish      = "FISH"
	TypeSports    = "SPORTS"
	TypeEsports   = "ESPORTS"
	TypePVP       = "PVP"
	TypeCockfight = "COCKFIGHT"
	TypeLottery   = "LOTT"
	TypeELottery  = "ELOTT"
	TypeInhouse   = "INHOUSE"
	TypeHot       = "HOT"
	TypeAll       = "ALL"
	TypeSearch    = "SEARCH"
	TypeHome      = "HOME"
	TypePromo     = "PROMO"
)

// ListTypes are the gameType values the game list accepts.
var ListTypes = []string{TypeSlots, TypeLive, TypeFish, TypeSports, TypeEsports, TypePVP, TypeCockfight,
	TypeLottery, TypeELottery, TypeInhouse, TypeHot, TypeAll, TypeSearch}

// baseOrder is the server's category order before vendor processing.
var baseOrder = []string{TypeSlots, TypeLive, TypeFish, TypeSports, TypePVP, TypeCockfight, TypeLottery, TypeELottery}

// Launch styles of a vendor or game.
const (
	IsGame      = "GAME"      // each game launches itself
	IsVassalage = "VASSALAGE" // launches the vendor's own lobby
)

// Prize modes (spec §3, §4).
const (
	PrizeModeLott  = "LOTT"
	PrizeModeZY    = "ZY"
	PrizeModeELott = "ELOTT"
	PrizeModeSEA   = "SEA"
)

// PrizeModes lists every prize-mode code.
var PrizeModes = []string{PrizeModeLott, PrizeModeZY, PrizeModeELott, PrizeModeSEA}

// Brand lists of spec §3: esports and in-house vendors.
var (
	EsportsVendors = []string{"IA", "TF"}
	InhouseVendors = []string{"PGE"}
)

// Languages with catalogue names; others fall back to EN.
var nameLanguages = []string{"EN", "KM", "CN", "TH", "VI"}

// Errors of the catalogue.
var (
	ErrGameNotFound   = errors.New("catalog: game not found")
	ErrVendorNotFound = errors.New("catalog: vendor not found")
)

// Vendor is a game provider as stored.
type Vendor struct {
	Code     string
	Name     string
	GameType string
	IsGame   string
	Sort     int
}

// Room is a PVP room tier; amounts in minor units.
type Room struct {
	RoomID string `json:"roomId"`
	Name   string `json:"name"`
	MinBet int64  `json:"minBet"`
	MaxBet int64  `json:"maxBet"`
}

// Game is one game as held in memory.
type Game struct {
	ID          int64
	Code        string
	Vendor      string
	Type        string
	Classify    string
	IsHot       bool
	SupportPlay bool
	IsNew       bool
	Popularity  int
	Sort        int
	Rooms       []Room
	names       [5]string // by nameLanguages index
	search      string    // lower-case names and code, for substring search
}

// Name is the game's name in lang, falling back to English.
func (g *Game) Name(lang string) string {
	for i, l := range nameLanguages {
		if l == lang && g.names[i] != "" {
			return g.names[i]
		}
	}
	return g.names[0]
}

// LobbyType is the category the lobby shows the game under (in-house and
// esports vendors have their own).
func (g *Game) LobbyType() string { return laneType(g) }
