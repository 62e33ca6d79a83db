// Package loyalty is the points mall and the VIP levels (decision 0038).
//
// Points are a ledger currency (wallet.PointsCurrency): a member's points
// account never goes below zero, and what was given away sits on
// wallet.Side(KindPromo, "points", PTS). Points never expire: nothing here
// or anywhere else takes them back but the member's own redemption or
// conversion. VIP levels are reached by deposits and valid bets over a
// window; a level once reached is kept, and each level's upgrade reward is
// paid once.
package loyalty

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"sync"
	"time"

	"portal/internal/database"
	"portal/internal/merchant"
	"portal/internal/report"
	"portal/internal/wallet"
)

// Errors of the loyalty domain.
var (
	ErrInsufficient    = errors.New("loyalty: not enough points")
	ErrOutOfStock      = errors.New("loyalty: the item is out of stock")
	ErrRequirement     = errors.New("loyalty: the member's valid bet does not reach the item's amount requirement")
	ErrLimitReached    = errors.New("loyalty: the member reached the item's limit")
	ErrNotFound        = errors.New("loyalty: not found")
	ErrBelowMinimum    = errors.New("loyalty: below the conversion minimum")
	ErrDisabled        = errors.New("loyalty: the points mall is switched off")
	ErrDecided         = errors.New("loyalty: the redemption was already decided")
	ErrInvalid         = errors.New("loyalty: invalid input")
	ErrRequestReused   = errors.New("loyalty: the request id was used for another request")
	ErrPayerShort      = errors.New("loyalty: the paying side cannot pay")
	ErrQuantityInvalid = errors.New("loyalty: the quantity is not valid")
)

// Owners of the paying sides (wallet.Side(KindPromo, owner, currency)).
const (
	PointsOwner = "points"
	VIPOwner    = "vip"
)

// RequirementWindow is how far back an item's amount requirement looks:
// the member's valid bet over the last 30 local days, today included.
const RequirementWindow = 30

// Merchants is what the service needs of the merchant domain: currency,
// decimals and the module switches (POINTMALL3, VIP3).
type Merchants interface {
	Lookup(ctx context.Context, code string) (*merchant.Merchant, error)
	Config(ctx context.Context, code string) (merchant.Config, error)
}

// Options configure the service.
type Options struct {
	Log *slog.Logger
	Now func() time.Time
	// OnBalance hears, after commit, a member's cash balance after an
	// approved cash item, a conversion or an upgrade reward.
	OnBalance func(merchant string, member, balance int64, currency string)
}

// Service is the points mall and the VIP levels.
type Service struct {
	db        *database.DB
	ledger    *wallet.Service
	merchants Merchants
	log       *slog.Logger
	now       func() time.Time
	onBalance func(merchant string, member, balance int64, currency string)
	names     levelNames
}

// NewService builds the loyalty service.
func NewService(db *database.DB, ledger *wallet.Service, merchants Merchants, o Options) *Service {
	s := &Service{db: db, ledger: ledger, merchants: merchants, log: o.Log, now: o.Now, onBalance: o.OnBalance}
	if s.log == nil {
		s.log = slog.New(slog.DiscardHandler)
	}
	if s.now == nil {
		s.now = time.Now
	}
	return s
}

func (s *Service) nowMs() int64 { return s.now().UnixMilli() }

func (s *Service) balanceChanged(merchant string, member, balance int64, currency string) {
	if s.onBalance != nil && member > 0 {
		s.onBalance(merchant, member, balance, currency)
	}
}

// today is the merchant's current local day number (report days).
func (s *Service) today(merchant string) int64 {
	return dayOf(s.nowMs(), report.Offset(merchant))
}

const msPerDay = int64(24 * time.Hour / time.Millisecond)

func dayOf(ms int64, off time.Duration) int64 {
	v := ms + off.Milliseconds()
	d := v / msPerDay
	if v%msPerDay != 0 && v < 0 {
		d--
	}
	return d
}

// dayStart is the first millisecond of a local day.
func dayStart(day int64, off time.Duration) int64 { return day*msPerDay - off.Milliseconds() }

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

func isNoRows(err error) bool { return errors.Is(err, sql.ErrNoRows) }

func isUnique(err error) bool {
	if err == nil {
		return false
	}
	m := strings.ToLower(err.Error())
	return strings.Contains(m, "unique") || strings.Contains(m, "duplicate key")
}

func itoa(v int64) string { return strconv.FormatInt(v, 10) }

// pageOf bounds a page request: pages from 1, 20 rows by default, at most 100.
func pageOf(page, size int) (int, int) {
	if page < 1 {
		page = 1
	}
	if size < 1 {
		size = 20
	}
	return page, min(size, 100)
}

// Page is a paged list as the player APIs answer it.
type Page[T any] struct {
	Content    []T   `json:"content"`
	PageNum    int   `json:"pageNum"`
	PageSize   int   `json:"pageSize"`
	TotalPages int   `json:"totalPages"`
	Total      int64 `json:"total"`
}

func newPage[T any](page, size int, total int64, content []T) Page[T] {
	if content == nil {
		content = []T{}
	}
	return Page[T]{Content: content, PageNum: page, PageSize: size, TotalPages: int((total + int64(size) - 1) / int64(size)), Total: total}
}

// merchantOf looks a merchant up.
func (s *Service) merchantOf(ctx context.Context, code string) (*merchant.Merchant, error) {
	m, err := s.merchants.Lookup(ctx, code)
	if err != nil {
		return nil, fmt.Errorf("loyalty: merchant %s: %w", code, err)
	}
	return m, nil
}

// pointMall is the merchant's POINTMALL3 switch.
func (s *Service) pointMall(ctx context.Context, code string) (bool, error) {
	c, err := s.merchants.Config(ctx, code)
	if err != nil {
		return false, fmt.Errorf("loyalty: merchant %s: %w", code, err)
	}
	return merchant.ModuleOn(c.Modules, merchant.ModPointMall), nil
}

// levelNames caches the merchants' level names for the header label
// (memberInfo is built on every log-in and info call): a name changed by
// an operator shows within levelNamesTTL on every instance.
type levelNames struct {
	mu    sync.Mutex
	byMer map[string]cachedNames
}

type cachedNames struct {
	at    time.Time
	names map[int]string
}

const levelNamesTTL = 30 * time.Second
