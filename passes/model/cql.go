package model

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/fencecheck/fencecheck/internal/catalogue"
	"github.com/fencecheck/fencecheck/internal/sqltext"
	"github.com/fencecheck/fencecheck/passes/model/store"
	sqlstore "github.com/fencecheck/fencecheck/passes/model/store/sql"
	"github.com/fencecheck/fencecheck/passes/model/store/vocab"
)

// CQL (Cassandra, gocql) statements are built by Session.Query, which
// carries the text and the bound values, configured by methods that
// return the same query (WithContext, Consistency, Bind) and run by a
// method of the query (Exec, ScanCAS, MapScanCAS). The text is read by
// the SQL reader; what differs from SQL is said here:
//   - an INSERT overwrites an existing row unless it says IF NOT EXISTS;
//   - the condition of a lightweight transaction (IF fence < ?) is
//     evaluated by the server atomically with the write, so it guards
//     like a WHERE; IF EXISTS tests only that the row is there, which a
//     newer claim's row is too (a state guard), and an equality in it
//     with a value of claim origin is an owner check;
//   - a lightweight transaction's rejection is its applied flag, the
//     leading bool of ScanCAS and MapScanCAS; Exec drops it;
//   - Batch.Query queues a statement in a batch: a batch with a condition
//     applies all of its statements or none, so its condition guards them
//     all, and its applied flag is that of the call that runs the batch
//     (ExecuteBatchCAS, v2 Batch.ExecCAS; ExecuteBatch drops it).

// chainReceiver returns the receiver of a call of a method that returns
// its receiver's type (gocql Query.WithContext, Consistency, Bind): a
// builder that configures and returns the same statement.
func chainReceiver(call *ssa.Call) (ssa.Value, bool) {
	fn := call.Common().StaticCallee()
	if fn == nil || fn.Signature.Recv() == nil || len(call.Common().Args) == 0 {
		return nil, false
	}
	res := fn.Signature.Results()
	if res.Len() != 1 || !types.Identical(res.At(0).Type(), fn.Signature.Recv().Type()) {
		return nil, false
	}
	return call.Common().Args[0], true
}

// isCQLClass reports whether a catalogue class runs or queues CQL text.
func isCQLClass(c catalogue.Class) bool {
	return c == catalogue.CQLExec || c == catalogue.CQLBatchQuery
}

// isCQL reports whether o runs CQL text or queues it in a batch.
func isCQL(o *op) bool {
	if o.callee == nil {
		return false
	}
	e := catalogue.Lookup(o.callee)
	return e != nil && isCQLClass(e.Class)
}

// cqlStatement adjusts a statement read from CQL text to CQL's meaning:
// an INSERT without IF NOT EXISTS overwrites the row it names, so it is
// an upsert, not an append.
func cqlStatement(st *sqltext.Statement) {
	if st.Kind == sqltext.Insert && !st.IfNotExists {
		st.Kind = sqltext.Upsert
	}
}

// freshCQLRow reports whether an INSERT writes a row no one else can have
// written: its text calls uuid(), or it binds a UUID made on the spot by a
// call without arguments (gocql.TimeUUID()). Such a row is appended, like
// a SQL INSERT, not overwritten. A row keyed by anything else may be the
// row a newer holder wrote, and the INSERT overwrites it.
func freshCQLRow(o *op, st *sqltext.Statement) bool {
	if hasAny(st.Funcs, []string{"uuid"}) {
		return true
	}
	for _, a := range cqlBoundArgs(o) {
		call, ok := store.UnwrapInterface(a).(*ssa.Call)
		if !ok || len(call.Common().Args) > 0 || call.Common().IsInvoke() {
			continue
		}
		if n, ok := types.Unalias(call.Type()).(*types.Named); ok && n.Obj().Name() == "UUID" {
			return true
		}
	}
	return false
}

// cqlBoundArgs returns the values bound to the placeholders of the query
// o runs: those of the last rebinding method (Bind(v ...interface{})) in
// its chain of builders, else those given to the call that made the
// query (Session.Query(stmt, values...)). Nil entries are values it
// cannot see.
func cqlBoundArgs(o *op) []ssa.Value {
	v := o.handle
	for depth := 0; depth < maxTextDepth && v != nil; depth++ {
		switch x := v.(type) {
		case *ssa.UnOp:
			v = x.X
		case *ssa.ChangeType:
			v = x.X
		case *ssa.Call:
			if recv, ok := chainReceiver(x); ok {
				if rebinds(x) {
					return store.Varargs(x.Common().Args[1])
				}
				v = recv
				continue
			}
			fn := store.FuncObject(x.Common().StaticCallee())
			e := catalogue.Lookup(fn)
			if e == nil || e.Class != catalogue.SQLPrepare || e.Args < 0 {
				return nil
			}
			args := store.CallArgs(x)[1:]
			if e.Args >= len(args) {
				return nil
			}
			if fn.Signature().Variadic() && e.Args == len(args)-1 {
				return store.Varargs(args[e.Args])
			}
			return args[e.Args:]
		default:
			return nil
		}
	}
	return nil
}

// rebinds reports whether a builder call replaces the bound values: its
// only parameter is variadic (Bind(v ...interface{})).
func rebinds(call *ssa.Call) bool {
	sig := call.Common().Signature()
	return sig.Variadic() && sig.Params().Len() == 1 && len(call.Common().Args) == 2
}

// cqlGuard refines the guard of a CQL write: IF EXISTS is a state guard.
func (m *model) cqlGuard(o *op) {
	if o.guard == NoGuard && o.stmt.IfExists {
		o.guard = StateGuard
		o.note = "IF EXISTS tests only that the row exists, which it does for a newer claim too"
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
// equality with a value of claim origin.
func (m *model) cqlOwnerGuard(o *op) {
	for i := range o.stmt.If {
		p := &o.stmt.If[i]
		if p.UnderOr || p.Op != "=" {
			continue
		}
		col := p.StoredColumn()
		in, ok := sqlstore.IncomingOperand(p)
		if col == "" || vocab.IsIdentifierColumn(col) || !ok || in.Kind != sqltext.Param {
			continue
		}
		arg := sqlArg(o, in.Param)
		if arg == nil || m.tokenOrigin(arg).origin != ClaimOrigin {
			continue
		}
		o.guard, o.guardPred, o.guardColumn, o.tokenArg, o.note = TokenGuard, p, col, arg, ""
		return
	}
}

// cqlAppliedSeen reports whether the applied flag of a lightweight
// transaction is looked at: the leading bool result of ScanCAS and
// MapScanCAS must be used (compared, branched on, returned, passed on).
// A call without one (Exec) drops the flag; its error is not a rejection.
// For a statement queued in a batch, the flag is that of the calls that
// run the batch.
func cqlAppliedSeen(o *op, call *ssa.Call, results *types.Tuple) (bool, string) {
	if e := catalogue.Lookup(o.callee); e != nil && e.Class == catalogue.CQLBatchQuery {
		return cqlBatchAppliedSeen(o)
	}
	n := results.Len()
	if n == 0 || !isBool(results.At(0).Type()) {
		return false, "the applied flag of the lightweight transaction is dropped (the call returns only an error): read it with ScanCAS or MapScanCAS"
	}
	v := store.ResultValue(call, 0, n)
	return v != nil && store.UsedAtAll(v), "the applied flag of the lightweight transaction is never checked"
}

// batchRoot returns the batch a Batch.Query call o queues into, looking
// back through builder methods that return the batch (v2's chained
// b.Query(…).Query(…), WithContext).
func batchRoot(o *op) ssa.Value {
	v := o.handle
	for depth := 0; depth < maxTextDepth; depth++ {
		call, ok := v.(*ssa.Call)
		if !ok {
			return v
		}
		recv, ok := chainReceiver(call)
		if !ok {
			return v
		}
		v = recv
	}
	return v
}

// batchValues returns root and every value a chain of builder calls on it
// returns: the values that stand for the same batch.
func batchValues(root ssa.Value) []ssa.Value {
	out := []ssa.Value{root}
	for i := 0; i < len(out) && i < 64; i++ {
		refs := out[i].Referrers()
		if refs == nil {
			continue
		}
		for _, r := range *refs {
			call, ok := r.(*ssa.Call)
			if !ok {
				continue
			}
			if recv, ok := chainReceiver(call); ok && recv == out[i] {
				out = append(out, call)
			}
		}
	}
	return out
}

// batchExecs returns the calls that run the batch root stands for.
func batchExecs(root ssa.Value) []*ssa.Call {
	var out []*ssa.Call
	for _, v := range batchValues(root) {
		refs := v.Referrers()
		if refs == nil {
			continue
		}
		for _, r := range *refs {
			call, ok := r.(*ssa.Call)
			if !ok {
				continue
			}
			var fn *types.Func
			if callee := call.Common().StaticCallee(); callee != nil {
				fn = store.FuncObject(callee)
			}
			e := catalogue.Lookup(fn)
			if e == nil || e.Class != catalogue.CQLBatchExec {
				continue
			}
			args := store.CallArgs(call)
			batch := 0 // the receiver
			if e.Arg >= 0 {
				batch = e.Arg + 1
			}
			if batch < len(args) && args[batch] == v {
				out = append(out, call)
			}
		}
	}
	return out
}

// cqlBatchAppliedSeen reports whether the applied flag of a batch is
// looked at by every call that runs it. A batch that no call of the
// function runs is passed on: seen.
func cqlBatchAppliedSeen(o *op) (bool, string) {
	root := batchRoot(o)
	if root == nil {
		return true, ""
	}
	for _, call := range batchExecs(root) {
		results := call.Common().Signature().Results()
		n := results.Len()
		if n == 0 || !isBool(results.At(0).Type()) {
			return false, "the batch's applied flag is dropped (the call that runs it returns only an error): run it with ExecuteBatchCAS or ExecCAS and read the flag"
		}
		if v := store.ResultValue(call, 0, n); v == nil || !store.UsedAtAll(v) {
			return false, "the batch's applied flag is never checked"
		}
	}
	return true, ""
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
		root := batchRoot(g)
		for _, o := range ops {
			if o == g || !o.write || o.guard != NoGuard || o.callee != g.callee || batchRoot(o) != root {
				continue
			}
			o.guard, o.guardPred, o.guardColumn, o.tokenArg = g.guard, g.guardPred, g.guardColumn, g.tokenArg
		}
	}
}
