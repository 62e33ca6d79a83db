package identity

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"portal/internal/database"
)

// Code purposes of the security centre's contact verification (decision
// 0034). The member's id is part of the purpose (ContactPurpose), so a code
// one member asked for never proves a number or address for another.
const (
	PurposeBindMobile = "bindmobile"
	PurposeBindEmail  = "bindemail"
)

// ErrEmailTaken refuses an address another member of the merchant proved.
var ErrEmailTaken = errors.New("identity: e-mail address taken")

// ContactPurpose is the code purpose of a contact verification by memberID.
func ContactPurpose(purpose string, memberID int64) string {
	return purpose + ":" + strconv.FormatInt(memberID, 10)
}

// CanonicalEmail is the one stored form of a proven address: trimmed and
// lower-cased, so one address is never two.
func CanonicalEmail(email string) string { return strings.ToLower(strings.TrimSpace(email)) }

// BindMobile makes mobile (E.164, already proven by its code) the member's
// verified number. A number another member of the merchant proved is
// ErrMobileTaken; the unique index of proven numbers settles a race.
func (s *Service) BindMobile(ctx context.Context, memberID int64, mobile string) error {
	mobile, err := CanonicalPhone(mobile)
	if err != nil {
		return err
	}
	return s.bindContact(ctx, memberID, `mobile = $1 AND mobile_verified = 1`, `mobile = $1, mobile_verified = 1`, mobile, ErrMobileTaken)
}

// BindEmail makes email (proven by its code) the member's verified address;
// one another member of the merchant proved is ErrEmailTaken.
func (s *Service) BindEmail(ctx context.Context, memberID int64, email string) error {
	return s.bindContact(ctx, memberID, `email = $1 AND email_verified = 1`, `email = $1, email_verified = 1`, CanonicalEmail(email), ErrEmailTaken)
}

func (s *Service) bindContact(ctx context.Context, memberID int64, taken, set, value string, errTaken error) error {
	err := s.db.InTx(ctx, func(q database.Querier) error {
		var merchantCode string
		if err := q.QueryRowContext(ctx, `SELECT merchant_code FROM members WHERE id = $1`, memberID).Scan(&merchantCode); err != nil {
			return fmt.Errorf("identity: bind contact: %w", err)
		}
		var n int
		if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM members WHERE merchant_code = $2 AND id <> $3 AND `+taken,
			value, merchantCode, memberID).Scan(&n); err != nil {
			return fmt.Errorf("identity: bind contact: %w", err)
		}
		if n > 0 {
			return errTaken
		}
		if _, err := q.ExecContext(ctx, `UPDATE members SET `+set+` WHERE id = $2`, value, memberID); err != nil {
			return err
		}
		return nil
	})
	if err != nil && !errors.Is(err, errTaken) {
		if isUniqueViolation(err) {
			return errTaken
		}
		return fmt.Errorf("identity: bind contact: %w", err)
	}
	return err
}
