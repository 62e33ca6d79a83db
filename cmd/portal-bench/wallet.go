package main

import (
	"bytes"
	"context"
	crand "crypto/rand"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
	"time"

	"portal/internal/bonus"
	"portal/internal/catalog"
	"portal/internal/database"
	"portal/internal/identity"
	"portal/internal/merchant"
	"portal/internal/provider"
	"portal/internal/wallet"
)

const benchMembers = 1000

// walletBench measures bet-and-win pairs per second through the HTTP
// seamless-wallet API (signatures checked) for benchMembers members, and
// beside it the yardstick: the same database doing one durable insert per
// commit from as many connections.
func walletBench(portal, label, dsn, dir string, conns int, dur, warm time.Duration) error {
	addr, err := freeAddr()
	if err != nil {
		return err
	}
	cmd, stop, err := startPortal(portal, addr, dir, dsn)
	if err != nil {
		return err
	}
	defer stop()
	base := "http://" + addr
	ctx := context.Background()
	db, err := database.Open(ctx, dsn)
	if err != nil {
		return err
	}
	defer db.Close()
	players, secret, err := prepareMembers(ctx, db)
	if err != nil {
		return fmt.Errorf("prepare members: %w", err)
	}
	client := &http.Client{Transport: &http.Transport{MaxIdleConns: conns * 2, MaxIdleConnsPerHost: conns * 2, MaxConnsPerHost: conns}, Timeout: 30 * time.Second}
	playPairs(client, base, secret, players, conns, warm)
	before := cpuNow(ctx, db, cmd.Process.Pid)
	pairs, fails := playPairs(client, base, secret, players, conns, dur)
	cpu := before.again().since(before, pairs*dur.Seconds())
	// The same load again with every member holding a running bonus: each
	// bet now also counts towards its wagering (the grant is too large to
	// complete during the run, so every bet pays the update).
	if err := grantBonuses(ctx, db, players); err != nil {
		return fmt.Errorf("grant bonuses: %w", err)
	}
	playPairs(client, base, secret, players, conns, warm)
	wagering, _ := playPairs(client, base, secret, players, conns, dur)
	yard, err := yardstick(ctx, db, conns, dur)
	if err != nil {
		return fmt.Errorf("yardstick: %w", err)
	}
	v, err := wallet.NewService(db, time.Now).Verify(ctx)
	if err != nil {
		return err
	}
	walletFigures[label] = walletFigure{pairs: pairs, yardstick: yard}
	fmt.Printf("%-11s %14.0f %22.0f %8.0f%% %8d %10s %s\n", label, pairs, yard, 100*pairs/yard, fails, map[bool]string{true: "ok", false: fmt.Sprintf("%d broken", len(v))}[len(v) == 0], cpu)
	fmt.Printf("%-11s %14.0f pairs/s with a running bonus: %.1f%% of the plain rate\n", "", wagering, 100*wagering/pairs)
	return nil
}

// cpuTimes is CPU time used so far by the portal, by the database server's
// processes serving the bench (PostgreSQL on this machine; SQLite runs in
// the portal) and by this load generator.
type cpuTimes struct {
	portal, server, bench time.Duration
	portalPID             int
	serverPIDs            []int
	// gone: a server process of the first reading had ended by this one
	// (its time is lost, so the server's figure is not given).
	gone bool
}

// cpuNow reads the CPU times (Linux /proc; zero elsewhere). The server's
// processes are PostgreSQL's sessions named portal-bench (the portal's
// connections among them: its pool keeps them open).
func cpuNow(ctx context.Context, db *database.DB, portal int) cpuTimes {
	t := cpuTimes{portalPID: portal}
	if db.Dialect == database.Postgres {
		rows, err := db.Read().QueryContext(ctx, `SELECT pid FROM pg_stat_activity WHERE application_name = 'portal-bench'`)
		if err == nil {
			for rows.Next() {
				var pid int
				if rows.Scan(&pid) == nil {
					t.serverPIDs = append(t.serverPIDs, pid)
				}
			}
			rows.Close()
		}
	}
	return t.again()
}

// again reads the same processes' times anew.
func (t cpuTimes) again() cpuTimes {
	t.portal, _ = procCPU(t.portalPID)
	t.server = 0
	for _, pid := range t.serverPIDs {
		cpu, ok := procCPU(pid)
		t.gone = t.gone || !ok
		t.server += cpu
	}
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) == nil {
		t.bench = time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	return t
}

// since formats the CPU used per pair between before and t, pairs played:
// the portal's, the database server's and the load generator's, in µs.
func (t cpuTimes) since(before cpuTimes, pairs float64) string {
	if pairs <= 0 || t.portal == 0 {
		return ""
	}
	per := func(d time.Duration) string { return fmt.Sprintf("%7.0f", float64(d.Microseconds())/pairs) }
	server := per(t.server - before.server)
	if t.gone {
		server = fmt.Sprintf("%7s", "n/a")
	}
	return per(t.portal-before.portal) + " " + server + " " + per(t.bench-before.bench)
}

// procCPU is a process's user and system CPU time from /proc; ok is false
// when it cannot be read (no such process, or no /proc). Clock ticks are
// taken as the usual 100 a second.
func procCPU(pid int) (cpu time.Duration, ok bool) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, false
	}
	// Fields after the command name, which is in parentheses and may hold
	// spaces: state is the first; utime and stime are the 12th and 13th.
	f := strings.Fields(string(b[bytes.LastIndexByte(b, ')')+1:]))
	if len(f) < 13 {
		return 0, false
	}
	u, _ := strconv.ParseInt(f[11], 10, 64)
	st, _ := strconv.ParseInt(f[12], 10, 64)
	return time.Duration(u+st) * 10 * time.Millisecond, true
}

type benchPlayer struct {
	id, token, game string
}

// prepareMembers opens benchMembers funded members, each with a game
// session at JDB. Members are written directly (no password to hash: they
// never log in), money goes through the ledger like any adjustment.
// grantBonuses gives every bench member a running bonus of 1,000.00 at
// 100x wagering from the bench's own promotion side.
func grantBonuses(ctx context.Context, db *database.DB, players []benchPlayer) error {
	bonuses := bonus.NewService(db, wallet.NewService(db, time.Now), bonus.Options{})
	for _, p := range players {
		id, _ := strconv.ParseInt(p.id, 10, 64)
		if _, err := bonuses.Grant(ctx, bonus.Grant{Merchant: "demo", MemberID: id, Currency: "USD", Amount: 1_000_00, Wagering: 100,
			Expires: time.Now().Add(24 * time.Hour), Source: "bench:" + p.id, From: wallet.Side(wallet.KindPromo, "bench", "USD"), Title: "bench"}); err != nil {
			return err
		}
	}
	return nil
}

func prepareMembers(ctx context.Context, db *database.DB) ([]benchPlayer, string, error) {
	merchants, err := merchant.NewService(db, merchant.Options{})
	if err != nil {
		return nil, "", err
	}
	ids, cat, ledger := identity.NewService(db, nil), catalog.NewService(db, nil), wallet.NewService(db, time.Now)
	games := provider.NewService(db, ledger, ids, cat, merchants, provider.Options{})
	defer games.Close()
	page, err := cat.List(ctx, "demo", catalog.ListQuery{Vendor: "JDB", Page: 1, Size: 1})
	if err != nil || len(page.Games) == 0 {
		return nil, "", fmt.Errorf("no JDB game: %v", err)
	}
	game := page.Games[0].GameCode
	suffix := make([]byte, 4)
	_, _ = crand.Read(suffix)
	var out []benchPlayer
	for i := range benchMembers {
		var id int64
		now := time.Now().UnixMilli()
		if err := db.Write().QueryRowContext(ctx, `INSERT INTO members (merchant_code, username, password_hash, payment_password_hash, type, nickname, vip_level, profile, password_changed_at, must_change_password, created_at)
			VALUES ('demo', $1, '!', '', 0, '', 0, '{}', $2, 0, $2) RETURNING id`, fmt.Sprintf("bench%s%04d", hex.EncodeToString(suffix), i), now).Scan(&id); err != nil {
			return nil, "", err
		}
		if _, err := ledger.Move(ctx, wallet.Request{Merchant: "demo", Key: "bench-fund-" + strconv.FormatInt(id, 10), From: wallet.Side(wallet.KindAdjustment, "bench", "USD"),
			To: wallet.Member(id, "USD"), Amount: 1_000_000_00, Kind: "adjust"}); err != nil {
			return nil, "", err
		}
		m, err := ids.Member(ctx, id)
		if err != nil {
			return nil, "", err
		}
		l, err := games.StartGame(ctx, cat, provider.LaunchRequest{Merchant: "demo", Member: m, Vendor: "JDB", GameCode: game})
		if err != nil {
			return nil, "", err
		}
		u, _ := url.Parse(l.URL)
		out = append(out, benchPlayer{id: strconv.FormatInt(id, 10), token: u.Query().Get("token"), game: game})
	}
	secret, err := games.Secret(ctx, "JDB")
	return out, secret, err
}

var roundSeq atomic.Int64

// playPairs has conns vendors' connections play rounds (a bet, then a win
// closing the round) for random members during d; it returns completed
// pairs per second and the number of calls not answered OK.
func playPairs(client *http.Client, base, secret string, players []benchPlayer, conns int, d time.Duration) (float64, int64) {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	var pairs, fails atomic.Int64
	var wg sync.WaitGroup
	begin := time.Now()
	for range conns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64()))
			for ctx.Err() == nil {
				p := players[r.IntN(len(players))]
				round := "bench-" + strconv.FormatInt(roundSeq.Add(1), 10)
				bet := provider.Callback{Token: p.token, Player: p.id, Currency: "USD", GameCode: p.game, RoundID: round, TransactionID: round + "-b", Amount: 100}
				if !callOK(ctx, client, base, secret, provider.OpBet, bet) {
					if ctx.Err() == nil {
						fails.Add(1)
					}
					continue
				}
				win := provider.Callback{Player: p.id, Currency: "USD", RoundID: round, TransactionID: round + "-w", ReferenceTransactionID: bet.TransactionID,
					Amount: int64(r.IntN(3)) * 95, RoundClosed: true}
				if !callOK(ctx, client, base, secret, provider.OpWin, win) {
					if ctx.Err() == nil {
						fails.Add(1)
					}
					continue
				}
				pairs.Add(1)
			}
		}()
	}
	wg.Wait()
	return float64(pairs.Load()) / time.Since(begin).Seconds(), fails.Load()
}

func callOK(ctx context.Context, client *http.Client, base, secret, op string, cb provider.Callback) bool {
	body, _ := json.Marshal(cb)
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, base+"/vendor/JDB/wallet/"+op, bytes.NewReader(body))
	if err != nil {
		return false
	}
	req.Header.Set("X-Signature", provider.Sign(secret, body))
	res, err := client.Do(req)
	if err != nil {
		return false
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	var a provider.Answer
	return json.Unmarshal(raw, &a) == nil && a.Status == provider.StatusOK
}

// yardstick is conns connections each committing one insert at a time,
// durably, through the database's write path, for d: inserts per second.
func yardstick(ctx context.Context, db *database.DB, conns int, d time.Duration) (float64, error) {
	if _, err := db.Write().ExecContext(ctx, `CREATE TABLE IF NOT EXISTS bench_yardstick (n BIGINT NOT NULL, at BIGINT NOT NULL)`); err != nil {
		return 0, err
	}
	ctx, cancel := context.WithTimeout(ctx, d)
	defer cancel()
	var n atomic.Int64
	var wg sync.WaitGroup
	begin := time.Now()
	for range conns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for ctx.Err() == nil {
				if _, err := db.Write().ExecContext(ctx, `INSERT INTO bench_yardstick (n, at) VALUES ($1, $2)`, n.Load(), time.Now().UnixNano()); err == nil {
					n.Add(1)
				}
			}
		}()
	}
	wg.Wait()
	return float64(n.Load()) / time.Since(begin).Seconds(), nil
}

// postgresBenchDSN makes a schema of its own on the PostgreSQL server named
// by PORTAL_BENCH_POSTGRES (default: the local test server) and returns its
// URL and a function dropping it; ok is false when no server answers.
func postgresBenchDSN() (dsn string, drop func(), ok bool) {
	base := os.Getenv("PORTAL_BENCH_POSTGRES")
	if base == "" {
		base = "postgres://root@127.0.0.1:5432/test?sslmode=disable"
	}
	ctx := context.Background()
	admin, err := database.Open(ctx, base)
	if err != nil {
		return "", nil, false
	}
	suffix := make([]byte, 4)
	_, _ = crand.Read(suffix)
	schema := "bench_" + hex.EncodeToString(suffix)
	if _, err := admin.Write().ExecContext(ctx, "CREATE SCHEMA "+schema); err != nil {
		admin.Close()
		return "", nil, false
	}
	u, _ := url.Parse(base)
	q := u.Query()
	q.Set("search_path", schema)
	// Named, so the server's sessions of the bench (the portal's among
	// them) can be told from any other in pg_stat_activity.
	q.Set("application_name", "portal-bench")
	u.RawQuery = q.Encode()
	return u.String(), func() {
		_, _ = admin.Write().ExecContext(ctx, "DROP SCHEMA "+schema+" CASCADE")
		admin.Close()
	}, true
}

// walletBenches runs the wallet figure on SQLite and, when it answers, on
// PostgreSQL; only names one of them ("sqlite", "postgres") to run it alone.
func walletBenches(portal, only string, conns int, dur, warm time.Duration) error {
	fmt.Printf("\nseamless wallet: bet-and-win pairs through POST /vendor/JDB/wallet/{bet,win} (HMAC checked), %d members, %d connections, %v after %v warm-up\n", benchMembers, conns, dur, warm)
	fmt.Println("yardstick: the same database, one durable insert per commit from as many connections")
	fmt.Println("CPU per pair (µs, Linux only): the portal's, the database server's (PostgreSQL; SQLite is inside the portal) and this load generator's")
	fmt.Printf("\n%-11s %14s %22s %9s %8s %10s %7s %7s %7s\n", "database", "pairs/s", "yardstick inserts/s", "ratio", "errors", "verify", "portal", "server", "loadgen")
	dir, err := os.MkdirTemp("", "portal-bench-wallet-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	if only != "postgres" {
		if err := walletBench(portal, "SQLite", filepath.Join(dir, "wallet.db"), dir, conns, dur, warm); err != nil {
			return fmt.Errorf("sqlite: %w", err)
		}
	}
	if only != "sqlite" {
		dsn, drop, ok := postgresBenchDSN()
		if !ok {
			fmt.Println("PostgreSQL  skipped: no server at PORTAL_BENCH_POSTGRES (or the local default)")
		} else {
			defer drop()
			if err := walletBench(portal, "PostgreSQL", dsn, dir, conns, dur, warm); err != nil {
				return fmt.Errorf("postgres: %w", err)
			}
		}
	}
	fmt.Println("goals: >= 5,000 pairs/s on SQLite and >= 2,000 on PostgreSQL, and >= 50% of the yardstick")
	return nil
}
