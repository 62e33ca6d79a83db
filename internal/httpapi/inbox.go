package httpapi

import (
	"context"
	"net/http"
	"strconv"

	"github.com/go-chi/chi/v5"

	"portal/internal/inbox"
	"portal/internal/realtime"
)

// The member's side of the inbox (messageV2, "platform information"): the
// messages the merchant sent, to the member alone (kind direct) or to many
// (kind broadcast), the unread count kept in public state (unreadMessage),
// marking one read, deleting one. Direct and broadcast ids are separate
// sequences: a call names the kind in the query, direct when left out (the
// calls' first clients knew direct messages only).

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

// messageKindParams name which sequence a message id belongs to.
var messageKindParams = []Param{
	{Name: "kind", Type: TypeString, Enum: []string{string(inbox.KindDirect), string(inbox.KindBroadcast)}, Default: string(inbox.KindDirect),
		Description: "direct (a message to this member; the default) or broadcast (to many members)"},
}

// messageTarget is the kind and id a read or delete names.
func messageTarget(r *http.Request) (inbox.Kind, int64, error) {
	id, err := strconv.ParseInt(chi.URLParam(r, "id"), 10, 64)
	if err != nil || id <= 0 {
		return "", 0, inbox.ErrNotFound
	}
	return inbox.Kind(paramsOf(r.Context()).String("kind")), id, nil
}

func (s *Server) readMessage(w http.ResponseWriter, r *http.Request) (any, error) {
	return s.changeMessage(r, s.Inbox.MarkRead)
}

func (s *Server) deleteMessage(w http.ResponseWriter, r *http.Request) (any, error) {
	return s.changeMessage(r, s.Inbox.Delete)
}

// changeMessage reads or deletes one of the member's messages and answers
// the new unread count.
func (s *Server) changeMessage(r *http.Request, change func(ctx context.Context, memberID int64, kind inbox.Kind, id int64) error) (any, error) {
	ctx := r.Context()
	kind, id, err := messageTarget(r)
	if err != nil {
		return nil, err
	}
	m := memberOf(ctx)
	if err := change(ctx, m.ID, kind, id); err != nil {
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

// pushBroadcast tells every logged-in page of the merchant that a
// broadcast went out: each asks for its own unread count.
func (s *Server) pushBroadcast(merchantCode string) {
	if s.Hub != nil {
		s.Hub.PublishMembers(merchantCode, realtime.Event{Type: realtime.EventBroadcast})
	}
}
