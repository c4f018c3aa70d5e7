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

// root returns the declared function a closure is nested in.
func root(fn *ssa.Function) *ssa.Function {
	for fn.Parent() != nil {
		fn = fn.Parent()
	}
	return fn
}

// makeClosureOf returns the instruction that creates closure fn in its
// parent, or nil.
func makeClosureOf(fn *ssa.Function) *ssa.MakeClosure {
	parent := fn.Parent()
	if parent == nil {
		return nil
	}
	for _, b := range parent.Blocks {
		for _, instr := range b.Instrs {
			if mc, ok := instr.(*ssa.MakeClosure); ok && mc.Fn == fn {
				return mc
			}
		}
	}
	return nil
}

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
				if stored := storedOnce(alloc); stored != nil {
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
		b := freeVarBinding(fv)
		if b == nil {
			return nil, nil
		}
		fn, v = fn.Parent(), b
	}
	return fn, v
}

// storedOnce returns the value stored in a local variable that is
// assigned exactly once, or nil: also when its address is stored
// elsewhere, or a closure that captures it assigns it or passes it on.
func storedOnce(alloc *ssa.Alloc) ssa.Value {
	refs := alloc.Referrers()
	if refs == nil {
		return nil
	}
	var val ssa.Value
	for _, r := range *refs {
		switch r := r.(type) {
		case *ssa.Store:
			if r.Addr != alloc || val != nil {
				return nil
			}
			val = r.Val
		case *ssa.MakeClosure:
			if !readOnlyCapture(r, alloc) {
				return nil
			}
		}
	}
	return val
}

// readOnlyCapture reports whether the closure made by mc only loads the
// variable alloc it captures.
func readOnlyCapture(mc *ssa.MakeClosure, alloc *ssa.Alloc) bool {
	fn, ok := mc.Fn.(*ssa.Function)
	if !ok {
		return false
	}
	for i, bound := range mc.Bindings {
		if bound != alloc || i >= len(fn.FreeVars) {
			continue
		}
		if refs := fn.FreeVars[i].Referrers(); refs != nil {
			for _, r := range *refs {
				if ld, ok := r.(*ssa.UnOp); !ok || ld.Op != token.MUL {
					return false
				}
			}
		}
	}
	return true
}
