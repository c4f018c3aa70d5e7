// Package cloud reads the conditional writes of cloud and coordination
// stores: a write the store conditions on ownership itself (etcd
// Election.Proclaim, Consul KV.CAS, Kafka transactions), on fields of its
// input (S3 IfMatch, DynamoDB ConditionExpression, Azure access
// conditions), on a version argument (ZooKeeper Set and Delete), on the
// compares of an etcd transaction, on a condition in its call chain (GCS
// ObjectHandle.If), on a transaction begun on the same producer, or on
// check operations it builds (Consul KVCheckSession, DynamoDB
// ConditionCheck).
package cloud

import (
	"go/ast"
	"go/constant"
	"sort"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/fencecheck/fencecheck/internal/catalogue"
	"github.com/fencecheck/fencecheck/internal/sqltext"
	"github.com/fencecheck/fencecheck/passes/model/store"
	"github.com/fencecheck/fencecheck/passes/model/store/vocab"
)

// Reader reads conditional writes.
var Reader store.Reader = reader{}

type reader struct{}

// Classes returns the catalogue classes the reader reads.
func (reader) Classes() []catalogue.Class {
	return []catalogue.Class{catalogue.Guarded, catalogue.CondSink, catalogue.VersionedSink, catalogue.TxnCommit,
		catalogue.ChainGuard, catalogue.TxnProduce, catalogue.OpsGuard}
}

// Read classifies a conditional write by its class.
func (reader) Read(core store.Core, c store.Call) store.Op {
	e := c.Entry
	verb := e.Verb
	if verb == "" {
		verb = "writes"
	}
	write := func(g store.Guard) *store.Write { return &store.Write{Verb: verb, Guard: g} }
	switch e.Class {
	case catalogue.Guarded:
		return guarded(c, write)
	case catalogue.CondSink:
		values, ok := store.FieldValues(store.ArgAt(c.Args, e.Arg))
		if !ok {
			return &store.Unknown{Reason: "its input is built elsewhere, so whether it sets a condition cannot be told"}
		}
		for _, f := range e.Fields {
			if v := values[f]; v != nil {
				w := write(store.HelperGuard)
				w.CondValue = v
				if f == "ConditionExpression" {
					w.WrongWay = conditionExpression(core, v)
				}
				return w
			}
		}
		w := write(store.NoGuard)
		w.Note = "set " + strings.Join(e.Fields, " or ") + " to make the store reject a stale write"
		return w
	case catalogue.VersionedSink:
		if c.Method == "Delete" && fromAcquisition(store.ArgAt(c.Args, 0)) {
			return &store.Release{} // deleting our own lock node releases the lock
		}
		v, ok := store.ArgAt(c.Args, e.Arg).(*ssa.Const)
		if ok && v.Value != nil && v.Value.Kind() == constant.Int {
			if n, exact := constant.Int64Val(v.Value); exact && n == -1 {
				w := write(store.NoGuard)
				w.Note = "version -1 matches any version"
				return w
			}
		}
		w := write(store.HelperGuard)
		w.CondValue = store.ArgAt(c.Args, e.Arg)
		return w
	case catalogue.TxnCommit:
		return txnCommit(c, write)
	case catalogue.ChainGuard:
		for _, call := range store.ReceiverCalls(c.Handle) {
			for _, f := range e.Fields {
				if store.CalledName(call) != f {
					continue
				}
				w := write(store.HelperGuard)
				if cargs := store.CallArgs(call); len(cargs) > 1 {
					if values, ok := store.FieldValues(cargs[1]); ok {
						if vs := sortedValues(values); len(vs) > 0 {
							w.CondValue = vs[0]
						}
					}
				}
				return w
			}
		}
		return write(store.NoGuard)
	case catalogue.TxnProduce:
		if txnBegun(c, e.Fields) {
			return write(store.TxGuard)
		}
		return write(store.NoGuard)
	case catalogue.OpsGuard:
		if namesAny(c.Instr.Parent(), e.Fields) {
			return write(store.HelperGuard)
		}
		return write(store.NoGuard)
	}
	return nil
}

// guarded reads a write the store conditions on ownership itself. With a
// Reason, the condition checks state only; with Arg and no Fields, the
// argument is the token the store compares; with Fields, the first of
// them the input sets is the version the write is conditioned on.
func guarded(c store.Call, write func(store.Guard) *store.Write) store.Op {
	e := c.Entry
	if k, ok := store.ArgAt(c.Args, 1).(*ssa.Const); ok && c.Method == "EndTransaction" && k.Value != nil && k.Value.Kind() == constant.Bool && !constant.BoolVal(k.Value) {
		return nil // kgo.TryAbort: aborting is not a write
	}
	if e.Reason != "" {
		w := write(store.StateGuard)
		w.Note = e.Reason
		return w
	}
	w := write(store.HelperGuard)
	switch {
	case e.Arg >= 0 && len(e.Fields) == 0:
		if v := store.UnwrapInterface(store.ArgAt(c.Args, e.Arg)); v != nil && !store.IsZeroConst(v) {
			w.CondValue, w.TokenArg = v, v
		}
	case e.Arg >= 0:
		if values, ok := store.FieldValues(store.ArgAt(c.Args, e.Arg)); ok {
			for _, f := range e.Fields {
				if v := values[f]; v != nil && w.CondValue == nil {
					w.CondValue = v
				}
			}
		}
	}
	return w
}

// txnCommit reads an etcd transaction's Commit: guarded when its chain
// has If(…), a write when it has Then or Else, nothing otherwise (a read
// or an ownership probe).
func txnCommit(c store.Call, write func(store.Guard) *store.Write) store.Op {
	guarded, writes := false, false
	var tokenArg ssa.Value
	wrong := ""
	for _, call := range store.ReceiverCalls(c.Handle) {
		switch store.CalledName(call) {
		case "If":
			guarded = true
			tokenArg, wrong = txnCompares(call, tokenArg, wrong)
		case "Then", "Else":
			writes = true
		}
	}
	switch {
	case !writes:
		return nil
	case guarded:
		w := write(store.HelperGuard)
		w.TokenArg, w.WrongWay = tokenArg, wrong
		return w
	}
	return write(store.NoGuard)
}

// txnCompares inspects the compares of an etcd If(…): the value compared
// is the token whose origin weakguard checks; a revision compared with
// ">" or ">=" against it accepts older tokens.
func txnCompares(ifCall *ssa.Call, tokenArg ssa.Value, wrong string) (ssa.Value, string) {
	args := store.CallArgs(ifCall)
	if len(args) < 2 {
		return tokenArg, wrong
	}
	for _, cmp := range store.Varargs(args[1]) {
		call, ok := store.StripConv(cmp).(*ssa.Call)
		if !ok {
			continue
		}
		fn := store.FuncObject(call.Common().StaticCallee())
		if fn == nil || fn.Name() != "Compare" || len(call.Common().Args) != 3 {
			continue
		}
		target, _ := call.Common().Args[0].(*ssa.Call)
		op, _ := call.Common().Args[1].(*ssa.Const)
		if tokenArg == nil {
			tokenArg = store.UnwrapInterface(call.Common().Args[2])
		}
		if target == nil || op == nil || op.Value == nil || op.Value.Kind() != constant.String {
			continue
		}
		kind := store.CalledName(target)
		if (kind == "ModRevision" || kind == "CreateRevision" || kind == "Version") &&
			(constant.StringVal(op.Value) == ">" || constant.StringVal(op.Value) == ">=") {
			wrong = "Compare(" + kind + "(…), \"" + constant.StringVal(op.Value) + "\", token)"
		}
	}
	return tokenArg, wrong
}

// conditionExpression reads a DynamoDB ConditionExpression: it returns
// the comparison of a token attribute that accepts older tokens, or "".
func conditionExpression(core store.Core, v ssa.Value) string {
	text, ok := core.Text(derefString(v))
	if !ok {
		return ""
	}
	st := sqltext.Parse("UPDATE t SET c = 1 WHERE " + text)
	for i := range st.Where {
		p := &st.Where[i]
		if col := p.StoredColumn(); col != "" && vocab.IsTokenColumn(col) && p.AcceptsOlder() {
			return p.Text()
		}
	}
	return ""
}

// derefString returns the string behind aws.String(s), or v.
func derefString(v ssa.Value) ssa.Value {
	if call, ok := v.(*ssa.Call); ok && len(call.Common().Args) == 1 {
		if fn := store.FuncObject(call.Common().StaticCallee()); fn != nil && (fn.Name() == "String" || fn.Name() == "Ptr") {
			return call.Common().Args[0]
		}
	}
	return v
}

// fromAcquisition reports whether v is a result of an acquisition call
// (the path of the lock node it created).
func fromAcquisition(v ssa.Value) bool {
	ex, ok := store.StripConv(v).(*ssa.Extract)
	if !ok {
		return false
	}
	call, ok := ex.Tuple.(*ssa.Call)
	if !ok {
		return false
	}
	e := catalogue.Lookup(store.FuncObject(call.Common().StaticCallee()))
	return e != nil && e.Class == catalogue.Acquire
}

// txnBegun reports whether a method named in begin was called on the same
// producer before c, on every path to it.
func txnBegun(c store.Call, begin []string) bool {
	if c.Handle == nil {
		return false
	}
	for _, b := range c.Instr.Parent().Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok || call == c.Instr {
				continue
			}
			args := store.CallArgs(call)
			if len(args) == 0 || !store.SameValue(args[0], c.Handle) {
				continue
			}
			for _, name := range begin {
				if store.CalledName(call) == name && store.Dominates(call, c.Instr) {
					return true
				}
			}
		}
	}
	return false
}

// namesAny reports whether the syntax of fn (or of the function it is a
// closure of) mentions one of names: a check operation being built.
func namesAny(fn *ssa.Function, names []string) bool {
	for fn != nil && fn.Parent() != nil {
		fn = fn.Parent()
	}
	if fn == nil || fn.Syntax() == nil {
		return false
	}
	found := false
	ast.Inspect(fn.Syntax(), func(n ast.Node) bool {
		if id, ok := n.(*ast.Ident); ok {
			for _, name := range names {
				if id.Name == name {
					found = true
				}
			}
		}
		return !found
	})
	return found
}

// sortedValues returns the values of a field map ordered by field name.
func sortedValues(values map[string]ssa.Value) []ssa.Value {
	names := make([]string, 0, len(values))
	for n := range values {
		names = append(names, n)
	}
	sort.Strings(names)
	out := make([]ssa.Value, len(names))
	for i, n := range names {
		out[i] = values[n]
	}
	return out
}
