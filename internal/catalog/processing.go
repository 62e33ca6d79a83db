package catalog

import "slices"

// Card is a vendor as a lane shows it.
type Card struct {
	Vassalage       string `json:"vassalage"`
	DisplayName     string `json:"displayName"`
	AccountTypeName string `json:"accountTypeName"`
	GameType        string `json:"gameType"`
	LogoURL         string `json:"logoUrl"`
	IsGame          string `json:"isGame"`
	Maintenance     bool   `json:"maintenance"`
}

// Classify is a sub-category of a lane with the vendors that have games in it.
type Classify struct {
	Code    string   `json:"code"`
	Name    string   `json:"name"`
	Vendors []string `json:"vendors"`
}

// Lane is one category of the vendor data (spec §3 "Vendor category").
type Lane struct {
	GameType     string     `json:"gameType"`
	Title        string     `json:"title"`
	Cards        []Card     `json:"cards"`
	GameClassify []Classify `json:"gameClassify"`
}

// ProcessLanes applies the spec's vendor processing to lanes in server
// order: sports cards of esports vendors move to an ESPORTS lane placed
// last; slots cards of in-house vendors move to an INHOUSE lane placed
// first; lanes left without cards are dropped. The input is not changed.
func ProcessLanes(lanes []Lane, esports, inhouse []string) []Lane {
	var inhouseCards, esportsCards []Card
	out := make([]Lane, 0, len(lanes)+2)
	for _, l := range lanes {
		l.Cards = slices.Clone(l.Cards)
		switch l.GameType {
		case TypeSports:
			l.Cards, esportsCards = split(l.Cards, esports, esportsCards)
		case TypeSlots:
			l.Cards, inhouseCards = split(l.Cards, inhouse, inhouseCards)
		}
		out = append(out, l)
	}
	if len(inhouseCards) > 0 {
		out = append([]Lane{{GameType: TypeInhouse, Cards: retype(inhouseCards, TypeInhouse), GameClassify: []Classify{}}}, out...)
	}
	if len(esportsCards) > 0 {
		out = append(out, Lane{GameType: TypeEsports, Cards: retype(esportsCards, TypeEsports), GameClassify: []Classify{}})
	}
	return slices.DeleteFunc(out, func(l Lane) bool { return len(l.Cards) == 0 })
}

// split moves the cards whose vendor is in codes from cards to moved.
func split(cards []Card, codes []string, moved []Card) (kept, out []Card) {
	kept = cards[:0]
	for _, c := range cards {
		if slices.Contains(codes, c.Vassalage) {
			moved = append(moved, c)
		} else {
			kept = append(kept, c)
		}
	}
	return kept, moved
}

func retype(cards []Card, gameType string) []Card {
	for i := range cards {
		cards[i].GameType = gameType
	}
	return cards
}

// PrizeMode is the spec's rule: electronic-lottery mode when the vendor data
// has a lottery lane holding a TCG_LOTTO_VN or LOTT card, else normal.
func PrizeMode(lanes []Lane) string {
	for _, l := range lanes {
		if l.GameType != TypeLottery {
			continue
		}
		for _, c := range l.Cards {
			if c.Vassalage == "TCG_LOTTO_VN" || c.Vassalage == "LOTT" {
				return PrizeModeELott
			}
		}
	}
	return PrizeModeLott
}
