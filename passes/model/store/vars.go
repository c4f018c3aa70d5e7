package store

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// Dominates reports whether instruction a dominates b (a runs before b on
// every path that reaches b).
func Dominates(a, b ssa.Instruction) bool {
	ab, bb := a.Block(), b.Block()
	if ab == nil || bb == nil {
		return false
	}
	if ab != bb {
		return ab.Dominates(bb)
	}
	for _, instr := range ab.Instrs {
		switch instr {
		case a:
			return true
		case b:
			return false
		}
	}
	return false
}

// SameValue reports whether a and b are the same value (a handle, a key),
// looking through conversions and loads of a variable assigned once.
func SameValue(a, b ssa.Value) bool {
	a, b = StripConv(a), StripConv(b)
	return a == b || sameVariable(a, b)
}

// sameVariable reports whether a and b are loads of one local variable
// that is assigned once (a variable captured by a closure, such as a
// transaction rolled back in a deferred closure, lives in memory rather
// than in a register).
func sameVariable(a, b ssa.Value) bool {
	la, ok1 := a.(*ssa.UnOp)
	lb, ok2 := b.(*ssa.UnOp)
	if !ok1 || !ok2 || la.Op != token.MUL || lb.Op != token.MUL || la.X != lb.X {
		return false
	}
	alloc, ok := la.X.(*ssa.Alloc)
	return ok && StoredOnce(alloc) != nil
}

// StoredOnce returns the value stored in a local variable that is
// assigned exactly once, or nil: also when its address is stored
// elsewhere, or a closure that captures it assigns it or passes it on.
func StoredOnce(alloc *ssa.Alloc) ssa.Value {
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

// Root returns the declared function a closure is nested in.
func Root(fn *ssa.Function) *ssa.Function {
	for fn.Parent() != nil {
		fn = fn.Parent()
	}
	return fn
}

// MakeClosureOf returns the instruction that creates closure fn in its
// parent, or nil.
func MakeClosureOf(fn *ssa.Function) *ssa.MakeClosure {
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

// FreeVarBinding returns the value bound to a closure's free variable where
// the closure is created, or nil.
func FreeVarBinding(fv *ssa.FreeVar) ssa.Value {
	fn := fv.Parent()
	if fn == nil || fn.Parent() == nil {
		return nil
	}
	idx := -1
	for i, f := range fn.FreeVars {
		if f == fv {
			idx = i
		}
	}
	mc := MakeClosureOf(fn)
	if idx < 0 || mc == nil || idx >= len(mc.Bindings) {
		return nil
	}
	return mc.Bindings[idx]
}

// LoadedField returns, for a load of x.f (through a pointer or not), the
// value x and the field f; nil, nil for anything else.
func LoadedField(v ssa.Value) (ssa.Value, *types.Var) {
	switch x := v.(type) {
	case *ssa.UnOp:
		if fa, ok := x.X.(*ssa.FieldAddr); ok && x.Op == token.MUL {
			return fa.X, FieldAddrVar(fa)
		}
	case *ssa.Field:
		return x.X, FieldVar(x)
	}
	return nil, nil
}

// FieldAddrVar returns the (generic origin of the) field a FieldAddr
// selects.
func FieldAddrVar(fa *ssa.FieldAddr) *types.Var {
	ptr, ok := fa.X.Type().Underlying().(*types.Pointer)
	if !ok {
		return nil
	}
	return structField(ptr.Elem(), fa.Field)
}

// FieldVar returns the (generic origin of the) field a Field selects.
func FieldVar(f *ssa.Field) *types.Var {
	return structField(f.X.Type(), f.Field)
}

// structField returns field i of struct type t, or nil.
func structField(t types.Type, i int) *types.Var {
	st, ok := t.Underlying().(*types.Struct)
	if !ok || i < 0 || i >= st.NumFields() {
		return nil
	}
	return st.Field(i).Origin()
}
