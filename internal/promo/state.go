package promo

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"portal/internal/database"
)

// Progress is how far a member is towards a target.
type Progress struct {
	Current int64 `json:"current"`
	Target  int64 `json:"target"`
}

// MemberState is a member's state on one promotion (G-004).
type MemberState struct {
	State     string    `json:"state"`
	Progress  *Progress `json:"progress"`
	Claimable *int64    `json:"claimable"`
	Reason    string    `json:"reason"`
	Claims    int       `json:"claims"`

	// What a claim takes from here: the slot, the qualifying deposit
	// and the reward; budget says closed because the budget is spent.
	slot   int
	ref    string
	reward int64
	budget bool
}

// facts are what a member's states are computed from, read once for all
// the promotions shown.
type facts struct {
	member   int64
	vip      int
	joined   map[int64]int64 // promotion -> joined_at
	claims   map[int64]*claimFacts
	apps     map[int64]appFacts // the last application per promotion
	first    *deposit           // the member's first credited deposit
	deposits []deposit          // credited deposits since the earliest window
}

type claimFacts struct {
	n      int
	lastAt int64
	last   string // state of the last claim
	refs   map[string]bool
}

type appFacts struct {
	state, reason string
}

type deposit struct {
	id, amount, at int64
}

func (d deposit) ref() string { return "dep:" + strconv.FormatInt(d.id, 10) }

// loadFacts reads what the states of member on promos need.
func (s *Service) loadFacts(ctx context.Context, q database.Querier, merchantCode string, member int64, promos []*Promotion) (*facts, error) {
	f := &facts{member: member, joined: map[int64]int64{}, claims: map[int64]*claimFacts{}, apps: map[int64]appFacts{}}
	if err := q.QueryRowContext(ctx, `SELECT vip_level FROM members WHERE id = $1 AND merchant_code = $2`, member, merchantCode).Scan(&f.vip); err != nil {
		if noRows(err) {
			return nil, ErrNotFound
		}
		return nil, fmt.Errorf("promo: member: %w", err)
	}
	if len(promos) == 0 {
		return f, nil
	}
	ids := make([]string, len(promos))
	earliest, depositKinds := int64(-1), false
	for i, p := range promos {
		ids[i] = strconv.FormatInt(p.ID, 10)
		if p.Kind == KindDeposit || p.Kind == KindFirstDeposit {
			depositKinds = true
			if earliest < 0 || p.StartsAt < earliest {
				earliest = p.StartsAt
			}
		}
	}
	in := "(" + strings.Join(ids, ",") + ")" // integers formatted here: no input reaches the text
	rows, err := q.QueryContext(ctx, `SELECT promotion_id, joined_at FROM promotion_joins WHERE member_id = $1 AND promotion_id IN `+in, member)
	if err != nil {
		return nil, fmt.Errorf("promo: joins: %w", err)
	}
	for rows.Next() {
		var id, at int64
		if err := rows.Scan(&id, &at); err != nil {
			rows.Close()
			return nil, fmt.Errorf("promo: joins: %w", err)
		}
		f.joined[id] = at
	}
	rows.Close()
	rows, err = q.QueryContext(ctx, `SELECT promotion_id, state, qualifying_ref, created_at FROM promotion_claims
		WHERE member_id = $1 AND promotion_id IN `+in+` ORDER BY id`, member)
	if err != nil {
		return nil, fmt.Errorf("promo: claims: %w", err)
	}
	for rows.Next() {
		var id, at int64
		var state, ref string
		if err := rows.Scan(&id, &state, &ref, &at); err != nil {
			rows.Close()
			return nil, fmt.Errorf("promo: claims: %w", err)
		}
		c := f.claims[id]
		if c == nil {
			c = &claimFacts{refs: map[string]bool{}}
			f.claims[id] = c
		}
		c.n++
		c.lastAt, c.last = at, state
		if ref != "" {
			c.refs[ref] = true
		}
	}
	rows.Close()
	rows, err = q.QueryContext(ctx, `SELECT promotion_id, state, reason FROM promotion_applications
		WHERE member_id = $1 AND promotion_id IN `+in+` ORDER BY id`, member)
	if err != nil {
		return nil, fmt.Errorf("promo: applications: %w", err)
	}
	for rows.Next() {
		var id int64
		var a appFacts
		if err := rows.Scan(&id, &a.state, &a.reason); err != nil {
			rows.Close()
			return nil, fmt.Errorf("promo: applications: %w", err)
		}
		f.apps[id] = a
	}
	rows.Close()
	if !depositKinds {
		return f, nil
	}
	var d deposit
	err = q.QueryRowContext(ctx, `SELECT id, amount, credited_at FROM deposit_orders WHERE member_id = $1 AND status = 'credited'
		ORDER BY credited_at, id LIMIT 1`, member).Scan(&d.id, &d.amount, &d.at)
	if err != nil && !noRows(err) {
		return nil, fmt.Errorf("promo: deposits: %w", err)
	}
	if err == nil {
		f.first = &d
	}
	rows, err = q.QueryContext(ctx, `SELECT id, amount, credited_at FROM deposit_orders WHERE member_id = $1 AND status = 'credited'
		AND credited_at >= $2 ORDER BY credited_at, id LIMIT 500`, member, earliest)
	if err != nil {
		return nil, fmt.Errorf("promo: deposits: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var d deposit
		if err := rows.Scan(&d.id, &d.amount, &d.at); err != nil {
			return nil, fmt.Errorf("promo: deposits: %w", err)
		}
		f.deposits = append(f.deposits, d)
	}
	return f, rows.Err()
}

// figure is the member's valid bet (turnover) or net loss on p's game
// types over [from, to): the rounds' cash basis, stakes net of refunds.
func (s *Service) figure(ctx context.Context, q database.Querier, p *Promotion, member, from, to int64) (int64, error) {
	args := []any{member, p.Merchant, from, to}
	where := ""
	if len(p.GameTypes) > 0 {
		marks := make([]string, len(p.GameTypes))
		for i, g := range p.GameTypes {
			args = append(args, g)
			marks[i] = "$" + strconv.Itoa(len(args))
		}
		where = " AND game_type IN (" + strings.Join(marks, ",") + ")"
	}
	var bets, wins int64
	err := q.QueryRowContext(ctx, `SELECT COALESCE(SUM(stake - refunded), 0), COALESCE(SUM(win), 0) FROM game_rounds
		WHERE member_id = $1 AND merchant_code = $2 AND mode = 'real' AND opened_at >= $3 AND opened_at < $4`+where, args...).Scan(&bets, &wins)
	if err != nil {
		return 0, fmt.Errorf("promo: figure: %w", err)
	}
	if p.Kind == KindLoss {
		return bets - wins, nil
	}
	return bets, nil
}

// evaluate is the member's state on p now.
func (s *Service) evaluate(ctx context.Context, q database.Querier, p *Promotion, f *facts) (MemberState, error) {
	now := s.nowMs()
	c := f.claims[p.ID]
	if c == nil {
		c = &claimFacts{refs: map[string]bool{}}
	}
	st := MemberState{Claims: c.n, slot: c.n}
	done := func() MemberState {
		if c.n > 0 {
			st.State = StateClaimed
			if c.last == "issued" {
				st.State = StateIssued
			}
			return st
		}
		st.State = StateClosed
		return st
	}
	claim := func(figure int64, ref string) MemberState {
		st.State, st.ref, st.reward = StateClaim, ref, p.Reward.of(figure)
		v := st.reward
		st.Claimable = &v
		return st
	}
	if now < p.StartsAt {
		st.State = StateComingSoon
		return st, nil
	}
	if a, ok := f.apps[p.ID]; ok && a.state == "applying" {
		st.State = StateApplying
		return st, nil
	}
	if f.vip < p.VIPMin || f.vip > p.VIPMax || c.n >= p.PerMemberLimit {
		return done(), nil
	}
	budgetOut, totalOut := p.exhausted()
	ended := p.EndsAt > 0 && now >= p.EndsAt
	blocked := p.Status != StatusLive || budgetOut || totalOut
	st.budget = budgetOut && p.Status == StatusLive && !totalOut
	end := now + 1 // what happened this very millisecond counts
	if p.EndsAt > 0 && p.EndsAt < end {
		end = p.EndsAt
	}
	switch p.Kind {
	case KindFree:
		if blocked || ended {
			return done(), nil
		}
		return claim(0, ""), nil
	case KindApplication:
		if blocked || ended {
			return done(), nil
		}
		if a, ok := f.apps[p.ID]; ok && a.state == "rejected" {
			st.State, st.Reason = StateRejected, a.reason
			return st, nil
		}
		// Not applied yet: the member may apply (the web shows Apply for
		// this kind).
		st.State = StateJoin
		return st, nil
	case KindFirstDeposit, KindDeposit:
		var qd *deposit
		if p.Kind == KindFirstDeposit {
			if d := f.first; d != nil && c.n == 0 && d.at >= p.StartsAt && (p.EndsAt == 0 || d.at < p.EndsAt) && d.amount >= p.MinDeposit && !c.refs[d.ref()] {
				qd = d
			} else if d != nil {
				return done(), nil
			}
		} else {
			for i := range f.deposits {
				d := &f.deposits[i]
				if d.at >= p.StartsAt && (p.EndsAt == 0 || d.at < p.EndsAt) && d.amount >= p.MinDeposit && !c.refs[d.ref()] {
					qd = d
					break
				}
			}
		}
		if qd != nil {
			if blocked {
				return done(), nil
			}
			return claim(qd.amount, qd.ref()), nil
		}
		if blocked || ended {
			return done(), nil
		}
		st.State, st.Progress = StateInProgress, &Progress{Current: 0, Target: p.MinDeposit}
		return st, nil
	case KindTurnover, KindLoss:
		joined, ok := f.joined[p.ID]
		if !ok {
			if blocked || ended {
				return done(), nil
			}
			st.State = StateJoin
			return st, nil
		}
		from := max(joined, p.StartsAt, c.lastAt+1)
		fig := int64(0)
		if from < end {
			var err error
			if fig, err = s.figure(ctx, q, p, f.member, from, end); err != nil {
				return st, err
			}
		}
		if fig >= p.Target {
			if blocked {
				return done(), nil
			}
			st.Progress = &Progress{Current: fig, Target: p.Target}
			return claim(fig, ""), nil
		}
		if blocked || ended {
			return done(), nil
		}
		st.Progress = &Progress{Current: max(fig, 0), Target: p.Target}
		st.State = StateInProgress
		if fig <= 0 && c.n == 0 {
			st.State = StateJoined
		}
		return st, nil
	}
	return done(), nil
}

// States is the member's state on every promotion members see.
func (s *Service) States(ctx context.Context, merchantCode string, member int64) (map[int64]MemberState, []*Promotion, error) {
	promos, err := s.Live(ctx, merchantCode)
	if err != nil {
		return nil, nil, err
	}
	out, err := s.statesOf(ctx, s.db.Read(), merchantCode, member, promos)
	return out, promos, err
}

func (s *Service) statesOf(ctx context.Context, q database.Querier, merchantCode string, member int64, promos []*Promotion) (map[int64]MemberState, error) {
	f, err := s.loadFacts(ctx, q, merchantCode, member, promos)
	if err != nil {
		return nil, err
	}
	out := make(map[int64]MemberState, len(promos))
	for _, p := range promos {
		st, err := s.evaluate(ctx, q, p, f)
		if err != nil {
			return nil, err
		}
		out[p.ID] = st
	}
	return out, nil
}

// State is the member's state on one promotion.
func (s *Service) State(ctx context.Context, merchantCode string, member int64, p *Promotion) (MemberState, error) {
	m, err := s.statesOf(ctx, s.db.Read(), merchantCode, member, []*Promotion{p})
	if err != nil {
		return MemberState{}, err
	}
	return m[p.ID], nil
}

// Available counts the promotions where the member may act: join or
// claim (availablePromoCount, G-002).
func (s *Service) Available(ctx context.Context, merchantCode string, member int64) (int, error) {
	states, _, err := s.States(ctx, merchantCode, member)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, st := range states {
		if st.State == StateJoin || st.State == StateClaim {
			n++
		}
	}
	return n, nil
}
