package inhouse

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"time"

	"portal/internal/database"
	"portal/internal/provider"
	"portal/internal/provider/inhouse/game"
)

// Round statuses. A pending round without a nonce has no outcome yet (its
// stake may be in flight); a pending round with one holds its stake and is
// owed its win.
const (
	statusPending = "pending"
	statusSettled = "settled"
	statusVoid    = "void"    // the stake never arrived (no outcome was drawn)
	statusRefused = "refused" // the wallet refused the stake; no outcome drawn
)

// moneyTimeout bounds the money steps of one request. They run detached
// from the request (a client that walks away must not stop them); a round
// that outlives this is finished by the sweeper.
const moneyTimeout = 30 * time.Second

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

// roundRow is a stored round with its seed pair (empty until drawn).
type roundRow struct {
	id         int64
	memberID   int64
	game       string
	currency   string
	stake      int64
	params     string
	status     string
	refusal    string
	drawn      bool // a nonce was taken: the outcome is fixed
	nonce      int64
	seedID     int64
	serverSeed string
	hash       string
	clientSeed string
	revealed   bool
	win        int64
	createdAt  int64
}

const roundColumns = `r.id, r.member_id, r.game_code, r.currency, r.stake, r.params, r.status, r.refusal, r.nonce, r.seed_id,
	s.server_seed, s.server_seed_hash, s.client_seed, s.revealed_at, r.win, r.created_at`

// roundFrom joins a round to its seed pair, when it has one.
const roundFrom = ` FROM inhouse_rounds r LEFT JOIN inhouse_seeds s ON s.id = r.seed_id `

func scanRound(sc interface{ Scan(...any) error }) (roundRow, error) {
	var r roundRow
	var nonce, seedID, revealedAt sql.NullInt64
	var server, hash, client sql.NullString
	err := sc.Scan(&r.id, &r.memberID, &r.game, &r.currency, &r.stake, &r.params, &r.status, &r.refusal, &nonce, &seedID,
		&server, &hash, &client, &revealedAt, &r.win, &r.createdAt)
	r.drawn, r.nonce, r.seedID = nonce.Valid, nonce.Int64, seedID.Int64
	r.serverSeed, r.hash, r.clientSeed = server.String, hash.String, client.String
	r.revealed = revealedAt.Int64 > 0
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

// Play plays one round for real (or play) money. The round is recorded
// first; the wallet then takes the stake; only then is the next nonce of the
// member's seed pair taken, which fixes the outcome; then the win is paid.
// So no outcome exists before its stake is held, and every outcome that
// exists is paid by the server, whatever the client does. A retry with the
// same request id finishes the same round and answers it again.
//
// The money steps run detached from ctx's cancellation (architecture rule
// 12): a client that drops the connection changes nothing.
func (s *Service) Play(ctx context.Context, req PlayRequest) (Round, error) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), moneyTimeout)
	defer cancel()
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
		if err := s.playable(ctx, p.Merchant.Code, b.Game); err != nil {
			return Round{}, err
		}
		if r, err = s.record(ctx, p, req.RequestID, b); err != nil {
			return Round{}, err
		}
	}
	if r.game != b.Game || r.stake != b.Stake || r.params != paramsJSON(b) {
		return Round{}, ErrRequestReused
	}
	return s.drive(ctx, r, req.Token, false)
}

func (s *Service) roundByRequest(ctx context.Context, memberID int64, requestID string) (roundRow, bool, error) {
	return s.roundWhere(ctx, `r.member_id = $1 AND r.request_id = $2`, memberID, requestID)
}

func (s *Service) roundByID(ctx context.Context, id int64) (roundRow, bool, error) {
	return s.roundWhere(ctx, `r.id = $1`, id)
}

func (s *Service) roundWhere(ctx context.Context, where string, args ...any) (roundRow, bool, error) {
	r, err := scanRound(s.db.Write().QueryRowContext(ctx, `SELECT `+roundColumns+roundFrom+`WHERE `+where, args...))
	if errors.Is(err, sql.ErrNoRows) {
		return r, false, nil
	}
	if err != nil {
		return r, false, fmt.Errorf("inhouse: round: %w", err)
	}
	return r, true, nil
}

// record stores a new round as pending, without an outcome; a twin request
// with the same id that got there first wins quietly.
func (s *Service) record(ctx context.Context, p Player, requestID string, b Bet) (roundRow, error) {
	memberID := p.Session.MemberID
	if _, err := s.db.Write().ExecContext(ctx, `INSERT INTO inhouse_rounds (member_id, merchant_code, request_id, game_code, mode, currency, stake, params, status, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (member_id, request_id) DO NOTHING`,
		memberID, p.Merchant.Code, requestID, b.Game, p.Session.Mode, p.Merchant.Currency, b.Stake, paramsJSON(b),
		statusPending, s.now().UnixMilli()); err != nil {
		return roundRow{}, fmt.Errorf("inhouse: record round: %w", err)
	}
	r, found, err := s.roundByRequest(ctx, memberID, requestID)
	if err == nil && !found {
		err = fmt.Errorf("inhouse: round of request %q vanished", requestID)
	}
	return r, err
}

var errDrawnMeanwhile = errors.New("inhouse: round drawn meanwhile")

// draw takes the next nonce of the member's live pair for a round whose
// stake the wallet holds, in one transaction with the round: from here its
// outcome is fixed. A twin that drew it first wins; the nonce taken here is
// then given back with the rollback.
func (s *Service) draw(ctx context.Context, r roundRow) (roundRow, error) {
	if r.drawn {
		return r, nil
	}
	err := s.db.InTx(ctx, func(q database.Querier) error {
		var seedID, nonce int64
		take := func() error {
			return q.QueryRowContext(ctx, `UPDATE inhouse_seeds SET next_nonce = next_nonce + 1 WHERE member_id = $1 AND retired_at = 0
				RETURNING id, next_nonce - 1`, r.memberID).Scan(&seedID, &nonce)
		}
		err := take()
		if errors.Is(err, sql.ErrNoRows) {
			if err := s.ensureSeed(ctx, q, r.memberID, ""); err != nil {
				return err
			}
			err = take()
		}
		if err != nil {
			return fmt.Errorf("inhouse: take nonce: %w", err)
		}
		res, err := q.ExecContext(ctx, `UPDATE inhouse_rounds SET seed_id = $1, nonce = $2 WHERE id = $3 AND nonce IS NULL AND status = $4`,
			seedID, nonce, r.id, statusPending)
		if err != nil {
			return fmt.Errorf("inhouse: draw round: %w", err)
		}
		if n, err := res.RowsAffected(); err != nil {
			return fmt.Errorf("inhouse: draw round: %w", err)
		} else if n == 0 {
			return errDrawnMeanwhile
		}
		return nil
	})
	if err != nil && !errors.Is(err, errDrawnMeanwhile) {
		return r, err
	}
	again, found, err := s.roundByID(ctx, r.id)
	if err == nil && !found {
		err = fmt.Errorf("inhouse: round %d vanished", r.id)
	}
	return again, err
}

// drive moves a round's money and settles it: the stake (unless betHeld
// says the wallet already holds it, or the round is drawn), the draw, the
// win. Every step is idempotent (fixed transaction ids, a draw at most
// once), so driving a round again, after a crash or for a retried
// request, finishes it without doing anything twice. token may be empty
// when the stake is known to be held (the sweeper, a seed change).
func (s *Service) drive(ctx context.Context, r roundRow, token string, betHeld bool) (Round, error) {
	switch r.status {
	case statusVoid:
		return Round{}, ErrRoundVoid
	case statusRefused:
		return Round{}, refusalError(provider.Status(r.refusal))
	}
	roundID, betID, winID := r.ids()
	player := strconv.FormatInt(r.memberID, 10)
	if !r.drawn && !betHeld {
		a := s.wallet.Apply(ctx, provider.InhouseVendor, provider.OpBet, provider.Callback{RequestID: betID, Token: token, Player: player,
			Currency: r.currency, GameCode: r.game, RoundID: roundID, TransactionID: betID, Amount: r.stake})
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
	}
	r, err := s.draw(ctx, r)
	if err != nil {
		return Round{}, err
	}
	if r.status == statusVoid {
		return Round{}, ErrRoundVoid
	}
	b, err := r.bet()
	if err != nil {
		return Round{}, err
	}
	result, win, err := play(game.NewStream(r.serverSeed, r.clientSeed, uint64(r.nonce)), b)
	if err != nil {
		return Round{}, err
	}
	a := s.wallet.Apply(ctx, provider.InhouseVendor, provider.OpWin, provider.Callback{RequestID: winID, Player: player, Currency: r.currency,
		GameCode: r.game, RoundID: roundID, TransactionID: winID, ReferenceTransactionID: betID, Amount: win, RoundClosed: true})
	switch a.Status {
	case provider.StatusOK:
	case provider.StatusError:
		return Round{}, ErrRetry
	case provider.StatusTransactionNotFound:
		// Only a round drawn before its stake (rounds recorded before
		// migration 14) can get here: its stake never arrived.
		return Round{}, s.mark(ctx, r.id, statusVoid, "")
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
	case provider.StatusLossLimit:
		return ErrLossLimit
	case provider.StatusPlayerExcluded:
		return ErrPlayerExcluded
	case provider.StatusSessionLimit:
		return ErrSessionLimit
	}
	return fmt.Errorf("%w: the wallet refused the stake (%s)", ErrRoundVoid, st)
}
