package sqltext

import (
	"reflect"
	"slices"
	"strings"
	"testing"
)

// parseCase is one table-driven expectation. Predicates, assignments and
// placeholders are compared through the render helpers of render_test.go:
// an operand renders as col:q.name, param:<ArgIndex or :name/@name>,
// lit:<text>, fn:<name>, expr:<text> or hole; a predicate as
// "left op right" ("or|" prefix when UnderOr); an assignment as
// "col=value [self] [params[...]] [conds[...]]".
type parseCase struct {
	name      string
	sql       string
	kind      Kind
	table     string
	set       []string
	where     []string
	conflict  []string
	subWhere  []string
	ifPreds   []string
	ifExists  bool
	ifNotEx   bool
	ttl       bool
	returning []string
	columns   []string
	params    []string
	funcs     []string
	style     PlaceholderStyle
	forUpdate bool
	skip      bool
	hole      bool
	multiple  bool
}

var parseCases = []parseCase{
	{
		name:  "visibility timeout claim: subquery predicates",
		sql:   `UPDATE q SET timeout = ?, received = received + 1 WHERE id = (SELECT id FROM q WHERE ? >= timeout AND queue = ? ORDER BY priority DESC, created LIMIT 1) RETURNING id, body, received`,
		kind:  Update,
		table: "q",
		set: []string{
			"timeout=param:0 params[0]",
			"received=expr:received + 1 self",
		},
		where:     []string{"col:id = expr:(SELECT id FROM q WHERE ? >= timeout AND queue = ? ORDER BY priority DESC, created LIMIT 1)"},
		subWhere:  []string{"param:1 >= col:timeout", "col:queue = param:2"},
		returning: []string{"id", "body", "received"},
		params:    []string{"0", "1", "2"},
		style:     Question,
	},
	{
		name:      "subqueries: nested, in a CTE, in SET, with OR",
		sql:       `WITH c AS (SELECT id FROM q WHERE visible_at < now() OR visible_at IS NULL LIMIT 5) UPDATE q SET n = (SELECT count(*) FROM r WHERE r.q = q.id) FROM c WHERE q.id = c.id AND q.k IN (SELECT k FROM s WHERE s.x IN (SELECT x FROM u WHERE u.y = $1)) RETURNING q.id`,
		kind:      Update,
		table:     "q",
		set:       []string{"n=expr:(SELECT count(*) FROM r WHERE r.q = q.id)"},
		where:     []string{"col:q.id = col:c.id", "col:q.k in expr:(SELECT k FROM s WHERE s.x IN (SELECT x FROM u WHERE u.y = $1))"},
		subWhere:  []string{"or|col:visible_at < fn:now", "or|col:visible_at is lit:NULL", "col:r.q = col:q.id", "col:s.x in expr:(SELECT x FROM u WHERE u.y = $1)", "col:u.y = param:0"},
		returning: []string{"id"},
		params:    []string{"0"},
		funcs:     []string{"now", "count"},
		style:     Dollar,
	},
	{
		name:     "subquery without where, values list, unclosed subquery",
		sql:      `DELETE FROM t WHERE a IN (SELECT a FROM u) AND b IN (VALUES (1)) AND c = (SELECT c FROM v WHERE d < 2`,
		kind:     Delete,
		table:    "t",
		where:    []string{"col:a in expr:(SELECT a FROM u)", "col:b in expr:(VALUES (1))", "col:c = expr:(SELECT c FROM v WHERE d < 2"},
		subWhere: []string{"col:d < lit:2"},
	},
	{
		name:   "dollar update with fence",
		sql:    `UPDATE jobs SET result = $2, fence_token = $3 WHERE id = $1 AND fence_token < $3`,
		kind:   Update,
		table:  "jobs",
		set:    []string{"result=param:1 params[1]", "fence_token=param:2 params[2]"},
		where:  []string{"col:id = param:0", "col:fence_token < param:2"},
		params: []string{"1", "2", "0", "2"},
		style:  Dollar,
	},
	{
		name:   "question update",
		sql:    `UPDATE jobs SET result = ? WHERE id = ? AND fence_token <= ?`,
		kind:   Update,
		table:  "jobs",
		set:    []string{"result=param:0 params[0]"},
		where:  []string{"col:id = param:1", "col:fence_token <= param:2"},
		params: []string{"0", "1", "2"},
		style:  Question,
	},
	{
		name:   "numbered question, mirrored comparison",
		sql:    `UPDATE jobs SET result = ?1 WHERE id = ?2 AND ?3 > fence_token`,
		kind:   Update,
		table:  "jobs",
		set:    []string{"result=param:0 params[0]"},
		where:  []string{"col:id = param:1", "param:2 > col:fence_token"},
		params: []string{"0", "1", "2"},
		style:  QuestionNumber,
	},
	{
		name:   "colon named",
		sql:    `UPDATE jobs SET result = :result WHERE id = :id AND fence_token < :tok`,
		kind:   Update,
		table:  "jobs",
		set:    []string{"result=param::result params[:result]"},
		where:  []string{"col:id = param::id", "col:fence_token < param::tok"},
		params: []string{":result", ":id", ":tok"},
		style:  Colon,
	},
	{
		name:   "at named",
		sql:    `UPDATE jobs SET result = @Result WHERE id = @id AND fence_token < @tok`,
		kind:   Update,
		table:  "jobs",
		set:    []string{"result=param:@Result params[@Result]"},
		where:  []string{"col:id = param:@id", "col:fence_token < param:@tok"},
		params: []string{"@Result", "@id", "@tok"},
		style:  At,
	},
	{
		name:     "on conflict do update where",
		sql:      `INSERT INTO results (job_id, body, fence_token) VALUES ($1, $2, $3) ON CONFLICT (job_id) DO UPDATE SET body = EXCLUDED.body, fence_token = EXCLUDED.fence_token WHERE results.fence_token < EXCLUDED.fence_token`,
		kind:     Upsert,
		table:    "results",
		columns:  []string{"job_id", "body", "fence_token"},
		set:      []string{"body=col:excluded.body", "fence_token=col:excluded.fence_token"},
		conflict: []string{"col:results.fence_token < col:excluded.fence_token"},
		params:   []string{"0", "1", "2"},
		style:    Dollar,
	},
	{
		name:      "conflict target where is not the update guard",
		sql:       `INSERT INTO t (a) VALUES ($1) ON CONFLICT (a) WHERE deleted IS NULL DO UPDATE SET b = excluded.b RETURNING id`,
		kind:      Upsert,
		table:     "t",
		columns:   []string{"a"},
		set:       []string{"b=col:excluded.b"},
		returning: []string{"id"},
		params:    []string{"0"},
		style:     Dollar,
	},
	{
		name:     "insert select with join, then on conflict",
		sql:      `INSERT INTO t (a) SELECT x FROM y JOIN z ON y.id = z.id ON CONFLICT (a) DO UPDATE SET b = 1 WHERE t.v < excluded.v`,
		kind:     Upsert,
		table:    "t",
		columns:  []string{"a"},
		set:      []string{"b=lit:1"},
		conflict: []string{"col:t.v < col:excluded.v"},
	},
	{
		name:    "on conflict do nothing stays insert",
		sql:     `INSERT INTO t (a) VALUES ($1) ON CONFLICT DO NOTHING`,
		kind:    Insert,
		table:   "t",
		columns: []string{"a"},
		params:  []string{"0"},
		style:   Dollar,
	},
	{
		name:    "plain insert",
		sql:     `INSERT INTO public."Audit" (a, "B") VALUES ($1, $2)`,
		kind:    Insert,
		table:   "audit",
		columns: []string{"a", "b"},
		params:  []string{"0", "1"},
		style:   Dollar,
	},
	{
		name:   "replace into",
		sql:    `REPLACE INTO t VALUES (?)`,
		kind:   Upsert,
		table:  "t",
		params: []string{"0"},
		style:  Question,
	},
	{
		name:    "sqlite insert or replace",
		sql:     `INSERT OR REPLACE INTO t (a) VALUES (?)`,
		kind:    Upsert,
		table:   "t",
		columns: []string{"a"},
		params:  []string{"0"},
		style:   Question,
	},
	{
		name:    "sqlite insert or ignore",
		sql:     `INSERT OR IGNORE INTO t (a) VALUES (?)`,
		kind:    Insert,
		table:   "t",
		columns: []string{"a"},
		params:  []string{"0"},
		style:   Question,
	},
	{
		name:    "cockroach upsert",
		sql:     `UPSERT INTO t (a) VALUES ($1)`,
		kind:    Upsert,
		table:   "t",
		columns: []string{"a"},
		params:  []string{"0"},
		style:   Dollar,
	},
	{
		name:    "mysql on duplicate key update with IF guard",
		sql:     `INSERT INTO results (job_id, body, fence_token) VALUES (?, ?, ?) ON DUPLICATE KEY UPDATE body = IF(VALUES(fence_token) > fence_token, VALUES(body), body), fence_token = GREATEST(fence_token, VALUES(fence_token))`,
		kind:    Upsert,
		table:   "results",
		columns: []string{"job_id", "body", "fence_token"},
		set: []string{
			"body=fn:if self conds[col:values.fence_token > col:fence_token]",
			"fence_token=fn:greatest self",
		},
		params: []string{"0", "1", "2"},
		funcs:  []string{"if", "greatest"},
		style:  Question,
	},
	{
		name:    "mysql 8 row alias means VALUES()",
		sql:     `INSERT INTO t (a, b) VALUES (?, ?) AS new ON DUPLICATE KEY UPDATE b = IF(new.f > f, new.b, b)`,
		kind:    Upsert,
		table:   "t",
		columns: []string{"a", "b"},
		set:     []string{"b=fn:if self conds[col:values.f > col:f]"},
		params:  []string{"0", "1"},
		funcs:   []string{"if"},
		style:   Question,
	},
	{
		name:    "mysql insert set",
		sql:     `INSERT INTO t SET a = ?, b = ? ON DUPLICATE KEY UPDATE b = VALUES(b)`,
		kind:    Upsert,
		table:   "t",
		columns: []string{"a", "b"},
		set:     []string{"b=col:values.b"},
		params:  []string{"0", "1"},
		style:   Question,
	},
	{
		name:  "claim with skip locked subquery",
		sql:   `UPDATE jobs SET locked_by = $1, lease_until = now() + interval '30 seconds', fence_token = fence_token + 1 WHERE id = (SELECT id FROM jobs WHERE state = 'queued' ORDER BY id FOR UPDATE SKIP LOCKED LIMIT 1) RETURNING id, fence_token`,
		kind:  Update,
		table: "jobs",
		set: []string{
			"locked_by=param:0 params[0]",
			"lease_until=expr:now() + interval '30 seconds'",
			"fence_token=expr:fence_token + 1 self",
		},
		where:     []string{"col:id = expr:(SELECT id FROM jobs WHERE state = 'queued' ORDER BY id FOR UPDATE SKIP LOCKED LIMIT 1)"},
		subWhere:  []string{"col:state = lit:'queued'"},
		returning: []string{"id", "fence_token"},
		params:    []string{"0"},
		funcs:     []string{"now"},
		style:     Dollar,
		forUpdate: true,
		skip:      true,
	},
	{
		name:      "select for update skip locked",
		sql:       `SELECT id, payload FROM jobs WHERE state = 'queued' LIMIT 1 FOR UPDATE SKIP LOCKED`,
		kind:      Select,
		table:     "jobs",
		columns:   []string{"id", "payload"},
		where:     []string{"col:state = lit:'queued'"},
		forUpdate: true,
		skip:      true,
	},
	{
		name:    "advisory lock",
		sql:     `SELECT pg_advisory_lock($1)`,
		kind:    Select,
		columns: []string{"pg_advisory_lock"},
		params:  []string{"0"},
		funcs:   []string{"pg_advisory_lock"},
		style:   Dollar,
	},
	{
		name:    "nested advisory xact lock",
		sql:     `SELECT pg_try_advisory_xact_lock(hashtext($1))`,
		kind:    Select,
		columns: []string{"pg_try_advisory_xact_lock"},
		params:  []string{"0"},
		funcs:   []string{"pg_try_advisory_xact_lock", "hashtext"},
		style:   Dollar,
	},
	{
		name:    "mysql get_lock",
		sql:     `SELECT GET_LOCK(?, 10)`,
		kind:    Select,
		columns: []string{"get_lock"},
		params:  []string{"0"},
		funcs:   []string{"get_lock"},
		style:   Question,
	},
	{
		name:      "cte claim",
		sql:       `WITH c AS (SELECT id FROM jobs FOR UPDATE SKIP LOCKED LIMIT 1) UPDATE jobs SET owner = $1 FROM c WHERE jobs.id = c.id RETURNING jobs.id`,
		kind:      Update,
		table:     "jobs",
		set:       []string{"owner=param:0 params[0]"},
		where:     []string{"col:jobs.id = col:c.id"},
		returning: []string{"id"},
		params:    []string{"0"},
		style:     Dollar,
		forUpdate: true,
		skip:      true,
	},
	{
		name:   "or group marks its predicates",
		sql:    `UPDATE t SET a=$1 WHERE id=$2 AND (fence_token < $3 OR fence_token IS NULL)`,
		kind:   Update,
		table:  "t",
		set:    []string{"a=param:0 params[0]"},
		where:  []string{"col:id = param:1", "or|col:fence_token < param:2", "or|col:fence_token is lit:NULL"},
		params: []string{"0", "1", "2"},
		style:  Dollar,
	},
	{
		name:  "top-level or marks everything",
		sql:   `UPDATE t SET a = 1 WHERE a = 1 AND c = 3 OR b = 2`,
		kind:  Update,
		table: "t",
		set:   []string{"a=lit:1"},
		where: []string{"or|col:a = lit:1", "or|col:c = lit:3", "or|col:b = lit:2"},
	},
	{
		name:   "not, is not null, is distinct from",
		sql:    `UPDATE t SET n = n + 1 WHERE id = $1 AND NOT (a = 1 AND b = 2) AND NOT c AND d IS NOT NULL AND e IS DISTINCT FROM $2 AND f IS NOT DISTINCT FROM $3`,
		kind:   Update,
		table:  "t",
		set:    []string{"n=expr:n + 1 self"},
		where:  []string{"col:id = param:0", "or|col:a = lit:1", "or|col:b = lit:2", "or|col:c", "col:d is not lit:NULL", "col:e <> param:1", "col:f = param:2"},
		params: []string{"0", "1", "2"},
		style:  Dollar,
	},
	{
		name:  "nested parentheses are descended",
		sql:   `UPDATE t SET a = 1 WHERE ((a = 1) AND (b < 2))`,
		kind:  Update,
		table: "t",
		set:   []string{"a=lit:1"},
		where: []string{"col:a = lit:1", "col:b < lit:2"},
	},
	{
		name:   "release lease",
		sql:    `DELETE FROM leases WHERE owner = $1 AND expires_at < now()`,
		kind:   Delete,
		table:  "leases",
		where:  []string{"col:owner = param:0", "col:expires_at < fn:now"},
		params: []string{"0"},
		funcs:  []string{"now"},
		style:  Dollar,
	},
	{
		name:   "state guard",
		sql:    `UPDATE jobs SET state='done' WHERE id=$1 AND state='running'`,
		kind:   Update,
		table:  "jobs",
		set:    []string{"state=lit:'done'"},
		where:  []string{"col:id = param:0", "col:state = lit:'running'"},
		params: []string{"0"},
		style:  Dollar,
	},
	{
		name:   "lease still valid",
		sql:    `UPDATE leases SET owner = $1 WHERE name = $2 AND lease_until > now()`,
		kind:   Update,
		table:  "leases",
		set:    []string{"owner=param:0 params[0]"},
		where:  []string{"col:name = param:1", "col:lease_until > fn:now"},
		params: []string{"0", "1"},
		funcs:  []string{"now"},
		style:  Dollar,
	},
	{
		name:   "hole as table",
		sql:    "UPDATE \x00 SET a = $1 WHERE id = $2 AND fence_token < $3",
		kind:   Update,
		set:    []string{"a=param:0 params[0]"},
		where:  []string{"col:id = param:1", "col:fence_token < param:2"},
		params: []string{"0", "1", "2"},
		style:  Dollar,
		hole:   true,
	},
	{
		name: "only a hole",
		sql:  "\x00",
		kind: Unknown,
		hole: true,
	},
	{
		name: "starts with a hole",
		sql:  "\x00 WHERE id = $1",
		kind: Unknown,
		hole: true, params: []string{"0"}, style: Dollar,
	},
	{
		name:   "hole as where",
		sql:    "UPDATE jobs SET a=$1 WHERE \x00",
		kind:   Update,
		table:  "jobs",
		set:    []string{"a=param:0 params[0]"},
		where:  []string{"hole"},
		params: []string{"0"},
		style:  Dollar,
		hole:   true,
	},
	{
		name:  "holes glued to identifiers and sigils",
		sql:   "UPDATE jobs_\x00 SET a = 1 WHERE b = '\x00' AND c = \x00 AND \x00.d = 1 AND e = $\x00",
		kind:  Update,
		set:   []string{"a=lit:1"},
		where: []string{"col:b = lit:'\x00'", "col:c = hole", "col:?.d = lit:1", "col:e = hole"},
		hole:  true,
	},
	{
		name:   "casts and comments",
		sql:    "UPDATE t SET a = $1::jsonb WHERE id = $2::bigint /* c */ AND fence_token < $3::bigint -- x",
		kind:   Update,
		table:  "t",
		set:    []string{"a=param:0 params[0]"},
		where:  []string{"col:id = param:1", "col:fence_token < param:2"},
		params: []string{"0", "1", "2"},
		style:  Dollar,
	},
	{
		name:   "placeholders and separators inside strings do not count",
		sql:    `UPDATE t SET a = '$1 ? -- ;', c = $$ $2 ; $$ WHERE id = $1 AND b = 'x;y' AND d = E'\' ?' AND e = $tag$ ? $tag$`,
		kind:   Update,
		table:  "t",
		set:    []string{"a=lit:'$1 ? -- ;'", "c=lit:$$ $2 ; $$"},
		where:  []string{"col:id = param:0", "col:b = lit:'x;y'", `col:d = lit:E'\' ?'`, "col:e = lit:$tag$ ? $tag$"},
		params: []string{"0"},
		style:  Dollar,
	},
	{
		name:   "cast function",
		sql:    `UPDATE t SET a = CAST(? AS bigint), b = COALESCE(?, b) WHERE id = CAST(? AS int)`,
		kind:   Update,
		table:  "t",
		set:    []string{"a=param:0 params[0]", "b=fn:coalesce self params[1]"},
		where:  []string{"col:id = param:2"},
		params: []string{"0", "1", "2"},
		funcs:  []string{"coalesce"},
		style:  Question,
	},
	{
		name:   "merge with guard",
		sql:    `MERGE INTO jobs AS t USING (SELECT $1 AS id, $2 AS fence_token) AS s ON t.id = s.id WHEN MATCHED AND t.fence_token < s.fence_token THEN UPDATE SET fence_token = s.fence_token, body = $3 WHEN NOT MATCHED THEN INSERT (id, fence_token) VALUES (s.id, s.fence_token)`,
		kind:   Merge,
		table:  "jobs",
		set:    []string{"fence_token=col:s.fence_token", "body=param:2 params[2]"},
		where:  []string{"col:t.fence_token < col:s.fence_token"},
		params: []string{"0", "1", "2"},
		style:  Dollar,
	},
	{
		name:  "merge with two writing clauses",
		sql:   `MERGE INTO t USING s ON t.id = s.id WHEN MATCHED AND t.v < s.v THEN UPDATE SET v = s.v WHEN MATCHED THEN DELETE`,
		kind:  Merge,
		table: "t",
		set:   []string{"v=col:s.v"},
		where: []string{"or|col:t.v < col:s.v"},
	},
	{
		name:     "multiple statements describe the write",
		sql:      `BEGIN; UPDATE jobs SET a = $1 WHERE id = $2; COMMIT;`,
		kind:     Update,
		table:    "jobs",
		set:      []string{"a=param:0 params[0]"},
		where:    []string{"col:id = param:1"},
		params:   []string{"0", "1"},
		style:    Dollar,
		multiple: true,
	},
	{
		name:     "multiple selects describe the first",
		sql:      `SELECT a FROM x; SELECT b FROM y;`,
		kind:     Select,
		table:    "x",
		columns:  []string{"a"},
		multiple: true,
	},
	{
		name:    "question mark is a jsonb operator next to $N",
		sql:     `SELECT * FROM jobs WHERE data ? 'key' AND tags ?| $2 AND id = $1`,
		kind:    Select,
		table:   "jobs",
		columns: []string{"*"},
		where:   []string{"col:data ? lit:'key'", "col:tags ?| param:1", "col:id = param:0"},
		params:  []string{"1", "0"},
		style:   Dollar,
	},
	{
		name:     "sql server rowcount",
		sql:      `UPDATE jobs SET a = @p1 WHERE id = @p2; SELECT @@ROWCOUNT`,
		kind:     Update,
		table:    "jobs",
		set:      []string{"a=param:@p1 params[@p1]"},
		where:    []string{"col:id = param:@p2"},
		params:   []string{"@p1", "@p2"},
		style:    At,
		multiple: true,
	},
	{
		name:   "assignment operator is not a placeholder",
		sql:    `SET @x := 1`,
		kind:   Other,
		params: []string{"@x"},
		style:  At,
	},
	{
		name:  "colon numbered",
		sql:   `SELECT a FROM t WHERE b = :1 AND c = :2 AND d = x::int AND e[1:2] = 1`,
		kind:  Select,
		table: "t", columns: []string{"a"},
		where:  []string{"col:b = param:0", "col:c = param:1", "col:d = col:x", "expr:e[1:2] = lit:1"},
		params: []string{"0", "1"},
		style:  Colon,
	},
	{
		name:   "between is one predicate",
		sql:    `UPDATE jobs SET a = 1 WHERE x = 2 AND y BETWEEN $1 AND $2 AND z NOT BETWEEN 1 AND 2`,
		kind:   Update,
		table:  "jobs",
		set:    []string{"a=lit:1"},
		where:  []string{"col:x = lit:2", "col:y between expr:$1 AND $2", "col:z not between expr:1 AND 2"},
		params: []string{"0", "1"},
		style:  Dollar,
	},
	{
		name:   "case when in a set value",
		sql:    `UPDATE jobs SET a = CASE WHEN fence_token < $1 THEN $2 ELSE a END WHERE id = $3`,
		kind:   Update,
		table:  "jobs",
		set:    []string{"a=expr:CASE WHEN fence_token < $1 THEN $2 ELSE a END self params[0 1] conds[col:fence_token < param:0]"},
		where:  []string{"col:id = param:2"},
		params: []string{"0", "1", "2"},
		style:  Dollar,
	},
	{
		name:   "tuple assignment",
		sql:    `UPDATE jobs SET (a, b) = ($1, $2), (c, d) = (SELECT 1, 2) WHERE id = $3`,
		kind:   Update,
		table:  "jobs",
		set:    []string{"a=param:0 params[0]", "b=param:1 params[1]", "c=expr:(SELECT 1, 2)", "d=expr:(SELECT 1, 2)"},
		where:  []string{"col:id = param:2"},
		params: []string{"0", "1", "2"},
		style:  Dollar,
	},
	{
		name:    "select list names and bare predicates",
		sql:     `SELECT count(*) AS n, max(x) m, t.y, pg_catalog.now(), $1::int FROM public.jobs t WHERE a IN (1,2) AND b NOT IN (SELECT 1) AND EXISTS (SELECT 1) AND active AND is_ok(a)`,
		kind:    Select,
		table:   "jobs",
		columns: []string{"n", "m", "y", "now", ""},
		where:   []string{"col:a in expr:(1,2)", "col:b not in expr:(SELECT 1)", "expr:EXISTS (SELECT 1)", "col:active", "fn:is_ok"},
		params:  []string{"0"},
		funcs:   []string{"count", "max", "now", "is_ok"},
		style:   Dollar,
	},
	{
		name:   "sql server brackets",
		sql:    `UPDATE [dbo].[Jobs] SET [Result] = @result WHERE [Id] = @id AND [FenceToken] < @tok`,
		kind:   Update,
		table:  "jobs",
		set:    []string{"result=param:@result params[@result]"},
		where:  []string{"col:id = param:@id", "col:fencetoken < param:@tok"},
		params: []string{"@result", "@id", "@tok"},
		style:  At,
	},
	{
		name:   "postgres array brackets",
		sql:    `UPDATE t SET a[1] = $1 WHERE b[2] = $2`,
		kind:   Update,
		table:  "t",
		set:    []string{"a=param:0 params[0]"},
		where:  []string{"expr:b[2] = param:1"},
		params: []string{"0", "1"},
		style:  Dollar,
	},
	{
		name:   "mysql backticks and hash comment",
		sql:    "UPDATE `jobs` SET `result` = ? WHERE `id` = ? # comment ?\nAND fence < ?",
		kind:   Update,
		table:  "jobs",
		set:    []string{"result=param:0 params[0]"},
		where:  []string{"col:id = param:1", "col:fence < param:2"},
		params: []string{"0", "1", "2"},
		style:  Question,
	},
	{
		name:   "hash is an operator in postgres",
		sql:    `UPDATE jobs SET data = data #- '{a}' WHERE id = $1`,
		kind:   Update,
		table:  "jobs",
		set:    []string{"data=expr:data #- '{a}' self"},
		where:  []string{"col:id = param:0"},
		params: []string{"0"},
		style:  Dollar,
	},
	{
		name:   "mysql order by limit",
		sql:    `UPDATE LOW_PRIORITY t SET a = ? WHERE id = ? ORDER BY id LIMIT 1`,
		kind:   Update,
		table:  "t",
		set:    []string{"a=param:0 params[0]"},
		where:  []string{"col:id = param:1"},
		params: []string{"0", "1"},
		style:  Question,
	},
	{
		name:   "sqlite update or replace",
		sql:    `UPDATE OR REPLACE t SET a = ? WHERE id = ?`,
		kind:   Update,
		table:  "t",
		set:    []string{"a=param:0 params[0]"},
		where:  []string{"col:id = param:1"},
		params: []string{"0", "1"},
		style:  Question,
	},
	{
		name:   "mysql multi-table delete",
		sql:    `DELETE t FROM t JOIN u ON t.id = u.id WHERE u.x = ?`,
		kind:   Delete,
		table:  "t",
		where:  []string{"col:u.x = param:0"},
		params: []string{"0"},
		style:  Question,
	},
	{
		name:      "sql server output and hints",
		sql:       `UPDATE TOP (10) jobs WITH (UPDLOCK, READPAST) SET owner = @o OUTPUT inserted.id, deleted.* WHERE state = 0`,
		kind:      Update,
		table:     "jobs",
		set:       []string{"owner=param:@o params[@o]"},
		where:     []string{"col:state = lit:0"},
		returning: []string{"id", "*"},
		params:    []string{"@o"},
		style:     At,
		forUpdate: true,
		skip:      true,
	},
	{
		name:      "delete returning star",
		sql:       `DELETE FROM ONLY q USING r WHERE q.id = r.id RETURNING *, q.id AS qid`,
		kind:      Delete,
		table:     "q",
		where:     []string{"col:q.id = col:r.id"},
		returning: []string{"*", "qid"},
	},
	{
		name:     "parenthesised union",
		sql:      `(SELECT id FROM jobs WHERE a = 1) UNION (SELECT id FROM old WHERE b = 2)`,
		kind:     Select,
		table:    "jobs",
		columns:  []string{"id"},
		where:    []string{"col:a = lit:1"},
		subWhere: []string{"col:b = lit:2"}, // a parenthesised union branch counts as a subquery
	},
	{
		name:  "cte variants then delete",
		sql:   `WITH RECURSIVE x(n) AS MATERIALIZED (SELECT 1), y AS NOT MATERIALIZED (SELECT 2) DELETE FROM t WHERE id IN (SELECT * FROM x) AND f(1)`,
		kind:  Delete,
		table: "t",
		where: []string{"col:id in expr:(SELECT * FROM x)", "fn:f"},
		funcs: []string{"f"},
	},
	{
		name: "explain is other",
		sql:  `EXPLAIN UPDATE t SET a = 1`,
		kind: Other,
	},
	{
		name: "ddl is other, and its column lists are not calls",
		sql:  `CREATE TABLE t (id int PRIMARY KEY, name varchar(20), at timestamptz DEFAULT now()); CREATE INDEX i ON t (a)`,
		kind: Other, multiple: true,
	},
	{
		name:  "keywords used as column names",
		sql:   `UPDATE t SET a = 1 WHERE lock IS NULL AND offset NOT IN (1) AND b = offset AND NOT window`,
		kind:  Update,
		table: "t",
		set:   []string{"a=lit:1"},
		where: []string{"col:lock is lit:NULL", "col:offset not in lit:(1)", "col:b = col:offset", "or|col:window"},
	},
	{
		name:  "column names that are also clause words",
		sql:   `SELECT * FROM t WHERE offset < $1 AND partition = $2 LIMIT 10 OFFSET 5`,
		kind:  Select,
		table: "t", columns: []string{"*"},
		where:  []string{"col:offset < param:0", "col:partition = param:1"},
		params: []string{"0", "1"},
		style:  Dollar,
	},
	{
		name:  "self reference through the target alias only",
		sql:   `UPDATE t x SET v = x.v + 1, w = y.w + 0 FROM y WHERE x.id = y.id`,
		kind:  Update,
		table: "t",
		set:   []string{"v=expr:x.v + 1 self", "w=expr:y.w + 0"},
		where: []string{"col:x.id = col:y.id"},
	},
	{
		name:    "niladic time functions",
		sql:     `SELECT CURRENT_TIMESTAMP, now() FROM dual WHERE a > CURRENT_DATE - 1 AND b < localtimestamp`,
		kind:    Select,
		table:   "dual",
		columns: []string{"current_timestamp", "now"},
		where:   []string{"col:a > expr:CURRENT_DATE - 1", "col:b < fn:localtimestamp"},
		funcs:   []string{"current_timestamp", "now", "current_date", "localtimestamp"},
	},
	{
		name:   "other boolean operators",
		sql:    `UPDATE t SET a = 1 WHERE tags @> $1 AND x <@ $2 AND y ~ '^a' AND z ILIKE $3 AND w NOT LIKE 'x%'`,
		kind:   Update,
		table:  "t",
		set:    []string{"a=lit:1"},
		where:  []string{"col:tags @> param:0", "col:x <@ param:1", "col:y ~ lit:'^a'", "col:z like param:2", "col:w not like lit:'x%'"},
		params: []string{"0", "1", "2"},
		style:  Dollar,
	},
	{
		name:   "unclosed group",
		sql:    `UPDATE t SET a = 1 WHERE (a = 1 AND b = $1`,
		kind:   Update,
		table:  "t",
		set:    []string{"a=lit:1"},
		where:  []string{"col:a = lit:1", "col:b = param:0"},
		params: []string{"0"},
		style:  Dollar,
	},
	{name: "empty", sql: ``, kind: Unknown},
	{name: "only separators", sql: ` ; ;; `, kind: Unknown},
	{name: "only a comment", sql: `-- UPDATE t SET a = 1`, kind: Unknown},
	{name: "unterminated block comment", sql: `/* UPDATE t`, kind: Unknown},
	{
		name:    "cql: lightweight transaction on a token",
		sql:     `UPDATE jobs SET result = ? WHERE id = ? IF fence < ?`,
		kind:    Update,
		table:   "jobs",
		set:     []string{"result=param:0 params[0]"},
		where:   []string{"col:id = param:1"},
		ifPreds: []string{"col:fence < param:2"},
		params:  []string{"0", "1", "2"},
		style:   Question,
	},
	{
		name:    "cql: several conditions, USING TTL before SET",
		sql:     `UPDATE jobs USING TTL 30 SET result = ? WHERE id = ? IF owner = ? AND fence < ?`,
		kind:    Update,
		table:   "jobs",
		set:     []string{"result=param:0 params[0]"},
		where:   []string{"col:id = param:1"},
		ifPreds: []string{"col:owner = param:2", "col:fence < param:3"},
		params:  []string{"0", "1", "2", "3"},
		ttl:     true,
		style:   Question,
	},
	{
		name:     "cql: delete if exists, with USING TIMESTAMP",
		sql:      `DELETE FROM jobs USING TIMESTAMP 1234 WHERE id = ? IF EXISTS`,
		kind:     Delete,
		table:    "jobs",
		where:    []string{"col:id = param:0"},
		ifExists: true,
		params:   []string{"0"},
		style:    Question,
	},
	{
		name:    "cql: delete with a condition",
		sql:     `delete from jobs where id = :id if fence <= :fence`,
		kind:    Delete,
		table:   "jobs",
		where:   []string{"col:id = param::id"},
		ifPreds: []string{"col:fence <= param::fence"},
		params:  []string{":id", ":fence"},
		style:   Colon,
	},
	{
		name:    "cql: insert if not exists, then USING TTL",
		sql:     `INSERT INTO locks (name, owner) VALUES (?, ?) IF NOT EXISTS USING TTL 30`,
		kind:    Insert,
		table:   "locks",
		columns: []string{"name", "owner"},
		ifNotEx: true,
		ttl:     true,
		params:  []string{"0", "1"},
		style:   Question,
	},
	{
		name:    "cql: plain insert with USING TTL",
		sql:     `INSERT INTO results (id, v) VALUES (?, ?) USING TTL 60`,
		kind:    Insert,
		table:   "results",
		columns: []string{"id", "v"},
		ttl:     true,
		params:  []string{"0", "1"},
		style:   Question,
	},
	{
		name:   "cql: update USING TIMESTAMP and TTL",
		sql:    `UPDATE locks USING TIMESTAMP 1 AND TTL 30 SET owner = ? WHERE name = ?`,
		kind:   Update,
		table:  "locks",
		set:    []string{"owner=param:0 params[0]"},
		where:  []string{"col:name = param:1"},
		ttl:    true,
		params: []string{"0", "1"},
		style:  Question,
	},
	{
		name:  "postgres DELETE USING is no TTL",
		sql:   `DELETE FROM jobs USING ttl WHERE jobs.id = ttl.id`,
		kind:  Delete,
		table: "jobs",
		where: []string{"col:jobs.id = col:ttl.id"},
	},
	{
		name:     "cql: update if not exists is kept, update if exists",
		sql:      `UPDATE t SET v = 1 WHERE k = 2 IF EXISTS`,
		kind:     Update,
		table:    "t",
		set:      []string{"v=lit:1"},
		where:    []string{"col:k = lit:2"},
		ifExists: true,
	},
	{
		name:   "mysql IF() in SET and WHERE is a function, not a condition",
		sql:    `UPDATE t SET v = IF(fence < ?, ?, v) WHERE k = ? AND IF (a, b, c)`,
		kind:   Update,
		table:  "t",
		set:    []string{"v=fn:if self params[0 1] conds[col:fence < param:0]"},
		where:  []string{"col:k = param:2", "fn:if"},
		params: []string{"0", "1", "2"},
		funcs:  []string{"if"},
		style:  Question,
	},
	{name: "create table if not exists is other", sql: `CREATE TABLE IF NOT EXISTS t (a int)`, kind: Other},
	{name: "drop table if exists is other", sql: `DROP TABLE IF EXISTS t`, kind: Other},
	{name: "if without a condition", sql: `UPDATE t SET v = 1 WHERE k = 2 IF`, kind: Update, table: "t", set: []string{"v=lit:1"}, where: []string{"col:k = lit:2"}},
	{name: "unterminated string", sql: `SELECT 'abc`, kind: Select, columns: []string{""}},
	{name: "unterminated quoted identifier", sql: `UPDATE "jobs`, kind: Update, table: "jobs"},
	{name: "unterminated dollar quote", sql: `SELECT $$abc`, kind: Select, columns: []string{""}},
	{name: "stray closer", sql: `SELECT a) FROM t WHERE b = 1`, kind: Select, columns: []string{"a"}},
}

func TestParse(t *testing.T) {
	for _, c := range parseCases {
		t.Run(c.name, func(t *testing.T) {
			st := Parse(c.sql)
			check := func(field string, got, want any) {
				t.Helper()
				if !reflect.DeepEqual(got, want) {
					t.Errorf("%s:\n got  %#v\n want %#v", field, got, want)
				}
			}
			check("Kind", st.Kind, c.kind)
			check("Table", st.Table, c.table)
			check("Set", renderSet(st.Set), c.set)
			check("Where", renderPreds(st.Where), c.where)
			check("ConflictWhere", renderPreds(st.ConflictWhere), c.conflict)
			check("SubWhere", renderPreds(st.SubWhere), c.subWhere)
			check("If", renderPreds(st.If), c.ifPreds)
			check("IfExists", st.IfExists, c.ifExists)
			check("IfNotExists", st.IfNotExists, c.ifNotEx)
			check("TTL", st.TTL, c.ttl)
			check("Returning", st.Returning, c.returning)
			check("Columns", st.Columns, c.columns)
			check("Params", renderParams(st.Params), c.params)
			check("Funcs", st.Funcs, c.funcs)
			check("Style", st.Style, c.style)
			check("ForUpdate", st.ForUpdate, c.forUpdate)
			check("SkipLocked", st.SkipLocked, c.skip)
			check("HasHole", st.HasHole, c.hole)
			check("Multiple", st.Multiple, c.multiple)
		})
	}
}

// TestParseDetail checks whole structures, including offsets, operand
// text and placeholder numbers.
func TestParseDetail(t *testing.T) {
	const sql = `UPDATE "Jobs" SET result = $2 WHERE id = $1::bigint AND t."Fence_Token" < ?`
	st := Parse(sql)
	p1 := Placeholder{Style: Dollar, Number: 1, Offset: strings.Index(sql, "$1")}
	p2 := Placeholder{Style: Dollar, Number: 2, Offset: strings.Index(sql, "$2")}
	want := &Statement{
		Kind:  Update,
		Table: "jobs",
		Set: []Assignment{{
			Column: "result",
			Value:  Operand{Kind: Param, Param: p2, Text: "$2", Params: []Placeholder{p2}},
			Params: []Placeholder{p2},
		}},
		Where: []Predicate{
			{
				Left:  Operand{Kind: Column, Column: "id", Text: "id"},
				Op:    "=",
				Right: Operand{Kind: Param, Param: p1, Text: "$1::bigint", Params: []Placeholder{p1}},
			},
			{
				// With $N placeholders, '?' is PostgreSQL's JSON operator.
				Left:  Operand{Kind: Column, Column: "fence_token", Qualifier: "t", Text: `t."Fence_Token"`},
				Op:    "<",
				Right: Operand{Kind: Expr, Text: "?"},
			},
		},
		Params: []Placeholder{p2, p1},
		Style:  Dollar,
	}
	if !reflect.DeepEqual(st, want) {
		t.Errorf("Parse(%q) =\n%#v\nwant\n%#v", sql, st, want)
	}
}

func TestPlaceholders(t *testing.T) {
	cases := []struct {
		sql  string
		want []Placeholder
	}{
		{"a = ? AND b = ?", []Placeholder{{Question, 1, "", 4}, {Question, 2, "", 14}}},
		{"a = ?2 AND b = ?1", []Placeholder{{QuestionNumber, 2, "", 4}, {QuestionNumber, 1, "", 15}}},
		{"a = $10", []Placeholder{{Dollar, 10, "", 4}}},
		{"a = :Name AND b = :2", []Placeholder{{Colon, 0, "Name", 4}, {Colon, 2, "", 18}}},
		{"a = @p1 AND @@identity = 1", []Placeholder{{At, 0, "p1", 4}}},
		{"a = $1::text AND b = 'x'::text AND c := 1 AND d ?& e", []Placeholder{{Dollar, 1, "", 4}}},
		{"x = `?` AND y = \"?\" AND z = '?' /* ? */ -- ?", nil},
		{"x = $\x00 AND y = ?\x00 AND z = :\x00 AND w = @\x00", nil},
	}
	for _, c := range cases {
		got := Parse(c.sql).Params
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("Parse(%q).Params = %+v, want %+v", c.sql, got, c.want)
		}
	}
}

func TestArgIndex(t *testing.T) {
	cases := []struct {
		p    Placeholder
		want int
	}{
		{Placeholder{Style: Dollar, Number: 3}, 2},
		{Placeholder{Style: Question, Number: 1}, 0},
		{Placeholder{Style: QuestionNumber, Number: 2}, 1},
		{Placeholder{Style: Colon, Number: 1}, 0},
		{Placeholder{Style: Colon, Name: "id"}, -1},
		{Placeholder{Style: At, Name: "p1"}, -1},
		{Placeholder{Style: Dollar, Number: 0}, -1},
	}
	for _, c := range cases {
		if got := c.p.ArgIndex(); got != c.want {
			t.Errorf("%+v.ArgIndex() = %d, want %d", c.p, got, c.want)
		}
	}
}

func TestKind(t *testing.T) {
	names := []string{"unknown", "select", "insert", "upsert", "update", "delete", "merge", "other"}
	writes := []bool{false, false, false, true, true, true, true, false}
	for k := Unknown; k <= Other; k++ {
		if k.String() != names[k] || k.Writes() != writes[k] {
			t.Errorf("%d: String() = %q, Writes() = %v", k, k.String(), k.Writes())
		}
	}
	if Kind(99).String() != "unknown" || Kind(-1).Writes() {
		t.Error("out-of-range kinds")
	}
}

// FuzzParse checks that Parse never panics, reports placeholders inside
// the text in order, and is deterministic.
func FuzzParse(f *testing.F) {
	for _, c := range parseCases {
		f.Add(c.sql)
	}
	for _, s := range []string{
		"", "(", ")", "((((", "))))", "'", `"`, "`", "[", "]", "$", "$$", "$a", "$a$", "?", ":", "::", "@", "@@", "#", "--", "/*", "*/",
		"CASE", "END", "CASE WHEN", "UPDATE", "UPDATE SET", "UPDATE t SET", "UPDATE t SET a", "UPDATE t SET a =", "UPDATE t SET (a, b) =",
		"INSERT INTO", "INSERT INTO t ON CONFLICT DO UPDATE SET", "INSERT ON DUPLICATE KEY UPDATE", "MERGE INTO t WHEN MATCHED AND THEN",
		"WITH", "WITH a AS", "WITH a AS (", "SELECT DISTINCT ON (", "SELECT TOP", "DELETE FROM WHERE NOT NOT", "WHERE x IS NOT DISTINCT",
		"UPDATE t SET a = CAST(", "UPDATE t SET a = CAST($1 AS", "x BETWEEN AND AND", "\x00\x00(\x00)\x00", "E'\\", "[a]]", "@a [b",
		"SELECT ?|? ?& $1", "UPDATE t SET a = 1 WHERE b = 2 IF", "DELETE FROM t WHERE a = 1 IF NOT", "INSERT INTO t (a) VALUES (1) IF", "UPDATE t SET a = 1 IF a = 1 IF b = 2", "UPDATE t SET a = IF(VALUES(", "a = ((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((((1",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, sql string) {
		st := Parse(sql)
		if st == nil {
			t.Fatal("nil statement")
		}
		if st.Kind < Unknown || st.Kind > Other {
			t.Fatalf("kind %d out of range", st.Kind)
		}
		for i, p := range st.Params {
			if p.Offset < 0 || p.Offset >= len(sql) {
				t.Fatalf("param %d offset %d outside [0,%d)", i, p.Offset, len(sql))
			}
			if i > 0 && st.Params[i-1].Offset >= p.Offset {
				t.Fatalf("params out of order: %+v", st.Params)
			}
		}
		if again := Parse(sql); !reflect.DeepEqual(st, again) {
			t.Fatalf("Parse is not deterministic:\n%#v\n%#v", st, again)
		}
		if len(st.Params) > 0 && st.Style != st.Params[0].Style {
			t.Fatalf("style %v, first placeholder %v", st.Style, st.Params[0].Style)
		}
		if slices.Contains(st.Funcs, "") {
			t.Fatalf("empty function name in %q", st.Funcs)
		}
	})
}

func BenchmarkParse(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		for _, c := range parseCases {
			Parse(c.sql)
		}
	}
}
