package agent

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"portal/internal/database"
	"portal/internal/wallet"
)

// Run is the settlement of one period of one kind for a merchant.
type Run struct {
	ID           int64  `json:"id"`
	Kind         Kind   `json:"kind"`
	Period       Period `json:"period"`
	PeriodStart  int64  `json:"periodStart"`
	PeriodEnd    int64  `json:"periodEnd"`
	State        string `json:"state"`
	Contracts    int64  `json:"contracts"`
	Paid         int64  `json:"paid"`
	Insufficient int64  `json:"insufficient"`
	Nothing      int64  `json:"nothing"`
	Amount       int64  `json:"amount"`
	Error        string `json:"error"`
	StartedAt    int64  `json:"startedAt"`
	FinishedAt   int64  `json:"finishedAt"`
	Trigger      string `json:"trigger"`
}

// Run states.
const (
	RunRunning = "running"
	RunDone    = "done"
	RunFailed  = "failed"
)

// maxPeriodsPerPass bounds how many periods of one kind a pass settles, so
// a portal that was down a day catches up over a few minutes rather than
// in one long job.
const maxPeriodsPerPass = 48

// staleRun is how long a run may stay "running" before a pass takes it
// for one a crash left half done and settles it again (a job's run is cut
// after a minute).
const staleRun = 2 * time.Minute

// payBatch is how many contracts' payouts commit together.
const payBatch = 200

// pass caches what one settlement pass reads once per merchant.
type pass struct {
	trees    map[string]*teamTree
	currency map[string]string
}

func newPass() *pass { return &pass{trees: map[string]*teamTree{}, currency: map[string]string{}} }

func (s *Service) treeOf(ctx context.Context, ps *pass, merchant string) (*teamTree, string, error) {
	if t, ok := ps.trees[merchant]; ok {
		return t, ps.currency[merchant], nil
	}
	t, err := s.loadTree(ctx, s.db.Read(), merchant)
	if err != nil {
		return nil, "", err
	}
	cur, err := s.currencyOf(ctx, s.db.Read(), merchant)
	if err != nil {
		return nil, "", err
	}
	ps.trees[merchant], ps.currency[merchant] = t, cur
	return t, cur, nil
}

// SettleDue is the settlement job (every minute, once across instances):
// offers past their life expire, then for every merchant and contract kind
// it runs on, every period that ended (and its grace) and was not settled
// is settled, oldest first, and what an upline could not pay is tried
// again after each new period.
// It answers how many periods it settled.
func (s *Service) SettleDue(ctx context.Context) (int, error) {
	if _, err := s.ExpireOffers(ctx); err != nil {
		return 0, err
	}
	merchants, err := s.merchants(ctx)
	if err != nil {
		return 0, err
	}
	total := 0
	ps := newPass()
	var errs []error
	for _, m := range merchants {
		for _, k := range Kinds {
			if !s.enabled(ctx, m, k) {
				continue
			}
			for _, p := range k.Periods() {
				n, err := s.settleKind(ctx, ps, m, k, p)
				total += n
				if err != nil {
					errs = append(errs, err)
				}
			}
		}
	}
	return total, errors.Join(errs...)
}

func (s *Service) merchants(ctx context.Context) ([]string, error) {
	rows, err := s.db.Read().QueryContext(ctx, `SELECT DISTINCT merchant_code FROM agent_contracts WHERE state IN ('active', 'terminated') AND starts_at > 0`)
	if err != nil {
		return nil, fmt.Errorf("agent: merchants: %w", err)
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var m string
		if err := rows.Scan(&m); err != nil {
			return nil, fmt.Errorf("agent: merchants: %w", err)
		}
		out = append(out, m)
	}
	return out, rows.Err()
}

// settleKind settles the due periods of one kind and period type.
func (s *Service) settleKind(ctx context.Context, ps *pass, merchant string, k Kind, p Period) (int, error) {
	now := s.nowMs()
	q := s.db.Read()
	// Runs a crash or a failure left behind go first.
	var stuck [][2]int64
	rows, err := q.QueryContext(ctx, `SELECT period_start, period_end FROM agent_settlement_runs WHERE merchant_code = $1 AND kind = $2 AND period = $3
		AND (state = 'failed' OR (state = 'running' AND started_at < $4)) ORDER BY period_start LIMIT 10`, merchant, k, p, now-staleRun.Milliseconds())
	if err != nil {
		return 0, fmt.Errorf("agent: runs: %w", err)
	}
	for rows.Next() {
		var b [2]int64
		if err := rows.Scan(&b[0], &b[1]); err != nil {
			rows.Close()
			return 0, fmt.Errorf("agent: runs: %w", err)
		}
		stuck = append(stuck, b)
	}
	rows.Close()
	for _, b := range stuck {
		if _, err := s.settlePeriod(ctx, ps, merchant, k, p, b[0], b[1], nil, "schedule"); err != nil {
			return 0, err
		}
	}
	var lastEnd int64
	if err := q.QueryRowContext(ctx, `SELECT COALESCE(MAX(period_end), 0) FROM agent_settlement_runs WHERE merchant_code = $1 AND kind = $2 AND period = $3`,
		merchant, k, p).Scan(&lastEnd); err != nil {
		return 0, fmt.Errorf("agent: runs: %w", err)
	}
	var first int64
	if err := q.QueryRowContext(ctx, `SELECT COALESCE(MIN(starts_at), 0) FROM agent_contracts WHERE merchant_code = $1 AND kind = $2 AND period = $3
		AND starts_at > 0 AND state IN ('active', 'terminated') AND (ends_at = 0 OR ends_at > $4) AND (ends_at = 0 OR ends_at > starts_at)`,
		merchant, k, p, lastEnd).Scan(&first); err != nil {
		return 0, fmt.Errorf("agent: contracts due: %w", err)
	}
	if first == 0 {
		return len(stuck), nil
	}
	grace := p.grace(s.realtime).Milliseconds()
	start, end := p.bounds(max(first, lastEnd), offset(merchant), s.realtime)
	settled, firstStart := 0, start
	for ; end+grace <= now && settled < maxPeriodsPerPass; settled++ {
		if _, err := s.settlePeriod(ctx, ps, merchant, k, p, start, end, nil, "schedule"); err != nil {
			return len(stuck) + settled, err
		}
		start, end = p.bounds(end, offset(merchant), s.realtime)
	}
	if settled > 0 {
		// What earlier periods left unpaid is tried again now.
		if _, err := s.retryInsufficient(ctx, merchant, k, nil, firstStart); err != nil {
			return len(stuck) + settled, err
		}
	}
	return len(stuck) + settled, nil
}

// applicable are the contracts that pay a period: in force at its start
// (signed before it began) and not ended before its end, the payees
// highest in the tree first so an upline is paid before it pays.
func (s *Service) applicable(ctx context.Context, merchant string, k Kind, p Period, start, end int64) ([]Contract, error) {
	return s.contracts(ctx, s.db.Read(), `WHERE c.merchant_code = $1 AND c.kind = $2 AND c.period = $3 AND c.starts_at > 0 AND c.starts_at <= $4
		AND (c.ends_at = 0 OR c.ends_at >= $5) AND c.state IN ('active', 'terminated') ORDER BY c.id`, merchant, k, p, start, end)
}

// settlePeriod pays every applicable contract (only those in only, when
// given) for [start, end). A scheduled or operator run records itself;
// a member's process call (trigger "member") only refreshes an existing
// run's counts. It answers the payouts it wrote or paid.
func (s *Service) settlePeriod(ctx context.Context, ps *pass, merchant string, k Kind, p Period, start, end int64, only map[int64]bool, trigger string) ([]Payout, error) {
	ctx = context.WithoutCancel(ctx)
	var runID int64
	if trigger != "member" {
		err := s.db.Write().QueryRowContext(ctx, `INSERT INTO agent_settlement_runs (merchant_code, kind, period, period_start, period_end, state, trigger_by, started_at)
			VALUES ($1, $2, $3, $4, $5, 'running', $6, $7)
			ON CONFLICT (merchant_code, kind, period, period_start) DO UPDATE SET state = 'running', error = '', trigger_by = $6, started_at = $7, finished_at = 0
			RETURNING id`, merchant, k, p, start, end, trigger, s.nowMs()).Scan(&runID)
		if err != nil {
			return nil, fmt.Errorf("agent: run: %w", err)
		}
	}
	done, err := s.payPeriod(ctx, ps, merchant, k, p, start, end, only, runID)
	if runID != 0 {
		if ferr := s.finishRun(ctx, runID, merchant, k, p, start, err); ferr != nil && err == nil {
			err = ferr
		}
	} else if err == nil {
		err = s.refreshRun(ctx, merchant, k, p, start)
	}
	if err != nil {
		s.log.ErrorContext(ctx, "agent settlement failed", "merchant", merchant, "kind", k, "period", p, "start", start, "err", err)
		return done, err
	}
	return done, nil
}

func (s *Service) payPeriod(ctx context.Context, ps *pass, merchant string, k Kind, p Period, start, end int64, only map[int64]bool, runID int64) ([]Payout, error) {
	all, err := s.applicable(ctx, merchant, k, p, start, end)
	if err != nil {
		return nil, err
	}
	contracts := all[:0]
	for _, c := range all {
		if only == nil || only[c.ID] {
			contracts = append(contracts, c)
		}
	}
	if len(contracts) == 0 {
		return nil, nil
	}
	tree, cur, err := s.treeOf(ctx, ps, merchant)
	if err != nil {
		return nil, err
	}
	figs, err := s.periodFigures(ctx, s.db.Read(), merchant, p, start, end)
	if err != nil {
		return nil, err
	}
	sum := tree.sum(figs)
	depth := func(c Contract) int32 {
		if i, ok := tree.pos[c.Member.ID]; ok {
			return tree.depth[i]
		}
		return 0
	}
	slices.SortStableFunc(contracts, func(a, b Contract) int { return int(depth(a) - depth(b)) })
	var done []Payout
	for from := 0; from < len(contracts); from += payBatch {
		batch := contracts[from:min(from+payBatch, len(contracts))]
		// The batch's accounts are found before its transaction, in one
		// query, so a payment inside it is one statement.
		if err := s.ledger.Remember(ctx, merchant, payAccounts(batch, cur)); err != nil {
			return done, err
		}
		var paid []Payout
		err := s.retry(ctx, func(q database.Querier) error {
			paid = paid[:0]
			existing, err := s.lockBatch(ctx, q, batch, start)
			if err != nil {
				return err
			}
			var fresh []int
			for _, c := range batch {
				po, changed, err := s.payContract(ctx, q, c, existing[c.ID], sum, cur, start, end)
				if err != nil {
					return err
				}
				if changed {
					if po.ID == 0 {
						fresh = append(fresh, len(paid))
					}
					paid = append(paid, po)
				}
			}
			return s.insertPayouts(ctx, q, paid, fresh, runID)
		})
		if err != nil {
			return done, err
		}
		s.announce(ctx, merchant, cur, paid)
		done = append(done, paid...)
	}
	return done, nil
}

// payKey is a payout's idempotency key in the ledger: one per contract and
// period, so nothing is ever paid twice whoever settles it.
func payKey(contract, periodStart int64) string {
	return "agentpay:" + strconv.FormatInt(contract, 10) + ":" + strconv.FormatInt(periodStart, 10)
}

// lockBatch locks a batch's contract rows (in id order, so two
// settlements of overlapping batches queue rather than deadlock), then
// reads the payouts they already have for the period: a scheduled run and
// a member's process call never both write one. Two statements a batch,
// not two a contract: on PostgreSQL round trips are most of the cost.
func (s *Service) lockBatch(ctx context.Context, q database.Querier, batch []Contract, start int64) (map[int64]*Payout, error) {
	ids := make([]int64, len(batch))
	for i, c := range batch {
		ids[i] = c.ID
	}
	ids = sortedIDs(ids)
	in := make([]string, len(ids))
	for i, id := range ids {
		in[i] = strconv.FormatInt(id, 10)
	}
	list := strings.Join(in, ", ")
	if s.db.Dialect == database.Postgres {
		if _, err := q.ExecContext(ctx, `SELECT id FROM agent_contracts WHERE id IN (`+list+`) ORDER BY id FOR UPDATE`); err != nil {
			return nil, fmt.Errorf("agent: lock contracts: %w", err)
		}
	}
	found, err := s.payouts(ctx, q, `WHERE p.contract_id IN (`+list+`) AND p.period_start = $1`, start)
	if err != nil {
		return nil, err
	}
	out := make(map[int64]*Payout, len(found))
	for i := range found {
		out[found[i].ContractID] = &found[i]
	}
	return out, nil
}

// payContract writes (or retries) one contract's payout for a period;
// existing is what the period already holds for it (lockBatch).
func (s *Service) payContract(ctx context.Context, q database.Querier, c Contract, existing *Payout, sum *sums, cur string, start, end int64) (Payout, bool, error) {
	if existing != nil {
		if existing.State != PayoutInsufficient {
			return *existing, false, nil
		}
		return s.repay(ctx, q, *existing, cur)
	}
	fig, _ := sum.team(c.Member.ID, c.ActiveMinBet)
	po := Payout{ContractID: c.ID, Kind: c.Kind, Period: c.Period, PeriodStart: start, PeriodEnd: end, Payer: c.Upline, Member: c.Member,
		TeamSize: fig.size, ActiveMembers: fig.active, ValidBet: fig.validBet, ProfitLoss: fig.profitLoss(), Tier: -1, merchant: c.Merchant}
	loss := int64(0)
	if c.Kind.IsDividend() {
		// A dividend shares the team's loss, and only when it lost.
		loss = max(0, -po.ProfitLoss)
		po.Base = loss
	} else {
		po.Base = fig.validBet
	}
	if po.Base > 0 {
		po.Tier = tierFor(c.Tiers, fig.validBet, fig.active, loss)
	}
	if po.Tier >= 0 {
		po.Rate = c.Tiers[po.Tier].Rate
		po.Amount = share(po.Base, po.Rate)
	}
	po.State, po.Attempts, po.CreatedAt = PayoutNothing, 1, s.nowMs()
	if po.Amount > 0 {
		// No payout row means no ledger move: both commit together, so the
		// key is unused and not looked up first.
		if err := s.move(ctx, q, &po, cur, true); err != nil {
			return Payout{}, false, err
		}
	}
	// Written with the batch's other new payouts (insertPayouts).
	return po, true, nil
}

// payoutColumnsInsert are a new payout's columns, in insertPayouts' order.
const payoutColumnsInsert = `merchant_code, contract_id, run_id, kind, period, period_start, period_end, payer_id, member_id,
	team_size, active_members, valid_bet, profit_loss, base, tier, rate, amount, state, attempts, created_at, paid_at`

// insertPayouts writes the new payouts among paid (their indexes in
// fresh) in the transaction that moved their money, and sets their ids:
// on PostgreSQL many rows a statement (one round trip), on SQLite one row
// a statement (its parameter binding grows with their square; in process,
// statements cost no round trip).
func (s *Service) insertPayouts(ctx context.Context, q database.Querier, paid []Payout, fresh []int, runID int64) error {
	per := 1
	if s.db.Dialect == database.Postgres {
		per = payBatch
	}
	const n = 21
	for k := 0; k < len(fresh); k += per {
		chunk := fresh[k:min(k+per, len(fresh))]
		var sb strings.Builder
		sb.WriteString(`INSERT INTO agent_payouts (` + payoutColumnsInsert + `) VALUES `)
		args := make([]any, 0, len(chunk)*n)
		for j, i := range chunk {
			po := &paid[i]
			if j > 0 {
				sb.WriteString(", ")
			}
			sb.WriteString("(")
			for c := range n {
				if c > 0 {
					sb.WriteString(", ")
				}
				sb.WriteString("$" + strconv.Itoa(j*n+c+1))
			}
			sb.WriteString(")")
			var payer any
			if po.Payer != nil {
				payer = po.Payer.ID
			}
			args = append(args, po.merchant, po.ContractID, nullID(runID), po.Kind, po.Period, po.PeriodStart, po.PeriodEnd, payer, po.Member.ID,
				po.TeamSize, po.ActiveMembers, po.ValidBet, po.ProfitLoss, po.Base, po.Tier, po.Rate, po.Amount, po.State, po.Attempts, po.CreatedAt, po.PaidAt)
		}
		sb.WriteString(` RETURNING contract_id, id`)
		rows, err := q.QueryContext(ctx, sb.String(), args...)
		if err != nil {
			return fmt.Errorf("agent: payouts: %w", err)
		}
		ids := map[int64]int64{}
		for rows.Next() {
			var contract, id int64
			if err := rows.Scan(&contract, &id); err != nil {
				rows.Close()
				return fmt.Errorf("agent: payouts: %w", err)
			}
			ids[contract] = id
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return fmt.Errorf("agent: payouts: %w", err)
		}
		for _, i := range chunk {
			paid[i].ID = ids[paid[i].ContractID]
		}
	}
	return nil
}

// payAccounts are the accounts a batch's payouts move money between.
func payAccounts(batch []Contract, cur string) []wallet.Ref {
	refs := make([]wallet.Ref, 0, 2*len(batch))
	for _, c := range batch {
		refs = append(refs, wallet.Member(c.Member.ID, cur))
		if c.Upline != nil {
			refs = append(refs, wallet.Member(c.Upline.ID, cur))
		} else {
			refs = append(refs, wallet.Side(wallet.KindCommission, string(c.Kind), cur))
		}
	}
	return refs
}

// move pays po from its payer (the platform's commission side when none)
// to its member; an upline without the balance leaves it insufficient.
func (s *Service) move(ctx context.Context, q database.Querier, po *Payout, cur string, fresh bool) error {
	from := wallet.Side(wallet.KindCommission, string(po.Kind), cur)
	if po.Payer != nil {
		from = wallet.Member(po.Payer.ID, cur)
	}
	key := payKey(po.ContractID, po.PeriodStart)
	r := wallet.Request{Merchant: po.merchant, Key: key, From: from, To: wallet.Member(po.Member.ID, cur),
		Amount: po.Amount, Kind: string(po.Kind), Reference: "contract:" + strconv.FormatInt(po.ContractID, 10)}
	moveIn := s.ledger.MoveIn
	if fresh {
		moveIn = s.ledger.MoveFreshIn
	}
	t, err := moveIn(ctx, q, r)
	if errors.Is(err, wallet.ErrInsufficientFunds) {
		po.State = PayoutInsufficient
		return nil
	}
	if err != nil {
		return err
	}
	po.State, po.PaidAt = PayoutPaid, s.nowMs()
	po.payerBalance, po.memberBalance = t.DebitBalance, t.CreditBalance
	return nil
}

// repay tries an insufficient payout again, for the amount it recorded.
func (s *Service) repay(ctx context.Context, q database.Querier, po Payout, cur string) (Payout, bool, error) {
	if err := s.move(ctx, q, &po, cur, false); err != nil {
		return Payout{}, false, err
	}
	po.Attempts++
	if _, err := q.ExecContext(ctx, `UPDATE agent_payouts SET state = $1, attempts = $2, paid_at = $3 WHERE id = $4`, po.State, po.Attempts, po.PaidAt, po.ID); err != nil {
		return Payout{}, false, fmt.Errorf("agent: repay: %w", err)
	}
	return po, true, nil
}

// retryInsufficient tries the merchant's insufficient payouts of a kind
// of periods that began before before (0: any) again, only those of the
// contracts in only when given.
func (s *Service) retryInsufficient(ctx context.Context, merchant string, k Kind, only map[int64]bool, before int64) ([]Payout, error) {
	ctx = context.WithoutCancel(ctx)
	if before == 0 {
		before = 1 << 62
	}
	list, err := s.payouts(ctx, s.db.Read(), `WHERE p.merchant_code = $1 AND p.kind = $2 AND p.state = 'insufficient' AND p.period_start < $3
		ORDER BY p.period_start, p.id LIMIT 1000`, merchant, k, before)
	if err != nil || len(list) == 0 {
		return nil, err
	}
	cur, err := s.currencyOf(ctx, s.db.Read(), merchant)
	if err != nil {
		return nil, err
	}
	var done []Payout
	periods := map[[2]any]bool{}
	for _, po := range list {
		if only != nil && !only[po.ContractID] {
			continue
		}
		var got Payout
		var changed bool
		err := s.retry(ctx, func(q database.Querier) error {
			if s.db.Dialect == database.Postgres {
				if _, err := q.ExecContext(ctx, `SELECT id FROM agent_contracts WHERE id = $1 FOR UPDATE`, po.ContractID); err != nil {
					return fmt.Errorf("agent: lock contract: %w", err)
				}
			}
			fresh, err := s.payouts(ctx, q, `WHERE p.id = $1`, po.ID)
			if err != nil || len(fresh) == 0 || fresh[0].State != PayoutInsufficient {
				return err
			}
			got, changed, err = s.repay(ctx, q, fresh[0], cur)
			return err
		})
		if err != nil {
			return done, err
		}
		if changed {
			s.announce(ctx, merchant, cur, []Payout{got})
			done = append(done, got)
			periods[[2]any{po.Period, po.PeriodStart}] = true
		}
	}
	for key := range periods {
		if err := s.refreshRun(ctx, merchant, k, key[0].(Period), key[1].(int64)); err != nil {
			return done, err
		}
	}
	return done, nil
}

// announce tells the payers and members of paid payouts their balances.
func (s *Service) announce(ctx context.Context, merchant, cur string, paid []Payout) {
	for _, po := range paid {
		if po.State != PayoutPaid {
			continue
		}
		s.log.InfoContext(ctx, "agent payout", "merchant", merchant, "payout", po.ID, "contract", po.ContractID, "kind", po.Kind, "amount", po.Amount)
		if po.Payer != nil {
			s.balanceChanged(merchant, po.Payer.ID, po.payerBalance, cur)
		}
		s.balanceChanged(merchant, po.Member.ID, po.memberBalance, cur)
	}
}

// finishRun records a run's outcome and counts.
func (s *Service) finishRun(ctx context.Context, runID int64, merchant string, k Kind, p Period, start int64, runErr error) error {
	state, msg := RunDone, ""
	if runErr != nil {
		state, msg = RunFailed, runErr.Error()
		if len(msg) > 500 {
			msg = msg[:500]
		}
	}
	if _, err := s.db.Write().ExecContext(ctx, `UPDATE agent_settlement_runs SET state = $1, error = $2, finished_at = $3 WHERE id = $4`,
		state, msg, s.nowMs(), runID); err != nil {
		return fmt.Errorf("agent: finish run: %w", err)
	}
	return s.refreshRun(ctx, merchant, k, p, start)
}

// refreshRun counts a period's payouts into its run (when there is one):
// process calls and retries change them after the run.
func (s *Service) refreshRun(ctx context.Context, merchant string, k Kind, p Period, start int64) error {
	var n, paid, short, nothing, amount int64
	if err := s.db.Read().QueryRowContext(ctx, `SELECT COUNT(*), COALESCE(SUM(CASE WHEN state = 'paid' THEN 1 ELSE 0 END), 0),
		COALESCE(SUM(CASE WHEN state = 'insufficient' THEN 1 ELSE 0 END), 0), COALESCE(SUM(CASE WHEN state = 'nothing' THEN 1 ELSE 0 END), 0),
		COALESCE(SUM(CASE WHEN state = 'paid' THEN amount ELSE 0 END), 0)
		FROM agent_payouts WHERE merchant_code = $1 AND kind = $2 AND period = $3 AND period_start = $4`, merchant, k, p, start).
		Scan(&n, &paid, &short, &nothing, &amount); err != nil {
		return fmt.Errorf("agent: run counts: %w", err)
	}
	if _, err := s.db.Write().ExecContext(ctx, `UPDATE agent_settlement_runs SET contracts = $1, paid = $2, insufficient = $3, nothing_due = $4, amount = $5
		WHERE merchant_code = $6 AND kind = $7 AND period = $8 AND period_start = $9`, n, paid, short, nothing, amount, merchant, k, p, start); err != nil {
		return fmt.Errorf("agent: run counts: %w", err)
	}
	return nil
}

// Process pays now what is due to or owed by a member for a kind (the
// spec's process-dividend, process-daily-salary, contract-hour-salary and
// real-time-salary calls): the last ended periods of the contracts it
// holds or offered that nobody settled yet, and its insufficient payouts
// again. Nothing is paid twice: each payout is one per contract and period.
func (s *Service) Process(ctx context.Context, merchant string, memberID int64, k Kind) ([]Payout, error) {
	ctx = context.WithoutCancel(ctx)
	mine, err := s.contracts(ctx, s.db.Read(), `WHERE c.merchant_code = $1 AND c.kind = $2 AND (c.member_id = $3 OR c.upline_id = $3)
		AND c.starts_at > 0 AND c.state IN ('active', 'terminated') ORDER BY c.id`, merchant, k, memberID)
	if err != nil || len(mine) == 0 {
		return []Payout{}, err
	}
	only := map[int64]bool{}
	byPeriod := map[Period]int64{}
	for _, c := range mine {
		only[c.ID] = true
		if f, ok := byPeriod[c.Period]; !ok || c.StartsAt < f {
			byPeriod[c.Period] = c.StartsAt
		}
	}
	ps := newPass()
	now := s.nowMs()
	done := []Payout{}
	for p, first := range byPeriod {
		grace := p.grace(s.realtime).Milliseconds()
		// The last 12 ended periods at most; older ones are the job's.
		start, end := p.bounds(now, offset(merchant), s.realtime)
		for i := 0; i < 12 && start > first; i++ {
			start, end = p.bounds(start-1, offset(merchant), s.realtime)
		}
		for ; end+grace <= now; start, end = p.bounds(end, offset(merchant), s.realtime) {
			if end <= first {
				continue
			}
			paid, err := s.settlePeriod(ctx, ps, merchant, k, p, start, end, only, "member")
			if err != nil {
				return done, err
			}
			done = append(done, paid...)
		}
	}
	again, err := s.retryInsufficient(ctx, merchant, k, only, 0)
	return append(done, again...), err
}

// Rerun settles a run's period again for an operator: what failed or was
// insufficient is paid when it can be; what was paid stays paid.
func (s *Service) Rerun(ctx context.Context, merchant string, id int64) (Run, error) {
	r, err := s.RunOf(ctx, merchant, id)
	if err != nil {
		return r, err
	}
	if r.State == RunDone && r.Insufficient == 0 {
		return r, ErrRunState
	}
	ps := newPass()
	if _, err := s.settlePeriod(ctx, ps, merchant, r.Kind, r.Period, r.PeriodStart, r.PeriodEnd, nil, "operator"); err != nil {
		return r, err
	}
	only := map[int64]bool{}
	list, err := s.payouts(ctx, s.db.Read(), `WHERE p.merchant_code = $1 AND p.kind = $2 AND p.period = $3 AND p.period_start = $4 AND p.state = 'insufficient'`,
		merchant, r.Kind, r.Period, r.PeriodStart)
	if err != nil {
		return r, err
	}
	for _, po := range list {
		only[po.ContractID] = true
	}
	if len(only) > 0 {
		if _, err := s.retryInsufficient(ctx, merchant, r.Kind, only, 0); err != nil {
			return r, err
		}
	}
	return s.RunOf(ctx, merchant, id)
}

const runColumns = `id, kind, period, period_start, period_end, state, contracts, paid, insufficient, nothing_due, amount, error, started_at, finished_at, trigger_by`

func scanRun(row interface{ Scan(...any) error }) (Run, error) {
	var r Run
	err := row.Scan(&r.ID, &r.Kind, &r.Period, &r.PeriodStart, &r.PeriodEnd, &r.State, &r.Contracts, &r.Paid, &r.Insufficient, &r.Nothing, &r.Amount,
		&r.Error, &r.StartedAt, &r.FinishedAt, &r.Trigger)
	return r, err
}

// RunOf is one settlement run of the merchant.
func (s *Service) RunOf(ctx context.Context, merchant string, id int64) (Run, error) {
	r, err := scanRun(s.db.Read().QueryRowContext(ctx, `SELECT `+runColumns+` FROM agent_settlement_runs WHERE id = $1 AND merchant_code = $2`, id, merchant))
	if isNoRows(err) {
		return r, ErrNotFound
	}
	if err != nil {
		return r, fmt.Errorf("agent: run: %w", err)
	}
	return r, nil
}

// Runs is a page of the merchant's settlement runs, newest period first.
func (s *Service) Runs(ctx context.Context, merchant string, k Kind, page, size int) ([]Run, int64, error) {
	page, size = pageOf(page, size)
	var total int64
	if err := s.db.Read().QueryRowContext(ctx, `SELECT COUNT(*) FROM agent_settlement_runs WHERE merchant_code = $1 AND ($2 = '' OR kind = $2)`,
		merchant, string(k)).Scan(&total); err != nil {
		return nil, 0, fmt.Errorf("agent: runs: %w", err)
	}
	rows, err := s.db.Read().QueryContext(ctx, `SELECT `+runColumns+` FROM agent_settlement_runs WHERE merchant_code = $1 AND ($2 = '' OR kind = $2)
		ORDER BY period_start DESC, id DESC LIMIT `+strconv.Itoa(size)+` OFFSET `+strconv.Itoa((page-1)*size), merchant, string(k))
	if err != nil {
		return nil, 0, fmt.Errorf("agent: runs: %w", err)
	}
	defer rows.Close()
	out := []Run{}
	for rows.Next() {
		r, err := scanRun(rows)
		if err != nil {
			return nil, 0, fmt.Errorf("agent: runs: %w", err)
		}
		out = append(out, r)
	}
	return out, total, rows.Err()
}

// RunPayouts is a page of the payouts of a run's period (state "" all).
func (s *Service) RunPayouts(ctx context.Context, merchant string, id int64, state string, page, size int) (Run, PayoutPage, error) {
	r, err := s.RunOf(ctx, merchant, id)
	if err != nil {
		return r, PayoutPage{}, err
	}
	page, size = pageOf(page, size)
	out := PayoutPage{Page: page, PageSize: size}
	where := `WHERE p.merchant_code = $1 AND p.kind = $2 AND p.period = $3 AND p.period_start = $4 AND ($5 = '' OR p.state = $5)`
	args := []any{merchant, r.Kind, r.Period, r.PeriodStart, state}
	if err := s.db.Read().QueryRowContext(ctx, `SELECT COUNT(*), COALESCE(SUM(CASE WHEN p.state = 'paid' THEN p.amount ELSE 0 END), 0) FROM agent_payouts p `+where, args...).
		Scan(&out.Total, &out.Summary.Amount); err != nil {
		return r, out, fmt.Errorf("agent: run payouts: %w", err)
	}
	out.List, err = s.payouts(ctx, s.db.Read(), where+` ORDER BY p.id LIMIT `+strconv.Itoa(size)+` OFFSET `+strconv.Itoa((page-1)*size), args...)
	return r, out, err
}
