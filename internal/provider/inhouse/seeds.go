package inhouse

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"errors"
	"fmt"

	"portal/internal/database"
	"portal/internal/provider/inhouse/game"
)

// Seed is a seed pair as the player may see it: the server seed only once
// revealed.
type Seed struct {
	ServerSeed     string `json:"serverSeed,omitempty"`
	ServerSeedHash string `json:"serverSeedHash"`
	ClientSeed     string `json:"clientSeed"`
	// Nonce is the next round's nonce (for a revealed pair: how many rounds
	// it played).
	Nonce int64 `json:"nonce"`
}

// Seeds is the live pair and the last revealed one (nil before the first
// change).
type Seeds struct {
	Current  Seed  `json:"current"`
	Previous *Seed `json:"previous"`
}

// seedRow is a stored pair.
type seedRow struct {
	id         int64
	serverSeed string
	hash       string
	clientSeed string
	nonce      int64
}

func newSeedPair() (server, client string, err error) {
	if server, err = game.NewServerSeed(); err != nil {
		return "", "", fmt.Errorf("inhouse: server seed: %w", err)
	}
	var b [8]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", "", fmt.Errorf("inhouse: client seed: %w", err)
	}
	return server, hex.EncodeToString(b[:]), nil
}

// ensureSeed gives the member a live pair if they have none (the first
// play, or right after a change); a concurrent twin's insert wins quietly.
func (s *Service) ensureSeed(ctx context.Context, q database.Querier, memberID int64, clientSeed string) error {
	server, client, err := newSeedPair()
	if err != nil {
		return err
	}
	if clientSeed != "" {
		client = clientSeed
	}
	if _, err := q.ExecContext(ctx, `INSERT INTO inhouse_seeds (member_id, server_seed, server_seed_hash, client_seed, created_at)
		VALUES ($1, $2, $3, $4, $5) ON CONFLICT (member_id) WHERE retired_at = 0 DO NOTHING`,
		memberID, server, game.HashSeed(server), client, s.now().UnixMilli()); err != nil {
		return fmt.Errorf("inhouse: new seed pair: %w", err)
	}
	return nil
}

func (s *Service) liveSeed(ctx context.Context, q database.Querier, memberID int64) (seedRow, error) {
	var r seedRow
	err := q.QueryRowContext(ctx, `SELECT id, server_seed, server_seed_hash, client_seed, next_nonce FROM inhouse_seeds
		WHERE member_id = $1 AND retired_at = 0`, memberID).Scan(&r.id, &r.serverSeed, &r.hash, &r.clientSeed, &r.nonce)
	if err != nil && !errors.Is(err, sql.ErrNoRows) {
		return r, fmt.Errorf("inhouse: live seed: %w", err)
	}
	return r, err
}

// Seeds answers the member's live pair (made on first sight) and the last
// revealed one.
func (s *Service) Seeds(ctx context.Context, memberID int64) (Seeds, error) {
	live, err := s.liveSeed(ctx, s.db.Read(), memberID)
	if errors.Is(err, sql.ErrNoRows) {
		// Only a member's first sight of the games (or a change) writes.
		err = s.db.InTx(ctx, func(q database.Querier) error {
			if err := s.ensureSeed(ctx, q, memberID, ""); err != nil {
				return err
			}
			live, err = s.liveSeed(ctx, q, memberID)
			return err
		})
	}
	if err != nil {
		return Seeds{}, err
	}
	prev, err := s.lastRevealed(ctx, s.db.Read(), memberID)
	if err != nil {
		return Seeds{}, err
	}
	return Seeds{Current: Seed{ServerSeedHash: live.hash, ClientSeed: live.clientSeed, Nonce: live.nonce}, Previous: prev}, nil
}

func (s *Service) lastRevealed(ctx context.Context, q database.Querier, memberID int64) (*Seed, error) {
	var p Seed
	err := q.QueryRowContext(ctx, `SELECT server_seed, server_seed_hash, client_seed, next_nonce FROM inhouse_seeds
		WHERE member_id = $1 AND revealed_at > 0 ORDER BY id DESC LIMIT 1`, memberID).Scan(&p.ServerSeed, &p.ServerSeedHash, &p.ClientSeed, &p.Nonce)
	if errors.Is(err, sql.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("inhouse: revealed seed: %w", err)
	}
	return &p, nil
}

// ChangeSeeds starts a new pair with the player's client seed (a random
// one when empty) and reveals the old server seed once no round drawn on it
// is unsettled. It retires the old pair first, so no new round is drawn on
// it, then pays the rounds drawn on it whose win is still in flight, then
// reveals it: a player never sees a server seed while an outcome on it could
// still be chosen. If a win cannot be paid now, the pair stays secret, the
// answer is ErrRetry, and the sweeper reveals it once the round is paid.
func (s *Service) ChangeSeeds(ctx context.Context, memberID int64, clientSeed string) (Seeds, error) {
	if clientSeed != "" && !game.ValidClientSeed(clientSeed) {
		return Seeds{}, ErrClientSeed
	}
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), moneyTimeout)
	defer cancel()
	err := s.db.InTx(ctx, func(q database.Querier) error {
		if _, err := q.ExecContext(ctx, `UPDATE inhouse_seeds SET retired_at = $1 WHERE member_id = $2 AND retired_at = 0`,
			s.now().UnixMilli(), memberID); err != nil {
			return fmt.Errorf("inhouse: retire seed: %w", err)
		}
		return s.ensureSeed(ctx, q, memberID, clientSeed)
	})
	if err != nil {
		return Seeds{}, err
	}
	if err := s.settleRetired(ctx, memberID); err != nil {
		return Seeds{}, err
	}
	return s.Seeds(ctx, memberID)
}

// settleRetired pays the drawn, unsettled rounds on the member's retired
// pairs, then reveals every retired pair with no round left unsettled.
func (s *Service) settleRetired(ctx context.Context, memberID int64) error {
	pending, err := s.rounds(ctx, `r.member_id = $1 AND r.status = $2 AND r.nonce IS NOT NULL AND s.retired_at > 0 AND s.revealed_at = 0`,
		memberID, statusPending)
	if err != nil {
		return err
	}
	var failed error
	for _, r := range pending {
		if _, err := s.drive(ctx, r, "", true); err != nil && !errors.Is(err, ErrRoundVoid) {
			s.log.WarnContext(ctx, "inhouse: paying a round before its seed is revealed", "round", r.id, "err", err)
			failed = ErrRetry
		}
	}
	if err := s.revealSettled(ctx, memberID); err != nil {
		return err
	}
	return failed
}

// revealSettled reveals the member's retired pairs (every member's when
// memberID is 0) that no unsettled round uses.
func (s *Service) revealSettled(ctx context.Context, memberID int64) error {
	if _, err := s.db.Write().ExecContext(ctx, `UPDATE inhouse_seeds SET revealed_at = $1
		WHERE retired_at > 0 AND revealed_at = 0 AND ($2 = 0 OR member_id = $2)
		AND NOT EXISTS (SELECT 1 FROM inhouse_rounds r WHERE r.seed_id = inhouse_seeds.id AND r.status = $3)`,
		s.now().UnixMilli(), memberID, statusPending); err != nil {
		return fmt.Errorf("inhouse: reveal seeds: %w", err)
	}
	return nil
}

// rounds reads the rounds (joined to their pairs) that where selects.
func (s *Service) rounds(ctx context.Context, where string, args ...any) ([]roundRow, error) {
	rows, err := s.db.Write().QueryContext(ctx, `SELECT `+roundColumns+roundFrom+`WHERE `+where+` ORDER BY r.id LIMIT 500`, args...)
	if err != nil {
		return nil, fmt.Errorf("inhouse: rounds: %w", err)
	}
	defer rows.Close()
	var out []roundRow
	for rows.Next() {
		r, err := scanRound(rows)
		if err != nil {
			return nil, fmt.Errorf("inhouse: round: %w", err)
		}
		out = append(out, r)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("inhouse: rounds: %w", err)
	}
	return out, nil
}
