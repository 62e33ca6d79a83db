package agent

import (
	"context"
	"crypto/rand"
	"fmt"
	"regexp"
	"strings"

	"portal/internal/database"
)

// ReferralCode is one of an agent's registration codes.
type ReferralCode struct {
	ID            int64  `json:"id"`
	Code          string `json:"code"`
	Type          string `json:"type"`
	Registrations int64  `json:"registrations"`
	CreatedAt     int64  `json:"createdAt"`
	Disabled      bool   `json:"disabled"`
	RegisterPath  string `json:"registerPath"`
}

// MaxReferralCodes bounds an agent's codes, disabled ones included.
const MaxReferralCodes = 20

// codeRule is the register form's affiliateCode rule: 4-20 letters and
// digits. Codes are kept upper-case and matched regardless of case.
var codeRule = regexp.MustCompile(`^[A-Za-z0-9]{4,20}$`)

// codeAlphabet leaves out letters and digits people confuse (0 O 1 I L).
const codeAlphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"

func randomCode() string {
	b := make([]byte, 8)
	_, _ = rand.Read(b)
	for i := range b {
		b[i] = codeAlphabet[int(b[i])%len(codeAlphabet)]
	}
	return string(b)
}

func memberTypeName(t int) string {
	if isAgentType(t) {
		return "agent"
	}
	return "member"
}

// CreateReferralCode gives an agent a code that registers members (or
// agents, typ "agent") under it; an empty code is drawn at random.
func (s *Service) CreateReferralCode(ctx context.Context, merchant string, agentID int64, typ, code string) (ReferralCode, error) {
	code = strings.ToUpper(strings.TrimSpace(code))
	random := code == ""
	if !random && !codeRule.MatchString(code) {
		return ReferralCode{}, ErrCodeInvalid
	}
	memberType := 0
	if typ == "agent" {
		memberType = 1
	}
	var id int64
	for attempt := 0; ; attempt++ {
		if random {
			code = randomCode()
		}
		err := s.db.InTx(ctx, func(q database.Querier) error {
			if err := s.lock(ctx, q, agentID); err != nil {
				return err
			}
			var n int
			if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM agent_referral_codes WHERE agent_id = $1`, agentID).Scan(&n); err != nil {
				return fmt.Errorf("agent: referral codes: %w", err)
			}
			if n >= MaxReferralCodes {
				return ErrTooManyCodes
			}
			// An agent's login name is its first code (the register form
			// has always taken it): another agent may not claim it.
			var taken int
			if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM members WHERE merchant_code = $1 AND username = $2 AND id <> $3`,
				merchant, strings.ToLower(code), agentID).Scan(&taken); err != nil {
				return fmt.Errorf("agent: referral codes: %w", err)
			}
			if taken > 0 {
				return ErrCodeTaken
			}
			err := q.QueryRowContext(ctx, `INSERT INTO agent_referral_codes (merchant_code, agent_id, code, member_type, created_at)
				VALUES ($1, $2, $3, $4, $5) RETURNING id`, merchant, agentID, code, memberType, s.nowMs()).Scan(&id)
			if isUnique(err) {
				return ErrCodeTaken
			}
			if err != nil {
				return fmt.Errorf("agent: referral code: %w", err)
			}
			return nil
		})
		if err == ErrCodeTaken && random && attempt < 3 {
			continue
		}
		if err != nil {
			return ReferralCode{}, err
		}
		break
	}
	return s.referralCode(ctx, merchant, agentID, id)
}

const referralColumns = `c.id, c.code, c.member_type, c.created_at, c.disabled_at, (SELECT COUNT(*) FROM members r WHERE r.referral_code_id = c.id)`

func scanReferral(row interface{ Scan(...any) error }) (ReferralCode, error) {
	var r ReferralCode
	var typ int
	var disabled int64
	if err := row.Scan(&r.ID, &r.Code, &typ, &r.CreatedAt, &disabled, &r.Registrations); err != nil {
		return r, err
	}
	r.Type, r.Disabled = memberTypeName(typ), disabled > 0
	r.RegisterPath = "/register?affiliateCode=" + r.Code
	return r, nil
}

func (s *Service) referralCode(ctx context.Context, merchant string, agentID, id int64) (ReferralCode, error) {
	r, err := scanReferral(s.db.Read().QueryRowContext(ctx, `SELECT `+referralColumns+` FROM agent_referral_codes c
		WHERE c.id = $1 AND c.agent_id = $2 AND c.merchant_code = $3`, id, agentID, merchant))
	if isNoRows(err) {
		return r, ErrNotFound
	}
	if err != nil {
		return r, fmt.Errorf("agent: referral code: %w", err)
	}
	return r, nil
}

// ReferralCodes are an agent's codes, newest first.
func (s *Service) ReferralCodes(ctx context.Context, merchant string, agentID int64) ([]ReferralCode, error) {
	rows, err := s.db.Read().QueryContext(ctx, `SELECT `+referralColumns+` FROM agent_referral_codes c
		WHERE c.agent_id = $1 AND c.merchant_code = $2 ORDER BY c.id DESC`, agentID, merchant)
	if err != nil {
		return nil, fmt.Errorf("agent: referral codes: %w", err)
	}
	defer rows.Close()
	out := []ReferralCode{}
	for rows.Next() {
		r, err := scanReferral(rows)
		if err != nil {
			return nil, fmt.Errorf("agent: referral codes: %w", err)
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// DisableReferralCode stops one of an agent's codes from registering
// anyone; who registered with it stays counted.
func (s *Service) DisableReferralCode(ctx context.Context, merchant string, agentID, id int64) (ReferralCode, error) {
	if _, err := s.db.Write().ExecContext(ctx, `UPDATE agent_referral_codes SET disabled_at = $1
		WHERE id = $2 AND agent_id = $3 AND merchant_code = $4 AND disabled_at = 0`, s.nowMs(), id, agentID, merchant); err != nil {
		return ReferralCode{}, fmt.Errorf("agent: disable referral code: %w", err)
	}
	return s.referralCode(ctx, merchant, agentID, id)
}

// Referral is what a code registers: under which agent, as which member
// type, through which code (CodeID 0: the agent's login name).
type Referral struct {
	AgentID int64
	Agent   bool
	CodeID  int64
}

// ResolveReferral reads an invitation code at registration: one of an
// active agent's enabled codes, or (as the register form always took) an
// active agent's login name. ok false: no such code.
func (s *Service) ResolveReferral(ctx context.Context, merchant, code string) (Referral, bool, error) {
	code = strings.TrimSpace(code)
	if code == "" || len(code) > 40 {
		return Referral{}, false, nil
	}
	var r Referral
	var typ, agentType int
	var status string
	err := s.db.Read().QueryRowContext(ctx, `SELECT c.id, c.agent_id, c.member_type, m.type, m.status FROM agent_referral_codes c JOIN members m ON m.id = c.agent_id
		WHERE c.merchant_code = $1 AND c.code = $2 AND c.disabled_at = 0`, merchant, strings.ToUpper(code)).Scan(&r.CodeID, &r.AgentID, &typ, &agentType, &status)
	if err == nil {
		r.Agent = isAgentType(typ)
		return r, isAgentType(agentType) && status == "active", nil
	}
	if !isNoRows(err) {
		return r, false, fmt.Errorf("agent: referral: %w", err)
	}
	err = s.db.Read().QueryRowContext(ctx, `SELECT id, type, status FROM members WHERE merchant_code = $1 AND username = $2`,
		merchant, strings.ToLower(code)).Scan(&r.AgentID, &agentType, &status)
	if isNoRows(err) {
		return Referral{}, false, nil
	}
	if err != nil {
		return r, false, fmt.Errorf("agent: referral: %w", err)
	}
	return r, isAgentType(agentType) && status == "active", nil
}
