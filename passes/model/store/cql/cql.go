// Package cql reads CQL (Cassandra, gocql) statements.
//
// CQL statements are built by Session.Query, which
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
package cql

import (
	"go/types"
	"slices"

	"golang.org/x/tools/go/ssa"

	"github.com/fencecheck/fencecheck/internal/catalogue"
	"github.com/fencecheck/fencecheck/internal/sqltext"
	"github.com/fencecheck/fencecheck/passes/model/store"
	"github.com/fencecheck/fencecheck/passes/model/store/vocab"
)

// maxDepth bounds the walks back through builder calls.
const maxDepth = 16

// IsClass reports whether a catalogue class runs or queues CQL text.
func IsClass(c catalogue.Class) bool {
	return c == catalogue.CQLExec || c == catalogue.CQLBatchQuery
}

// Adjust adjusts a statement read from CQL text to CQL's meaning:
// an INSERT without IF NOT EXISTS overwrites the row it names, so it is
// an upsert, not an append.
func Adjust(st *sqltext.Statement) {
	if st.Kind == sqltext.Insert && !st.IfNotExists {
		st.Kind = sqltext.Upsert
	}
}

// FreshRow reports whether an INSERT writes a row no one else can have
// written: its text calls uuid(), or it binds a UUID made on the spot by a
// call without arguments (gocql.TimeUUID()). Such a row is appended, like
// a SQL INSERT, not overwritten. A row keyed by anything else may be the
// row a newer holder wrote, and the INSERT overwrites it.
func FreshRow(query ssa.Value, st *sqltext.Statement) bool {
	if slices.Contains(st.Funcs, "uuid") {
		return true
	}
	for _, a := range BoundArgs(query) {
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

// BoundArgs returns the values bound to the placeholders of query: those of the last rebinding method (Bind(v ...interface{})) in
// its chain of builders, else those given to the call that made the
// query (Session.Query(stmt, values...)). Nil entries are values it
// cannot see.
func BoundArgs(query ssa.Value) []ssa.Value {
	v := query
	for depth := 0; depth < maxDepth && v != nil; depth++ {
		switch x := v.(type) {
		case *ssa.UnOp:
			v = x.X
		case *ssa.ChangeType:
			v = x.X
		case *ssa.Call:
			if recv, ok := store.ChainReceiver(x); ok {
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

// AppliedSeen reports whether the applied flag of a lightweight
// transaction is looked at: the leading bool result of ScanCAS and
// MapScanCAS must be used (compared, branched on, returned, passed on).
// A call without one (Exec) drops the flag; its error is not a rejection.
// For a statement queued in a batch, the flag is that of the calls that
// run the batch.
func AppliedSeen(e *catalogue.Entry, handle ssa.Value, call *ssa.Call, results *types.Tuple) (bool, string) {
	if e != nil && e.Class == catalogue.CQLBatchQuery {
		return batchAppliedSeen(handle)
	}
	n := results.Len()
	if n == 0 || !store.IsBool(results.At(0).Type()) {
		return false, "the applied flag of the lightweight transaction is dropped (the call returns only an error): read it with ScanCAS or MapScanCAS"
	}
	v := store.ResultValue(call, 0, n)
	return v != nil && store.UsedAtAll(v), "the applied flag of the lightweight transaction is never checked"
}

// BatchRoot returns the batch a Batch.Query call on handle queues into, looking
// back through builder methods that return the batch (v2's chained
// b.Query(…).Query(…), WithContext).
func BatchRoot(handle ssa.Value) ssa.Value {
	v := handle
	for depth := 0; depth < maxDepth; depth++ {
		call, ok := v.(*ssa.Call)
		if !ok {
			return v
		}
		recv, ok := store.ChainReceiver(call)
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
			if recv, ok := store.ChainReceiver(call); ok && recv == out[i] {
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

// batchAppliedSeen reports whether the applied flag of a batch is
// looked at by every call that runs it. A batch that no call of the
// function runs is passed on: seen.
func batchAppliedSeen(handle ssa.Value) (bool, string) {
	root := BatchRoot(handle)
	if root == nil {
		return true, ""
	}
	for _, call := range batchExecs(root) {
		results := call.Common().Signature().Results()
		n := results.Len()
		if n == 0 || !store.IsBool(results.At(0).Type()) {
			return false, "the batch's applied flag is dropped (the call that runs it returns only an error): run it with ExecuteBatchCAS or ExecCAS and read the flag"
		}
		if v := store.ResultValue(call, 0, n); v == nil || !store.UsedAtAll(v) {
			return false, "the batch's applied flag is never checked"
		}
	}
	return true, ""
}

// HolderCondition reports whether a lightweight transaction's condition
// requires a lease column to equal a bound value (IF owner = ?).
func HolderCondition(conds []sqltext.Predicate) bool {
	for i := range conds {
		p := &conds[i]
		col := p.StoredColumn()
		if in, ok := p.IncomingOperand(); ok && p.Op == "=" && !p.UnderOr && vocab.IsLeaseColumn(col) && in.Kind == sqltext.Param {
			return true
		}
	}
	return false
}

// SetsOnlyLeaseColumns reports whether every assignment sets a lease
// column.
func SetsOnlyLeaseColumns(set []sqltext.Assignment) bool {
	for _, a := range set {
		if !vocab.IsLeaseColumn(a.Column) {
			return false
		}
	}
	return len(set) > 0
}

// IfExistsNote returns why a write conditioned only on IF EXISTS does not
// fence, "" when st has no IF EXISTS: it tests only that the row exists,
// which it does for a newer claim too (a state guard).
func IfExistsNote(st *sqltext.Statement) string {
	if !st.IfExists {
		return ""
	}
	return "IF EXISTS tests only that the row exists, which it does for a newer claim too"
}

// OwnerCondition returns the equality of a lightweight transaction's IF
// condition between a stored column and a value issued by a lease's claim
// (issued), with that column and value: an owner check, which fences.
// Columns of an IF condition are never primary key columns (CQL forbids
// it), so such an equality compares who holds the row, not which row. arg
// returns the Go value bound to a placeholder.
func OwnerCondition(st *sqltext.Statement, arg func(sqltext.Placeholder) ssa.Value, issued func(ssa.Value) bool) (*sqltext.Predicate, string, ssa.Value) {
	for i := range st.If {
		p := &st.If[i]
		if p.UnderOr || p.Op != "=" {
			continue
		}
		col := p.StoredColumn()
		in, ok := p.IncomingOperand()
		if col == "" || vocab.IsIdentifierColumn(col) || !ok || in.Kind != sqltext.Param {
			continue
		}
		if v := arg(in.Param); v != nil && issued(v) {
			return p, col, v
		}
	}
	return nil, "", nil
}
