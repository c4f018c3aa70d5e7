package model

import (
	"golang.org/x/tools/go/ssa"

	"github.com/fencecheck/fencecheck/internal/catalogue"
	"github.com/fencecheck/fencecheck/internal/sqltext"
	"github.com/fencecheck/fencecheck/passes/model/store/cql"
)

// CQL statements are read by the CQL reader (store/cql); what is
// composed across the calls of the package (owner checks by the origin of
// their values, the guards a batch shares) is here.

// isCQL reports whether o runs CQL text or queues it in a batch.
func isCQL(o *op) bool {
	if o.callee == nil {
		return false
	}
	e := catalogue.Lookup(o.callee)
	return e != nil && cql.IsClass(e.Class)
}

// cqlGuard refines the guard of a CQL write: IF EXISTS is a state guard.
func (m *model) cqlGuard(o *op) {
	if note := cql.IfExistsNote(o.stmt); o.guard == NoGuard && note != "" {
		o.guard, o.note = StateGuard, note
	}
}

// cqlOwnerGuards makes an equality of a lightweight transaction's IF
// condition between a stored column and a value of claim origin an owner
// check, a token guard. Columns of an IF condition are never primary key
// columns (CQL forbids it), so such an equality compares who holds the
// row, not which row. It runs once the package's acquisitions are known
// (a local function that returns holding a lease issues claim values).
func (m *model) cqlOwnerGuards() {
	for _, fn := range m.funcs {
		for _, o := range m.local[fn].ops {
			if o.write && o.stmt != nil && o.guard == StateGuard && isCQL(o) {
				m.cqlOwnerGuard(o)
			}
		}
	}
	for _, fn := range m.funcs {
		m.cqlBatchGuards(m.local[fn].ops)
	}
}

// cqlOwnerGuard upgrades o to a token guard when its IF condition holds an
// equality with a value of claim origin (cql.OwnerCondition).
func (m *model) cqlOwnerGuard(o *op) {
	arg := func(p sqltext.Placeholder) ssa.Value { return sqlArg(o, p) }
	issued := func(v ssa.Value) bool { return m.tokenOrigin(v).origin == ClaimOrigin }
	if p, col, v := cql.OwnerCondition(o.stmt, arg, issued); p != nil {
		o.guard, o.guardPred, o.guardColumn, o.tokenArg, o.note = TokenGuard, p, col, v, ""
	}
}

// cqlBatchGuards gives the statements of a batch the guard of its
// lightweight transaction: a batch with conditions applies all of its
// statements or none, so a plain statement queued in the same batch as a
// token-guarded one is guarded by that condition.
func (m *model) cqlBatchGuards(ops []*op) {
	for _, g := range ops {
		if !g.write || g.guard != TokenGuard || !isCQL(g) || g.stmt == nil || len(g.stmt.If) == 0 {
			continue
		}
		e := catalogue.Lookup(g.callee)
		if e == nil || e.Class != catalogue.CQLBatchQuery {
			continue
		}
		root := cql.BatchRoot(g.handle)
		for _, o := range ops {
			if o == g || !o.write || o.guard != NoGuard || o.callee != g.callee || cql.BatchRoot(o.handle) != root {
				continue
			}
			o.guard, o.guardPred, o.guardColumn, o.tokenArg = g.guard, g.guardPred, g.guardColumn, g.tokenArg
		}
	}
}
