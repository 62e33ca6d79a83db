package protection

import (
	"context"
	"fmt"
	"sync"
	"sync/atomic"

	"portal/internal/database"
)

// cache holds, in memory, the limits of every member who has any, so that
// the bet path asks it, not the database, whether a member has limits:
// for the many members without, a bet costs one map lookup. It is loaded
// whole (one query) on first use and again after any change: this
// process's changes drop it at once, another process's within the
// watcher's interval (Topic, database.Watcher). Issue 18 may replace it by
// a per-member flag or a versioned shared cache.
type cache struct {
	snap atomic.Pointer[map[int64]map[string]row]
	mu   sync.Mutex // one load at a time
}

func (c *cache) invalidate() { c.snap.Store(nil) }

// Invalidate drops the cache; the watcher calls it when another process
// changed limits.
func (s *Service) Invalidate() { s.cache.invalidate() }

// limitsOf is the member's stored limits, nil when they have none.
func (s *Service) limitsOf(ctx context.Context, memberID int64) (map[string]row, error) {
	if m := s.cache.snap.Load(); m != nil {
		return (*m)[memberID], nil
	}
	s.cache.mu.Lock()
	defer s.cache.mu.Unlock()
	if m := s.cache.snap.Load(); m != nil {
		return (*m)[memberID], nil
	}
	// Rows that no longer restrict anything (an exclusion that ended, a
	// removal that took effect) are loaded too: the check below reads
	// them as no limit, and they are few.
	rs, err := s.db.Read().QueryContext(ctx, `SELECT member_id, kind, value, period, pending_value, pending_at FROM player_limits`)
	if err != nil {
		return nil, fmt.Errorf("protection: load limits: %w", err)
	}
	defer rs.Close()
	all := map[int64]map[string]row{}
	for rs.Next() {
		var id int64
		var kind string
		var r row
		if err := rs.Scan(&id, &kind, &r.value, &r.period, &r.pendingValue, &r.pendingAt); err != nil {
			return nil, fmt.Errorf("protection: load limits: %w", err)
		}
		if all[id] == nil {
			all[id] = map[string]row{}
		}
		all[id][kind] = r
	}
	if err := rs.Err(); err != nil {
		return nil, fmt.Errorf("protection: load limits: %w", err)
	}
	s.cache.snap.Store(&all)
	return all[memberID], nil
}

// limit is kind's value as of now, none when not set.
func limit(stored map[string]row, kind string, now int64) int64 {
	r, ok := stored[kind]
	if !ok {
		return none
	}
	return r.effective(now).value
}

func excluded(stored map[string]row, now int64) bool {
	r, ok := stored[kindExclusion]
	return ok && r.value > now
}

// CheckPlay is the launch's check: a member cooling off or self-excluded,
// or whose minutes of play today are used up, does not start a real-money
// game.
func (s *Service) CheckPlay(ctx context.Context, merchantCode string, memberID int64) error {
	stored, err := s.limitsOf(ctx, memberID)
	if err != nil || stored == nil {
		return err
	}
	now := s.now()
	if excluded(stored, now.UnixMilli()) {
		return ErrExcluded
	}
	return s.checkMinutes(ctx, s.db.Read(), merchantCode, memberID, stored)
}

func (s *Service) checkMinutes(ctx context.Context, q database.Querier, merchantCode string, memberID int64, stored map[string]row) error {
	now := s.now()
	max := limit(stored, SessionMinutes, now.UnixMilli())
	if max == none {
		return nil
	}
	p := periodsOf(merchantCode, now)
	used, err := minutesPlayed(ctx, q, memberID, p.startMs(p.day))
	if err != nil {
		return err
	}
	if used >= max {
		return ErrSessionLimit
	}
	return nil
}

// CheckDeposit is the cashier's check, inside the transaction that opens
// the order (q): a member cooling off or self-excluded deposits nothing,
// and an order that would take a period's deposits past its limit is
// refused.
func (s *Service) CheckDeposit(ctx context.Context, q database.Querier, merchantCode string, memberID, amount int64) error {
	stored, err := s.limitsOf(ctx, memberID)
	if err != nil || stored == nil {
		return err
	}
	now := s.now()
	nowMs := now.UnixMilli()
	if excluded(stored, nowMs) {
		return ErrExcluded
	}
	day, week, month := limit(stored, DepositDay, nowMs), limit(stored, DepositWeek, nowMs), limit(stored, DepositMonth, nowMs)
	if day == none && week == none && month == none {
		return nil
	}
	d, w, m, err := deposits(ctx, q, memberID, periodsOf(merchantCode, now))
	if err != nil {
		return err
	}
	if over(d+amount, day) || over(w+amount, week) || over(m+amount, month) {
		return ErrDepositLimit
	}
	return nil
}

func over(v, max int64) bool { return max != none && v > max }

// StakeCheck checks one stake inside the bet's transaction q.
type StakeCheck func(ctx context.Context, q database.Querier, amount int64) error

// Stake is the bet path's check for a member's real-money stakes: nil,
// after one in-memory lookup, for a member without limits. Otherwise the
// check refuses a member cooling off or self-excluded (ErrExcluded), a
// stake that would take a period's net loss past its limit (ErrLossLimit:
// the stake counts as lost), and play once the day's minutes are used up
// (ErrSessionLimit).
func (s *Service) Stake(ctx context.Context, merchantCode string, memberID int64) StakeCheck {
	stored, err := s.limitsOf(ctx, memberID)
	if err != nil {
		return func(context.Context, database.Querier, int64) error { return err }
	}
	if stored == nil {
		return nil
	}
	return func(ctx context.Context, q database.Querier, amount int64) error {
		now := s.now()
		nowMs := now.UnixMilli()
		if excluded(stored, nowMs) {
			return ErrExcluded
		}
		day, week, month := limit(stored, LossDay, nowMs), limit(stored, LossWeek, nowMs), limit(stored, LossMonth, nowMs)
		if day != none || week != none || month != none {
			d, w, m, err := losses(ctx, q, memberID, periodsOf(merchantCode, now))
			if err != nil {
				return err
			}
			if over(d+amount, day) || over(w+amount, week) || over(m+amount, month) {
				return ErrLossLimit
			}
		}
		return s.checkMinutes(ctx, q, merchantCode, memberID, stored)
	}
}
