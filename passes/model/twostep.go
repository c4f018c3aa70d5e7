package model

import (
	"go/token"
	"sort"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/fencecheck/fencecheck/internal/sqltext"
	"github.com/fencecheck/fencecheck/passes/model/store"
	sqlstore "github.com/fencecheck/fencecheck/passes/model/store/sql"
	"github.com/fencecheck/fencecheck/passes/model/store/vocab"
)

// twoStepClaims finds claims made in two statements: a SELECT of free or
// expired rows of a table, then an UPDATE of that table, keyed by a
// parameter, that sets the column the SELECT tested (SELECT id FROM jobs
// WHERE claimed_at IS NULL OR claimed_at < $1; UPDATE jobs SET claimed_at
// = $2 WHERE id = ANY($3)). The UPDATE is the claim. Such a claim is not
// atomic: two workers may select the same rows before either updates.
// The two statements may sit in two functions their caller composes
// (composedClaims).
func (m *model) twoStepClaims() {
	for _, fn := range m.funcs {
		ops := m.local[fn].ops
		for _, sel := range ops {
			if !isFreeSelect(sel) {
				continue
			}
			free := sqlStmt(sel, sel.stmt).FreeColumns()
			if len(free) == 0 {
				continue
			}
			for _, up := range ops {
				if !up.write || up.release || up.stmt == nil || up.stmt.Kind != sqltext.Update ||
					up.stmt.Table != sel.stmt.Table || !sqlstore.KeyedByParam(up.stmt) || !store.Dominates(sel.instr, up.instr) {
					continue
				}
				var cols []string
				for _, a := range up.stmt.Set {
					if !sqlstore.Cleared(a) && (free[a.Column] || vocab.IsLeaseColumn(a.Column) || vocab.IsTokenColumn(a.Column)) {
						cols = append(cols, a.Column)
					}
				}
				if !sqlstore.SetsAny(up.stmt, free) {
					continue
				}
				up.write, up.acquire, up.claimColumns = false, true, cols
			}
		}
	}
	m.composedClaims()
}

// isFreeSelect reports whether o runs a SELECT of a known table that
// could pick free rows (it is neither a write nor a claim).
func isFreeSelect(o *op) bool {
	return o.stmt != nil && o.stmt.Kind == sqltext.Select && o.stmt.Table != "" && !o.write && !o.acquire
}

// A two-step claim can be composed by a caller from two functions (of the
// package, or of other packages through FuncFact.FreeRows and
// FuncFact.Marks):
//
//   - a selecting function runs a SELECT of free or expired rows of a
//     table, tested on a lease column (claimed_at IS NULL, locked_by IS
//     NULL) or on a column compared with a point in time (heartbeat_at <
//     $1), leaves them unclaimed (no UPDATE of the function claims them)
//     and returns a value besides errors;
//   - a marking function runs an UPDATE of a table keyed by one of its
//     parameters (id = ANY($1), with $1 bound to that parameter, possibly
//     through a conversion such as pq.Array) that sets a lease column or a
//     point in time to a value that does not clear it.
//
// A call of a marking function is a claim when the argument at its key
// parameter is computed from the result of an earlier call of a selecting
// function (the value itself, an element or field of it, ids appended in a
// loop, a conversion), the selecting call runs before it on every path,
// both work on the same table, and the marking sets a column the
// selection tested. The marking call then takes the lease: what the caller
// does after it runs under it. Rows marked with keys of another origin, a
// selection of another table, or a marking with no selection before it
// are not claims.

// composedClaims turns the calls of marking functions that complete a
// two-step claim begun by a selecting call into acquisitions.
func (m *model) composedClaims() {
	for _, fn := range m.funcs {
		for _, o := range m.local[fn].ops {
			if o.acquire || o.release || o.instr.Common().IsInvoke() {
				continue
			}
			marks, key, ok := m.callMarks(o)
			if !ok {
				continue
			}
			args := o.instr.Common().Args
			if k := key + argOffset(o.instr.Common()); k < len(args) {
				sel := m.selectingCall(args[k], marks, make(map[ssa.Value]bool), 0)
				if sel == nil || !store.Dominates(sel, o.instr) {
					continue
				}
				o.write, o.acquire, o.local, o.via, o.target, o.verb = false, true, nil, nil, "", ""
				o.claimColumns = unqualified(marks)
			}
		}
	}
}

// callMarks returns what the callee of o marks, and its key parameter.
func (m *model) callMarks(o *op) ([]string, int, bool) {
	if o.local != nil {
		if fi := m.local[o.local]; fi != nil {
			return m.marksOf(fi)
		}
		return nil, 0, false
	}
	if o.callee == nil {
		return nil, 0, false
	}
	if f, ok := m.importedFact(o.callee); ok && len(f.Marks) > 0 {
		return f.Marks, f.MarkKey, true
	}
	return nil, 0, false
}

// selectingCall returns the call of a selecting function whose free rows
// (FreeRows) share a column with marks and whose result v is computed
// from, or nil.
func (m *model) selectingCall(v ssa.Value, marks []string, seen map[ssa.Value]bool, depth int) *ssa.Call {
	if v == nil || depth > 16 || seen[v] {
		return nil
	}
	seen[v] = true
	next := func(u ssa.Value) *ssa.Call { return m.selectingCall(u, marks, seen, depth+1) }
	switch x := v.(type) {
	case *ssa.Call:
		if intersects(m.calleeFreeRows(x.Common()), marks) {
			return x
		}
		if x.Common().IsInvoke() {
			return nil
		}
		for _, a := range x.Common().Args { // append(ids, t.ID), pq.Array(ids)
			if c := next(a); c != nil {
				return c
			}
		}
	case *ssa.Extract:
		return next(x.Tuple)
	case *ssa.Phi:
		for _, e := range x.Edges {
			if c := next(e); c != nil {
				return c
			}
		}
	case *ssa.MakeInterface:
		return next(x.X)
	case *ssa.ChangeType:
		return next(x.X)
	case *ssa.Convert:
		return next(x.X)
	case *ssa.Slice:
		return next(x.X)
	case *ssa.Field:
		return next(x.X)
	case *ssa.FieldAddr:
		return next(x.X)
	case *ssa.Index:
		return next(x.X)
	case *ssa.IndexAddr:
		return next(x.X)
	case *ssa.Lookup:
		return next(x.X)
	case *ssa.Range:
		return next(x.X)
	case *ssa.Next:
		return next(x.Iter)
	case *ssa.UnOp:
		if x.Op == token.MUL {
			return next(x.X)
		}
	case *ssa.Alloc, *ssa.MakeSlice:
		// ids := make([]int64, n); ids[i] = t.ID: what is stored in it.
		for _, st := range storesInto(x) {
			if c := next(st); c != nil {
				return c
			}
		}
	}
	return nil
}

// storesInto returns the values stored into a local allocation or slice,
// directly or into one of its elements or fields.
func storesInto(v ssa.Value) []ssa.Value {
	var out []ssa.Value
	refs := v.Referrers()
	if refs == nil {
		return nil
	}
	for _, r := range *refs {
		switch x := r.(type) {
		case *ssa.Store:
			if x.Addr == v {
				out = append(out, x.Val)
			}
		case *ssa.IndexAddr, *ssa.FieldAddr:
			if sub := x.(ssa.Value).Referrers(); sub != nil {
				for _, s := range *sub {
					if st, ok := s.(*ssa.Store); ok && st.Addr == x.(ssa.Value) {
						out = append(out, st.Val)
					}
				}
			}
		}
	}
	return out
}

// calleeFreeRows returns what the static callee of a call selects as free
// rows, computed for functions of the package, read from facts for the
// others.
func (m *model) calleeFreeRows(common *ssa.CallCommon) []string {
	fn := common.StaticCallee()
	if fn == nil {
		return nil
	}
	if o := fn.Origin(); o != nil {
		fn = o
	}
	if fi := m.local[fn]; fi != nil {
		return m.freeRowsOf(fi)
	}
	if obj := store.FuncObject(fn); obj != nil {
		if f, ok := m.importedFact(obj); ok {
			return f.FreeRows
		}
	}
	return nil
}

// freeRowsOf returns the free or expired rows a declared function selects
// and leaves for its caller to mark, as "table.column" for each lease
// column, or column compared with a point in time, that its SELECT tests,
// sorted; nil when it selects none or returns nothing but errors.
func (m *model) freeRowsOf(fi *funcInfo) []string {
	if fi.fn.Parent() != nil || !returnsValue(fi.fn.Signature) {
		return nil
	}
	set := make(map[string]bool)
	for _, sel := range fi.ops {
		if !isFreeSelect(sel) || claimedAfter(fi, sel) {
			continue
		}
		timed := make(map[string]bool)
		for _, p := range sqlstore.Conditions(sel.stmt) {
			if c, older, ok := sqlStmt(sel, sel.stmt).TimePredicate(p); ok && older {
				timed[c] = true
			}
		}
		for c := range sqlStmt(sel, sel.stmt).FreeColumns() {
			if vocab.IsLeaseColumn(c) || timed[c] {
				set[sel.stmt.Table+"."+c] = true
			}
		}
	}
	return sortedSet(set)
}

// claimedAfter reports whether a claim of fi on the table sel selects
// from runs after it: the selection is then the first step of fi's own
// claim.
func claimedAfter(fi *funcInfo, sel *op) bool {
	for _, up := range fi.ops {
		if up.acquire && up.stmt != nil && up.stmt.Table == sel.stmt.Table && store.Dominates(sel.instr, up.instr) {
			return true
		}
	}
	return false
}

// marksOf reports whether a declared function marks rows of a table by
// key: it runs an UPDATE, keyed by one of its parameters, that sets a
// lease column or a point in time to a value that does not clear it. It
// returns the lease, time and token columns the UPDATE sets, as
// "table.column" sorted, and the declared index (receiver excluded) of the
// key parameter.
func (m *model) marksOf(fi *funcInfo) ([]string, int, bool) {
	if fi.fn.Parent() != nil {
		return nil, 0, false
	}
	for _, up := range fi.ops {
		if !up.write || up.release || up.stmt == nil || up.stmt.Kind != sqltext.Update || up.stmt.Table == "" {
			continue
		}
		key, ok := m.keyParam(fi.fn, up)
		if !ok {
			continue
		}
		set := make(map[string]bool)
		claims := false
		for _, a := range up.stmt.Set {
			if sqlstore.Cleared(a) {
				continue
			}
			lease := vocab.IsLeaseColumn(a.Column) || sqlStmt(up, up.stmt).SetsExpiry(a)
			if lease || vocab.IsTokenColumn(a.Column) {
				set[up.stmt.Table+"."+a.Column] = true
			}
			claims = claims || lease
		}
		if claims {
			return sortedSet(set), key, true
		}
	}
	return nil, 0, false
}

// keyParam returns the declared index of the parameter of fn that a key
// predicate of o's WHERE (col = $1, col IN (…), col = ANY($1)) binds.
func (m *model) keyParam(fn *ssa.Function, o *op) (int, bool) {
	for _, p := range o.stmt.Where {
		if p.UnderOr || p.Op != "=" && p.Op != "in" {
			continue
		}
		in := p.Right
		if p.Left.Kind != sqltext.Column {
			in = p.Left
		}
		if p.Left.Kind != sqltext.Column && p.Right.Kind != sqltext.Column {
			continue
		}
		for _, ph := range in.Params {
			if i, ok := paramOrigin(fn, sqlArg(o, ph), 0); ok {
				return i, true
			}
		}
	}
	return 0, false
}

// paramOrigin returns the declared index of the parameter of fn that v is,
// or is converted from (pq.Array(ids), ids[:n]).
func paramOrigin(fn *ssa.Function, v ssa.Value, depth int) (int, bool) {
	if v == nil || depth > 4 {
		return 0, false
	}
	v = store.StripConv(v)
	if i, ok := paramIndex(fn, v); ok {
		return i, true
	}
	switch x := v.(type) {
	case *ssa.Slice:
		return paramOrigin(fn, x.X, depth+1)
	case *ssa.Convert:
		return paramOrigin(fn, x.X, depth+1)
	case *ssa.Call:
		if x.Common().IsInvoke() || len(x.Common().Args) != 1 {
			return 0, false
		}
		return paramOrigin(fn, x.Common().Args[0], depth+1)
	}
	return 0, false
}

// intersects reports whether two sorted string slices share an element.
func intersects(a, b []string) bool {
	for i, j := 0, 0; i < len(a) && j < len(b); {
		switch {
		case a[i] == b[j]:
			return true
		case a[i] < b[j]:
			i++
		default:
			j++
		}
	}
	return false
}

// unqualified returns the columns of "table.column" entries.
func unqualified(cols []string) []string {
	out := make([]string, len(cols))
	for i, c := range cols {
		out[i] = c[strings.LastIndexByte(c, '.')+1:]
	}
	return out
}

// sortedSet returns the elements of set, sorted; nil when it is empty.
func sortedSet(set map[string]bool) []string {
	if len(set) == 0 {
		return nil
	}
	out := make([]string, 0, len(set))
	for s := range set {
		out = append(out, s)
	}
	sort.Strings(out)
	return out
}
