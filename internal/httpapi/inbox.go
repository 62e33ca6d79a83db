package httpapi

import (
	"net/http"
	"strconv"

	"github.com/go-chi/chi/v5"

	"portal/internal/inbox"
	"portal/internal/realtime"
)

// The member's side of the inbox (messageV2, "platform information"): the
// messages the merchant sent, the unread count kept in public state
// (unreadMessage), marking one read.

type (
	unreadCount struct {
		Unread int `json:"unread"`
	}
	// messagePage is a page of messages with the unread count, so the
	// list and the badge agree.
	messagePage struct {
		Page[inbox.Message]
		Unread int `json:"unread"`
	}
)

func (s *Server) memberMessages(r *http.Request) (any, error) {
	ctx := r.Context()
	p := paramsOf(ctx)
	num, size := p.Int("pageNum"), p.Int("pageSize")
	id := memberOf(ctx).ID
	list, total, err := s.Inbox.List(ctx, id, num, size)
	if err != nil {
		return nil, err
	}
	unread, err := s.Inbox.Unread(ctx, id)
	if err != nil {
		return nil, err
	}
	return messagePage{Page: newPage(list, num, size, total), Unread: unread}, nil
}

func (s *Server) memberUnread(r *http.Request) (any, error) {
	n, err := s.Inbox.Unread(r.Context(), memberOf(r.Context()).ID)
	return unreadCount{Unread: n}, err
}

func (s *Server) readMessage(w http.ResponseWriter, r *http.Request) (any, error) {
	ctx := r.Context()
	id, err := strconv.ParseInt(chi.URLParam(r, "id"), 10, 64)
	if err != nil || id <= 0 {
		return nil, inbox.ErrNotFound
	}
	m := memberOf(ctx)
	if err := s.Inbox.MarkRead(ctx, m.ID, id); err != nil {
		return nil, err
	}
	n, err := s.Inbox.Unread(ctx, m.ID)
	if err == nil && s.Hub != nil {
		// The member's other open pages update their badge too ("unread"
		// left out means 0).
		s.Hub.Publish(merchantOf(ctx).Code, m.ID, realtime.Event{Type: realtime.EventMessage, Unread: n})
	}
	return unreadCount{Unread: n}, err
}

// pushUnread tells the member's open pages the new unread count.
func (s *Server) pushUnread(r *http.Request, merchantCode string, memberID int64) {
	if s.Hub == nil {
		return
	}
	if n, err := s.Inbox.Unread(r.Context(), memberID); err == nil {
		s.Hub.Publish(merchantCode, memberID, realtime.Event{Type: realtime.EventMessage, Unread: n})
	}
}
