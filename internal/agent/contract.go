package agent

import (
	"context"
	"database/sql"
	"fmt"
	"slices"
	"strings"
	"time"

	"portal/internal/database"
)

// Contract states.
const (
	StateOffered    = "offered"
	StateActive     = "active"
	StateRefused    = "refused"
	StateTerminated = "terminated"
	StateExpired    = "expired"
)

// Why a contract ended.
const (
	EndedByUpline   = "upline"
	EndedByMember   = "member"
	EndedByOperator = "operator"
	EndedReplaced   = "replaced"
	EndedUpline     = "upline_ended"
	EndedMoved      = "moved"
	EndedExpired    = "expired"
)

// OfferLife is how long an offer waits for its answer before it expires.
const OfferLife = 7 * 24 * time.Hour

// Contract is a salary or dividend contract (spec §3, §4).
type Contract struct {
	ID           int64      `json:"id"`
	Merchant     string     `json:"-"`
	Kind         Kind       `json:"kind"`
	Period       Period     `json:"period"`
	Upline       *MemberRef `json:"upline"`
	Member       MemberRef  `json:"member"`
	Tiers        []Tier     `json:"tiers"`
	ActiveMinBet int64      `json:"activeMinBet"`
	TopRate      int64      `json:"topRate"`
	State        string     `json:"state"`
	OfferedAt    int64      `json:"offeredAt"`
	DecidedAt    int64      `json:"decidedAt"`
	StartsAt     int64      `json:"startsAt"`
	EndsAt       int64      `json:"endsAt"`
	EndedReason  string     `json:"endedReason"`
	ReplacesID   int64      `json:"replacesId"`
}

// uplineID is the paying upline's id (0: the platform).
func (c Contract) uplineID() int64 {
	if c.Upline == nil {
		return 0
	}
	return c.Upline.ID
}

// Offer is a new contract offered to a member.
type Offer struct {
	Merchant string
	// UplineID offers (0: the platform, through an operator).
	UplineID     int64
	MemberID     int64
	Kind         Kind
	Period       Period
	Tiers        []Tier
	ActiveMinBet int64
	// OperatorID is the operator behind a platform offer.
	OperatorID int64
}

const contractColumns = `c.id, c.merchant_code, c.kind, c.period, c.upline_id, COALESCE(u.username, ''), c.member_id, m.username, c.tiers,
	c.active_min_bet, c.top_rate, c.state, c.offered_at, c.decided_at, c.starts_at, c.ends_at, c.ended_reason, c.replaces_id`

const contractFrom = ` FROM agent_contracts c JOIN members m ON m.id = c.member_id LEFT JOIN members u ON u.id = c.upline_id`

func scanContract(row interface{ Scan(...any) error }) (Contract, error) {
	var c Contract
	var upline sql.NullInt64
	var uname, tiers string
	if err := row.Scan(&c.ID, &c.Merchant, &c.Kind, &c.Period, &upline, &uname, &c.Member.ID, &c.Member.Username, &tiers,
		&c.ActiveMinBet, &c.TopRate, &c.State, &c.OfferedAt, &c.DecidedAt, &c.StartsAt, &c.EndsAt, &c.EndedReason, &c.ReplacesID); err != nil {
		return c, err
	}
	if upline.Valid {
		c.Upline = &MemberRef{ID: upline.Int64, Username: uname}
	}
	t, err := decodeTiers(tiers)
	c.Tiers = t
	return c, err
}

func (s *Service) contract(ctx context.Context, q database.Querier, merchant string, id int64) (Contract, error) {
	c, err := scanContract(q.QueryRowContext(ctx, `SELECT `+contractColumns+contractFrom+` WHERE c.id = $1 AND c.merchant_code = $2`, id, merchant))
	if isNoRows(err) {
		return c, ErrNotFound
	}
	if err != nil {
		return c, fmt.Errorf("agent: contract: %w", err)
	}
	return c, nil
}

// Contract is one contract of the merchant.
func (s *Service) Contract(ctx context.Context, merchant string, id int64) (Contract, error) {
	return s.contract(ctx, s.db.Read(), merchant, id)
}

// activeOf is the member's active contract of a kind (ok false: none).
func (s *Service) activeOf(ctx context.Context, q database.Querier, memberID int64, k Kind) (Contract, bool, error) {
	c, err := scanContract(q.QueryRowContext(ctx, `SELECT `+contractColumns+contractFrom+` WHERE c.member_id = $1 AND c.kind = $2 AND c.state = 'active'`, memberID, k))
	if isNoRows(err) {
		return c, false, nil
	}
	if err != nil {
		return c, false, fmt.Errorf("agent: active contract: %w", err)
	}
	return c, true, nil
}

// lock takes the members' rows in id order on PostgreSQL, so every change
// of the contracts an agent offered or holds is serialised on that agent:
// the rate rules read what they guard only after the lock (SQLite has one
// writer and needs none).
func (s *Service) lock(ctx context.Context, q database.Querier, ids ...int64) error {
	if s.db.Dialect != database.Postgres {
		return nil
	}
	for _, id := range sortedIDs(ids) {
		if _, err := q.ExecContext(ctx, `SELECT id FROM members WHERE id = $1 FOR UPDATE`, id); err != nil {
			return fmt.Errorf("agent: lock member: %w", err)
		}
	}
	return nil
}

func sortedIDs(ids []int64) []int64 {
	out := slices.DeleteFunc(slices.Clone(ids), func(id int64) bool { return id <= 0 })
	slices.Sort(out)
	return slices.Compact(out)
}

// memberInfo is what the rules need of a member.
type memberInfo struct {
	merchant string
	typ      int
	upline   int64
}

func (s *Service) memberInfo(ctx context.Context, q database.Querier, id int64) (memberInfo, error) {
	var m memberInfo
	var up sql.NullInt64
	err := q.QueryRowContext(ctx, `SELECT merchant_code, type, upline_id FROM members WHERE id = $1`, id).Scan(&m.merchant, &m.typ, &up)
	if isNoRows(err) {
		return m, ErrNotFound
	}
	if err != nil {
		return m, fmt.Errorf("agent: member: %w", err)
	}
	m.upline = up.Int64
	return m, nil
}

func isAgentType(t int) bool { return t == 1 || t == 2 || t == 41 || t == 42 }

// Offer offers a contract (spec §4). An agent offers a kind only to a
// direct downline, only while it holds an active contract of that kind,
// never above that contract's rate (nor, for a dividend, with another
// period). A member with an active contract of the kind gets an offer
// only at a strictly higher rate (F-025); one offer per member and kind
// waits at a time. The platform (UplineID 0) offers to any agent.
func (s *Service) Offer(ctx context.Context, o Offer) (Contract, error) {
	if !o.Kind.Valid() {
		return Contract{}, ErrPeriodKindInvalid
	}
	if o.Period == "" && len(o.Kind.Periods()) == 1 {
		o.Period = o.Kind.Periods()[0]
	}
	if !slices.Contains(o.Kind.Periods(), o.Period) {
		return Contract{}, ErrPeriodKindInvalid
	}
	if err := checkTiers(o.Kind, o.Tiers); err != nil {
		return Contract{}, err
	}
	if o.ActiveMinBet < 0 {
		return Contract{}, fmt.Errorf("%w: the active member's minimum bet is at least 0", ErrTiersInvalid)
	}
	if !s.enabled(ctx, o.Merchant, o.Kind) {
		return Contract{}, ErrDisabled
	}
	top := o.Tiers[len(o.Tiers)-1].Rate
	var id int64
	err := s.retry(ctx, func(q database.Querier) error {
		if err := s.lock(ctx, q, o.UplineID, o.MemberID); err != nil {
			return err
		}
		m, err := s.memberInfo(ctx, q, o.MemberID)
		if err != nil || m.merchant != o.Merchant {
			return ErrNotDownline
		}
		if o.UplineID != 0 && m.upline != o.UplineID {
			return ErrNotDownline
		}
		if !isAgentType(m.typ) {
			return ErrMemberNotAgent
		}
		if err := s.checkCap(ctx, q, o.UplineID, o.Kind, o.Period, top); err != nil {
			return err
		}
		cur, has, err := s.activeOf(ctx, q, o.MemberID, o.Kind)
		if err != nil {
			return err
		}
		if has && top <= cur.TopRate {
			return ErrRateNotHigher
		}
		var pending int
		if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM agent_contracts WHERE member_id = $1 AND kind = $2 AND state = 'offered'`,
			o.MemberID, o.Kind).Scan(&pending); err != nil {
			return fmt.Errorf("agent: offers: %w", err)
		}
		if pending > 0 {
			return ErrOfferPending
		}
		err = q.QueryRowContext(ctx, `INSERT INTO agent_contracts (merchant_code, kind, period, upline_id, member_id, tiers, active_min_bet, top_rate,
			state, offered_at, offered_by_operator) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'offered', $9, $10) RETURNING id`,
			o.Merchant, o.Kind, o.Period, nullID(o.UplineID), o.MemberID, encodeTiers(o.Tiers), o.ActiveMinBet, top, s.nowMs(), o.OperatorID).Scan(&id)
		if err != nil && isUnique(err) {
			return ErrOfferPending
		}
		if err != nil {
			return fmt.Errorf("agent: offer: %w", err)
		}
		return nil
	})
	if err != nil {
		return Contract{}, err
	}
	s.log.InfoContext(ctx, "contract offered", "merchant", o.Merchant, "contract", id, "kind", o.Kind, "upline", o.UplineID, "member", o.MemberID, "top_rate", top)
	return s.Contract(ctx, o.Merchant, id)
}

// checkCap holds an upline's offer to its own contract: it must hold an
// active one of the kind, a dividend of the same period, at a rate at
// least the offer's. The platform's offers have no cap but 100 %.
func (s *Service) checkCap(ctx context.Context, q database.Querier, upline int64, k Kind, p Period, top int64) error {
	if upline == 0 {
		return nil
	}
	own, has, err := s.activeOf(ctx, q, upline, k)
	if err != nil {
		return err
	}
	if !has || own.Period != p {
		return ErrCannotOffer
	}
	if top > own.TopRate {
		return ErrRateAboveUpline
	}
	return nil
}

// Sign is the member's acceptance of an offer: it takes effect at the
// start of the next period, and an active contract of the kind it
// replaces (its rate was lower: F-025) ends at that same boundary.
func (s *Service) Sign(ctx context.Context, merchant string, memberID, id int64) (Contract, error) {
	err := s.retry(ctx, func(q database.Querier) error {
		c, err := s.contract(ctx, q, merchant, id)
		if err != nil {
			return err
		}
		if c.Member.ID != memberID {
			return ErrNotFound
		}
		if err := s.lock(ctx, q, c.uplineID(), memberID); err != nil {
			return err
		}
		if c, err = s.contract(ctx, q, merchant, id); err != nil {
			return err
		}
		now := s.nowMs()
		if c.State != StateOffered {
			return ErrContractState
		}
		if now-c.OfferedAt > OfferLife.Milliseconds() {
			return ErrContractState
		}
		// The upline's own contract may have changed since the offer.
		if err := s.checkCap(ctx, q, c.uplineID(), c.Kind, c.Period, c.TopRate); err != nil {
			return err
		}
		_, boundary := c.Period.bounds(now, offset(merchant), s.realtime)
		cur, has, err := s.activeOf(ctx, q, memberID, c.Kind)
		if err != nil {
			return err
		}
		replaces := int64(0)
		if has {
			if c.TopRate <= cur.TopRate {
				return ErrRateNotHigher
			}
			// A contract signed but not begun yet ends before it begins.
			end := max(boundary, cur.StartsAt)
			if _, err := q.ExecContext(ctx, `UPDATE agent_contracts SET state = 'terminated', ends_at = $1, ended_reason = 'replaced', decided_at = CASE WHEN decided_at = 0 THEN $2 ELSE decided_at END
				WHERE id = $3`, end, now, cur.ID); err != nil {
				return fmt.Errorf("agent: replace contract: %w", err)
			}
			replaces = cur.ID
		}
		if _, err := q.ExecContext(ctx, `UPDATE agent_contracts SET state = 'active', decided_at = $1, starts_at = $2, replaces_id = $3 WHERE id = $4`,
			now, boundary, replaces, id); err != nil {
			if isUnique(err) {
				return ErrContractState
			}
			return fmt.Errorf("agent: sign contract: %w", err)
		}
		return nil
	})
	if err != nil {
		return Contract{}, err
	}
	s.log.InfoContext(ctx, "contract signed", "merchant", merchant, "contract", id, "member", memberID)
	return s.Contract(ctx, merchant, id)
}

// Refuse is the member's refusal of an offer.
func (s *Service) Refuse(ctx context.Context, merchant string, memberID, id int64) (Contract, error) {
	err := s.retry(ctx, func(q database.Querier) error {
		c, err := s.contract(ctx, q, merchant, id)
		if err != nil {
			return err
		}
		if c.Member.ID != memberID {
			return ErrNotFound
		}
		res, err := q.ExecContext(ctx, `UPDATE agent_contracts SET state = 'refused', decided_at = $1 WHERE id = $2 AND state = 'offered'`, s.nowMs(), id)
		if err != nil {
			return fmt.Errorf("agent: refuse contract: %w", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return ErrContractState
		}
		return nil
	})
	if err != nil {
		return Contract{}, err
	}
	return s.Contract(ctx, merchant, id)
}

// Terminate ends a contract: by its member or its upline (actor, a member
// id), or by an operator (actor 0). An offer is withdrawn at once (the
// member refuses instead). An active contract ends at the end of the
// period in progress, which it still pays; the contracts of that kind the
// member offered below end with it, down the team.
func (s *Service) Terminate(ctx context.Context, merchant string, actor, id int64) (Contract, error) {
	err := s.retry(ctx, func(q database.Querier) error {
		c, err := s.contract(ctx, q, merchant, id)
		if err != nil {
			return err
		}
		reason := EndedByOperator
		switch {
		case actor == 0:
		case actor == c.Member.ID:
			reason = EndedByMember
		case c.Upline != nil && actor == c.Upline.ID:
			reason = EndedByUpline
		default:
			return ErrNotFound
		}
		if err := s.lock(ctx, q, c.uplineID(), c.Member.ID); err != nil {
			return err
		}
		if c, err = s.contract(ctx, q, merchant, id); err != nil {
			return err
		}
		switch {
		case c.State == StateOffered && reason != EndedByMember:
			_, err := q.ExecContext(ctx, `UPDATE agent_contracts SET state = 'terminated', decided_at = $1, ended_reason = $2 WHERE id = $3`, s.nowMs(), reason, id)
			if err != nil {
				return fmt.Errorf("agent: withdraw offer: %w", err)
			}
			return nil
		case c.State == StateActive:
			return s.end(ctx, q, c, reason)
		}
		return ErrContractState
	})
	if err != nil {
		return Contract{}, err
	}
	s.log.InfoContext(ctx, "contract terminated", "merchant", merchant, "contract", id, "actor", actor)
	return s.Contract(ctx, merchant, id)
}

// end ends an active contract at the end of the period in progress (or
// before it began) and, with it, what its member offered of that kind
// below: their offers at once, their active contracts at the same time.
func (s *Service) end(ctx context.Context, q database.Querier, c Contract, reason string) error {
	now := s.nowMs()
	_, boundary := c.Period.bounds(now, offset(c.Merchant), s.realtime)
	end := max(boundary, c.StartsAt)
	if _, err := q.ExecContext(ctx, `UPDATE agent_contracts SET state = 'terminated', ends_at = $1, ended_reason = $2 WHERE id = $3`, end, reason, c.ID); err != nil {
		return fmt.Errorf("agent: end contract: %w", err)
	}
	// Down the team: each member whose contract ends may no longer offer
	// that kind, so what it offered ends too.
	next := []int64{c.Member.ID}
	for len(next) > 0 {
		upline := next[0]
		next = next[1:]
		rows, err := q.QueryContext(ctx, `SELECT id, member_id, state, starts_at FROM agent_contracts
			WHERE upline_id = $1 AND kind = $2 AND state IN ('offered', 'active')`, upline, c.Kind)
		if err != nil {
			return fmt.Errorf("agent: contracts below: %w", err)
		}
		type below struct {
			id, member, starts int64
			state              string
		}
		var found []below
		for rows.Next() {
			var b below
			if err := rows.Scan(&b.id, &b.member, &b.state, &b.starts); err != nil {
				rows.Close()
				return fmt.Errorf("agent: contracts below: %w", err)
			}
			found = append(found, b)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return fmt.Errorf("agent: contracts below: %w", err)
		}
		for _, b := range found {
			if err := s.lock(ctx, q, b.member); err != nil {
				return err
			}
			if b.state == StateOffered {
				_, err = q.ExecContext(ctx, `UPDATE agent_contracts SET state = 'terminated', decided_at = $1, ended_reason = 'upline_ended' WHERE id = $2`, now, b.id)
			} else {
				_, err = q.ExecContext(ctx, `UPDATE agent_contracts SET state = 'terminated', ends_at = $1, ended_reason = 'upline_ended' WHERE id = $2`, max(end, b.starts), b.id)
				next = append(next, b.member)
			}
			if err != nil {
				return fmt.Errorf("agent: end contract below: %w", err)
			}
		}
	}
	return nil
}

// ExpireOffers marks offers unanswered for OfferLife expired.
func (s *Service) ExpireOffers(ctx context.Context) (int64, error) {
	now := s.nowMs()
	res, err := s.db.Write().ExecContext(ctx, `UPDATE agent_contracts SET state = 'expired', decided_at = $1, ended_reason = 'expired'
		WHERE state = 'offered' AND offered_at < $2`, now, now-OfferLife.Milliseconds())
	if err != nil {
		return 0, fmt.Errorf("agent: expire offers: %w", err)
	}
	n, _ := res.RowsAffected()
	return n, nil
}

// ContractsOf are a member's contracts of a kind ("" every kind): those it
// holds or was offered (mine) and those it offered (offered), newest first.
func (s *Service) ContractsOf(ctx context.Context, merchant string, memberID int64, k Kind) (mine, offered []Contract, err error) {
	where := ` AND ($3 = '' OR c.kind = $3) ORDER BY c.id DESC LIMIT 200`
	if mine, err = s.contracts(ctx, s.db.Read(), `WHERE c.merchant_code = $1 AND c.member_id = $2`+where, merchant, memberID, string(k)); err != nil {
		return nil, nil, err
	}
	offered, err = s.contracts(ctx, s.db.Read(), `WHERE c.merchant_code = $1 AND c.upline_id = $2`+where, merchant, memberID, string(k))
	return mine, offered, err
}

// contracts reads the contracts matching where (its arguments args) with q.
func (s *Service) contracts(ctx context.Context, q database.Querier, where string, args ...any) ([]Contract, error) {
	rows, err := q.QueryContext(ctx, `SELECT `+contractColumns+contractFrom+` `+where, args...)
	if err != nil {
		return nil, fmt.Errorf("agent: contracts: %w", err)
	}
	defer rows.Close()
	out := []Contract{}
	for rows.Next() {
		c, err := scanContract(rows)
		if err != nil {
			return nil, fmt.Errorf("agent: contracts: %w", err)
		}
		out = append(out, c)
	}
	return out, rows.Err()
}

// ContractQuery filters the back office's contract list.
type ContractQuery struct {
	State, Username string
	Kind            Kind
	Page, PageSize  int
}

// ListContracts is the merchant's contracts, newest first, and how many
// match.
func (s *Service) ListContracts(ctx context.Context, merchant string, f ContractQuery) ([]Contract, int64, error) {
	where := `WHERE c.merchant_code = $1 AND ($2 = '' OR c.state = $2) AND ($3 = '' OR c.kind = $3) AND ($4 = '' OR m.username = $4 OR u.username = $4)`
	args := []any{merchant, f.State, string(f.Kind), strings.ToLower(strings.TrimSpace(f.Username))}
	var total int64
	if err := s.db.Read().QueryRowContext(ctx, `SELECT COUNT(*)`+contractFrom+` `+where, args...).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("agent: contracts: %w", err)
	}
	page, size := pageOf(f.Page, f.PageSize)
	list, err := s.contracts(ctx, s.db.Read(), where+fmt.Sprintf(` ORDER BY c.id DESC LIMIT %d OFFSET %d`, size, (page-1)*size), args...)
	return list, total, err
}

// retry runs fn in a transaction, again when PostgreSQL chose it to fail
// (a deadlock between two lock orders, a serialisation failure).
func (s *Service) retry(ctx context.Context, fn func(q database.Querier) error) error {
	var err error
	for attempt := 0; attempt < 3; attempt++ {
		err = s.db.InTx(ctx, fn)
		if !database.IsTransient(err) {
			return err
		}
	}
	return err
}

func nullID(id int64) any {
	if id == 0 {
		return nil
	}
	return id
}

func isUnique(err error) bool {
	if err == nil {
		return false
	}
	m := strings.ToLower(err.Error())
	return strings.Contains(m, "unique") || strings.Contains(m, "duplicate key")
}

// pageOf bounds a page request: pages from 1, at most 100 rows.
func pageOf(page, size int) (int, int) {
	if page < 1 {
		page = 1
	}
	if size < 1 {
		size = 20
	}
	return page, min(size, 100)
}
