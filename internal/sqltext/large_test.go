package sqltext

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// TestLinear parses pathological inputs of n and 8n units and checks that
// the time grows roughly linearly (and that nothing overflows the stack).
func TestLinear(t *testing.T) {
	gens := map[string]func(n int) string{
		"parens":  func(n int) string { return strings.Repeat("(", n) },
		"closers": func(n int) string { return "SELECT " + strings.Repeat(")", n) },
		"calls":   func(n int) string { return "SELECT " + strings.Repeat("f(", n) },
		"case":    func(n int) string { return "UPDATE t SET a = " + strings.Repeat("CASE WHEN ", n) },
		"ands":    func(n int) string { return "UPDATE t SET a = 1 WHERE " + strings.Repeat("a = 1 AND ", n) },
		"ifs":     func(n int) string { return "UPDATE t SET a = " + strings.Repeat("IF(a > 1, ", n) },
		"casts":   func(n int) string { return "UPDATE t SET a = 1 WHERE b = " + strings.Repeat("x::a + ", n) },
		"merge": func(n int) string {
			return "MERGE INTO t USING s ON 1 " + strings.Repeat("WHEN MATCHED THEN UPDATE SET a = 1 ", n)
		},
		"stmts": func(n int) string { return strings.Repeat("UPDATE t SET a = 1 WHERE b = 2;", n) },
		"wrapped": func(n int) string {
			return "DELETE FROM t WHERE " + strings.Repeat("(", n) + "a = 1" + strings.Repeat(")", n)
		},
		"tuple": func(n int) string {
			return "UPDATE t SET (" + strings.Repeat("a, ", n) + "b) = (" + strings.Repeat("1, ", n) + "2)"
		},
		"cte": func(n int) string {
			return "WITH " + strings.Repeat("a AS (SELECT 1), ", n) + "b AS (SELECT 1) SELECT 1"
		},
		"subqueries": func(n int) string {
			return "DELETE FROM t WHERE a IN " + strings.Repeat("(SELECT a FROM t WHERE b = $1 AND a IN ", n)
		},
		"brackets": func(n int) string { return strings.Repeat("[", n) + "@a" },
		"unmatched": func(n int) string {
			return strings.Repeat("CASE [", n) + strings.Repeat(")", n) + strings.Repeat("END ]", n)
		},
		"when": func(n int) string {
			return "MERGE INTO t USING s ON 1 WHEN MATCHED " + strings.Repeat("AND a = 1 ", n) + "THEN DELETE"
		},
		"funcs": func(n int) string {
			var b strings.Builder
			for i := range n {
				fmt.Fprintf(&b, "f%d(), ", i)
			}
			return "SELECT " + b.String()
		},
	}
	const n = 2000
	for name, gen := range gens {
		small, large := gen(n), gen(8*n)
		ts, tl := bestOf(small), bestOf(large)
		if tl > 40*ts+20*time.Millisecond {
			t.Errorf("%s: %d units took %v, %d units took %v: not linear", name, n, ts, 8*n, tl)
		}
	}
}

// bestOf returns the shortest of three Parse times of s.
func bestOf(s string) time.Duration {
	best := time.Hour
	for range 3 {
		start := time.Now()
		Parse(s)
		best = min(best, time.Since(start))
	}
	return best
}
