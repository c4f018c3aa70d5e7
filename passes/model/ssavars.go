package model

import (
	"go/token"

	"github.com/fencecheck/fencecheck/passes/model/store"
	"golang.org/x/tools/go/ssa"
)

// Variables and closures in SSA: the local identity of a value across the
// closures of one function (what a free variable is bound to, what a
// variable assigned once holds). The value-flow graph answers where a
// value may come from in the whole package; these answer which single
// value of an enclosing function a use stands for, which the
// flow-sensitive questions (is the lock held at this instruction) need.

// resolveFree follows a free variable of a closure to the value its
// parent binds, and a load of a variable stored once (a parameter a
// closure captures) to the stored value. It returns the function that
// defines the value and the value itself.
func resolveFree(fn *ssa.Function, v ssa.Value) (*ssa.Function, ssa.Value) {
	for i := 0; i < 8 && fn != nil; i++ {
		v = store.StripConv(v)
		if ld, ok := v.(*ssa.UnOp); ok && ld.Op == token.MUL {
			addrFn, addr := resolveFree(fn, ld.X)
			if alloc, ok := addr.(*ssa.Alloc); ok {
				if stored := store.StoredOnce(alloc); stored != nil {
					fn, v = addrFn, stored
					continue
				}
			}
			return fn, v
		}
		fv, ok := v.(*ssa.FreeVar)
		if !ok {
			return fn, v
		}
		b := store.FreeVarBinding(fv)
		if b == nil {
			return nil, nil
		}
		fn, v = fn.Parent(), b
	}
	return fn, v
}
