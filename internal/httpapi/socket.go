package httpapi

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"time"

	"github.com/coder/websocket"
	"github.com/coder/websocket/wsjson"

	"portal/internal/realtime"
)

// socketAuth is the first message a client sends: the session token rides
// in the message, not the URL, so it never lands in access logs.
type socketAuth struct {
	Type     string `json:"type"`
	Token    string `json:"token"`
	Merchant string `json:"merchant"`
}

// socket is a page's event stream. After an auth message with a session
// token it is the member's (spec: the socket event listener, logged in
// only): the balance at once and whenever it changes. Every page, a
// visitor's too (an auth message without a token), hears when its
// merchant's status may have changed, so maintenance shows in seconds.
func (s *Server) socket(w http.ResponseWriter, r *http.Request) {
	if !strings.EqualFold(r.Header.Get("Upgrade"), "websocket") {
		s.writeError(w, r, newError(http.StatusUpgradeRequired, "request.upgrade_required", nil))
		return
	}
	addr := clientIPOf(r.Context())
	if !s.sockets.acquire(addr) {
		s.writeError(w, r, newError(http.StatusTooManyRequests, "request.too_many", nil))
		return
	}
	defer s.sockets.release(addr)
	c, err := websocket.Accept(w, r, nil) // same-origin only: the default origin check
	if err != nil {
		return
	}
	defer c.CloseNow()
	c.SetReadLimit(4 << 10)
	ctx, cancel := context.WithCancel(r.Context())
	defer cancel()

	actx, acancel := context.WithTimeout(ctx, 10*time.Second)
	var auth socketAuth
	err = wsjson.Read(actx, c, &auth)
	acancel()
	if err != nil || auth.Type != "auth" || len(auth.Merchant) > 64 {
		c.Close(websocket.StatusPolicyViolation, "auth expected")
		return
	}
	mer, err := s.Merchants.Lookup(ctx, auth.Merchant)
	if err != nil {
		c.Close(websocket.StatusPolicyViolation, "unknown merchant")
		return
	}
	var memberID int64
	if auth.Token != "" {
		m, err := s.Identity.Authenticate(ctx, mer.Code, auth.Token)
		if err != nil {
			c.Close(websocket.StatusPolicyViolation, "login.not.session")
			return
		}
		memberID = m.ID
	}
	events, unsubscribe := s.Hub.Subscribe(mer.Code, memberID)
	defer unsubscribe()
	if memberID != 0 {
		if b, mr, err := s.Games.Balance(ctx, mer.Code, memberID); err == nil {
			if writeEvent(ctx, c, realtime.Event{Type: "balance", Balance: b, Currency: mr.Currency}) != nil {
				return
			}
		}
	}
	// The client sends nothing more; reading notices when it goes away.
	go func() {
		defer cancel()
		for {
			if _, _, err := c.Read(ctx); err != nil {
				return
			}
		}
	}()
	ping := time.NewTicker(30 * time.Second)
	defer ping.Stop()
	// A session is re-checked now and then, so a logout elsewhere ends the
	// stream too.
	recheck := time.NewTicker(time.Minute)
	defer recheck.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case e := <-events:
			if writeEvent(ctx, c, e) != nil {
				return
			}
			if e.Type == realtime.EventLogout {
				// The back office ended the member's sessions (a freeze
				// or a forced log-out): the stream ends with them.
				c.Close(websocket.StatusPolicyViolation, "login.not.session")
				return
			}
		case <-ping.C:
			pctx, pcancel := context.WithTimeout(ctx, 10*time.Second)
			err := c.Ping(pctx)
			pcancel()
			if err != nil {
				return
			}
		case <-recheck.C:
			if memberID == 0 {
				continue
			}
			if _, err := s.Identity.Authenticate(ctx, mer.Code, auth.Token); err != nil {
				c.Close(websocket.StatusPolicyViolation, "login.not.session")
				return
			}
		}
	}
}

func writeEvent(ctx context.Context, c *websocket.Conn, e realtime.Event) error {
	b, err := json.Marshal(e)
	if err != nil {
		return err
	}
	wctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	return c.Write(wctx, websocket.MessageText, b)
}
