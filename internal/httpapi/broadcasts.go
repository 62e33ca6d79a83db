package httpapi

import (
	"net/http"
	"strconv"

	"portal/internal/inbox"
)

// The back office's Messages screen: messages to every member of the
// merchant or to one VIP level (decision 0033), listed with how many
// members have read each.

type broadcastRequest struct {
	// Audience is "all" or "vip"; vip names the level in VIPLevel.
	Audience string `json:"audience"`
	VIPLevel *int   `json:"vipLevel"`
	Title    string `json:"title"`
	Body     string `json:"body"`
}

func (s *Server) adminBroadcasts(r *http.Request) (any, error) {
	p := paramsOf(r.Context())
	num, size := p.Int("pageNum"), p.Int("pageSize")
	code := adminOf(r.Context()).merchant
	if code == "" {
		// A platform operator who named no merchant: nothing to list.
		return Page[inbox.Broadcast]{Content: []inbox.Broadcast{}, PageNum: num, PageSize: size}, nil
	}
	list, total, err := s.Inbox.Broadcasts(r.Context(), code, num, size)
	if err != nil {
		return nil, err
	}
	return newPage(list, num, size, total), nil
}

func (s *Server) adminBroadcast(w http.ResponseWriter, r *http.Request) (any, error) {
	var req broadcastRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return nil, err
	}
	code, err := contentMerchant(r)
	if err != nil {
		return nil, err
	}
	var level *int
	switch {
	case req.Audience == "all" && req.VIPLevel == nil:
	case req.Audience == "vip" && req.VIPLevel != nil:
		level = req.VIPLevel
	default:
		return nil, inbox.ErrAudience
	}
	a := adminOf(r.Context())
	b, err := s.Inbox.SendBroadcast(r.Context(), code, level, req.Title, req.Body, a.session.Operator.Username)
	if err != nil {
		return nil, err
	}
	a.note("broadcast:"+strconv.FormatInt(b.ID, 10), nil, b)
	s.pushBroadcast(code)
	return b, nil
}
