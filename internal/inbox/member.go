package inbox

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"time"

	"portal/internal/database"
)

// The member's side: direct messages and the broadcasts that reach them,
// merged newest first. A broadcast reaches a member of its merchant who
// registered before it was sent and who is, when reading, at its VIP level
// (or it went to everyone); it stops reaching them once they delete it.

// reachSQL selects the broadcasts that reach member $1 with that member's
// read and delete marks (zero when there is no mark). Sending one writes no
// row per member: the marks appear only when a member reads or deletes.
const reachSQL = `SELECT b.id, b.title, b.body, b.sender, b.created_at, COALESCE(k.read_at, 0) AS read_at
	FROM members m
	JOIN broadcasts b ON b.merchant_code = m.merchant_code AND b.created_at > m.created_at
		AND (b.vip_level IS NULL OR b.vip_level = m.vip_level)
	LEFT JOIN broadcast_marks k ON k.member_id = m.id AND k.broadcast_id = b.id
	WHERE m.id = $1 AND COALESCE(k.deleted_at, 0) = 0`

// List answers a member's messages, direct and broadcast, newest first, a
// page at a time, with the total.
func (s *Service) List(ctx context.Context, memberID int64, pageNum, pageSize int) ([]Message, int, error) {
	var total int
	err := s.db.Read().QueryRowContext(ctx, `SELECT
		(SELECT COUNT(*) FROM member_messages WHERE member_id = $1 AND deleted_at = 0) +
		(SELECT COUNT(*) FROM (`+reachSQL+`) r)`, memberID).Scan(&total)
	if err != nil {
		return nil, 0, fmt.Errorf("inbox: count: %w", err)
	}
	// Equal times (two sends in one millisecond) keep a stable order: kind,
	// then the newer id first.
	rows, err := s.db.Read().QueryContext(ctx, `SELECT kind, id, title, body, sender, created_at, read_at FROM (
		SELECT 'direct' AS kind, id, title, body, sender, created_at, read_at FROM member_messages WHERE member_id = $1 AND deleted_at = 0
		UNION ALL
		SELECT 'broadcast' AS kind, r.* FROM (`+reachSQL+`) r
	) x ORDER BY created_at DESC, kind DESC, id DESC LIMIT $2 OFFSET $3`, memberID, pageSize, (pageNum-1)*pageSize)
	if err != nil {
		return nil, 0, fmt.Errorf("inbox: list: %w", err)
	}
	defer rows.Close()
	out := []Message{}
	for rows.Next() {
		var m Message
		var at, read int64
		if err := rows.Scan(&m.Kind, &m.ID, &m.Title, &m.Body, &m.Sender, &at, &read); err != nil {
			return nil, 0, fmt.Errorf("inbox: list: %w", err)
		}
		m.CreatedAt, m.ReadAt = time.UnixMilli(at).UTC(), timeOf(read)
		out = append(out, m)
	}
	return out, total, rows.Err()
}

// Direct answers the direct messages sent to a member, deleted ones too,
// newest first (the back office's player record).
func (s *Service) Direct(ctx context.Context, memberID int64, pageNum, pageSize int) ([]Message, int, error) {
	var total int
	if err := s.db.Read().QueryRowContext(ctx, `SELECT COUNT(*) FROM member_messages WHERE member_id = $1`, memberID).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("inbox: count: %w", err)
	}
	rows, err := s.db.Read().QueryContext(ctx, `SELECT id, title, body, sender, created_at, read_at, deleted_at FROM member_messages
		WHERE member_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3`, memberID, pageSize, (pageNum-1)*pageSize)
	if err != nil {
		return nil, 0, fmt.Errorf("inbox: list: %w", err)
	}
	defer rows.Close()
	out := []Message{}
	for rows.Next() {
		m := Message{Kind: KindDirect}
		var at, read, deleted int64
		if err := rows.Scan(&m.ID, &m.Title, &m.Body, &m.Sender, &at, &read, &deleted); err != nil {
			return nil, 0, fmt.Errorf("inbox: list: %w", err)
		}
		m.CreatedAt, m.ReadAt, m.DeletedAt = time.UnixMilli(at).UTC(), timeOf(read), timeOf(deleted)
		out = append(out, m)
	}
	return out, total, rows.Err()
}

func timeOf(ms int64) *time.Time {
	if ms == 0 {
		return nil
	}
	t := time.UnixMilli(ms).UTC()
	return &t
}

// Unread counts a member's unread messages: direct ones not read and
// broadcasts reaching them without a read mark, deleted ones left out.
func (s *Service) Unread(ctx context.Context, memberID int64) (int, error) {
	var n int
	err := s.db.Read().QueryRowContext(ctx, `SELECT
		(SELECT COUNT(*) FROM member_messages WHERE member_id = $1 AND read_at = 0 AND deleted_at = 0) +
		(SELECT COUNT(*) FROM (`+reachSQL+`) r WHERE r.read_at = 0)`, memberID).Scan(&n)
	if err != nil {
		return 0, fmt.Errorf("inbox: unread: %w", err)
	}
	return n, nil
}

// MarkRead marks one of a member's messages read (once: the first
// reading's time stays). A message that is not theirs, or that they
// deleted, is ErrNotFound.
func (s *Service) MarkRead(ctx context.Context, memberID int64, kind Kind, id int64) error {
	now := s.now().UnixMilli()
	switch kind {
	case KindDirect:
		return s.markDirect(ctx, memberID, id, `UPDATE member_messages SET read_at = $1
			WHERE id = $2 AND member_id = $3 AND read_at = 0 AND deleted_at = 0`, now)
	case KindBroadcast:
		return s.db.InTx(ctx, func(q database.Querier) error {
			if err := reaches(ctx, q, memberID, id); err != nil {
				return err
			}
			res, err := q.ExecContext(ctx, `INSERT INTO broadcast_marks (member_id, broadcast_id, read_at) VALUES ($1, $2, $3)
				ON CONFLICT (member_id, broadcast_id) DO UPDATE SET read_at = excluded.read_at WHERE broadcast_marks.read_at = 0`, memberID, id, now)
			if err != nil {
				return fmt.Errorf("inbox: mark read: %w", err)
			}
			if n, _ := res.RowsAffected(); n == 1 {
				// First reading by this member: the back office's count.
				if _, err := q.ExecContext(ctx, `UPDATE broadcasts SET read_count = read_count + 1 WHERE id = $1`, id); err != nil {
					return fmt.Errorf("inbox: mark read: %w", err)
				}
			}
			return nil
		})
	}
	return ErrNotFound
}

// Delete removes one of a member's messages from their list and count
// (the row stays: the back office still sees what was sent). Deleting
// again, another member's message or an unknown one is ErrNotFound.
func (s *Service) Delete(ctx context.Context, memberID int64, kind Kind, id int64) error {
	now := s.now().UnixMilli()
	switch kind {
	case KindDirect:
		return s.markDirect(ctx, memberID, id, `UPDATE member_messages SET deleted_at = $1
			WHERE id = $2 AND member_id = $3 AND deleted_at = 0`, now)
	case KindBroadcast:
		return s.db.InTx(ctx, func(q database.Querier) error {
			if err := reaches(ctx, q, memberID, id); err != nil {
				return err
			}
			_, err := q.ExecContext(ctx, `INSERT INTO broadcast_marks (member_id, broadcast_id, deleted_at) VALUES ($1, $2, $3)
				ON CONFLICT (member_id, broadcast_id) DO UPDATE SET deleted_at = excluded.deleted_at`, memberID, id, now)
			if err != nil {
				return fmt.Errorf("inbox: delete: %w", err)
			}
			return nil
		})
	}
	return ErrNotFound
}

// markDirect runs an update of one direct message of the member; no row
// changed is ErrNotFound unless the message is theirs, still listed, and
// the update had nothing to do (read twice).
func (s *Service) markDirect(ctx context.Context, memberID, id int64, update string, now int64) error {
	res, err := s.db.Write().ExecContext(ctx, update, now, id, memberID)
	if err != nil {
		return fmt.Errorf("inbox: mark: %w", err)
	}
	if n, _ := res.RowsAffected(); n == 1 {
		return nil
	}
	var exists int
	err = s.db.Write().QueryRowContext(ctx, `SELECT COUNT(*) FROM member_messages WHERE id = $1 AND member_id = $2 AND deleted_at = 0`,
		id, memberID).Scan(&exists)
	if err != nil {
		return fmt.Errorf("inbox: mark: %w", err)
	}
	if exists == 0 {
		return ErrNotFound
	}
	return nil
}

// reaches answers ErrNotFound unless broadcast id reaches the member and
// they have not deleted it.
func reaches(ctx context.Context, q database.Querier, memberID, id int64) error {
	var one int
	err := q.QueryRowContext(ctx, `SELECT 1 FROM (`+reachSQL+`) r WHERE r.id = $2`, memberID, id).Scan(&one)
	if errors.Is(err, sql.ErrNoRows) {
		return ErrNotFound
	}
	if err != nil {
		return fmt.Errorf("inbox: broadcast: %w", err)
	}
	return nil
}
