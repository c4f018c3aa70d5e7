package model

import (
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// Lock-holding handles carried by a context.
//
// A job runner that locks its row in a transaction often puts the
// transaction into the context (context.WithValue(ctx, txKey, tx)) and
// lets the functions it calls take it back out (ctx.Value(txKey).(pgx.Tx),
// often through a small getter). A write through a handle taken out of the
// context under a key that every context.WithValue of the package fills
// with a lock-holding handle is checked by the database, like a write
// through a field that carries the lock.

// findContextCarriers finds the context keys every context.WithValue of
// the package fills with a lock-holding handle.
func (m *model) findContextCarriers() {
	locked := make(map[string]bool)
	spoiled := make(map[string]bool)
	for _, fn := range m.funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(*ssa.Call)
				if !ok {
					continue
				}
				callee := funcObject(call.Common().StaticCallee())
				if callee == nil || callee.FullName() != "context.WithValue" || len(call.Common().Args) != 3 {
					continue
				}
				key, ok := contextKey(call.Common().Args[1])
				if !ok {
					continue
				}
				if m.lockedIn(fn, stripConv(call.Common().Args[2])) {
					locked[key] = true
				} else {
					spoiled[key] = true
				}
			}
		}
	}
	keys := make(map[string]bool)
	for k := range locked {
		if !spoiled[k] {
			keys[k] = true
		}
	}
	m.handles.contextKeys = keys
}

// contextKey identifies the key of a context value: a package-level
// variable, or a constant (its type and value, so txKey{} and a typed
// string constant both work).
func contextKey(v ssa.Value) (string, bool) {
	switch k := stripConv(v).(type) {
	case *ssa.Const:
		return types.TypeString(k.Type(), nil) + "=" + k.String(), true
	case *ssa.Global:
		return "&" + k.RelString(nil), true
	case *ssa.UnOp:
		if g, ok := k.X.(*ssa.Global); ok {
			return "*" + g.RelString(nil), true
		}
	}
	return "", false
}

// contextCarried reports whether v is a handle taken out of a context
// under a key that carries a lock-holding handle: ctx.Value(key).(T),
// directly or through functions of the package that return it.
func (m *model) contextCarried(v ssa.Value) bool {
	if m.handles == nil || len(m.handles.contextKeys) == 0 {
		return false
	}
	return m.fromCarriedContext(v, 0)
}

// fromCarriedContext is contextCarried, following phis and the results of
// local functions to a bounded depth.
func (m *model) fromCarriedContext(v ssa.Value, depth int) bool {
	if depth > 4 || v == nil {
		return false
	}
	switch x := stripConv(v).(type) {
	case *ssa.Extract:
		switch t := x.Tuple.(type) {
		case *ssa.TypeAssert:
			return x.Index == 0 && m.contextValueKey(t.X)
		case *ssa.Call:
			return m.localResultCarried(t, x.Index, depth)
		}
	case *ssa.TypeAssert:
		return m.contextValueKey(x.X)
	case *ssa.Call:
		return m.localResultCarried(x, 0, depth)
	case *ssa.Phi:
		seen := false
		for _, e := range x.Edges {
			if isNil(e) {
				continue
			}
			if !m.fromCarriedContext(e, depth+1) {
				return false
			}
			seen = true
		}
		return seen
	}
	return false
}

// contextValueKey reports whether v is ctx.Value(key) for a key that
// carries a lock-holding handle.
func (m *model) contextValueKey(v ssa.Value) bool {
	call, ok := v.(*ssa.Call)
	if !ok || !call.Common().IsInvoke() || call.Common().Method.Name() != "Value" || len(call.Common().Args) != 1 {
		return false
	}
	if named, ok := types.Unalias(call.Common().Value.Type()).(*types.Named); !ok || named.Obj().Pkg() == nil ||
		named.Obj().Pkg().Path() != "context" || named.Obj().Name() != "Context" {
		return false
	}
	key, ok := contextKey(call.Common().Args[0])
	return ok && m.handles.contextKeys[key]
}

// localResultCarried reports whether result i of a call of a function of
// the package is, at every return, a handle taken out of a carrying
// context.
func (m *model) localResultCarried(call *ssa.Call, i, depth int) bool {
	fn := call.Common().StaticCallee()
	if fn == nil || m.local[fn] == nil {
		return false
	}
	rets := returns(fn)
	if len(rets) == 0 {
		return false
	}
	for _, r := range rets {
		if i >= len(r.Results) || !m.fromCarriedContext(r.Results[i], depth+1) {
			return false
		}
	}
	return true
}
