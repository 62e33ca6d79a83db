package app

import (
	"context"
	"net"
	"net/http"
	"strings"
	"time"

	"portal/internal/database"
	"portal/internal/httpapi"
	"portal/internal/paysim"
	"portal/internal/provider"
	"portal/internal/vendorsim"
)

// withSimulator serves the vendor simulator under /sim/ beside the API.
// The simulator reaches the wallet the way a vendor does: over HTTP to this
// very server (addr), signed with the vendor's secret.
//
// The payment-gateway simulator is served under /paysim/ the same way: it
// keeps its orders in the database and calls the cashier's webhook over
// HTTP to this server, signed with the channel's secret.
func withSimulator(api *httpapi.Server, games *provider.Service, db *database.DB, addr string, dev bool) http.Handler {
	sim := vendorsim.NewHandler(&vendorsim.Client{
		Base:   func() string { return "http://" + loopback(addr) },
		HTTP:   &http.Client{Timeout: 15 * time.Second},
		Secret: func(ctx context.Context, vendor string) (string, error) { return games.Secret(ctx, vendor) },
	}, dev).WithTransfers(vendorsim.NewTransfers(db, games.Secret, nil))
	base := "http://" + loopback(addr)
	pay := paysim.NewHandler(db, paysim.Options{Base: func() string { return base }, HTTP: &http.Client{Timeout: 15 * time.Second},
		Secret: api.Cashier.ChannelSecret})
	api.Cashier.SetSimBase(base)
	api.Transfers.SetVendorBase(base)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/sim/") {
			sim.ServeHTTP(w, r)
			return
		}
		if strings.HasPrefix(r.URL.Path, "/paysim/") {
			pay.ServeHTTP(w, r)
			return
		}
		api.ServeHTTP(w, r)
	})
}

// loopback turns a listen address (":8080", "0.0.0.0:8080") into one this
// process can call.
func loopback(addr string) string {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return addr
	}
	if ip := net.ParseIP(host); host == "" || (ip != nil && ip.IsUnspecified()) {
		host = "127.0.0.1"
	}
	return net.JoinHostPort(host, port)
}
