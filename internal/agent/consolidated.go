package agent

import (
	"context"
	"fmt"
)

// Standing is a member's place in one contract kind, as the consolidated
// call carries it (spec §3): whether the merchant runs the kind, how many
// offers wait for the member's answer, whether it holds an active
// contract, and whether it may offer the kind to its direct downlines.
type Standing struct {
	Enabled  bool   `json:"enabled"`
	Offers   int64  `json:"offers"`
	Active   bool   `json:"active"`
	CanOffer bool   `json:"canOffer"`
	Period   string `json:"period"`
}

// Standings are a member's standings by kind. An agent may offer a kind it
// holds an active contract of; a member who is not an agent holds none.
func (s *Service) Standings(ctx context.Context, merchant string, memberID int64, agent bool) (map[Kind]Standing, error) {
	out := map[Kind]Standing{}
	for _, k := range Kinds {
		out[k] = Standing{Enabled: s.enabled(ctx, merchant, k)}
	}
	rows, err := s.db.Read().QueryContext(ctx, `SELECT kind, period, state FROM agent_contracts WHERE member_id = $1 AND state IN ('offered', 'active')`, memberID)
	if err != nil {
		return nil, fmt.Errorf("agent: standings: %w", err)
	}
	defer rows.Close()
	for rows.Next() {
		var k Kind
		var p, state string
		if err := rows.Scan(&k, &p, &state); err != nil {
			return nil, fmt.Errorf("agent: standings: %w", err)
		}
		st, ok := out[k]
		if !ok || !st.Enabled {
			continue
		}
		if state == StateOffered {
			st.Offers++
		} else {
			st.Active, st.Period = true, p
			st.CanOffer = agent
		}
		out[k] = st
	}
	return out, rows.Err()
}
