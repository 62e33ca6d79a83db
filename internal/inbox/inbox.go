// Package inbox holds the messages a merchant sends its members: written by
// staff in the back office, read by the member in the member centre
// (messageV2, "platform information"), with an unread count. A message goes
// to one member (direct) or to many (a broadcast, broadcast.go); the member
// centre lists both together, and a member reads and deletes either.
package inbox

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"portal/internal/database"
)

// Limits of a message.
const (
	TitleMaxLen = 100
	BodyMaxLen  = 2000
)

// Errors of the inbox.
var (
	ErrMessageRule = errors.New("inbox: a message has a title of 1-100 and a text of 1-2000 characters")
	ErrNotFound    = errors.New("inbox: no such message")
	ErrAudience    = errors.New("inbox: a broadcast goes to every member or to one VIP level of 0-99")
)

// Kind tells a direct message from a broadcast: their ids are two separate
// sequences, so a message is named by both.
type Kind string

// The kinds of message.
const (
	KindDirect    Kind = "direct"
	KindBroadcast Kind = "broadcast"
)

// Message is one message to one member. The text is plain: the member
// centre shows it as text, never as HTML.
type Message struct {
	ID        int64      `json:"id"`
	Kind      Kind       `json:"kind"`
	Title     string     `json:"title"`
	Body      string     `json:"body"`
	Sender    string     `json:"sender"`
	CreatedAt time.Time  `json:"createdAt"`
	ReadAt    *time.Time `json:"readAt"`
	// DeletedAt is when the member deleted it (the back office's list of a
	// player's messages only; the member never sees a deleted one).
	DeletedAt *time.Time `json:"deletedAt,omitempty"`
}

// Service stores and lists messages.
type Service struct {
	db  *database.DB
	now func() time.Time
}

// NewService returns the inbox on db.
func NewService(db *database.DB) *Service {
	return &Service{db: db, now: time.Now}
}

// CheckMessage trims a message's title and text and checks their length.
func CheckMessage(title, body string) (string, string, error) {
	title, body = strings.TrimSpace(title), strings.TrimSpace(body)
	for _, f := range []struct {
		v   string
		max int
	}{{title, TitleMaxLen}, {body, BodyMaxLen}} {
		if f.v == "" || !utf8.ValidString(f.v) || utf8.RuneCountInString(f.v) > f.max || strings.ContainsRune(f.v, 0) {
			return "", "", ErrMessageRule
		}
	}
	return title, body, nil
}

// Send stores a message from sender to member of merchantCode.
func (s *Service) Send(ctx context.Context, merchantCode string, memberID int64, title, body, sender string) (Message, error) {
	title, body, err := CheckMessage(title, body)
	if err != nil {
		return Message{}, err
	}
	m := Message{Kind: KindDirect, Title: title, Body: body, Sender: sender, CreatedAt: s.now().UTC().Truncate(time.Millisecond)}
	err = s.db.Write().QueryRowContext(ctx, `INSERT INTO member_messages (merchant_code, member_id, title, body, sender, created_at)
		VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`, merchantCode, memberID, title, body, sender, m.CreatedAt.UnixMilli()).Scan(&m.ID)
	if err != nil {
		return Message{}, fmt.Errorf("inbox: send: %w", err)
	}
	return m, nil
}
