package model

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/fencecheck/fencecheck/internal/valueflow"
	"github.com/fencecheck/fencecheck/passes/model/store"
)

// Wrappers that lock on a handle of their own. A SQL wrapper that begins
// its own transaction, runs its caller's text on it and returns the
// transaction (or a value holding it in a field: return &Job{tx: tx})
// takes the lock where the caller's text locks rows (SELECT … FOR UPDATE,
// pg_advisory_xact_lock): the writes the caller then makes through that
// handle are checked by the database. The value-flow graph tells which
// handle a write goes through: a load of that field from what the call
// returned.

// bindWrapperHandle makes the call o of wrapper w, which its caller's text
// turned into a lock held on the wrapper's handle, guard the writes made
// through that handle after it: the call's result when the wrapper
// returns the handle itself, else the field of the result it is stored
// in. A wrapper that ends the transaction before it returns holds no lock
// past the call: the call is a read, not an acquisition.
func (m *model) bindWrapperHandle(o *op, w sqlWrapper) {
	fn := o.instr.Common().StaticCallee()
	if fn == nil || w.handle == nil || m.local[fn] == nil {
		return
	}
	if m.deferredEnd(m.local[fn], w.handle) {
		o.acquire, o.local = false, fn
		return
	}
	if k, ok := returnedIndex(fn, w.handle); ok {
		if call, ok := o.instr.(*ssa.Call); ok {
			if v := store.ResultValue(call, k, fn.Signature.Results().Len()); v != nil {
				o.handle, o.sameHandleGuards = v, true
			}
		}
		return
	}
	if f := returnedHandleField(fn, w.handle); f != nil {
		o.handleField, o.sameHandleGuards = f, true
	}
}

// returnedIndex returns the index of the result by which fn returns h.
func returnedIndex(fn *ssa.Function, h ssa.Value) (int, bool) {
	for _, ret := range returns(fn) {
		for i, r := range ret.Results {
			if store.SameValue(r, h) {
				return i, true
			}
		}
	}
	return 0, false
}

// returnedHandleField returns the field of a struct fn allocates and
// returns in which it stores h, or nil.
func returnedHandleField(fn *ssa.Function, h ssa.Value) *types.Var {
	for _, ret := range returns(fn) {
		for _, r := range ret.Results {
			v := store.StripConv(r)
			if ld, ok := v.(*ssa.UnOp); ok && ld.Op == token.MUL {
				v = ld.X
			}
			alloc, ok := v.(*ssa.Alloc)
			if !ok || alloc.Referrers() == nil {
				continue
			}
			for _, ref := range *alloc.Referrers() {
				fa, ok := ref.(*ssa.FieldAddr)
				if !ok || fa.Referrers() == nil {
					continue
				}
				for _, rr := range *fa.Referrers() {
					if st, ok := rr.(*ssa.Store); ok && st.Addr == fa && store.SameValue(st.Val, h) {
						return store.FieldAddrVar(fa)
					}
				}
			}
		}
	}
	return nil
}

// wrapperFieldGuards reports whether h, used at instr in fi, is the
// handle a held acquisition of fi locked inside the wrapper it called: a
// load of the acquisition's handle field from a value its call returned.
func (m *model) wrapperFieldGuards(fi *funcInfo, instr ssa.Instruction, h ssa.Value) bool {
	held := fi.flow.held(instr)
	if held == nil {
		return false
	}
	base, f := store.LoadedField(store.StripConv(h))
	if base == nil {
		return false
	}
	for i, a := range fi.flow.acqs {
		if !held.has(i) || a.handleField == nil || a.handleField != f {
			continue
		}
		call, ok := a.instr.(*ssa.Call)
		if ok && m.graph().Reaches(call, base, valueflow.Copy|valueflow.Part) {
			return true
		}
	}
	return false
}

// wrapperLocks reports whether v is the handle SQL wrapper fn runs its
// caller's text on, and every call of fn in the package locks on it: the
// handle fn stores (in the job it returns) holds a lock wherever it goes.
func (m *model) wrapperLocks(fn *ssa.Function, v ssa.Value) bool {
	w, ok := m.sqlWrappers[fn]
	if !ok || w.handle == nil || !store.SameValue(w.handle, v) {
		return false
	}
	calls := 0
	for _, f := range m.funcs {
		for _, o := range m.local[f].ops {
			if o.instr.Common().StaticCallee() != fn {
				continue
			}
			if !o.acquire || !o.sameHandleGuards {
				return false
			}
			calls++
		}
	}
	return calls > 0
}
