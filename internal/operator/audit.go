package operator

import (
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"portal/internal/database"
)

// Entry is one line of the audit trail. Before and After are JSON text
// ("" when there is nothing to show); Outcome is "ok" or "refused:<code>".
type Entry struct {
	ID         int64     `json:"id"`
	Time       time.Time `json:"time"`
	OperatorID int64     `json:"-"`
	Operator   string    `json:"operator"`
	Merchant   string    `json:"merchant"`
	IP         string    `json:"ip"`
	Action     string    `json:"action"`
	Target     string    `json:"target"`
	Before     string    `json:"-"`
	After      string    `json:"-"`
	Outcome    string    `json:"outcome"`
}

// MarshalJSON writes Before and After as the JSON values they hold (null
// when empty).
func (e Entry) MarshalJSON() ([]byte, error) {
	type plain Entry
	raw := func(s string) json.RawMessage {
		if s == "" || !json.Valid([]byte(s)) {
			return json.RawMessage("null")
		}
		return json.RawMessage(s)
	}
	return json.Marshal(struct {
		plain
		Before json.RawMessage `json:"before"`
		After  json.RawMessage `json:"after"`
	}{plain(e), raw(e.Before), raw(e.After)})
}

// JSONText is v as JSON text for an entry's Before or After ("" for nil).
func JSONText(v any) string {
	if v == nil {
		return ""
	}
	b, err := json.Marshal(v)
	if err != nil {
		return ""
	}
	return string(b)
}

// Append adds an entry to the audit trail on q (a caller's transaction or
// the database itself); the time is now.
func (s *Service) Append(ctx context.Context, q database.Querier, e Entry) error {
	if q == nil {
		q = s.db.Write()
	}
	cut := func(v string, n int) string {
		if len(v) > n {
			return v[:n]
		}
		return v
	}
	_, err := q.ExecContext(ctx, `INSERT INTO audit_log (at, operator_id, operator, merchant_code, ip, action, target, before_value, after_value, outcome)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`, s.now().UnixMilli(), e.OperatorID, cut(e.Operator, 64), e.Merchant, cut(e.IP, 64),
		cut(e.Action, 100), cut(e.Target, 200), cut(e.Before, 20000), cut(e.After, 20000), cut(e.Outcome, 100))
	if err != nil {
		return fmt.Errorf("operator: audit: %w", err)
	}
	return nil
}

// AuditFilter selects audit entries. AllMerchants lifts the merchant
// condition (platform operators who named no merchant).
type AuditFilter struct {
	Merchant     string
	AllMerchants bool
	Operator     string
	Action       string
	// Outcome is "ok", "refused" (any refusal) or an exact outcome.
	Outcome  string
	From, To time.Time
	// Oldest lists the oldest first (the default is newest first).
	Oldest bool
}

// order is the filter's ORDER BY clause: by id, which follows time.
func (f AuditFilter) order() string {
	if f.Oldest {
		return ` ORDER BY id ASC`
	}
	return ` ORDER BY id DESC`
}

func (f AuditFilter) where() (string, []any) {
	var conds []string
	var args []any
	add := func(cond string, v any) {
		args = append(args, v)
		conds = append(conds, strings.ReplaceAll(cond, "?", "$"+strconv.Itoa(len(args))))
	}
	if !f.AllMerchants {
		add("merchant_code = ?", f.Merchant)
	}
	if f.Operator != "" {
		add("operator = ?", NormalizeUsername(f.Operator))
	}
	if f.Action != "" {
		add("action = ?", f.Action)
	}
	switch f.Outcome {
	case "":
	case "refused":
		add("outcome LIKE ?", "refused:%")
	default:
		add("outcome = ?", f.Outcome)
	}
	if !f.From.IsZero() {
		add("at >= ?", f.From.UnixMilli())
	}
	if !f.To.IsZero() {
		add("at <= ?", f.To.UnixMilli())
	}
	if len(conds) == 0 {
		return "", nil
	}
	return " WHERE " + strings.Join(conds, " AND "), args
}

const auditColumns = `id, at, operator_id, operator, merchant_code, ip, action, target, before_value, after_value, outcome`

// Audit returns one page of entries, newest first, and the total.
func (s *Service) Audit(ctx context.Context, f AuditFilter, pageNum, pageSize int) ([]Entry, int, error) {
	where, args := f.where()
	var total int
	if err := s.db.Read().QueryRowContext(ctx, `SELECT COUNT(*) FROM audit_log`+where, args...).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("operator: audit: %w", err)
	}
	args = append(args, pageSize, (pageNum-1)*pageSize)
	rows, err := s.db.Read().QueryContext(ctx, `SELECT `+auditColumns+` FROM audit_log`+where+
		f.order()+fmt.Sprintf(` LIMIT $%d OFFSET $%d`, len(args)-1, len(args)), args...)
	if err != nil {
		return nil, 0, fmt.Errorf("operator: audit: %w", err)
	}
	defer rows.Close()
	out := []Entry{}
	for rows.Next() {
		e, err := scanEntry(rows)
		if err != nil {
			return nil, 0, err
		}
		out = append(out, e)
	}
	return out, total, rows.Err()
}

func scanEntry(rows interface{ Scan(...any) error }) (Entry, error) {
	var e Entry
	var at int64
	if err := rows.Scan(&e.ID, &at, &e.OperatorID, &e.Operator, &e.Merchant, &e.IP, &e.Action, &e.Target, &e.Before, &e.After, &e.Outcome); err != nil {
		return e, fmt.Errorf("operator: audit: %w", err)
	}
	e.Time = time.UnixMilli(at).UTC()
	return e, nil
}

// MaxExport bounds one CSV export.
const MaxExport = 100_000

// ExportCSV writes the filtered entries, newest first, as CSV. Cells that
// a spreadsheet would run as a formula (= + - @, tab, CR) are prefixed
// with ' (CSV injection).
func (s *Service) ExportCSV(ctx context.Context, f AuditFilter, w io.Writer) error {
	where, args := f.where()
	rows, err := s.db.Read().QueryContext(ctx, `SELECT `+auditColumns+` FROM audit_log`+where+f.order()+` LIMIT `+strconv.Itoa(MaxExport), args...)
	if err != nil {
		return fmt.Errorf("operator: audit: %w", err)
	}
	defer rows.Close()
	cw := csv.NewWriter(w)
	_ = cw.Write([]string{"id", "time", "operator", "merchant", "ip", "action", "target", "before", "after", "outcome"})
	for rows.Next() {
		e, err := scanEntry(rows)
		if err != nil {
			return err
		}
		rec := []string{strconv.FormatInt(e.ID, 10), e.Time.Format(time.RFC3339), e.Operator, e.Merchant, e.IP, e.Action, e.Target, e.Before, e.After, e.Outcome}
		for i := range rec {
			rec[i] = SafeCell(rec[i])
		}
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return err
	}
	return rows.Err()
}

// SafeCell defuses a CSV cell a spreadsheet would read as a formula.
func SafeCell(v string) string {
	if v != "" && strings.ContainsRune("=+-@\t\r", rune(v[0])) {
		return "'" + v
	}
	return v
}
