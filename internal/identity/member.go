// Package identity is who a person is to the portal: members of a merchant
// (players, agents, trial accounts), their passwords and their sessions.
package identity

import (
	"errors"
	"time"
)

// MemberType is the account type of spec §4.
type MemberType int

// Member types. Agents are 1, 2, 41 and 42; trial accounts are 4.
const (
	TypeMember  MemberType = 0
	TypeAgent1  MemberType = 1
	TypeAgent2  MemberType = 2
	TypeTrial   MemberType = 4
	TypeAgent41 MemberType = 41
	TypeAgent42 MemberType = 42
)

// IsAgent reports whether t is one of the agent types.
func (t MemberType) IsAgent() bool {
	return t == TypeAgent1 || t == TypeAgent2 || t == TypeAgent41 || t == TypeAgent42
}

// IsTrial reports whether t is a trial (free-play) account.
func (t MemberType) IsTrial() bool { return t == TypeTrial }

// Member statuses.
const (
	StatusActive = "active"
	StatusFrozen = "frozen"
)

// Member is one account.
type Member struct {
	ID           int64
	MerchantCode string
	Username     string
	Mobile       string
	// MobileVerified is true once the owner of Mobile proved it with an SMS
	// code; only then does the number log in, reset or count as taken.
	MobileVerified bool
	Email          string
	// EmailVerified is true once the owner of Email proved it with a code
	// sent to it (decision 0034).
	EmailVerified      bool
	Type               MemberType
	Status             string
	UplineID           int64
	Nickname           string
	VIPLevel           int
	Profile            map[string]string
	PasswordChangedAt  time.Time
	MustChangePassword bool
	CreatedAt          time.Time
	LastLoginAt        time.Time
}

// Errors of the identity domain.
var (
	ErrBadCredentials = errors.New("identity: account or password incorrect")
	ErrMemberFrozen   = errors.New("identity: account frozen")
	ErrUsernameTaken  = errors.New("identity: username taken")
	ErrMobileTaken    = errors.New("identity: mobile number taken")
	ErrNoSession      = errors.New("identity: no valid session")
	ErrMemberNotFound = errors.New("identity: member not found")
)
