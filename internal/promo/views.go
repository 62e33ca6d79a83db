package promo

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	"portal/internal/database"
)

// View is a promotion as members see it (Promo of the contract).
type View struct {
	ID                int64      `json:"id"`
	Kind              string     `json:"kind"`
	Title             string     `json:"title"`
	Summary           string     `json:"summary"`
	ImageURL          string     `json:"imageUrl"`
	StartsAt          time.Time  `json:"startsAt"`
	EndsAt            *time.Time `json:"endsAt"`
	Reward            Reward     `json:"reward"`
	MinDeposit        int64      `json:"minDeposit"`
	Target            int64      `json:"target"`
	GameTypes         []string   `json:"gameTypes"`
	PerMemberLimit    int        `json:"perMemberLimit"`
	VIPMin            int        `json:"vipMin"`
	VIPMax            int        `json:"vipMax"`
	BudgetLeftPercent *int       `json:"budgetLeftPercent"`
	ComingSoon        bool       `json:"comingSoon"`
	Body              string     `json:"body,omitempty"`
}

// AdminView is a promotion for the back office (AdminPromo).
type AdminView struct {
	View
	Status     string          `json:"status"`
	Texts      map[string]Text `json:"texts"`
	Budget     int64           `json:"budget"`
	Spent      int64           `json:"spent"`
	Claims     int             `json:"claims"`
	TotalLimit int             `json:"totalLimit"`
	CreatedAt  time.Time       `json:"createdAt"`
	UpdatedAt  time.Time       `json:"updatedAt"`
}

func msTime(ms int64) time.Time { return time.UnixMilli(ms).UTC() }

func msTimePtr(ms int64) *time.Time {
	if ms == 0 {
		return nil
	}
	t := msTime(ms)
	return &t
}

// View is p in lang (falling back to fallback, then English); body adds
// the sanitized HTML.
func (p *Promotion) View(lang, fallback string, body bool, now time.Time) View {
	t := p.text(lang, fallback)
	v := View{ID: p.ID, Kind: p.Kind, Title: t.Title, Summary: t.Summary, ImageURL: p.ImageURL, StartsAt: msTime(p.StartsAt),
		EndsAt: msTimePtr(p.EndsAt), Reward: p.Reward, MinDeposit: p.MinDeposit, Target: p.Target, GameTypes: p.GameTypes,
		PerMemberLimit: p.PerMemberLimit, VIPMin: p.VIPMin, VIPMax: p.VIPMax, ComingSoon: now.UnixMilli() < p.StartsAt}
	if v.GameTypes == nil {
		v.GameTypes = []string{}
	}
	if p.Budget > 0 {
		left := int((p.Budget - min(p.Spent, p.Budget)) * 100 / p.Budget)
		v.BudgetLeftPercent = &left
	}
	if body {
		v.Body = t.Body
	}
	return v
}

// Admin is p for the back office.
func (p *Promotion) Admin(now time.Time) AdminView {
	// Keys in lower case, as the contract writes languages ("km", "en");
	// input takes either case.
	texts := make(map[string]Text, len(p.Texts))
	for k, t := range p.Texts {
		texts[strings.ToLower(k)] = t
	}
	return AdminView{View: p.View("EN", "EN", false, now), Status: p.Status, Texts: texts, Budget: p.Budget, Spent: p.Spent,
		Claims: p.Claims, TotalLimit: p.TotalLimit, CreatedAt: msTime(p.CreatedAt), UpdatedAt: msTime(p.UpdatedAt)}
}

// Now is the service's clock, for views.
func (s *Service) Now() time.Time { return s.now() }

// MemberClaim is a row of the member's claims and applications.
type MemberClaim struct {
	ID          int64      `json:"id"`
	PromotionID int64      `json:"promotionId"`
	Title       string     `json:"title"`
	State       string     `json:"state"`
	Reward      Paid       `json:"reward"`
	Reason      string     `json:"reason"`
	CreatedAt   time.Time  `json:"createdAt"`
	DecidedAt   *time.Time `json:"decidedAt"`
}

// titles are the titles of promotions in lang (fallback, English).
func (s *Service) titles(ctx context.Context, merchantCode, lang, fallback string) (map[int64]string, error) {
	all, err := s.All(ctx, merchantCode)
	if err != nil {
		return nil, err
	}
	out := make(map[int64]string, len(all))
	for _, p := range all {
		out[p.ID] = p.text(lang, fallback).Title
	}
	return out, nil
}

// MemberClaims is a page of the member's claims and applications under
// review or rejected (an approved one shows as its issued claim), newest
// first.
func (s *Service) MemberClaims(ctx context.Context, merchantCode string, member int64, lang, fallback string, page, size int) ([]MemberClaim, int, error) {
	q := s.db.Read()
	const union = `SELECT id, promotion_id, state, reward_kind, amount, reason, created_at, decided_at FROM promotion_claims
			WHERE member_id = $1 AND merchant_code = $2
		UNION ALL
		SELECT a.id, a.promotion_id, a.state, p.reward_kind, a.amount, a.reason, a.created_at, a.decided_at FROM promotion_applications a
			JOIN promotions p ON p.id = a.promotion_id WHERE a.member_id = $1 AND a.merchant_code = $2 AND a.state IN ('applying', 'rejected')`
	var total int
	if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM (`+union+`) u`, member, merchantCode).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("promo: claims: %w", err)
	}
	rows, err := q.QueryContext(ctx, `SELECT * FROM (`+union+`) u ORDER BY created_at DESC, id DESC LIMIT $3 OFFSET $4`,
		member, merchantCode, size, (page-1)*size)
	if err != nil {
		return nil, 0, fmt.Errorf("promo: claims: %w", err)
	}
	defer rows.Close()
	out := []MemberClaim{}
	for rows.Next() {
		var c MemberClaim
		var created, decided int64
		if err := rows.Scan(&c.ID, &c.PromotionID, &c.State, &c.Reward.Kind, &c.Reward.Amount, &c.Reason, &created, &decided); err != nil {
			return nil, 0, fmt.Errorf("promo: claims: %w", err)
		}
		c.CreatedAt, c.DecidedAt = msTime(created), msTimePtr(decided)
		out = append(out, c)
	}
	if err := rows.Err(); err != nil {
		return nil, 0, fmt.Errorf("promo: claims: %w", err)
	}
	if len(out) > 0 {
		titles, err := s.titles(ctx, merchantCode, lang, fallback)
		if err != nil {
			return nil, 0, err
		}
		for i := range out {
			out[i].Title = titles[out[i].PromotionID]
		}
	}
	return out, total, nil
}

// ClaimRow is a claim for the back office.
type ClaimRow struct {
	ID         int64      `json:"id"`
	MemberID   int64      `json:"memberId"`
	Username   string     `json:"username"`
	State      string     `json:"state"`
	Amount     int64      `json:"amount"`
	RewardKind string     `json:"rewardKind"`
	CreatedAt  time.Time  `json:"createdAt"`
	DecidedAt  *time.Time `json:"decidedAt"`
	DecidedBy  string     `json:"decidedBy"`
	Reason     string     `json:"reason"`
}

// Claims is a page of a promotion's claims, newest first (size 0: all,
// up to 10,000, for CSV).
func (s *Service) Claims(ctx context.Context, merchantCode string, promoID int64, page, size int) ([]ClaimRow, int, error) {
	if _, err := s.Get(ctx, merchantCode, promoID); err != nil {
		return nil, 0, err
	}
	q := s.db.Read()
	var total int
	if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM promotion_claims WHERE promotion_id = $1`, promoID).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("promo: claims: %w", err)
	}
	if size == 0 {
		page, size = 1, 10000
	}
	rows, err := q.QueryContext(ctx, `SELECT c.id, c.member_id, m.username, c.state, c.amount, c.reward_kind, c.created_at, c.decided_at,
		c.decided_by, c.reason FROM promotion_claims c JOIN members m ON m.id = c.member_id WHERE c.promotion_id = $1
		ORDER BY c.id DESC LIMIT $2 OFFSET $3`, promoID, size, (page-1)*size)
	if err != nil {
		return nil, 0, fmt.Errorf("promo: claims: %w", err)
	}
	defer rows.Close()
	out := []ClaimRow{}
	for rows.Next() {
		var c ClaimRow
		var created, decided int64
		if err := rows.Scan(&c.ID, &c.MemberID, &c.Username, &c.State, &c.Amount, &c.RewardKind, &created, &decided, &c.DecidedBy, &c.Reason); err != nil {
			return nil, 0, fmt.Errorf("promo: claims: %w", err)
		}
		c.CreatedAt, c.DecidedAt = msTime(created), msTimePtr(decided)
		out = append(out, c)
	}
	return out, total, rows.Err()
}

// Application is an application for the back office.
type Application struct {
	ID          int64     `json:"id"`
	PromotionID int64     `json:"promotionId"`
	Title       string    `json:"title"`
	MemberID    int64     `json:"memberId"`
	Username    string    `json:"username"`
	Comment     string    `json:"comment"`
	Images      []string  `json:"images"`
	State       string    `json:"state"`
	Amount      int64     `json:"amount"`
	CreatedAt   time.Time `json:"createdAt"`
	Reason      string    `json:"reason"`
}

const appColumns = `a.id, a.promotion_id, a.member_id, m.username, a.comment, a.images, a.state, a.amount, a.created_at, a.reason`

func (s *Service) scanApps(ctx context.Context, merchantCode string, rows interface {
	Next() bool
	Scan(...any) error
	Err() error
}) ([]Application, error) {
	out := []Application{}
	for rows.Next() {
		var a Application
		var images string
		var created int64
		if err := rows.Scan(&a.ID, &a.PromotionID, &a.MemberID, &a.Username, &a.Comment, &images, &a.State, &a.Amount, &created, &a.Reason); err != nil {
			return nil, fmt.Errorf("promo: applications: %w", err)
		}
		a.CreatedAt = msTime(created)
		a.Images = []string{}
		for i := range parseImages(images) {
			a.Images = append(a.Images, "/admin/api/promotions/applications/"+strconv.FormatInt(a.ID, 10)+"/images/"+strconv.Itoa(i))
		}
		out = append(out, a)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("promo: applications: %w", err)
	}
	if len(out) > 0 {
		titles, err := s.titles(ctx, merchantCode, "EN", "EN")
		if err != nil {
			return nil, err
		}
		for i := range out {
			out[i].Title = titles[out[i].PromotionID]
		}
	}
	return out, nil
}

// Applications is a page of the merchant's applications in state ("" all),
// oldest first (a queue).
func (s *Service) Applications(ctx context.Context, merchantCode, state string, page, size int) ([]Application, int, error) {
	q := s.db.Read()
	where, args := `a.merchant_code = $1`, []any{merchantCode}
	if state != "" {
		where += ` AND a.state = $2`
		args = append(args, state)
	}
	var total int
	if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM promotion_applications a WHERE `+where, args...).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("promo: applications: %w", err)
	}
	args = append(args, size, (page-1)*size)
	rows, err := q.QueryContext(ctx, `SELECT `+appColumns+` FROM promotion_applications a JOIN members m ON m.id = a.member_id WHERE `+where+
		` ORDER BY a.id LIMIT $`+strconv.Itoa(len(args)-1)+` OFFSET $`+strconv.Itoa(len(args)), args...)
	if err != nil {
		return nil, 0, fmt.Errorf("promo: applications: %w", err)
	}
	defer rows.Close()
	out, err := s.scanApps(ctx, merchantCode, rows)
	return out, total, err
}

// Application is one application of the merchant.
func (s *Service) Application(ctx context.Context, merchantCode string, id int64) (Application, error) {
	rows, err := s.db.Read().QueryContext(ctx, `SELECT `+appColumns+` FROM promotion_applications a JOIN members m ON m.id = a.member_id
		WHERE a.id = $1 AND a.merchant_code = $2`, id, merchantCode)
	if err != nil {
		return Application{}, fmt.Errorf("promo: application: %w", err)
	}
	defer rows.Close()
	list, err := s.scanApps(ctx, merchantCode, rows)
	if err != nil {
		return Application{}, err
	}
	if len(list) == 0 {
		return Application{}, ErrNotFound
	}
	return list[0], nil
}

// Ledger is a promotion's reward ledger: what it cost and how its bonus
// money fared.
type Ledger struct {
	Cost      int64 `json:"cost"`
	Claims    int   `json:"claims"`
	Members   int   `json:"members"`
	Converted int64 `json:"converted"`
	Forfeited int64 `json:"forfeited"`
	Budget    int64 `json:"budget"`
	Spent     int64 `json:"spent"`
}

// LedgerOf sums a promotion's claims. Converted and forfeited bonus money
// is read from the bonus grants whose source is one of its claims, when
// the bonus tables exist.
func (s *Service) LedgerOf(ctx context.Context, merchantCode string, promoID int64) (Ledger, error) {
	p, err := s.Get(ctx, merchantCode, promoID)
	if err != nil {
		return Ledger{}, err
	}
	l := Ledger{Budget: p.Budget, Spent: p.Spent}
	if err := s.db.Read().QueryRowContext(ctx, `SELECT COALESCE(SUM(amount), 0), COUNT(*), COUNT(DISTINCT member_id) FROM promotion_claims
		WHERE promotion_id = $1`, promoID).Scan(&l.Cost, &l.Claims, &l.Members); err != nil {
		return Ledger{}, fmt.Errorf("promo: ledger: %w", err)
	}
	if p.Reward.Kind == RewardBonus {
		l.Converted, l.Forfeited = s.bonusOutcome(ctx, s.db.Read(), promoID)
	}
	return l, nil
}

// bonusOutcome reads converted and forfeited sums of the promotion's
// grants from the bonus package's table (its own columns, decision 0037);
// zero while that table is not there.
func (s *Service) bonusOutcome(ctx context.Context, q database.Querier, promoID int64) (converted, forfeited int64) {
	prefix := "promo:" + strconv.FormatInt(promoID, 10) + ":claim:%"
	err := q.QueryRowContext(ctx, `SELECT COALESCE(SUM(converted), 0), COALESCE(SUM(forfeited), 0) FROM bonus_grants WHERE source LIKE $1`, prefix).
		Scan(&converted, &forfeited)
	if err != nil {
		return 0, 0
	}
	return converted, forfeited
}
