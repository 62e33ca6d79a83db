package loyalty

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"

	"portal/internal/database"
)

// Item kinds.
const (
	KindGoods = "goods"
	KindCash  = "cash"
)

// Text is an item's name and description in one language.
type Text struct {
	Name        string `json:"name"`
	Description string `json:"description"`
}

// Item is a mall item as the back office edits it.
type Item struct {
	ID                int64           `json:"id"`
	Kind              string          `json:"kind"`
	CashAmount        int64           `json:"cashAmount"`
	Points            int64           `json:"points"`
	AmountRequirement int64           `json:"amountRequirement"`
	Stock             int64           `json:"stock"`
	PerMemberLimit    int             `json:"perMemberLimit"`
	Status            string          `json:"status"`
	Sort              int             `json:"sort"`
	ImageURL          string          `json:"imageUrl"`
	Texts             map[string]Text `json:"texts"`
	CreatedAt         int64           `json:"createdAt"`
	UpdatedAt         int64           `json:"updatedAt"`
}

// ShopItem is an item as the player sees it, in one language.
type ShopItem struct {
	ID                int64  `json:"id"`
	Name              string `json:"name"`
	Description       string `json:"description"`
	ImageURL          string `json:"imageUrl"`
	Points            int64  `json:"points"`
	AmountRequirement int64  `json:"amountRequirement"`
	Quantity          int64  `json:"quantity"`
	PerMemberLimit    int    `json:"perMemberLimit"`
	Kind              string `json:"kind"`
	CashAmount        int64  `json:"cashAmount"`
}

// Validate checks an item an operator saves.
func (it *Item) Validate() error {
	if it.Status == "" {
		it.Status = "active"
	}
	if it.Kind != KindGoods && it.Kind != KindCash {
		return fmt.Errorf("%w: kind", ErrInvalid)
	}
	if it.Kind == KindCash && (it.CashAmount <= 0 || it.CashAmount > 1<<50) {
		return fmt.Errorf("%w: cashAmount", ErrInvalid)
	}
	if it.Kind == KindGoods {
		it.CashAmount = 0
	}
	if it.Points <= 0 || it.Points > MaxPoints || it.AmountRequirement < 0 || it.AmountRequirement > 1<<50 ||
		it.Stock < 0 || it.Stock > 1_000_000_000 || it.PerMemberLimit < 0 || it.PerMemberLimit > 1_000_000 ||
		(it.Status != "active" && it.Status != "hidden") || it.Sort < -1_000_000 || it.Sort > 1_000_000 || len(it.ImageURL) > 500 {
		return fmt.Errorf("%w: item", ErrInvalid)
	}
	if len(it.Texts) == 0 || len(it.Texts) > 40 {
		return fmt.Errorf("%w: texts", ErrInvalid)
	}
	for lang, t := range it.Texts {
		if lang == "" || len(lang) > 10 || strings.TrimSpace(t.Name) == "" || utf8.RuneCountInString(t.Name) > 100 ||
			utf8.RuneCountInString(t.Description) > 2000 || !utf8.ValidString(t.Name) || !utf8.ValidString(t.Description) {
			return fmt.Errorf("%w: texts", ErrInvalid)
		}
	}
	return nil
}

const itemColumns = `id, kind, cash_amount, points, amount_requirement, stock, per_member_limit, status, sort, image_url, created_at, updated_at`

func scanItem(row interface{ Scan(...any) error }) (Item, error) {
	var it Item
	err := row.Scan(&it.ID, &it.Kind, &it.CashAmount, &it.Points, &it.AmountRequirement, &it.Stock, &it.PerMemberLimit, &it.Status, &it.Sort,
		&it.ImageURL, &it.CreatedAt, &it.UpdatedAt)
	return it, err
}

// items reads the merchant's items (active only when asked) with texts.
func (s *Service) items(ctx context.Context, merchant string, activeOnly bool) ([]Item, error) {
	q := s.db.Read()
	rows, err := q.QueryContext(ctx, `SELECT `+itemColumns+` FROM point_items WHERE merchant_code = $1 AND ($2 = 0 OR status = 'active')
		ORDER BY sort, id`, merchant, boolInt(activeOnly))
	if err != nil {
		return nil, fmt.Errorf("loyalty: items: %w", err)
	}
	var out []Item
	for rows.Next() {
		it, err := scanItem(rows)
		if err != nil {
			rows.Close()
			return nil, fmt.Errorf("loyalty: items: %w", err)
		}
		it.Texts = map[string]Text{}
		out = append(out, it)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("loyalty: items: %w", err)
	}
	if len(out) == 0 {
		return []Item{}, nil
	}
	pos := map[int64]int{}
	for i, it := range out {
		pos[it.ID] = i
	}
	trows, err := q.QueryContext(ctx, `SELECT t.item_id, t.language, t.name, t.description FROM point_item_texts t
		JOIN point_items i ON i.id = t.item_id WHERE i.merchant_code = $1`, merchant)
	if err != nil {
		return nil, fmt.Errorf("loyalty: item texts: %w", err)
	}
	defer trows.Close()
	for trows.Next() {
		var id int64
		var lang string
		var t Text
		if err := trows.Scan(&id, &lang, &t.Name, &t.Description); err != nil {
			return nil, fmt.Errorf("loyalty: item texts: %w", err)
		}
		if i, ok := pos[id]; ok {
			out[i].Texts[lang] = t
		}
	}
	return out, trows.Err()
}

// AdminItems are all the merchant's items.
func (s *Service) AdminItems(ctx context.Context, merchant string) ([]Item, error) {
	return s.items(ctx, merchant, false)
}

// Item is one of the merchant's items.
func (s *Service) Item(ctx context.Context, merchant string, id int64) (Item, error) {
	all, err := s.items(ctx, merchant, false)
	if err != nil {
		return Item{}, err
	}
	for _, it := range all {
		if it.ID == id {
			return it, nil
		}
	}
	return Item{}, ErrNotFound
}

// pickText is the text in language, else the fallback's, else English,
// else the first by language code.
func pickText(texts map[string]Text, language, fallback string) Text {
	for _, l := range []string{language, fallback, "EN"} {
		if t, ok := texts[strings.ToUpper(l)]; ok {
			return t
		}
	}
	keys := make([]string, 0, len(texts))
	for k := range texts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	if len(keys) > 0 {
		return texts[keys[0]]
	}
	return Text{}
}

// ShopItems are the active items in a language (falling back to the
// merchant's default language, then English).
func (s *Service) ShopItems(ctx context.Context, merchant, language string) ([]ShopItem, error) {
	m, err := s.merchantOf(ctx, merchant)
	if err != nil {
		return nil, err
	}
	all, err := s.items(ctx, merchant, true)
	if err != nil {
		return nil, err
	}
	out := make([]ShopItem, 0, len(all))
	for _, it := range all {
		t := pickText(it.Texts, language, m.DefaultLanguage)
		out = append(out, ShopItem{ID: it.ID, Name: t.Name, Description: t.Description, ImageURL: it.ImageURL, Points: it.Points,
			AmountRequirement: it.AmountRequirement, Quantity: it.Stock, PerMemberLimit: it.PerMemberLimit, Kind: it.Kind, CashAmount: it.CashAmount})
	}
	return out, nil
}

// SaveItem creates (ID 0) or updates one of the merchant's items.
func (s *Service) SaveItem(ctx context.Context, merchant string, it Item) (Item, error) {
	norm := map[string]Text{}
	for k, v := range it.Texts {
		norm[strings.ToUpper(strings.TrimSpace(k))] = Text{Name: strings.TrimSpace(v.Name), Description: v.Description}
	}
	it.Texts = norm
	if err := it.Validate(); err != nil {
		return it, err
	}
	now := s.nowMs()
	err := s.retry(ctx, func(q database.Querier) error {
		if it.ID == 0 {
			if err := q.QueryRowContext(ctx, `INSERT INTO point_items (merchant_code, kind, cash_amount, points, amount_requirement, stock, per_member_limit,
				status, sort, image_url, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11) RETURNING id`,
				merchant, it.Kind, it.CashAmount, it.Points, it.AmountRequirement, it.Stock, it.PerMemberLimit, it.Status, it.Sort, it.ImageURL, now).Scan(&it.ID); err != nil {
				return err
			}
		} else {
			res, err := q.ExecContext(ctx, `UPDATE point_items SET kind = $1, cash_amount = $2, points = $3, amount_requirement = $4, stock = $5,
				per_member_limit = $6, status = $7, sort = $8, image_url = $9, updated_at = $10 WHERE id = $11 AND merchant_code = $12`,
				it.Kind, it.CashAmount, it.Points, it.AmountRequirement, it.Stock, it.PerMemberLimit, it.Status, it.Sort, it.ImageURL, now, it.ID, merchant)
			if err != nil {
				return err
			}
			if n, _ := res.RowsAffected(); n == 0 {
				return ErrNotFound
			}
			if _, err := q.ExecContext(ctx, `DELETE FROM point_item_texts WHERE item_id = $1`, it.ID); err != nil {
				return err
			}
		}
		for lang, t := range it.Texts {
			if _, err := q.ExecContext(ctx, `INSERT INTO point_item_texts (item_id, language, name, description) VALUES ($1, $2, $3, $4)`,
				it.ID, lang, t.Name, t.Description); err != nil {
				return err
			}
		}
		return nil
	})
	if errors.Is(err, ErrNotFound) {
		return it, err
	}
	if err != nil {
		return it, fmt.Errorf("loyalty: save item: %w", err)
	}
	return s.Item(ctx, merchant, it.ID)
}
