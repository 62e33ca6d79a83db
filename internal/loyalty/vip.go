package loyalty

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"portal/internal/database"
	"portal/internal/wallet"
)

// Level is one VIP level of a merchant.
type Level struct {
	Level              int    `json:"level"`
	Name               string `json:"name"`
	MinDeposit         int64  `json:"minDeposit"`
	MinValidBet        int64  `json:"minValidBet"`
	WindowDays         int    `json:"windowDays"`
	UpgradeReward      int64  `json:"upgradeReward"`
	WithdrawDailyLimit *int64 `json:"withdrawDailyLimit"`
}

// MaxLevel is the highest level a merchant may define.
const MaxLevel = 99

// vipBatch is how many members' upgrades commit together.
const vipBatch = 200

// ValidateLevels checks a merchant's levels: 0 upwards without gaps, each
// named, windows of 1 to 365 days, amounts not negative.
func ValidateLevels(levels []Level) error {
	if len(levels) == 0 || len(levels) > MaxLevel+1 {
		return fmt.Errorf("%w: levels", ErrInvalid)
	}
	for i, l := range levels {
		if l.Level != i || strings.TrimSpace(l.Name) == "" || utf8.RuneCountInString(l.Name) > 40 || !utf8.ValidString(l.Name) ||
			l.MinDeposit < 0 || l.MinValidBet < 0 || l.UpgradeReward < 0 || l.WindowDays < 1 || l.WindowDays > 365 ||
			l.MinDeposit > 1<<50 || l.MinValidBet > 1<<50 || l.UpgradeReward > 1<<50 ||
			(l.WithdrawDailyLimit != nil && (*l.WithdrawDailyLimit < 0 || *l.WithdrawDailyLimit > 1<<50)) {
			return fmt.Errorf("%w: level %d", ErrInvalid, i)
		}
	}
	return nil
}

// Levels are the merchant's VIP levels, lowest first.
func (s *Service) Levels(ctx context.Context, merchant string) ([]Level, error) {
	rows, err := s.db.Read().QueryContext(ctx, `SELECT level, name, min_deposit, min_valid_bet, window_days, upgrade_reward, withdraw_daily_limit
		FROM vip_levels WHERE merchant_code = $1 ORDER BY level`, merchant)
	if err != nil {
		return nil, fmt.Errorf("loyalty: levels: %w", err)
	}
	defer rows.Close()
	out := []Level{}
	for rows.Next() {
		var l Level
		var limit *int64
		if err := rows.Scan(&l.Level, &l.Name, &l.MinDeposit, &l.MinValidBet, &l.WindowDays, &l.UpgradeReward, &limit); err != nil {
			return nil, fmt.Errorf("loyalty: levels: %w", err)
		}
		l.WithdrawDailyLimit = limit
		out = append(out, l)
	}
	return out, rows.Err()
}

// SaveLevels replaces the merchant's levels. Members keep the level they
// reached even when it no longer exists (decision 0038).
func (s *Service) SaveLevels(ctx context.Context, merchant string, levels []Level) ([]Level, error) {
	for i := range levels {
		levels[i].Name = strings.TrimSpace(levels[i].Name)
	}
	if err := ValidateLevels(levels); err != nil {
		return nil, err
	}
	err := s.retry(ctx, func(q database.Querier) error {
		if _, err := q.ExecContext(ctx, `DELETE FROM vip_levels WHERE merchant_code = $1`, merchant); err != nil {
			return err
		}
		for _, l := range levels {
			if _, err := q.ExecContext(ctx, `INSERT INTO vip_levels (merchant_code, level, name, min_deposit, min_valid_bet, window_days, upgrade_reward,
				withdraw_daily_limit) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`, merchant, l.Level, l.Name, l.MinDeposit, l.MinValidBet, l.WindowDays,
				l.UpgradeReward, l.WithdrawDailyLimit); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("loyalty: save levels: %w", err)
	}
	s.names.forget(merchant)
	return s.Levels(ctx, merchant)
}

// LevelName is the name of a merchant's level for the header label
// (memberInfo.vipLabelName): "VIP<n>" when the level has no name.
func (s *Service) LevelName(ctx context.Context, merchant string, level int) string {
	if names := s.names.get(merchant, s.now()); names != nil {
		if n, ok := names[level]; ok {
			return n
		}
		return "VIP" + strconv.Itoa(level)
	}
	levels, err := s.Levels(ctx, merchant)
	if err != nil {
		s.log.WarnContext(ctx, "vip level names", "merchant", merchant, "err", err)
		return "VIP" + strconv.Itoa(level)
	}
	names := map[int]string{}
	for _, l := range levels {
		names[l.Level] = l.Name
	}
	s.names.put(merchant, names, s.now())
	if n, ok := names[level]; ok {
		return n
	}
	return "VIP" + strconv.Itoa(level)
}

func (c *levelNames) get(merchant string, now time.Time) map[int]string {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.byMer[merchant]
	if !ok || now.Sub(e.at) > levelNamesTTL {
		return nil
	}
	return e.names
}

func (c *levelNames) put(merchant string, names map[int]string, now time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.byMer == nil {
		c.byMer = map[string]cachedNames{}
	}
	c.byMer[merchant] = cachedNames{at: now, names: names}
}

func (c *levelNames) forget(merchant string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.byMer, merchant)
}

// NextLevel is the level a member reaches next, with its thresholds.
type NextLevel struct {
	Level       int    `json:"level"`
	Name        string `json:"name"`
	MinDeposit  int64  `json:"minDeposit"`
	MinValidBet int64  `json:"minValidBet"`
}

// Progress is the member's figures over the next level's window.
type Progress struct {
	Deposits   int64 `json:"deposits"`
	ValidBet   int64 `json:"validBet"`
	WindowDays int   `json:"windowDays"`
}

// VIPView is the member's VIP page.
type VIPView struct {
	Level    int        `json:"level"`
	Name     string     `json:"name"`
	Next     *NextLevel `json:"next"`
	Progress Progress   `json:"progress"`
	Levels   []Level    `json:"levels"`
}

// VIP is a member's VIP page: the level, the next one and the progress
// towards it.
func (s *Service) VIP(ctx context.Context, merchant string, member int64) (VIPView, error) {
	levels, err := s.Levels(ctx, merchant)
	if err != nil {
		return VIPView{}, err
	}
	var v VIPView
	if err := s.db.Read().QueryRowContext(ctx, `SELECT vip_level FROM members WHERE id = $1 AND merchant_code = $2`, member, merchant).Scan(&v.Level); err != nil {
		return v, fmt.Errorf("loyalty: member level: %w", err)
	}
	v.Levels, v.Name = levels, "VIP"+strconv.Itoa(v.Level)
	window := 30
	for _, l := range levels {
		if l.Level == v.Level {
			v.Name, window = l.Name, l.WindowDays
		}
		if l.Level > v.Level && v.Next == nil {
			v.Next = &NextLevel{Level: l.Level, Name: l.Name, MinDeposit: l.MinDeposit, MinValidBet: l.MinValidBet}
			window = l.WindowDays
		}
	}
	v.Progress.WindowDays = window
	if v.Progress.ValidBet, err = s.ValidBet(ctx, merchant, member, window); err != nil {
		return v, err
	}
	if err := s.db.Read().QueryRowContext(ctx, `SELECT COALESCE(SUM(credit), 0) FROM deposit_orders WHERE member_id = $1 AND merchant_code = $2
		AND credited_at > 0 AND credited_at >= $3`, member, merchant, s.windowStart(window)).Scan(&v.Progress.Deposits); err != nil {
		return v, fmt.Errorf("loyalty: deposits: %w", err)
	}
	return v, nil
}

// windowStart is when a window of days began: now less the days.
func (s *Service) windowStart(days int) int64 {
	return s.now().Add(-time.Duration(days) * 24 * time.Hour).UnixMilli()
}

// VIPDue is the VIP job (loyalty.vip, every 10 minutes): for every
// merchant whose VIP switch is on, each member's level is recomputed from
// credited deposits and valid bets over each level's window; a member
// whose figures reach a level above the one it holds moves up (never
// down: a level once reached is kept), and each level crossed pays its
// upgrade reward once (key vip:<member>:<level>). It answers how many
// members moved up.
func (s *Service) VIPDue(ctx context.Context) (int, error) {
	ctx = context.WithoutCancel(ctx)
	rows, err := s.db.Read().QueryContext(ctx, `SELECT DISTINCT merchant_code FROM vip_levels ORDER BY merchant_code`)
	if err != nil {
		return 0, fmt.Errorf("loyalty: vip merchants: %w", err)
	}
	var merchants []string
	for rows.Next() {
		var m string
		if err := rows.Scan(&m); err != nil {
			rows.Close()
			return 0, err
		}
		merchants = append(merchants, m)
	}
	rows.Close()
	total := 0
	var errs []error
	for _, code := range merchants {
		m, err := s.merchantOf(ctx, code)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		if !m.VIP {
			continue
		}
		n, err := s.upgradeMerchant(ctx, code, m.Currency)
		total += n
		if err != nil {
			errs = append(errs, err)
		}
	}
	return total, errors.Join(errs...)
}

// upgrade is one member's move up.
type upgrade struct {
	member   int64
	from, to int
}

func (s *Service) upgradeMerchant(ctx context.Context, merchant, currency string) (int, error) {
	levels, err := s.Levels(ctx, merchant)
	if err != nil || len(levels) < 2 {
		return 0, err
	}
	// Each window's figures, read once: deposits and valid bets by member.
	type figures struct{ deposits, bets map[int64]int64 }
	byWindow := map[int]figures{}
	for _, l := range levels[1:] {
		if _, ok := byWindow[l.WindowDays]; ok {
			continue
		}
		f := figures{deposits: map[int64]int64{}, bets: map[int64]int64{}}
		if err := s.sums(ctx, f.deposits, `SELECT member_id, SUM(credit) FROM deposit_orders WHERE merchant_code = $1 AND credited_at > 0 AND credited_at >= $2
			GROUP BY member_id`, merchant, s.windowStart(l.WindowDays)); err != nil {
			return 0, err
		}
		if err := s.sums(ctx, f.bets, `SELECT member_id, SUM(bets) FROM report_members WHERE merchant_code = $1 AND day >= $2 GROUP BY member_id`,
			merchant, s.today(merchant)-int64(l.WindowDays)+1); err != nil {
			return 0, err
		}
		byWindow[l.WindowDays] = f
	}
	reached := map[int64]int{}
	for _, l := range levels[1:] {
		f := byWindow[l.WindowDays]
		consider := func(id int64) {
			if f.deposits[id] >= l.MinDeposit && f.bets[id] >= l.MinValidBet && reached[id] < l.Level {
				reached[id] = l.Level
			}
		}
		// A member with neither figure reaches only a level asking nothing.
		for id := range f.deposits {
			consider(id)
		}
		for id := range f.bets {
			consider(id)
		}
	}
	if len(reached) == 0 {
		return 0, nil
	}
	current := map[int64]int{}
	r, err := s.db.Read().QueryContext(ctx, `SELECT id, vip_level FROM members WHERE merchant_code = $1 AND type <> 4 AND vip_level < $2`, merchant, levels[len(levels)-1].Level)
	if err != nil {
		return 0, fmt.Errorf("loyalty: member levels: %w", err)
	}
	for r.Next() {
		var id int64
		var lv int
		if err := r.Scan(&id, &lv); err != nil {
			r.Close()
			return 0, err
		}
		current[id] = lv
	}
	r.Close()
	var ups []upgrade
	for id, to := range reached {
		if from, ok := current[id]; ok && to > from {
			ups = append(ups, upgrade{member: id, from: from, to: to})
		}
	}
	slices.SortFunc(ups, func(a, b upgrade) int { return int(a.member - b.member) })
	reward := map[int]int64{}
	for _, l := range levels {
		reward[l.Level] = l.UpgradeReward
	}
	side := wallet.Side(wallet.KindPromo, VIPOwner, currency)
	moved := 0
	for k := 0; k < len(ups); k += vipBatch {
		batch := ups[k:min(k+vipBatch, len(ups))]
		refs := []wallet.Ref{side}
		for _, u := range batch {
			refs = append(refs, wallet.Member(u.member, currency))
		}
		if err := s.ledger.Remember(ctx, merchant, refs); err != nil {
			return moved, err
		}
		balances := map[int64]int64{}
		err := s.retry(ctx, func(q database.Querier) error {
			clear(balances)
			for _, u := range batch {
				res, err := q.ExecContext(ctx, `UPDATE members SET vip_level = $1 WHERE id = $2 AND vip_level < $1`, u.to, u.member)
				if err != nil {
					return fmt.Errorf("loyalty: upgrade: %w", err)
				}
				if n, _ := res.RowsAffected(); n == 0 {
					continue
				}
				for lv := u.from + 1; lv <= u.to; lv++ {
					if reward[lv] <= 0 {
						continue
					}
					// The reward row and its payment commit together: a level's
					// reward is paid once, whoever runs the job.
					res, err := q.ExecContext(ctx, `INSERT INTO vip_rewards (member_id, level, merchant_code, amount, paid_at) VALUES ($1, $2, $3, $4, $5)
						ON CONFLICT (member_id, level) DO NOTHING`, u.member, lv, merchant, reward[lv], s.nowMs())
					if err != nil {
						return fmt.Errorf("loyalty: vip reward: %w", err)
					}
					if n, _ := res.RowsAffected(); n == 0 {
						continue
					}
					t, err := s.ledger.MoveFreshIn(ctx, q, wallet.Request{Merchant: merchant, Key: "vip:" + itoa(u.member) + ":" + strconv.Itoa(lv),
						From: side, To: wallet.Member(u.member, currency), Amount: reward[lv], Kind: "vip_reward", Reference: "vip:" + strconv.Itoa(lv)})
					if err != nil {
						return err
					}
					balances[u.member] = t.CreditBalance
				}
			}
			return nil
		})
		if err != nil {
			return moved, err
		}
		moved += len(batch)
		for id, b := range balances {
			s.balanceChanged(merchant, id, b, currency)
		}
	}
	if moved > 0 {
		s.names.forget(merchant)
		s.log.InfoContext(ctx, "vip upgrades", "merchant", merchant, "members", moved)
	}
	return moved, nil
}

func (s *Service) sums(ctx context.Context, into map[int64]int64, query string, args ...any) error {
	rows, err := s.db.Read().QueryContext(ctx, query, args...)
	if err != nil {
		return fmt.Errorf("loyalty: figures: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var id, v int64
		if err := rows.Scan(&id, &v); err != nil {
			return fmt.Errorf("loyalty: figures: %w", err)
		}
		into[id] = v
	}
	return rows.Err()
}
