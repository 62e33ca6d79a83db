package bonus

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"strconv"
	"time"

	"portal/internal/database"
	"portal/internal/identity"
	"portal/internal/wallet"
)

// GrantIn records a grant and moves its amount from g.From to the member's
// bonus account inside the caller's transaction q (key "bonus:grant:" +
// Source). A Source granted before answers that grant again, nothing
// moved; a member with a running grant gets ErrActiveGrant, nothing
// changed.
func (s *Service) GrantIn(ctx context.Context, q database.Querier, g Grant) (GrantResult, error) {
	if g.Amount <= 0 || g.Wagering < 1 || g.Wagering > 100 || g.Source == "" || len(g.Source) > 150 || g.MemberID <= 0 ||
		g.Currency == "" || g.From.Kind == "" || !g.Expires.After(s.now()) {
		return GrantResult{}, ErrInvalidGrant
	}
	// Trial (play-money) accounts never hold bonus money; the member must
	// be the merchant's.
	var typ int
	err := q.QueryRowContext(ctx, `SELECT type FROM members WHERE id = $1 AND merchant_code = $2`, g.MemberID, g.Merchant).Scan(&typ)
	if errors.Is(err, sql.ErrNoRows) || identity.MemberType(typ).IsTrial() {
		return GrantResult{}, ErrNotEligible
	}
	if err != nil {
		return GrantResult{}, fmt.Errorf("bonus: grant: %w", err)
	}
	var id int64
	now := s.now().UnixMilli()
	// DO NOTHING covers both unique rules: the source (a replay) and the
	// one running grant per member; which one it was is read after.
	err = q.QueryRowContext(ctx, `INSERT INTO bonus_grants (merchant_code, member_id, currency, source, title, amount, wagering, required, state,
		from_kind, from_owner, expires_at, created_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'active', $9, $10, $11, $12) ON CONFLICT DO NOTHING RETURNING id`,
		g.Merchant, g.MemberID, g.Currency, g.Source, g.Title, g.Amount, g.Wagering, g.Amount*int64(g.Wagering),
		g.From.Kind, g.From.Owner, g.Expires.UnixMilli(), now).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		err = q.QueryRowContext(ctx, `SELECT id FROM bonus_grants WHERE merchant_code = $1 AND source = $2`, g.Merchant, g.Source).Scan(&id)
		if errors.Is(err, sql.ErrNoRows) {
			return GrantResult{}, ErrActiveGrant
		}
		if err != nil {
			return GrantResult{}, fmt.Errorf("bonus: grant: %w", err)
		}
		b, err := s.ledger.BalanceIn(ctx, q, g.Merchant, wallet.Bonus(g.MemberID, g.Currency))
		return GrantResult{ID: id, Balance: b}, err
	}
	if err != nil {
		return GrantResult{}, fmt.Errorf("bonus: grant: %w", err)
	}
	t, err := s.ledger.MoveIn(ctx, q, wallet.Request{Merchant: g.Merchant, Key: "bonus:grant:" + g.Source, From: g.From,
		To: wallet.Bonus(g.MemberID, g.Currency), Amount: g.Amount, Kind: KindGrant, Reference: "bonus:" + strconv.FormatInt(id, 10)})
	if err != nil {
		return GrantResult{}, err
	}
	return GrantResult{ID: id, Balance: t.CreditBalance}, nil
}

// Grant is GrantIn in a transaction of its own, for callers (tests, the
// back office) that move nothing else.
func (s *Service) Grant(ctx context.Context, g Grant) (GrantResult, error) {
	var r GrantResult
	err := s.db.InTx(context.WithoutCancel(ctx), func(q database.Querier) error {
		var err error
		r, err = s.GrantIn(ctx, q, g)
		return err
	})
	if err == nil {
		s.push(ctx, g.Merchant, g.MemberID, g.Currency)
	}
	return r, err
}

// ForfeitIn ends the member's running grant inside q (a withdrawal request,
// the member giving it up): the whole bonus balance goes back to the
// grant's paying side (kind bonus_forfeit). Without a running grant it
// does nothing and answers 0.
func (s *Service) ForfeitIn(ctx context.Context, q database.Querier, merchant string, memberID int64, currency, reason string) (int64, error) {
	var id int64
	err := q.QueryRowContext(ctx, `SELECT id FROM bonus_grants WHERE merchant_code = $1 AND member_id = $2 AND state = 'active'`, merchant, memberID).Scan(&id)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("bonus: running grant: %w", err)
	}
	return s.endIn(ctx, q, id, StateForfeited, KindForfeit, reason)
}

// Forfeit is ForfeitIn in a transaction of its own (the member's own
// forfeit): ErrNoActiveGrant when nothing runs.
func (s *Service) Forfeit(ctx context.Context, merchant string, memberID int64, currency string) (int64, error) {
	var n int64
	found := false
	err := s.db.InTx(context.WithoutCancel(ctx), func(q database.Querier) error {
		var id int64
		err := q.QueryRowContext(ctx, `SELECT id FROM bonus_grants WHERE merchant_code = $1 AND member_id = $2 AND state = 'active'`, merchant, memberID).Scan(&id)
		if errors.Is(err, sql.ErrNoRows) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("bonus: running grant: %w", err)
		}
		found = true
		n, err = s.endIn(ctx, q, id, StateForfeited, KindForfeit, "member")
		return err
	})
	if err != nil {
		return 0, err
	}
	if !found {
		return 0, ErrNoActiveGrant
	}
	s.push(ctx, merchant, memberID, currency)
	return n, nil
}

// endIn ends grant id (still active, or nothing happens) in state, moving
// the whole bonus balance back to its paying side under ledger kind. The
// state changes first, guarded by state = 'active', so of two enders (the
// job and a withdrawal, a bet converting it) one alone moves the money.
func (s *Service) endIn(ctx context.Context, q database.Querier, id int64, state, kind, reason string) (int64, error) {
	var merchant, currency, fromKind, fromOwner string
	var member int64
	err := q.QueryRowContext(ctx, `UPDATE bonus_grants SET state = $1, ended_at = $2, reason = $3 WHERE id = $4 AND state = 'active'
		RETURNING merchant_code, member_id, currency, from_kind, from_owner`, state, s.now().UnixMilli(), reason, id).
		Scan(&merchant, &member, &currency, &fromKind, &fromOwner)
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	if err != nil {
		return 0, fmt.Errorf("bonus: end grant: %w", err)
	}
	bal, err := s.ledger.BalanceIn(ctx, q, merchant, wallet.Bonus(member, currency))
	if err != nil {
		return 0, err
	}
	if bal > 0 {
		if _, err := s.ledger.MoveIn(ctx, q, wallet.Request{Merchant: merchant, Key: "bonus:" + state + ":" + strconv.FormatInt(id, 10),
			From: wallet.Bonus(member, currency), To: wallet.Side(fromKind, fromOwner, currency), Amount: bal, Kind: kind,
			Reference: "bonus:" + strconv.FormatInt(id, 10)}); err != nil {
			return 0, err
		}
		if _, err := q.ExecContext(ctx, `UPDATE bonus_grants SET forfeited = $1 WHERE id = $2`, bal, id); err != nil {
			return 0, fmt.Errorf("bonus: end grant: %w", err)
		}
	}
	return bal, nil
}

// ExpireDue ends every running grant past its expiry (job bonus.expire):
// each in its own transaction, so one failure does not hold the others.
func (s *Service) ExpireDue(ctx context.Context) (int, error) {
	ctx = context.WithoutCancel(ctx)
	rows, err := s.db.Read().QueryContext(ctx, `SELECT id, merchant_code, member_id, currency FROM bonus_grants
		WHERE state = 'active' AND expires_at <= $1 ORDER BY expires_at LIMIT 500`, s.now().UnixMilli())
	if err != nil {
		return 0, fmt.Errorf("bonus: due grants: %w", err)
	}
	type due struct {
		id, member         int64
		merchant, currency string
	}
	var list []due
	for rows.Next() {
		var d due
		if err := rows.Scan(&d.id, &d.merchant, &d.member, &d.currency); err != nil {
			rows.Close()
			return 0, fmt.Errorf("bonus: due grants: %w", err)
		}
		list = append(list, d)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return 0, fmt.Errorf("bonus: due grants: %w", err)
	}
	n := 0
	var firstErr error
	for _, d := range list {
		err := s.db.InTx(ctx, func(q database.Querier) error {
			_, err := s.endIn(ctx, q, d.id, StateExpired, KindExpire, "expired")
			return err
		})
		if err != nil {
			s.log.ErrorContext(ctx, "bonus: expire", "grant", d.id, "err", err)
			if firstErr == nil {
				firstErr = err
			}
			continue
		}
		n++
		s.push(ctx, d.merchant, d.member, d.currency)
	}
	return n, firstErr
}

// push tells the member's pages the balances after a change.
func (s *Service) push(ctx context.Context, merchant string, member int64, currency string) {
	cash, err1 := s.ledger.Balance(ctx, merchant, wallet.Member(member, currency))
	bonus, err2 := s.ledger.Balance(ctx, merchant, wallet.Bonus(member, currency))
	if err1 == nil && err2 == nil {
		s.onBalance(merchant, member, cash, bonus, currency)
	}
}

// Active is the member's running grant, nil when none.
func (s *Service) Active(ctx context.Context, merchant string, memberID int64) (*GrantView, error) {
	list, _, err := s.list(ctx, `WHERE g.merchant_code = $1 AND g.member_id = $2 AND g.state = 'active'`, []any{merchant, memberID}, 1, 1)
	if err != nil || len(list) == 0 {
		return nil, err
	}
	return &list[0], nil
}

// Balance is the member's bonus balance.
func (s *Service) Balance(ctx context.Context, merchant string, memberID int64, currency string) (int64, error) {
	return s.ledger.Balance(ctx, merchant, wallet.Bonus(memberID, currency))
}

// Grants is a member's grants, newest first (page from 1).
func (s *Service) Grants(ctx context.Context, merchant string, memberID int64, page, size int) ([]GrantView, int, error) {
	return s.list(ctx, `WHERE g.merchant_code = $1 AND g.member_id = $2`, []any{merchant, memberID}, page, size)
}

// Filter narrows the back office's list.
type Filter struct {
	MemberID int64
	State    string
}

// AdminGrants is a merchant's grants for the back office, newest first.
func (s *Service) AdminGrants(ctx context.Context, merchant string, f Filter, page, size int) ([]GrantView, int, error) {
	where, args := `WHERE g.merchant_code = $1`, []any{merchant}
	if f.MemberID > 0 {
		args = append(args, f.MemberID)
		where += ` AND g.member_id = $` + strconv.Itoa(len(args))
	}
	if f.State != "" {
		args = append(args, f.State)
		where += ` AND g.state = $` + strconv.Itoa(len(args))
	}
	return s.list(ctx, where, args, page, size)
}

func (s *Service) list(ctx context.Context, where string, args []any, page, size int) ([]GrantView, int, error) {
	var total int
	if err := s.db.Read().QueryRowContext(ctx, `SELECT COUNT(*) FROM bonus_grants g `+where, args...).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("bonus: grants: %w", err)
	}
	n := len(args)
	rows, err := s.db.Read().QueryContext(ctx, `SELECT g.id, g.member_id, m.username, g.title, g.source, g.currency, g.amount, g.wagering, g.required,
		g.wagered, g.state, g.created_at, g.expires_at, g.ended_at, g.converted, g.forfeited
		FROM bonus_grants g JOIN members m ON m.id = g.member_id `+where+`
		ORDER BY g.id DESC LIMIT $`+strconv.Itoa(n+1)+` OFFSET $`+strconv.Itoa(n+2), append(args, size, (page-1)*size)...)
	if err != nil {
		return nil, 0, fmt.Errorf("bonus: grants: %w", err)
	}
	defer rows.Close()
	var out []GrantView
	for rows.Next() {
		var v GrantView
		var created, expires, ended int64
		if err := rows.Scan(&v.ID, &v.MemberID, &v.Username, &v.Title, &v.Source, &v.Currency, &v.Amount, &v.Wagering, &v.Required,
			&v.Wagered, &v.State, &created, &expires, &ended, &v.Converted, &v.Forfeited); err != nil {
			return nil, 0, fmt.Errorf("bonus: grants: %w", err)
		}
		v.GrantedAt, v.ExpiresAt = time.UnixMilli(created).UTC(), time.UnixMilli(expires).UTC()
		if ended > 0 {
			t := time.UnixMilli(ended).UTC()
			v.EndedAt = &t
		}
		v.ProgressPercent = 100
		if v.Required > 0 && v.Wagered < v.Required {
			v.ProgressPercent = int(v.Wagered * 100 / v.Required)
		}
		out = append(out, v)
	}
	return out, total, rows.Err()
}
