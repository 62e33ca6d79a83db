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
		VALUES ($1, $2, $3, $4, $5) ON CONFLICT (member_id) WHERE revealed_at = 0 DO NOTHING`,
		memberID, server, game.HashSeed(server), client, s.now().UnixMilli()); err != nil {
		return fmt.Errorf("inhouse: new seed pair: %w", err)
	}
	return nil
}

func (s *Service) liveSeed(ctx context.Context, q database.Querier, memberID int64) (seedRow, error) {
	var r seedRow
	err := q.QueryRowContext(ctx, `SELECT id, server_seed, server_seed_hash, client_seed, next_nonce FROM inhouse_seeds
		WHERE member_id = $1 AND revealed_at = 0`, memberID).Scan(&r.id, &r.serverSeed, &r.hash, &r.clientSeed, &r.nonce)
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

// ChangeSeeds reveals the live server seed and starts a new pair with the
// player's client seed (a random one when empty). Rounds already drawn keep
// their pair: their outcome was fixed when their nonce was taken.
func (s *Service) ChangeSeeds(ctx context.Context, memberID int64, clientSeed string) (Seeds, error) {
	if clientSeed != "" && !game.ValidClientSeed(clientSeed) {
		return Seeds{}, ErrClientSeed
	}
	err := s.db.InTx(ctx, func(q database.Querier) error {
		if _, err := q.ExecContext(ctx, `UPDATE inhouse_seeds SET revealed_at = $1 WHERE member_id = $2 AND revealed_at = 0`,
			s.now().UnixMilli(), memberID); err != nil {
			return fmt.Errorf("inhouse: reveal seed: %w", err)
		}
		return s.ensureSeed(ctx, q, memberID, clientSeed)
	})
	if err != nil {
		return Seeds{}, err
	}
	return s.Seeds(ctx, memberID)
}
