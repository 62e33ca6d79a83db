// Package inbox holds the messages a merchant sends its members: written by
// staff in the back office, read by the member in the member centre
// (messageV2, "platform information"), with an unread count.
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
)

// Message is one message to one member. The text is plain: the member
// centre shows it as text, never as HTML.
type Message struct {
	ID        int64      `json:"id"`
	Title     string     `json:"title"`
	Body      string     `json:"body"`
	Sender    string     `json:"sender"`
	CreatedAt time.Time  `json:"createdAt"`
	ReadAt    *time.Time `json:"readAt"`
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
	m := Message{Title: title, Body: body, Sender: sender, CreatedAt: s.now().UTC().Truncate(time.Millisecond)}
	err = s.db.Write().QueryRowContext(ctx, `INSERT INTO member_messages (merchant_code, member_id, title, body, sender, created_at)
		VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`, merchantCode, memberID, title, body, sender, m.CreatedAt.UnixMilli()).Scan(&m.ID)
	if err != nil {
		return Message{}, fmt.Errorf("inbox: send: %w", err)
	}
	return m, nil
}

// List answers a member's messages, newest first, a page at a time, with
// the total.
func (s *Service) List(ctx context.Context, memberID int64, pageNum, pageSize int) ([]Message, int, error) {
	var total int
	if err := s.db.Read().QueryRowContext(ctx, `SELECT COUNT(*) FROM member_messages WHERE member_id = $1`, memberID).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("inbox: count: %w", err)
	}
	rows, err := s.db.Read().QueryContext(ctx, `SELECT id, title, body, sender, created_at, read_at FROM member_messages
		WHERE member_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3`, memberID, pageSize, (pageNum-1)*pageSize)
	if err != nil {
		return nil, 0, fmt.Errorf("inbox: list: %w", err)
	}
	defer rows.Close()
	out := []Message{}
	for rows.Next() {
		var m Message
		var at, read int64
		if err := rows.Scan(&m.ID, &m.Title, &m.Body, &m.Sender, &at, &read); err != nil {
			return nil, 0, fmt.Errorf("inbox: list: %w", err)
		}
		m.CreatedAt = time.UnixMilli(at).UTC()
		if read != 0 {
			t := time.UnixMilli(read).UTC()
			m.ReadAt = &t
		}
		out = append(out, m)
	}
	return out, total, rows.Err()
}

// Unread counts a member's unread messages.
func (s *Service) Unread(ctx context.Context, memberID int64) (int, error) {
	var n int
	if err := s.db.Read().QueryRowContext(ctx, `SELECT COUNT(*) FROM member_messages WHERE member_id = $1 AND read_at = 0`, memberID).Scan(&n); err != nil {
		return 0, fmt.Errorf("inbox: unread: %w", err)
	}
	return n, nil
}

// MarkRead marks a member's message read (once: the first reading's time
// stays); another member's message is ErrNotFound.
func (s *Service) MarkRead(ctx context.Context, memberID, id int64) error {
	res, err := s.db.Write().ExecContext(ctx, `UPDATE member_messages SET read_at = $1 WHERE id = $2 AND member_id = $3 AND read_at = 0`,
		s.now().UnixMilli(), id, memberID)
	if err != nil {
		return fmt.Errorf("inbox: mark read: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 1 {
		return nil
	}
	var exists int
	err = s.db.Read().QueryRowContext(ctx, `SELECT COUNT(*) FROM member_messages WHERE id = $1 AND member_id = $2`, id, memberID).Scan(&exists)
	if err != nil {
		return fmt.Errorf("inbox: mark read: %w", err)
	}
	if exists == 0 {
		return ErrNotFound
	}
	return nil
}
