package operator

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
	"time"
	"unicode"

	"portal/internal/database"
	"portal/internal/identity"
)

// Errors the back office answers with.
var (
	ErrLoginFailed     = errors.New("operator: wrong username or password")
	ErrLoginToken      = errors.New("operator: log-in token invalid or expired")
	ErrTOTPInvalid     = errors.New("operator: authenticator code invalid")
	ErrLocked          = errors.New("operator: too many failed log-ins")
	ErrNoSession       = errors.New("operator: no session")
	ErrPasswordRule    = errors.New("operator: password must be 8-64 characters with letters and digits")
	ErrUsernameRule    = errors.New("operator: username must be 3-32 letters, digits, '.', '_' or '-'")
	ErrUsernameTaken   = errors.New("operator: username taken")
	ErrUnknownRole     = errors.New("operator: no such role")
	ErrBuiltinRole     = errors.New("operator: built-in roles cannot be changed")
	ErrRoleExists      = errors.New("operator: role exists")
	ErrUnknownPerm     = errors.New("operator: unknown permission")
	ErrAboveOwn        = errors.New("operator: beyond the acting operator's own permissions")
	ErrLastOwner       = errors.New("operator: the last enabled owner")
	ErrNotFound        = errors.New("operator: not found")
	ErrCIDR            = errors.New("operator: invalid CIDR")
	ErrMerchantUnknown = errors.New("operator: no such merchant")
)

// Service is the back office's accounts, sessions, roles and audit trail.
type Service struct {
	db  *database.DB
	now func() time.Time
}

// NewService returns a Service on db; now is the clock (nil: time.Now).
func NewService(db *database.DB, now func() time.Time) *Service {
	if now == nil {
		now = time.Now
	}
	return &Service{db: db, now: now}
}

// Operator is one back-office account. Merchant is "" for the platform.
type Operator struct {
	ID                 int64      `json:"id"`
	Merchant           string     `json:"merchant"`
	Username           string     `json:"username"`
	Role               string     `json:"role"`
	MustChangePassword bool       `json:"mustChangePassword"`
	TOTPEnabled        bool       `json:"totpEnabled"`
	Disabled           bool       `json:"disabled"`
	CreatedAt          time.Time  `json:"createdAt"`
	LastLoginAt        *time.Time `json:"lastLoginAt"`
	passwordHash       string
	totpSecret         string
}

const operatorColumns = `id, merchant_code, username, password_hash, role, must_change_password, totp_secret, totp_enabled, disabled, created_at, last_login_at`

func scanOperator(row interface{ Scan(...any) error }) (*Operator, error) {
	var o Operator
	var must, totp, disabled int
	var created, last int64
	if err := row.Scan(&o.ID, &o.Merchant, &o.Username, &o.passwordHash, &o.Role, &must, &o.totpSecret, &totp, &disabled, &created, &last); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, ErrNotFound
		}
		return nil, fmt.Errorf("operator: %w", err)
	}
	o.MustChangePassword, o.TOTPEnabled, o.Disabled = must == 1, totp == 1, disabled == 1
	o.CreatedAt = time.UnixMilli(created).UTC()
	if last > 0 {
		t := time.UnixMilli(last).UTC()
		o.LastLoginAt = &t
	}
	return &o, nil
}

// ByID returns an operator.
func (s *Service) ByID(ctx context.Context, id int64) (*Operator, error) {
	return scanOperator(s.db.Read().QueryRowContext(ctx, `SELECT `+operatorColumns+` FROM operators WHERE id = $1`, id))
}

func (s *Service) byUsername(ctx context.Context, username string) (*Operator, error) {
	return scanOperator(s.db.Read().QueryRowContext(ctx, `SELECT `+operatorColumns+` FROM operators WHERE username = $1`, username))
}

// List returns the operators of a merchant ("" the platform's), by name.
func (s *Service) List(ctx context.Context, merchantCode string) ([]Operator, error) {
	rows, err := s.db.Read().QueryContext(ctx, `SELECT `+operatorColumns+` FROM operators WHERE merchant_code = $1 ORDER BY username`, merchantCode)
	if err != nil {
		return nil, fmt.Errorf("operator: list: %w", err)
	}
	defer rows.Close()
	out := []Operator{}
	for rows.Next() {
		o, err := scanOperator(rows)
		if err != nil {
			return nil, err
		}
		out = append(out, *o)
	}
	return out, rows.Err()
}

var usernameRule = regexp.MustCompile(`^[a-z0-9][a-z0-9._-]{2,31}$`)

// NormalizeUsername lower-cases a username; names are unique platform-wide
// regardless of case.
func NormalizeUsername(u string) string { return strings.ToLower(strings.TrimSpace(u)) }

// CheckPassword holds a new password to the rule: 8 to 64 characters with
// at least one letter and one digit.
func CheckPassword(p string) error {
	n := len([]rune(p))
	if n < 8 || n > 64 || !strings.ContainsFunc(p, unicode.IsLetter) || !strings.ContainsFunc(p, unicode.IsDigit) {
		return ErrPasswordRule
	}
	return nil
}

// OneTimePassword makes the password a new operator (or a reset) gets: it
// passes CheckPassword and must be changed at the first log-in.
func OneTimePassword() string {
	return "Ot" + strings.ToLower(rand.Text()[:14]) + "7"
}

// Create adds an operator of merchantCode ("" the platform) with a role
// and returns it with its one-time password. The caller checks that the
// role is not above the acting operator's (PermissionsOf).
func (s *Service) Create(ctx context.Context, q database.Querier, merchantCode, username, role string) (*Operator, string, error) {
	username = NormalizeUsername(username)
	if !usernameRule.MatchString(username) || username == "cli" {
		return nil, "", ErrUsernameRule
	}
	if _, err := s.RolePermissions(ctx, merchantCode, role); err != nil {
		return nil, "", err
	}
	if merchantCode != "" {
		var n int
		if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM merchants WHERE code = $1`, merchantCode).Scan(&n); err != nil {
			return nil, "", fmt.Errorf("operator: %w", err)
		}
		if n == 0 {
			return nil, "", ErrMerchantUnknown
		}
	}
	password := OneTimePassword()
	hash, err := identity.HashPassword(password)
	if err != nil {
		return nil, "", err
	}
	var id int64
	err = q.QueryRowContext(ctx, `INSERT INTO operators (merchant_code, username, password_hash, role, must_change_password, created_at)
		VALUES ($1, $2, $3, $4, 1, $5) ON CONFLICT (username) DO NOTHING RETURNING id`, merchantCode, username, hash, role, s.now().UnixMilli()).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, "", ErrUsernameTaken
	}
	if err != nil {
		return nil, "", fmt.Errorf("operator: create: %w", err)
	}
	o, err := scanOperator(q.QueryRowContext(ctx, `SELECT `+operatorColumns+` FROM operators WHERE id = $1`, id))
	return o, password, err
}

// Change is an edit of an operator; nil fields stay.
type Change struct {
	Role     *string `json:"role,omitempty"`
	Disabled *bool   `json:"disabled,omitempty"`
}

// Update applies a change to the operator id of merchantCode, refusing to
// leave the merchant without an enabled owner. It returns the operator
// before and after.
func (s *Service) Update(ctx context.Context, merchantCode string, id int64, c Change) (before, after *Operator, err error) {
	err = s.db.InTx(ctx, func(q database.Querier) error {
		before, err = scanOperator(q.QueryRowContext(ctx, `SELECT `+operatorColumns+` FROM operators WHERE id = $1 AND merchant_code = $2`, id, merchantCode))
		if err != nil {
			return err
		}
		role, disabled := before.Role, before.Disabled
		if c.Role != nil {
			if _, err := s.RolePermissions(ctx, merchantCode, *c.Role); err != nil {
				return err
			}
			role = *c.Role
		}
		if c.Disabled != nil {
			disabled = *c.Disabled
		}
		if before.Role == RoleOwner && !before.Disabled && (role != RoleOwner || disabled) {
			// On PostgreSQL the enabled owners' rows are locked first, so
			// two owners disabling each other at once are decided one after
			// the other (the second sees the first's change); SQLite runs
			// one writing transaction at a time anyway.
			lock := ""
			if s.db.Dialect == database.Postgres {
				lock = " FOR UPDATE"
			}
			rows, err := q.QueryContext(ctx, `SELECT id FROM operators WHERE merchant_code = $1 AND role = $2 AND disabled = 0`+lock,
				merchantCode, RoleOwner)
			if err != nil {
				return fmt.Errorf("operator: %w", err)
			}
			others := 0
			for rows.Next() {
				var other int64
				if err := rows.Scan(&other); err != nil {
					rows.Close()
					return fmt.Errorf("operator: %w", err)
				}
				if other != id {
					others++
				}
			}
			rows.Close()
			if err := rows.Err(); err != nil {
				return fmt.Errorf("operator: %w", err)
			}
			if others == 0 {
				return ErrLastOwner
			}
		}
		if _, err := q.ExecContext(ctx, `UPDATE operators SET role = $1, disabled = $2 WHERE id = $3`, role, boolInt(disabled), id); err != nil {
			return fmt.Errorf("operator: update: %w", err)
		}
		if disabled {
			if _, err := q.ExecContext(ctx, `DELETE FROM operator_sessions WHERE operator_id = $1`, id); err != nil {
				return fmt.Errorf("operator: update: %w", err)
			}
		}
		after, err = scanOperator(q.QueryRowContext(ctx, `SELECT `+operatorColumns+` FROM operators WHERE id = $1`, id))
		return err
	})
	return before, after, err
}

// ResetTOTP removes the operator's authenticator: the next log-in sets up
// a new one. Their sessions end.
func (s *Service) ResetTOTP(ctx context.Context, merchantCode string, id int64) (*Operator, error) {
	var o *Operator
	err := s.db.InTx(ctx, func(q database.Querier) error {
		res, err := q.ExecContext(ctx, `UPDATE operators SET totp_secret = '', totp_enabled = 0, totp_last_step = 0 WHERE id = $1 AND merchant_code = $2`, id, merchantCode)
		if err != nil {
			return fmt.Errorf("operator: reset totp: %w", err)
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return ErrNotFound
		}
		if _, err := q.ExecContext(ctx, `DELETE FROM operator_sessions WHERE operator_id = $1`, id); err != nil {
			return fmt.Errorf("operator: reset totp: %w", err)
		}
		o, err = scanOperator(q.QueryRowContext(ctx, `SELECT `+operatorColumns+` FROM operators WHERE id = $1`, id))
		return err
	})
	return o, err
}

// Role is a role as the role editor shows it.
type Role struct {
	Name        string       `json:"name"`
	Builtin     bool         `json:"builtIn"`
	Permissions []Permission `json:"permissions"`
}

// Roles lists the built-in roles, then the merchant's own.
func (s *Service) Roles(ctx context.Context, merchantCode string) ([]Role, error) {
	var out []Role
	for _, name := range []string{RoleOwner, RoleFinance, RoleRisk, RoleSupport, RoleContent, RoleMarketing, RoleReadonly} {
		perms := BuiltinRoles[name]
		if merchantCode == "" && name == RoleOwner {
			perms = platformOwner()
		}
		out = append(out, Role{Name: name, Builtin: true, Permissions: perms})
	}
	rows, err := s.db.Read().QueryContext(ctx, `SELECT name, permissions FROM operator_roles WHERE merchant_code = $1 ORDER BY name`, merchantCode)
	if err != nil {
		return nil, fmt.Errorf("operator: roles: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var name, perms string
		if err := rows.Scan(&name, &perms); err != nil {
			return nil, fmt.Errorf("operator: roles: %w", err)
		}
		out = append(out, Role{Name: name, Permissions: ForMerchant(merchantCode, splitPerms(perms))})
	}
	return out, rows.Err()
}

// RolePermissions returns the permissions of a role of the merchant.
// A merchant's operator never holds a platform permission (ForMerchant);
// the platform's owner holds every one.
func (s *Service) RolePermissions(ctx context.Context, merchantCode, role string) ([]Permission, error) {
	if merchantCode == "" && role == RoleOwner {
		return platformOwner(), nil
	}
	if p, ok := BuiltinRoles[role]; ok {
		return p, nil
	}
	var perms string
	err := s.db.Read().QueryRowContext(ctx, `SELECT permissions FROM operator_roles WHERE merchant_code = $1 AND name = $2`, merchantCode, role).Scan(&perms)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, ErrUnknownRole
	}
	if err != nil {
		return nil, fmt.Errorf("operator: role: %w", err)
	}
	return ForMerchant(merchantCode, splitPerms(perms)), nil
}

var roleRule = regexp.MustCompile(`^[a-z][a-z0-9._-]{1,31}$`)

// SaveRole creates (create true) or replaces a custom role of the merchant,
// returning the role before (nil on create).
func (s *Service) SaveRole(ctx context.Context, merchantCode, name string, perms []Permission, create bool) (*Role, error) {
	if _, ok := BuiltinRoles[name]; ok {
		return nil, ErrBuiltinRole
	}
	if !roleRule.MatchString(name) {
		return nil, ErrUnknownRole
	}
	for _, p := range perms {
		if !Known(p) || merchantCode != "" && PlatformOnly(p) {
			return nil, ErrUnknownPerm
		}
	}
	perms = slices.Compact(slices.Sorted(slices.Values(perms)))
	text := joinPerms(perms)
	if create {
		res, err := s.db.Write().ExecContext(ctx, `INSERT INTO operator_roles (merchant_code, name, permissions, created_at) VALUES ($1, $2, $3, $4)
			ON CONFLICT (merchant_code, name) DO NOTHING`, merchantCode, name, text, s.now().UnixMilli())
		if err != nil {
			return nil, fmt.Errorf("operator: role: %w", err)
		}
		if n, _ := res.RowsAffected(); n != 1 {
			return nil, ErrRoleExists
		}
		return nil, nil
	}
	old, err := s.RolePermissions(ctx, merchantCode, name)
	if err != nil {
		return nil, err
	}
	if _, err := s.db.Write().ExecContext(ctx, `UPDATE operator_roles SET permissions = $1 WHERE merchant_code = $2 AND name = $3`, text, merchantCode, name); err != nil {
		return nil, fmt.Errorf("operator: role: %w", err)
	}
	return &Role{Name: name, Permissions: old}, nil
}

func splitPerms(s string) []Permission {
	out := []Permission{}
	for p := range strings.SplitSeq(s, ",") {
		if p != "" {
			out = append(out, Permission(p))
		}
	}
	return out
}

func joinPerms(perms []Permission) string {
	s := make([]string, len(perms))
	for i, p := range perms {
		s[i] = string(p)
	}
	return strings.Join(s, ",")
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// newToken returns a 256-bit random token and the hash that is stored.
func newToken() (token, hash string) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		panic(fmt.Sprintf("operator: random: %v", err))
	}
	token = base64.RawURLEncoding.EncodeToString(b)
	return token, hashToken(token)
}

func hashToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// Writer is the database's writer, for calls that take a Querier outside
// a transaction of the caller's.
func (s *Service) Writer() database.Querier { return s.db.Write() }
