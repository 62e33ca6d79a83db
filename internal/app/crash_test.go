package app

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"strconv"
	"sync"
	"syscall"
	"testing"
	"time"

	"portal/internal/catalog"
	"portal/internal/config"
	"portal/internal/dbtest"
	"portal/internal/identity"
	"portal/internal/provider"
	"portal/internal/wallet"
)

// envCrashChild makes this test binary run the portal instead of the tests,
// so the crash test can kill a real server process without building one.
const envCrashChild = "PORTAL_CRASH_CHILD"

func TestMain(m *testing.M) {
	if os.Getenv(envCrashChild) == "1" {
		os.Exit(Run(context.Background(), []string{"serve"}, os.Getenv, os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// TestCrashLosesNothing runs the portal as a child process under a vendor's
// load of bet-and-win rounds, kills it with SIGKILL at random moments ten
// times, restarting it each time; then the ledger verifies and every
// callback the portal acknowledged is there. Each life is killed only after
// it has acknowledged a callback, so every kill lands under load.
func TestCrashLosesNothing(t *testing.T) {
	if testing.Short() {
		t.Skip("starts and kills the server ten times")
	}
	dbtest.EachDSN(t, func(t *testing.T, dsn string) {
		ctx := context.Background()
		dir := t.TempDir()
		env := map[string]string{"PORTAL_DB": dsn, "PORTAL_DATA": dir, "PORTAL_LOG_LEVEL": "error"}
		getenv := func(k string) string { return env[k] }
		var out bytes.Buffer
		if err := run(ctx, []string{"seed"}, getenv, &out, &out); err != nil {
			t.Fatal(err, out.String())
		}
		db, err := openDB(ctx, configFor(t, getenv))
		if err != nil {
			t.Fatal(err)
		}
		games, err := gamesService(db, nil)
		if err != nil {
			t.Fatal(err)
		}
		ids := identity.NewService(db, nil)
		m, err := ids.ByUsername(ctx, "demo", "player01")
		if err != nil {
			t.Fatal(err)
		}
		cat := catalog.NewService(db, nil)
		page, err := cat.List(ctx, "demo", catalog.ListQuery{Vendor: "JDB", Page: 1, Size: 1})
		if err != nil || len(page.Games) == 0 {
			t.Fatal("no game", err)
		}
		game := page.Games[0].GameCode
		launch, err := games.StartGame(ctx, cat, provider.LaunchRequest{Merchant: "demo", Member: m, Vendor: "JDB", GameCode: game})
		if err != nil {
			t.Fatal(err)
		}
		lu, _ := url.Parse(launch.URL)
		token := lu.Query().Get("token")
		secret, err := games.Secret(ctx, "JDB")
		if err != nil {
			t.Fatal(err)
		}
		games.Close()
		db.Close()

		var mu sync.Mutex
		var acked []string
		player := strconv.FormatInt(m.ID, 10)
		for life := range 10 {
			addr := freeAddr(t)
			child := exec.Command(os.Args[0], "-test.run=^$")
			child.Env = append(os.Environ(), envCrashChild+"=1", "PORTAL_DB="+dsn, "PORTAL_DATA="+dir, "PORTAL_ADDR="+addr, "PORTAL_LOG_LEVEL=error")
			var logs bytes.Buffer
			child.Stdout, child.Stderr = &logs, &logs
			if err := child.Start(); err != nil {
				t.Fatal(err)
			}
			if !healthy("http://" + addr) {
				_ = child.Process.Kill()
				_ = child.Wait()
				t.Fatalf("life %d: the portal did not come up: %s", life, logs.String())
			}
			stop := make(chan struct{})
			var wg sync.WaitGroup
			for w := range 8 {
				wg.Add(1)
				go func() {
					defer wg.Done()
					client := &http.Client{Timeout: 2 * time.Second}
					for n := 0; ; n++ {
						select {
						case <-stop:
							return
						default:
						}
						round := fmt.Sprintf("L%d-W%d-N%d", life, w, n)
						bet := provider.Callback{Token: token, Player: player, Currency: "USD", GameCode: game, RoundID: round, TransactionID: round + "-bet", Amount: 100}
						if !send(client, addr, secret, provider.OpBet, bet) {
							continue
						}
						mu.Lock()
						acked = append(acked, bet.TransactionID)
						mu.Unlock()
						win := provider.Callback{Player: player, Currency: "USD", RoundID: round, TransactionID: round + "-win", ReferenceTransactionID: bet.TransactionID, Amount: int64(rand.IntN(3)) * 100, RoundClosed: true}
						if send(client, addr, secret, provider.OpWin, win) {
							mu.Lock()
							acked = append(acked, win.TransactionID)
							mu.Unlock()
						}
					}
				}()
			}
			// The kill comes at a random moment once the load flows: on a
			// loaded machine the first answers of a new process can take
			// longer than the whole random window.
			mu.Lock()
			before := len(acked)
			mu.Unlock()
			flowing := func() bool {
				mu.Lock()
				defer mu.Unlock()
				return len(acked) > before
			}
			for deadline := time.Now().Add(30 * time.Second); !flowing(); time.Sleep(10 * time.Millisecond) {
				if time.Now().After(deadline) {
					_ = child.Process.Kill()
					_ = child.Wait()
					close(stop)
					wg.Wait()
					t.Fatalf("life %d: no callback acknowledged in 30 s: %s", life, logs.String())
				}
			}
			time.Sleep(time.Duration(50+rand.IntN(500)) * time.Millisecond)
			if err := child.Process.Signal(syscall.SIGKILL); err != nil {
				t.Fatal(err)
			}
			_ = child.Wait()
			close(stop)
			wg.Wait()
		}

		db, err = openDB(ctx, configFor(t, getenv))
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		if v, err := wallet.NewService(db, time.Now).Verify(ctx); err != nil || len(v) != 0 {
			t.Fatalf("after ten crashes: %v %+v", err, v)
		}
		for _, id := range acked {
			var n int
			if err := db.Read().QueryRowContext(ctx, `SELECT COUNT(*) FROM vendor_transactions WHERE vendor_code = 'JDB' AND transaction_id = $1`, id).Scan(&n); err != nil || n != 1 {
				t.Fatalf("acknowledged %s is missing after the crashes (%v)", id, err)
			}
		}
		t.Logf("%d acknowledged callbacks, all present after 10 kills", len(acked))
	})
}

// send posts one callback; true means the portal acknowledged it (OK).
func send(client *http.Client, addr, secret, op string, cb provider.Callback) bool {
	body, _ := json.Marshal(cb)
	req, _ := http.NewRequest(http.MethodPost, "http://"+addr+"/vendor/JDB/wallet/"+op, bytes.NewReader(body))
	req.Header.Set("X-Signature", provider.Sign(secret, body))
	res, err := client.Do(req)
	if err != nil {
		return false
	}
	defer res.Body.Close()
	var a provider.Answer
	return json.NewDecoder(res.Body).Decode(&a) == nil && a.Status == provider.StatusOK
}

func healthy(base string) bool {
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		if res, err := http.Get(base + "/healthz"); err == nil {
			res.Body.Close()
			if res.StatusCode == 200 {
				return true
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	return false
}

func configFor(t *testing.T, getenv func(string) string) config.Config {
	t.Helper()
	cfg, err := config.Load(getenv)
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}
