package agent

import (
	"context"
	"database/sql"
	"fmt"
	"strings"

	"portal/internal/database"
)

// InTeam reports whether member is in agent's team (the agent itself
// included): one primary-key lookup in the closure.
func (s *Service) InTeam(ctx context.Context, agentID, memberID int64) (bool, error) {
	var n int
	err := s.db.Read().QueryRowContext(ctx, `SELECT COUNT(*) FROM member_tree WHERE ancestor_id = $1 AND member_id = $2`, agentID, memberID).Scan(&n)
	if err != nil {
		return false, fmt.Errorf("agent: team: %w", err)
	}
	return n > 0, nil
}

// Downline is a member of a team as the agent centre lists it.
type Downline struct {
	ID          int64  `json:"id"`
	Username    string `json:"username"`
	Nickname    string `json:"nickname"`
	Type        int    `json:"type"`
	IsAgent     bool   `json:"isAgent"`
	Status      string `json:"status"`
	Balance     int64  `json:"balance"`
	LastLoginAt int64  `json:"lastLoginAt"`
	CreatedAt   int64  `json:"createdAt"`
	TeamSize    int64  `json:"teamSize"`
	DirectCount int64  `json:"directCount"`
	Depth       int64  `json:"depth"`
}

// DownlineQuery asks for a page of an agent's team: Parent's direct
// downlines (0: the agent's), or, with Username, the members of the team
// whose name starts with it.
type DownlineQuery struct {
	Merchant       string
	AgentID        int64
	Parent         int64
	Username       string
	Page, PageSize int
}

// DownlinePage is a page of downlines with the path from the agent down to
// the parent listed.
type DownlinePage struct {
	List     []Downline  `json:"list"`
	Total    int64       `json:"total"`
	Page     int         `json:"page"`
	PageSize int         `json:"pageSize"`
	Path     []MemberRef `json:"path"`
}

// downlineColumns read a member with its balance, team size (the member
// and everyone below it, as a team is counted everywhere: the closure's
// range of it) and direct count; $1 is the merchant, $2 the currency, $3
// the agent whose depth below is shown.
const downlineColumns = `m.id, m.username, m.nickname, m.type, m.status, COALESCE(a.balance, 0), m.last_login_at, m.created_at,
	(SELECT COUNT(*) FROM member_tree x WHERE x.ancestor_id = m.id),
	(SELECT COUNT(*) FROM members c WHERE c.upline_id = m.id),
	COALESCE((SELECT d.depth FROM member_tree d WHERE d.ancestor_id = $3 AND d.member_id = m.id), 0)`

const downlineBalance = ` LEFT JOIN wallet_accounts a ON a.merchant_code = m.merchant_code AND a.kind = 'member' AND a.owner = CAST(m.id AS TEXT) AND a.currency = $2`

func scanDownlines(rows *sql.Rows) ([]Downline, error) {
	defer rows.Close()
	out := []Downline{}
	for rows.Next() {
		var d Downline
		if err := rows.Scan(&d.ID, &d.Username, &d.Nickname, &d.Type, &d.Status, &d.Balance, &d.LastLoginAt, &d.CreatedAt, &d.TeamSize, &d.DirectCount, &d.Depth); err != nil {
			return nil, fmt.Errorf("agent: downlines: %w", err)
		}
		d.IsAgent = isAgentType(d.Type)
		out = append(out, d)
	}
	return out, rows.Err()
}

// Downlines is a page of the agent's team. A parent outside the team is
// ErrNotInTeam, whoever it is.
func (s *Service) Downlines(ctx context.Context, f DownlineQuery) (DownlinePage, error) {
	page, size := pageOf(f.Page, f.PageSize)
	out := DownlinePage{Page: page, PageSize: size, List: []Downline{}}
	q := s.db.Read()
	cur, err := s.currencyOf(ctx, q, f.Merchant)
	if err != nil {
		return out, err
	}
	parent := f.Parent
	if parent == 0 {
		parent = f.AgentID
	}
	if ok, err := s.InTeam(ctx, f.AgentID, parent); err != nil || !ok {
		if err == nil {
			err = ErrNotInTeam
		}
		return out, err
	}
	if out.Path, err = s.pathBetween(ctx, f.AgentID, parent); err != nil {
		return out, err
	}
	limit := fmt.Sprintf(` LIMIT %d OFFSET %d`, size, (page-1)*size)
	if name := strings.ToLower(strings.TrimSpace(f.Username)); name != "" {
		like := likePrefix(name)
		const from = ` FROM members m JOIN member_tree t ON t.member_id = m.id AND t.ancestor_id = $3 AND t.depth > 0`
		const where = ` WHERE m.merchant_code = $1 AND m.username LIKE $4 ESCAPE '\'`
		if err := q.QueryRowContext(ctx, `SELECT COUNT(*)`+from+where+` AND $2 = $2`, f.Merchant, cur, f.AgentID, like).Scan(&out.Total); err != nil {
			return out, fmt.Errorf("agent: downlines: %w", err)
		}
		rows, err := q.QueryContext(ctx, `SELECT `+downlineColumns+from+downlineBalance+where+` ORDER BY m.username`+limit, f.Merchant, cur, f.AgentID, like)
		if err != nil {
			return out, fmt.Errorf("agent: downlines: %w", err)
		}
		out.List, err = scanDownlines(rows)
		return out, err
	}
	if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM members WHERE upline_id = $1`, parent).Scan(&out.Total); err != nil {
		return out, fmt.Errorf("agent: downlines: %w", err)
	}
	rows, err := q.QueryContext(ctx, `SELECT `+downlineColumns+` FROM members m`+downlineBalance+
		` WHERE m.merchant_code = $1 AND m.upline_id = $4 ORDER BY m.id`+limit, f.Merchant, cur, f.AgentID, parent)
	if err != nil {
		return out, fmt.Errorf("agent: downlines: %w", err)
	}
	out.List, err = scanDownlines(rows)
	return out, err
}

// Downline is one member as the back office's tree shows it (depth below
// the top of its tree).
func (s *Service) Downline(ctx context.Context, merchant string, id int64) (Downline, error) {
	q := s.db.Read()
	cur, err := s.currencyOf(ctx, q, merchant)
	if err != nil {
		return Downline{}, err
	}
	rows, err := q.QueryContext(ctx, `SELECT `+downlineColumns+` FROM members m`+downlineBalance+` WHERE m.merchant_code = $1 AND m.id = $4`,
		merchant, cur, id, id)
	if err != nil {
		return Downline{}, fmt.Errorf("agent: member: %w", err)
	}
	list, err := scanDownlines(rows)
	if err != nil {
		return Downline{}, err
	}
	if len(list) == 0 {
		return Downline{}, ErrNotFound
	}
	d := list[0]
	err = q.QueryRowContext(ctx, `SELECT COALESCE(MAX(depth), 0) FROM member_tree WHERE member_id = $1`, id).Scan(&d.Depth)
	return d, err
}

// Children are a member's direct downlines, agents first (at most limit);
// for id 0, the merchant's agents without an upline (the tops of its trees).
func (s *Service) Children(ctx context.Context, merchant string, id int64, limit int) ([]Downline, error) {
	q := s.db.Read()
	cur, err := s.currencyOf(ctx, q, merchant)
	if err != nil {
		return nil, err
	}
	where := ` WHERE m.merchant_code = $1 AND m.upline_id = $4 ORDER BY CASE WHEN m.type IN (1, 2, 41, 42) THEN 0 ELSE 1 END, m.id LIMIT `
	if id == 0 {
		where = ` WHERE m.merchant_code = $1 AND m.upline_id IS NULL AND m.type IN (1, 2, 41, 42) AND $4 = 0 ORDER BY m.id LIMIT `
	}
	rows, err := q.QueryContext(ctx, `SELECT `+downlineColumns+` FROM members m`+downlineBalance+where+fmt.Sprint(limit), merchant, cur, id, id)
	if err != nil {
		return nil, fmt.Errorf("agent: children: %w", err)
	}
	return scanDownlines(rows)
}

// pathBetween is the chain from top down to member, both included
// (member must be in top's team).
func (s *Service) pathBetween(ctx context.Context, top, member int64) ([]MemberRef, error) {
	rows, err := s.db.Read().QueryContext(ctx, `SELECT m.id, m.username FROM member_tree t JOIN members m ON m.id = t.ancestor_id
		WHERE t.member_id = $1 AND t.depth <= (SELECT depth FROM member_tree WHERE ancestor_id = $2 AND member_id = $1)
		ORDER BY t.depth DESC`, member, top)
	if err != nil {
		return nil, fmt.Errorf("agent: path: %w", err)
	}
	defer rows.Close()
	out := []MemberRef{}
	for rows.Next() {
		var r MemberRef
		if err := rows.Scan(&r.ID, &r.Username); err != nil {
			return nil, fmt.Errorf("agent: path: %w", err)
		}
		out = append(out, r)
	}
	return out, rows.Err()
}

// Uplines is a member's chain of uplines from the top down to it.
func (s *Service) Uplines(ctx context.Context, member int64) ([]MemberRef, error) {
	var top int64
	err := s.db.Read().QueryRowContext(ctx, `SELECT ancestor_id FROM member_tree WHERE member_id = $1 ORDER BY depth DESC LIMIT 1`, member).Scan(&top)
	if isNoRows(err) {
		return []MemberRef{}, nil
	}
	if err != nil {
		return nil, fmt.Errorf("agent: uplines: %w", err)
	}
	return s.pathBetween(ctx, top, member)
}

// Move puts a member (and its whole team) under another upline (0: none),
// for an operator: the closure is rewritten in one transaction, and the
// contracts the member held with its old upline end (reason moved), with
// what they carried below. Moving a member under its own team is refused.
func (s *Service) Move(ctx context.Context, merchant string, memberID, uplineID int64) (oldUpline int64, err error) {
	err = s.retry(ctx, func(q database.Querier) error {
		m, err := s.memberInfo(ctx, q, memberID)
		if err != nil || m.merchant != merchant {
			return ErrNotFound
		}
		if err := s.lock(ctx, q, m.upline, memberID, uplineID); err != nil {
			return err
		}
		if m, err = s.memberInfo(ctx, q, memberID); err != nil {
			return err
		}
		oldUpline = m.upline
		if uplineID != 0 {
			u, err := s.memberInfo(ctx, q, uplineID)
			if err != nil || u.merchant != merchant {
				return ErrNotFound
			}
			if !isAgentType(u.typ) {
				return ErrUplineNotAgent
			}
			var inside int
			if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM member_tree WHERE ancestor_id = $1 AND member_id = $2`, memberID, uplineID).Scan(&inside); err != nil {
				return fmt.Errorf("agent: move: %w", err)
			}
			if inside > 0 {
				return ErrMoveCycle
			}
		}
		if uplineID == m.upline {
			return nil
		}
		if _, err := q.ExecContext(ctx, `UPDATE members SET upline_id = $1 WHERE id = $2`, nullID(uplineID), memberID); err != nil {
			return fmt.Errorf("agent: move: %w", err)
		}
		// The team loses every ancestor above the member, then gains the
		// new upline's chain.
		if _, err := q.ExecContext(ctx, `DELETE FROM member_tree
			WHERE member_id IN (SELECT member_id FROM member_tree WHERE ancestor_id = $1)
			AND ancestor_id IN (SELECT ancestor_id FROM member_tree WHERE member_id = $1 AND depth > 0)`, memberID); err != nil {
			return fmt.Errorf("agent: move: %w", err)
		}
		if uplineID != 0 {
			if _, err := q.ExecContext(ctx, `INSERT INTO member_tree (ancestor_id, member_id, depth)
				SELECT a.ancestor_id, d.member_id, a.depth + d.depth + 1 FROM member_tree a, member_tree d
				WHERE a.member_id = $1 AND d.ancestor_id = $2`, uplineID, memberID); err != nil {
				return fmt.Errorf("agent: move: %w", err)
			}
		}
		// What the member held from its old upline ends.
		held, err := s.contracts(ctx, q, `WHERE c.member_id = $1 AND c.state IN ('offered', 'active') AND c.upline_id IS NOT NULL`, memberID)
		if err != nil {
			return err
		}
		for _, c := range held {
			if c.State == StateOffered {
				if _, err := q.ExecContext(ctx, `UPDATE agent_contracts SET state = 'terminated', decided_at = $1, ended_reason = 'moved' WHERE id = $2`, s.nowMs(), c.ID); err != nil {
					return fmt.Errorf("agent: move: %w", err)
				}
				continue
			}
			if err := s.end(ctx, q, c, EndedMoved); err != nil {
				return err
			}
		}
		return nil
	})
	return oldUpline, err
}

// likePrefix is a LIKE pattern matching names that start with p.
func likePrefix(p string) string {
	r := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`)
	return r.Replace(p) + "%"
}
