package model

import (
	"go/token"

	"github.com/fencecheck/fencecheck/passes/model/store"
	"golang.org/x/tools/go/ssa"
)

// Writes through lock-holding handles: whether a write's handle holds a
// lock the database checks (a guarded handle of the scope, a carrier
// field, a parameter every caller binds to one), and which parameters a
// helper's writes all go through (FuncFact.WriteParams).

// returnsLockedHandle reports whether a function that takes a transaction
// or session lock on h hands the locked handle to its caller (returns it,
// or a value whose field holds it) without ending it on the way out.
func (m *model) returnsLockedHandle(fi *funcInfo, h ssa.Value) bool {
	return !m.deferredEnd(fi, h) && returnsHandle(fi.fn, h)
}

// deferredEnd reports whether fi defers the end of the transaction h, or a
// release.
func (m *model) deferredEnd(fi *funcInfo, h ssa.Value) bool {
	for _, o := range fi.ops {
		if _, ok := o.instr.(*ssa.Defer); !ok {
			continue
		}
		if o.release || (o.txEnd && o.handle != nil && store.SameValue(o.handle, h)) {
			return true
		}
	}
	return false
}

// returnsHandle reports whether fn returns h, or a struct (or a pointer
// to one) it allocated and stored h in.
func returnsHandle(fn *ssa.Function, h ssa.Value) bool {
	holds := func(v ssa.Value) bool {
		v = store.StripConv(v)
		if store.SameValue(v, h) {
			return true
		}
		if ld, ok := v.(*ssa.UnOp); ok && ld.Op == token.MUL {
			v = ld.X
		}
		alloc, ok := v.(*ssa.Alloc)
		if !ok || alloc.Referrers() == nil {
			return false
		}
		for _, r := range *alloc.Referrers() {
			fa, ok := r.(*ssa.FieldAddr)
			if !ok || fa.Referrers() == nil {
				continue
			}
			for _, rr := range *fa.Referrers() {
				if st, ok := rr.(*ssa.Store); ok && st.Addr == fa && store.SameValue(st.Val, h) {
					return true
				}
			}
		}
		return false
	}
	for _, ret := range returns(fn) {
		for _, r := range ret.Results {
			if holds(r) {
				return true
			}
		}
	}
	return false
}

// fillHandleFact adds the handle parts to the fact of a declared
// function: the parameters it returns holding a lock on (which makes it
// an acquirer), and the parameters all its writes go through.
func (m *model) fillHandleFact(fi *funcInfo, f *FuncFact) {
	if ps := m.handles.lockedParams[fi.fn]; len(ps) > 0 {
		f.LocksParams = ps
		f.Acquire = true
	}
	if len(f.Writes) > 0 {
		if ps, ok := m.writeParamsOf(fi, make(map[*funcInfo][]int), map[*funcInfo]bool{}); ok {
			f.WriteParams = ps
		}
	}
}

// writeParamsOf returns the parameters of fi (receiver excluded, sorted)
// through which every unguarded write it makes outside a lease of its own
// goes, directly or through functions of the package it calls. It
// reports false when some write goes through anything else.
func (m *model) writeParamsOf(fi *funcInfo, memo map[*funcInfo][]int, visiting map[*funcInfo]bool) ([]int, bool) {
	if ps, ok := memo[fi]; ok {
		return ps, ps != nil
	}
	if visiting[fi] {
		return nil, true
	}
	visiting[fi] = true
	set := make(map[int]bool)
	ok := true
	add := func(v ssa.Value) {
		if k, isParam := paramIndex(fi.fn, store.StripConv(v)); isParam {
			set[k] = true
		} else {
			ok = false
		}
	}
	for _, o := range fi.ops {
		if !ok {
			break
		}
		if _, scoped := fi.ownLeaseAt(o.instr); scoped {
			continue
		}
		switch {
		case o.write && !o.guard.Fences():
			switch {
			case len(o.writeHandles) > 0:
				for _, h := range o.writeHandles {
					add(h)
				}
			case o.handle != nil && len(o.via) == 0:
				add(o.handle)
			default:
				ok = false
			}
		case o.local != nil:
			callee := m.local[o.local]
			if callee == nil || callee.fn.Parent() != nil {
				continue
			}
			sub, subOK := m.writeParamsOf(callee, memo, visiting)
			if !subOK {
				ok = false
				continue
			}
			args := paramArgs(o, sub)
			if len(args) != len(sub) {
				ok = false
				continue
			}
			for _, a := range args {
				add(a)
			}
		}
	}
	out := sortedKeys(set)
	if !ok {
		memo[fi] = nil
		return nil, false
	}
	if out == nil {
		out = []int{}
	}
	memo[fi] = out
	return out, true
}

// handleGuardedAt reports whether the write o at its call is made through
// a handle (or, for a helper of another package, through arguments) that
// holds a lock taken in the same transaction or session.
func (m *model) handleGuardedAt(fi *funcInfo, o *op) bool {
	if len(o.writeHandles) == 0 {
		return m.handleGuardedIn(fi, o.instr, o.handle, 0)
	}
	for _, h := range o.writeHandles {
		if !m.handleGuardedIn(fi, o.instr, h, 0) {
			return false
		}
	}
	return true
}

// handleGuardedIn reports whether h, used at instr in fi, holds a lock
// the database checks: a guarded handle of one of fi's scopes, a load of
// a carrier field, or a parameter (or captured variable) every caller
// binds to such a handle.
func (m *model) handleGuardedIn(fi *funcInfo, instr ssa.Instruction, h ssa.Value, depth int) bool {
	if h == nil || fi == nil || depth > 4 {
		return false
	}
	if fi.guardedAt(instr, h) || m.carried(h) || m.wrapperFieldGuards(fi, instr, h) {
		return true
	}
	owner, v := resolveFree(fi.fn, h)
	if owner == nil {
		return false
	}
	if owner != fi.fn {
		mc := store.MakeClosureOf(rootChild(fi.fn, owner))
		return mc != nil && m.handleGuardedIn(m.local[owner], mc, v, depth+1)
	}
	prm, ok := v.(*ssa.Parameter)
	if !ok || fi.fn.Parent() != nil {
		return false
	}
	if done, seen := m.handles.paramGuards[prm]; seen {
		return done
	}
	if m.handles.paramGuards == nil {
		m.handles.paramGuards = make(map[*ssa.Parameter]bool)
	}
	m.handles.paramGuards[prm] = false // recursion: not guarded
	guarded := m.paramGuardedByCallers(fi.fn, prm, depth)
	m.handles.paramGuards[prm] = guarded
	return guarded
}

// paramGuardedByCallers reports whether every call of fn in the package
// binds parameter prm to a guarded handle.
func (m *model) paramGuardedByCallers(fn *ssa.Function, prm *ssa.Parameter, depth int) bool {
	idx := paramPos(fn, prm)
	if idx < 0 {
		return false
	}
	calls := m.callersOf(fn)
	for _, o := range calls {
		args := o.instr.Common().Args
		if o.instr.Common().IsInvoke() || idx >= len(args) {
			return false
		}
		if !m.handleGuardedIn(m.local[o.instr.Parent()], o.instr, args[idx], depth+1) {
			return false
		}
	}
	return len(calls) > 0
}

// rootChild returns the closure nested directly in owner that fn is, or
// is nested in.
func rootChild(fn, owner *ssa.Function) *ssa.Function {
	for fn.Parent() != nil && fn.Parent() != owner {
		fn = fn.Parent()
	}
	return fn
}
