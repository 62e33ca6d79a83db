package operator

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"portal/internal/database"
)

// Two-person approval (maker-checker, decision 0022): one operator
// requests a change that moves money, another approves it; only the
// approval applies it, once, in the same transaction as the status change.

// KindWalletAdjust is a balance adjustment of one member.
const KindWalletAdjust = "wallet.adjust"

// ApprovalTTL is how long a request waits for its decision.
const ApprovalTTL = 24 * time.Hour

// The statuses of an approval. A pending one past its expiry reads as
// expired, and is stored so by the first attempt to decide it.
const (
	StatusPending  = "pending"
	StatusApproved = "approved"
	StatusRejected = "rejected"
	StatusExpired  = "expired"
)

// ApprovalStatuses are the statuses a list can be filtered by.
var ApprovalStatuses = []string{StatusPending, StatusApproved, StatusRejected, StatusExpired}

// Errors of the approvals.
var (
	ErrApprovalKind    = errors.New("operator: unknown approval kind")
	ErrReasonRule      = errors.New("operator: reason must be 1-200 characters")
	ErrMemberUnknown   = errors.New("operator: no such member at the merchant")
	ErrAmountInvalid   = errors.New("operator: amount must be non-zero in the currency's precision")
	ErrSameOperator    = errors.New("operator: the requester cannot approve their own request")
	ErrApprovalExpired = errors.New("operator: the request has expired")
	ErrApprovalDecided = errors.New("operator: the request is decided already")
)

// AdjustPayload is what a wallet.adjust request holds: the member, the
// signed amount in major units and in minor units of the merchant's
// currency as it was when requested, and the reason.
type AdjustPayload struct {
	Member   string `json:"member"`
	MemberID int64  `json:"memberId"`
	Amount   string `json:"amount"`
	Minor    int64  `json:"minor"`
	Currency string `json:"currency"`
	Decimals int    `json:"decimals"`
	Reason   string `json:"reason"`
}

// Approval is one request and its decision, as the back office shows it.
type Approval struct {
	ID             int64           `json:"id"`
	Kind           string          `json:"kind"`
	Merchant       string          `json:"merchant"`
	Member         string          `json:"member"`
	Amount         string          `json:"amount"`
	Reason         string          `json:"reason"`
	Summary        string          `json:"summary"`
	Status         string          `json:"status"`
	RequestedBy    string          `json:"requestedBy"`
	RequestedAt    time.Time       `json:"requestedAt"`
	ExpiresAt      time.Time       `json:"expiresAt"`
	DecidedBy      *string         `json:"decidedBy"`
	DecidedAt      *time.Time      `json:"decidedAt"`
	DecisionReason string          `json:"decisionReason"`
	Result         json.RawMessage `json:"result"`
	// Action is the held call of an admin.action request.
	Action *ActionPayload `json:"action,omitempty"`
	// RequestedByID is the requester's operator id; Adjust the payload of
	// a wallet.adjust request.
	RequestedByID int64         `json:"-"`
	Adjust        AdjustPayload `json:"-"`
}

// CheckReason holds a reason to 1-200 characters (0-200 when optional).
func CheckReason(reason string, optional bool) (string, error) {
	reason = strings.TrimSpace(reason)
	if (reason == "" && !optional) || utf8.RuneCountInString(reason) > 200 || !utf8.ValidString(reason) {
		return "", ErrReasonRule
	}
	return reason, nil
}

const approvalColumns = `id, merchant_code, kind, payload, summary, status, requested_by, requested_by_name, requested_at, expires_at,
	decided_by_name, decided_at, decision_reason, result`

func (s *Service) scanApproval(row interface{ Scan(...any) error }) (*Approval, error) {
	var a Approval
	var payload, result, decidedBy string
	var requested, expires, decided int64
	if err := row.Scan(&a.ID, &a.Merchant, &a.Kind, &payload, &a.Summary, &a.Status, &a.RequestedByID, &a.RequestedBy, &requested, &expires,
		&decidedBy, &decided, &a.DecisionReason, &result); err != nil {
		if errors.Is(err, sql.ErrNoRows) {
			return nil, ErrNotFound
		}
		return nil, fmt.Errorf("operator: approval: %w", err)
	}
	switch a.Kind {
	case KindAction:
		a.Action = &ActionPayload{}
		if err := json.Unmarshal([]byte(payload), a.Action); err != nil {
			return nil, fmt.Errorf("operator: approval %d payload: %w", a.ID, err)
		}
	default:
		if err := json.Unmarshal([]byte(payload), &a.Adjust); err != nil {
			return nil, fmt.Errorf("operator: approval %d payload: %w", a.ID, err)
		}
		a.Member, a.Amount, a.Reason = a.Adjust.Member, a.Adjust.Amount, a.Adjust.Reason
	}
	a.RequestedAt, a.ExpiresAt = time.UnixMilli(requested).UTC(), time.UnixMilli(expires).UTC()
	if decidedBy != "" {
		a.DecidedBy = &decidedBy
	}
	if decided > 0 {
		t := time.UnixMilli(decided).UTC()
		a.DecidedAt = &t
	}
	a.Result = json.RawMessage("null")
	if result != "" {
		a.Result = json.RawMessage(result)
	}
	if a.Status == StatusPending && !s.now().Before(a.ExpiresAt) {
		a.Status = StatusExpired
	}
	return &a, nil
}

// RequestAdjust records a pending wallet.adjust request by operator by at
// merchant; the caller has checked the member and the amount.
func (s *Service) RequestAdjust(ctx context.Context, merchant string, by *Operator, p AdjustPayload, summary string) (*Approval, error) {
	return s.request(ctx, merchant, KindWalletAdjust, by, p, summary)
}

// request records a pending request of kind with payload p.
func (s *Service) request(ctx context.Context, merchant, kind string, by *Operator, p any, summary string) (*Approval, error) {
	payload, err := json.Marshal(p)
	if err != nil {
		return nil, fmt.Errorf("operator: approval payload: %w", err)
	}
	now := s.now()
	var id int64
	err = s.db.Write().QueryRowContext(ctx, `INSERT INTO approvals (merchant_code, kind, payload, summary, status, requested_by, requested_by_name,
		requested_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
		merchant, kind, string(payload), summary, StatusPending, by.ID, by.Username, now.UnixMilli(), now.Add(ApprovalTTL).UnixMilli()).Scan(&id)
	if err != nil {
		return nil, fmt.Errorf("operator: request approval: %w", err)
	}
	return s.ApprovalByID(ctx, s.db.Write(), merchant, id)
}

// ApprovalByID is approval id of merchant (ErrNotFound for another
// merchant's), read on q (nil: the read connection).
func (s *Service) ApprovalByID(ctx context.Context, q database.Querier, merchant string, id int64) (*Approval, error) {
	if q == nil {
		q = s.db.Read()
	}
	return s.scanApproval(q.QueryRowContext(ctx, `SELECT `+approvalColumns+` FROM approvals WHERE id = $1 AND merchant_code = $2`, id, merchant))
}

// Approvals lists a merchant's approvals, newest first, filtered by status
// ("" any; expired includes pending ones past their expiry).
func (s *Service) Approvals(ctx context.Context, merchant, status string, page, size int) ([]Approval, int, error) {
	where, args := `merchant_code = $1`, []any{merchant}
	now := s.now().UnixMilli()
	switch status {
	case "":
	case StatusPending:
		where += ` AND status = 'pending' AND expires_at > $2`
		args = append(args, now)
	case StatusExpired:
		where += ` AND (status = 'expired' OR (status = 'pending' AND expires_at <= $2))`
		args = append(args, now)
	default:
		where += ` AND status = $2`
		args = append(args, status)
	}
	var total int
	if err := s.db.Read().QueryRowContext(ctx, `SELECT COUNT(*) FROM approvals WHERE `+where, args...).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("operator: count approvals: %w", err)
	}
	n := len(args)
	rows, err := s.db.Read().QueryContext(ctx, fmt.Sprintf(`SELECT `+approvalColumns+` FROM approvals WHERE `+where+` ORDER BY id DESC LIMIT $%d OFFSET $%d`, n+1, n+2),
		append(args, size, (page-1)*size)...)
	if err != nil {
		return nil, 0, fmt.Errorf("operator: list approvals: %w", err)
	}
	defer rows.Close()
	out := []Approval{}
	for rows.Next() {
		a, err := s.scanApproval(rows)
		if err != nil {
			return nil, 0, err
		}
		out = append(out, *a)
	}
	return out, total, rows.Err()
}

// ApplyFunc carries out an approved request inside the transaction that
// marks it approved, and answers the result to keep; an error undoes both.
type ApplyFunc func(ctx context.Context, q database.Querier, a *Approval) (result any, err error)

// errLost: the conditional update found the request no longer pending.
var errLost = errors.New("operator: approval no longer pending")

// Approve decides approval id of merchant by operator by, who must not be
// its requester: the status goes from pending to approved only if it is
// still pending and unexpired, and apply runs in the same transaction, so
// however many approve at once the request is applied once. An apply
// error leaves the request pending.
func (s *Service) Approve(ctx context.Context, merchant string, id int64, by *Operator, apply ApplyFunc) (*Approval, error) {
	a, err := s.decidable(ctx, merchant, id)
	if err != nil {
		return a, err
	}
	if a.RequestedByID == by.ID {
		return a, ErrSameOperator
	}
	for attempt := 0; ; attempt++ {
		now := s.now().UnixMilli()
		err = s.db.InTx(ctx, func(q database.Querier) error {
			res, err := q.ExecContext(ctx, `UPDATE approvals SET status = 'approved', decided_by = $1, decided_by_name = $2, decided_at = $3
				WHERE id = $4 AND merchant_code = $5 AND status = 'pending' AND expires_at > $3`, by.ID, by.Username, now, id, merchant)
			if err != nil {
				return fmt.Errorf("operator: approve: %w", err)
			}
			if n, err := res.RowsAffected(); err != nil {
				return fmt.Errorf("operator: approve: %w", err)
			} else if n != 1 {
				return errLost
			}
			result, err := apply(ctx, q, a)
			if err != nil {
				return err
			}
			_, err = q.ExecContext(ctx, `UPDATE approvals SET result = $1 WHERE id = $2`, JSONText(result), id)
			return err
		})
		if attempt == 2 || !database.IsTransient(err) {
			break
		}
	}
	if errors.Is(err, errLost) {
		// Someone else decided it meanwhile, or it expired.
		if a, err := s.decidable(ctx, merchant, id); err != nil {
			return a, err
		}
		return a, ErrApprovalDecided
	}
	if err != nil {
		return a, err
	}
	return s.ApprovalByID(ctx, s.db.Write(), merchant, id)
}

// Reject decides approval id of merchant as rejected, by another operator
// or by its requester (a withdrawal).
func (s *Service) Reject(ctx context.Context, merchant string, id int64, by *Operator, reason string) (*Approval, error) {
	a, err := s.decidable(ctx, merchant, id)
	if err != nil {
		return a, err
	}
	now := s.now().UnixMilli()
	res, err := s.db.Write().ExecContext(ctx, `UPDATE approvals SET status = 'rejected', decided_by = $1, decided_by_name = $2, decided_at = $3,
		decision_reason = $4 WHERE id = $5 AND merchant_code = $6 AND status = 'pending' AND expires_at > $3`, by.ID, by.Username, now, reason, id, merchant)
	if err != nil {
		return a, fmt.Errorf("operator: reject: %w", err)
	}
	if n, err := res.RowsAffected(); err != nil {
		return a, fmt.Errorf("operator: reject: %w", err)
	} else if n != 1 {
		if a, err := s.decidable(ctx, merchant, id); err != nil {
			return a, err
		}
		return a, ErrApprovalDecided
	}
	return s.ApprovalByID(ctx, s.db.Write(), merchant, id)
}

// decidable reads a request that may still be decided: ErrNotFound,
// ErrApprovalDecided, or ErrApprovalExpired (storing the expiry) otherwise.
func (s *Service) decidable(ctx context.Context, merchant string, id int64) (*Approval, error) {
	a, err := s.ApprovalByID(ctx, s.db.Write(), merchant, id)
	if err != nil {
		return nil, err
	}
	switch a.Status {
	case StatusPending:
		return a, nil
	case StatusExpired:
		if _, err := s.db.Write().ExecContext(ctx, `UPDATE approvals SET status = 'expired' WHERE id = $1 AND status = 'pending' AND expires_at <= $2`,
			id, s.now().UnixMilli()); err != nil {
			return a, fmt.Errorf("operator: expire approval: %w", err)
		}
		return a, ErrApprovalExpired
	default:
		return a, ErrApprovalDecided
	}
}
