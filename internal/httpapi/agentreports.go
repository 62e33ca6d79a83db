package httpapi

import (
	"net/http"
	"time"

	"portal/internal/agent"
	"portal/internal/merchant"
	"portal/internal/report"
)

// The agent centre's figures and reports (issue 15): each reads the
// calling agent's own team only.

func (s *Server) agentOverview(r *http.Request) (any, error) {
	if err := s.agentsReady(); err != nil {
		return nil, err
	}
	ctx := r.Context()
	return s.Agents.Overview(ctx, merchantOf(ctx).Code, memberOf(ctx).ID)
}

// agentNotice is an announcement of the agent centre.
type agentNotice struct {
	ID          int64  `json:"id"`
	Title       string `json:"title"`
	Content     string `json:"content"`
	PublishedAt int64  `json:"publishedAt"`
}

type agentNotices struct {
	List []agentNotice `json:"list"`
}

// agentAnnouncements are the merchant's announcements for agents
// (audience G), sanitized like every served announcement.
func (s *Server) agentAnnouncements(r *http.Request) (any, error) {
	ctx := r.Context()
	list, err := s.Merchant.Announcements(ctx, merchantOf(ctx).Code, merchant.NoticeQuery{Execution: "G", Language: languageOf(ctx)})
	if err != nil {
		return nil, err
	}
	out := agentNotices{List: []agentNotice{}}
	for _, n := range list {
		out.List = append(out.List, agentNotice{ID: n.ID, Title: n.Title, Content: n.Content, PublishedAt: n.CreateTime.UnixMilli()})
	}
	return out, nil
}

// teamQuery reads a team report's period (local dates, both included)
// and filters.
func (s *Server) teamQuery(r *http.Request) (agent.TeamQuery, error) {
	ctx := r.Context()
	p := paramsOf(ctx)
	f := agent.TeamQuery{Merchant: merchantOf(ctx).Code, AgentID: memberOf(ctx).ID, Username: p.String("username"), Language: languageOf(ctx),
		Page: p.Int("page"), PageSize: p.Int("pageSize")}
	from, to := p.String("from"), p.String("to")
	if from == "" || to == "" {
		today := time.Now().UTC().Add(agentOffset(r)).Format(time.DateOnly)
		week := time.Now().UTC().Add(agentOffset(r)).AddDate(0, 0, -6).Format(time.DateOnly)
		if from == "" {
			from = week
		}
		if to == "" {
			to = today
		}
	}
	var err error
	if f.From, f.To, err = agent.ParseDays(from, to); err != nil {
		return f, badParam("from", "YYYY-MM-DD, not after to")
	}
	return f, nil
}

func agentOffset(r *http.Request) time.Duration {
	return report.Offset(merchantOf(r.Context()).Code)
}

func (s *Server) agentBets(r *http.Request) (any, error) {
	if err := s.agentsReady(); err != nil {
		return nil, err
	}
	f, err := s.teamQuery(r)
	if err != nil {
		return nil, err
	}
	return s.Agents.TeamBets(r.Context(), f)
}

func (s *Server) agentProfitLoss(r *http.Request) (any, error) {
	if err := s.agentsReady(); err != nil {
		return nil, err
	}
	f, err := s.teamQuery(r)
	if err != nil {
		return nil, err
	}
	return s.Agents.TeamProfitLoss(r.Context(), f)
}

// agentProfitLossCSV writes the per-member profit and loss as CSV (at
// most 10,000 rows); errors are answered in the envelope before any row.
func (s *Server) agentProfitLossCSV(w http.ResponseWriter, r *http.Request) {
	if err := s.agentsReady(); err != nil {
		s.writeError(w, r, err)
		return
	}
	f, err := s.teamQuery(r)
	if err != nil {
		s.writeError(w, r, err)
		return
	}
	// Checked before the header goes out, so a bad period is an envelope.
	f.Page, f.PageSize = 1, 1
	if _, err := s.Agents.TeamProfitLoss(r.Context(), f); err != nil {
		s.writeError(w, r, err)
		return
	}
	w.Header().Set("Content-Type", "text/csv; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="team-profit-loss.csv"`)
	if err := s.Agents.TeamProfitLossCSV(r.Context(), f, w); err != nil {
		s.Log.ErrorContext(r.Context(), "team profit and loss csv", "err", err)
	}
}

func (s *Server) agentIncome(r *http.Request) (any, error) {
	if err := s.agentsReady(); err != nil {
		return nil, err
	}
	f, err := s.teamQuery(r)
	if err != nil {
		return nil, err
	}
	return s.Agents.Income(r.Context(), f.Merchant, f.AgentID, f.From, f.To)
}

func (s *Server) agentTransactions(r *http.Request) (any, error) {
	if err := s.agentsReady(); err != nil {
		return nil, err
	}
	from, to, err := agentPeriod(r, 366)
	if err != nil {
		return nil, err
	}
	ctx := r.Context()
	p := paramsOf(ctx)
	return s.Agents.TeamTransactions(ctx, merchantOf(ctx).Code, memberOf(ctx).ID, p.String("username"), time.UnixMilli(from), time.UnixMilli(to),
		p.Int("page"), p.Int("pageSize"))
}
