package httpapi

import (
	"net/http"
	"strings"

	"portal/internal/provider/inhouse"
)

// gameTokenHeader carries the game session's token to our own games' API:
// the game's credential, not the member's log-in.
const gameTokenHeader = "X-Game-Token"

// inhousePlayer is the player behind the request's game token.
func (s *Server) inhousePlayer(r *http.Request, gameCode string) (inhouse.Player, error) {
	token := strings.TrimSpace(r.Header.Get(gameTokenHeader))
	if token == "" || len(token) > 100 {
		return inhouse.Player{}, inhouse.ErrSession
	}
	return s.Inhouse.Player(r.Context(), merchantOf(r.Context()).Code, token, gameCode)
}

// inhouseSession opens a game page: balance, limits and the live seed pair,
// or a free demo's view without a token.
func (s *Server) inhouseSession(r *http.Request) (any, error) {
	p := paramsOf(r.Context())
	code := p.String("game")
	// demo means demo, token or not: a member who asks for a free round
	// never plays for money by accident.
	if p.Bool("demo") {
		m := merchantOf(r.Context())
		return s.Inhouse.DemoSession(r.Context(), inhouse.DemoView{Merchant: m.Code, Game: code, Currency: m.Currency, Symbol: m.CurrencySymbol, Decimals: m.Decimals})
	}
	pl, err := s.inhousePlayer(r, code)
	if err != nil {
		return nil, err
	}
	return s.Inhouse.Session(r.Context(), pl, code)
}

// inhousePlayRequest is one press of a game's play button.
type inhousePlayRequest struct {
	Game      string `json:"game"`
	Stake     int64  `json:"stake"`
	RequestID string `json:"requestId"`
	Target    int    `json:"target"`
	Over      bool   `json:"over"`
	CashOut   int64  `json:"cashOut"`
	// Demo plays a free round (no money, seed revealed), with or without a
	// token; a game without a free demo refuses it.
	Demo       bool   `json:"demo"`
	ClientSeed string `json:"clientSeed"`
}

func (s *Server) inhousePlay(w http.ResponseWriter, r *http.Request) (any, error) {
	var req inhousePlayRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return nil, err
	}
	bet := inhouse.Bet{Game: req.Game, Stake: req.Stake, Target: req.Target, Over: req.Over, CashOut: req.CashOut}
	ctx := r.Context()
	if req.Demo {
		m := merchantOf(ctx)
		return s.Inhouse.PlayDemo(ctx, inhouse.DemoRequest{Merchant: m.Code, Bet: bet, Decimals: m.Decimals, ClientSeed: req.ClientSeed})
	}
	pl, err := s.inhousePlayer(r, req.Game)
	if err != nil {
		return nil, err
	}
	round, err := s.Inhouse.Play(ctx, inhouse.PlayRequest{Player: pl, Token: strings.TrimSpace(r.Header.Get(gameTokenHeader)), RequestID: req.RequestID, Bet: bet})
	if err != nil {
		return nil, err
	}
	return round, nil
}

func (s *Server) inhouseSeeds(r *http.Request) (any, error) {
	pl, err := s.inhousePlayer(r, "")
	if err != nil {
		return nil, err
	}
	return s.Inhouse.Seeds(r.Context(), pl.Session.MemberID)
}

// seedChange is a new client seed; empty picks a random one.
type seedChange struct {
	ClientSeed string `json:"clientSeed"`
}

func (s *Server) changeInhouseSeeds(w http.ResponseWriter, r *http.Request) (any, error) {
	var req seedChange
	if err := decodeJSON(w, r, &req); err != nil {
		return nil, err
	}
	pl, err := s.inhousePlayer(r, "")
	if err != nil {
		return nil, err
	}
	return s.Inhouse.ChangeSeeds(r.Context(), pl.Session.MemberID, req.ClientSeed)
}

func (s *Server) inhouseRounds(r *http.Request) (any, error) {
	p := paramsOf(r.Context())
	pl, err := s.inhousePlayer(r, "")
	if err != nil {
		return nil, err
	}
	return s.Inhouse.Rounds(r.Context(), pl.Session.MemberID, p.String("game"), p.Int("pageNum"), p.Int("pageSize"))
}

// inhouseRound is one of the member's rounds for the betting record's
// verify link: the member's log-in, not a game token.
func (s *Server) inhouseRound(r *http.Request) (any, error) {
	ctx := r.Context()
	return s.Inhouse.Round(ctx, memberOf(ctx).ID, paramsOf(ctx).String("roundId"))
}

func (s *Server) inhouseVerify(w http.ResponseWriter, r *http.Request) (any, error) {
	var req inhouse.VerifyRequest
	if err := decodeJSON(w, r, &req); err != nil {
		return nil, err
	}
	return inhouse.Verify(req)
}

func (s *Server) inhousePaytables(*http.Request) (any, error) {
	return inhouse.PublishedPaytables(), nil
}
