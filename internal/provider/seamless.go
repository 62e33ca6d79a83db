package provider

import (
	"context"
	"database/sql"
	"errors"
	"fmt"

	"portal/internal/catalog"
	"portal/internal/database"
	"portal/internal/identity"
	"portal/internal/wallet"
)

// Transaction kinds as stored.
const (
	txBet       = "bet"
	txWin       = "win"
	txRollback  = "rollback"
	txTombstone = "tombstone" // an id rolled back before it arrived
)

// Handle answers one signed callback: it checks the signature over the raw
// body, decodes it and applies it. Every refusal is an Answer, never an
// error: vendors act on the status.
func (s *Service) Handle(ctx context.Context, vendor, op string, body []byte, signature string) Answer {
	ok, err := s.checkSignature(ctx, vendor, body, signature)
	if errors.Is(err, ErrVendorUnknown) || (err == nil && !ok) {
		return Answer{Status: StatusInvalidSignature, Message: "X-Signature does not match the body"}
	}
	if err != nil {
		s.log.ErrorContext(ctx, "provider: signature check", "vendor", vendor, "err", err)
		return Answer{Status: StatusError}
	}
	cb, err := DecodeCallback(op, body)
	if err != nil {
		return Answer{Status: StatusBadRequest, Message: err.Error()}
	}
	return s.Apply(ctx, vendor, op, cb)
}

// Apply carries out a decoded callback of vendor. The HTTP API calls it
// after the signature check; the in-house games call it directly, so they
// go through the very same rules.
func (s *Service) Apply(ctx context.Context, vendor, op string, cb Callback) Answer {
	a, err := s.apply(ctx, vendor, op, cb)
	if err != nil {
		s.log.ErrorContext(ctx, "provider: callback failed", "vendor", vendor, "op", op, "transaction", cb.TransactionID, "err", err)
		return Answer{Status: StatusError, Currency: cb.Currency, TransactionID: cb.TransactionID}
	}
	return a
}

// player is the member behind a callback, with the ledger accounts the
// callback moves money between.
type player struct {
	member   *identity.Member
	currency string
	account  wallet.Ref
	side     wallet.Ref // the vendor's side, or the play-money side for trial accounts
	mode     string
}

func (s *Service) apply(ctx context.Context, vendor, op string, cb Callback) (Answer, error) {
	refuse := func(st Status, msg string) Answer {
		return Answer{Status: st, Currency: cb.Currency, TransactionID: cb.TransactionID, Message: msg}
	}
	m, err := s.members.Member(ctx, cb.playerID())
	if errors.Is(err, identity.ErrMemberNotFound) {
		return refuse(StatusBadRequest, "unknown player"), nil
	}
	if err != nil {
		return Answer{}, err
	}
	mer, err := s.merchants.Lookup(ctx, m.MerchantCode)
	if err != nil {
		return Answer{}, err
	}
	// Once the player is known, a refusal carries the player's balance and
	// currency, as the refusals decided in the transaction do.
	refuse = func(st Status, msg string) Answer {
		b, err := s.ledger.Balance(ctx, m.MerchantCode, wallet.Member(m.ID, mer.Currency))
		if err != nil {
			b = 0
		}
		return Answer{Status: st, Balance: b, Currency: mer.Currency, TransactionID: cb.TransactionID, Message: msg}
	}
	if cb.Currency != mer.Currency {
		return refuse(StatusWrongCurrency, "the player's currency is "+mer.Currency), nil
	}
	if op == OpRollback && cb.TransactionID == cb.ReferenceTransactionID {
		return refuse(StatusBadRequest, "a rollback needs a transactionId of its own"), nil
	}
	if op == OpBet {
		// A retried bet is answered as the first time even when its token
		// has since expired or the player was frozen: it was accepted then.
		prior, found, err := s.txByID(ctx, s.db.Read(), vendor, cb.TransactionID)
		if err != nil {
			return Answer{}, err
		}
		if found && prior.kind == txBet && prior.hash == cb.hash(op) {
			return Answer{Status: StatusOK, Balance: prior.balance, Currency: prior.currency, TransactionID: cb.TransactionID}, nil
		}
	}
	p := player{member: m, currency: mer.Currency, account: wallet.Member(m.ID, mer.Currency), side: wallet.Side(wallet.KindVendor, vendor, mer.Currency), mode: ModeReal}
	if m.Type.IsTrial() {
		p.side, p.mode = wallet.Side(wallet.KindPlay, vendor, mer.Currency), ModeTrial
	}
	if op == OpBalance || op == OpBet {
		// The token is checked where money is put at stake; wins and
		// rollbacks are owed whatever became of the session.
		gs, ok, err := s.session(ctx, cb.Token)
		if err != nil {
			return Answer{}, err
		}
		if !ok || gs.MemberID != m.ID || gs.Vendor != vendor {
			return refuse(StatusInvalidToken, "the token is unknown, expired, or not this player's at this vendor"), nil
		}
		if m.Status != identity.StatusActive {
			return refuse(StatusPlayerDisabled, "the player may not play"), nil
		}
	}
	if op == OpBalance {
		b, err := s.ledger.Balance(ctx, m.MerchantCode, p.account)
		if err != nil {
			return Answer{}, err
		}
		return Answer{Status: StatusOK, Balance: b, Currency: p.currency}, nil
	}
	var game *catalog.Game
	if op == OpBet {
		game, err = s.games.Game(ctx, cb.GameCode)
		if err != nil || game.Vendor != vendor {
			return refuse(StatusBadRequest, "gameCode is not a game of this vendor"), nil
		}
	}
	var answer Answer
	var moved bool
	err = s.batch.Do(ctx, int(m.ID), func(ctx context.Context, q database.Querier) error {
		var err error
		answer, moved, err = s.transact(ctx, q, vendor, op, cb, p, game)
		if err == nil && answer.Status != StatusOK {
			// Work of a refused callback is rolled back: it changes nothing.
			return errRefused
		}
		return err
	})
	if err != nil && !errors.Is(err, errRefused) {
		return Answer{}, err
	}
	if answer.Status == StatusOK {
		answer.TransactionID = cb.TransactionID
		if moved {
			s.onBalance(m.MerchantCode, m.ID, answer.Balance, p.currency)
		}
	}
	return answer, nil
}

var errRefused = errors.New("provider: callback refused")

// storedTx is a transaction as recorded.
type storedTx struct {
	id         int64
	kind       string
	roundRef   sql.NullInt64
	memberID   int64
	amount     int64
	hash       string
	balance    int64
	currency   string
	rolledBack bool
}

func (s *Service) txByID(ctx context.Context, q database.Querier, vendor, id string) (storedTx, bool, error) {
	var t storedTx
	var rolled int
	err := q.QueryRowContext(ctx, `SELECT id, kind, round_ref, member_id, amount, request_hash, balance, currency, rolled_back
		FROM vendor_transactions WHERE vendor_code = $1 AND transaction_id = $2`, vendor, id).
		Scan(&t.id, &t.kind, &t.roundRef, &t.memberID, &t.amount, &t.hash, &t.balance, &t.currency, &rolled)
	if errors.Is(err, sql.ErrNoRows) {
		return t, false, nil
	}
	if err != nil {
		return t, false, fmt.Errorf("provider: transaction: %w", err)
	}
	t.rolledBack = rolled == 1
	return t, true, nil
}

type round struct {
	id       int64
	memberID int64
	closed   bool
	game     string
	wins     int
}

func (s *Service) roundByID(ctx context.Context, q database.Querier, vendor, id string) (round, bool, error) {
	var r round
	var closed int
	err := q.QueryRowContext(ctx, `SELECT id, member_id, closed, game_code,
		(SELECT COUNT(*) FROM vendor_transactions t WHERE t.round_ref = game_rounds.id AND t.kind = 'win')
		FROM game_rounds WHERE vendor_code = $1 AND round_id = $2`, vendor, id).Scan(&r.id, &r.memberID, &closed, &r.game, &r.wins)
	if errors.Is(err, sql.ErrNoRows) {
		return r, false, nil
	}
	if err != nil {
		return r, false, fmt.Errorf("provider: round: %w", err)
	}
	r.closed = closed == 1
	return r, true, nil
}

// transact applies a bet, win or rollback inside a batch's savepoint. moved
// tells whether the member's balance changed.
func (s *Service) transact(ctx context.Context, q database.Querier, vendor, op string, cb Callback, p player, game *catalog.Game) (Answer, bool, error) {
	refuse := func(st Status, msg string) (Answer, bool, error) {
		b, err := s.ledger.BalanceIn(ctx, q, p.member.MerchantCode, p.account)
		return Answer{Status: st, Balance: b, Currency: p.currency, TransactionID: cb.TransactionID, Message: msg}, false, err
	}
	hash := cb.hash(op)
	prior, found, err := s.txByID(ctx, q, vendor, cb.TransactionID)
	if err != nil {
		return Answer{}, false, err
	}
	if found {
		if prior.kind == txTombstone {
			return refuse(StatusDuplicate, "this transaction was rolled back before it arrived")
		}
		if prior.hash != hash {
			return refuse(StatusDuplicate, "transactionId was used for another request")
		}
		// A replay: the first answer, nothing done again.
		return Answer{Status: StatusOK, Balance: prior.balance, Currency: prior.currency}, false, nil
	}
	switch op {
	case OpBet:
		return s.bet(ctx, q, vendor, cb, p, game, hash, refuse)
	case OpWin:
		return s.win(ctx, q, vendor, cb, p, hash, refuse)
	default:
		return s.rollback(ctx, q, vendor, cb, p, hash, refuse)
	}
}

type refuser func(Status, string) (Answer, bool, error)

func (s *Service) bet(ctx context.Context, q database.Querier, vendor string, cb Callback, p player, game *catalog.Game, hash string, refuse refuser) (Answer, bool, error) {
	now := s.now().UnixMilli()
	r, found, err := s.roundByID(ctx, q, vendor, cb.RoundID)
	if err != nil {
		return Answer{}, false, err
	}
	switch {
	case !found:
		err = q.QueryRowContext(ctx, `INSERT INTO game_rounds (vendor_code, round_id, merchant_code, member_id, game_code, game_type, currency, mode, opened_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`, vendor, cb.RoundID, p.member.MerchantCode, p.member.ID, game.Code,
			game.LobbyType(), p.currency, p.mode, now).Scan(&r.id)
		if err != nil {
			return Answer{}, false, fmt.Errorf("provider: open round: %w", err)
		}
	case r.memberID != p.member.ID:
		return refuse(StatusBadRequest, "roundId belongs to another player")
	case r.closed:
		return refuse(StatusBadRequest, "the round is closed")
	case r.game != cb.GameCode:
		return refuse(StatusBadRequest, "the round is of another game")
	}
	balance, moved, err := s.move(ctx, q, p.member.MerchantCode, vendor, cb, p.account, p.side, txBet)
	if errors.Is(err, wallet.ErrInsufficientFunds) {
		return refuse(StatusInsufficientFunds, "the balance does not cover the stake")
	}
	if err != nil {
		return Answer{}, false, err
	}
	if err := s.settleRound(ctx, q, r.id, "stake", cb.Amount, cb.RoundClosed); err != nil {
		return Answer{}, false, err
	}
	if err := s.record(ctx, q, vendor, cb, txBet, r.id, p, hash, balance); err != nil {
		return Answer{}, false, err
	}
	return Answer{Status: StatusOK, Balance: balance, Currency: p.currency}, moved, nil
}

func (s *Service) win(ctx context.Context, q database.Querier, vendor string, cb Callback, p player, hash string, refuse refuser) (Answer, bool, error) {
	r, found, err := s.roundByID(ctx, q, vendor, cb.RoundID)
	if err != nil {
		return Answer{}, false, err
	}
	bet, betFound, err := s.txByID(ctx, q, vendor, cb.ReferenceTransactionID)
	if err != nil {
		return Answer{}, false, err
	}
	if !found || !betFound || bet.kind != txBet || !bet.roundRef.Valid || bet.roundRef.Int64 != r.id || bet.memberID != p.member.ID || bet.rolledBack {
		return refuse(StatusTransactionNotFound, "referenceTransactionId is not a live bet of this player's round")
	}
	if r.closed {
		return refuse(StatusBadRequest, "the round is closed")
	}
	balance, moved, err := s.move(ctx, q, p.member.MerchantCode, vendor, cb, p.side, p.account, txWin)
	if err != nil {
		return Answer{}, false, err
	}
	if err := s.settleRound(ctx, q, r.id, "win", cb.Amount, cb.RoundClosed); err != nil {
		return Answer{}, false, err
	}
	if err := s.record(ctx, q, vendor, cb, txWin, r.id, p, hash, balance); err != nil {
		return Answer{}, false, err
	}
	if cb.Amount >= s.bigWin && p.mode == ModeReal {
		if err := s.recordBigWin(ctx, q, p, r.game, cb.Amount); err != nil {
			return Answer{}, false, err
		}
	}
	return Answer{Status: StatusOK, Balance: balance, Currency: p.currency}, moved, nil
}

func (s *Service) rollback(ctx context.Context, q database.Querier, vendor string, cb Callback, p player, hash string, refuse refuser) (Answer, bool, error) {
	bet, found, err := s.txByID(ctx, q, vendor, cb.ReferenceTransactionID)
	if err != nil {
		return Answer{}, false, err
	}
	if !found {
		// The bet never arrived (or has not yet): nothing to refund, and a
		// tombstone so that when it does arrive it is refused.
		if _, err := q.ExecContext(ctx, `INSERT INTO vendor_transactions (vendor_code, transaction_id, kind, member_id, request_hash, currency, created_at)
			VALUES ($1, $2, $3, $4, '', $5, $6)`, vendor, cb.ReferenceTransactionID, txTombstone, p.member.ID, p.currency, s.now().UnixMilli()); err != nil {
			return Answer{}, false, fmt.Errorf("provider: tombstone: %w", err)
		}
		balance, err := s.ledger.BalanceIn(ctx, q, p.member.MerchantCode, p.account)
		if err != nil {
			return Answer{}, false, err
		}
		if err := s.record(ctx, q, vendor, cb, txRollback, 0, p, hash, balance); err != nil {
			return Answer{}, false, err
		}
		return Answer{Status: StatusOK, Balance: balance, Currency: p.currency}, false, nil
	}
	switch {
	case bet.memberID != p.member.ID:
		return refuse(StatusTransactionNotFound, "referenceTransactionId is not this player's")
	case bet.kind == txTombstone:
		// Rolled back before it arrived, again: nothing to refund.
		balance, err := s.ledger.BalanceIn(ctx, q, p.member.MerchantCode, p.account)
		if err != nil {
			return Answer{}, false, err
		}
		if err := s.record(ctx, q, vendor, cb, txRollback, 0, p, hash, balance); err != nil {
			return Answer{}, false, err
		}
		return Answer{Status: StatusOK, Balance: balance, Currency: p.currency}, false, nil
	case bet.kind != txBet:
		return refuse(StatusBadRequest, "only a bet can be rolled back")
	}
	var wins int
	if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM vendor_transactions WHERE round_ref = $1 AND kind = 'win'`, bet.roundRef).Scan(&wins); err != nil {
		return Answer{}, false, fmt.Errorf("provider: round wins: %w", err)
	}
	if wins > 0 {
		return refuse(StatusBadRequest, "the round was already paid; a bet of a paid round cannot be rolled back")
	}
	if cb.Amount != 0 && cb.Amount != bet.amount {
		return refuse(StatusBadRequest, "amount differs from the bet's")
	}
	if bet.rolledBack {
		// Rolled back already by another rollback: nothing more to refund.
		balance, err := s.ledger.BalanceIn(ctx, q, p.member.MerchantCode, p.account)
		if err != nil {
			return Answer{}, false, err
		}
		if err := s.record(ctx, q, vendor, cb, txRollback, bet.roundRef.Int64, p, hash, balance); err != nil {
			return Answer{}, false, err
		}
		return Answer{Status: StatusOK, Balance: balance, Currency: p.currency}, false, nil
	}
	refund := cb
	refund.Amount = bet.amount
	balance, moved, err := s.move(ctx, q, p.member.MerchantCode, vendor, refund, p.side, p.account, txRollback)
	if err != nil {
		return Answer{}, false, err
	}
	if _, err := q.ExecContext(ctx, `UPDATE vendor_transactions SET rolled_back = 1 WHERE id = $1`, bet.id); err != nil {
		return Answer{}, false, fmt.Errorf("provider: mark rolled back: %w", err)
	}
	if err := s.settleRound(ctx, q, bet.roundRef.Int64, "refunded", bet.amount, cb.RoundClosed); err != nil {
		return Answer{}, false, err
	}
	if err := s.record(ctx, q, vendor, refund, txRollback, bet.roundRef.Int64, p, hash, balance); err != nil {
		return Answer{}, false, err
	}
	return Answer{Status: StatusOK, Balance: balance, Currency: p.currency}, moved, nil
}

// move records the ledger transfer of a callback and returns the member's
// balance after it. A zero amount (a free spin's bet, a losing round's
// closing win) moves nothing.
func (s *Service) move(ctx context.Context, q database.Querier, merchantCode, vendor string, cb Callback, from, to wallet.Ref, kind string) (int64, bool, error) {
	memberIsFrom := from.Kind == wallet.KindMember
	if cb.Amount == 0 {
		ref := to
		if memberIsFrom {
			ref = from
		}
		b, err := s.ledger.BalanceIn(ctx, q, merchantCode, ref)
		return b, false, err
	}
	t, err := s.ledger.MoveIn(ctx, q, wallet.Request{Merchant: merchantCode, Key: "vendor:" + vendor + ":" + cb.TransactionID,
		From: from, To: to, Amount: cb.Amount, Kind: kind, Reference: vendor + ":" + cb.RoundID})
	if err != nil {
		return 0, false, err
	}
	if memberIsFrom {
		return t.DebitBalance, true, nil
	}
	return t.CreditBalance, true, nil
}

// settleRound adds to one of the round's sums and closes the round when
// the callback says so (a round once closed stays closed). column is one of
// three fixed names, never input.
func (s *Service) settleRound(ctx context.Context, q database.Querier, id int64, column string, amount int64, closed bool) error {
	var set string
	switch column {
	case "stake":
		set = "stake = stake + $1"
	case "win":
		set = "win = win + $1"
	default:
		set = "refunded = refunded + $1"
	}
	var err error
	if closed {
		_, err = q.ExecContext(ctx, `UPDATE game_rounds SET `+set+`, closed = 1, closed_at = $2 WHERE id = $3`, amount, s.now().UnixMilli(), id)
	} else {
		_, err = q.ExecContext(ctx, `UPDATE game_rounds SET `+set+` WHERE id = $2`, amount, id)
	}
	if err != nil {
		return fmt.Errorf("provider: round sums: %w", err)
	}
	return nil
}

func (s *Service) recordBigWin(ctx context.Context, q database.Querier, p player, game string, amount int64) error {
	return s.games.RecordWin(ctx, q, p.member.MerchantCode, p.member.Username, game, amount, p.currency, s.now())
}

func (s *Service) record(ctx context.Context, q database.Querier, vendor string, cb Callback, kind string, roundRef int64, p player, hash string, balance int64) error {
	ref := sql.NullInt64{Int64: roundRef, Valid: roundRef != 0}
	if _, err := q.ExecContext(ctx, `INSERT INTO vendor_transactions (vendor_code, transaction_id, kind, round_ref, member_id, amount, reference_id, request_hash, balance, currency, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`, vendor, cb.TransactionID, kind, ref, p.member.ID, cb.Amount,
		cb.ReferenceTransactionID, hash, balance, p.currency, s.now().UnixMilli()); err != nil {
		return fmt.Errorf("provider: record transaction: %w", err)
	}
	return nil
}
