package fencesql

import (
	"reflect"
	"strings"
	"testing"
)

func TestStatementText(t *testing.T) {
	tables := map[Dialect]Table{
		Postgres: {Dialect: Postgres, Name: "public.jobs"},
		SQLite:   {Dialect: SQLite, Name: "jobs"},
		MySQL:    {Dialect: MySQL, Name: "jobs", Key: "job_id", Token: "fence", Lease: "leased_until"},
	}
	set := []Assignment{Set("state", "done"), Set("result", "r")}
	for _, tc := range []struct {
		d    Dialect
		kind string
		want string
		args []any
	}{
		{Postgres, "claim", `UPDATE "public"."jobs" SET "lease_until" = $1, "fence_token" = COALESCE("fence_token", 0) + 1 WHERE "id" = $2 AND ("lease_until" IS NULL OR "lease_until" <= $3) RETURNING "fence_token"`,
			[]any{"D", 7, "N"}},
		{SQLite, "claim", `UPDATE "jobs" SET "lease_until" = ?1, "fence_token" = COALESCE("fence_token", 0) + 1 WHERE "id" = ?2 AND ("lease_until" IS NULL OR "lease_until" <= ?3) RETURNING "fence_token"`,
			[]any{"D", 7, "N"}},
		{MySQL, "claim", "UPDATE `jobs` SET `leased_until` = ?, `fence` = LAST_INSERT_ID(COALESCE(`fence`, 0) + 1) WHERE `job_id` = ? AND (`leased_until` IS NULL OR `leased_until` <= ?)",
			[]any{"D", 7, "N"}},
		{Postgres, "update", `UPDATE "public"."jobs" SET "state" = $1, "result" = $2, "fence_token" = $3 WHERE "id" = $4 AND "fence_token" <= $3`,
			[]any{"done", "r", int64(42), 7}},
		{SQLite, "update", `UPDATE "jobs" SET "state" = ?1, "result" = ?2, "fence_token" = ?3 WHERE "id" = ?4 AND "fence_token" <= ?3`,
			[]any{"done", "r", int64(42), 7}},
		{MySQL, "update", "UPDATE `jobs` SET `state` = ?, `result` = ?, `fence` = ? WHERE `job_id` = ? AND `fence` <= ?",
			[]any{"done", "r", int64(42), 7, int64(42)}},
		{Postgres, "upsert", `INSERT INTO "public"."jobs" ("id", "state", "result", "fence_token") VALUES ($1, $2, $3, $4) ON CONFLICT ("id") DO UPDATE SET "state" = EXCLUDED."state", "result" = EXCLUDED."result", "fence_token" = EXCLUDED."fence_token" WHERE "jobs"."fence_token" <= EXCLUDED."fence_token"`,
			[]any{7, "done", "r", int64(42)}},
		{SQLite, "upsert", `INSERT INTO "jobs" ("id", "state", "result", "fence_token") VALUES (?1, ?2, ?3, ?4) ON CONFLICT ("id") DO UPDATE SET "state" = EXCLUDED."state", "result" = EXCLUDED."result", "fence_token" = EXCLUDED."fence_token" WHERE "jobs"."fence_token" <= EXCLUDED."fence_token"`,
			[]any{7, "done", "r", int64(42)}},
		{MySQL, "upsert", "INSERT INTO `jobs` (`job_id`, `state`, `result`, `fence`) VALUES (?, ?, ?, ?) ON DUPLICATE KEY UPDATE " +
			"`state` = IF(`fence` <= VALUES(`fence`), VALUES(`state`), `state`), `result` = IF(`fence` <= VALUES(`fence`), VALUES(`result`), `result`), `fence` = IF(`fence` <= VALUES(`fence`), VALUES(`fence`), `fence`)",
			[]any{7, "done", "r", int64(42)}},
		{Postgres, "release", `UPDATE "public"."jobs" SET "lease_until" = NULL WHERE "id" = $1 AND "fence_token" = $2`, []any{7, int64(42)}},
		{MySQL, "release", "UPDATE `jobs` SET `leased_until` = NULL WHERE `job_id` = ? AND `fence` = ?", []any{7, int64(42)}},
	} {
		tb := tables[tc.d]
		var (
			q    string
			args []any
			err  error
		)
		switch tc.kind {
		case "claim":
			q, args, err = tb.claimSQL(7, "D", "N")
		case "update":
			q, args, err = tb.updateSQL(7, int64(42), set)
		case "upsert":
			q, args, err = tb.upsertSQL(7, int64(42), set)
		case "release":
			q, args, err = tb.releaseSQL(7, int64(42))
		}
		if err != nil {
			t.Errorf("%v %s: %v", tc.d, tc.kind, err)
			continue
		}
		if q != tc.want {
			t.Errorf("%v %s:\n got %s\nwant %s", tc.d, tc.kind, q, tc.want)
		}
		if !reflect.DeepEqual(args, tc.args) {
			t.Errorf("%v %s: args %v, want %v", tc.d, tc.kind, args, tc.args)
		}
		if n := strings.Count(q, "?") + strings.Count(q, "$"); tc.d == MySQL && n != len(args) {
			t.Errorf("%v %s: %d markers for %d args", tc.d, tc.kind, n, len(args))
		}
	}
}

func TestQuoteIdent(t *testing.T) {
	for _, tc := range []struct {
		d    Dialect
		in   string
		want string
		ok   bool
	}{
		{Postgres, "jobs", `"jobs"`, true},
		{Postgres, `we"ird`, `"we""ird"`, true},
		{SQLite, `x"; DROP TABLE jobs; --`, `"x""; DROP TABLE jobs; --"`, true},
		{MySQL, "jobs", "`jobs`", true},
		{MySQL, "a`b", "`a``b`", true},
		{MySQL, `a"b`, "`a\"b`", true},
		{Postgres, "", "", false},
		{Postgres, "a\x00b", "", false},
		{Dialect(0), "jobs", "", false},
		{Dialect(9), "jobs", "", false},
	} {
		got, err := tc.d.QuoteIdent(tc.in)
		if (err == nil) != tc.ok || got != tc.want {
			t.Errorf("%v.QuoteIdent(%q) = %q, %v; want %q ok=%v", tc.d, tc.in, got, err, tc.want, tc.ok)
		}
	}
}

func TestRejectsBadInput(t *testing.T) {
	tb := Table{Dialect: Postgres, Name: "jobs"}
	for name, f := range map[string]func() error{
		"set token column": func() error { _, _, err := tb.updateSQL(1, int64(1), []Assignment{Set("fence_token", 9)}); return err },
		"set key column":   func() error { _, _, err := tb.upsertSQL(1, int64(1), []Assignment{Set("id", 9)}); return err },
		"no columns":       func() error { _, _, err := tb.updateSQL(1, int64(1), nil); return err },
		"NUL column":       func() error { _, _, err := tb.updateSQL(1, int64(1), []Assignment{Set("a\x00", 9)}); return err },
		"empty table":      func() error { _, _, err := (Table{Dialect: SQLite}).claimSQL(1, 2, 3); return err },
		"empty name part":  func() error { _, _, err := (Table{Dialect: SQLite, Name: "a..b"}).claimSQL(1, 2, 3); return err },
		"no dialect":       func() error { _, _, err := (Table{Name: "jobs"}).claimSQL(1, 2, 3); return err },
		"zero token":       func() error { return tb.Update(t.Context(), nil, 1, 0, Set("a", 1)) },
		"zero lease": func() error {
			_, err := tb.Claim(t.Context(), nil, 1, 0)
			return err
		},
	} {
		if err := f(); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	if s := MySQL.String() + Postgres.String() + SQLite.String() + Dialect(7).String(); s != "mysqlpostgressqliteDialect(7)" {
		t.Errorf("String: %q", s)
	}
}
