package model

import (
	"go/types"

	"github.com/fencecheck/fencecheck/passes/model/store"
	"golang.org/x/tools/go/ssa"
)

// returnsHoldingLease reports whether fn, a declared function, reaches a
// return with a lease it took possibly still held (see holdsAtReturn).
func (m *model) returnsHoldingLease(fi *funcInfo) bool {
	return fi.fn.Parent() == nil && m.holdsAtReturn(fi)
}

// holdsAtReturn reports whether fi reaches a return with a lease it took
// possibly still held, so that its callers hold the lease after the call.
//
// A function that returns a value besides errors qualifies whenever a
// lease survives to a return. A function that returns only an error (or
// nothing) qualifies when the surviving acquisition works on something its
// caller passed in (the receiver, a field of it, a parameter, a captured
// variable for a closure) and the function writes nothing under the lease:
// it is a lock wrapper, not a job that claims and finishes (nor a runner
// that calls back the work it was given). In both cases
// a release deferred anywhere in the function ends the lease when it
// returns, and a transaction-scoped lock does not outlive it usefully
// unless the function hands the locked handle to its caller.
// Failure edges of the acquisition need no mapping: the caller's failure
// branch is the one on the wrapper's own error result.
func (m *model) holdsAtReturn(fi *funcInfo) bool {
	flow := newLeaseFlow(fi)
	if flow == nil || m.defersRelease(fi) {
		return false
	}
	valued := returnsValue(fi.fn.Signature)
	found := false
	held := flow.atReturn(fi.fn)
	for i, a := range flow.acqs {
		if held == nil || !held.has(i) {
			continue
		}
		if a.sameHandleGuards && a.handle != nil && !m.returnsLockedHandle(fi, a.handle) {
			continue // a transaction-scoped lock does not outlive the function usefully
		}
		if valued || m.acquiresOnInput(fi, a) {
			found = true
		}
	}
	if found && !valued && (m.writesUnderLease(fi, flow, 0) || callsBackUnderLease(fi, flow)) {
		return false
	}
	return found
}

// returnsValue reports whether a signature has a result other than error.
func returnsValue(sig *types.Signature) bool {
	for i := 0; i < sig.Results().Len(); i++ {
		if !store.IsError(sig.Results().At(i).Type()) {
			return true
		}
	}
	return false
}

// defersRelease reports whether fi defers a release: a deferred release
// call, or a deferred call of a function of the package that releases.
func (m *model) defersRelease(fi *funcInfo) bool {
	for _, o := range fi.ops {
		if _, ok := o.instr.(*ssa.Defer); !ok {
			continue
		}
		if o.release {
			return true
		}
		if callee := m.local[o.local]; callee != nil {
			for _, c := range callee.ops {
				if c.release {
					return true
				}
			}
		}
	}
	return false
}

// acquiresOnInput reports whether acquisition a works on something the
// caller of fi handed in: its receiver or handle, or a non-context
// argument, comes from a parameter of fi (or a field of one, or a value a
// closure captured).
func (m *model) acquiresOnInput(fi *funcInfo, a *op) bool {
	if a.handle != nil && fromInput(a.handle, 0) {
		return true
	}
	common := a.instr.Common()
	if common.IsInvoke() && fromInput(common.Value, 0) {
		return true
	}
	for _, v := range common.Args {
		if !store.IsContext(v.Type()) && fromInput(v, 0) {
			return true
		}
	}
	return false
}

// fromInput reports whether v is a parameter or captured variable, or is
// read from one through fields, pointers and conversions, or is made by a
// method called on one (a mutex made by the receiver's client).
func fromInput(v ssa.Value, depth int) bool {
	if depth > 6 || v == nil {
		return false
	}
	switch x := store.StripConv(v).(type) {
	case *ssa.Parameter, *ssa.FreeVar:
		return true
	case *ssa.Field:
		return fromInput(x.X, depth+1)
	case *ssa.FieldAddr:
		return fromInput(x.X, depth+1)
	case *ssa.UnOp:
		return fromInput(x.X, depth+1)
	case *ssa.Alloc:
		// A parameter spilled to a local (a value receiver whose field is
		// read): follow what is stored there.
		if refs := x.Referrers(); refs != nil {
			for _, r := range *refs {
				if st, ok := r.(*ssa.Store); ok && st.Addr == x && fromInput(st.Val, depth+1) {
					return true
				}
			}
		}
	case *ssa.Call:
		common := x.Common()
		if common.IsInvoke() {
			return fromInput(common.Value, depth+1)
		}
		if fn := common.StaticCallee(); fn != nil && fn.Signature.Recv() != nil && len(common.Args) > 0 {
			return fromInput(common.Args[0], depth+1)
		}
	}
	return false
}

// callsBackUnderLease reports whether fi calls a function value it was
// given (a parameter, or a captured one) while one of its acquisitions is
// possibly held: it runs work under the lease, like a job runner, rather
// than handing the lease to its caller.
func callsBackUnderLease(fi *funcInfo, flow *leaseFlow) bool {
	for _, b := range fi.fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok || call.Common().IsInvoke() || flow.held(instr) == nil {
				continue
			}
			switch store.StripConv(call.Common().Value).(type) {
			case *ssa.Parameter, *ssa.FreeVar:
				return true
			}
		}
	}
	return false
}

// writesUnderLease reports whether fi writes (guarded or not) while one of
// its own acquisitions is possibly held, directly or through functions of
// the package it calls there.
func (m *model) writesUnderLease(fi *funcInfo, flow *leaseFlow, depth int) bool {
	for _, o := range fi.ops {
		if depth == 0 && flow.held(o.instr) == nil {
			continue
		}
		if o.write {
			return true
		}
		if callee := m.local[o.local]; callee != nil && callee != fi && depth < 4 && m.writesUnderLease(callee, nil, depth+1) {
			return true
		}
	}
	return false
}
