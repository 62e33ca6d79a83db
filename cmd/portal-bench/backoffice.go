package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/pquerna/otp"
	"github.com/pquerna/otp/totp"

	"portal/internal/database"
	"portal/internal/operator"
	"portal/internal/report"
)

// The back office's figures at scale (issue 13): merchant demo with
// 1,000,000 players and the aggregates of 10,000,000 bets over 30 days,
// then the latency of the calls staff make all day, one request at a time
// (a person waits for each): player search by prefix, the dashboard, the
// 30-day GGR by vendor, and beside them the GGR by game and the player
// profit and loss over 30 days.
//
// The generator is bench-only. It writes the members (with an address
// each, for the search by IP) and the aggregates the report queries read,
// computed here from the generated bets exactly as report.Record would
// have kept them (same buckets: UTC hours, local days of the reporting
// zone, member shards). It does not write the bets' 20 million ledger
// transfers: no query of the back office reads them, and the rebuild's
// agreement with the ledger is proved by the report package's tests.

const (
	benchPlayers = 1_000_000
	benchBets    = 10_000_000
	benchDays    = 30
	// latencySamples is how many calls each figure is taken over.
	latencySamples = 300
)

// backofficeBenches runs the figures on SQLite and, when it answers, on
// PostgreSQL.
func backofficeBenches(portal, only string, players, bets int) error {
	fmt.Printf("\nback office: merchant demo with %d players and the aggregates of %d bets over %d days; one request at a time, up to %d samples each\n",
		players, bets, benchDays, latencySamples)
	fmt.Printf("\n%-11s %-34s %9s %9s %9s %8s\n", "database", "call", "p50 ms", "p99 ms", "max ms", "samples")
	dir, err := os.MkdirTemp("", "portal-bench-backoffice-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	if only != "postgres" {
		if err := backofficeBench(portal, "SQLite", filepath.Join(dir, "backoffice.db"), dir, players, bets); err != nil {
			return fmt.Errorf("sqlite: %w", err)
		}
	}
	if only != "sqlite" {
		dsn, drop, ok := postgresBenchDSN()
		if !ok {
			fmt.Println("PostgreSQL  skipped: no server at PORTAL_BENCH_POSTGRES (or the local default)")
		} else {
			defer drop()
			if err := backofficeBench(portal, "PostgreSQL", dsn, dir, players, bets); err != nil {
				return fmt.Errorf("postgres: %w", err)
			}
		}
	}
	fmt.Println("goals: player search p99 < 50 ms; dashboard and 30-day GGR by vendor < 200 ms, on both databases")
	return nil
}

func backofficeBench(portal, label, dsn, dir string, players, bets int) error {
	addr, err := freeAddr()
	if err != nil {
		return err
	}
	_, stop, err := startPortal(portal, addr, dir, dsn)
	if err != nil {
		return err
	}
	defer stop()
	ctx := context.Background()
	db, err := database.Open(ctx, dsn)
	if err != nil {
		return err
	}
	defer db.Close()
	start := time.Now()
	g, err := generate(ctx, db, players, bets)
	if err != nil {
		return fmt.Errorf("generate: %w", err)
	}
	fmt.Printf("%-11s generated in %v: %d members, %d member-days, %d game-days, %d hour rows\n", label, time.Since(start).Round(time.Second),
		players, g.memberDays, g.gameDays, g.hourRows)

	c, err := operatorClient(ctx, db, "http://"+addr)
	if err != nil {
		return fmt.Errorf("operator log-in: %w", err)
	}
	r := rand.New(rand.NewPCG(7, 11))
	calls := []struct {
		name string
		path func() string
	}{
		{"player search by prefix", func() string {
			return "/admin/api/players?q=" + url.QueryEscape(fmt.Sprintf("p%03d", r.IntN(1000))) + "&pageSize=20"
		}},
		{"player search by address", func() string { return "/admin/api/players?q=" + url.QueryEscape(g.ips[r.IntN(len(g.ips))]) }},
		{"dashboard", func() string { return "/admin/api/dashboard" }},
		{"GGR by vendor, 30 days", func() string { return "/admin/api/reports/ggr?by=vendor" }},
		{"GGR by game, 30 days", func() string { return "/admin/api/reports/ggr?by=game" }},
		{"GGR by day, 30 days", func() string { return "/admin/api/reports/ggr?by=day" }},
		{"player P&L, 30 days", func() string { return "/admin/api/reports/players" }},
		{"new and active players, 30 days", func() string { return "/admin/api/reports/activity" }},
	}
	for _, call := range calls {
		// Warm the caches a little, as a working day would.
		for range 2 {
			if err := c.get(call.path()); err != nil {
				return fmt.Errorf("%s: %w", call.name, err)
			}
		}
		// At most latencySamples calls, fewer when a slow report would
		// keep the bench busy for more than 20 s (5 at least).
		var took []time.Duration
		began := time.Now()
		for i := 0; i < latencySamples && (i < 5 || time.Since(began) < 20*time.Second); i++ {
			t0 := time.Now()
			if err := c.get(call.path()); err != nil {
				return fmt.Errorf("%s: %w", call.name, err)
			}
			took = append(took, time.Since(t0))
		}
		slices.Sort(took)
		fmt.Printf("%-11s %-34s %9.1f %9.1f %9.1f %8d\n", label, call.name, ms(took[len(took)/2]), ms(took[len(took)*99/100]), ms(took[len(took)-1]), len(took))
	}
	return nil
}

// generated says what the generator wrote.
type generated struct {
	memberDays, gameDays, hourRows int
	ips                            []string
}

// benchGame is a catalogue game bets are placed on.
type benchGame struct{ code, vendor, typ string }

type memberDayKey struct{ day, member int64 }
type memberDay struct{ firstHour, count, bets, wins int64 }
type gameDayKey struct {
	day   int64
	game  int
	shard int64
}
type sums struct{ count, bets, wins int64 }
type hourKey struct{ hour, shard int64 }
type hourSums struct{ registrations, active, count, bets, wins int64 }

// generate writes players members of demo (registered over the last year)
// and the aggregates of bets bets placed over the last benchDays days on
// the catalogue's games; members and games are drawn with a long tail, as
// real play is.
func generate(ctx context.Context, db *database.DB, players, bets int) (generated, error) {
	var out generated
	r := rand.New(rand.NewPCG(1, 2))
	now := time.Now()
	nowMs := now.UnixMilli()
	msHour, msDay := int64(time.Hour/time.Millisecond), int64(24*time.Hour/time.Millisecond)
	offset := report.Offset("demo").Milliseconds()
	hours := map[hourKey]*hourSums{}
	hourOf := func(at, member int64) *hourSums {
		k := hourKey{at / msHour, member % report.Shards}
		h := hours[k]
		if h == nil {
			h = &hourSums{}
			hours[k] = h
		}
		return h
	}

	// Members, in batches; the id sequence is the database's.
	var firstID int64
	if err := db.Read().QueryRowContext(ctx, `SELECT COALESCE(MAX(id), 0) + 1 FROM members`).Scan(&firstID); err != nil {
		return out, err
	}
	const memberCols = 9
	batch := 500
	for i := 0; i < players; i += batch {
		n := min(batch, players-i)
		var sb strings.Builder
		args := make([]any, 0, n*memberCols)
		ipArgs := make([]any, 0, n*4)
		var ipSQL strings.Builder
		for j := range n {
			k := i + j
			id := firstID + int64(k)
			created := nowMs - r.Int64N(365*msDay)
			if j > 0 {
				sb.WriteString(",")
				ipSQL.WriteString(",")
			}
			p := len(args)
			fmt.Fprintf(&sb, "($%d,'demo',$%d,$%d,$%d,'!','',0,'{}',$%d,0,$%d)", p+1, p+2, p+3, p+4, p+5, p+6)
			args = append(args, id, fmt.Sprintf("p%07d", k), fmt.Sprintf("+8551%08d", k), fmt.Sprintf("p%07d@example.com", k), created, created)
			ip := fmt.Sprintf("10.%d.%d.%d", k>>16&255, k>>8&255, k&255)
			if k%1000 == 0 {
				out.ips = append(out.ips, ip)
			}
			q := len(ipArgs)
			fmt.Fprintf(&ipSQL, "($%d,$%d,$%d,$%d)", q+1, q+2, q+3, q+4)
			ipArgs = append(ipArgs, id, ip, created, created)
			hourOf(created, id).registrations++
		}
		err := db.InTx(ctx, func(q database.Querier) error {
			if _, err := q.ExecContext(ctx, `INSERT INTO members (id, merchant_code, username, mobile, email, password_hash, payment_password_hash, type, profile,
				password_changed_at, must_change_password, created_at) VALUES `+sb.String(), args...); err != nil {
				return err
			}
			_, err := q.ExecContext(ctx, `INSERT INTO member_ips (member_id, ip, first_seen, last_seen) VALUES `+ipSQL.String(), ipArgs...)
			return err
		})
		if err != nil {
			return out, fmt.Errorf("members: %w", err)
		}
	}
	fmt.Printf("            members written in %v\n", time.Since(now).Round(time.Second))
	if db.Dialect == database.Postgres {
		// The members' id sequence must pass the rows written with ids.
		if _, err := db.Write().ExecContext(ctx, `SELECT setval(pg_get_serial_sequence('members', 'id'), (SELECT MAX(id) FROM members))`); err != nil {
			return out, err
		}
	}

	// The catalogue's games; the bets, aggregated as report.Record does.
	var games []benchGame
	rows, err := db.Read().QueryContext(ctx, `SELECT game_code, vassalage, game_type FROM games ORDER BY popularity DESC, id`)
	if err != nil {
		return out, err
	}
	for rows.Next() {
		var g benchGame
		if err := rows.Scan(&g.code, &g.vendor, &g.typ); err != nil {
			rows.Close()
			return out, err
		}
		games = append(games, g)
	}
	rows.Close()
	if len(games) == 0 {
		return out, fmt.Errorf("no games")
	}
	memberZipf := rand.NewZipf(r, 1.1, 50, uint64(players-1))
	gameZipf := rand.NewZipf(r, 1.2, 10, uint64(len(games)-1))
	members := map[memberDayKey]*memberDay{}
	gameDays := map[gameDayKey]*sums{}
	for range bets {
		member := firstID + int64(memberZipf.Uint64())
		game := int(gameZipf.Uint64())
		at := nowMs - r.Int64N(benchDays*msDay)
		stake := (1 + r.Int64N(100)) * 100
		var win int64
		switch x := r.IntN(100); {
		case x < 40:
			win = stake * 2
		case x < 44:
			win = stake * 4
		case x < 45:
			win = stake * 10
		}
		hour, day := at/msHour, (at+offset)/msDay
		md := members[memberDayKey{day, member}]
		if md == nil {
			md = &memberDay{firstHour: hour}
			members[memberDayKey{day, member}] = md
		}
		md.firstHour = min(md.firstHour, hour)
		md.count++
		md.bets += stake
		md.wins += win
		gk := gameDayKey{day, game, member % report.Shards}
		gd := gameDays[gk]
		if gd == nil {
			gd = &sums{}
			gameDays[gk] = gd
		}
		gd.count++
		gd.bets += stake
		gd.wins += win
		h := hourOf(at, member)
		h.count++
		h.bets += stake
		h.wins += win
	}
	for k, md := range members {
		hourOf(md.firstHour*msHour, k.member).active++
	}
	out.memberDays, out.gameDays, out.hourRows = len(members), len(gameDays), len(hours)
	fmt.Printf("            bets drawn and aggregated in %v\n", time.Since(now).Round(time.Second))

	// Rows are added to any the seed left (its members' registrations).
	rowsOf := func(table, cols string, width int, each func(yield func(...any))) error {
		names := strings.Split(cols, ", ")
		keys := map[string][]string{"report_members": names[:3], "report_games": names[:6], "report_vendors": names[:5], "report_hours": names[:3]}[table]
		var upsert []string
		for _, c := range names[len(keys):] {
			if c == "first_bet_hour" {
				upsert = append(upsert, c+" = CASE WHEN excluded."+c+" < "+table+"."+c+" THEN excluded."+c+" ELSE "+table+"."+c+" END")
				continue
			}
			upsert = append(upsert, c+" = "+table+"."+c+" + excluded."+c)
		}
		conflict := " ON CONFLICT (" + strings.Join(keys, ", ") + ") DO UPDATE SET " + strings.Join(upsert, ", ")
		// All rows, in key order (appending to the B-tree rather than
		// splitting pages all over it), 20,000 to a transaction (the
		// portal's own writers wait for each).
		var rows [][]any
		each(func(v ...any) { rows = append(rows, v) })
		slices.SortFunc(rows, func(a, b []any) int {
			for i := range keys {
				if c := compareCell(a[i], b[i]); c != 0 {
					return c
				}
			}
			return 0
		})
		statement := func(q database.Querier, part [][]any) error {
			var sb strings.Builder
			args := make([]any, 0, len(part)*width)
			for i, row := range part {
				if i > 0 {
					sb.WriteString(",")
				}
				sb.WriteString("(")
				for j := range row {
					if j > 0 {
						sb.WriteString(",")
					}
					sb.WriteString("$" + strconv.Itoa(len(args)+j+1))
				}
				sb.WriteString(")")
				args = append(args, row...)
			}
			_, err := q.ExecContext(ctx, `INSERT INTO `+table+` (`+cols+`) VALUES `+sb.String()+conflict, args...)
			return err
		}
		// PostgreSQL takes 1000 rows a statement well; the SQLite driver
		// spends far longer preparing a statement of 8,000 parameters than
		// running 1000 of one row each (measured: 14 times).
		per := 1000
		if db.Dialect != database.Postgres {
			per = 1
		}
		var err error
		for start := 0; start < len(rows) && err == nil; start += 20_000 {
			chunk := rows[start:min(start+20_000, len(rows))]
			err = db.InTx(ctx, func(q database.Querier) error {
				for i := 0; i < len(chunk); i += per {
					if err := statement(q, chunk[i:min(i+per, len(chunk))]); err != nil {
						return err
					}
				}
				return nil
			})
		}
		if err != nil {
			return fmt.Errorf("%s: %w", table, err)
		}
		return nil
	}
	if err := rowsOf("report_members", "merchant_code, day, member_id, first_bet_hour, bets_placed, bet_count, bets, wins", 8, func(yield func(...any)) {
		for k, md := range members {
			yield("demo", k.day, k.member, md.firstHour, md.count, md.count, md.bets, md.wins)
		}
	}); err != nil {
		return out, err
	}
	if err := rowsOf("report_games", "merchant_code, day, vendor_code, game_code, game_type, shard, bet_count, bets, wins", 9, func(yield func(...any)) {
		for k, gd := range gameDays {
			g := games[k.game]
			yield("demo", k.day, g.vendor, g.code, g.typ, k.shard, gd.count, gd.bets, gd.wins)
		}
	}); err != nil {
		return out, err
	}
	// report_vendors is report_games summed over the games, as Record keeps it.
	type vendorDayKey struct {
		day         int64
		vendor, typ string
		shard       int64
	}
	vendorDays := map[vendorDayKey]*sums{}
	for k, gd := range gameDays {
		g := games[k.game]
		vk := vendorDayKey{k.day, g.vendor, g.typ, k.shard}
		v := vendorDays[vk]
		if v == nil {
			v = &sums{}
			vendorDays[vk] = v
		}
		v.count += gd.count
		v.bets += gd.bets
		v.wins += gd.wins
	}
	if err := rowsOf("report_vendors", "merchant_code, day, vendor_code, game_type, shard, bet_count, bets, wins", 8, func(yield func(...any)) {
		for k, v := range vendorDays {
			yield("demo", k.day, k.vendor, k.typ, k.shard, v.count, v.bets, v.wins)
		}
	}); err != nil {
		return out, err
	}
	if err := rowsOf("report_hours", "merchant_code, hour, shard, registrations, first_deposits, active_players, bet_count, bets, wins", 9, func(yield func(...any)) {
		for k, h := range hours {
			yield("demo", k.hour, k.shard, h.registrations, 0, h.active, h.count, h.bets, h.wins)
		}
	}); err != nil {
		return out, err
	}
	// Fresh statistics, as a database that grew to this size would have.
	_, err = db.Write().ExecContext(ctx, `ANALYZE`)
	return out, err
}

// benchOperator is a logged-in back-office session.
type benchOperator struct {
	client *http.Client
	base   string
}

// operatorClient creates an owner of demo and walks the log-in steps
// (password change, authenticator set-up) over HTTP.
func operatorClient(ctx context.Context, db *database.DB, base string) (*benchOperator, error) {
	ops := operator.NewService(db, time.Now)
	name := fmt.Sprintf("bench-%d", time.Now().UnixNano()%1_000_000)
	_, pw, err := ops.Create(ctx, db.Write(), "demo", name, operator.RoleOwner)
	if err != nil {
		return nil, err
	}
	jar, _ := cookiejar.New(nil)
	c := &benchOperator{client: &http.Client{Jar: jar, Timeout: 60 * time.Second}, base: base}
	var step operator.Step
	if err := c.post("/admin/api/session", map[string]string{"username": name, "password": pw}, &step); err != nil {
		return nil, err
	}
	if err := c.post("/admin/api/session/password", map[string]string{"loginToken": step.LoginToken, "newPassword": "BenchPass123"}, &step); err != nil {
		return nil, err
	}
	code, err := totp.GenerateCodeCustom(step.Secret, time.Now(), totp.ValidateOpts{Period: 30, Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1})
	if err != nil {
		return nil, err
	}
	if err := c.post("/admin/api/session/totp", map[string]string{"loginToken": step.LoginToken, "code": code}, nil); err != nil {
		return nil, err
	}
	return c, nil
}

func (c *benchOperator) post(path string, body, into any) error {
	raw, _ := json.Marshal(body)
	res, err := c.client.Post(c.base+path, "application/json", bytes.NewReader(raw))
	if err != nil {
		return err
	}
	defer res.Body.Close()
	return decodeAnswer(res, into)
}

func (c *benchOperator) get(path string) error {
	res, err := c.client.Get(c.base + path)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	return decodeAnswer(res, nil)
}

func decodeAnswer(res *http.Response, into any) error {
	raw, err := io.ReadAll(res.Body)
	if err != nil {
		return err
	}
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("status %d: %.200s", res.StatusCode, raw)
	}
	if into == nil {
		return nil
	}
	var env struct {
		Value json.RawMessage `json:"value"`
	}
	if err := json.Unmarshal(raw, &env); err != nil {
		return err
	}
	return json.Unmarshal(env.Value, into)
}

// compareCell orders two key cells of the generator's rows (strings or
// int64s).
func compareCell(a, b any) int {
	switch x := a.(type) {
	case string:
		return strings.Compare(x, b.(string))
	case int64:
		y := b.(int64)
		switch {
		case x < y:
			return -1
		case x > y:
			return 1
		}
	}
	return 0
}
