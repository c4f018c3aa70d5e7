// Package kv reads the writes of key-value stores whose conditions are
// options or create-only calls (NATS JetStream KV): a write an option makes
// conditional on a revision (Delete(key, LastRevision(rev))) is guarded,
// with that revision as its token; the same write with no such option is
// a sink; a create-only write (Create) is guarded, and is a lock when the
// function defers the key's deletion or an option gives it an expiry.
package kv

import (
	"go/constant"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/fencecheck/fencecheck/internal/catalogue"
	"github.com/fencecheck/fencecheck/passes/model/store"
)

// Reader reads the calls of the catalogue's option-guarded and
// create-only writes.
var Reader store.Reader = reader{}

type reader struct{}

// Classes returns the catalogue classes the reader reads.
func (reader) Classes() []catalogue.Class {
	return []catalogue.Class{catalogue.OptionGuard, catalogue.CreateOnly}
}

// Read reads an option-guarded or a create-only write.
func (reader) Read(_ store.Core, c store.Call) store.Op {
	if c.Entry.Class == catalogue.CreateOnly {
		return readCreateOnly(c)
	}
	return readOptionGuard(c)
}

// readOptionGuard reads a write that a variadic option can make
// conditional (NATS KV Delete(key, LastRevision(rev))): guarded when one
// of the options is built by a call of a function named in e.Fields, the
// value passed to that call being the token; a sink when the call passes
// no options or none of them conditions it; nothing when the options are
// built elsewhere (a slice passed on with opts...), since fencecheck
// cannot tell.
func readOptionGuard(c store.Call) store.Op {
	e, args := c.Entry, c.Args
	if len(args) == 0 {
		return nil
	}
	if releasesCreatedKey(c) {
		return &store.Release{} // defer kv.Delete(ctx, key, …) of a lock this function created
	}
	w := &store.Write{Verb: verbOf(e)}
	last := args[len(args)-1]
	if k, ok := last.(*ssa.Const); ok && k.IsNil() {
		return unconditioned(w, e)
	}
	opts := store.Varargs(last)
	if opts == nil {
		return nil // the options come from elsewhere: cannot tell
	}
	for _, opt := range opts {
		call, ok := store.StripConv(opt).(*ssa.Call)
		if !ok {
			return nil // an option chosen at run time: cannot tell
		}
		fn := store.FuncObject(call.Common().StaticCallee())
		if fn == nil {
			return nil
		}
		for _, f := range e.Fields {
			if fn.FullName() == f {
				w.Guard = store.HelperGuard
				if cargs := call.Common().Args; len(cargs) > 0 {
					setConditionToken(w, cargs[0])
				}
				return w
			}
		}
	}
	return unconditioned(w, e)
}

// verbOf returns what a write of entry e does, "writes" when the entry
// does not say.
func verbOf(e *catalogue.Entry) string {
	if e.Verb != "" {
		return e.Verb
	}
	return "writes"
}

// unconditioned makes w, a write that could carry a condition option, a
// plain sink write, with a note naming the option.
func unconditioned(w *store.Write, e *catalogue.Entry) *store.Write {
	w.Guard = store.NoGuard
	names := make([]string, len(e.Fields))
	for i, f := range e.Fields {
		names[i] = f[strings.LastIndexByte(f, '.')+1:] + "(revision)"
	}
	w.Note = "pass " + strings.Join(names, " or ") + " to make the store reject a stale write"
	return w
}

// setConditionToken records v, the revision a compare-and-set write is
// conditioned on (NATS KV Update's revision, LastRevision's argument), as
// both the write's condition value and its token: a version read just
// before the write is judged by freshness, any other origin (a constant,
// the clock, the claim) by the token rules. A constant zero asks that the
// key not exist yet, a create-only condition with no token.
func setConditionToken(w *store.Write, v ssa.Value) {
	v = store.UnwrapInterface(v)
	if v == nil || store.IsZeroConst(v) {
		return
	}
	w.CondValue, w.TokenArg = v, v
}

// readCreateOnly reads a write that succeeds only if its key does
// not exist (NATS KV Create). When the function defers a call of a method
// named in e.Fields on the same key (defer kv.Delete(ctx, key, …)), or an
// option gives the key an expiry (KeyTTL), the key is a lock: the call
// acquires it, and the revision it returns is the lock's token. Otherwise it is a guarded write: a late worker cannot
// overwrite what a newer holder created, and its error is the rejection.
func readCreateOnly(c store.Call) store.Op {
	e, args := c.Entry, c.Args
	if key := keyArg(args); key != nil && deferredOnKey(c, key, e.Fields) {
		return &store.Acquire{}
	}
	if len(args) > 0 && expiresOption(args[len(args)-1]) {
		return &store.Acquire{} // created only if absent, and expiring: a lease
	}
	return &store.Write{Guard: store.HelperGuard, Verb: verbOf(e)}
}

// expiresOption reports whether one of the variadic options in last gives
// the created key an expiry: it is built by a call of a function whose
// name says TTL or expiry (NATS KV KeyTTL(d)), with an argument other than
// a constant zero. A key created only if
// absent and expiring on its own is a lease, as SET NX PX is in Redis.
func expiresOption(last ssa.Value) bool {
	for _, opt := range store.Varargs(last) {
		call, ok := store.StripConv(opt).(*ssa.Call)
		if !ok {
			continue
		}
		fn := store.FuncObject(call.Common().StaticCallee())
		if fn == nil || !strings.Contains(fn.Name(), "TTL") && !strings.Contains(fn.Name(), "Expir") {
			continue
		}
		if a := call.Common().Args; len(a) == 1 && store.IsZeroConst(store.Unconvert(a[0])) {
			continue // KeyTTL(0): no expiry
		}
		return true
	}
	return false
}

// keyArg returns the first string argument of a call (its key), or nil.
func keyArg(args []ssa.Value) ssa.Value {
	for _, a := range args {
		if b, ok := a.Type().Underlying().(*types.Basic); ok && b.Info()&types.IsString != 0 {
			return a
		}
	}
	return nil
}

// sameKey reports whether two key arguments are the same value or equal
// string constants.
func sameKey(a, b ssa.Value) bool {
	if store.SameValue(a, b) {
		return true
	}
	ca, ok1 := a.(*ssa.Const)
	cb, ok2 := b.(*ssa.Const)
	return ok1 && ok2 && ca.Value != nil && cb.Value != nil && ca.Value.Kind() == constant.String &&
		cb.Value.Kind() == constant.String && constant.StringVal(ca.Value) == constant.StringVal(cb.Value)
}

// deferredOnKey reports whether the function making call c defers a call
// of a method named in names, on a receiver of the type of c's, with the
// same key: the release of a lock c creates.
func deferredOnKey(c store.Call, key ssa.Value, names []string) bool {
	if c.Handle == nil {
		return false
	}
	for _, b := range c.Instr.Parent().Blocks {
		for _, instr := range b.Instrs {
			d, ok := instr.(*ssa.Defer)
			if !ok || !isMethodCallOn(d, c.Handle.Type(), names) {
				continue
			}
			if k := keyArg(store.CallArgs(d)[1:]); k != nil && sameKey(k, key) {
				return true
			}
		}
	}
	return false
}

// isMethodCallOn reports whether call calls a method named in names on a
// receiver of type recv.
func isMethodCallOn(call ssa.CallInstruction, recv types.Type, names []string) bool {
	args := store.CallArgs(call)
	if len(args) == 0 || !call.Common().IsInvoke() && call.Common().Signature().Recv() == nil {
		return false
	}
	if !types.Identical(args[0].Type(), recv) {
		return false
	}
	name := store.CalledName(call)
	for _, n := range names {
		if n == name {
			return true
		}
	}
	return false
}

// releasesCreatedKey reports whether c, a deferred call, deletes the key a
// create-only call of the same function created as a lock (see
// readCreateOnly).
func releasesCreatedKey(c store.Call) bool {
	d, ok := c.Instr.(*ssa.Defer)
	if !ok || c.Handle == nil {
		return false
	}
	key := keyArg(c.Args)
	if key == nil {
		return false
	}
	for _, b := range d.Parent().Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(*ssa.Call)
			if !ok {
				continue
			}
			var fn *types.Func
			if call.Common().IsInvoke() {
				fn = call.Common().Method
			} else {
				fn = store.FuncObject(call.Common().StaticCallee())
			}
			e := catalogue.Lookup(fn)
			cargs := store.CallArgs(call)
			if e == nil || e.Class != catalogue.CreateOnly || len(cargs) == 0 || !isMethodCallOn(d, cargs[0].Type(), e.Fields) {
				continue
			}
			if k := keyArg(cargs[1:]); k != nil && sameKey(k, key) {
				return true
			}
		}
	}
	return false
}
