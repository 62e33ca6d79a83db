package provider

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"

	"portal/internal/catalog"
	"portal/internal/database"
	"portal/internal/identity"
	"portal/internal/report"
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
	member   *identity.Member // the fields that never change; Status is not kept
	currency string
	account  wallet.Ref
	bonus    wallet.Ref // the member's bonus money account (decision 0037)
	side     wallet.Ref // the vendor's side, or the play-money side for trial accounts
	mode     string
	// accountID is the member's ledger account (opened, committed).
	accountID int64
	// limit bounds what a round pays (wins only), in a currency of
	// decimals digits.
	limit    WinLimit
	decimals int
	// stake is player protection's check of a real-money stake; nil for a
	// member without limits.
	stake StakeCheck
	// split receives the cash and bonus balances an accepted movement
	// left, for the member's own pages (the vendor sees their sum).
	split *split
}

func (s *Service) apply(ctx context.Context, vendor, op string, cb Callback) (Answer, error) {
	refuse := func(st Status, msg string) Answer {
		return Answer{Status: st, Currency: cb.Currency, TransactionID: cb.TransactionID, Message: msg}
	}
	m, err := s.member(ctx, cb.playerID())
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
		// The vendor sees cash and bonus money as one balance.
		if bonus, err := s.ledger.Balance(ctx, m.MerchantCode, wallet.Bonus(m.ID, mer.Currency)); err == nil {
			b += bonus
		}
		return Answer{Status: st, Balance: b, Currency: mer.Currency, TransactionID: cb.TransactionID, Message: msg}
	}
	if cb.Currency != mer.Currency {
		return refuse(StatusWrongCurrency, "the player's currency is "+mer.Currency), nil
	}
	if op == OpRollback && cb.TransactionID == cb.ReferenceTransactionID {
		return refuse(StatusBadRequest, "a rollback needs a transactionId of its own"), nil
	}
	p := player{member: m, currency: mer.Currency, account: wallet.Member(m.ID, mer.Currency), bonus: wallet.Bonus(m.ID, mer.Currency),
		side: wallet.Side(wallet.KindVendor, vendor, mer.Currency), mode: ModeReal, decimals: mer.Decimals, split: &split{}}
	if m.Type.IsTrial() {
		p.side, p.mode = wallet.Side(wallet.KindPlay, vendor, mer.Currency), ModeTrial
	}
	var game *catalog.Game
	switch op {
	case OpBalance:
		gs, ok, err := s.callbackSession(ctx, cb.Token, p)
		if err != nil {
			return Answer{}, err
		}
		switch {
		case !ok || gs.memberID != m.ID || gs.vendor != vendor:
			return refuse(StatusInvalidToken, "the token is unknown, expired, or not this player's at this vendor"), nil
		case gs.status != identity.StatusActive:
			return refuse(StatusPlayerDisabled, "the player may not play"), nil
		}
		return Answer{Status: StatusOK, Balance: gs.balance, Currency: p.currency}, nil
	case OpBet:
		// The token and the member's status are checked in the
		// transaction, read with the rest (see bet); the game here.
		if g, err := s.games.Game(ctx, cb.GameCode); err == nil && g.Vendor == vendor {
			game = g
		}
		if p.mode == ModeReal && s.guard.StakeGuard != nil {
			p.stake = s.guard.StakeGuard(ctx, m.MerchantCode, m.ID)
		}
	case OpWin:
		if p.limit, err = s.winLimit(ctx, vendor); err != nil {
			return Answer{}, err
		}
	}
	// Both accounts are opened (and remembered) before the transaction, so
	// inside it money moves in two statements.
	if p.accountID, _, err = s.ledger.Open(ctx, m.MerchantCode, p.account, p.side); err != nil {
		return Answer{}, err
	}
	var answer Answer
	var moved bool
	err = s.batch.Do(ctx, int(m.ID), func(ctx context.Context, q database.Querier) error {
		var err error
		answer, moved, err = s.transact(ctx, q, vendor, op, cb, p, game)
		if err == nil && answer.Status != StatusOK {
			// A refusal is decided before anything is written: the rest of
			// the batch goes on.
			return database.Unchanged(errRefused)
		}
		return err
	})
	if err != nil && !errors.Is(err, errRefused) {
		return Answer{}, err
	}
	if answer.Status == StatusWinLimit {
		// Logged here, once the batch is done (a batch may run again).
		// An operator decides: raise the vendor's limit so the vendor's
		// retry is paid, or have the vendor roll the bet back.
		s.log.ErrorContext(ctx, "provider: ALERT: a win above the vendor's win limit was refused; its round stays open",
			"vendor", vendor, "round", cb.RoundID, "transaction", cb.TransactionID, "player", m.ID,
			"amount", cb.Amount, "currency", p.currency, "reason", answer.Message)
	}
	if answer.Status == StatusOK {
		answer.TransactionID = cb.TransactionID
		if p.split.withBonus {
			// Its id kept, the next bet's bonus leg needs no statement to
			// find the account (a read the first time only).
			if err := s.ledger.Remember(context.WithoutCancel(ctx), m.MerchantCode, []wallet.Ref{p.bonus}); err != nil {
				s.log.WarnContext(ctx, "provider: remember bonus account", "err", err)
			}
		}
		if moved {
			if b := p.split; b.withBonus && s.guard.OnBalances != nil {
				s.guard.OnBalances(m.MerchantCode, m.ID, b.cash, b.bonus, p.currency)
			} else {
				s.onBalance(m.MerchantCode, m.ID, b.cash, p.currency)
			}
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
	// A bet's bonus-funded leg, the grant it counted towards and the wager
	// it counted (0 for a member without bonus money).
	bonusAmount, bonusGrant, wager int64
}

type round struct {
	id       int64
	memberID int64
	closed   bool
	game     string
	gameType string
	// The round's sums so far, in minor units: bets, refunds, wins, and
	// the bonus-funded share of the stakes (net of refunds).
	stake, refunded, win, bonusStake int64
}

// state is what a callback's transaction reads before deciding: the
// transaction with the callback's id, its round, the transaction it refers
// to, and the member's balance. One statement reads it all.
type state struct {
	prior        storedTx
	priorFound   bool
	session      playSession // the bet's token's session (bets only)
	sessionFound bool
	round        round
	roundFound   bool
	ref          storedTx
	refFound     bool
	refRoundWins int // wins of the referred transaction's round (rollbacks only)
	balance      int64
	// The member's bonus account (0: none, and then no bonus money at
	// all), its balance, and the running grant (0: none).
	bonusAccount, bonus, grant int64
}

// total is the balance the vendor sees: cash and bonus money.
func (st state) total() int64 { return st.balance + st.bonus }

// stateQuery reads a state. A bet's adds its token's session and the
// member's status as they are now; a rollback's, the wins of the bet's
// round.
//
// The member's bonus account comes by one LEFT JOIN on the accounts'
// unique index; the running grant is looked up only when that account
// exists (a CASE evaluates its subquery only then), so a member who never
// had bonus money costs one index probe more and nothing else.
const stateQuery = `SELECT t.id, t.kind, t.round_ref, t.member_id, t.amount, t.request_hash, t.balance, t.currency, t.rolled_back,
	r.id, r.member_id, r.closed, r.game_code, r.game_type, r.stake, r.refunded, r.win, r.bonus_stake,
	b.id, b.kind, b.round_ref, b.member_id, b.amount, b.request_hash, b.balance, b.currency, b.rolled_back,
	b.bonus_amount, b.bonus_grant, b.wager,
	a.balance, bo.id, bo.balance,
	CASE WHEN bo.id IS NULL THEN NULL ELSE (SELECT g.id FROM bonus_grants g WHERE g.merchant_code = a.merchant_code AND g.member_id = $6 AND g.state = 'active') END,
	%s
	FROM wallet_accounts a
	LEFT JOIN wallet_accounts bo ON bo.merchant_code = a.merchant_code AND bo.kind = 'bonus' AND bo.owner = a.owner AND bo.currency = a.currency
	LEFT JOIN vendor_transactions t ON t.vendor_code = $1 AND t.transaction_id = $2
	LEFT JOIN game_rounds r ON r.vendor_code = $1 AND r.round_id = $3
	LEFT JOIN vendor_transactions b ON b.vendor_code = $1 AND b.transaction_id = $4%s
	WHERE a.id = $5`

var (
	stateSQL    = fmt.Sprintf(stateQuery, "NULL, NULL, NULL, 0", "")
	stateBetSQL = fmt.Sprintf(stateQuery, "g.member_id, g.vendor_code, m.status, 0", `
	LEFT JOIN game_sessions g ON g.token_hash = $7 AND g.expires_at > $8
	LEFT JOIN members m ON m.id = g.member_id`)
	stateRollbackSQL = fmt.Sprintf(stateQuery, `NULL, NULL, NULL,
	(SELECT COUNT(*) FROM vendor_transactions w WHERE w.round_ref = b.round_ref AND w.kind = 'win')`, "")
)

func (s *Service) state(ctx context.Context, q database.Querier, vendor, op string, cb Callback, p player) (state, error) {
	var st state
	var t, b nullTx
	var rID, rMember, rClosed, rStake, rRefunded, rWin, rBonus, gMember, boID, boBalance, grant sql.NullInt64
	var rGame, rType, gVendor, mStatus sql.NullString
	args := []any{vendor, cb.TransactionID, cb.RoundID, cb.ReferenceTransactionID, p.accountID, p.member.ID}
	query := stateSQL
	switch op {
	case OpBet:
		token := ""
		if cb.Token != "" && len(cb.Token) <= 100 {
			token = hashToken(cb.Token)
		}
		query, args = stateBetSQL, append(args, token, s.now().UnixMilli())
	case OpRollback:
		query = stateRollbackSQL
	}
	err := q.QueryRowContext(ctx, query, args...).Scan(
		&t.id, &t.kind, &t.roundRef, &t.memberID, &t.amount, &t.hash, &t.balance, &t.currency, &t.rolled,
		&rID, &rMember, &rClosed, &rGame, &rType, &rStake, &rRefunded, &rWin, &rBonus,
		&b.id, &b.kind, &b.roundRef, &b.memberID, &b.amount, &b.hash, &b.balance, &b.currency, &b.rolled,
		&b.bonusAmount, &b.bonusGrant, &b.wager,
		&st.balance, &boID, &boBalance, &grant, &gMember, &gVendor, &mStatus, &st.refRoundWins)
	if err != nil {
		return st, fmt.Errorf("provider: read state: %w", err)
	}
	st.prior, st.priorFound = t.stored()
	st.ref, st.refFound = b.stored()
	if rID.Valid {
		st.round, st.roundFound = round{id: rID.Int64, memberID: rMember.Int64, closed: rClosed.Int64 == 1, game: rGame.String, gameType: rType.String,
			stake: rStake.Int64, refunded: rRefunded.Int64, win: rWin.Int64, bonusStake: rBonus.Int64}, true
	}
	st.bonusAccount, st.bonus, st.grant = boID.Int64, boBalance.Int64, grant.Int64
	if gMember.Valid {
		st.session, st.sessionFound = playSession{memberID: gMember.Int64, vendor: gVendor.String, status: mStatus.String}, true
	}
	return st, nil
}

// nullTx is a vendor transaction read through a LEFT JOIN.
type nullTx struct {
	id, memberID, amount, balance, rolled sql.NullInt64
	roundRef                              sql.NullInt64
	kind, hash, currency                  sql.NullString
	bonusAmount, bonusGrant, wager        sql.NullInt64
}

func (n nullTx) stored() (storedTx, bool) {
	if !n.id.Valid {
		return storedTx{}, false
	}
	return storedTx{id: n.id.Int64, kind: n.kind.String, roundRef: n.roundRef, memberID: n.memberID.Int64, amount: n.amount.Int64,
		hash: n.hash.String, balance: n.balance.Int64, currency: n.currency.String, rolledBack: n.rolled.Int64 == 1,
		bonusAmount: n.bonusAmount.Int64, bonusGrant: n.bonusGrant.Int64, wager: n.wager.Int64}, true
}

// transact applies a bet, win or rollback inside a batch. moved tells
// whether the member's balance changed. Every refusal is decided before
// anything is written, so a refused callback leaves the batch's
// transaction as it found it.
func (s *Service) transact(ctx context.Context, q database.Querier, vendor, op string, cb Callback, p player, game *catalog.Game) (Answer, bool, error) {
	st, err := s.state(ctx, q, vendor, op, cb, p)
	if err != nil {
		return Answer{}, false, err
	}
	refuse := func(status Status, msg string) (Answer, bool, error) {
		return Answer{Status: status, Balance: st.total(), Currency: p.currency, TransactionID: cb.TransactionID, Message: msg}, false, nil
	}
	hash := cb.hash(op)
	if op == OpBet {
		// A retried bet is answered as the first time even when its token
		// has since expired or the player was frozen: it was accepted then.
		if st.priorFound && st.prior.kind == txBet && st.prior.hash == hash {
			return Answer{Status: StatusOK, Balance: st.prior.balance, Currency: st.prior.currency}, false, nil
		}
		// The token is checked where money is put at stake; wins and
		// rollbacks are owed whatever became of the session. The status
		// is the member's as it is now, so a freeze refuses the next bet.
		switch {
		case !st.sessionFound || st.session.memberID != p.member.ID || st.session.vendor != vendor:
			return refuse(StatusInvalidToken, "the token is unknown, expired, or not this player's at this vendor")
		case st.session.status != identity.StatusActive:
			return refuse(StatusPlayerDisabled, "the player may not play")
		case game == nil:
			return refuse(StatusBadRequest, "gameCode is not a game of this vendor")
		}
	}
	if st.priorFound {
		if st.prior.kind == txTombstone {
			return refuse(StatusDuplicate, "this transaction was rolled back before it arrived")
		}
		if st.prior.hash != hash {
			return refuse(StatusDuplicate, "transactionId was used for another request")
		}
		// A replay: the first answer, nothing done again.
		return Answer{Status: StatusOK, Balance: st.prior.balance, Currency: st.prior.currency}, false, nil
	}
	switch op {
	case OpBet:
		return s.bet(ctx, q, vendor, cb, p, game, hash, st, refuse)
	case OpWin:
		return s.win(ctx, q, vendor, cb, p, hash, st, refuse)
	default:
		return s.rollback(ctx, q, vendor, cb, p, hash, st, refuse)
	}
}

type refuser func(Status, string) (Answer, bool, error)

// stakeRefusals word player protection's refusals for the vendor.
var stakeRefusals = map[Status]string{
	StatusLossLimit:      "the stake would pass the loss limit the player set",
	StatusPlayerExcluded: "the player is cooling off or self-excluded",
	StatusSessionLimit:   "the player's time limit for the day is used up",
}

func (s *Service) bet(ctx context.Context, q database.Querier, vendor string, cb Callback, p player, game *catalog.Game, hash string, st state, refuse refuser) (Answer, bool, error) {
	r, found := st.round, st.roundFound
	switch {
	case !found:
	case r.memberID != p.member.ID:
		return refuse(StatusBadRequest, "roundId belongs to another player")
	case r.closed:
		return refuse(StatusBadRequest, "the round is closed")
	case r.game != cb.GameCode:
		return refuse(StatusBadRequest, "the round is of another game")
	}
	// Player protection decides before anything is written (a replay of
	// an accepted bet never gets here: it was answered as the first time).
	if p.stake != nil && cb.Amount > 0 {
		verdict, err := p.stake(ctx, q, cb.Amount)
		if err != nil {
			return Answer{}, false, err
		}
		if verdict != StatusOK {
			return refuse(verdict, stakeRefusals[verdict])
		}
	}
	// Cash pays first, then bonus money (a running grant's only). The
	// debits come first: refused for want of money, nothing has changed.
	bonusPart := int64(0)
	if cb.Amount > st.balance {
		bonusPart = cb.Amount - st.balance
		if st.grant == 0 || bonusPart > st.bonus {
			return refuse(StatusInsufficientFunds, "the balance does not cover the stake")
		}
	}
	m := money{cash: st.balance, bonus: st.bonus}
	err := s.leg(ctx, q, p, vendor, cb, "", p.account, p.side, cb.Amount-bonusPart, txBet, &m)
	if errors.Is(err, wallet.ErrInsufficientFunds) {
		return refuse(StatusInsufficientFunds, "the balance does not cover the stake")
	}
	if err != nil {
		return Answer{}, false, err
	}
	if err := s.leg(ctx, q, p, vendor, cb, bonusLeg, p.bonus, p.side, bonusPart, txBet, &m); err != nil {
		if errors.Is(err, wallet.ErrInsufficientFunds) && bonusPart == cb.Amount {
			return refuse(StatusInsufficientFunds, "the balance does not cover the stake")
		}
		// The cash leg is written: failing undoes it with the rest (the
		// vendor retries). Only a movement outside the member's lane
		// spending the bonus meanwhile gets here.
		return Answer{}, false, err
	}
	change, gameCode, gameType := s.settle(r.id, "stake", cb.Amount, cb.RoundClosed), r.game, r.gameType
	if !found {
		change, gameCode, gameType = s.open(vendor, cb, p, game), game.Code, game.LobbyType()
	}
	if err := s.changeAndRecord(ctx, q, change, vendor, cb, txBet, p, hash, m.cash+m.bonus); err != nil {
		return Answer{}, false, err
	}
	if err := s.bonusBet(ctx, q, p, vendor, cb, st, bonusPart, gameType, &m); err != nil {
		return Answer{}, false, err
	}
	if err := s.count(ctx, q, p, m.moved, vendor, gameCode, gameType, report.Stake, cb.Amount, m.at); err != nil {
		return Answer{}, false, err
	}
	return m.answer(p, st), m.moved, nil
}

func (s *Service) win(ctx context.Context, q database.Querier, vendor string, cb Callback, p player, hash string, st state, refuse refuser) (Answer, bool, error) {
	r, bet := st.round, st.ref
	if !st.roundFound || !st.refFound || bet.kind != txBet || !bet.roundRef.Valid || bet.roundRef.Int64 != r.id || bet.memberID != p.member.ID || bet.rolledBack {
		return refuse(StatusTransactionNotFound, "referenceTransactionId is not a live bet of this player's round")
	}
	if r.closed {
		return refuse(StatusBadRequest, "the round is closed")
	}
	// A payout far beyond what the round's stakes can win is a fault or a
	// forgery, not a win: it is refused before anything is written, so it
	// is never credited nor put on the winner board, and the round stays
	// open for an operator (decision 0018). A zero win (closing a lost
	// round) is never refused.
	if cb.Amount > 0 {
		stake := r.stake - r.refunded
		if ceiling := p.limit.ceiling(stake, p.decimals); r.win+cb.Amount > ceiling {
			return refuse(StatusWinLimit, fmt.Sprintf("the round would pay %d in all, above the vendor's win limit of %d for stakes of %d (%d times the stakes, at most %d in major units)",
				r.win+cb.Amount, ceiling, stake, p.limit.Multiple, p.limit.Max))
		}
	}
	// The bonus-funded share of the round's stakes wins its share into the
	// bonus account while the grant runs; the rest, and all of it once the
	// grant ended, is cash.
	share := int64(0)
	if st.grant != 0 && r.bonusStake > 0 && cb.Amount > 0 {
		share = bonusShare(cb.Amount, r.bonusStake, r.stake-r.refunded)
	}
	m := money{cash: st.balance, bonus: st.bonus}
	if err := s.leg(ctx, q, p, vendor, cb, "", p.side, p.account, cb.Amount-share, txWin, &m); err != nil {
		return Answer{}, false, err
	}
	if err := s.leg(ctx, q, p, vendor, cb, bonusLeg, p.side, p.bonus, share, txWin, &m); err != nil {
		return Answer{}, false, err
	}
	if err := s.changeAndRecord(ctx, q, s.settle(r.id, "win", cb.Amount, cb.RoundClosed), vendor, cb, txWin, p, hash, m.cash+m.bonus); err != nil {
		return Answer{}, false, err
	}
	if err := s.count(ctx, q, p, m.moved, vendor, r.game, r.gameType, report.Win, cb.Amount, m.at); err != nil {
		return Answer{}, false, err
	}
	if cb.Amount >= s.bigWin && p.mode == ModeReal {
		if err := s.recordBigWin(ctx, q, p, r.game, cb.Amount); err != nil {
			return Answer{}, false, err
		}
	}
	return m.answer(p, st), m.moved, nil
}

func (s *Service) rollback(ctx context.Context, q database.Querier, vendor string, cb Callback, p player, hash string, st state, refuse refuser) (Answer, bool, error) {
	bet := st.ref
	if !st.refFound {
		// The bet never arrived (or has not yet): nothing to refund, and a
		// tombstone so that when it does arrive it is refused. Both rows
		// go in one statement.
		now := s.now().UnixMilli()
		if _, err := q.ExecContext(ctx, `INSERT INTO vendor_transactions (`+recordColumns+`)
			VALUES ($1, $2, $3, NULL, $4, 0, '', '', 0, $5, $6), ($1, $7, $8, NULL, $4, $9, $10, $11, $12, $5, $6)`,
			vendor, cb.ReferenceTransactionID, txTombstone, p.member.ID, p.currency, now,
			cb.TransactionID, txRollback, cb.Amount, cb.ReferenceTransactionID, hash, st.total()); err != nil {
			return Answer{}, false, fmt.Errorf("provider: tombstone: %w", err)
		}
		return Answer{Status: StatusOK, Balance: st.total(), Currency: p.currency}, false, nil
	}
	switch {
	case bet.memberID != p.member.ID:
		return refuse(StatusTransactionNotFound, "referenceTransactionId is not this player's")
	case bet.kind == txTombstone:
		// Rolled back before it arrived, again: nothing to refund.
		if err := s.record(ctx, q, vendor, cb, txRollback, 0, p, hash, st.total()); err != nil {
			return Answer{}, false, err
		}
		return Answer{Status: StatusOK, Balance: st.total(), Currency: p.currency}, false, nil
	case bet.kind != txBet:
		return refuse(StatusBadRequest, "only a bet can be rolled back")
	case st.refRoundWins > 0:
		return refuse(StatusBadRequest, "the round was already paid; a bet of a paid round cannot be rolled back")
	case cb.Amount != 0 && cb.Amount != bet.amount:
		return refuse(StatusBadRequest, "amount differs from the bet's")
	case bet.rolledBack:
		// Rolled back already by another rollback: nothing more to refund.
		if err := s.record(ctx, q, vendor, cb, txRollback, bet.roundRef.Int64, p, hash, st.total()); err != nil {
			return Answer{}, false, err
		}
		return Answer{Status: StatusOK, Balance: st.total(), Currency: p.currency}, false, nil
	}
	refund := cb
	refund.Amount = bet.amount
	// Each leg goes back where it came from: the bonus-funded one to the
	// bonus account while its grant runs (and its wager comes off), to
	// cash once the grant converted, to the paying side once it ended
	// otherwise (that bonus is gone).
	m := money{cash: st.balance, bonus: st.bonus}
	bonusTo := p.bonus
	if bet.bonusGrant != 0 && s.guard.Bonus != nil {
		var err error
		if bonusTo, err = s.guard.Bonus.UnwagerIn(ctx, q, bet.bonusGrant, bet.wager); err != nil {
			return Answer{}, false, err
		}
	}
	if err := s.leg(ctx, q, p, vendor, refund, "", p.side, p.account, bet.amount-bet.bonusAmount, txRollback, &m); err != nil {
		return Answer{}, false, err
	}
	if err := s.leg(ctx, q, p, vendor, refund, bonusLeg, p.side, bonusTo, bet.bonusAmount, txRollback, &m); err != nil {
		return Answer{}, false, err
	}
	if _, err := q.ExecContext(ctx, `UPDATE vendor_transactions SET rolled_back = 1 WHERE id = $1`, bet.id); err != nil {
		return Answer{}, false, fmt.Errorf("provider: mark rolled back: %w", err)
	}
	if err := s.changeAndRecord(ctx, q, s.settle(bet.roundRef.Int64, "refunded", bet.amount, cb.RoundClosed), vendor, refund, txRollback, p, hash, m.cash+m.bonus); err != nil {
		return Answer{}, false, err
	}
	if bet.bonusAmount > 0 {
		if _, err := q.ExecContext(ctx, `UPDATE game_rounds SET bonus_stake = bonus_stake - $1 WHERE id = $2`, bet.bonusAmount, bet.roundRef.Int64); err != nil {
			return Answer{}, false, fmt.Errorf("provider: round's bonus stake: %w", err)
		}
	}
	// The refund counts against the bet's round's game, which the
	// rollback's roundId need not name.
	gameCode, gameType := st.round.game, st.round.gameType
	if !st.roundFound || st.round.id != bet.roundRef.Int64 {
		if err := q.QueryRowContext(ctx, `SELECT game_code, game_type FROM game_rounds WHERE id = $1`, bet.roundRef.Int64).Scan(&gameCode, &gameType); err != nil {
			return Answer{}, false, fmt.Errorf("provider: rolled back round: %w", err)
		}
	}
	if err := s.count(ctx, q, p, m.moved, vendor, gameCode, gameType, report.Refund, bet.amount, m.at); err != nil {
		return Answer{}, false, err
	}
	return m.answer(p, st), m.moved, nil
}

// count adds a transfer that moved real money to the back office's
// figures, in the transaction that moved it (decision 0023). Play money
// and zero amounts (nothing moved) are not counted.
func (s *Service) count(ctx context.Context, q database.Querier, p player, moved bool, vendor, game, gameType string, m report.Movement, amount, at int64) error {
	if !moved || p.mode != ModeReal {
		return nil
	}
	return report.Record(ctx, q, s.db.Dialect, report.Play{Merchant: p.member.MerchantCode, MemberID: p.member.ID, Vendor: vendor,
		Game: game, GameType: gameType, Movement: m, Amount: amount, At: at})
}

// roundChange is a statement changing a round, returning its id.
type roundChange struct {
	sql  string // with RETURNING id
	args []any
}

// open is a new round with its first bet's stake (and closed, if that bet
// closes it).
func (s *Service) open(vendor string, cb Callback, p player, game *catalog.Game) roundChange {
	now := s.now().UnixMilli()
	closed, closedAt := 0, int64(0)
	if cb.RoundClosed {
		closed, closedAt = 1, now
	}
	return roundChange{`INSERT INTO game_rounds (vendor_code, round_id, merchant_code, member_id, game_code, game_type, currency, mode, stake, closed, opened_at, closed_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id`,
		[]any{vendor, cb.RoundID, p.member.MerchantCode, p.member.ID, game.Code, game.LobbyType(), p.currency, p.mode, cb.Amount, closed, now, closedAt}}
}

// settle adds to one of round id's sums and closes it when the callback
// says so (a round once closed stays closed). column is one of three fixed
// names, never input.
func (s *Service) settle(id int64, column string, amount int64, closed bool) roundChange {
	var set string
	switch column {
	case "stake":
		set = "stake = stake + $1"
	case "win":
		set = "win = win + $1"
	default:
		set = "refunded = refunded + $1"
	}
	if closed {
		return roundChange{`UPDATE game_rounds SET ` + set + `, closed = 1, closed_at = $2 WHERE id = $3 RETURNING id`, []any{amount, s.now().UnixMilli(), id}}
	}
	return roundChange{`UPDATE game_rounds SET ` + set + ` WHERE id = $2 RETURNING id`, []any{amount, id}}
}

// recordColumns are a transaction record's columns; round_ref is the
// fourth.
const recordColumns = `vendor_code, transaction_id, kind, round_ref, member_id, amount, reference_id, request_hash, balance, currency, created_at`

// changeAndRecord changes the round and records the transaction with it.
// On PostgreSQL that is one statement (the record takes the round's id from
// the change), since every statement there is a round trip; elsewhere two.
func (s *Service) changeAndRecord(ctx context.Context, q database.Querier, change roundChange, vendor string, cb Callback, kind string, p player, hash string, balance int64) error {
	if s.db.Dialect != database.Postgres {
		var round int64
		if err := q.QueryRowContext(ctx, change.sql, change.args...).Scan(&round); err != nil {
			return fmt.Errorf("provider: round: %w", err)
		}
		return s.record(ctx, q, vendor, cb, kind, round, p, hash, balance)
	}
	n := len(change.args)
	ph := func(i int) string { return "$" + strconv.Itoa(n+i) }
	query := `WITH r AS (` + change.sql + `)
		INSERT INTO vendor_transactions (` + recordColumns + `)
		SELECT ` + ph(1) + `, ` + ph(2) + `, ` + ph(3) + `, r.id, CAST(` + ph(4) + ` AS BIGINT), CAST(` + ph(5) + ` AS BIGINT), ` + ph(6) + `, ` +
		ph(7) + `, CAST(` + ph(8) + ` AS BIGINT), ` + ph(9) + `, CAST(` + ph(10) + ` AS BIGINT) FROM r`
	args := append(change.args, vendor, cb.TransactionID, kind, p.member.ID, cb.Amount, cb.ReferenceTransactionID, hash, balance, p.currency, s.now().UnixMilli())
	res, err := q.ExecContext(ctx, query, args...)
	if err != nil {
		return fmt.Errorf("provider: round and record: %w", err)
	}
	if rows, err := res.RowsAffected(); err != nil || rows != 1 {
		return fmt.Errorf("provider: round and record: %d rows recorded (%v)", rows, err)
	}
	return nil
}

func (s *Service) recordBigWin(ctx context.Context, q database.Querier, p player, game string, amount int64) error {
	return s.games.RecordWin(ctx, q, p.member.MerchantCode, p.member.Username, game, amount, p.currency, s.now())
}

func (s *Service) record(ctx context.Context, q database.Querier, vendor string, cb Callback, kind string, roundRef int64, p player, hash string, balance int64) error {
	ref := sql.NullInt64{Int64: roundRef, Valid: roundRef != 0}
	if _, err := q.ExecContext(ctx, `INSERT INTO vendor_transactions (`+recordColumns+`)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`, vendor, cb.TransactionID, kind, ref, p.member.ID, cb.Amount,
		cb.ReferenceTransactionID, hash, balance, p.currency, s.now().UnixMilli()); err != nil {
		return fmt.Errorf("provider: record transaction: %w", err)
	}
	return nil
}
