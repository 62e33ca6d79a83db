package inhouse

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"portal/internal/database"
	"portal/internal/provider"
	"portal/internal/provider/inhouse/game"
)

// Round statuses.
const (
	statusPending = "pending" // nonce taken, money maybe in flight
	statusSettled = "settled"
	statusVoid    = "void"    // stake never taken, or given back
	statusRefused = "refused" // the wallet refused the stake; no outcome shown
)

// Round is a played round as the game page shows it.
type Round struct {
	RoundID        string `json:"roundId"`
	Game           string `json:"game"`
	Nonce          int64  `json:"nonce"`
	ServerSeedHash string `json:"serverSeedHash"`
	// ServerSeed is shown for a demo round (its pair is thrown away) and,
	// in the round list, once the player has changed seeds.
	ServerSeed string `json:"serverSeed,omitempty"`
	ClientSeed string `json:"clientSeed"`
	Stake      int64  `json:"stake"`
	Win        int64  `json:"win"`
	Balance    int64  `json:"balance"`
	Currency   string `json:"currency"`
	Result     any    `json:"result"`
}

// PlayRequest is one click of a game's play button.
type PlayRequest struct {
	Player Player
	Token  string
	// RequestID is the client's id for this click: a retry with the same
	// id finishes or repeats the same round instead of playing another.
	RequestID string
	Bet       Bet
}

// roundRow is a stored round with its seed pair.
type roundRow struct {
	id         int64
	memberID   int64
	game       string
	currency   string
	stake      int64
	params     string
	status     string
	refusal    string
	nonce      int64
	serverSeed string
	hash       string
	clientSeed string
	revealed   bool
	win        int64
	createdAt  int64
}

const roundColumns = `r.id, r.member_id, r.game_code, r.currency, r.stake, r.params, r.status, r.refusal, r.nonce,
	s.server_seed, s.server_seed_hash, s.client_seed, s.revealed_at, r.win, r.created_at`

func scanRound(sc interface{ Scan(...any) error }) (roundRow, error) {
	var r roundRow
	var revealedAt int64
	err := sc.Scan(&r.id, &r.memberID, &r.game, &r.currency, &r.stake, &r.params, &r.status, &r.refusal, &r.nonce,
		&r.serverSeed, &r.hash, &r.clientSeed, &revealedAt, &r.win, &r.createdAt)
	r.revealed = revealedAt > 0
	return r, err
}

// ids are the round's ids at the wallet.
func (r roundRow) ids() (round, bet, win string) {
	round = "IH-" + strconv.FormatInt(r.id, 10)
	return round, round + "-bet", round + "-win"
}

func (r roundRow) bet() (Bet, error) {
	var b Bet
	if err := json.Unmarshal([]byte(r.params), &b); err != nil {
		return b, fmt.Errorf("inhouse: round %d params: %w", r.id, err)
	}
	b.Game, b.Stake = r.game, r.stake
	return b, nil
}

func paramsJSON(b Bet) string {
	raw, _ := json.Marshal(b.params()) // a struct of numbers and bools cannot fail
	return string(raw)
}

// validRequestID is 1 to 64 printable ASCII characters.
func validRequestID(id string) bool {
	if id == "" || len(id) > 64 {
		return false
	}
	for i := 0; i < len(id); i++ {
		if id[i] < '!' || id[i] > '~' {
			return false
		}
	}
	return true
}

// Play plays one round for real (or play) money: it takes the next nonce of
// the member's seed pair (which fixes the outcome), then stakes and pays
// through the seamless-wallet contract. A retry with the same request id
// finishes the same round and answers it again.
func (s *Service) Play(ctx context.Context, req PlayRequest) (Round, error) {
	p := req.Player
	b := req.Bet.params()
	if !known(b.Game) {
		return Round{}, fmt.Errorf("%w: unknown game %q", ErrBet, b.Game)
	}
	if !validRequestID(req.RequestID) {
		return Round{}, fmt.Errorf("%w: requestId must be 1 to 64 printable characters", ErrBet)
	}
	if err := b.check(limitsFor(b.Game, p.Merchant.Decimals)); err != nil {
		return Round{}, err
	}
	r, found, err := s.roundByRequest(ctx, p.Session.MemberID, req.RequestID)
	if err != nil {
		return Round{}, err
	}
	if !found {
		if down, err := s.games.UnderMaintenance(ctx, p.Merchant.Code, provider.InhouseVendor); err != nil {
			return Round{}, err
		} else if down {
			return Round{}, ErrMaintenance
		}
		if r, err = s.reserve(ctx, p, req.RequestID, b); err != nil {
			return Round{}, err
		}
	}
	if r.game != b.Game || r.stake != b.Stake || r.params != paramsJSON(b) {
		return Round{}, ErrRequestReused
	}
	return s.drive(ctx, r, req.Token)
}

func (s *Service) roundByRequest(ctx context.Context, memberID int64, requestID string) (roundRow, bool, error) {
	r, err := scanRound(s.db.Write().QueryRowContext(ctx, `SELECT `+roundColumns+` FROM inhouse_rounds r
		JOIN inhouse_seeds s ON s.id = r.seed_id WHERE r.member_id = $1 AND r.request_id = $2`, memberID, requestID))
	if errors.Is(err, sql.ErrNoRows) {
		return r, false, nil
	}
	if err != nil {
		return r, false, fmt.Errorf("inhouse: round by request: %w", err)
	}
	return r, true, nil
}

var errRequestTaken = errors.New("inhouse: request id taken meanwhile")

// reserve takes the live pair's next nonce and records the round as
// pending, in one transaction: from here its outcome is fixed.
func (s *Service) reserve(ctx context.Context, p Player, requestID string, b Bet) (roundRow, error) {
	memberID := p.Session.MemberID
	err := s.db.InTx(ctx, func(q database.Querier) error {
		var seedID, nonce int64
		take := func() error {
			return q.QueryRowContext(ctx, `UPDATE inhouse_seeds SET next_nonce = next_nonce + 1 WHERE member_id = $1 AND revealed_at = 0
				RETURNING id, next_nonce - 1`, memberID).Scan(&seedID, &nonce)
		}
		err := take()
		if errors.Is(err, sql.ErrNoRows) {
			if err := s.ensureSeed(ctx, q, memberID, ""); err != nil {
				return err
			}
			err = take()
		}
		if err != nil {
			return fmt.Errorf("inhouse: take nonce: %w", err)
		}
		var id int64
		err = q.QueryRowContext(ctx, `INSERT INTO inhouse_rounds (member_id, merchant_code, request_id, seed_id, nonce, game_code, mode, currency, stake, params, status, created_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) ON CONFLICT (member_id, request_id) DO NOTHING RETURNING id`,
			memberID, p.Merchant.Code, requestID, seedID, nonce, b.Game, p.Session.Mode, p.Merchant.Currency, b.Stake, paramsJSON(b),
			statusPending, s.now().UnixMilli()).Scan(&id)
		if errors.Is(err, sql.ErrNoRows) {
			return errRequestTaken // a twin request got there first: undo the nonce
		}
		if err != nil {
			return fmt.Errorf("inhouse: record round: %w", err)
		}
		return nil
	})
	if err != nil && !errors.Is(err, errRequestTaken) {
		return roundRow{}, err
	}
	r, found, err := s.roundByRequest(ctx, memberID, requestID)
	if err == nil && !found {
		err = fmt.Errorf("inhouse: round of request %q vanished", requestID)
	}
	return r, err
}

// drive moves a round's money and settles it. Every step is idempotent at
// the wallet (fixed transaction ids), so driving a round again, after a
// crash or for a retried request, finishes it without doing anything twice.
// token may be empty when the bet is known to stand (the sweeper).
func (s *Service) drive(ctx context.Context, r roundRow, token string) (Round, error) {
	switch r.status {
	case statusVoid:
		return Round{}, ErrRoundVoid
	case statusRefused:
		return Round{}, refusalError(provider.Status(r.refusal))
	}
	b, err := r.bet()
	if err != nil {
		return Round{}, err
	}
	result, win, err := play(game.NewStream(r.serverSeed, r.clientSeed, uint64(r.nonce)), b)
	if err != nil {
		return Round{}, err
	}
	roundID, betID, winID := r.ids()
	cb := provider.Callback{RequestID: betID, Token: token, Player: strconv.FormatInt(r.memberID, 10), Currency: r.currency,
		GameCode: r.game, RoundID: roundID, TransactionID: betID, Amount: r.stake}
	a := s.wallet.Apply(ctx, provider.InhouseVendor, provider.OpBet, cb)
	switch a.Status {
	case provider.StatusOK:
	case provider.StatusError:
		return Round{}, ErrRetry // the round stays pending: a retry or the sweeper finishes it
	case provider.StatusDuplicate:
		// The sweeper voided the round before its bet came.
		return Round{}, s.mark(ctx, r.id, statusVoid, "")
	default:
		if err := s.mark(ctx, r.id, statusRefused, string(a.Status)); err != nil {
			return Round{}, err
		}
		return Round{}, refusalError(a.Status)
	}
	cb = provider.Callback{RequestID: winID, Player: cb.Player, Currency: r.currency, GameCode: r.game, RoundID: roundID,
		TransactionID: winID, ReferenceTransactionID: betID, Amount: win, RoundClosed: true}
	a = s.wallet.Apply(ctx, provider.InhouseVendor, provider.OpWin, cb)
	switch a.Status {
	case provider.StatusOK:
	case provider.StatusError:
		return Round{}, ErrRetry
	case provider.StatusTransactionNotFound:
		return Round{}, s.mark(ctx, r.id, statusVoid, "") // the sweeper refunded the bet
	default:
		return Round{}, fmt.Errorf("inhouse: round %s: the wallet refused the win: %s %s", roundID, a.Status, a.Message)
	}
	raw, err := json.Marshal(result)
	if err != nil {
		return Round{}, fmt.Errorf("inhouse: result: %w", err)
	}
	if _, err := s.db.Write().ExecContext(ctx, `UPDATE inhouse_rounds SET status = $1, win = $2, result = $3, settled_at = $4
		WHERE id = $5 AND status = $6`, statusSettled, win, string(raw), s.now().UnixMilli(), r.id, statusPending); err != nil {
		return Round{}, fmt.Errorf("inhouse: settle round: %w", err)
	}
	return Round{RoundID: roundID, Game: r.game, Nonce: r.nonce, ServerSeedHash: r.hash, ClientSeed: r.clientSeed,
		Stake: r.stake, Win: win, Balance: a.Balance, Currency: a.Currency, Result: result}, nil
}

// mark ends a pending round without a settlement. For a void round it
// answers ErrRoundVoid, so callers can return it as is.
func (s *Service) mark(ctx context.Context, id int64, status, refusal string) error {
	if _, err := s.db.Write().ExecContext(ctx, `UPDATE inhouse_rounds SET status = $1, refusal = $2, settled_at = $3 WHERE id = $4 AND status = $5`,
		status, refusal, s.now().UnixMilli(), id, statusPending); err != nil {
		return fmt.Errorf("inhouse: mark round %s: %w", status, err)
	}
	if status == statusVoid {
		return ErrRoundVoid
	}
	return nil
}

// refusalError is the player's answer for the wallet's refusal of a stake.
func refusalError(st provider.Status) error {
	switch st {
	case provider.StatusInsufficientFunds:
		return ErrInsufficientFunds
	case provider.StatusInvalidToken:
		return ErrSession
	case provider.StatusPlayerDisabled:
		return ErrPlayerDisabled
	}
	return fmt.Errorf("%w: the wallet refused the stake (%s)", ErrRoundVoid, st)
}
