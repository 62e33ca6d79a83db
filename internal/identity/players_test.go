package identity

import (
	"context"
	"strconv"
	"strings"
	"testing"

	"portal/internal/database"
	"portal/internal/dbtest"
)

// TestSearchKinds: each kind of query finds its member within the
// merchant, and each is answered from an index (migration 00019), not by
// reading the whole members table.
func TestSearchKinds(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		s, _ := setup(t, db)
		ctx := context.Background()
		id, err := s.Open(ctx, NewMember{MerchantCode: "demo", Username: "Zed9", Password: "Zed@1234", Mobile: "+85577123456", Email: "Zed@Mail.Example"})
		if err != nil {
			t.Fatal(err)
		}
		if err := s.RememberIP(ctx, id, "203.0.113.9"); err != nil {
			t.Fatal(err)
		}
		for _, q := range []string{"ZE", "zed@mail", "85577", "+8557712", "203.0.113.9", strings.TrimSpace(" zed9 ")} {
			got, total, err := s.Search(ctx, "demo", q, 1, 10)
			if err != nil || total != 1 || len(got) != 1 || got[0].ID != id {
				t.Errorf("q=%q: %d %+v %v", q, total, got, err)
			}
			if got, total, _ := s.Search(ctx, "lucky", q, 1, 10); total != 0 || len(got) != 0 {
				t.Errorf("q=%q at lucky: %d", q, total)
			}
		}
		if got, _, _ := s.Search(ctx, "demo", strconv.FormatInt(id, 10), 1, 10); len(got) != 1 || got[0].ID != id {
			t.Errorf("by id: %+v", got)
		}
		// A page past the end still tells how many match.
		if got, total, err := s.Search(ctx, "demo", "ze", 5, 10); err != nil || total != 1 || len(got) != 0 {
			t.Errorf("past the end: %d %+v %v", total, got, err)
		}
		// The plans, over enough members for PostgreSQL's planner to tell
		// the indexes apart.
		if _, err := db.Write().ExecContext(ctx, `INSERT INTO members (merchant_code, username, mobile, email, password_hash, created_at)
			WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000)
			SELECT 'demo', 'bulk' || i, '+1' || (1000000 + i), 'bulk' || i || '@x.example', 'x', i FROM n`); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Write().ExecContext(ctx, `INSERT INTO member_ips (member_id, ip, first_seen, last_seen)
			SELECT id, '10.9.' || (id % 250) || '.' || (id % 97), 1, 1 FROM members WHERE username LIKE 'bulk%'`); err != nil {
			t.Fatal(err)
		}
		if _, err := db.Write().ExecContext(ctx, `ANALYZE`); err != nil {
			t.Fatal(err)
		}
		uses := map[database.Dialect]map[string]string{
			database.SQLite: {"username": "sqlite_autoindex_members_1 (merchant_code=? AND username>? AND username<?)",
				"email": "members_email_prefix (merchant_code=? AND <expr>>? AND <expr><?)", "mobile": "members_mobile_prefix (merchant_code=? AND mobile>? AND mobile<?)",
				"ip": "member_ips_ip (ip=?)"},
			database.Postgres: {"username": "members_username_prefix", "email": "members_email_prefix", "mobile": "members_mobile_prefix", "ip": "member_ips_ip"},
		}[db.Dialect]
		for q, kinds := range map[string][]string{"2031": {"username", "email", "mobile"}, "203.0.113.9": {"username", "email", "ip"}} {
			ids, args := s.searchIDs("demo", q)
			plan := explain(t, db, `SELECT id FROM (`+ids+`) matched ORDER BY id DESC LIMIT 20`, args...)
			// No kind may read the whole merchant: a scan of members is what
			// cost PostgreSQL 480 ms at a million players.
			for _, scan := range []string{"Seq Scan on members", "SCAN members"} {
				if strings.Contains(plan, scan) {
					t.Errorf("q=%q: the search scans members:\n%s", q, plan)
				}
			}
			for _, kind := range kinds {
				if !strings.Contains(plan, uses[kind]) {
					t.Errorf("q=%q: the %s part does not use %s:\n%s", q, kind, uses[kind], plan)
				}
			}
		}
	})
}

// explain is the plan of query.
func explain(t *testing.T, db *database.DB, query string, args ...any) string {
	t.Helper()
	ctx := context.Background()
	var out []string
	err := db.InTx(ctx, func(q database.Querier) error {
		prefix := "EXPLAIN QUERY PLAN "
		if db.Dialect == database.Postgres {
			prefix = "EXPLAIN "
		}
		rows, err := q.QueryContext(ctx, prefix+query, args...)
		if err != nil {
			return err
		}
		defer rows.Close()
		cols, _ := rows.Columns()
		for rows.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				return err
			}
			for _, v := range vals {
				switch v := v.(type) {
				case string:
					out = append(out, v)
				case []byte:
					out = append(out, string(v))
				}
			}
		}
		return rows.Err()
	})
	if err != nil {
		t.Fatal(err)
	}
	return strings.Join(out, "\n")
}
