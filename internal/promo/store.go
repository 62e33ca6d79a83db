package promo

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"portal/internal/database"
	"portal/internal/merchant"
)

// Reward is what a promotion gives: a fixed amount, or percentBp of the
// qualifying figure (the deposit, the turnover or the loss) up to cap.
type Reward struct {
	Kind       string `json:"kind"`
	Amount     int64  `json:"amount"`
	PercentBp  int64  `json:"percentBp"`
	Cap        int64  `json:"cap"`
	Wagering   int    `json:"wagering"`
	ExpiryDays int    `json:"expiryDays"`
}

// of is the reward for a qualifying figure.
func (r Reward) of(figure int64) int64 {
	if r.PercentBp <= 0 {
		return r.Amount
	}
	v := figure * r.PercentBp / 10000
	if r.Cap > 0 && v > r.Cap {
		v = r.Cap
	}
	return v
}

// Text is a promotion's words in one language.
type Text struct {
	Title   string `json:"title"`
	Summary string `json:"summary"`
	Body    string `json:"body"`
}

// Promotion is one promotion as stored.
type Promotion struct {
	ID             int64
	Merchant       string
	Kind           string
	Status         string
	StartsAt       int64 // Unix ms
	EndsAt         int64 // 0: open-ended
	VIPMin, VIPMax int
	GameTypes      []string
	MinDeposit     int64
	Target         int64
	PerMemberLimit int
	TotalLimit     int
	Budget         int64
	Spent          int64
	Claims         int
	Reward         Reward
	ImageURL       string
	Texts          map[string]Text
	CreatedAt      int64
	UpdatedAt      int64
}

// exhausted reports whether the budget or the total limit is used up.
func (p *Promotion) exhausted() (budget, total bool) {
	// A fixed reward that no longer fits counts as spent: nobody could
	// claim it.
	need := int64(1)
	if p.Reward.PercentBp == 0 && p.Reward.Amount > 0 {
		need = p.Reward.Amount
	}
	return p.Budget > 0 && p.Spent+need > p.Budget, p.TotalLimit > 0 && p.Claims >= p.TotalLimit
}

// optIn kinds count from the member's join.
func (p *Promotion) optIn() bool { return p.Kind == KindTurnover || p.Kind == KindLoss }

// text picks the words of lang, else of fallback, else English, else any.
func (p *Promotion) text(lang, fallback string) Text {
	for _, l := range []string{lang, fallback, "EN"} {
		if t, ok := p.Texts[l]; ok {
			return t
		}
	}
	keys := make([]string, 0, len(p.Texts))
	for k := range p.Texts {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	if len(keys) > 0 {
		return p.Texts[keys[0]]
	}
	return Text{}
}

// Input is a promotion as the back office writes it. The read-only
// fields of AdminPromo are accepted and ignored, so the form can send
// back what it read.
type Input struct {
	Kind           string          `json:"kind"`
	Status         string          `json:"status,omitempty"`
	ImageURL       string          `json:"imageUrl"`
	StartsAt       time.Time       `json:"startsAt"`
	EndsAt         *time.Time      `json:"endsAt"`
	Reward         Reward          `json:"reward"`
	MinDeposit     int64           `json:"minDeposit"`
	Target         int64           `json:"target"`
	GameTypes      []string        `json:"gameTypes"`
	PerMemberLimit int             `json:"perMemberLimit"`
	VIPMin         int             `json:"vipMin"`
	VIPMax         int             `json:"vipMax"`
	TotalLimit     int             `json:"totalLimit"`
	Budget         int64           `json:"budget"`
	Texts          map[string]Text `json:"texts"`

	IgnoredID          any `json:"id,omitempty"`
	IgnoredTitle       any `json:"title,omitempty"`
	IgnoredSummary     any `json:"summary,omitempty"`
	IgnoredBody        any `json:"body,omitempty"`
	IgnoredLeft        any `json:"budgetLeftPercent,omitempty"`
	IgnoredComingSoon  any `json:"comingSoon,omitempty"`
	IgnoredSpent       any `json:"spent,omitempty"`
	IgnoredClaims      any `json:"claims,omitempty"`
	IgnoredCreatedAt   any `json:"createdAt,omitempty"`
	IgnoredUpdatedAt   any `json:"updatedAt,omitempty"`
	IgnoredCurrency    any `json:"currency,omitempty"`
	IgnoredDecimals    any `json:"decimals,omitempty"`
	IgnoredPerMemberID any `json:"memberState,omitempty"`
}

// FieldError is an invalid input naming its field; it is ErrInvalid.
type FieldError struct {
	Field, Reason string
}

func (e *FieldError) Error() string { return "promo: invalid " + e.Field + ": " + e.Reason }

// Unwrap makes a FieldError match ErrInvalid.
func (e *FieldError) Unwrap() error { return ErrInvalid }

func invalid(field, why string) error { return &FieldError{Field: field, Reason: why} }

// check validates an input and fills its defaults.
func (in *Input) check() error {
	if !slices.Contains(Kinds, in.Kind) {
		return invalid("kind", "unknown")
	}
	if in.Status == "" {
		in.Status = StatusDraft
	}
	if !slices.Contains([]string{StatusDraft, StatusLive, StatusPaused, StatusEnded}, in.Status) {
		return invalid("status", "unknown")
	}
	if in.StartsAt.IsZero() {
		return invalid("startsAt", "required")
	}
	if in.EndsAt != nil && !in.EndsAt.After(in.StartsAt) {
		return invalid("endsAt", "must be after startsAt")
	}
	r := &in.Reward
	if !slices.Contains(RewardKinds, r.Kind) {
		return invalid("reward.kind", "unknown")
	}
	if r.Amount < 0 || r.PercentBp < 0 || r.PercentBp > 100000 || r.Cap < 0 {
		return invalid("reward", "out of range")
	}
	if r.PercentBp > 0 && (in.Kind == KindFree || in.Kind == KindApplication) {
		return invalid("reward.percentBp", "a free or application promotion has no figure to take a percentage of")
	}
	if r.PercentBp == 0 && r.Amount == 0 && in.Kind != KindApplication {
		return invalid("reward", "amount or percentBp required")
	}
	if r.Kind == RewardBonus {
		if r.Wagering < 1 || r.Wagering > 100 {
			return invalid("reward.wagering", "1..100")
		}
		if r.ExpiryDays < 1 || r.ExpiryDays > 365 {
			return invalid("reward.expiryDays", "1..365")
		}
	} else if r.Wagering != 0 || r.ExpiryDays != 0 {
		return invalid("reward.wagering", "bonus rewards only")
	}
	if in.VIPMin < 0 || in.VIPMax > 99 || in.VIPMin > in.VIPMax {
		if in.VIPMax == 0 && in.VIPMin == 0 {
			in.VIPMax = 99
		} else {
			return invalid("vipMin", "0 <= vipMin <= vipMax <= 99")
		}
	}
	if in.VIPMax == 0 && in.VIPMin == 0 {
		in.VIPMax = 99
	}
	if in.PerMemberLimit == 0 {
		in.PerMemberLimit = 1
	}
	if in.PerMemberLimit < 1 || in.PerMemberLimit > 1000 || in.TotalLimit < 0 || in.Budget < 0 || in.MinDeposit < 0 || in.Target < 0 {
		return invalid("limits", "out of range")
	}
	if (in.Kind == KindTurnover || in.Kind == KindLoss) && in.Target <= 0 {
		return invalid("target", "required for turnover and loss")
	}
	if len(in.GameTypes) > 20 {
		return invalid("gameTypes", "at most 20")
	}
	for _, g := range in.GameTypes {
		if g == "" || len(g) > 20 || strings.ContainsAny(g, ", ") {
			return invalid("gameTypes", "bad game type")
		}
	}
	if len(in.ImageURL) > 500 || (in.ImageURL != "" && !strings.HasPrefix(in.ImageURL, "/") && !strings.HasPrefix(in.ImageURL, "https://")) {
		return invalid("imageUrl", "a path or an https address")
	}
	if len(in.Texts) == 0 || len(in.Texts) > 40 {
		return invalid("texts", "one to 40 languages")
	}
	clean := make(map[string]Text, len(in.Texts))
	for lang, t := range in.Texts {
		code := merchant.NormalizeLanguage(lang)
		if code == "" {
			return invalid("texts", "unknown language "+lang)
		}
		t.Title, t.Summary = strings.TrimSpace(t.Title), strings.TrimSpace(t.Summary)
		if t.Title == "" || utf8.RuneCountInString(t.Title) > 100 || utf8.RuneCountInString(t.Summary) > 300 || len(t.Body) > 100_000 {
			return invalid("texts", "title 1-100, summary up to 300 characters, body up to 100 kB")
		}
		if strings.ContainsAny(t.Title+t.Summary, "<>") {
			return invalid("texts", "no markup in title or summary")
		}
		// Operator HTML is sanitized when stored (and again when served).
		t.Body = merchant.SanitizeHTML(t.Body)
		clean[code] = t
	}
	in.Texts = clean
	return nil
}

const promoColumns = `id, merchant_code, kind, status, starts_at, ends_at, vip_min, vip_max, game_types, min_deposit, target,
	per_member_limit, total_limit, budget, spent, claims, reward_kind, reward_amount, reward_percent_bp, reward_cap, wagering,
	expiry_days, image_url, created_at, updated_at`

func scanPromo(row interface{ Scan(...any) error }) (*Promotion, error) {
	p := &Promotion{}
	var games string
	err := row.Scan(&p.ID, &p.Merchant, &p.Kind, &p.Status, &p.StartsAt, &p.EndsAt, &p.VIPMin, &p.VIPMax, &games, &p.MinDeposit,
		&p.Target, &p.PerMemberLimit, &p.TotalLimit, &p.Budget, &p.Spent, &p.Claims, &p.Reward.Kind, &p.Reward.Amount,
		&p.Reward.PercentBp, &p.Reward.Cap, &p.Reward.Wagering, &p.Reward.ExpiryDays, &p.ImageURL, &p.CreatedAt, &p.UpdatedAt)
	if err != nil {
		return nil, err
	}
	p.GameTypes = []string{}
	if games != "" {
		p.GameTypes = strings.Split(games, ",")
	}
	return p, nil
}

// load reads promotions of a merchant matching where (after the merchant
// condition), with their texts.
func (s *Service) load(ctx context.Context, q database.Querier, merchantCode, where string, args ...any) ([]*Promotion, error) {
	args = append([]any{merchantCode}, args...)
	rows, err := q.QueryContext(ctx, `SELECT `+promoColumns+` FROM promotions WHERE merchant_code = $1 `+where+` ORDER BY starts_at DESC, id DESC`, args...)
	if err != nil {
		return nil, fmt.Errorf("promo: load: %w", err)
	}
	var list []*Promotion
	byID := map[int64]*Promotion{}
	for rows.Next() {
		p, err := scanPromo(rows)
		if err != nil {
			rows.Close()
			return nil, fmt.Errorf("promo: load: %w", err)
		}
		p.Texts = map[string]Text{}
		list = append(list, p)
		byID[p.ID] = p
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("promo: load: %w", err)
	}
	if len(list) == 0 {
		return list, nil
	}
	trows, err := q.QueryContext(ctx, `SELECT t.promotion_id, t.language, t.title, t.summary, t.body FROM promotion_texts t
		JOIN promotions p ON p.id = t.promotion_id WHERE p.merchant_code = $1 `+strings.ReplaceAll(where, "status", "p.status"), args...)
	if err != nil {
		return nil, fmt.Errorf("promo: texts: %w", err)
	}
	defer trows.Close()
	for trows.Next() {
		var id int64
		var lang string
		var t Text
		if err := trows.Scan(&id, &lang, &t.Title, &t.Summary, &t.Body); err != nil {
			return nil, fmt.Errorf("promo: texts: %w", err)
		}
		if p := byID[id]; p != nil {
			p.Texts[lang] = t
		}
	}
	return list, trows.Err()
}

// Get is one promotion of the merchant (any status).
func (s *Service) Get(ctx context.Context, merchantCode string, id int64) (*Promotion, error) {
	return s.get(ctx, s.db.Read(), merchantCode, id)
}

func (s *Service) get(ctx context.Context, q database.Querier, merchantCode string, id int64) (*Promotion, error) {
	list, err := s.load(ctx, q, merchantCode, `AND id = $2`, id)
	if err != nil {
		return nil, err
	}
	if len(list) == 0 {
		return nil, ErrNotFound
	}
	return list[0], nil
}

// Live are the merchant's promotions members see: live or paused, not
// ended (a paused one shows as closed).
func (s *Service) Live(ctx context.Context, merchantCode string) ([]*Promotion, error) {
	return s.load(ctx, s.db.Read(), merchantCode, `AND status IN ('live', 'paused')`)
}

// All are the merchant's promotions, for the back office.
func (s *Service) All(ctx context.Context, merchantCode string) ([]*Promotion, error) {
	return s.load(ctx, s.db.Read(), merchantCode, ``)
}

// Create stores a new promotion.
func (s *Service) Create(ctx context.Context, merchantCode string, in Input) (*Promotion, error) {
	return s.create(ctx, merchantCode, "", in)
}

func (s *Service) create(ctx context.Context, merchantCode, seedKey string, in Input) (*Promotion, error) {
	if err := in.check(); err != nil {
		return nil, err
	}
	now := s.nowMs()
	var id int64
	err := s.db.InTx(ctx, func(q database.Querier) error {
		err := q.QueryRowContext(ctx, `INSERT INTO promotions (merchant_code, kind, status, starts_at, ends_at, vip_min, vip_max, game_types,
			min_deposit, target, per_member_limit, total_limit, budget, reward_kind, reward_amount, reward_percent_bp, reward_cap, wagering,
			expiry_days, image_url, seed_key, created_at, updated_at)
			VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $22) RETURNING id`,
			merchantCode, in.Kind, in.Status, in.StartsAt.UnixMilli(), endsMs(in.EndsAt), in.VIPMin, in.VIPMax, strings.Join(in.GameTypes, ","),
			in.MinDeposit, in.Target, in.PerMemberLimit, in.TotalLimit, in.Budget, in.Reward.Kind, in.Reward.Amount, in.Reward.PercentBp,
			in.Reward.Cap, in.Reward.Wagering, in.Reward.ExpiryDays, in.ImageURL, seedKey, now).Scan(&id)
		if err != nil {
			return fmt.Errorf("promo: create: %w", err)
		}
		return writeTexts(ctx, q, id, in.Texts)
	})
	if err != nil {
		return nil, err
	}
	return s.Get(ctx, merchantCode, id)
}

func endsMs(t *time.Time) int64 {
	if t == nil || t.IsZero() {
		return 0
	}
	return t.UnixMilli()
}

func writeTexts(ctx context.Context, q database.Querier, id int64, texts map[string]Text) error {
	if _, err := q.ExecContext(ctx, `DELETE FROM promotion_texts WHERE promotion_id = $1`, id); err != nil {
		return fmt.Errorf("promo: texts: %w", err)
	}
	for lang, t := range texts {
		if _, err := q.ExecContext(ctx, `INSERT INTO promotion_texts (promotion_id, language, title, summary, body) VALUES ($1, $2, $3, $4, $5)`,
			id, lang, t.Title, t.Summary, t.Body); err != nil {
			return fmt.Errorf("promo: texts: %w", err)
		}
	}
	return nil
}

// Update changes a promotion: its kind and reward only while it is a
// draft (members may already hold what the old ones promised).
func (s *Service) Update(ctx context.Context, merchantCode string, id int64, in Input) (before, after *Promotion, err error) {
	before, err = s.Get(ctx, merchantCode, id)
	if err != nil {
		return nil, nil, err
	}
	// An edit that names no status keeps the promotion's own: editing a
	// live promotion's texts must not take it off the site.
	if in.Status == "" {
		in.Status = before.Status
	}
	if err := in.check(); err != nil {
		return nil, nil, err
	}
	if before.Status != StatusDraft && (in.Kind != before.Kind || in.Reward != before.Reward) {
		return nil, nil, invalid("kind", "kind and reward change only while draft")
	}
	err = s.db.InTx(ctx, func(q database.Querier) error {
		res, err := q.ExecContext(ctx, `UPDATE promotions SET kind = $1, status = $2, starts_at = $3, ends_at = $4, vip_min = $5, vip_max = $6,
			game_types = $7, min_deposit = $8, target = $9, per_member_limit = $10, total_limit = $11, budget = $12, reward_kind = $13,
			reward_amount = $14, reward_percent_bp = $15, reward_cap = $16, wagering = $17, expiry_days = $18, image_url = $19, updated_at = $20
			WHERE id = $21 AND merchant_code = $22`,
			in.Kind, in.Status, in.StartsAt.UnixMilli(), endsMs(in.EndsAt), in.VIPMin, in.VIPMax, strings.Join(in.GameTypes, ","),
			in.MinDeposit, in.Target, in.PerMemberLimit, in.TotalLimit, in.Budget, in.Reward.Kind, in.Reward.Amount, in.Reward.PercentBp,
			in.Reward.Cap, in.Reward.Wagering, in.Reward.ExpiryDays, in.ImageURL, s.nowMs(), id, merchantCode)
		if err != nil {
			return fmt.Errorf("promo: update: %w", err)
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return ErrNotFound
		}
		return writeTexts(ctx, q, id, in.Texts)
	})
	if err != nil {
		return nil, nil, err
	}
	after, err = s.Get(ctx, merchantCode, id)
	return before, after, err
}

// SetStatus moves a promotion to live, paused or ended; an ended one stays
// ended.
func (s *Service) SetStatus(ctx context.Context, merchantCode string, id int64, status string) (before, after *Promotion, err error) {
	if !slices.Contains([]string{StatusLive, StatusPaused, StatusEnded}, status) {
		return nil, nil, invalid("status", "live, paused or ended")
	}
	before, err = s.Get(ctx, merchantCode, id)
	if err != nil {
		return nil, nil, err
	}
	if before.Status == StatusEnded && status != StatusEnded {
		return nil, nil, fmt.Errorf("%w: an ended promotion stays ended", ErrClosed)
	}
	if _, err := s.db.Write().ExecContext(ctx, `UPDATE promotions SET status = $1, updated_at = $2 WHERE id = $3 AND merchant_code = $4`,
		status, s.nowMs(), id, merchantCode); err != nil {
		return nil, nil, fmt.Errorf("promo: status: %w", err)
	}
	after, err = s.Get(ctx, merchantCode, id)
	return before, after, err
}

// isUnique reports a unique-index violation on either database.
func isUnique(err error) bool {
	if err == nil {
		return false
	}
	m := err.Error()
	return strings.Contains(m, "UNIQUE constraint failed") || strings.Contains(m, "SQLSTATE 23505") || strings.Contains(m, "duplicate key")
}

func noRows(err error) bool { return errors.Is(err, sql.ErrNoRows) }
