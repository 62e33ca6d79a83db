package catalog

import (
	"slices"
	"strings"
)

// nameIndex finds games whose search key contains a text, without scanning
// every key: a posting list of game positions per byte trigram of the
// lower-cased keys. A query of three bytes or more intersects the lists of
// its trigrams and checks only the survivors; shorter queries scan. Byte
// trigrams are exact for UTF-8: a valid needle can only match at rune
// boundaries, so Khmer, Thai and Chinese names are found like Latin ones.
type nameIndex struct {
	games    []*Game
	postings map[uint32][]int32
}

func trigram(s string, i int) uint32 {
	return uint32(s[i])<<16 | uint32(s[i+1])<<8 | uint32(s[i+2])
}

func newNameIndex(games []*Game) *nameIndex {
	ix := &nameIndex{games: games, postings: map[uint32][]int32{}}
	for pos, g := range games {
		key := g.search
		for i := 0; i+3 <= len(key); i++ {
			t := trigram(key, i)
			list := ix.postings[t]
			if n := len(list); n > 0 && list[n-1] == int32(pos) {
				continue // already listed for this game
			}
			ix.postings[t] = append(list, int32(pos))
		}
	}
	return ix
}

// match returns the games whose key contains needle (already lower-case),
// in catalogue order.
func (ix *nameIndex) match(needle string) []*Game {
	if len(needle) < 3 {
		var out []*Game
		for _, g := range ix.games {
			if strings.Contains(g.search, needle) {
				out = append(out, g)
			}
		}
		return out
	}
	// Start from the shortest posting list, then narrow by the others.
	lists := make([][]int32, 0, len(needle)-2)
	for i := 0; i+3 <= len(needle); i++ {
		list, ok := ix.postings[trigram(needle, i)]
		if !ok {
			return nil
		}
		lists = append(lists, list)
	}
	slices.SortFunc(lists, func(a, b []int32) int { return len(a) - len(b) })
	candidates := slices.Clone(lists[0])
	for _, list := range lists[1:] {
		candidates = intersect(candidates, list)
		if len(candidates) == 0 {
			return nil
		}
	}
	out := make([]*Game, 0, len(candidates))
	for _, pos := range candidates {
		if g := ix.games[pos]; strings.Contains(g.search, needle) {
			out = append(out, g)
		}
	}
	return out
}

// intersect keeps the entries of a (sorted) that are also in b (sorted),
// reusing a's storage.
func intersect(a, b []int32) []int32 {
	out := a[:0]
	j := 0
	for _, x := range a {
		for j < len(b) && b[j] < x {
			j++
		}
		if j < len(b) && b[j] == x {
			out = append(out, x)
		}
	}
	return out
}
