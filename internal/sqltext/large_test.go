package sqltext

import (
	"fmt"
	"strings"
	"testing"
)

// pathological makes inputs of n units that a careless parser handles in
// quadratic time or deep recursion.
var pathological = map[string]func(n int) string{
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

// TestLinear parses pathological inputs of n and 8n units and checks that
// the work grows roughly linearly (and that nothing overflows the stack).
// Work is counted in allocations, which do not depend on the machine's
// load as time does; BenchmarkPathological measures the time.
func TestLinear(t *testing.T) {
	const n = 2000
	for name, gen := range pathological {
		small, large := gen(n), gen(8*n)
		as := testing.AllocsPerRun(2, func() { Parse(small) })
		al := testing.AllocsPerRun(2, func() { Parse(large) })
		if al > 16*as+64 {
			t.Errorf("%s: %d units made %.0f allocations, %d units %.0f: not linear", name, n, as, 8*n, al)
		}
	}
}

// BenchmarkPathological measures Parse on the pathological inputs of
// TestLinear, 16000 units each.
func BenchmarkPathological(b *testing.B) {
	for name, gen := range pathological {
		src := gen(16000)
		b.Run(name, func(b *testing.B) {
			for b.Loop() {
				Parse(src)
			}
		})
	}
}
