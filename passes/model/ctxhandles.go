package model

import (
	"golang.org/x/tools/go/ssa"

	"github.com/fencecheck/fencecheck/internal/valueflow"
	"github.com/fencecheck/fencecheck/passes/model/store"
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
				callee := store.FuncObject(call.Common().StaticCallee())
				if callee == nil || callee.Name() != "WithValue" || callee.Pkg() == nil || callee.Pkg().Path() != "context" || len(call.Common().Args) != 3 {
					continue
				}
				key, ok := valueflow.ContextKey(call.Common().Args[1])
				if !ok {
					continue
				}
				if m.lockedIn(fn, store.StripConv(call.Common().Args[2])) {
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

// contextCarried reports whether v is a handle taken out of a context
// under a key that carries a lock-holding handle: every value the
// value-flow graph says v may be (through getters, phis, fields, closures
// and parameters) is ctx.Value(key) for such a key, nil aside.
func (m *model) contextCarried(v ssa.Value) bool {
	if m.handles == nil || len(m.handles.contextKeys) == 0 {
		return false
	}
	isCtx := func(k any) bool { _, ok := k.(valueflow.CtxValue); return ok }
	keys, open := m.graph().Sources(v, valueflow.Copy, isCtx)
	if open || len(keys) == 0 {
		return false
	}
	for _, k := range keys {
		cv, ok := k.(valueflow.CtxValue)
		if !ok || !m.handles.contextKeys[cv.Key] {
			return false
		}
	}
	return true
}
