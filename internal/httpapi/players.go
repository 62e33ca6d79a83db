package httpapi

import (
	"bytes"
	"errors"
	"io"
	"net/http"
	"strconv"
	"time"

	"github.com/go-chi/chi/v5"

	"portal/internal/identity"
	"portal/internal/merchant"
	"portal/internal/operator"
	"portal/internal/realtime"
	"portal/internal/wallet"
)

// The back office's Players screen (decision 0022, Players): search, one
// player's record, freeze and unfreeze, forced log-out. The wrapper
// (adminHandler) checks players.read or players.write and writes the
// audit entry; these handlers name the target and the status before and
// after.

type (
	// playerRow is a player as the back office lists it; the balance is
	// in major units of the merchant's currency.
	playerRow struct {
		ID          int64      `json:"id"`
		Username    string     `json:"username"`
		Type        int        `json:"type"`
		Status      string     `json:"status"`
		Mobile      string     `json:"mobile"`
		Email       string     `json:"email"`
		RealName    string     `json:"realName"`
		Currency    string     `json:"currency"`
		Balance     string     `json:"balance"`
		CreatedAt   time.Time  `json:"createdAt"`
		LastLoginAt *time.Time `json:"lastLoginAt"`
	}
	playerSession struct {
		CreatedAt  time.Time `json:"createdAt"`
		LastSeenAt time.Time `json:"lastSeenAt"`
		IP         string    `json:"ip"`
	}
	// playerRecord is a player's page: the row, live sessions, addresses,
	// staff's notes (latest 100) and tags, whether an authenticator is on,
	// and how many of the merchant's messages are unread.
	playerRecord struct {
		Player    playerRow          `json:"player"`
		Sessions  []playerSession    `json:"sessions"`
		Addresses []identity.Address `json:"addresses"`
		Notes     []identity.Note    `json:"notes"`
		Tags      []string           `json:"tags"`
		TOTP      bool               `json:"totp"`
		Unread    int                `json:"unreadMessages"`
	}
	playerReason struct {
		Reason string `json:"reason"`
	}
	// playerStatus is what the audit entry keeps before and after.
	playerStatus struct {
		Status string `json:"status"`
		Reason string `json:"reason,omitempty"`
	}
	playerLogout struct {
		Sessions int `json:"sessions"`
	}
)

// playerListParams are the search and paging of the players list.
var playerListParams = []Param{
	{Name: "q", Type: TypeString, MaxLen: identity.SearchMaxLen,
		Description: "Username prefix (any case), exact id, mobile prefix (digits, with or without +), e-mail prefix or an exact address the player logged in from; none: all"},
	{Name: "pageNum", Type: TypeInteger, Min: 1, Max: 100000, Default: "1"},
	{Name: "pageSize", Type: TypeInteger, Min: 1, Max: 100, Default: "20"},
}

// playersMerchant is the merchant whose players the call sees; the
// platform itself has none.
func (s *Server) playersMerchant(r *http.Request) (*merchant.Merchant, error) {
	a := adminOf(r.Context())
	if a.merchant == "" {
		return nil, nil
	}
	return s.Merchants.Lookup(r.Context(), a.merchant)
}

func (s *Server) playerRowOf(r *http.Request, mer *merchant.Merchant, m *identity.Member) (playerRow, error) {
	b, err := s.Wallet.Balance(r.Context(), mer.Code, wallet.Member(m.ID, mer.Currency))
	if err != nil {
		return playerRow{}, err
	}
	row := playerRow{ID: m.ID, Username: m.Username, Type: int(m.Type), Status: m.Status, Mobile: m.Mobile, Email: m.Email,
		RealName: m.Profile["payeeName"], Currency: mer.Currency, Balance: wallet.FormatAmount(b, mer.Decimals), CreatedAt: m.CreatedAt}
	if !m.LastLoginAt.IsZero() {
		t := m.LastLoginAt
		row.LastLoginAt = &t
	}
	return row, nil
}

func (s *Server) adminPlayers(r *http.Request) (any, error) {
	p := paramsOf(r.Context())
	num, size := p.Int("pageNum"), p.Int("pageSize")
	page := Page[playerRow]{Content: []playerRow{}, PageNum: num, PageSize: size}
	mer, err := s.playersMerchant(r)
	if err != nil || mer == nil {
		return page, err
	}
	members, total, err := s.Identity.Search(r.Context(), mer.Code, p.String("q"), num, size)
	if err != nil {
		return nil, err
	}
	for i := range members {
		row, err := s.playerRowOf(r, mer, &members[i])
		if err != nil {
			return nil, err
		}
		page.Content = append(page.Content, row)
	}
	page.Total, page.TotalPages = total, (total+size-1)/size
	return page, nil
}

// targetPlayer is the player {id} of the call's merchant, named as the
// audit entry's target; another merchant's is 404.
func (s *Server) targetPlayer(r *http.Request) (*merchant.Merchant, *identity.Member, error) {
	a := adminOf(r.Context())
	a.target = "player:" + chi.URLParam(r, "id")
	id, err := strconv.ParseInt(chi.URLParam(r, "id"), 10, 64)
	if err != nil || id <= 0 {
		return nil, nil, operator.ErrNotFound
	}
	mer, err := s.playersMerchant(r)
	if err != nil {
		return nil, nil, err
	}
	if mer == nil {
		return nil, nil, operator.ErrNotFound
	}
	m, err := s.Identity.MemberOf(r.Context(), mer.Code, id)
	if errors.Is(err, identity.ErrMemberNotFound) {
		return nil, nil, operator.ErrNotFound
	} else if err != nil {
		return nil, nil, err
	}
	return mer, m, nil
}

func (s *Server) adminPlayer(r *http.Request) (any, error) {
	mer, m, err := s.targetPlayer(r)
	if err != nil {
		return nil, err
	}
	row, err := s.playerRowOf(r, mer, m)
	if err != nil {
		return nil, err
	}
	rec := playerRecord{Player: row, Sessions: []playerSession{}}
	sessions, err := s.Identity.Sessions(r.Context(), m.ID)
	if err != nil {
		return nil, err
	}
	for _, ss := range sessions {
		rec.Sessions = append(rec.Sessions, playerSession{CreatedAt: ss.CreatedAt, LastSeenAt: ss.LastSeenAt, IP: ss.IP})
	}
	ctx := r.Context()
	if rec.Addresses, err = s.Identity.Addresses(ctx, m.ID); err != nil {
		return nil, err
	}
	if rec.Notes, err = s.Identity.Notes(ctx, m.ID); err != nil {
		return nil, err
	}
	if rec.Tags, err = s.Identity.Tags(ctx, m.ID); err != nil {
		return nil, err
	}
	if rec.TOTP, err = s.Identity.TOTPEnabled(ctx, m.ID); err != nil {
		return nil, err
	}
	if rec.Unread, err = s.Inbox.Unread(ctx, m.ID); err != nil {
		return nil, err
	}
	return rec, nil
}

// decodeOptionalJSON reads a JSON body that may be left out altogether.
func decodeOptionalJSON(w http.ResponseWriter, r *http.Request, dst any) error {
	raw, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBody))
	if err != nil {
		return bodyError(err)
	}
	if len(bytes.TrimSpace(raw)) == 0 {
		return nil
	}
	return decodeJSONFrom(bytes.NewReader(raw), dst)
}

func (s *Server) adminFreezePlayer(w http.ResponseWriter, r *http.Request) (any, error) {
	var req playerReason
	if err := decodeJSON(w, r, &req); err != nil {
		return nil, err
	}
	return s.setPlayerStatus(r, identity.StatusFrozen, req.Reason, false)
}

func (s *Server) adminUnfreezePlayer(w http.ResponseWriter, r *http.Request) (any, error) {
	var req playerReason
	if err := decodeOptionalJSON(w, r, &req); err != nil {
		return nil, err
	}
	return s.setPlayerStatus(r, identity.StatusActive, req.Reason, true)
}

func (s *Server) setPlayerStatus(r *http.Request, status, reason string, optional bool) (any, error) {
	mer, m, err := s.targetPlayer(r)
	if err != nil {
		return nil, err
	}
	if reason, err = operator.CheckReason(reason, optional); err != nil {
		return nil, err
	}
	before, after, err := s.Identity.SetStatus(r.Context(), mer.Code, m.ID, status)
	if err != nil {
		return nil, err
	}
	adminOf(r.Context()).note("player:"+strconv.FormatInt(m.ID, 10), playerStatus{Status: before}, playerStatus{Status: status, Reason: reason})
	if status == identity.StatusFrozen {
		s.pushLogout(mer.Code, m.ID)
	}
	return s.playerRowOf(r, mer, after)
}

func (s *Server) adminLogoutPlayer(w http.ResponseWriter, r *http.Request) (any, error) {
	mer, m, err := s.targetPlayer(r)
	if err != nil {
		return nil, err
	}
	n, err := s.Identity.EndAllSessions(r.Context(), m.ID)
	if err != nil {
		return nil, err
	}
	adminOf(r.Context()).note("player:"+strconv.FormatInt(m.ID, 10), playerStatus{Status: m.Status}, playerLogout{Sessions: n})
	s.pushLogout(mer.Code, m.ID)
	return playerLogout{Sessions: n}, nil
}

// pushLogout tells the member's open pages of this process that their
// sessions ended; the socket closes after passing it on. Other processes'
// sockets notice at their next session check (a minute at most).
func (s *Server) pushLogout(merchantCode string, memberID int64) {
	if s.Hub != nil {
		s.Hub.Publish(merchantCode, memberID, realtime.Event{Type: realtime.EventLogout})
	}
}
