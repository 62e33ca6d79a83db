package report_test

import (
	"context"
	"strconv"
	"strings"
	"testing"
	"time"

	"portal/internal/database"
	"portal/internal/dbtest"
	"portal/internal/report"
)

// movement is a ledger transfer between a member and a vendor's side, as
// the ledger itself records it.
type movement struct {
	member                   string
	vendor, round, game, typ string
	kind                     string
	amount, at               int64
}

// ledgerMovements reads merchantCode's real-money game transfers straight
// from the ledger: a member's account on one side, a vendor's on the other
// (trial play meets the play-money side, funding the adjustment side). The
// game is the one of the round the transfer's reference names.
func ledgerMovements(t *testing.T, db *database.DB, merchantCode string) []movement {
	t.Helper()
	ctx := context.Background()
	rows, err := db.Read().QueryContext(ctx, `SELECT w.kind, w.amount, w.created_at, w.reference, d.kind, d.owner, c.kind, c.owner
		FROM wallet_transfers w JOIN wallet_accounts d ON d.id = w.debit_account JOIN wallet_accounts c ON c.id = w.credit_account
		WHERE w.merchant_code = $1 ORDER BY w.id`, merchantCode)
	if err != nil {
		t.Fatal(err)
	}
	var out []movement
	for rows.Next() {
		var m movement
		var ref, dKind, dOwner, cKind, cOwner string
		if err := rows.Scan(&m.kind, &m.amount, &m.at, &ref, &dKind, &dOwner, &cKind, &cOwner); err != nil {
			t.Fatal(err)
		}
		switch {
		case dKind == "member" && cKind == "vendor":
			m.member = dOwner
		case cKind == "member" && dKind == "vendor":
			m.member = cOwner
		default:
			continue
		}
		m.vendor, m.round, _ = strings.Cut(ref, ":")
		out = append(out, m)
	}
	if err := rows.Close(); err != nil {
		t.Fatal(err)
	}
	for i := range out {
		if err := db.Read().QueryRowContext(ctx, `SELECT game_code, game_type FROM game_rounds WHERE vendor_code = $1 AND round_id = $2`,
			out[i].vendor, out[i].round).Scan(&out[i].game, &out[i].typ); err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// expected sums movements the way the reports must: a stake is a bet, a
// refund takes one back, a win is a win.
type expected struct {
	byDay, byVendor, byGame, byType, byMember map[string]report.Figures
	stakers                                   map[string]map[string]bool // day -> members who staked
}

func sumLedger(ms []movement) expected {
	e := expected{byDay: map[string]report.Figures{}, byVendor: map[string]report.Figures{}, byGame: map[string]report.Figures{},
		byType: map[string]report.Figures{}, byMember: map[string]report.Figures{}, stakers: map[string]map[string]bool{}}
	for _, m := range ms {
		day := time.UnixMilli(m.at).UTC().Add(7 * time.Hour).Format(time.DateOnly)
		var f report.Figures
		switch m.kind {
		case "bet":
			f.BetCount, f.Bets = 1, m.amount
			if e.stakers[day] == nil {
				e.stakers[day] = map[string]bool{}
			}
			e.stakers[day][m.member] = true
		case "rollback":
			f.BetCount, f.Bets = -1, -m.amount
		case "win":
			f.Wins = m.amount
		}
		for key, into := range map[string]map[string]report.Figures{day: e.byDay, m.vendor: e.byVendor, m.vendor + "/" + m.game: e.byGame,
			m.typ: e.byType, m.member: e.byMember} {
			g := into[key]
			g.BetCount += f.BetCount
			g.Bets += f.Bets
			g.Wins += f.Wins
			into[key] = g
		}
	}
	return e
}

func money(f report.Figures) report.Figures {
	return report.Figures{BetCount: f.BetCount, Bets: f.Bets, Wins: f.Wins}
}

func TestFiguresMatchTheLedgerToTheUnit(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		c := newCasino(t, db)
		c.playMix()
		ctx := context.Background()
		period := report.Period{From: mustDay(t, "2026-11-20"), To: mustDay(t, "2026-11-21")}
		for _, merchantCode := range []string{"demo", "lucky"} {
			e := sumLedger(ledgerMovements(t, db, merchantCode))
			if len(e.byDay) != 2 {
				t.Fatalf("%s: the mix played on %d days", merchantCode, len(e.byDay))
			}
			var total report.Figures
			for _, f := range e.byDay {
				total.BetCount += f.BetCount
				total.Bets += f.Bets
				total.Wins += f.Wins
			}
			for by, want := range map[string]map[string]report.Figures{report.ByDay: e.byDay, report.ByVendor: e.byVendor,
				report.ByGame: e.byGame, report.ByGameType: e.byType} {
				rows, err := c.rep.GGR(ctx, merchantCode, report.GGRQuery{Period: period, By: by, Page: report.Page{Sort: "key"}})
				if err != nil {
					t.Fatal(err)
				}
				got := map[string]report.Figures{}
				for _, r := range rows.Content {
					key := r.Key
					if by == report.ByGame {
						key = r.Vendor + "/" + r.Key
					}
					got[key] = r.Figures
				}
				same(t, merchantCode+" ggr by "+by, got, want)
				if rows.Totals != total || rows.Total != len(want) {
					t.Errorf("%s ggr by %s totals %+v (%d rows), ledger %+v (%d)", merchantCode, by, rows.Totals, rows.Total, total, len(want))
				}
			}
			players, err := c.rep.Players(ctx, merchantCode, report.PlayersQuery{Period: period, Page: report.Page{Sort: "ggr", Desc: true}})
			if err != nil {
				t.Fatal(err)
			}
			got := map[string]report.Figures{}
			for _, p := range players.Content {
				got[itoa(p.MemberID)] = p.Figures
			}
			same(t, merchantCode+" players", got, e.byMember)
			if players.Totals != total {
				t.Errorf("%s players totals %+v, ledger %+v", merchantCode, players.Totals, total)
			}

			// The dashboard: today (2026-11-21) against yesterday, each
			// day as the ledger has it, the hours adding up to the day.
			d, err := c.rep.Dashboard(ctx, merchantCode)
			if err != nil {
				t.Fatal(err)
			}
			for day, f := range map[string]report.Figures{"2026-11-21": d.Today, "2026-11-20": d.Yesterday} {
				want := e.byDay[day]
				want.ActivePlayers = int64(len(e.stakers[day]))
				if got := (report.Figures{BetCount: f.BetCount, Bets: f.Bets, Wins: f.Wins, ActivePlayers: f.ActivePlayers}); got != want {
					t.Errorf("%s dashboard %s: %+v, ledger %+v", merchantCode, day, got, want)
				}
			}
			var today, yesterday report.Figures
			for _, h := range d.Hours {
				if h.Today != nil {
					today.Registrations += h.Today.Registrations
					today.ActivePlayers += h.Today.ActivePlayers
					today.BetCount += h.Today.BetCount
					today.Bets += h.Today.Bets
					today.Wins += h.Today.Wins
				} else if h.Hour <= 0 {
					t.Errorf("%s: hour %d of today is null at 00:30", merchantCode, h.Hour)
				}
				yesterday.Registrations += h.Yesterday.Registrations
				yesterday.ActivePlayers += h.Yesterday.ActivePlayers
				yesterday.BetCount += h.Yesterday.BetCount
				yesterday.Bets += h.Yesterday.Bets
				yesterday.Wins += h.Yesterday.Wins
			}
			if today != d.Today || yesterday != d.Yesterday {
				t.Errorf("%s: hours add up to %+v / %+v, days %+v / %+v", merchantCode, today, yesterday, d.Today, d.Yesterday)
			}

			// Activity: every day, the totals' active players distinct.
			act, err := c.rep.Activity(ctx, merchantCode, period, report.Page{})
			if err != nil {
				t.Fatal(err)
			}
			distinct := map[string]bool{}
			for _, r := range act.Content {
				want := e.byDay[r.Day]
				want.ActivePlayers = int64(len(e.stakers[r.Day]))
				if money(r.Figures) != money(want) || r.ActivePlayers != want.ActivePlayers {
					t.Errorf("%s activity %s: %+v, ledger %+v", merchantCode, r.Day, r.Figures, want)
				}
				for m := range e.stakers[r.Day] {
					distinct[m] = true
				}
			}
			if act.Totals.ActivePlayers != int64(len(distinct)) || money(act.Totals) != money(total) {
				t.Errorf("%s activity totals %+v, ledger %+v with %d players", merchantCode, act.Totals, total, len(distinct))
			}
		}

		// What the mix played, by hand: trial play and moves of nothing
		// never count; the refund of yesterday's bet counts today.
		rows, err := c.rep.Activity(ctx, "demo", period, report.Page{})
		if err != nil {
			t.Fatal(err)
		}
		day1, day2 := rows.Content[0], rows.Content[1]
		if day1.Day != "2026-11-20" || day1.Registrations != 3 || day1.ActivePlayers != 3 || day1.BetCount != 4 || day1.Bets != 1000+700+450+200 {
			t.Errorf("demo 2026-11-20: %+v", day1)
		}
		if day2.Registrations != 1 || day2.ActivePlayers != 2 || day2.BetCount != 1-1+2 || day2.Bets != 5000-450+150+175 || rows.Totals.ActivePlayers != 3 {
			t.Errorf("demo 2026-11-21: %+v, totals %+v", day2, rows.Totals)
		}
		lucky, err := c.rep.Activity(ctx, "lucky", period, report.Page{})
		if err != nil {
			t.Fatal(err)
		}
		if f := lucky.Totals; f.Registrations != 1 || f.BetCount != 2 || f.Bets != 12545 || f.Wins != 10000 || f.ActivePlayers != 1 {
			t.Errorf("lucky totals %+v", f)
		}
	})
}

func same(t *testing.T, what string, got, want map[string]report.Figures) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("%s: %d rows %v, ledger %d %v", what, len(got), got, len(want), want)
	}
	for k, w := range want {
		if g := money(got[k]); g != money(w) {
			t.Errorf("%s %s: %+v, ledger %+v", what, k, g, w)
		}
	}
}

func mustDay(t *testing.T, s string) int64 {
	t.Helper()
	d, err := report.ParseDay(s)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func itoa(v int64) string { return strconv.FormatInt(v, 10) }
