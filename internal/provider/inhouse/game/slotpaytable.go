package game

import (
	"maps"
	"slices"
)

// The symbols of Portal Fortune Reels, best paying first.
const (
	// Wild substitutes for every symbol except the scatter, and pays on its
	// own for a run of leading wilds.
	Wild Symbol = "WILD"
	// Scatter pays anywhere on the grid and awards free spins; it is never
	// substituted and never pays on a line.
	Scatter Symbol = "SCATTER"
	// Seven is the top pay symbol.
	Seven Symbol = "SEVEN"
	// Bar is a high pay symbol.
	Bar Symbol = "BAR"
	// Bell is a high pay symbol.
	Bell Symbol = "BELL"
	// Melon is a middle pay symbol.
	Melon Symbol = "MELON"
	// Grape is a middle pay symbol.
	Grape Symbol = "GRAPE"
	// Orange is a low pay symbol.
	Orange Symbol = "ORANGE"
	// Lemon is a low pay symbol.
	Lemon Symbol = "LEMON"
	// Cherry is the lowest pay symbol.
	Cherry Symbol = "CHERRY"
)

// SlotPublishedRTP is the return to player the game page states for Portal
// Fortune Reels. SlotExactRTP, computed from the strips below, must stay
// within 0.1 percentage point of it; a test holds it to that.
const SlotPublishedRTP = 0.96

// SymbolPays is the line pay of one symbol.
type SymbolPays struct {
	// Symbol is the symbol paid.
	Symbol Symbol
	// Pays maps a run length (3, 4 or 5 reels from the left) to its pay as a
	// multiple of the stake per line.
	Pays map[int]int64
}

// Paytable is everything that decides a slot's results, as the game page
// publishes it. PlaySlot and SlotExactRTP both work from exactly this table.
type Paytable struct {
	// Symbols are the line-paying symbols, the wild included, best first.
	Symbols []SymbolPays
	// Wild and Scatter name the two special symbols.
	Wild, Scatter Symbol
	// Lines are the 20 paylines: Lines[n-1][i] is the row (0 top, 1 middle,
	// 2 bottom) payline n takes on reel i.
	Lines [20][5]int
	// Reels are the five circular reel strips; a reel stopped at index k
	// shows strip[k], strip[k+1], strip[k+2] (wrapping) from top to bottom.
	Reels [5][]Symbol
	// ScatterPays maps the number of scatters visible anywhere to the pay as
	// a multiple of the total stake; more scatters than the largest key pay
	// as the largest key.
	ScatterPays map[int]int64
	// FreeSpinScatters is how many visible scatters award free spins.
	FreeSpinScatters int
	// FreeSpins is how many free spins one award gives.
	FreeSpins int
	// FreeSpinMultiplier multiplies every win during free spins.
	FreeSpinMultiplier int
	// MaxFreeSpins caps the free spins awarded in one round, the first award
	// included; a retrigger that would pass it awards only what is left.
	MaxFreeSpins int
	// PublishedRTP is SlotPublishedRTP.
	PublishedRTP float64
}

// slotLines are the 20 paylines (rows per reel). Payline 1 is the middle row;
// the rest are the usual straight rows, V shapes, steps and zigzags.
var slotLines = [20][5]int{
	{1, 1, 1, 1, 1},
	{0, 0, 0, 0, 0},
	{2, 2, 2, 2, 2},
	{0, 1, 2, 1, 0},
	{2, 1, 0, 1, 2},
	{0, 0, 1, 2, 2},
	{2, 2, 1, 0, 0},
	{1, 0, 0, 0, 1},
	{1, 2, 2, 2, 1},
	{0, 1, 1, 1, 0},
	{2, 1, 1, 1, 2},
	{1, 0, 1, 0, 1},
	{1, 2, 1, 2, 1},
	{0, 1, 0, 1, 0},
	{2, 1, 2, 1, 2},
	{1, 1, 0, 1, 1},
	{1, 1, 2, 1, 1},
	{0, 2, 0, 2, 0},
	{2, 0, 2, 0, 2},
	{1, 0, 2, 0, 1},
}

// slotPays are the line pays, in stakes per line, best symbol first.
var slotPays = []SymbolPays{
	{Wild, map[int]int64{3: 100, 4: 500, 5: 2000}},
	{Seven, map[int]int64{3: 50, 4: 200, 5: 1000}},
	{Bar, map[int]int64{3: 30, 4: 100, 5: 500}},
	{Bell, map[int]int64{3: 20, 4: 60, 5: 250}},
	{Melon, map[int]int64{3: 15, 4: 40, 5: 150}},
	{Grape, map[int]int64{3: 10, 4: 30, 5: 100}},
	{Orange, map[int]int64{3: 8, 4: 20, 5: 80}},
	{Lemon, map[int]int64{3: 5, 4: 15, 5: 60}},
	{Cherry, map[int]int64{3: 5, 4: 10, 5: 40}},
}

// slotScatterPays are the scatter pays, in total stakes.
var slotScatterPays = map[int]int64{3: 2, 4: 10, 5: 50}

// slotReels are the reel strips. Scatters sit at least three stops apart on
// every strip, so a reel never shows two at once.
var slotReels = [5][]Symbol{
	// Reel 1: 33 stops.
	{
		Lemon, Bell, Cherry, Grape, Lemon, Cherry, Orange, Wild, // 0–7
		Bar, Cherry, Seven, Cherry, Orange, Melon, Grape, Orange, // 8–15
		Cherry, Orange, Lemon, Cherry, Lemon, Melon, Bar, Bell, // 16–23
		Lemon, Bell, Scatter, Lemon, Orange, Seven, Cherry, Grape, // 24–31
		Melon, // 32
	},
	// Reel 2: 32 stops.
	{
		Lemon, Melon, Bell, Cherry, Wild, Bell, Seven, Melon, // 0–7
		Cherry, Lemon, Seven, Melon, Lemon, Orange, Cherry, Orange, // 8–15
		Grape, Cherry, Scatter, Bar, Orange, Bell, Bar, Cherry, // 16–23
		Grape, Lemon, Grape, Lemon, Orange, Melon, Wild, Grape, // 24–31
	},
	// Reel 3: 32 stops.
	{
		Grape, Lemon, Seven, Scatter, Orange, Cherry, Grape, Lemon, // 0–7
		Wild, Grape, Cherry, Orange, Bar, Melon, Orange, Cherry, // 8–15
		Wild, Lemon, Seven, Wild, Lemon, Melon, Bell, Cherry, // 16–23
		Bar, Orange, Cherry, Lemon, Cherry, Melon, Grape, Bell, // 24–31
	},
	// Reel 4: 37 stops.
	{
		Cherry, Orange, Bell, Cherry, Lemon, Bar, Orange, Scatter, // 0–7
		Lemon, Orange, Cherry, Lemon, Bar, Seven, Grape, Cherry, // 8–15
		Melon, Lemon, Melon, Orange, Cherry, Orange, Melon, Lemon, // 16–23
		Melon, Grape, Wild, Grape, Bell, Cherry, Seven, Grape, // 24–31
		Bar, Cherry, Bell, Seven, Wild, // 32–36
	},
	// Reel 5: 34 stops.
	{
		Orange, Cherry, Grape, Lemon, Melon, Wild, Bell, Orange, // 0–7
		Lemon, Wild, Grape, Cherry, Lemon, Bell, Cherry, Orange, // 8–15
		Grape, Seven, Melon, Bar, Seven, Grape, Cherry, Scatter, // 16–23
		Lemon, Melon, Cherry, Orange, Lemon, Bell, Bar, Cherry, // 24–31
		Bar, Melon, // 32–33
	},
}

// SlotPaytable returns the published paytable of Portal Fortune Reels. It
// returns fresh copies, so a caller may change what it gets without changing
// the game.
func SlotPaytable() Paytable {
	p := Paytable{
		Wild:               Wild,
		Scatter:            Scatter,
		Lines:              slotLines,
		ScatterPays:        maps.Clone(slotScatterPays),
		FreeSpinScatters:   3,
		FreeSpins:          10,
		FreeSpinMultiplier: 3,
		MaxFreeSpins:       100,
		PublishedRTP:       SlotPublishedRTP,
	}
	for _, sp := range slotPays {
		p.Symbols = append(p.Symbols, SymbolPays{sp.Symbol, maps.Clone(sp.Pays)})
	}
	for i, strip := range slotReels {
		p.Reels[i] = slices.Clone(strip)
	}
	return p
}

// fortuneReels is the compiled published paytable that PlaySlot plays.
var fortuneReels = mustCompileSlot(SlotPaytable())
