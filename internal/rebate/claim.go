package rebate

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"portal/internal/agent"
	"portal/internal/database"
	"portal/internal/wallet"
)

// Window is a period's bounds.
type Window struct {
	Start time.Time `json:"start"`
	End   time.Time `json:"end"`
}

// Accrued is what the current periods have earned so far, by kind.
type Accrued struct {
	Rebate   int64 `json:"rebate"`
	Cashback int64 `json:"cashback"`
}

// LastPaid is the member's last payout.
type LastPaid struct {
	Amount int64     `json:"amount"`
	At     time.Time `json:"at"`
}

// Status is a member's rebate page: the rates of its level, the current
// period, what it accrued, what it may claim now, its last payout.
type Status struct {
	Rates     []Rate    `json:"rates"`
	Period    Window    `json:"period"`
	Accrued   Accrued   `json:"accrued"`
	Claimable int64     `json:"claimable"`
	LastPaid  *LastPaid `json:"lastPaid"`
}

// ClaimResult is a claim's answer.
type ClaimResult struct {
	Amount  int64 `json:"amount"`
	Balance int64 `json:"balance"`
}

// memberFigures are a member's real-money rounds opened in [from, to) by
// game type (the member's own index on opening time).
func memberFigures(ctx context.Context, q database.Querier, member, from, to int64) (map[string]fig, error) {
	out := map[string]fig{}
	if from >= to {
		return out, nil
	}
	rows, err := q.QueryContext(ctx, `SELECT game_type, SUM(stake - refunded), SUM(win) FROM game_rounds
		WHERE member_id = $1 AND opened_at >= $2 AND opened_at < $3 AND mode = 'real' GROUP BY game_type`, member, from, to)
	if err != nil {
		return nil, fmt.Errorf("rebate: member figures: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var gt string
		var f fig
		if err := rows.Scan(&gt, &f.validBet, &f.wins); err != nil {
			return nil, fmt.Errorf("rebate: member figures: %w", err)
		}
		out[gt] = f
	}
	return out, rows.Err()
}

// claimWindow is a manual program's open window for a member: from the
// last claim's watermark in the current period (or its start) to now, and
// the next claim's number.
func (s *Service) claimWindow(ctx context.Context, q database.Querier, merchant string, prog program, member, now int64) (ps, pe, from int64, seq int, err error) {
	ps, pe = bounds(merchant, prog.period, now)
	var last, to int64
	if err = q.QueryRowContext(ctx, `SELECT COALESCE(MAX(seq), 0), COALESCE(MAX(window_to), 0) FROM rebate_payouts
		WHERE member_id = $1 AND kind = $2 AND mode = 'manual' AND period_start = $3`, member, prog.kind, ps).Scan(&last, &to); err != nil {
		return 0, 0, 0, 0, fmt.Errorf("rebate: claim window: %w", err)
	}
	return ps, pe, max(ps, to), int(last) + 1, nil
}

func (s *Service) vipOf(ctx context.Context, q database.Querier, merchant string, member int64) (int, error) {
	var vip int
	err := q.QueryRowContext(ctx, `SELECT vip_level FROM members WHERE id = $1 AND merchant_code = $2`, member, merchant).Scan(&vip)
	if isNoRows(err) {
		return 0, ErrNotFound
	}
	if err != nil {
		return 0, fmt.Errorf("rebate: member: %w", err)
	}
	return vip, nil
}

// StatusOf is the member's rebate page.
func (s *Service) StatusOf(ctx context.Context, merchant string, member int64) (Status, error) {
	q := s.db.Read()
	vip, err := s.vipOf(ctx, q, merchant, member)
	if err != nil {
		return Status{}, err
	}
	all, err := s.rates(ctx, q, merchant, "")
	if err != nil {
		return Status{}, err
	}
	now := s.nowMs()
	st := Status{Rates: []Rate{}}
	progs := programs(all)
	// The page's period is the first manual program's (what a claim
	// works within), else the first program's, else today.
	ps, pe := bounds(merchant, string(agent.Daily), now)
	shown := -1
	for i, p := range progs {
		if shown < 0 || p.mode == ModeManual && progs[shown].mode != ModeManual {
			shown = i
		}
	}
	for i, p := range progs {
		st.Rates = append(st.Rates, p.effective(vip)...)
		start, end := bounds(merchant, p.period, now)
		from := start
		if p.mode == ModeManual {
			if _, _, from, _, err = s.claimWindow(ctx, q, merchant, p, member, now); err != nil {
				return st, err
			}
		}
		if i == shown {
			ps, pe = start, end
		}
		figs, err := memberFigures(ctx, q, member, from, now+1)
		if err != nil {
			return st, err
		}
		_, amount, _ := p.due(vip, figs)
		if p.kind == KindRebate {
			st.Accrued.Rebate += amount
		} else {
			st.Accrued.Cashback += amount
		}
		if p.mode == ModeManual {
			st.Claimable += amount
		}
	}
	st.Period = Window{Start: ms(ps), End: ms(pe)}
	var amount, at int64
	err = q.QueryRowContext(ctx, `SELECT amount, paid_at FROM rebate_payouts WHERE member_id = $1 ORDER BY paid_at DESC, id DESC LIMIT 1`, member).Scan(&amount, &at)
	if err == nil {
		st.LastPaid = &LastPaid{Amount: amount, At: ms(at)}
	} else if !isNoRows(err) {
		return st, fmt.Errorf("rebate: last payout: %w", err)
	}
	return st, nil
}

// effective are the program's rates that apply at a level: per game type
// the one pick chooses.
func (p program) effective(vip int) []Rate {
	var out []Rate
	seen := map[string]bool{}
	for _, r := range p.rates {
		if seen[r.GameType] {
			continue
		}
		if best, ok := p.pick(r.GameType, vip); ok && best.GameType == r.GameType {
			seen[r.GameType] = true
			out = append(out, best)
		}
	}
	return out
}

// errClaimRace is a concurrent claim that wrote the same claim number
// first.
var errClaimRace = errors.New("rebate: a concurrent claim came first")

// Claim pays the member what its manual programs accrued since its last
// claim in their current periods. A replay of requestID answers the first
// claim; of two concurrent claims one pays and the other finds nothing.
func (s *Service) Claim(ctx context.Context, merchant string, member int64, requestID string) (ClaimResult, error) {
	ctx = context.WithoutCancel(ctx)
	if r, ok, err := s.replay(ctx, merchant, member, requestID); err != nil || ok {
		return r, err
	}
	rates, err := s.rates(ctx, s.db.Read(), merchant, ModeManual)
	if err != nil {
		return ClaimResult{}, err
	}
	progs := programs(rates)
	if len(progs) == 0 {
		return ClaimResult{}, ErrNothingToClaim
	}
	cur, err := s.currencyOf(ctx, s.db.Read(), merchant)
	if err != nil {
		return ClaimResult{}, err
	}
	var res ClaimResult
	err = s.retry(ctx, func(q database.Querier) error {
		res = ClaimResult{}
		if s.db.Dialect == database.Postgres {
			// One claim of a member at a time: the second reads the first's
			// watermark.
			if _, err := q.ExecContext(ctx, `SELECT id FROM members WHERE id = $1 FOR UPDATE`, member); err != nil {
				return fmt.Errorf("rebate: lock member: %w", err)
			}
		}
		// The same request clicked twice: the second waited for the first
		// (above, or SQLite's one writer) and answers its result.
		if requestID != "" {
			var n int64
			if err := q.QueryRowContext(ctx, `SELECT COUNT(*), COALESCE(SUM(amount), 0) FROM rebate_payouts WHERE member_id = $1 AND request_id = $2`,
				member, requestID).Scan(&n, &res.Amount); err != nil {
				return fmt.Errorf("rebate: replay: %w", err)
			}
			if n > 0 {
				res.Balance, err = s.ledger.BalanceIn(ctx, q, merchant, wallet.Member(member, cur))
				return err
			}
		}
		vip, err := s.vipOf(ctx, q, merchant, member)
		if err != nil {
			return err
		}
		now := s.nowMs()
		below, paid := false, false
		for _, p := range progs {
			ps, pe, from, seq, err := s.claimWindow(ctx, q, merchant, p, member, now)
			if err != nil {
				return err
			}
			figs, err := memberFigures(ctx, q, member, from, now+1)
			if err != nil {
				return err
			}
			base, amount, short := p.due(vip, figs)
			below = below || short
			if amount <= 0 {
				continue
			}
			if _, err := q.ExecContext(ctx, `INSERT INTO rebate_payouts (merchant_code, member_id, kind, mode, period, period_start, period_end, seq, request_id,
				window_from, window_to, base, amount, paid_at) VALUES ($1, $2, $3, 'manual', $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
				merchant, member, p.kind, p.period, ps, pe, seq, requestID, from, now+1, base, amount, now); err != nil {
				if isUnique(err) {
					return errClaimRace
				}
				return fmt.Errorf("rebate: claim: %w", err)
			}
			key := "rebate:manual:" + p.kind + ":" + strconv.FormatInt(member, 10) + ":" + strconv.FormatInt(ps, 10) + ":" + strconv.Itoa(seq)
			t, err := s.ledger.MoveIn(ctx, q, wallet.Request{Merchant: merchant, Key: key, From: wallet.Side(wallet.KindPromo, p.kind, cur),
				To: wallet.Member(member, cur), Amount: amount, Kind: p.kind, Reference: "rebate:manual:" + p.kind})
			if err != nil {
				return err
			}
			res.Amount += amount
			res.Balance = t.CreditBalance
			paid = true
		}
		switch {
		case paid:
			return nil
		case below:
			return ErrBelowMinimum
		}
		return ErrNothingToClaim
	})
	if errors.Is(err, errClaimRace) {
		if r, ok, rerr := s.replay(ctx, merchant, member, requestID); rerr != nil || ok {
			return r, rerr
		}
		return ClaimResult{}, ErrNothingToClaim
	}
	if err != nil {
		return ClaimResult{}, err
	}
	s.log.InfoContext(ctx, "rebate claimed", "merchant", merchant, "member", member, "amount", res.Amount)
	if s.onBalance != nil {
		s.onBalance(merchant, member, res.Balance, cur)
	}
	return res, nil
}

// replay answers a claim already made with requestID.
func (s *Service) replay(ctx context.Context, merchant string, member int64, requestID string) (ClaimResult, bool, error) {
	if requestID == "" {
		return ClaimResult{}, false, nil
	}
	var n, amount int64
	if err := s.db.Read().QueryRowContext(ctx, `SELECT COUNT(*), COALESCE(SUM(amount), 0) FROM rebate_payouts WHERE member_id = $1 AND request_id = $2`,
		member, requestID).Scan(&n, &amount); err != nil {
		return ClaimResult{}, false, fmt.Errorf("rebate: replay: %w", err)
	}
	if n == 0 {
		return ClaimResult{}, false, nil
	}
	cur, err := s.currencyOf(ctx, s.db.Read(), merchant)
	if err != nil {
		return ClaimResult{}, false, err
	}
	bal, err := s.ledger.Balance(ctx, merchant, wallet.Member(member, cur))
	return ClaimResult{Amount: amount, Balance: bal}, true, err
}

// History is a page of the member's payouts, newest first.
func (s *Service) History(ctx context.Context, member int64, page, size int) ([]Payout, int64, error) {
	page, size = pageOf(page, size)
	var total int64
	if err := s.db.Read().QueryRowContext(ctx, `SELECT COUNT(*) FROM rebate_payouts WHERE member_id = $1`, member).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("rebate: history: %w", err)
	}
	list, err := s.payouts(ctx, s.db.Read(), `WHERE p.member_id = $1 ORDER BY p.paid_at DESC, p.id DESC LIMIT `+strconv.Itoa(size)+` OFFSET `+
		strconv.Itoa((page-1)*size), member)
	for i := range list {
		list[i].MemberID, list[i].Username = 0, ""
	}
	return list, total, err
}
