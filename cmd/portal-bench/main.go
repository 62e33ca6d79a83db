// Command portal-bench is `make bench`: it starts the portal on a fresh SQLite
// database with the full demo catalogue, drives each lobby endpoint from this
// second process at a fixed number of concurrent connections, and prints
// requests/s, p50 and p99 per endpoint, the ratio to a trivial endpoint of
// the same server (the yardstick), and the server's peak RSS.
//
// It is a benchmark, not a test: it reports figures and never fails on them.
package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/pprof"
	"slices"
	"strings"
	"sync"
	"time"
)

type endpoint struct {
	name string
	path string
}

// endpoints are the lobby reads of the platform-core issue; the first is the
// yardstick every other figure is compared with.
var endpoints = []endpoint{
	{"yardstick /healthz", "/healthz"},
	{"game list page", "/wps/game/list?clientType=3&platform=html5-desktop&gameType=RNG&pageNo=3&pageSize=18&language=EN&imgSize=sx2"},
	{"name search", "/wps/game/list?clientType=3&gameType=SEARCH&gameName=dragon&pageNo=1&pageSize=18&language=EN"},
	{"vendor lanes", "/wps/game/vendor?platform=html5-desktop"},
	{"permission", "/wps/system/permission"},
}

func main() {
	portal := flag.String("portal", "./bin/portal", "portal binary to start")
	conns := flag.Int("c", 64, "concurrent connections")
	dur := flag.Duration("d", 5*time.Second, "measured duration per endpoint")
	warm := flag.Duration("warmup", time.Second, "unmeasured warm-up per endpoint")
	only := flag.String("only", "", "run only one part: lobby, wallet, backoffice, cashier, agents or rebate")
	dbs := flag.String("db", "", "wallet, back-office, cashier and agents parts on one database only: sqlite or postgres")
	players := flag.Int("players", benchPlayers, "back office: players of the generated merchant")
	bets := flag.Int("bets", benchBets, "back office: bets whose aggregates are generated")
	deposits := flag.Int("deposits", benchDeposits, "cashier: sim deposit orders credited by webhook")
	agentMembers := flag.Int("agent-members", benchAgentMembers, "agents: members of the generated team tree")
	agentBets := flag.Int("agent-bets", benchAgentBets, "agents: bets whose aggregates are generated over the settled period")
	rebateMembers := flag.Int("rebate-members", benchRebateMembers, "rebate: members of the generated merchant")
	rebateBets := flag.Int("rebate-bets", benchRebateBets, "rebate: rounds generated on the settled day")
	profile := flag.String("cpuprofile", "", "write this load generator's CPU profile to the file (the portal's: set PORTAL_PPROF)")
	flag.Parse()
	if *profile != "" {
		f, err := os.Create(*profile)
		if err == nil {
			err = pprof.StartCPUProfile(f)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "portal-bench:", err)
			os.Exit(1)
		}
		defer pprof.StopCPUProfile()
	}
	var err error
	if *only == "" || *only == "lobby" {
		err = run(*portal, *conns, *dur, *warm)
	}
	if err == nil && (*only == "" || *only == "wallet") {
		err = walletBenches(*portal, *dbs, *conns, *dur, *warm)
	}
	if err == nil && (*only == "" || *only == "backoffice") {
		err = backofficeBenches(*portal, *dbs, *players, *bets)
	}
	if err == nil && (*only == "" || *only == "cashier") {
		err = cashierBenches(*portal, *dbs, *deposits)
	}
	if err == nil && (*only == "" || *only == "agents") {
		err = agentBenches(*portal, *dbs, *agentMembers, *agentBets)
	}
	if err == nil && (*only == "" || *only == "rebate") {
		err = rebateBenches(*portal, *dbs, *rebateMembers, *rebateBets)
	}
	if err != nil {
		pprof.StopCPUProfile()
		fmt.Fprintln(os.Stderr, "portal-bench:", err)
		os.Exit(1)
	}
}

func run(portal string, conns int, dur, warm time.Duration) error {
	dir, err := os.MkdirTemp("", "portal-bench-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	addr, err := freeAddr()
	if err != nil {
		return err
	}
	start := time.Now()
	cmd, stop, err := startPortal(portal, addr, dir, filepath.Join(dir, "portal.db"))
	if err != nil {
		return err
	}
	defer stop()
	base := "http://" + addr
	fmt.Printf("server up (migrate + seed of an empty database): %v\n", time.Since(start).Round(time.Millisecond))
	rssIdle := peakRSS(cmd.Process.Pid)

	client := &http.Client{Transport: &http.Transport{
		MaxIdleConns: conns * 2, MaxIdleConnsPerHost: conns * 2, MaxConnsPerHost: conns,
		IdleConnTimeout: time.Minute,
	}, Timeout: 10 * time.Second}

	fmt.Printf("\n%d connections, %v per endpoint after %v warm-up, server and load generator share this machine (%s)\n\n", conns, dur, warm, cpuInfo())
	fmt.Printf("%-22s %12s %10s %10s %10s %8s\n", "endpoint", "requests/s", "p50 ms", "p99 ms", "vs yard", "errors")
	var yard float64
	for i, ep := range endpoints {
		if err := check(client, base+ep.path); err != nil {
			return fmt.Errorf("%s: %w", ep.name, err)
		}
		load(client, base+ep.path, conns, warm)
		res := load(client, base+ep.path, conns, dur)
		if i == 0 {
			yard = res.rps
		}
		fmt.Printf("%-22s %12.0f %10.2f %10.2f %9.0f%% %8d\n", ep.name, res.rps, ms(res.p50), ms(res.p99), 100*res.rps/yard, res.errors)
	}
	fmt.Printf("\nserver peak RSS: %.1f MB (after start-up: %.1f MB)\n", float64(peakRSS(cmd.Process.Pid))/1024, float64(rssIdle)/1024)
	fmt.Println("goals: every lobby read >= 50% of the yardstick, p99 < 20 ms; RSS < 150 MB")
	return nil
}

type result struct {
	rps      float64
	p50, p99 time.Duration
	errors   int
}

// load sends requests from conns goroutines for d and measures each.
func load(client *http.Client, url string, conns int, d time.Duration) result {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	var (
		mu    sync.Mutex
		all   []time.Duration
		fails int
		wg    sync.WaitGroup
	)
	begin := time.Now()
	for range conns {
		wg.Add(1)
		go func() {
			defer wg.Done()
			lat := make([]time.Duration, 0, 4096)
			bad := 0
			r := rand.New(rand.NewPCG(rand.Uint64(), rand.Uint64()))
			for ctx.Err() == nil {
				t0 := time.Now()
				req, _ := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
				req.Header.Set("Merchant", "demo")
				// Each request comes from another visitor's address (the
				// portal trusts the bench as its proxy): answers that name
				// the visitor, such as permission's location, differ as
				// they would in the field.
				req.Header.Set("X-Forwarded-For", visitorAddr(r))
				res, err := client.Do(req)
				if err != nil {
					if ctx.Err() == nil {
						bad++
					}
					continue
				}
				_, _ = io.Copy(io.Discard, res.Body)
				res.Body.Close()
				if res.StatusCode != http.StatusOK {
					bad++
				}
				lat = append(lat, time.Since(t0))
			}
			mu.Lock()
			all = append(all, lat...)
			fails += bad
			mu.Unlock()
		}()
	}
	wg.Wait()
	elapsed := time.Since(begin)
	slices.Sort(all)
	if len(all) == 0 {
		return result{errors: fails}
	}
	return result{
		rps:    float64(len(all)) / elapsed.Seconds(),
		p50:    all[len(all)*50/100],
		p99:    all[len(all)*99/100],
		errors: fails,
	}
}

// visitorAddr is a random public-looking IPv4 address.
func visitorAddr(r *rand.Rand) string {
	return fmt.Sprintf("%d.%d.%d.%d", 11+r.IntN(200), r.IntN(256), r.IntN(256), 1+r.IntN(254))
}

func check(client *http.Client, url string) error {
	req, _ := http.NewRequest(http.MethodGet, url, nil)
	req.Header.Set("Merchant", "demo")
	res, err := client.Do(req)
	if err != nil {
		return err
	}
	defer res.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(res.Body, 300))
	if res.StatusCode != http.StatusOK {
		return fmt.Errorf("status %d: %s", res.StatusCode, body)
	}
	return nil
}

// startPortal starts `portal serve` on addr over the database dsn and
// waits until it answers; stop interrupts it and waits for it to end.
func startPortal(portal, addr, dir, dsn string) (*exec.Cmd, func(), error) {
	cmd := exec.Command(portal, "serve")
	cmd.Env = append(os.Environ(), "PORTAL_ADDR="+addr, "PORTAL_DATA="+dir, "PORTAL_DB="+dsn, "PORTAL_LOG_LEVEL=warn",
		// The load generator stands for a proxy in front of many visitors.
		"PORTAL_TRUSTED_PROXIES=127.0.0.1")
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Start(); err != nil {
		return nil, nil, fmt.Errorf("start %s: %w", portal, err)
	}
	stop := func() {
		_ = cmd.Process.Signal(os.Interrupt)
		_ = cmd.Wait()
	}
	if err := waitHealthy("http://"+addr, 120*time.Second); err != nil {
		stop()
		return nil, nil, err
	}
	return cmd, stop, nil
}

func waitHealthy(base string, limit time.Duration) error {
	deadline := time.Now().Add(limit)
	for time.Now().Before(deadline) {
		res, err := http.Get(base + "/healthz")
		if err == nil {
			res.Body.Close()
			if res.StatusCode == http.StatusOK {
				return nil
			}
		}
		time.Sleep(100 * time.Millisecond)
	}
	return errors.New("server did not become healthy")
}

func freeAddr() (string, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer ln.Close()
	return ln.Addr().String(), nil
}

// peakRSS reads the high-water mark of resident memory, in KiB.
func peakRSS(pid int) int64 {
	f, err := os.Open(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "VmHWM:"); ok {
			var kb int64
			fmt.Sscanf(strings.TrimSpace(v), "%d", &kb)
			return kb
		}
	}
	return 0
}

func cpuInfo() string {
	b, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return "unknown CPU"
	}
	n := strings.Count(string(b), "processor\t:")
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "model name\t: "); ok {
			return fmt.Sprintf("%d x %s", n, v)
		}
	}
	return fmt.Sprintf("%d CPUs", n)
}

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
