package inbox

import (
	"context"
	"fmt"
	"time"
)

// MaxVIPLevel is the highest VIP level a broadcast may name (the cashier's
// channels use the same range).
const MaxVIPLevel = 99

// Broadcast is one message to every member of a merchant or to the members
// of one VIP level. It is stored once, whatever the audience's size; who
// it reaches is worked out when a member lists their messages (decision
// 0033).
type Broadcast struct {
	ID int64 `json:"id"`
	// VIPLevel names the level it goes to; nil: every member.
	VIPLevel  *int      `json:"vipLevel"`
	Title     string    `json:"title"`
	Body      string    `json:"body"`
	Sender    string    `json:"sender"`
	CreatedAt time.Time `json:"createdAt"`
	// Reads counts the members who have opened it.
	Reads int64 `json:"reads"`
}

// SendBroadcast stores a message from sender to the members of
// merchantCode at vipLevel (nil: all of them). It reaches those who
// registered before now, at their level when they read.
func (s *Service) SendBroadcast(ctx context.Context, merchantCode string, vipLevel *int, title, body, sender string) (Broadcast, error) {
	if vipLevel != nil && (*vipLevel < 0 || *vipLevel > MaxVIPLevel) {
		return Broadcast{}, ErrAudience
	}
	title, body, err := CheckMessage(title, body)
	if err != nil {
		return Broadcast{}, err
	}
	b := Broadcast{VIPLevel: vipLevel, Title: title, Body: body, Sender: sender, CreatedAt: s.now().UTC().Truncate(time.Millisecond)}
	err = s.db.Write().QueryRowContext(ctx, `INSERT INTO broadcasts (merchant_code, vip_level, title, body, sender, created_at)
		VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`, merchantCode, vipLevel, title, body, sender, b.CreatedAt.UnixMilli()).Scan(&b.ID)
	if err != nil {
		return Broadcast{}, fmt.Errorf("inbox: broadcast: %w", err)
	}
	return b, nil
}

// Broadcasts answers a merchant's broadcasts, newest first, a page at a
// time, with the total.
func (s *Service) Broadcasts(ctx context.Context, merchantCode string, pageNum, pageSize int) ([]Broadcast, int, error) {
	var total int
	if err := s.db.Read().QueryRowContext(ctx, `SELECT COUNT(*) FROM broadcasts WHERE merchant_code = $1`, merchantCode).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("inbox: broadcasts: %w", err)
	}
	rows, err := s.db.Read().QueryContext(ctx, `SELECT id, vip_level, title, body, sender, created_at, read_count FROM broadcasts
		WHERE merchant_code = $1 ORDER BY created_at DESC, id DESC LIMIT $2 OFFSET $3`, merchantCode, pageSize, (pageNum-1)*pageSize)
	if err != nil {
		return nil, 0, fmt.Errorf("inbox: broadcasts: %w", err)
	}
	defer rows.Close()
	out := []Broadcast{}
	for rows.Next() {
		var b Broadcast
		var level *int64
		var at int64
		if err := rows.Scan(&b.ID, &level, &b.Title, &b.Body, &b.Sender, &at, &b.Reads); err != nil {
			return nil, 0, fmt.Errorf("inbox: broadcasts: %w", err)
		}
		if level != nil {
			l := int(*level)
			b.VIPLevel = &l
		}
		b.CreatedAt = time.UnixMilli(at).UTC()
		out = append(out, b)
	}
	return out, total, rows.Err()
}
