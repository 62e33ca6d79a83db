package protection

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"time"

	"portal/internal/database"
)

// row is one stored limit.
type row struct {
	value        int64
	period       string
	pendingValue int64
	pendingAt    int64 // Unix ms; 0: nothing pending
}

// effective is the row as of now (Unix ms): a pending value whose time
// has come has taken over. A value of none means no limit.
func (r row) effective(now int64) row {
	if r.pendingAt != 0 && r.pendingAt <= now {
		return row{value: r.pendingValue, period: r.period}
	}
	return r
}

// Limit is one limit as a member and operators see it. Value is nil when
// none is set; Pending and PendingAt say what takes over and when (a nil
// Pending with a PendingAt is a removal).
type Limit struct {
	Kind      string     `json:"kind"`
	Value     *int64     `json:"value"`
	Pending   *int64     `json:"pending"`
	PendingAt *time.Time `json:"pendingAt"`
}

// Exclusion is a running cooling-off or self-exclusion.
type Exclusion struct {
	// Kind is "coolingOff" or "selfExclusion".
	Kind   string `json:"kind"`
	Period string `json:"period"`
	// Until is nil for a permanent self-exclusion.
	Until *time.Time `json:"until"`
}

// Limits are a member's limits as of now.
type Limits struct {
	Limits    []Limit    `json:"limits"`
	Exclusion *Exclusion `json:"exclusion"`
}

// Change is one entry of a member's history.
type Change struct {
	Kind        string    `json:"kind"`
	OldValue    *int64    `json:"oldValue"`
	NewValue    *int64    `json:"newValue"`
	Period      string    `json:"period,omitempty"`
	EffectiveAt time.Time `json:"effectiveAt"`
	Actor       string    `json:"actor"`
	At          time.Time `json:"at"`
}

func optValue(v int64) *int64 {
	if v == none {
		return nil
	}
	return &v
}

// rows reads a member's stored limits.
func rows(ctx context.Context, q database.Querier, memberID int64) (map[string]row, error) {
	rs, err := q.QueryContext(ctx, `SELECT kind, value, period, pending_value, pending_at FROM player_limits WHERE member_id = $1`, memberID)
	if err != nil {
		return nil, fmt.Errorf("protection: read limits: %w", err)
	}
	defer rs.Close()
	out := map[string]row{}
	for rs.Next() {
		var kind string
		var r row
		if err := rs.Scan(&kind, &r.value, &r.period, &r.pendingValue, &r.pendingAt); err != nil {
			return nil, fmt.Errorf("protection: read limits: %w", err)
		}
		out[kind] = r
	}
	return out, rs.Err()
}

// view words stored rows as of now.
func view(stored map[string]row, now int64) Limits {
	out := Limits{Limits: make([]Limit, 0, len(Kinds))}
	for _, k := range Kinds {
		l := Limit{Kind: k}
		if r, ok := stored[k]; ok {
			r = r.effective(now)
			l.Value = optValue(r.value)
			if r.pendingAt != 0 {
				l.Pending = optValue(r.pendingValue)
				t := time.UnixMilli(r.pendingAt).UTC()
				l.PendingAt = &t
			}
		}
		out.Limits = append(out.Limits, l)
	}
	if r, ok := stored[kindExclusion]; ok && r.value > now {
		e := &Exclusion{Kind: "selfExclusion", Period: r.period}
		if slices.Contains(CoolingOff, r.period) {
			e.Kind = "coolingOff"
		}
		if r.value != Permanent {
			t := time.UnixMilli(r.value).UTC()
			e.Until = &t
		}
		out.Exclusion = e
	}
	return out
}

// Get is a member's limits as of now.
func (s *Service) Get(ctx context.Context, memberID int64) (Limits, error) {
	stored, err := rows(ctx, s.db.Read(), memberID)
	if err != nil {
		return Limits{}, err
	}
	return view(stored, s.now().UnixMilli()), nil
}

// Set sets a member's limit of kind to value (0 removes it). Lowering or
// setting one applies at once and drops a pending raise; raising or
// removing one waits RaiseDelay (asking again restarts the wait). The
// reality-check interval is a reminder, not a restriction: it applies at
// once either way. actor names who asked, for the history.
func (s *Service) Set(ctx context.Context, merchantCode string, memberID int64, kind string, value int64, actor string) (Limits, error) {
	if !validKind(kind) {
		return Limits{}, ErrLimitInvalid
	}
	lo, hi := bounds(kind)
	asked := value
	if value == 0 {
		asked = none
	} else if value < lo || value > hi {
		return Limits{}, ErrLimitInvalid
	}
	now := s.now()
	nowMs := now.UnixMilli()
	err := s.db.InTx(ctx, func(q database.Querier) error {
		cur := row{value: none}
		var stored row
		err := q.QueryRowContext(ctx, `SELECT value, period, pending_value, pending_at FROM player_limits WHERE member_id = $1 AND kind = $2`,
			memberID, kind).Scan(&stored.value, &stored.period, &stored.pendingValue, &stored.pendingAt)
		switch {
		case errors.Is(err, sql.ErrNoRows):
		case err != nil:
			return fmt.Errorf("protection: read limit: %w", err)
		default:
			cur = stored.effective(nowMs)
		}
		next := row{value: asked}
		effectiveAt := nowMs
		lowering := asked != none && (cur.value == none || asked <= cur.value)
		if !lowering && kind != RealityMinutes {
			if asked == cur.value && cur.pendingAt == 0 {
				return nil // no limit asked to go, none there
			}
			effectiveAt = now.Add(RaiseDelay).UnixMilli()
			next = row{value: cur.value, pendingValue: asked, pendingAt: effectiveAt}
		}
		if _, err := q.ExecContext(ctx, `INSERT INTO player_limits (member_id, kind, merchant_code, value, period, pending_value, pending_at, updated_at)
			VALUES ($1, $2, $3, $4, '', $5, $6, $7)
			ON CONFLICT (member_id, kind) DO UPDATE SET value = excluded.value, pending_value = excluded.pending_value,
				pending_at = excluded.pending_at, updated_at = excluded.updated_at`,
			memberID, kind, merchantCode, next.value, next.pendingValue, next.pendingAt, nowMs); err != nil {
			return fmt.Errorf("protection: store limit: %w", err)
		}
		return s.changed(ctx, q, merchantCode, memberID, kind, cur.value, asked, "", effectiveAt, actor, nowMs)
	})
	if err != nil {
		return Limits{}, err
	}
	s.cache.invalidate()
	return s.Get(ctx, memberID)
}

// Exclude starts a cooling-off (24h, 7d, 30d) or a self-exclusion (6m,
// 1y, permanent) at once. One running that ends later is not shortened.
func (s *Service) Exclude(ctx context.Context, merchantCode string, memberID int64, period, actor string) (Limits, error) {
	now := s.now()
	end, ok := periodEnd(period, now)
	if !ok {
		return Limits{}, ErrPeriodInvalid
	}
	nowMs := now.UnixMilli()
	err := s.db.InTx(ctx, func(q database.Querier) error {
		cur := int64(0)
		err := q.QueryRowContext(ctx, `SELECT value FROM player_limits WHERE member_id = $1 AND kind = $2`, memberID, kindExclusion).Scan(&cur)
		if err != nil && !errors.Is(err, sql.ErrNoRows) {
			return fmt.Errorf("protection: read exclusion: %w", err)
		}
		if cur > nowMs && cur >= end {
			return ErrExclusionActive
		}
		if _, err := q.ExecContext(ctx, `INSERT INTO player_limits (member_id, kind, merchant_code, value, period, pending_value, pending_at, updated_at)
			VALUES ($1, $2, $3, $4, $5, 0, 0, $6)
			ON CONFLICT (member_id, kind) DO UPDATE SET value = excluded.value, period = excluded.period, updated_at = excluded.updated_at`,
			memberID, kindExclusion, merchantCode, end, period, nowMs); err != nil {
			return fmt.Errorf("protection: store exclusion: %w", err)
		}
		old := int64(none)
		if cur > nowMs {
			old = cur
		}
		return s.changed(ctx, q, merchantCode, memberID, kindExclusion, old, end, period, nowMs, actor, nowMs)
	})
	if err != nil {
		return Limits{}, err
	}
	s.cache.invalidate()
	return s.Get(ctx, memberID)
}

// changed records a change in the history and tells every process
// sharing the database to drop its cache.
func (s *Service) changed(ctx context.Context, q database.Querier, merchantCode string, memberID int64, kind string, old, asked int64, period string, effectiveAt int64, actor string, at int64) error {
	if _, err := q.ExecContext(ctx, `INSERT INTO player_limit_changes (merchant_code, member_id, kind, old_value, new_value, period, effective_at, actor, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`, merchantCode, memberID, kind, old, asked, period, effectiveAt, actor, at); err != nil {
		return fmt.Errorf("protection: record change: %w", err)
	}
	return database.Bump(ctx, q, Topic)
}

// HistoryMax bounds the history an operator reads at once.
const HistoryMax = 200

// History is a member's changes, newest first, at most HistoryMax.
func (s *Service) History(ctx context.Context, memberID int64) ([]Change, error) {
	rs, err := s.db.Read().QueryContext(ctx, `SELECT kind, old_value, new_value, period, effective_at, actor, created_at
		FROM player_limit_changes WHERE member_id = $1 ORDER BY id DESC LIMIT $2`, memberID, HistoryMax)
	if err != nil {
		return nil, fmt.Errorf("protection: history: %w", err)
	}
	defer rs.Close()
	out := []Change{}
	for rs.Next() {
		var c Change
		var old, next, eff, at int64
		if err := rs.Scan(&c.Kind, &old, &next, &c.Period, &eff, &c.Actor, &at); err != nil {
			return nil, fmt.Errorf("protection: history: %w", err)
		}
		c.OldValue, c.NewValue = optValue(old), optValue(next)
		if c.Kind == kindExclusion && next == Permanent {
			c.NewValue = nil
		}
		c.EffectiveAt, c.At = time.UnixMilli(eff).UTC(), time.UnixMilli(at).UTC()
		out = append(out, c)
	}
	return out, rs.Err()
}
