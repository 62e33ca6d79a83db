package httpapi

import (
	"net/http"
	"time"

	"portal/internal/identity"
	"portal/internal/provider"
	"portal/internal/wallet"
)

// The rest of a player's record in the back office (decision 0027): the
// ledger, bets, log-ins, notes and tags, resets, messages. Reads need
// players.read, changes players.write; every lookup goes through
// targetPlayer, so another merchant's player is 404.

type (
	// ledgerRow is one ledger entry of the player's account, the amount
	// signed (credit positive) in major units.
	ledgerRow struct {
		ID        int64     `json:"id"`
		Time      time.Time `json:"time"`
		Type      string    `json:"type"`
		Amount    string    `json:"amount"`
		Reference string    `json:"reference"`
	}
	// betRow is one round of the player's, amounts in major units; profit
	// is the player's.
	betRow struct {
		RoundID    string     `json:"roundId"`
		GameCode   string     `json:"gameCode"`
		GameName   string     `json:"gameName"`
		Vendor     string     `json:"vendor"`
		VendorName string     `json:"vendorName"`
		GameType   string     `json:"gameType"`
		Stake      string     `json:"stake"`
		Win        string     `json:"win"`
		Profit     string     `json:"profit"`
		Status     string     `json:"status"`
		Mode       string     `json:"mode"`
		BetTime    time.Time  `json:"betTime"`
		SettleTime *time.Time `json:"settleTime"`
	}
	betTotals struct {
		Count  int    `json:"count"`
		Stake  string `json:"stake"`
		Win    string `json:"win"`
		Profit string `json:"profit"`
	}
	betPage struct {
		Page[betRow]
		Totals betTotals `json:"totals"`
	}
	noteRequest struct {
		Text string `json:"text"`
	}
	tagsRequest struct {
		Tags []string `json:"tags"`
	}
	tagsValue struct {
		Tags []string `json:"tags"`
	}
	// passwordReset is the new password, shown once to the operator.
	passwordReset struct {
		Password string `json:"password"`
		Sessions string `json:"sessions"`
	}
	totpReset struct {
		Removed bool `json:"removed"`
	}
	messageRequest struct {
		Title string `json:"title"`
		Body  string `json:"body"`
	}
)

// Query parameters of a player's ledger, bets and log-ins.
var (
	pagingParams = []Param{
		{Name: "pageNum", Type: TypeInteger, Min: 1, Max: 100000, Default: "1"},
		{Name: "pageSize", Type: TypeInteger, Min: 1, Max: 100, Default: "20"},
	}
	playerLedgerParams = append(append([]Param{}, reportParams...),
		Param{Name: "type", Type: TypeString, Enum: []string{"all", "bet", "win", "rollback", "adjust", "play_money"}, Default: "all"},
		pagingParams[0], pagingParams[1])
	playerBetParams = append(append([]Param{}, reportParams...),
		Param{Name: "gameType", Type: TypeString, MaxLen: 20, Description: "Game type; none or ALL: every type"},
		vassalageParam, pagingParams[0], pagingParams[1])
)

func (s *Server) adminPlayerLedger(r *http.Request) (any, error) {
	mer, m, err := s.targetPlayer(r)
	if err != nil {
		return nil, err
	}
	period, err := reportPeriod(r)
	if err != nil {
		return nil, err
	}
	p := paramsOf(r.Context())
	num, size := p.Int("pageNum"), p.Int("pageSize")
	h, err := s.Wallet.History(r.Context(), mer.Code, wallet.Member(m.ID, mer.Currency), period.From, period.To, p.String("type"), num, size)
	if err != nil {
		return nil, err
	}
	page := Page[ledgerRow]{Content: []ledgerRow{}, PageNum: num, PageSize: size, TotalPages: h.TotalPages, Total: h.TotalElements}
	for _, e := range h.Content {
		page.Content = append(page.Content, ledgerRow{ID: e.ID, Time: time.UnixMilli(e.Time).UTC(), Type: e.Type,
			Amount: wallet.FormatAmount(e.Amount, mer.Decimals), Reference: e.Reference})
	}
	return page, nil
}

func (s *Server) adminPlayerBets(r *http.Request) (any, error) {
	mer, m, err := s.targetPlayer(r)
	if err != nil {
		return nil, err
	}
	period, err := reportPeriod(r)
	if err != nil {
		return nil, err
	}
	p := paramsOf(r.Context())
	num, size := p.Int("pageNum"), p.Int("pageSize")
	h, err := s.Games.BetHistory(r.Context(), m.ID, provider.BetFilter{Period: period, GameType: p.String("gameType"), Vendor: p.String("vassalage"),
		Language: languageOf(r.Context()), Page: num, Size: size})
	if err != nil {
		return nil, err
	}
	money := func(v int64) string { return wallet.FormatAmount(v, mer.Decimals) }
	out := betPage{Page: Page[betRow]{Content: []betRow{}, PageNum: num, PageSize: size, TotalPages: h.TotalPages, Total: h.TotalElements},
		Totals: betTotals{Count: h.Summary.Count, Stake: money(h.Summary.Stake), Win: money(h.Summary.Win), Profit: money(h.Summary.Profit)}}
	for _, b := range h.Content {
		row := betRow{RoundID: b.RoundID, GameCode: b.GameCode, GameName: b.GameName, Vendor: b.Vassalage, VendorName: b.VendorName, GameType: b.GameType,
			Stake: money(b.Stake), Win: money(b.Win), Profit: money(b.Profit), Status: b.Status, Mode: b.Mode, BetTime: time.UnixMilli(b.BetTime).UTC()}
		if b.SettleTime > 0 {
			t := time.UnixMilli(b.SettleTime).UTC()
			row.SettleTime = &t
		}
		out.Content = append(out.Content, row)
	}
	return out, nil
}

func (s *Server) adminPlayerLogins(r *http.Request) (any, error) {
	_, m, err := s.targetPlayer(r)
	if err != nil {
		return nil, err
	}
	p := paramsOf(r.Context())
	num, size := p.Int("pageNum"), p.Int("pageSize")
	list, total, err := s.Identity.Logins(r.Context(), m.ID, num, size)
	if err != nil {
		return nil, err
	}
	return newPage(list, num, size, total), nil
}

func (s *Server) adminPlayerNote(w http.ResponseWriter, r *http.Request) (any, error) {
	var req noteRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return nil, err
	}
	mer, m, err := s.targetPlayer(r)
	if err != nil {
		return nil, err
	}
	a := adminOf(r.Context())
	n, err := s.Identity.AddNote(r.Context(), mer.Code, m.ID, a.session.Operator.Username, req.Text)
	if err != nil {
		return nil, err
	}
	a.note(a.target, nil, n)
	return n, nil
}

func (s *Server) adminPlayerTags(w http.ResponseWriter, r *http.Request) (any, error) {
	var req tagsRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return nil, err
	}
	mer, m, err := s.targetPlayer(r)
	if err != nil {
		return nil, err
	}
	tags, err := identity.NormalizeTags(req.Tags)
	if err != nil {
		return nil, err
	}
	before, err := s.Identity.SetTags(r.Context(), mer.Code, m.ID, tags)
	if err != nil {
		return nil, err
	}
	a := adminOf(r.Context())
	a.note(a.target, tagsValue{Tags: before}, tagsValue{Tags: tags})
	return tagsValue{Tags: tags}, nil
}

// adminPlayerResetPassword gives the player a new password to change at
// the next log-in and ends their sessions; the audit entry records that
// it happened, never the password.
func (s *Server) adminPlayerResetPassword(w http.ResponseWriter, r *http.Request) (any, error) {
	mer, m, err := s.targetPlayer(r)
	if err != nil {
		return nil, err
	}
	pw, err := s.Identity.ResetPassword(r.Context(), mer.Code, m.ID)
	if err != nil {
		return nil, err
	}
	a := adminOf(r.Context())
	a.note(a.target, nil, map[string]any{"password": "reset", "mustChange": true, "sessions": "ended"})
	s.pushLogout(mer.Code, m.ID)
	return passwordReset{Password: pw, Sessions: "ended"}, nil
}

func (s *Server) adminPlayerResetTOTP(w http.ResponseWriter, r *http.Request) (any, error) {
	_, m, err := s.targetPlayer(r)
	if err != nil {
		return nil, err
	}
	removed, err := s.Identity.ResetTOTP(r.Context(), m.ID)
	if err != nil {
		return nil, err
	}
	a := adminOf(r.Context())
	a.note(a.target, totpReset{Removed: false}, totpReset{Removed: removed})
	return totpReset{Removed: removed}, nil
}

func (s *Server) adminPlayerMessage(w http.ResponseWriter, r *http.Request) (any, error) {
	var req messageRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return nil, err
	}
	mer, m, err := s.targetPlayer(r)
	if err != nil {
		return nil, err
	}
	a := adminOf(r.Context())
	msg, err := s.Inbox.Send(r.Context(), mer.Code, m.ID, req.Title, req.Body, a.session.Operator.Username)
	if err != nil {
		return nil, err
	}
	a.note(a.target, nil, msg)
	s.pushUnread(r, mer.Code, m.ID)
	return msg, nil
}

func (s *Server) adminPlayerMessages(r *http.Request) (any, error) {
	_, m, err := s.targetPlayer(r)
	if err != nil {
		return nil, err
	}
	p := paramsOf(r.Context())
	num, size := p.Int("pageNum"), p.Int("pageSize")
	list, total, err := s.Inbox.Direct(r.Context(), m.ID, num, size)
	if err != nil {
		return nil, err
	}
	return newPage(list, num, size, total), nil
}
