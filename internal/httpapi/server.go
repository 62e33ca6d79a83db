// Package httpapi is the JSON API: the route table, the envelope, the error
// catalogue and the one place where errors become HTTP statuses.
package httpapi

import (
	"context"
	"io/fs"
	"log/slog"
	"net/http"
	"net/netip"
	"portal/internal/agent"
	"portal/internal/bonus"

	"github.com/go-chi/chi/v5"

	"portal/internal/cashier"
	"portal/internal/catalog"
	"portal/internal/identity"
	"portal/internal/inbox"
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

// Config is what the HTTP layer needs from the process configuration.
type Config struct {
	// Dev turns on the dev-mode routes (outbox, last captcha).
	Dev bool
	// TrustedProxies are the peers whose X-Forwarded-For is believed.
	TrustedProxies []netip.Prefix
	// Version is reported by /healthz.
	Version string
	// Web is the built web app (web/dist); nil serves the API alone.
	Web fs.FS
	// NoCompression sends API answers uncompressed.
	NoCompression bool
}

// Merchants is what the frame needs of the merchant domain on every request.
type Merchants interface {
	Lookup(ctx context.Context, code string) (*merchant.Merchant, error)
	Status(ctx context.Context, m *merchant.Merchant, ip netip.Addr) (merchant.Status, error)
}

// Deps are the services the API is built on.
type Deps struct {
	Config    Config
	Log       *slog.Logger
	Merchants Merchants
	// Merchant serves the merchant (system) endpoints.
	Merchant *merchant.Service
	// Catalog serves the lobby (games, vendors, winners, icons).
	Catalog *catalog.Service
	// Identity serves log-in, sessions and members.
	Identity *identity.Service
	// SMS sends verification codes; in dev mode it is Outbox.
	SMS notify.Sender
	// Email sends e-mail; in dev mode it is Outbox.
	Email notify.Sender
	// Outbox is the dev-mode sender that /dev/outbox lists; nil otherwise.
	Outbox *notify.Outbox
	// Wallet is the ledger (account records).
	Wallet *wallet.Service
	// Games runs the seamless-wallet contract, launches and game records.
	Games *provider.Service
	// Inhouse runs our own games' rounds and seeds.
	Inhouse *inhouse.Service
	// Hub pushes events to members' websockets.
	Hub *realtime.Hub
	// Operators runs the back office's accounts, sessions and audit
	// trail; nil answers the admin routes 404.
	Operators *operator.Service
	// Inbox keeps the messages a merchant sends its members.
	Inbox *inbox.Service
	// Cashier runs payment channels and deposits; nil answers its routes 404.
	Cashier *cashier.Service
	// Reports reads the back office's figures (dashboard, reports).
	Reports *report.Service
	// Protection keeps members' limits; nil answers its routes 404.
	Protection *protection.Service
	// Transfers moves money between main wallets and transfer-mode
	// vendors' wallets; nil answers every merchant single-wallet.
	Transfers *transferwallet.Service
	// Agents runs the team tree, contracts and their settlement; nil
	// answers its routes 404.
	Agents *agent.Service
	// Loyalty runs the points mall and the VIP levels; nil answers their
	// routes 404.
	Loyalty *loyalty.Service
	// Rebates runs rebate and cashback; nil answers its routes 404.
	Rebates *rebate.Service
	// Promos runs promotions (issue 16); nil answers its routes 404.
	Promos *promo.Service
	// Bonus keeps bonus money (decision 0037); nil answers its routes 404.
	Bonus *bonus.Service
}

// Server answers the API.
type Server struct {
	Deps
	log    *slog.Logger
	router chi.Router
	table  []Route
	// lastCaptcha is read by the dev-mode route only.
	lastCaptcha devCaptcha
	// gzipped holds recent answers' compressed forms (compress.go).
	gzipped *answerCache
	// sockets counts open websockets per address (socketlimit.go).
	sockets socketLimit
}

// New builds the handler for the whole API.
func New(d Deps) *Server {
	if d.Merchants == nil && d.Merchant != nil {
		d.Merchants = d.Merchant
	}
	for _, sender := range []*notify.Sender{&d.SMS, &d.Email} {
		if *sender == nil {
			*sender = notify.Disabled{}
			if d.Outbox != nil {
				*sender = d.Outbox
			}
		}
	}
	s := &Server{Deps: d, log: d.Log, gzipped: newAnswerCache()}
	s.table = s.routes()
	s.router = s.mount(s.table)
	return s
}

// ServeHTTP implements http.Handler. HEAD is answered on every GET
// address (head.go).
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodHead {
		s.serveHead(w, r)
		return
	}
	s.router.ServeHTTP(w, r)
}

// Routes is the route table, for the OpenAPI document and its test.
func (s *Server) Routes() []Route { return s.table }
