package provider

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"database/sql"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"fmt"
)

// GameSession is a launched game's right to bet for a member.
type GameSession struct {
	Token    string // given to the game once; stored only hashed
	Merchant string
	MemberID int64
	Vendor   string
	Game     string
	Currency string
	Mode     string
}

// openSession records a new game session and returns it with its token.
func (s *Service) openSession(ctx context.Context, gs GameSession) (GameSession, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return gs, fmt.Errorf("provider: random: %w", err)
	}
	gs.Token = base64.RawURLEncoding.EncodeToString(b)
	now := s.now()
	if _, err := s.db.Write().ExecContext(ctx, `INSERT INTO game_sessions (token_hash, merchant_code, member_id, vendor_code, game_code, currency, mode, created_at, expires_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`, hashToken(gs.Token), gs.Merchant, gs.MemberID, gs.Vendor, gs.Game, gs.Currency, gs.Mode,
		now.UnixMilli(), now.Add(s.ttl).UnixMilli()); err != nil {
		return gs, fmt.Errorf("provider: open game session: %w", err)
	}
	return gs, nil
}

// session finds a live game session by token; ok is false for an unknown or
// expired one.
func (s *Service) session(ctx context.Context, token string) (GameSession, bool, error) {
	var gs GameSession
	if token == "" || len(token) > 100 {
		return gs, false, nil
	}
	err := s.db.Read().QueryRowContext(ctx, `SELECT merchant_code, member_id, vendor_code, game_code, currency, mode FROM game_sessions
		WHERE token_hash = $1 AND expires_at > $2`, hashToken(token), s.now().UnixMilli()).
		Scan(&gs.Merchant, &gs.MemberID, &gs.Vendor, &gs.Game, &gs.Currency, &gs.Mode)
	if errors.Is(err, sql.ErrNoRows) {
		return gs, false, nil
	}
	if err != nil {
		return gs, false, fmt.Errorf("provider: game session: %w", err)
	}
	gs.Token = token
	return gs, true, nil
}

// SessionByToken is the live game session of a token, for the in-house
// games' own pages.
func (s *Service) SessionByToken(ctx context.Context, token string) (GameSession, bool, error) {
	return s.session(ctx, token)
}

func hashToken(token string) string {
	h := sha256.Sum256([]byte(token))
	return hex.EncodeToString(h[:])
}

// playSession is what a bet or balance callback needs of its token: whose
// and where the session is, and the member's status as it is now (and, for
// a balance callback, the member's balance).
type playSession struct {
	memberID int64
	vendor   string
	status   string
	balance  int64
}

// callbackSession reads a live session with its member's current status and
// balance in one statement, for a balance callback (a bet reads its session
// inside its transaction); ok is false for an unknown or expired token.
func (s *Service) callbackSession(ctx context.Context, token string, p player) (playSession, bool, error) {
	var ps playSession
	if token == "" || len(token) > 100 {
		return ps, false, nil
	}
	// The vendor sees cash and bonus money as one balance (decision 0037).
	err := s.db.Read().QueryRowContext(ctx, `SELECT s.member_id, s.vendor_code, m.status, COALESCE(a.balance, 0) + COALESCE(bo.balance, 0)
		FROM game_sessions s
		JOIN members m ON m.id = s.member_id
		LEFT JOIN wallet_accounts a ON a.merchant_code = $3 AND a.kind = $4 AND a.owner = $5 AND a.currency = $6
		LEFT JOIN wallet_accounts bo ON bo.merchant_code = $3 AND bo.kind = 'bonus' AND bo.owner = $5 AND bo.currency = $6
		WHERE s.token_hash = $1 AND s.expires_at > $2`, hashToken(token), s.now().UnixMilli(),
		p.member.MerchantCode, p.account.Kind, p.account.Owner, p.account.Currency).
		Scan(&ps.memberID, &ps.vendor, &ps.status, &ps.balance)
	if errors.Is(err, sql.ErrNoRows) {
		return ps, false, nil
	}
	if err != nil {
		return ps, false, fmt.Errorf("provider: game session: %w", err)
	}
	return ps, true, nil
}
