package identity

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"math/big"
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"portal/internal/database"
)

// What the back office keeps and does for one player beyond search and
// freezing (decision 0027): notes, tags, the log-in history, a password
// reset that forces a change, an authenticator reset.

// Limits of notes and tags.
const (
	NoteMaxLen = 1000
	TagMaxLen  = 24
	MaxTags    = 20
)

// Errors of notes and tags.
var (
	ErrNoteRule = errors.New("identity: a note is 1-1000 characters")
	ErrTagRule  = errors.New("identity: tags are at most 20 of 1-24 lower-case letters, digits, - or _")
)

// tagPattern is a tag's form: short, lower-case, no spaces, so it reads the
// same in every language and fits a search (tag:vip).
var tagPattern = regexp.MustCompile(`^[a-z0-9_-]{1,24}$`)

// Note is a remark staff left on a player; notes are never edited.
type Note struct {
	ID        int64     `json:"id"`
	Operator  string    `json:"operator"`
	Text      string    `json:"text"`
	CreatedAt time.Time `json:"createdAt"`
}

// Login is one log-in of a member: a session, live or ended.
type Login struct {
	At         time.Time `json:"at"`
	LastSeenAt time.Time `json:"lastSeenAt"`
	IP         string    `json:"ip"`
	UserAgent  string    `json:"userAgent"`
	// State is live, ended (logged out or ended by staff) or expired.
	State string `json:"state"`
}

// AddNote appends a note by operator on member of merchantCode.
func (s *Service) AddNote(ctx context.Context, merchantCode string, memberID int64, operator, text string) (Note, error) {
	text = strings.TrimSpace(text)
	if text == "" || !utf8.ValidString(text) || utf8.RuneCountInString(text) > NoteMaxLen {
		return Note{}, ErrNoteRule
	}
	n := Note{Operator: operator, Text: text, CreatedAt: s.now().UTC().Truncate(time.Millisecond)}
	err := s.db.Write().QueryRowContext(ctx, `INSERT INTO member_notes (merchant_code, member_id, operator_name, body, created_at)
		VALUES ($1, $2, $3, $4, $5) RETURNING id`, merchantCode, memberID, operator, text, n.CreatedAt.UnixMilli()).Scan(&n.ID)
	if err != nil {
		return Note{}, fmt.Errorf("identity: add note: %w", err)
	}
	return n, nil
}

// Notes lists a member's notes, newest first (the latest 100).
func (s *Service) Notes(ctx context.Context, memberID int64) ([]Note, error) {
	rows, err := s.db.Read().QueryContext(ctx, `SELECT id, operator_name, body, created_at FROM member_notes WHERE member_id = $1
		ORDER BY id DESC LIMIT 100`, memberID)
	if err != nil {
		return nil, fmt.Errorf("identity: notes: %w", err)
	}
	defer rows.Close()
	out := []Note{}
	for rows.Next() {
		var n Note
		var at int64
		if err := rows.Scan(&n.ID, &n.Operator, &n.Text, &at); err != nil {
			return nil, fmt.Errorf("identity: notes: %w", err)
		}
		n.CreatedAt = time.UnixMilli(at).UTC()
		out = append(out, n)
	}
	return out, rows.Err()
}

// NormalizeTags checks tags and answers them lower-cased, unique and
// sorted.
func NormalizeTags(tags []string) ([]string, error) {
	out := []string{}
	for _, t := range tags {
		t = strings.ToLower(strings.TrimSpace(t))
		if !tagPattern.MatchString(t) {
			return nil, ErrTagRule
		}
		if !slices.Contains(out, t) {
			out = append(out, t)
		}
	}
	if len(out) > MaxTags {
		return nil, ErrTagRule
	}
	slices.Sort(out)
	return out, nil
}

// Tags lists a member's tags in order.
func (s *Service) Tags(ctx context.Context, memberID int64) ([]string, error) {
	return s.tagsOn(ctx, s.db.Read(), memberID)
}

func (s *Service) tagsOn(ctx context.Context, q database.Querier, memberID int64) ([]string, error) {
	rows, err := q.QueryContext(ctx, `SELECT tag FROM member_tags WHERE member_id = $1 ORDER BY tag`, memberID)
	if err != nil {
		return nil, fmt.Errorf("identity: tags: %w", err)
	}
	defer rows.Close()
	out := []string{}
	for rows.Next() {
		var t string
		if err := rows.Scan(&t); err != nil {
			return nil, fmt.Errorf("identity: tags: %w", err)
		}
		out = append(out, t)
	}
	return out, rows.Err()
}

// SetTags replaces a member's tags (already normalized) and answers the
// tags before.
func (s *Service) SetTags(ctx context.Context, merchantCode string, memberID int64, tags []string) ([]string, error) {
	var before []string
	err := s.db.InTx(ctx, func(q database.Querier) error {
		var err error
		if before, err = s.tagsOn(ctx, q, memberID); err != nil {
			return err
		}
		if _, err := q.ExecContext(ctx, `DELETE FROM member_tags WHERE member_id = $1`, memberID); err != nil {
			return fmt.Errorf("identity: set tags: %w", err)
		}
		for _, t := range tags {
			if _, err := q.ExecContext(ctx, `INSERT INTO member_tags (merchant_code, member_id, tag) VALUES ($1, $2, $3)`, merchantCode, memberID, t); err != nil {
				return fmt.Errorf("identity: set tags: %w", err)
			}
		}
		return nil
	})
	return before, err
}

// Logins lists a member's log-ins (their sessions, which are kept after
// they end), newest first, a page at a time, with the total.
func (s *Service) Logins(ctx context.Context, memberID int64, pageNum, pageSize int) ([]Login, int, error) {
	var total int
	if err := s.db.Read().QueryRowContext(ctx, `SELECT COUNT(*) FROM sessions WHERE member_id = $1`, memberID).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("identity: logins: %w", err)
	}
	rows, err := s.db.Read().QueryContext(ctx, `SELECT created_at, last_seen_at, expires_at, revoked_at, ip, user_agent FROM sessions
		WHERE member_id = $1 ORDER BY created_at DESC LIMIT $2 OFFSET $3`, memberID, pageSize, (pageNum-1)*pageSize)
	if err != nil {
		return nil, 0, fmt.Errorf("identity: logins: %w", err)
	}
	defer rows.Close()
	now := s.now()
	out := []Login{}
	for rows.Next() {
		var l Login
		var at, seen, exp, revoked int64
		if err := rows.Scan(&at, &seen, &exp, &revoked, &l.IP, &l.UserAgent); err != nil {
			return nil, 0, fmt.Errorf("identity: logins: %w", err)
		}
		l.At, l.LastSeenAt = time.UnixMilli(at).UTC(), time.UnixMilli(seen).UTC()
		switch {
		case revoked != 0:
			l.State = "ended"
		case exp <= now.UnixMilli() || seen <= now.Add(-IdleTimeout).UnixMilli():
			l.State = "expired"
		default:
			l.State = "live"
		}
		out = append(out, l)
	}
	return out, total, rows.Err()
}

// resetAlphabet leaves out look-alike characters (0/O, 1/l/I): staff read
// the password out to the player.
const resetAlphabet = "abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789"

// ResetPassword gives a member a new random password that must be changed
// at the next log-in, ends every session, and answers the password (shown
// to staff once, never stored in clear or logged).
func (s *Service) ResetPassword(ctx context.Context, merchantCode string, memberID int64) (string, error) {
	var pw string
	for {
		b := make([]byte, 12)
		for i := range b {
			n, err := rand.Int(rand.Reader, big.NewInt(int64(len(resetAlphabet))))
			if err != nil {
				return "", fmt.Errorf("identity: random: %w", err)
			}
			b[i] = resetAlphabet[n.Int64()]
		}
		pw = string(b)
		// Letters and digits both, as every password rule asks.
		if strings.ContainsAny(pw, "23456789") && strings.Trim(pw, "23456789") != "" {
			break
		}
	}
	hash, err := HashPassword(pw)
	if err != nil {
		return "", err
	}
	err = s.db.InTx(ctx, func(q database.Querier) error {
		res, err := q.ExecContext(ctx, `UPDATE members SET password_hash = $1, password_changed_at = $2, must_change_password = 1
			WHERE id = $3 AND merchant_code = $4`, hash, s.now().UnixMilli(), memberID, merchantCode)
		if err != nil {
			return fmt.Errorf("identity: reset password: %w", err)
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return ErrMemberNotFound
		}
		return s.revokeAll(ctx, q, memberID, "")
	})
	if err != nil {
		return "", err
	}
	return pw, nil
}

// ResetTOTP removes a member's authenticator, so that they can set up a
// new one (a lost phone), and answers whether there was one.
func (s *Service) ResetTOTP(ctx context.Context, memberID int64) (bool, error) {
	res, err := s.db.Write().ExecContext(ctx, `DELETE FROM member_totp WHERE member_id = $1`, memberID)
	if err != nil {
		return false, fmt.Errorf("identity: reset totp: %w", err)
	}
	n, _ := res.RowsAffected()
	return n > 0, nil
}
