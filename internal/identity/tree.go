package identity

import (
	"context"
	"fmt"

	"portal/internal/database"
)

// linkTree adds a new member to the upline closure (member_tree, decision
// 0035): a row to itself and one to each of its upline's ancestors, one
// level deeper. A member is created with its upline, so this is all a
// team ever needs at registration; moving a member is the agent domain's.
func linkTree(ctx context.Context, q database.Querier, id, upline int64) error {
	if _, err := q.ExecContext(ctx, `INSERT INTO member_tree (ancestor_id, member_id, depth)
		SELECT CAST($1 AS BIGINT), CAST($1 AS BIGINT), 0
		UNION ALL SELECT ancestor_id, CAST($1 AS BIGINT), depth + 1 FROM member_tree WHERE member_id = $2`, id, upline); err != nil {
		return fmt.Errorf("identity: member tree: %w", err)
	}
	return nil
}
