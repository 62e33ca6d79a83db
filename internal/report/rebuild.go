package report

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"portal/internal/database"
)

// Difference is an aggregate row that does not agree with the ledger: the
// stored figures and the ones rebuilt from the source rows ("" where the
// row is missing on that side).
type Difference struct {
	Table   string `json:"table"`
	Key     string `json:"key"`
	Stored  string `json:"stored"`
	Rebuilt string `json:"rebuilt"`
}

func (d Difference) String() string {
	stored, rebuilt := d.Stored, d.Rebuilt
	if stored == "" {
		stored = "(missing)"
	}
	if rebuilt == "" {
		rebuilt = "(none)"
	}
	return fmt.Sprintf("%s %s: stored %s, rebuilt %s", d.Table, d.Key, stored, rebuilt)
}

// Rebuilt is the outcome of a rebuild or check.
type Rebuilt struct {
	// Rows is how many aggregate rows the source rows make, per table.
	Rows map[string]int64
	// Differences are the rows that disagreed (at most MaxDifferences of
	// them; Differing counts them all). After a rebuild (not a check) the
	// stored rows have been replaced and agree.
	Differences []Difference
	Differing   int64
}

// MaxDifferences bounds the differences a check lists.
const MaxDifferences = 100

// The rebuild's source: every ledger transfer of a real-money round, read
// through the seamless wallet's record of it (vendor_transactions, whose
// transfer key is vendor:<vendor>:<transaction id>) and its round (for the
// merchant, game and mode). Only transfers that exist count: a rollback of
// a bet already refunded, or of one that never came, moved nothing and has
// none. Trial rounds (play money) never count. Times are the transfers'.
const sourceSQL = `SELECT r.merchant_code AS merchant_code, v.member_id AS member_id, r.vendor_code AS vendor_code,
	r.game_code AS game_code, r.game_type AS game_type, w.kind AS kind, w.amount AS amount, w.created_at AS at
	FROM vendor_transactions v
	JOIN game_rounds r ON r.id = v.round_ref
	JOIN wallet_transfers w ON w.merchant_code = r.merchant_code AND w.idempotency_key = 'vendor:' || v.vendor_code || ':' || v.transaction_id
	WHERE r.mode = 'real' AND w.kind IN ('bet', 'win', 'rollback') AND ($1 = '' OR r.merchant_code = $1)`

// tables are the aggregates, their keys and their figures, in the order
// compared and printed.
var tables = []struct {
	name   string
	keys   []string
	values []string
}{
	{"report_hours", []string{"merchant_code", "hour", "shard"},
		[]string{"registrations", "first_deposits", "active_players", "bet_count", "bets", "wins"}},
	{"report_vendors", []string{"merchant_code", "day", "vendor_code", "game_type", "shard"},
		[]string{"bet_count", "bets", "wins"}},
	{"report_games", []string{"merchant_code", "day", "vendor_code", "game_code", "game_type", "shard"},
		[]string{"bet_count", "bets", "wins"}},
	{"report_members", []string{"merchant_code", "day", "member_id"},
		[]string{"first_bet_hour", "bets_placed", "bet_count", "bets", "wins"}},
}

// Rebuild recomputes every aggregate of merchantCode ("" for every
// merchant) from the source rows: the ledger's transfers of real-money
// rounds, and the members (registrations). With check it only compares and
// answers the differences; without, it replaces the stored aggregates with
// the rebuilt ones (and answers what differed before). First deposits have
// no source yet (the cashier will give one): they are kept as stored.
//
// It runs in one transaction. A check on PostgreSQL reads one snapshot
// (figures and ledger commit together, so any snapshot agrees); a rebuild
// locks the aggregates against writers, so bets wait for it and none is
// lost or counted twice. On SQLite the one writer is held throughout.
func Rebuild(ctx context.Context, db *database.DB, merchantCode string, check bool) (Rebuilt, error) {
	out := Rebuilt{Rows: map[string]int64{}}
	err := db.InTx(ctx, func(q database.Querier) error {
		if db.Dialect == database.Postgres {
			stmt := `SET TRANSACTION ISOLATION LEVEL REPEATABLE READ`
			if !check {
				stmt = `LOCK TABLE report_hours, report_vendors, report_games, report_members IN EXCLUSIVE MODE`
			}
			if _, err := q.ExecContext(ctx, stmt); err != nil {
				return fmt.Errorf("report: rebuild: %w", err)
			}
		}
		dropScratch(ctx, q)
		defer dropScratch(context.WithoutCancel(ctx), q)
		if err := fillScratch(ctx, q, merchantCode); err != nil {
			return err
		}
		for _, t := range tables {
			scratch := scratchOf(t.name)
			var rows int64
			if err := q.QueryRowContext(ctx, `SELECT COUNT(*) FROM `+scratch).Scan(&rows); err != nil {
				return fmt.Errorf("report: rebuild: count: %w", err)
			}
			out.Rows[t.name] = rows
			n, diffs, err := compare(ctx, q, t.name, t.keys, t.values, merchantCode, MaxDifferences-len(out.Differences))
			if err != nil {
				return err
			}
			out.Differing += n
			out.Differences = append(out.Differences, diffs...)
			if check {
				continue
			}
			cols := strings.Join(append(append([]string{}, t.keys...), t.values...), ", ")
			if _, err := q.ExecContext(ctx, `DELETE FROM `+t.name+` WHERE $1 = '' OR merchant_code = $1`, merchantCode); err != nil {
				return fmt.Errorf("report: rebuild: clear %s: %w", t.name, err)
			}
			if _, err := q.ExecContext(ctx, `INSERT INTO `+t.name+` (`+cols+`) SELECT `+cols+` FROM `+scratch); err != nil {
				return fmt.Errorf("report: rebuild: fill %s: %w", t.name, err)
			}
		}
		return nil
	})
	return out, err
}

// scratchOf is the temporary table a rebuild computes an aggregate into.
func scratchOf(table string) string { return "rebuilt_" + strings.TrimPrefix(table, "report_") }

// dropScratch drops the temporary tables (they live as long as the
// connection, which the pool keeps).
func dropScratch(ctx context.Context, q database.Querier) {
	for _, t := range []string{"rebuilt_src", "rebuilt_hours", "rebuilt_vendors", "rebuilt_games", "rebuilt_members"} {
		_, _ = q.ExecContext(ctx, `DROP TABLE IF EXISTS `+t)
	}
}

// scratchSQL computes the aggregates into temporary tables: the source's
// transfers with their buckets and signed figures, then each aggregate.
// Parameters are bound in INSERT ... SELECT (PostgreSQL takes none in
// CREATE TABLE AS).
var scratchSQL = []string{
	`CREATE TEMP TABLE rebuilt_src (merchant_code TEXT, member_id BIGINT, vendor_code TEXT, game_code TEXT, game_type TEXT,
		hour BIGINT, day BIGINT, shard BIGINT, placed BIGINT, bet_count BIGINT, bets BIGINT, wins BIGINT)`,
	`INSERT INTO rebuilt_src SELECT merchant_code, member_id, vendor_code, game_code, game_type,
		at / ` + strconv.FormatInt(msPerHour, 10) + `, (at + $2) / ` + strconv.FormatInt(msPerDay, 10) + `, member_id % ` + strconv.Itoa(Shards) + `,
		CASE kind WHEN 'bet' THEN 1 ELSE 0 END,
		CASE kind WHEN 'bet' THEN 1 WHEN 'rollback' THEN -1 ELSE 0 END,
		CASE kind WHEN 'bet' THEN amount WHEN 'rollback' THEN -amount ELSE 0 END,
		CASE kind WHEN 'win' THEN amount ELSE 0 END
		FROM (` + sourceSQL + `) s`,
	`CREATE TEMP TABLE rebuilt_members (merchant_code TEXT, day BIGINT, member_id BIGINT, first_bet_hour BIGINT, bets_placed BIGINT,
		bet_count BIGINT, bets BIGINT, wins BIGINT)`,
	`INSERT INTO rebuilt_members SELECT merchant_code, day, member_id, COALESCE(MIN(CASE WHEN placed = 1 THEN hour END), 0),
		SUM(placed), SUM(bet_count), SUM(bets), SUM(wins) FROM rebuilt_src GROUP BY merchant_code, day, member_id`,
	`CREATE INDEX rebuilt_members_key ON rebuilt_members (merchant_code, day, member_id)`,
	`CREATE TEMP TABLE rebuilt_vendors (merchant_code TEXT, day BIGINT, vendor_code TEXT, game_type TEXT, shard BIGINT,
		bet_count BIGINT, bets BIGINT, wins BIGINT)`,
	`INSERT INTO rebuilt_vendors SELECT merchant_code, day, vendor_code, game_type, shard, SUM(bet_count), SUM(bets), SUM(wins)
		FROM rebuilt_src GROUP BY merchant_code, day, vendor_code, game_type, shard`,
	`CREATE INDEX rebuilt_vendors_key ON rebuilt_vendors (merchant_code, day, vendor_code, game_type, shard)`,
	`CREATE TEMP TABLE rebuilt_games (merchant_code TEXT, day BIGINT, vendor_code TEXT, game_code TEXT, game_type TEXT, shard BIGINT,
		bet_count BIGINT, bets BIGINT, wins BIGINT)`,
	`INSERT INTO rebuilt_games SELECT merchant_code, day, vendor_code, game_code, game_type, shard, SUM(bet_count), SUM(bets), SUM(wins)
		FROM rebuilt_src GROUP BY merchant_code, day, vendor_code, game_code, game_type, shard`,
	`CREATE INDEX rebuilt_games_key ON rebuilt_games (merchant_code, day, vendor_code, game_code, game_type, shard)`,
	// Members of type 4 are trial (play-money) accounts: not registrations.
	`CREATE TEMP TABLE rebuilt_hours (merchant_code TEXT, hour BIGINT, shard BIGINT, registrations BIGINT, first_deposits BIGINT,
		active_players BIGINT, bet_count BIGINT, bets BIGINT, wins BIGINT)`,
	`INSERT INTO rebuilt_hours SELECT merchant_code, hour, shard, SUM(registrations), SUM(first_deposits), SUM(active_players),
		SUM(bet_count), SUM(bets), SUM(wins) FROM (
		SELECT merchant_code, hour, shard, 0 AS registrations, 0 AS first_deposits, 0 AS active_players, bet_count, bets, wins FROM rebuilt_src
		UNION ALL SELECT merchant_code, first_bet_hour, member_id % ` + strconv.Itoa(Shards) + `, 0, 0, 1, 0, 0, 0 FROM rebuilt_members WHERE first_bet_hour > 0
		UNION ALL SELECT merchant_code, created_at / ` + strconv.FormatInt(msPerHour, 10) + `, id % ` + strconv.Itoa(Shards) + `, 1, 0, 0, 0, 0, 0
			FROM members WHERE type <> 4 AND ($1 = '' OR merchant_code = $1)
		UNION ALL SELECT merchant_code, hour, shard, 0, first_deposits, 0, 0, 0, 0
			FROM report_hours WHERE first_deposits <> 0 AND ($1 = '' OR merchant_code = $1)
		) x GROUP BY merchant_code, hour, shard`,
	`CREATE INDEX rebuilt_hours_key ON rebuilt_hours (merchant_code, hour, shard)`,
}

func fillScratch(ctx context.Context, q database.Querier, merchantCode string) error {
	// Every merchant reports in the same zone for now (Offset); a zone per
	// merchant would bucket each merchant's rows by its own here.
	offset := Offset(merchantCode).Milliseconds()
	for _, stmt := range scratchSQL {
		var args []any
		switch {
		case strings.Contains(stmt, "$2"):
			args = []any{merchantCode, offset}
		case strings.Contains(stmt, "$1"):
			args = []any{merchantCode}
		}
		if _, err := q.ExecContext(ctx, stmt, args...); err != nil {
			return fmt.Errorf("report: rebuild: %w", err)
		}
	}
	return nil
}

// compare lists the rows of table and its rebuilt twin that differ: rows
// only on one side, and rows whose figures differ. It answers how many
// differ and the first limit of them.
func compare(ctx context.Context, q database.Querier, table string, keys, values []string, merchantCode string, limit int) (int64, []Difference, error) {
	scratch := scratchOf(table)
	var on, differ, sCols, tCols []string
	for _, k := range keys {
		on = append(on, "t."+k+" = s."+k)
	}
	for _, v := range values {
		differ = append(differ, "t."+v+" <> s."+v)
	}
	for _, c := range append(append([]string{}, keys...), values...) {
		sCols = append(sCols, "s."+c)
		tCols = append(tCols, "t."+c)
	}
	var tValues []string
	for _, v := range values {
		tValues = append(tValues, "t."+v)
	}
	// Rebuilt rows missing or different in the table, then stored rows
	// the rebuild does not make.
	query := `SELECT ` + strings.Join(sCols, ", ") + `, 1, ` + strings.Join(tValues, ", ") + ` FROM ` + scratch + ` s LEFT JOIN ` + table + ` t ON ` +
		strings.Join(on, " AND ") + ` WHERE t.` + keys[0] + ` IS NULL OR ` + strings.Join(differ, " OR ") + `
		UNION ALL SELECT ` + strings.Join(tCols, ", ") + `, 0, ` + strings.Join(tValues, ", ") + ` FROM ` + table + ` t LEFT JOIN ` + scratch + ` s ON ` +
		strings.Join(on, " AND ") + ` WHERE s.` + keys[0] + ` IS NULL AND ($1 = '' OR t.merchant_code = $1)`
	rows, err := q.QueryContext(ctx, query, merchantCode)
	if err != nil {
		return 0, nil, fmt.Errorf("report: compare %s: %w", table, err)
	}
	defer rows.Close()
	var n int64
	var out []Difference
	width := len(keys) + len(values)
	for rows.Next() {
		raw := make([]any, width+1+len(values))
		cells := make([]*string, len(raw))
		var rebuilt int64
		for i := range raw {
			if i == width {
				raw[i] = &rebuilt
				continue
			}
			cells[i] = new(string)
			raw[i] = &nullString{cells[i]}
		}
		if err := rows.Scan(raw...); err != nil {
			return 0, nil, fmt.Errorf("report: compare %s: %w", table, err)
		}
		n++
		if len(out) >= limit {
			continue
		}
		d := Difference{Table: table}
		var key []string
		for i, k := range keys {
			key = append(key, k+"="+*cells[i])
		}
		d.Key = strings.Join(key, " ")
		first := figures(values, cells[len(keys):width])
		stored := figures(values, cells[width+1:])
		if rebuilt == 1 {
			d.Rebuilt = first
			if *cells[width+1] != "" {
				d.Stored = stored
			}
		} else {
			d.Stored = first
		}
		out = append(out, d)
	}
	return n, out, rows.Err()
}

func figures(names []string, cells []*string) string {
	var parts []string
	for i, n := range names {
		parts = append(parts, n+"="+*cells[i])
	}
	return strings.Join(parts, " ")
}

// nullString scans any cell, NULL as "".
type nullString struct{ s *string }

func (n *nullString) Scan(v any) error {
	switch x := v.(type) {
	case nil:
		*n.s = ""
	case []byte:
		*n.s = string(x)
	default:
		*n.s = fmt.Sprint(x)
	}
	return nil
}
