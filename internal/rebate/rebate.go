// Package rebate is rebate and cashback (decision 0039): a merchant's rates
// by kind, game type and VIP level; the automatic settlement of each ended
// period (job rebate.settle) and the member's manual claims within the
// current one. Figures come from the rounds the seamless wallet keeps
// (game_rounds: real money, by game type, by opening time); money moves
// only through the wallet, once per member and period (or claim), from the
// promotion side wallet.Side(KindPromo, "rebate"|"cashback", currency).
package rebate

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"portal/internal/agent"
	"portal/internal/database"
	"portal/internal/report"
	"portal/internal/wallet"
)

// Kinds and modes.
const (
	KindRebate   = "rebate"
	KindCashback = "cashback"
	ModeAuto     = "auto"
	ModeManual   = "manual"
)

// Kinds are the two kinds, in the order answers list them.
var Kinds = []string{KindRebate, KindCashback}

// Errors of the rebate domain.
var (
	ErrNothingToClaim = errors.New("rebate: nothing to claim")
	ErrBelowMinimum   = errors.New("rebate: the claimable amount is below the minimum payout")
	ErrRatesInvalid   = errors.New("rebate: the rates are not valid")
	ErrNotFound       = errors.New("rebate: not found")
	ErrPeriodInvalid  = errors.New("rebate: not the start of an ended period")
)

// Rate is one rate line of a merchant.
type Rate struct {
	ID        int64  `json:"id"`
	Kind      string `json:"kind"`
	GameType  string `json:"gameType"`
	VIPLevel  int    `json:"vipLevel"`
	RateBp    int64  `json:"rateBp"`
	Period    string `json:"period"`
	Mode      string `json:"mode"`
	MinPayout int64  `json:"minPayout"`
	Cap       int64  `json:"cap"`
}

// Options configure the service.
type Options struct {
	Log *slog.Logger
	Now func() time.Time
	// OnBalance hears, after commit, a member's balance after a payout.
	OnBalance func(merchant string, member, balance int64, currency string)
}

// Service is rebate and cashback.
type Service struct {
	db        *database.DB
	ledger    *wallet.Service
	log       *slog.Logger
	now       func() time.Time
	onBalance func(merchant string, member, balance int64, currency string)
}

// NewService builds the service.
func NewService(db *database.DB, ledger *wallet.Service, o Options) *Service {
	s := &Service{db: db, ledger: ledger, log: o.Log, now: o.Now, onBalance: o.OnBalance}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	if s.now == nil {
		s.now = time.Now
	}
	return s
}

func (s *Service) nowMs() int64 { return s.now().UnixMilli() }

// bounds is the period of type p holding t in the merchant's reporting
// zone: the agent network's period arithmetic (weeks start on Monday).
func bounds(merchant, p string, t int64) (int64, int64) {
	return agent.Period(p).Bounds(t, report.Offset(merchant))
}

func (s *Service) currencyOf(ctx context.Context, q database.Querier, merchant string) (string, error) {
	var c string
	if err := q.QueryRowContext(ctx, `SELECT currency FROM merchants WHERE code = $1`, merchant).Scan(&c); err != nil {
		return "", fmt.Errorf("rebate: merchant currency: %w", err)
	}
	return c, nil
}

const rateColumns = `id, kind, game_type, vip_level, rate_bp, period, mode, min_payout, cap`

// Rates are the merchant's rates, by kind, mode, game type and level.
func (s *Service) Rates(ctx context.Context, merchant string) ([]Rate, error) {
	return s.rates(ctx, s.db.Read(), merchant, "")
}

func (s *Service) rates(ctx context.Context, q database.Querier, merchant, mode string) ([]Rate, error) {
	rows, err := q.QueryContext(ctx, `SELECT `+rateColumns+` FROM rebate_rates WHERE merchant_code = $1 AND ($2 = '' OR mode = $2)
		ORDER BY kind, mode, game_type, vip_level`, merchant, mode)
	if err != nil {
		return nil, fmt.Errorf("rebate: rates: %w", err)
	}
	defer rows.Close()
	out := []Rate{}
	for rows.Next() {
		var r Rate
		if err := rows.Scan(&r.ID, &r.Kind, &r.GameType, &r.VIPLevel, &r.RateBp, &r.Period, &r.Mode, &r.MinPayout, &r.Cap); err != nil {
			return nil, fmt.Errorf("rebate: rates: %w", err)
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// RateError names the rate and field that made a set invalid.
type RateError struct {
	Index  int
	Field  string
	Reason string
}

func (e *RateError) Error() string {
	return fmt.Sprintf("rebate: rates[%d].%s: %s", e.Index, e.Field, e.Reason)
}
func (e *RateError) Unwrap() error { return ErrRatesInvalid }

// MaxRates bounds a merchant's rate lines.
const MaxRates = 500

// maxAmount bounds minimum payouts and caps (minor units).
const maxAmount = int64(1) << 50

// Check validates a set of rates: known kinds, modes and periods, game
// types of capitals, digits and _ (1..20) or "", VIP levels 0..99, rates
// 1..10000 basis points, one period per program (kind and mode), no line
// twice.
func Check(rates []Rate) error {
	if len(rates) > MaxRates {
		return &RateError{Index: MaxRates, Field: "rates", Reason: "too many"}
	}
	periodOf := map[[2]string]string{}
	seen := map[string]bool{}
	for i := range rates {
		r := &rates[i]
		r.GameType = strings.ToUpper(strings.TrimSpace(r.GameType))
		switch {
		case r.Kind != KindRebate && r.Kind != KindCashback:
			return &RateError{i, "kind", "rebate or cashback"}
		case r.Mode != ModeAuto && r.Mode != ModeManual:
			return &RateError{i, "mode", "auto or manual"}
		case r.Period != string(agent.Daily) && r.Period != string(agent.Weekly):
			return &RateError{i, "period", "daily or weekly"}
		case !gameTypeOK(r.GameType):
			return &RateError{i, "gameType", "empty or 1-20 capitals, digits and _"}
		case r.VIPLevel < 0 || r.VIPLevel > 99:
			return &RateError{i, "vipLevel", "0 to 99"}
		case r.RateBp < 1 || r.RateBp > 10000:
			return &RateError{i, "rateBp", "1 to 10000"}
		case r.MinPayout < 0 || r.MinPayout > maxAmount:
			return &RateError{i, "minPayout", "0 or more"}
		case r.Cap < 0 || r.Cap > maxAmount:
			return &RateError{i, "cap", "0 or more"}
		}
		prog := [2]string{r.Kind, r.Mode}
		if p, ok := periodOf[prog]; ok && p != r.Period {
			return &RateError{i, "period", "every rate of a kind and mode has the same period"}
		}
		periodOf[prog] = r.Period
		key := fmt.Sprintf("%s|%s|%s|%d", r.Kind, r.Mode, r.GameType, r.VIPLevel)
		if seen[key] {
			return &RateError{i, "gameType", "the same kind, mode, game type and level twice"}
		}
		seen[key] = true
	}
	return nil
}

func gameTypeOK(t string) bool {
	if t == "" {
		return true
	}
	if len(t) > 20 {
		return false
	}
	for _, c := range t {
		if !(c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_') {
			return false
		}
	}
	return true
}

// SetRates replaces the merchant's rates with a checked set. A program's
// periods already settled stay settled; the next run starts after them.
func (s *Service) SetRates(ctx context.Context, merchant string, rates []Rate) ([]Rate, error) {
	if err := Check(rates); err != nil {
		return nil, err
	}
	now := s.nowMs()
	err := s.db.InTx(ctx, func(q database.Querier) error {
		// A program keeps its creation time (its first period) when its
		// rates change.
		since := map[[2]string]int64{}
		rows, err := q.QueryContext(ctx, `SELECT kind, mode, MIN(created_at) FROM rebate_rates WHERE merchant_code = $1 GROUP BY kind, mode`, merchant)
		if err != nil {
			return fmt.Errorf("rebate: rates: %w", err)
		}
		for rows.Next() {
			var k, m string
			var at int64
			if err := rows.Scan(&k, &m, &at); err != nil {
				rows.Close()
				return fmt.Errorf("rebate: rates: %w", err)
			}
			since[[2]string{k, m}] = at
		}
		rows.Close()
		if _, err := q.ExecContext(ctx, `DELETE FROM rebate_rates WHERE merchant_code = $1`, merchant); err != nil {
			return fmt.Errorf("rebate: rates: %w", err)
		}
		for _, r := range rates {
			at, ok := since[[2]string{r.Kind, r.Mode}]
			if !ok {
				at = now
			}
			if _, err := q.ExecContext(ctx, `INSERT INTO rebate_rates (merchant_code, kind, game_type, vip_level, rate_bp, period, mode, min_payout, cap, created_at)
				VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`, merchant, r.Kind, r.GameType, r.VIPLevel, r.RateBp, r.Period, r.Mode, r.MinPayout, r.Cap, at); err != nil {
				return fmt.Errorf("rebate: rates: %w", err)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return s.Rates(ctx, merchant)
}

func isNoRows(err error) bool { return errors.Is(err, sql.ErrNoRows) }

func isUnique(err error) bool {
	if err == nil {
		return false
	}
	m := strings.ToLower(err.Error())
	return strings.Contains(m, "unique") || strings.Contains(m, "duplicate key")
}

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

func pageOf(page, size int) (int, int) {
	if page < 1 {
		page = 1
	}
	if size < 1 {
		size = 20
	}
	return page, min(size, 100)
}
