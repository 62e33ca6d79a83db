package catalog

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"time"

	"portal/internal/database"
)

// seedVendors is the demo catalogue's vendors in server order. The game
// counts make the catalogue the spec describes: nearly 10,000 slots.
var seedVendors = []struct {
	Vendor
	slots, fish, live, pvp int
}{
	{Vendor{"PG", "PG Soft", TypeSlots, IsGame, 1}, 800, 0, 0, 0},
	{Vendor{"EG2", "EG Gaming", TypeSlots, IsGame, 2}, 800, 0, 0, 0},
	{Vendor{"PT", "Playtech", TypeSlots, IsGame, 3}, 800, 0, 0, 0},
	{Vendor{"JDB", "JDB Gaming", TypeSlots, IsGame, 4}, 800, 15, 0, 0},
	{Vendor{"CQ9", "CQ9 Gaming", TypeSlots, IsGame, 5}, 800, 0, 0, 0},
	{Vendor{"FC", "Fa Chai", TypeSlots, IsGame, 6}, 800, 15, 0, 0},
	{Vendor{"JL", "JILI", TypeSlots, IsGame, 7}, 800, 15, 0, 0},
	{Vendor{"BGS", "BGaming", TypeSlots, IsGame, 8}, 800, 0, 0, 0},
	{Vendor{"PP", "Pragmatic Play", TypeSlots, IsGame, 9}, 800, 0, 0, 0},
	{Vendor{"HB", "Habanero", TypeSlots, IsGame, 10}, 800, 0, 0, 0},
	{Vendor{"SG", "Spadegaming", TypeSlots, IsGame, 11}, 800, 0, 0, 0},
	{Vendor{"NLC", "Nolimit City", TypeSlots, IsGame, 12}, 800, 0, 0, 0},
	{Vendor{"PGE", "Portal Games", TypeSlots, IsGame, 13}, 0, 0, 0, 0},
	{Vendor{"EVO", "Evolution", TypeLive, IsGame, 20}, 0, 0, 80, 0},
	{Vendor{"SEXY", "Sexy Baccarat", TypeLive, IsGame, 21}, 0, 0, 80, 0},
	{Vendor{"DG", "Dream Gaming", TypeLive, IsGame, 22}, 0, 0, 80, 0},
	{Vendor{"KA", "KA Fishing", TypeFish, IsGame, 30}, 0, 40, 0, 0},
	{Vendor{"SABA", "SABA Sports", TypeSports, IsVassalage, 40}, 0, 0, 0, 0},
	{Vendor{"CMD", "CMD368", TypeSports, IsVassalage, 41}, 0, 0, 0, 0},
	{Vendor{"IA", "IA E-sports", TypeSports, IsVassalage, 42}, 0, 0, 0, 0},
	{Vendor{"TF", "TF Gaming", TypeSports, IsVassalage, 43}, 0, 0, 0, 0},
	{Vendor{"KM_PVP", "KM Cards", TypePVP, IsGame, 50}, 0, 0, 0, 48},
	{Vendor{"V8", "V8 Poker", TypePVP, IsGame, 51}, 0, 0, 0, 48},
	{Vendor{"SV388", "SV388 Cockfight", TypeCockfight, IsVassalage, 60}, 0, 0, 0, 0},
	{Vendor{"TCG_LOTTO_VN", "TCG Lotto VN", TypeLottery, IsVassalage, 70}, 0, 0, 0, 0},
	{Vendor{"TCG_SEA", "TCG SEA Lottery", TypeLottery, IsVassalage, 71}, 0, 0, 0, 0},
	{Vendor{"LOTT", "Portal Lottery", TypeLottery, IsVassalage, 72}, 0, 0, 0, 0},
	{Vendor{"ELOTT", "Portal E-Lottery", TypeELottery, IsVassalage, 73}, 0, 0, 0, 0},
}

// luckyVendors is the second merchant's smaller offer: no cockfight, fewer
// slot vendors, in its own order.
var luckyVendors = []string{"PP", "PG", "JL", "JDB", "PGE", "EVO", "DG", "KA", "SABA", "IA", "V8", "TCG_SEA", "LOTT"}

// inhouseGames are the in-house games the portal will run itself.
var inhouseGames = []struct {
	code, classify string
	names          [5]string
}{
	{"PGE_SLOT", "VIDEO", [5]string{"Portal Fortune Reels", "រង្វិលសំណាងផតថល", "幸运转轴", "วงล้อโชคลาภ", "Cuộn Quay Tài Lộc"}},
	{"PGE_DICE", "ARCADE", [5]string{"Portal Dice", "គ្រាប់ឡុកឡាក់ផតថល", "骰子", "ลูกเต๋า", "Xúc Xắc"}},
	{"PGE_CRASH", "ARCADE", [5]string{"Portal Crash", "ផតថលក្រាស", "爆点", "แครช", "Crash"}},
}

type seedGame struct {
	code, vendor, typ, classify string
	names                       [5]string
	hot, play, isNew            bool
	popularity, sort            int
	rooms                       []Room
}

// Seed writes the demo catalogue once (vendors and games are left alone if
// any exist), then offers vendors to the demo merchants that lack an offer,
// and seeds their winner boards when empty. Deterministic: the same seed
// makes the same catalogue everywhere.
func Seed(ctx context.Context, db *database.DB) error {
	var vendors int
	if err := db.Read().QueryRowContext(ctx, `SELECT COUNT(*) FROM vendors`).Scan(&vendors); err != nil {
		return fmt.Errorf("catalog: seed: %w", err)
	}
	return db.InTx(ctx, func(q database.Querier) error {
		if vendors == 0 {
			if err := seedCatalogue(ctx, q); err != nil {
				return err
			}
		}
		all := make([]string, len(seedVendors))
		for i, v := range seedVendors {
			all[i] = v.Code
		}
		for code, offer := range map[string][]string{"demo": all, "lucky": luckyVendors} {
			if err := seedMerchant(ctx, q, code, offer); err != nil {
				return err
			}
		}
		return database.Bump(ctx, q, Topic)
	})
}

func seedCatalogue(ctx context.Context, q database.Querier) error {
	for _, v := range seedVendors {
		if _, err := q.ExecContext(ctx, `INSERT INTO vendors (code, name, game_type, is_game, sort) VALUES ($1, $2, $3, $4, $5)`,
			v.Code, v.Name, v.GameType, v.IsGame, v.Sort); err != nil {
			return fmt.Errorf("catalog: seed vendor %s: %w", v.Code, err)
		}
	}
	return insertGames(ctx, q, generateGames())
}

// generateGames builds the demo games from the word lists.
func generateGames() []seedGame {
	rng := rand.New(rand.NewPCG(20261122, 7))
	// Every adjective-noun-suffix combination once, shuffled, so names
	// never repeat.
	type combo struct{ a, n, s int }
	var combos []combo
	for a := range adjectives {
		for n := range nouns {
			for s := range suffixes {
				combos = append(combos, combo{a, n, s})
			}
		}
	}
	rng.Shuffle(len(combos), func(i, j int) { combos[i], combos[j] = combos[j], combos[i] })
	next := 0
	var games []seedGame
	add := func(g seedGame) {
		g.sort = len(games) + 1
		g.popularity = int(rng.ExpFloat64() * 10000)
		games = append(games, g)
	}
	for _, v := range seedVendors {
		n := 0
		code := func() string { n++; return fmt.Sprintf("%s_%04d", v.Code, n) }
		for i := 0; i < v.slots; i++ {
			c := combos[next]
			next++
			g := seedGame{code: code(), vendor: v.Code, typ: TypeSlots, classify: slotClassify(c.n, c.s),
				names: composeName(adjectives[c.a], nouns[c.n], suffixes[c.s]),
				hot:   rng.IntN(100) < 3, play: rng.IntN(100) >= 8, isNew: rng.IntN(100) < 5}
			add(g)
		}
		for i := 0; i < v.fish; i++ {
			stem := fishGames[i%len(fishGames)]
			add(seedGame{code: code(), vendor: v.Code, typ: TypeFish, classify: "FISH", names: numbered(stem, i/len(fishGames)+1),
				hot: rng.IntN(100) < 5, play: rng.IntN(100) >= 10})
		}
		for i := 0; i < v.live; i++ {
			kind := liveGames[i%len(liveGames)]
			add(seedGame{code: code(), vendor: v.Code, typ: TypeLive, classify: strings.ToUpper(strings.ReplaceAll(kind[0], " ", "_")),
				names: tableName(kind, i/len(liveGames)+1), hot: i < 3, play: true})
		}
		for i := 0; i < v.pvp; i++ {
			stem := pvpGames[i%len(pvpGames)]
			add(seedGame{code: code(), vendor: v.Code, typ: TypePVP, classify: "CARD", names: numbered(stem, i/len(pvpGames)+1),
				hot: i < 2, play: true, rooms: pvpRooms()})
		}
		if v.IsGame == IsVassalage {
			add(seedGame{code: v.Code + "_LOBBY", vendor: v.Code, typ: v.GameType, classify: "LOBBY",
				names: [5]string{v.Name, v.Name, v.Name, v.Name, v.Name}, play: true})
		}
		if v.Code == "PGE" {
			for _, ig := range inhouseGames {
				add(seedGame{code: ig.code, vendor: "PGE", typ: TypeSlots, classify: ig.classify, names: ig.names, hot: true, play: false, isNew: true})
			}
		}
	}
	return games
}

func composeName(adj, noun, suffix [5]string) [5]string {
	var out [5]string
	for i := range out {
		var parts []string
		if i == 0 || i == 2 { // EN, CN: adjective first
			parts = []string{adj[i], noun[i], suffix[i]}
		} else {
			parts = []string{noun[i], adj[i], suffix[i]}
		}
		sep := " "
		if i == 2 {
			sep = ""
		}
		out[i] = strings.TrimSpace(strings.Join(parts, sep))
	}
	return out
}

func numbered(stem [5]string, n int) [5]string {
	if n == 1 {
		return stem
	}
	var out [5]string
	for i := range out {
		out[i] = fmt.Sprintf("%s %d", stem[i], n)
	}
	return out
}

func tableName(kind [5]string, n int) [5]string {
	var out [5]string
	for i := range out {
		out[i] = fmt.Sprintf("%s %s %d", kind[i], tableWord[i], n)
	}
	out[2] = fmt.Sprintf("%s%d%s", kind[2], n, tableWord[2])
	return out
}

func slotClassify(noun, suffix int) string {
	switch suffixes[suffix][0] {
	case "Megaways":
		return "MEGAWAYS"
	case "Jackpot", "Hold & Win", "Link":
		return "JACKPOT"
	}
	switch nouns[noun][0] {
	case "Fruits", "Sevens", "Diamonds", "Candy":
		return "CLASSIC"
	}
	return "VIDEO"
}

func pvpRooms() []Room {
	return []Room{
		{RoomID: "beginner", Name: "Beginner", MinBet: 100, MaxBet: 1000},
		{RoomID: "regular", Name: "Regular", MinBet: 1000, MaxBet: 10000},
		{RoomID: "advanced", Name: "Advanced", MinBet: 10000, MaxBet: 100000},
		{RoomID: "vip", Name: "VIP", MinBet: 100000, MaxBet: 1000000},
	}
}

// insertGames writes games in batches of multi-row inserts: one statement
// per 250 games keeps the seed fast on both engines.
func insertGames(ctx context.Context, q database.Querier, games []seedGame) error {
	const batch, cols = 250, 11
	for start := 0; start < len(games); start += batch {
		end := min(start+batch, len(games))
		var sb strings.Builder
		sb.WriteString(`INSERT INTO games (game_code, vassalage, game_type, classify, names, is_hot, support_play, is_new, popularity, sort, rooms) VALUES `)
		args := make([]any, 0, (end-start)*cols)
		for i, g := range games[start:end] {
			if i > 0 {
				sb.WriteString(",")
			}
			sb.WriteString("(")
			for c := 0; c < cols; c++ {
				if c > 0 {
					sb.WriteString(",")
				}
				fmt.Fprintf(&sb, "$%d", i*cols+c+1)
			}
			sb.WriteString(")")
			names := map[string]string{}
			for li, l := range nameLanguages {
				names[l] = g.names[li]
			}
			nj, _ := json.Marshal(names)
			rooms := []Room{}
			if g.rooms != nil {
				rooms = g.rooms
			}
			rj, _ := json.Marshal(rooms)
			args = append(args, g.code, g.vendor, g.typ, g.classify, string(nj), b2i(g.hot), b2i(g.play), b2i(g.isNew), g.popularity, g.sort, string(rj))
		}
		if _, err := q.ExecContext(ctx, sb.String(), args...); err != nil {
			return fmt.Errorf("catalog: seed games: %w", err)
		}
	}
	return nil
}

// seedMerchant offers vendors to a merchant that exists and has no offer
// yet, and seeds its winner board when it is empty.
func seedMerchant(ctx context.Context, q database.Querier, code string, offer []string) error {
	var exists, offered, wins int
	var currency string
	err := q.QueryRowContext(ctx, `SELECT COUNT(*), COALESCE(MAX(currency), '') FROM merchants WHERE code = $1`, code).Scan(&exists, &currency)
	if err != nil || exists == 0 {
		return err
	}
	if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM merchant_vendors WHERE merchant_code = $1`, code).Scan(&offered); err != nil {
		return err
	}
	if offered == 0 {
		for i, v := range offer {
			if _, err := q.ExecContext(ctx, `INSERT INTO merchant_vendors (merchant_code, vassalage, sort) VALUES ($1, $2, $3)`, code, v, i+1); err != nil {
				return fmt.Errorf("catalog: offer %s to %s: %w", v, code, err)
			}
		}
	}
	if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM big_wins WHERE merchant_code = $1`, code).Scan(&wins); err != nil {
		return err
	}
	if wins > 0 {
		return nil
	}
	rows, err := q.QueryContext(ctx, `SELECT g.game_code FROM games g JOIN merchant_vendors mv ON mv.vassalage = g.vassalage
		WHERE mv.merchant_code = $1 AND g.game_type IN ('RNG', 'FISH', 'LIVE') ORDER BY g.popularity DESC, g.id LIMIT 200`, code)
	if err != nil {
		return err
	}
	var pool []string
	for rows.Next() {
		var c string
		if err := rows.Scan(&c); err != nil {
			rows.Close()
			return err
		}
		pool = append(pool, c)
	}
	rows.Close()
	if len(pool) == 0 {
		return nil
	}
	rng := rand.New(rand.NewPCG(uint64(len(code)), 42))
	base := time.Date(2026, 11, 20, 0, 0, 0, 0, time.UTC)
	for i := 0; i < 40; i++ {
		name := fmt.Sprintf("%c%c***%02d", 'a'+rng.IntN(26), 'a'+rng.IntN(26), rng.IntN(100))
		amount := int64(50000 + rng.IntN(5000000)) // 500.00 to 50,500.00
		if _, err := q.ExecContext(ctx, `INSERT INTO big_wins (merchant_code, customer_name, game_code, amount, currency, won_at) VALUES ($1, $2, $3, $4, $5, $6)`,
			code, name, pool[rng.IntN(len(pool))], amount, currency, base.Add(-time.Duration(i)*37*time.Minute).UnixMilli()); err != nil {
			return fmt.Errorf("catalog: seed wins: %w", err)
		}
	}
	return nil
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}
