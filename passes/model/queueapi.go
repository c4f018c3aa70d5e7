package model

import (
	"golang.org/x/tools/go/ssa"

	"github.com/fencecheck/fencecheck/internal/sqltext"
	"github.com/fencecheck/fencecheck/passes/model/store"
	sqlstore "github.com/fencecheck/fencecheck/passes/model/store/sql"
)

// queueAPILease reports whether fn is an exported function of a queue or
// lock library that writes the rows the package claims, keyed by a
// parameter and with no guard (func (q *Queue) Delete(id string) running
// DELETE FROM q WHERE id = ?, where the package's claim returns id). Every
// caller's stale worker can then remove a row another worker re-claimed,
// so the write is judged in the library, at the statement, as if under
// the claim's lease; its function then exports no write fact, and callers
// are not reported twice. The note names the token the claim already has.
// Administrative functions can be marked //fencecheck:idempotent.
func (m *model) queueAPILease(fn *ssa.Function) (Lease, bool) {
	obj := store.FuncObject(fn)
	if obj == nil || fn.Parent() != nil || !obj.Exported() {
		return Lease{}, false
	}
	fi := m.local[fn]
	var lease Lease
	found := false
	for _, w := range fi.ops {
		if claim, ok := m.redisItemWrite(fn, w); ok {
			if !found {
				lease = Lease{Pos: claim.Pos(), Desc: "items are reserved here by " + store.CalledName(claim) + "; " + obj.Name() + " acts on one by a parameter"}
				found = true
			}
			continue
		}
		if !w.write || w.guard != NoGuard || w.stmt == nil || w.stmt.Table == "" ||
			w.stmt.Kind != sqltext.Update && w.stmt.Kind != sqltext.Delete {
			continue
		}
		claim, key := m.claimOfKey(fn, w)
		if claim == nil {
			continue
		}
		w.note = sqlstore.ClaimTokenNote(claim.stmt)
		if !found {
			lease = Lease{Pos: claim.instr.Pos(), Desc: "rows of " + w.stmt.Table + " are claimed here by " + claim.name + "; " + obj.Name() + " writes them by " + key}
			found = true
		}
	}
	return lease, found
}

// claimOfKey returns a claim of the package on the table w writes that
// returns the key w's WHERE compares with a parameter of fn, and that key.
func (m *model) claimOfKey(fn *ssa.Function, w *op) (*op, string) {
	for _, p := range w.stmt.Where {
		if p.UnderOr || p.Op != "=" {
			continue
		}
		col, in := p.Left, p.Right
		if col.Kind != sqltext.Column {
			col, in = in, col
		}
		if col.Kind != sqltext.Column || in.Kind != sqltext.Param {
			continue
		}
		if _, ok := paramIndex(fn, store.StripConv(sqlArg(w, in.Param))); !ok {
			continue
		}
		for _, g := range m.funcs {
			for _, c := range m.local[g].ops {
				if c.acquire && c.stmt != nil && c.stmt.Table == w.stmt.Table && sqlstore.Returned(c.stmt, col.Column) {
					return c, col.Column
				}
			}
		}
	}
	return nil, ""
}
