package catalog

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"portal/internal/database"
)

// MaxFavourites bounds one member's favourites, so the list stays a list.
const MaxFavourites = 500

// ErrTooManyFavourites is returned when a member has MaxFavourites already.
var ErrTooManyFavourites = fmt.Errorf("catalog: at most %d favourites", MaxFavourites)

// MemberGames is a page of a member's own games (favourites or recent).
type MemberGames struct {
	Content       []GameItem `json:"content"`
	PageNum       int        `json:"pageNum"`
	TotalPages    int        `json:"totalPages"`
	TotalElements int        `json:"totalElements"`
}

// AddFavourite adds a game the merchant offers to the member's favourites;
// adding one already there changes nothing.
func (s *Service) AddFavourite(ctx context.Context, merchantCode string, memberID int64, nodeID string) error {
	g, err := s.offeredGame(ctx, merchantCode, nodeID)
	if err != nil {
		return err
	}
	var n int
	if err := s.db.Read().QueryRowContext(ctx, `SELECT COUNT(*) FROM member_favourites WHERE member_id = $1`, memberID).Scan(&n); err != nil {
		return fmt.Errorf("catalog: count favourites: %w", err)
	}
	if n >= MaxFavourites {
		return ErrTooManyFavourites
	}
	if _, err := s.db.Write().ExecContext(ctx, `INSERT INTO member_favourites (member_id, game_id, created_at) VALUES ($1, $2, $3)
		ON CONFLICT (member_id, game_id) DO NOTHING`, memberID, g.ID, time.Now().UnixMilli()); err != nil {
		return fmt.Errorf("catalog: add favourite: %w", err)
	}
	return nil
}

// RemoveFavourite takes a game off the member's favourites (nothing if it
// was not there).
func (s *Service) RemoveFavourite(ctx context.Context, memberID int64, nodeID string) error {
	id, err := strconv.ParseInt(nodeID, 10, 64)
	if err != nil || id <= 0 {
		return fmt.Errorf("%w: node %q", ErrGameNotFound, nodeID)
	}
	if _, err := s.db.Write().ExecContext(ctx, `DELETE FROM member_favourites WHERE member_id = $1 AND game_id = $2`, memberID, id); err != nil {
		return fmt.Errorf("catalog: remove favourite: %w", err)
	}
	return nil
}

// FavouriteIDs are the nodeIds of the member's favourites, newest first.
func (s *Service) FavouriteIDs(ctx context.Context, memberID int64) ([]string, error) {
	ids, err := memberGameIDs(ctx, s.db.Read(), `SELECT game_id FROM member_favourites WHERE member_id = $1 ORDER BY created_at DESC, game_id`, memberID)
	if err != nil {
		return nil, err
	}
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = strconv.FormatInt(id, 10)
	}
	return out, nil
}

// Favourites is a page of the member's favourites the merchant offers, of
// one lobby type (or all), newest first.
func (s *Service) Favourites(ctx context.Context, merchantCode string, memberID int64, gameType, vendor, lang string, page, size int) (MemberGames, error) {
	ids, err := memberGameIDs(ctx, s.db.Read(), `SELECT game_id FROM member_favourites WHERE member_id = $1 ORDER BY created_at DESC, game_id`, memberID)
	if err != nil {
		return MemberGames{}, err
	}
	return s.memberGames(ctx, merchantCode, ids, gameType, vendor, lang, page, size)
}

// RememberPlayed puts a game at the top of the member's recent games.
func (s *Service) RememberPlayed(ctx context.Context, memberID, gameID int64) error {
	if _, err := s.db.Write().ExecContext(ctx, `INSERT INTO member_recent_games (member_id, game_id, played_at) VALUES ($1, $2, $3)
		ON CONFLICT (member_id, game_id) DO UPDATE SET played_at = excluded.played_at`, memberID, gameID, time.Now().UnixMilli()); err != nil {
		return fmt.Errorf("catalog: recent game: %w", err)
	}
	return nil
}

// Recent is a page of the games the member launched, latest first (the
// last 100 are kept in view).
func (s *Service) Recent(ctx context.Context, merchantCode string, memberID int64, gameType, vendor, lang string, page, size int) (MemberGames, error) {
	ids, err := memberGameIDs(ctx, s.db.Read(), `SELECT game_id FROM member_recent_games WHERE member_id = $1 ORDER BY played_at DESC, game_id LIMIT 100`, memberID)
	if err != nil {
		return MemberGames{}, err
	}
	return s.memberGames(ctx, merchantCode, ids, gameType, vendor, lang, page, size)
}

func (s *Service) memberGames(ctx context.Context, merchantCode string, ids []int64, gameType, vendor, lang string, page, size int) (MemberGames, error) {
	sn, err := s.current(ctx)
	if err != nil {
		return MemberGames{}, err
	}
	v, err := s.view(ctx, merchantCode)
	if err != nil {
		return MemberGames{}, err
	}
	page, size = max(page, 1), min(max(size, 1), 100)
	out := MemberGames{Content: []GameItem{}, PageNum: page}
	from, to := (page-1)*size, page*size
	for _, id := range ids {
		g := v.byID(id)
		if g == nil || (gameType != "" && gameType != TypeAll && laneType(g) != gameType) || (vendor != "" && g.Vendor != vendor) {
			continue
		}
		if out.TotalElements >= from && out.TotalElements < to {
			out.Content = append(out.Content, v.item(sn, g, lang))
		}
		out.TotalElements++
	}
	out.TotalPages = (out.TotalElements + size - 1) / size
	return out, nil
}

// offeredGame is a game by nodeId that the merchant offers.
func (s *Service) offeredGame(ctx context.Context, merchantCode, nodeID string) (*Game, error) {
	id, err := strconv.ParseInt(nodeID, 10, 64)
	if err != nil || id <= 0 {
		return nil, fmt.Errorf("%w: node %q", ErrGameNotFound, nodeID)
	}
	v, err := s.view(ctx, merchantCode)
	if err != nil {
		return nil, err
	}
	g := v.byID(id)
	if g == nil {
		return nil, fmt.Errorf("%w: node %q", ErrGameNotFound, nodeID)
	}
	return g, nil
}

func memberGameIDs(ctx context.Context, q database.Querier, query string, memberID int64) ([]int64, error) {
	rows, err := q.QueryContext(ctx, query, memberID)
	if err != nil {
		return nil, fmt.Errorf("catalog: member games: %w", err)
	}
	defer rows.Close()
	var ids []int64
	for rows.Next() {
		var id int64
		if err := rows.Scan(&id); err != nil {
			return nil, fmt.Errorf("catalog: member games: %w", err)
		}
		ids = append(ids, id)
	}
	return ids, rows.Err()
}
