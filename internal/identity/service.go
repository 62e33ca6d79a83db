package identity

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"portal/internal/database"
	"portal/internal/report"
)

// Service manages members, passwords and sessions.
type Service struct {
	db  *database.DB
	now func() time.Time
}

// NewService returns a Service; now is the clock (time.Now in production,
// a fake in tests of expiry and lockouts).
func NewService(db *database.DB, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{db: db, now: now}
}

// NewMember is what creating an account needs.
type NewMember struct {
	MerchantCode string
	Username     string
	Password     string
	// Mobile is stored normalised (CanonicalPhone); MobileVerified says
	// its owner proved it with an SMS code.
	Mobile         string
	MobileVerified bool
	Email          string
	Type           MemberType
	UplineID       int64
	Nickname       string
	VIPLevel       int
	Profile        map[string]string
	// PaymentPassword is optional; it is hashed like the password.
	PaymentPassword string
	// ReferralCodeID is the agent's referral code the member registered
	// with (0: none); the agent centre counts registrations by it.
	ReferralCodeID int64
}

// Create stores a new member with a hashed password. A default password
// marks the account as having to change it at first login. A non-trial
// member is counted as a registration in q: give it a transaction (Open
// does).
func (s *Service) Create(ctx context.Context, q database.Querier, n NewMember) (int64, error) {
	p, err := prepare(n)
	if err != nil {
		return 0, err
	}
	return s.insert(ctx, q, n, p)
}

// prepared is what a new member's row needs that takes work (the hashes)
// or may fail: done before any transaction opens, so a transaction never
// waits on argon2.
type prepared struct {
	hash, payHash, profile, mobile string
}

func prepare(n NewMember) (prepared, error) {
	var p prepared
	var err error
	if p.hash, err = HashPassword(n.Password); err != nil {
		return p, err
	}
	if n.PaymentPassword != "" {
		if p.payHash, err = HashPassword(n.PaymentPassword); err != nil {
			return p, err
		}
	}
	profile, err := json.Marshal(nonNilMap(n.Profile))
	if err != nil {
		return p, err
	}
	p.profile = string(profile)
	if n.Mobile != "" {
		if p.mobile, err = CanonicalPhone(n.Mobile); err != nil {
			return p, err
		}
	}
	return p, nil
}

func (s *Service) insert(ctx context.Context, q database.Querier, n NewMember, p prepared) (int64, error) {
	hash, payHash, mobile := p.hash, p.payHash, p.mobile
	now := s.now().UnixMilli()
	var id int64
	err := q.QueryRowContext(ctx, `INSERT INTO members (merchant_code, username, mobile, mobile_verified, email, password_hash, payment_password_hash,
		type, upline_id, nickname, vip_level, profile, password_changed_at, must_change_password, created_at, referral_code_id)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $13, $15) RETURNING id`,
		n.MerchantCode, normalizeUsername(n.Username), nullable(mobile), boolInt(n.MobileVerified && mobile != ""), nullable(n.Email), hash, payHash, int(n.Type),
		nullableID(n.UplineID), n.Nickname, n.VIPLevel, p.profile, now, boolInt(IsDefaultPassword(n.Password)), nullableID(n.ReferralCodeID)).Scan(&id)
	if err != nil {
		if isUniqueViolation(err) {
			if strings.Contains(err.Error(), "mobile") {
				return 0, ErrMobileTaken
			}
			return 0, ErrUsernameTaken
		}
		return 0, fmt.Errorf("identity: create member: %w", err)
	}
	if err := linkTree(ctx, q, id, n.UplineID); err != nil {
		return 0, err
	}
	// A trial account is play money, not a new player of the merchant's.
	if !n.Type.IsTrial() {
		if err := report.RecordRegistration(ctx, q, n.MerchantCode, id, now); err != nil {
			return 0, err
		}
	}
	return id, nil
}

// Login checks a username and password. Every failure is the same
// ErrBadCredentials, after the same amount of work, whether or not the
// account exists.
func (s *Service) Login(ctx context.Context, merchantCode, username, password string) (*Member, error) {
	m, ok, err := s.CheckPassword(ctx, merchantCode, username, password)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, ErrBadCredentials
	}
	if m.Status != StatusActive {
		return nil, ErrMemberFrozen
	}
	if err := s.TouchLogin(ctx, m.ID); err != nil {
		return nil, err
	}
	return m, nil
}

// CheckPassword checks a username and password after the same amount of
// work whether or not the account exists, and changes nothing. It returns
// the account the username names (nil when none) and whether password is
// its password: a caller that has to ask for a second factor first answers
// alike either way, so it needs the account even when the password is wrong
// (decision 0017). Anything it answers must not tell the two apart.
func (s *Service) CheckPassword(ctx context.Context, merchantCode, username, password string) (*Member, bool, error) {
	var hash string
	m, err := s.memberBy(ctx, s.db.Read(), "merchant_code = $1 AND username = $2", merchantCode, normalizeUsername(username))
	if err != nil && !errors.Is(err, ErrMemberNotFound) {
		return nil, false, err
	}
	if m != nil {
		hash = m.passwordHash
	}
	ok := VerifyPassword(password, hash) && m != nil
	if m == nil {
		return nil, false, nil
	}
	return &m.Member, ok, nil
}

// PasswordChangeDue reports whether m must change the password before
// anything else: a default password, or one older than days (0: no expiry).
func (s *Service) PasswordChangeDue(m *Member, days int) bool {
	return m.MustChangePassword || s.PasswordExpired(m, days)
}

// PasswordExpired reports whether m's password is older than days (0: never).
func (s *Service) PasswordExpired(m *Member, days int) bool {
	return days > 0 && s.now().Sub(m.PasswordChangedAt) > time.Duration(days)*24*time.Hour
}

// ChangePassword sets a new password after checking the old one, and ends
// every other session of the member.
func (s *Service) ChangePassword(ctx context.Context, memberID int64, oldPassword, newPassword, keepToken string) error {
	m, err := s.memberBy(ctx, s.db.Read(), "id = $1", memberID)
	if err != nil {
		return err
	}
	if !VerifyPassword(oldPassword, m.passwordHash) {
		return ErrBadCredentials
	}
	hash, err := HashPassword(newPassword)
	if err != nil {
		return err
	}
	keep := ""
	if keepToken != "" {
		keep = hashToken(keepToken)
	}
	return s.db.InTx(ctx, func(q database.Querier) error {
		if _, err := q.ExecContext(ctx, `UPDATE members SET password_hash = $1, password_changed_at = $2, must_change_password = $3 WHERE id = $4`,
			hash, s.now().UnixMilli(), boolInt(IsDefaultPassword(newPassword)), memberID); err != nil {
			return fmt.Errorf("identity: change password: %w", err)
		}
		return s.revokeAll(ctx, q, memberID, keep)
	})
}

// Open creates a member in a transaction of its own.
func (s *Service) Open(ctx context.Context, n NewMember) (int64, error) {
	p, err := prepare(n)
	if err != nil {
		return 0, err
	}
	var id int64
	err = s.db.InTx(ctx, func(q database.Querier) error {
		var err error
		id, err = s.insert(ctx, q, n, p)
		return err
	})
	return id, err
}

// SetPassword replaces a member's password without the old one (after a
// verified reset) and ends all their sessions.
func (s *Service) SetPassword(ctx context.Context, memberID int64, password string) error {
	hash, err := HashPassword(password)
	if err != nil {
		return err
	}
	return s.db.InTx(ctx, func(q database.Querier) error {
		if _, err := q.ExecContext(ctx, `UPDATE members SET password_hash = $1, password_changed_at = $2, must_change_password = $3 WHERE id = $4`,
			hash, s.now().UnixMilli(), boolInt(IsDefaultPassword(password)), memberID); err != nil {
			return fmt.Errorf("identity: set password: %w", err)
		}
		return s.revokeAll(ctx, q, memberID, "")
	})
}

// TouchLogin records a successful login that did not go through Login.
func (s *Service) TouchLogin(ctx context.Context, memberID int64) error {
	if _, err := s.db.Write().ExecContext(ctx, `UPDATE members SET last_login_at = $1 WHERE id = $2`, s.now().UnixMilli(), memberID); err != nil {
		return fmt.Errorf("identity: touch login: %w", err)
	}
	return nil
}

// Member returns the member with id.
func (s *Service) Member(ctx context.Context, id int64) (*Member, error) {
	return s.memberByID(ctx, s.db.Read(), id)
}

// ByUsername returns the member of a merchant with username.
func (s *Service) ByUsername(ctx context.Context, merchantCode, username string) (*Member, error) {
	m, err := s.memberBy(ctx, s.db.Read(), "merchant_code = $1 AND username = $2", merchantCode, strings.ToLower(username))
	if err != nil {
		return nil, err
	}
	return &m.Member, nil
}

func (s *Service) memberByID(ctx context.Context, q database.Querier, id int64) (*Member, error) {
	m, err := s.memberBy(ctx, q, "id = $1", id)
	if err != nil {
		return nil, err
	}
	return &m.Member, nil
}

type storedMember struct {
	Member
	passwordHash string
}

func (s *Service) memberBy(ctx context.Context, q database.Querier, where string, args ...any) (*storedMember, error) {
	var m storedMember
	var mobile, email sql.NullString
	var upline sql.NullInt64
	var profile string
	var changed, created, lastLogin int64
	var must, typ, verified, emailVerified int
	err := q.QueryRowContext(ctx, `SELECT id, merchant_code, username, mobile, mobile_verified, email, email_verified, password_hash, type, status, upline_id,
		nickname, vip_level, profile, password_changed_at, must_change_password, created_at, last_login_at
		FROM members WHERE `+where, args...).Scan(&m.ID, &m.MerchantCode, &m.Username, &mobile, &verified, &email, &emailVerified, &m.passwordHash,
		&typ, &m.Status, &upline, &m.Nickname, &m.VIPLevel, &profile, &changed, &must, &created, &lastLogin)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrMemberNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("identity: member: %w", err)
	}
	m.Mobile, m.Email, m.UplineID, m.Type = mobile.String, email.String, upline.Int64, MemberType(typ)
	m.MustChangePassword = must == 1
	m.MobileVerified = verified == 1 && m.Mobile != ""
	m.EmailVerified = emailVerified == 1 && m.Email != ""
	m.PasswordChangedAt, m.CreatedAt = time.UnixMilli(changed).UTC(), time.UnixMilli(created).UTC()
	if lastLogin > 0 {
		m.LastLoginAt = time.UnixMilli(lastLogin).UTC()
	}
	if err := json.Unmarshal([]byte(profile), &m.Profile); err != nil {
		return nil, fmt.Errorf("identity: member %d profile: %w", m.ID, err)
	}
	return &m, nil
}

func normalizeUsername(u string) string { return strings.ToLower(strings.TrimSpace(u)) }

func isUniqueViolation(err error) bool {
	s := err.Error()
	return strings.Contains(s, "UNIQUE constraint failed") || strings.Contains(s, "SQLSTATE 23505") || strings.Contains(s, "duplicate key")
}

func nullable(s string) any {
	if s == "" {
		return nil
	}
	return s
}

func nullableID(id int64) any {
	if id == 0 {
		return nil
	}
	return id
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

func nonNilMap(m map[string]string) map[string]string {
	if m == nil {
		return map[string]string{}
	}
	return m
}

func jsonMarshal(v any) (string, error) {
	b, err := json.Marshal(v)
	return string(b), err
}
