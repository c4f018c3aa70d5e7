package sql

import (
	"fmt"
	"strings"
	"testing"

	"github.com/fencecheck/fencecheck/internal/catalogue"
	"github.com/fencecheck/fencecheck/internal/sqltext"
	"github.com/fencecheck/fencecheck/passes/model/store"
)

// describe renders an op for comparison.
func describe(x store.Op) string {
	switch x := x.(type) {
	case *store.Acquire:
		return fmt.Sprintf("acquire cols=%s same=%v session=%v", strings.Join(x.Columns, ","), x.SameHandle, x.Session)
	case *store.Release:
		if x.Write != nil {
			return "release+write " + x.Write.Verb + " " + x.Write.Target
		}
		return "release"
	case *store.Renew:
		return "renew"
	case *store.NotWrite:
		return fmt.Sprintf("notwrite cleanup=%v", x.Cleanup)
	case *store.Write:
		return "write " + x.Verb + " " + x.Target
	case *store.Read:
		return "read"
	case nil:
		return "nil"
	}
	return fmt.Sprintf("%T", x)
}

func TestRead(t *testing.T) {
	for _, c := range []struct {
		text   string
		handle catalogue.Handle
		rows   bool
		want   string
	}{
		{"SELECT pg_advisory_xact_lock($1)", catalogue.Transaction, false, "acquire cols= same=true session=false"},
		{"SELECT pg_advisory_xact_lock($1)", catalogue.Pooled, false, "acquire cols= same=false session=false"},
		{"SELECT pg_advisory_lock($1)", catalogue.Session, false, "acquire cols= same=true session=true"},
		{"SELECT pg_advisory_lock($1)", catalogue.Pooled, false, "acquire cols= same=false session=false"},
		{"SELECT pg_advisory_unlock($1)", catalogue.Session, false, "release"},
		{"SELECT id FROM jobs WHERE id = $1 FOR UPDATE SKIP LOCKED", catalogue.Transaction, true, "acquire cols= same=true session=false"},
		{"SELECT id FROM jobs WHERE id = $1 FOR UPDATE", catalogue.Pooled, true, "read"},
		{"UPDATE jobs SET locked_by = $1, lease_until = now() + interval '30 seconds' WHERE id = $2 AND (locked_by IS NULL OR lease_until < now())", catalogue.Pooled, false, "acquire cols=locked_by,lease_until same=false session=false"},
		{"UPDATE jobs SET lease_until = now() + interval '30 seconds' WHERE locked_by = $1", catalogue.Pooled, false, "renew"},
		{"UPDATE jobs SET locked_by = NULL, lease_until = NULL WHERE id = $1", catalogue.Pooled, false, "release+write updates jobs"},
		{"DELETE FROM jobs WHERE finished_at < now() - interval '1 day'", catalogue.Pooled, false, "notwrite cleanup=true"},
		{"DELETE FROM jobs WHERE id = $1", catalogue.Pooled, false, "write deletes from jobs"},
		{"INSERT INTO results (job, body) VALUES ($1, $2)", catalogue.Pooled, false, "notwrite cleanup=false"},
		{"UPDATE jobs SET result = $1 WHERE id = $2", catalogue.Pooled, false, "write updates jobs"},
		{"CREATE TABLE t (id int)", catalogue.Pooled, false, "nil"},
	} {
		st := sqltext.Parse(c.text)
		if got := describe(Read(Stmt{Statement: st}, c.handle, c.rows)); got != c.want {
			t.Errorf("Read(%q, %v) = %s, want %s", c.text, c.handle, got, c.want)
		}
	}
}

func TestGuardOf(t *testing.T) {
	claimed := func(c string) bool { return c == "locked_by" }
	for _, c := range []struct {
		text string
		want store.Guard
		col  string
	}{
		{"UPDATE jobs SET result = $1 WHERE id = $2", store.NoGuard, ""},
		{"UPDATE jobs SET result = $1 WHERE id = $2 AND fence_token = $3", store.TokenGuard, "fence_token"},
		{"UPDATE jobs SET result = $1 WHERE id = $2 AND state = 'running'", store.StateGuard, "state"},
		{"UPDATE jobs SET result = $1 WHERE id = $2 AND locked_by = $3", store.TokenGuard, "locked_by"},
		{"UPDATE jobs SET result = $1 WHERE id = $2 AND (fence_token = $3 OR $3 IS NULL)", store.NoGuard, ""},
		{"INSERT INTO t (k, v, fence) VALUES ($1, $2, $3) ON CONFLICT (k) DO UPDATE SET v = excluded.v WHERE t.fence < excluded.fence", store.TokenGuard, "fence"},
	} {
		g, p := GuardOf(sqltext.Parse(c.text), claimed)
		col := ""
		if p != nil {
			col = p.StoredColumn()
		}
		if g != c.want || col != c.col {
			t.Errorf("GuardOf(%q) = %v on %q, want %v on %q", c.text, g, col, c.want, c.col)
		}
	}
}

func TestUpkeepNote(t *testing.T) {
	for _, c := range []struct {
		text string
		weak bool
	}{
		{"UPDATE leases SET expires_at = now() + interval '10 seconds' WHERE name = $1", true},
		{"UPDATE leases SET holder = NULL WHERE name = $1", true},
		{"UPDATE leases SET holder = $2, expires_at = now() WHERE name = $1", false},
		{"UPDATE leases SET expires_at = now() + interval '10 seconds' WHERE name = $1 AND holder = $2", false},
		{"DELETE FROM leases WHERE name = $1", false},
	} {
		s := Stmt{Statement: sqltext.Parse(c.text)}
		if got := s.UpkeepNote() != ""; got != c.weak {
			t.Errorf("UpkeepNote(%q) weak = %v, want %v", c.text, got, c.weak)
		}
	}
}
