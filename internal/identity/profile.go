package identity

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"unicode"

	"portal/internal/database"
)

// ProfileLabels are the register labels a member sees and edits in the
// security centre (spec §3 "Register user" and "Other profile labels"), in
// form order. Other keys of members.profile (icon, language, registerUrl,
// referralCode...) are the site's own and never edited through it.
var ProfileLabels = []string{
	"payeeName", "nickname", "birthday", "idNumber", "nationality", "occupation", "sourceOfIncome", "address",
	"telegram", "zalo", "line", "whatsapp", "facebook", "wechat", "qqNum",
}

// Labels a member sets once: the real name is what bank accounts are
// checked against (decision 0030) and the birthday what the age rule was
// checked on; support changes them.
var onceLabels = map[string]bool{"payeeName": true, "birthday": true}

// Profile errors (decision 0034).
var (
	// ErrProfileLocked refuses a change to a label set once (real name,
	// birthday) that already has a value.
	ErrProfileLocked = errors.New("identity: profile label locked")
	// ErrProfileLabel refuses a key that is not one of ProfileLabels.
	ErrProfileLabel = errors.New("identity: unknown profile label")
	// ErrProfileText refuses a value with markup or control characters.
	ErrProfileText = errors.New("identity: profile value not plain text")
)

// ProfileError names the label a profile change failed on.
type ProfileError struct {
	Label string
	Err   error
}

func (e *ProfileError) Error() string { return e.Err.Error() + ": " + e.Label }
func (e *ProfileError) Unwrap() error { return e.Err }

// IsProfileLabel reports whether key is one of ProfileLabels.
func IsProfileLabel(key string) bool {
	for _, l := range ProfileLabels {
		if l == key {
			return true
		}
	}
	return false
}

// ProfileLocked reports whether m may no longer change label themself.
func ProfileLocked(m *Member, label string) bool {
	return onceLabels[label] && strings.TrimSpace(ProfileValue(m, label)) != ""
}

// ProfileValue is the value of a label; the nickname falls back to the
// account's nickname column (set by operators and older code).
func ProfileValue(m *Member, label string) string {
	v := m.Profile[label]
	if label == "nickname" && v == "" {
		v = m.Nickname
	}
	return v
}

// PlainText checks a profile value is text a page can show as it is: no
// control or format characters (no line breaks, no bidi overrides that
// turn a name around) and no angle brackets, so that no value is ever
// markup, wherever it is shown later (e-mails, the back office, exports).
func PlainText(v string) bool {
	for _, r := range v {
		if r == '<' || r == '>' || unicode.IsControl(r) || unicode.Is(unicode.Cf, r) || r == '\uFFFD' {
			return false
		}
	}
	return true
}

// UpdateProfile applies changes (label -> value; "" clears a label) to a
// member's profile: every key must be a ProfileLabel with plain text, and a
// label set once is refused once it has a value. The values are expected
// to be checked against the merchant's rules by the caller. It merges into
// the stored document with a compare-and-swap, so a change made meanwhile
// (the language, the icon, a real name from a first bank account) is kept,
// never overwritten, and a real name set meanwhile is not replaced.
func (s *Service) UpdateProfile(ctx context.Context, memberID int64, changes map[string]string) (*Member, error) {
	for k, v := range changes {
		if !IsProfileLabel(k) {
			return nil, &ProfileError{Label: k, Err: ErrProfileLabel}
		}
		if !PlainText(v) {
			return nil, &ProfileError{Label: k, Err: ErrProfileText}
		}
	}
	for try := 0; try < 5; try++ {
		var m *storedMember
		var stored string
		err := s.db.InTx(ctx, func(q database.Querier) error {
			var err error
			if m, err = s.memberBy(ctx, q, "id = $1", memberID); err != nil {
				return err
			}
			if err := q.QueryRowContext(ctx, `SELECT profile FROM members WHERE id = $1`, memberID).Scan(&stored); err != nil {
				return fmt.Errorf("identity: profile: %w", err)
			}
			profile := nonNilMap(m.Profile)
			nickname := m.Nickname
			for k, v := range changes {
				if ProfileValue(&m.Member, k) == v {
					continue
				}
				if ProfileLocked(&m.Member, k) {
					return &ProfileError{Label: k, Err: ErrProfileLocked}
				}
				if v == "" {
					delete(profile, k)
				} else {
					profile[k] = v
				}
				if k == "nickname" {
					nickname = v
				}
			}
			next, err := json.Marshal(profile)
			if err != nil {
				return err
			}
			// Only when nobody changed the row since it was read.
			res, err := q.ExecContext(ctx, `UPDATE members SET profile = $1, nickname = $2 WHERE id = $3 AND profile = $4`,
				string(next), nickname, memberID, stored)
			if err != nil {
				return fmt.Errorf("identity: profile: %w", err)
			}
			if n, _ := res.RowsAffected(); n != 1 {
				m = nil
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		if m != nil {
			return s.Member(ctx, memberID)
		}
	}
	return nil, fmt.Errorf("identity: profile of member %d: changed concurrently too often", memberID)
}
