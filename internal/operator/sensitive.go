package operator

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"portal/internal/database"
)

// Actions an owner marks as sensitive (decision 0027): a back-office call
// whose action (the route's operation id) is marked for the merchant does
// not run when one operator makes it; it is kept as a request of kind
// admin.action and runs, once, when another operator approves it.

// KindAction is a held back-office call.
const KindAction = "admin.action"

// ActionPayload is the call an admin.action request holds: enough to run
// it again as it was asked for.
type ActionPayload struct {
	// Action is the route's operation id; Method and Path its route.
	Action string `json:"action"`
	Method string `json:"method"`
	Path   string `json:"path"`
	// URL is the path called, Params its path parameters, Query its query
	// string, Body its JSON body (null: none).
	URL    string            `json:"url"`
	Params map[string]string `json:"params"`
	Query  string            `json:"query"`
	Body   json.RawMessage   `json:"body"`
}

// SensitiveActions lists the actions marked for merchant, sorted.
func (s *Service) SensitiveActions(ctx context.Context, merchant string) ([]string, error) {
	return s.sensitiveOn(ctx, s.db.Read(), merchant)
}

func (s *Service) sensitiveOn(ctx context.Context, q database.Querier, merchant string) ([]string, error) {
	rows, err := q.QueryContext(ctx, `SELECT action FROM sensitive_actions WHERE merchant_code = $1 ORDER BY action`, merchant)
	if err != nil {
		return nil, fmt.Errorf("operator: sensitive actions: %w", err)
	}
	defer rows.Close()
	out := []string{}
	for rows.Next() {
		var a string
		if err := rows.Scan(&a); err != nil {
			return nil, fmt.Errorf("operator: sensitive actions: %w", err)
		}
		out = append(out, a)
	}
	return out, rows.Err()
}

// IsSensitive reports whether action is marked for merchant.
func (s *Service) IsSensitive(ctx context.Context, merchant, action string) (bool, error) {
	var n int
	if err := s.db.Read().QueryRowContext(ctx, `SELECT COUNT(*) FROM sensitive_actions WHERE merchant_code = $1 AND action = $2`,
		merchant, action).Scan(&n); err != nil {
		return false, fmt.Errorf("operator: sensitive action: %w", err)
	}
	return n > 0, nil
}

// SetSensitiveActions replaces the merchant's marked actions (the caller
// has checked them) and answers the ones before.
func (s *Service) SetSensitiveActions(ctx context.Context, merchant string, actions []string) ([]string, error) {
	actions = slices.Compact(slices.Sorted(slices.Values(actions)))
	var before []string
	err := s.db.InTx(ctx, func(q database.Querier) error {
		var err error
		if before, err = s.sensitiveOn(ctx, q, merchant); err != nil {
			return err
		}
		if _, err := q.ExecContext(ctx, `DELETE FROM sensitive_actions WHERE merchant_code = $1`, merchant); err != nil {
			return fmt.Errorf("operator: set sensitive actions: %w", err)
		}
		for _, a := range actions {
			if _, err := q.ExecContext(ctx, `INSERT INTO sensitive_actions (merchant_code, action) VALUES ($1, $2)`, merchant, a); err != nil {
				return fmt.Errorf("operator: set sensitive actions: %w", err)
			}
		}
		return nil
	})
	return before, err
}

// RequestAction records a pending admin.action request by operator by.
func (s *Service) RequestAction(ctx context.Context, merchant string, by *Operator, p ActionPayload, summary string) (*Approval, error) {
	return s.request(ctx, merchant, KindAction, by, p, summary)
}

// SetResult keeps what an approved request's run came to.
func (s *Service) SetResult(ctx context.Context, merchant string, id int64, result any) error {
	if _, err := s.db.Write().ExecContext(ctx, `UPDATE approvals SET result = $1 WHERE id = $2 AND merchant_code = $3`,
		JSONText(result), id, merchant); err != nil {
		return fmt.Errorf("operator: approval result: %w", err)
	}
	return nil
}
