package vendorsim

import (
	"embed"
	"encoding/json"
	"html/template"
	"io"
	"io/fs"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"time"

	"portal/internal/provider"
)

//go:embed assets
var assets embed.FS

var page = template.Must(template.ParseFS(assets, "assets/play.html"))

var (
	vendorPattern = regexp.MustCompile(`^[A-Z0-9_]{1,30}$`)
	codePattern   = regexp.MustCompile(`^[A-Za-z0-9_.-]{0,80}$`)
)

// Handler serves the simulator's pages and rounds under /sim/.
type Handler struct {
	Client *Client
	// AllowFaults lets the page's fault switches through (dev mode and
	// tests); otherwise rounds are played straight.
	AllowFaults bool
	mux         *http.ServeMux
}

// NewHandler builds the simulator's routes.
func NewHandler(c *Client, allowFaults bool) *Handler {
	h := &Handler{Client: c, AllowFaults: allowFaults, mux: http.NewServeMux()}
	// Assets sit one level deeper than the vendors' pages, so no vendor
	// code can shadow them.
	files, _ := fs.Sub(assets, "assets")
	h.mux.Handle("GET /sim/assets/v1/", http.StripPrefix("/sim/assets/v1/", http.FileServerFS(files)))
	h.mux.HandleFunc("GET /sim/{vendor}/play", h.play)
	h.mux.HandleFunc("POST /sim/{vendor}/round", h.round)
	h.mux.HandleFunc("POST /sim/{vendor}/balance", h.balance)
	return h
}

// ServeHTTP implements http.Handler.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) { h.mux.ServeHTTP(w, r) }

type pageData struct {
	Vendor, Game, Lang string
	Demo, Faults       bool
}

func (h *Handler) play(w http.ResponseWriter, r *http.Request) {
	vendor := r.PathValue("vendor")
	q := r.URL.Query()
	if !vendorPattern.MatchString(vendor) || !codePattern.MatchString(q.Get("game")) {
		http.Error(w, "unknown game", http.StatusNotFound)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Referrer-Policy", "no-referrer")
	w.Header().Set("Content-Security-Policy", "default-src 'self'; script-src 'self'; style-src 'self'; frame-ancestors 'self'")
	_ = page.Execute(w, pageData{Vendor: vendor, Game: q.Get("game"), Lang: q.Get("lang"), Demo: q.Get("demo") == "1", Faults: h.AllowFaults})
}

type roundRequest struct {
	Player
	Stake  int64  `json:"stake"`
	Demo   bool   `json:"demo"`
	Faults Faults `json:"faults"`
}

func (h *Handler) round(w http.ResponseWriter, r *http.Request) {
	vendor := r.PathValue("vendor")
	var req roundRequest
	if err := decode(r, &req); err != nil || !vendorPattern.MatchString(vendor) || req.Stake <= 0 || req.Stake > provider.MaxAmount {
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": "a positive stake is required"})
		return
	}
	if req.Demo {
		// A demo round: drawn the same way, no wallet, no money.
		tenths := drawTenths(newRand())
		writeJSON(w, http.StatusOK, Round{RoundID: "demo-" + strconv.FormatInt(time.Now().UnixNano(), 36), Stake: req.Stake,
			Multiplier: float64(tenths) / 10, Win: req.Stake * tenths / 10, Status: provider.StatusOK})
		return
	}
	if !h.AllowFaults {
		req.Faults = Faults{}
	}
	req.Faults.Repeat = min(max(req.Faults.Repeat, 0), 5)
	round, err := h.Client.PlayRound(r.Context(), vendor, req.Player, req.Stake, req.Faults)
	if err != nil {
		writeJSON(w, http.StatusBadGateway, map[string]string{"error": "the wallet did not answer; the round will be settled when it does"})
		return
	}
	writeJSON(w, http.StatusOK, round)
}

func (h *Handler) balance(w http.ResponseWriter, r *http.Request) {
	vendor := r.PathValue("vendor")
	var p Player
	if err := decode(r, &p); err != nil || !vendorPattern.MatchString(vendor) {
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": "bad request"})
		return
	}
	a, err := h.Client.Call(r.Context(), vendor, provider.OpBalance, provider.Callback{Token: p.Token, Player: p.Player, Currency: p.Currency}, Faults{})
	if err != nil {
		writeJSON(w, http.StatusBadGateway, map[string]string{"error": "the wallet did not answer"})
		return
	}
	writeJSON(w, http.StatusOK, a)
}

func decode(r *http.Request, dst any) error {
	if !strings.HasPrefix(r.Header.Get("Content-Type"), "application/json") {
		return errNotJSON
	}
	return json.NewDecoder(io.LimitReader(r.Body, 8<<10)).Decode(dst)
}

var errNotJSON = &json.UnsupportedValueError{Str: "content type"}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}
