package inbox

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"portal/internal/database"
	"portal/internal/dbtest"
)

// world is two merchants and their members, with a clock the test moves.
type world struct {
	t   *testing.T
	db  *database.DB
	s   *Service
	now time.Time
}

func newWorld(t *testing.T, db *database.DB) *world {
	w := &world{t: t, db: db, now: time.Date(2026, 11, 1, 0, 0, 0, 0, time.UTC)}
	w.s = NewService(db)
	w.s.now = func() time.Time { return w.now }
	for _, code := range []string{"m1", "m2"} {
		if _, err := db.Write().ExecContext(context.Background(), `INSERT INTO merchants (code, name, currency) VALUES ($1, $1, 'USD')`, code); err != nil {
			t.Fatal(err)
		}
	}
	return w
}

// member registers a member of merchant at vip now, then moves the clock.
func (w *world) member(merchant, name string, vip int) int64 {
	w.t.Helper()
	var id int64
	err := w.db.Write().QueryRowContext(context.Background(), `INSERT INTO members (merchant_code, username, password_hash, vip_level, created_at)
		VALUES ($1, $2, 'x', $3, $4) RETURNING id`, merchant, name, vip, w.now.UnixMilli()).Scan(&id)
	if err != nil {
		w.t.Fatal(err)
	}
	w.tick()
	return id
}

func (w *world) tick() { w.now = w.now.Add(time.Second) }

func (w *world) broadcast(merchant string, vip *int, title string) Broadcast {
	w.t.Helper()
	b, err := w.s.SendBroadcast(context.Background(), merchant, vip, title, "Body of "+title, "ops")
	if err != nil {
		w.t.Fatal(err)
	}
	w.tick()
	return b
}

func (w *world) direct(merchant string, member int64, title string) Message {
	w.t.Helper()
	m, err := w.s.Send(context.Background(), merchant, member, title, "Body of "+title, "ops")
	if err != nil {
		w.t.Fatal(err)
	}
	w.tick()
	return m
}

// titles lists a member's whole inbox, newest first, and checks the
// unread count against the list.
func (w *world) titles(member int64) string {
	w.t.Helper()
	list, total, err := w.s.List(context.Background(), member, 1, 100)
	if err != nil || total != len(list) {
		w.t.Fatalf("list = %d %d %v", total, len(list), err)
	}
	var out []string
	unread := 0
	for _, m := range list {
		out = append(out, m.Title)
		if m.ReadAt == nil {
			unread++
		}
	}
	if n, err := w.s.Unread(context.Background(), member); err != nil || n != unread {
		w.t.Fatalf("unread = %d %v, the list has %d", n, err, unread)
	}
	return strings.Join(out, ",")
}

func level(n int) *int { return &n }

// TestAudience: a broadcast to all reaches every member of its merchant
// who registered before it; one to a VIP level only the members at that
// level when they read; none crosses merchants.
func TestAudience(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newWorld(t, db)
		ctx := context.Background()
		ann := w.member("m1", "ann", 0)
		bob := w.member("m1", "bob", 3)
		cy := w.member("m2", "cy", 3)
		w.broadcast("m1", nil, "all")
		w.broadcast("m1", level(3), "vip3")
		w.broadcast("m2", nil, "other merchant")
		late := w.member("m1", "late", 3)
		w.broadcast("m1", level(5), "vip5")
		for _, tc := range []struct {
			member int64
			want   string
		}{
			{ann, "all"},
			{bob, "vip3,all"},
			{cy, "other merchant"},
			{late, ""}, // registered after all three
		} {
			if got := w.titles(tc.member); got != tc.want {
				t.Errorf("member %d sees %q, want %q", tc.member, got, tc.want)
			}
		}
		// The level counts when reading: ann promoted to 5 sees the vip5
		// one, bob demoted loses vip3.
		if _, err := db.Write().ExecContext(ctx, `UPDATE members SET vip_level = CASE id WHEN $1 THEN 5 ELSE 0 END WHERE id IN ($1, $2)`, ann, bob); err != nil {
			t.Fatal(err)
		}
		if got := w.titles(ann); got != "vip5,all" {
			t.Errorf("ann at 5 sees %q", got)
		}
		if got := w.titles(bob); got != "all" {
			t.Errorf("bob at 0 sees %q", got)
		}
		for _, bad := range []*int{level(-1), level(100)} {
			if _, err := w.s.SendBroadcast(ctx, "m1", bad, "t", "b", "ops"); !errors.Is(err, ErrAudience) {
				t.Errorf("level %d: %v", *bad, err)
			}
		}
	})
}

// TestReadDelete: reading and deleting work alike on both kinds, only on
// the member's own messages; the back office counts the readers once each.
func TestReadDelete(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newWorld(t, db)
		ctx := context.Background()
		ann := w.member("m1", "ann", 0)
		bob := w.member("m1", "bob", 0)
		cy := w.member("m2", "cy", 0)
		b := w.broadcast("m1", nil, "b1")
		d := w.direct("m1", ann, "d1")
		if got := w.titles(ann); got != "d1,b1" {
			t.Fatalf("ann = %q", got)
		}
		// Other members (same merchant, other merchant) name ann's ids.
		for _, tc := range []struct {
			member int64
			kind   Kind
			id     int64
		}{
			{bob, KindDirect, d.ID}, {cy, KindDirect, d.ID}, {cy, KindBroadcast, b.ID},
			{ann, KindBroadcast, d.ID + 1000}, {ann, KindDirect, 0}, {ann, "other", b.ID},
		} {
			if err := w.s.MarkRead(ctx, tc.member, tc.kind, tc.id); !errors.Is(err, ErrNotFound) {
				t.Errorf("read %d %s %d: %v", tc.member, tc.kind, tc.id, err)
			}
			if err := w.s.Delete(ctx, tc.member, tc.kind, tc.id); !errors.Is(err, ErrNotFound) {
				t.Errorf("delete %d %s %d: %v", tc.member, tc.kind, tc.id, err)
			}
		}
		if n, _ := w.s.Unread(ctx, ann); n != 2 {
			t.Fatalf("ann unread = %d", n)
		}
		// Reading twice counts once.
		for range 2 {
			if err := w.s.MarkRead(ctx, ann, KindBroadcast, b.ID); err != nil {
				t.Fatal(err)
			}
			if err := w.s.MarkRead(ctx, ann, KindDirect, d.ID); err != nil {
				t.Fatal(err)
			}
		}
		if err := w.s.MarkRead(ctx, bob, KindBroadcast, b.ID); err != nil {
			t.Fatal(err)
		}
		if n, _ := w.s.Unread(ctx, ann); n != 0 {
			t.Errorf("ann unread after reading = %d", n)
		}
		list, _, _ := w.s.Broadcasts(ctx, "m1", 1, 10)
		if len(list) != 1 || list[0].Reads != 2 {
			t.Errorf("broadcasts = %+v", list)
		}
		// Deleting: gone from the list and count, once.
		w.broadcast("m1", nil, "b2")
		if got := w.titles(ann); got != "b2,d1,b1" {
			t.Fatalf("ann = %q", got)
		}
		for _, del := range []struct {
			kind Kind
			id   int64
		}{{KindBroadcast, b.ID}, {KindDirect, d.ID}} {
			if err := w.s.Delete(ctx, ann, del.kind, del.id); err != nil {
				t.Fatal(err)
			}
			if err := w.s.Delete(ctx, ann, del.kind, del.id); !errors.Is(err, ErrNotFound) {
				t.Errorf("delete twice: %v", err)
			}
			if err := w.s.MarkRead(ctx, ann, del.kind, del.id); !errors.Is(err, ErrNotFound) {
				t.Errorf("read deleted: %v", err)
			}
		}
		if got := w.titles(ann); got != "b2" {
			t.Errorf("ann after deleting = %q", got)
		}
		// An unread broadcast deleted leaves the count too; bob's copy stays.
		var b2 int64
		if l, _, _ := w.s.Broadcasts(ctx, "m1", 1, 1); len(l) == 1 {
			b2 = l[0].ID
		}
		if err := w.s.Delete(ctx, ann, KindBroadcast, b2); err != nil {
			t.Fatal(err)
		}
		if got := w.titles(ann); got != "" {
			t.Errorf("ann = %q", got)
		}
		if got := w.titles(bob); got != "b2,b1" {
			t.Errorf("bob = %q", got)
		}
		// The back office still sees the deleted direct message.
		sent, total, err := w.s.Direct(ctx, ann, 1, 10)
		if err != nil || total != 1 || sent[0].DeletedAt == nil || sent[0].ReadAt == nil {
			t.Errorf("direct = %+v %d %v", sent, total, err)
		}
	})
}

// TestPaging: pages over both kinds meet without gap or repeat, newest
// first, including messages sent in the same millisecond.
func TestPaging(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newWorld(t, db)
		ctx := context.Background()
		ann := w.member("m1", "ann", 2)
		var want []string
		for i := range 23 {
			title := fmt.Sprintf("m%02d", i)
			switch i % 3 {
			case 0:
				w.direct("m1", ann, title)
			case 1:
				w.broadcast("m1", level(2), title)
			default:
				// Same instant as the one before: the order still holds.
				w.now = w.now.Add(-time.Second)
				w.broadcast("m1", nil, title)
			}
			want = append([]string{title}, want...)
		}
		var got []string
		for page := 1; page <= 5; page++ {
			list, total, err := w.s.List(ctx, ann, page, 5)
			if err != nil || total != 23 {
				t.Fatalf("page %d: %d %v", page, total, err)
			}
			for _, m := range list {
				got = append(got, m.Title)
			}
		}
		// Within one millisecond the kind decides (direct, then broadcast;
		// newer id first), so compare as sets of page-wise neighbours.
		if len(got) != 23 || strings.Join(sorted(got), ",") != strings.Join(sorted(want), ",") {
			t.Fatalf("pages = %v", got)
		}
		for i := 1; i < len(got); i++ {
			if got[i-1] < got[i] && !sameInstant(got[i-1], got[i]) {
				t.Errorf("order: %s before %s", got[i-1], got[i])
			}
		}
	})
}

func sorted(s []string) []string {
	out := append([]string{}, s...)
	for i := range out {
		for j := i + 1; j < len(out); j++ {
			if out[j] < out[i] {
				out[i], out[j] = out[j], out[i]
			}
		}
	}
	return out
}

// sameInstant: m(3k+1) and m(3k+2) were sent in the same millisecond.
func sameInstant(a, b string) bool {
	var x, y int
	fmt.Sscanf(a, "m%d", &x)
	fmt.Sscanf(b, "m%d", &y)
	if x > y {
		x, y = y, x
	}
	return x%3 == 1 && y == x+1
}

// TestHostileMessages: the title and text rules hold for broadcasts, and
// markup is kept as text.
func TestHostileMessages(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, db *database.DB) {
		w := newWorld(t, db)
		ctx := context.Background()
		for _, tc := range []struct{ title, body string }{
			{"", "b"}, {"t", ""}, {"  ", "b"}, {strings.Repeat("t", 101), "b"}, {"t", strings.Repeat("b", 2001)},
			{"t\x00", "b"}, {"t", "\xff\xfe"},
		} {
			if _, err := w.s.SendBroadcast(ctx, "m1", nil, tc.title, tc.body, "ops"); !errors.Is(err, ErrMessageRule) {
				t.Errorf("%q/%q: %v", tc.title, tc.body, err)
			}
		}
		ann := w.member("m1", "ann", 0)
		w.now = w.now.Add(time.Second)
		b, err := w.s.SendBroadcast(ctx, "m1", nil, " <b>Hi</b> ", "<script>alert(1)</script>", "ops")
		if err != nil || b.Title != "<b>Hi</b>" {
			t.Fatalf("%+v %v", b, err)
		}
		list, _, _ := w.s.List(ctx, ann, 1, 10)
		if len(list) != 1 || list[0].Body != "<script>alert(1)</script>" || list[0].Kind != KindBroadcast {
			t.Errorf("list = %+v", list)
		}
	})
}
