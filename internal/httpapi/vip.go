package httpapi

import (
	"context"
	"net/http"
	"strconv"

	"portal/internal/loyalty"
)

// The VIP page's calls (G-013, decision 0038): the member's level and its
// progress, and the merchant's ladder for visitors. With the VIP3 switch
// off there is no VIP at all.

func (s *Server) vipReady(r *http.Request) error {
	if s.Loyalty == nil {
		return newError(http.StatusNotFound, "resource.not_found", nil)
	}
	if !merchantOf(r.Context()).VIP {
		return errFeatureOff
	}
	return nil
}

func (s *Server) vipMine(r *http.Request) (any, error) {
	if err := s.vipReady(r); err != nil {
		return nil, err
	}
	ctx := r.Context()
	return s.Loyalty.VIP(ctx, merchantOf(ctx).Code, memberOf(ctx).ID)
}

type vipLevels struct {
	Levels []loyalty.Level `json:"levels"`
}

func (s *Server) vipLevels(r *http.Request) (any, error) {
	if err := s.vipReady(r); err != nil {
		return nil, err
	}
	ctx := r.Context()
	list, err := s.Loyalty.Levels(ctx, merchantOf(ctx).Code)
	return vipLevels{Levels: list}, err
}

// vipLabel is the header's VIP label: the level's name (decision 0038).
func (s *Server) vipLabel(merchant string, level int) string {
	if s.Loyalty == nil {
		return "VIP" + strconv.Itoa(level)
	}
	return s.Loyalty.LevelName(context.Background(), merchant, level)
}
