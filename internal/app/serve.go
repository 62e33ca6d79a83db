package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"portal/internal/agent"
	"portal/internal/bonus"
	"time"

	"portal/internal/cashier"
	"portal/internal/catalog"
	"portal/internal/config"
	"portal/internal/database"
	"portal/internal/httpapi"
	"portal/internal/identity"
	"portal/internal/inbox"
	"portal/internal/jobs"
	"portal/internal/loyalty"
	"portal/internal/merchant"
	"portal/internal/notify"
	"portal/internal/operator"
	"portal/internal/promo"
	"portal/internal/protection"
	"portal/internal/provider"
	"portal/internal/provider/inhouse"
	"portal/internal/realtime"
	"portal/internal/rebate"
	"portal/internal/report"
	"portal/internal/transferwallet"
	"portal/internal/wallet"
)

// serve runs the portal until ctx ends, then drains in-flight requests.
func serve(ctx context.Context, cfg config.Config, log *slog.Logger) error {
	if cfg.Dev {
		log.Warn("DEV MODE IS ON: SMS and e-mail go to /dev/outbox and captchas can be read at /dev/captcha/last; never run this in production")
	}
	db, err := openDB(ctx, cfg)
	if err != nil {
		return err
	}
	defer db.Close()
	start := time.Now()
	seeded, err := seedOnce(ctx, db)
	if err != nil {
		return err
	}
	if seeded {
		log.Info("seeded an empty database with the demo data", "ms", time.Since(start).Milliseconds())
	}
	// River's own schema is brought up to date right after ours.
	work, err := jobs.New(ctx, db, jobs.Options{Log: log})
	if err != nil {
		return err
	}

	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return fmt.Errorf("listen %s: %w", cfg.Addr, err)
	}
	api, watcher, games, err := build(ctx, cfg, db, log)
	if err != nil {
		ln.Close()
		return err
	}
	// After the HTTP server has drained, the queued wallet callbacks are
	// committed before the database closes.
	defer games.Close()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	go watcher.Run(ctx)
	if cfg.ProfileAddr != "" {
		go func() {
			if err := serveProfiler(ctx, cfg.ProfileAddr, log); err != nil {
				log.Error("profiler stopped", "err", err)
			}
		}()
	}
	// The in-house rounds a crash left half done are finished now and then
	// every minute, by one instance of those sharing the database; the jobs
	// stop (a running sweep finishing) before the wallet's lanes close.
	work.Every("inhouse.settle", time.Minute, api.Inhouse.SettlePending)
	// Unpaid deposit orders expire, and simulator orders whose webhook never
	// came are asked about (decision 0028).
	work.Every("cashier.expire", time.Minute, api.Cashier.ExpireDue)
	work.Every("cashier.reconcile", time.Minute, api.Cashier.ReconcileSim)
	// Transfers whose outcome the vendor never told are asked about and
	// settled exactly once (decision 0031).
	work.Every("transferwallet.reconcile", time.Minute, api.Transfers.Reconcile)
	// Paid withdrawals the member left unconfirmed count as received, and
	// payouts whose gateway word never came are asked about (decision 0030).
	work.Every("cashier.receipts", time.Minute, api.Cashier.ReceiptsDue)
	work.Every("cashier.payouts", time.Minute, api.Cashier.ReconcilePayouts)
	// Salaries and dividends of ended periods are paid, offers expire, and
	// the agent centre's team figures are rolled up (decision 0035).
	work.Every("agent.settle", time.Minute, api.Agents.SettleDue)
	// Bonuses past their expiry give their balance back (decision 0037).
	work.Every("bonus.expire", time.Minute, api.Bonus.ExpireDue)
	// Rebate and cashback of ended periods are paid once per member
	// (decision 0039).
	work.Every("rebate.settle", time.Minute, api.Rebates.SettleDue)
	// Points of each ended day's valid bets, and VIP upgrades with their
	// rewards, each paid once (decision 0038).
	work.Every("loyalty.points", time.Minute, api.Loyalty.EarnDue)
	work.Every("loyalty.vip", 10*time.Minute, api.Loyalty.VIPDue)
	// Today is rolled up at every run: that is routine, not news to log.
	work.Every("agent.rollup", time.Minute, func(ctx context.Context) (int, error) { return 0, api.Agents.RollUp(ctx) })
	if err := work.Start(ctx); err != nil {
		ln.Close()
		return err
	}
	defer func() {
		sctx, scancel := context.WithTimeout(context.Background(), cfg.ShutdownGrace)
		defer scancel()
		if err := work.Stop(sctx); err != nil {
			log.Error("stopping jobs", "err", err)
		}
	}()

	srv := &http.Server{
		Handler:           withSimulator(api, games, db, ln.Addr().String(), cfg.Dev),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       120 * time.Second,
		MaxHeaderBytes:    httpapi.MaxHeaderBytes,
		ErrorLog:          slog.NewLogLogger(log.Handler(), slog.LevelWarn),
	}
	log.Info("portal serving", "addr", ln.Addr().String(), "db", describeDB(cfg.DB), "version", Version, "dev", cfg.Dev)
	errc := make(chan error, 1)
	// Listener answers oversized headers in the envelope, not Go's text.
	go func() { errc <- srv.Serve(httpapi.Listener(ln)) }()
	select {
	case err := <-errc:
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	log.Info("shutting down", "grace", cfg.ShutdownGrace)
	sctx, scancel := context.WithTimeout(context.Background(), cfg.ShutdownGrace)
	defer scancel()
	if err := srv.Shutdown(sctx); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("shutdown: %w", err)
	}
	return nil
}

// build creates the services and the API over an open database, and the
// watcher that keeps their caches in step with writes from other processes.
func build(ctx context.Context, cfg config.Config, db *database.DB, log *slog.Logger) (*httpapi.Server, *database.Watcher, *provider.Service, error) {
	merchants, err := merchant.NewService(db, merchant.Options{Log: log, GeoIPPath: cfg.GeoIPPath})
	if err != nil {
		return nil, nil, nil, err
	}
	catalogue := catalog.NewService(db, log)
	watcher := database.NewWatcher(db, cfg.WatchInterval, log)
	watcher.Subscribe(merchant.Topic, merchants.Invalidate)
	watcher.Subscribe(catalog.Topic, catalogue.Invalidate)
	// Senders: dev mode keeps messages in the outbox; otherwise the
	// configured gateways, and without one that kind is not sent at all.
	var sms, email notify.Sender
	var outbox *notify.Outbox
	if cfg.Dev {
		outbox = &notify.Outbox{}
	} else {
		if cfg.SMSGatewayURL != "" {
			sms = notify.HTTPSMS{URLTemplate: cfg.SMSGatewayURL}
		}
		if cfg.SMTPAddr != "" {
			email = notify.SMTP{Addr: cfg.SMTPAddr, User: cfg.SMTPUser, Password: cfg.SMTPPassword, From: cfg.SMTPFrom}
		}
	}
	members := identity.NewService(db, nil)
	ledger := wallet.NewService(db, time.Now)
	hub := realtime.NewHub()
	// Open pages hear of maintenance and region changes over their socket;
	// this runs after the merchant cache was dropped (subscribed above).
	status := realtime.NewStatusWatch(hub, merchants.StatusKeys, log)
	status.Check()
	watcher.Subscribe(merchant.Topic, status.Check)
	// A scheduled maintenance window opens and closes with no write to
	// watch: the status watch also looks at the clock (decision 0026).
	go status.Run(ctx, cfg.WatchInterval)
	// Player protection (decision 0032): its cache of members with limits
	// follows changes made by other processes through the watcher.
	guard := protection.NewService(db, protection.Options{Log: log})
	watcher.Subscribe(protection.Topic, guard.Invalidate)
	// Bonus money (decision 0037): bets spend it after cash and count
	// towards its wagering; a withdrawal request gives it up.
	bonusMoney := bonus.NewService(db, ledger, bonus.Options{Log: log, OnBalance: hub.Balances})
	games := provider.NewService(db, ledger, members, catalogue, merchants, provider.Options{Log: log, OnBalance: hub.Balance,
		StakeGuard: httpapi.StakeGuard(guard), PlayGuard: guard.CheckPlay, Bonus: bonusMoney, OnBalances: hub.Balances})
	ownGames := inhouse.NewService(db, games, catalogue, merchants, inhouse.Options{Log: log})
	// The cashier: proofs kept in the upload store; members hear of their
	// orders and balances over the hub.
	store, err := uploadStore(ctx, cfg)
	if err != nil {
		return nil, nil, nil, err
	}
	deposits := cashier.NewService(db, ledger, cashier.Options{Log: log, Store: store,
		OnStatus: httpapi.DepositEvents(hub), OnWithdrawal: httpapi.WithdrawalEvents(hub), OnBalance: hub.Balance, DepositGuard: guard.CheckDeposit,
		BonusForfeit: bonusMoney.ForfeitIn})
	// Transfer wallets (decision 0031): the vendors' transfer API is the
	// simulator's, served by this process (its address is set once known).
	transfers := transferwallet.NewService(db, ledger, transferwallet.Options{Log: log, OnBalance: hub.Balance, PlayGuard: guard.CheckPlay,
		Vendors: &transferwallet.HTTPVendors{HTTP: &http.Client{}, Secret: games.Secret}})
	agents := agent.NewService(db, ledger, agent.Options{Log: log, OnBalance: hub.Balance, Enabled: httpapi.AgentSwitches(merchants),
		RealtimePeriod: cfg.AgentRealtimePeriod})
	api := httpapi.New(httpapi.Deps{
		Config: httpapi.Config{
			Dev:            cfg.Dev,
			TrustedProxies: cfg.TrustedProxies,
			Version:        Version,
			Web:            webFiles(),
			NoCompression:  cfg.NoCompression,
		},
		Log:        log,
		Merchants:  merchants,
		Merchant:   merchants,
		Catalog:    catalogue,
		Identity:   members,
		Wallet:     ledger,
		Games:      games,
		Inhouse:    ownGames,
		Hub:        hub,
		Operators:  operator.NewService(db, nil),
		Inbox:      inbox.NewService(db),
		Cashier:    deposits,
		Reports:    report.NewService(db, nil),
		Protection: guard,
		Transfers:  transfers,
		Agents:     agents,
		Promos:     promo.NewService(db, ledger, promo.Options{Log: log, Store: store, OnBalance: hub.Balance, Bonus: promo.Bonuses{Service: bonusMoney}}),
		Loyalty:    loyalty.NewService(db, ledger, merchants, loyalty.Options{Log: log, OnBalance: hub.Balance}),
		Rebates:    rebate.NewService(db, ledger, rebate.Options{Log: log, OnBalance: hub.Balance}),
		Bonus:      bonusMoney,
		SMS:        sms,
		Email:      email,
		Outbox:     outbox,
	})
	return api, watcher, games, nil
}
