package app

import (
	"context"
	"net"
	"net/http"
	"strings"
	"time"

	"portal/internal/provider"
	"portal/internal/vendorsim"
)

// withSimulator serves the vendor simulator under /sim/ beside the API.
// The simulator reaches the wallet the way a vendor does: over HTTP to this
// very server (addr), signed with the vendor's secret.
func withSimulator(api http.Handler, games *provider.Service, addr string, dev bool) http.Handler {
	sim := vendorsim.NewHandler(&vendorsim.Client{
		Base:   func() string { return "http://" + loopback(addr) },
		HTTP:   &http.Client{Timeout: 15 * time.Second},
		Secret: func(ctx context.Context, vendor string) (string, error) { return games.Secret(ctx, vendor) },
	}, dev)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if strings.HasPrefix(r.URL.Path, "/sim/") {
			sim.ServeHTTP(w, r)
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
