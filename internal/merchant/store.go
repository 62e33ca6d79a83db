package merchant

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"portal/internal/database"
)

// record is a merchants row.
type record struct {
	Code       string
	Name       string
	Currency   string
	Config     Config
	PrivateKey string
}

func loadRecords(ctx context.Context, q database.Querier) ([]record, error) {
	rows, err := q.QueryContext(ctx, `SELECT code, name, currency, config, private_key FROM merchants ORDER BY code`)
	if err != nil {
		return nil, fmt.Errorf("merchant: load: %w", err)
	}
	defer rows.Close()
	var out []record
	for rows.Next() {
		var r record
		var cfg string
		if err := rows.Scan(&r.Code, &r.Name, &r.Currency, &cfg, &r.PrivateKey); err != nil {
			return nil, fmt.Errorf("merchant: load: %w", err)
		}
		if err := json.Unmarshal([]byte(cfg), &r.Config); err != nil {
			return nil, fmt.Errorf("merchant: %s: config: %w", r.Code, err)
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

func loadRecord(ctx context.Context, q database.Querier, code string) (record, error) {
	var r record
	var cfg string
	err := q.QueryRowContext(ctx, `SELECT code, name, currency, config, private_key FROM merchants WHERE code = $1`, code).
		Scan(&r.Code, &r.Name, &r.Currency, &cfg, &r.PrivateKey)
	if errors.Is(err, sql.ErrNoRows) {
		return r, fmt.Errorf("%w: %q", ErrUnknownMerchant, code)
	}
	if err != nil {
		return r, fmt.Errorf("merchant: load %s: %w", code, err)
	}
	if err := json.Unmarshal([]byte(cfg), &r.Config); err != nil {
		return r, fmt.Errorf("merchant: %s: config: %w", code, err)
	}
	return r, nil
}

// insertRecord creates a merchant unless one with the code exists; it
// reports whether it created one.
func insertRecord(ctx context.Context, q database.Querier, r record) (bool, error) {
	cfg, err := json.Marshal(r.Config)
	if err != nil {
		return false, err
	}
	now := time.Now().UnixMilli()
	res, err := q.ExecContext(ctx, `INSERT INTO merchants (code, name, currency, config, private_key, created_at, updated_at)
		VALUES ($1, $2, $3, $4, $5, $6, $6) ON CONFLICT (code) DO NOTHING`, r.Code, r.Name, r.Currency, string(cfg), r.PrivateKey, now)
	if err != nil {
		return false, fmt.Errorf("merchant: insert %s: %w", r.Code, err)
	}
	n, _ := res.RowsAffected()
	return n == 1, nil
}

func saveConfig(ctx context.Context, q database.Querier, code string, cfg Config) error {
	b, err := json.Marshal(cfg)
	if err != nil {
		return err
	}
	_, err = q.ExecContext(ctx, `UPDATE merchants SET config = $1, updated_at = $2 WHERE code = $3`, string(b), time.Now().UnixMilli(), code)
	if err != nil {
		return fmt.Errorf("merchant: save %s: %w", code, err)
	}
	return nil
}

func loadItems(ctx context.Context, q database.Querier) (map[string][]Item, error) {
	rows, err := q.QueryContext(ctx, `SELECT id, merchant_code, kind, slug, type, execution, platform, linkage_type, linkage,
		image, texts, sort, starts_at, ends_at, created_at FROM merchant_content ORDER BY merchant_code, kind, sort, id`)
	if err != nil {
		return nil, fmt.Errorf("merchant: load content: %w", err)
	}
	defer rows.Close()
	out := map[string][]Item{}
	for rows.Next() {
		var it Item
		var code, texts string
		var starts, ends, created int64
		if err := rows.Scan(&it.ID, &code, &it.Kind, &it.Slug, &it.Type, &it.Execution, &it.Platform, &it.LinkageType,
			&it.Linkage, &it.Image, &texts, &it.Sort, &starts, &ends, &created); err != nil {
			return nil, fmt.Errorf("merchant: load content: %w", err)
		}
		if err := json.Unmarshal([]byte(texts), &it.Texts); err != nil {
			return nil, fmt.Errorf("merchant: content %d: %w", it.ID, err)
		}
		it.StartsAt, it.EndsAt, it.CreatedAt = fromMillis(starts), fromMillis(ends), fromMillis(created)
		out[code] = append(out[code], it)
	}
	return out, rows.Err()
}

// PutItem stores a content item, replacing the one with the same merchant,
// kind and slug, and bumps the merchant topic. HTML is sanitized here, on
// the way in (and again when served).
func PutItem(ctx context.Context, q database.Querier, merchantCode string, it Item) error {
	if _, err := writeItem(ctx, q, merchantCode, it, true); err != nil {
		return err
	}
	return database.Bump(ctx, q, Topic)
}

// writeItem inserts an item; on a slug that exists it replaces it when
// replace is set and leaves it alone otherwise. It reports whether a row
// was written.
func writeItem(ctx context.Context, q database.Querier, merchantCode string, it Item, replace bool) (bool, error) {
	clean := make(map[string]Text, len(it.Texts))
	for lang, t := range it.Texts {
		clean[lang] = Text{Title: t.Title, Content: SanitizeHTML(t.Content)}
	}
	texts, err := json.Marshal(clean)
	if err != nil {
		return false, err
	}
	if it.Platform == "" {
		it.Platform = "W"
	}
	if it.LinkageType == "" {
		it.LinkageType = "NONE"
	}
	created := it.CreatedAt
	if created.IsZero() {
		created = time.Now()
	}
	conflict := `DO NOTHING`
	if replace {
		conflict = `DO UPDATE SET type = excluded.type, execution = excluded.execution,
		platform = excluded.platform, linkage_type = excluded.linkage_type, linkage = excluded.linkage,
		texts = excluded.texts, sort = excluded.sort, starts_at = excluded.starts_at, ends_at = excluded.ends_at,
		image = excluded.image`
	}
	res, err := q.ExecContext(ctx, `INSERT INTO merchant_content (merchant_code, kind, slug, type, execution, platform,
		linkage_type, linkage, texts, sort, starts_at, ends_at, created_at, image)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
		ON CONFLICT (merchant_code, kind, slug) `+conflict,
		merchantCode, it.Kind, it.Slug, it.Type, it.Execution, it.Platform, it.LinkageType, it.Linkage, string(texts),
		it.Sort, toMillis(it.StartsAt), toMillis(it.EndsAt), created.UnixMilli(), it.Image)
	if err != nil {
		return false, fmt.Errorf("merchant: put %s %s: %w", it.Kind, it.Slug, err)
	}
	n, _ := res.RowsAffected()
	return n > 0, nil
}

func loadDomains(ctx context.Context, q database.Querier) (map[string]string, map[string][]domain, error) {
	rows, err := q.QueryContext(ctx, `SELECT domain, merchant_code, kind FROM merchant_domains ORDER BY kind, domain`)
	if err != nil {
		return nil, nil, fmt.Errorf("merchant: load domains: %w", err)
	}
	defer rows.Close()
	byHost := map[string]string{}
	byMerchant := map[string][]domain{}
	for rows.Next() {
		var d domain
		var code string
		if err := rows.Scan(&d.Domain, &code, &d.Kind); err != nil {
			return nil, nil, fmt.Errorf("merchant: load domains: %w", err)
		}
		byHost[d.Domain] = code
		byMerchant[code] = append(byMerchant[code], d)
	}
	return byHost, byMerchant, rows.Err()
}

// putDomain adds host to merchant code unless some merchant has it; it
// reports whether it added it.
func putDomain(ctx context.Context, q database.Querier, code, host, kind string) (bool, error) {
	res, err := q.ExecContext(ctx, `INSERT INTO merchant_domains (domain, merchant_code, kind) VALUES ($1, $2, $3)
		ON CONFLICT (domain) DO NOTHING`, host, code, kind)
	if err != nil {
		return false, fmt.Errorf("merchant: domain %s: %w", host, err)
	}
	n, _ := res.RowsAffected()
	return n > 0, nil
}

// merchantExists reports whether a merchant with code is stored.
func merchantExists(ctx context.Context, q database.Querier, code string) (bool, error) {
	var n int
	if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM merchants WHERE code = $1`, code).Scan(&n); err != nil {
		return false, fmt.Errorf("merchant: exists %s: %w", code, err)
	}
	return n > 0, nil
}

type domain struct {
	Domain string `json:"domain"`
	Kind   string `json:"kind"`
}

func toMillis(t time.Time) int64 {
	if t.IsZero() {
		return 0
	}
	return t.UnixMilli()
}

func fromMillis(ms int64) time.Time {
	if ms == 0 {
		return time.Time{}
	}
	return time.UnixMilli(ms).UTC()
}
