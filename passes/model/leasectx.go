package model

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// Lease contexts. ctx.Err() and <-ctx.Done() check a lease only when the
// context is tied to one; any other context says nothing about ownership,
// and a write after such a check is unfenced, not preflight. A context is
// tied to a lease when it is:
//   - a parameter of a handler body (River Work, asynq ProcessTask, a
//     Temporal activity, OnStartedLeading): the framework cancels it when
//     the job's lease or the leadership ends;
//   - a parameter of a function of the package every call of which passes
//     a lease context;
//   - returned by a call that takes a lease;
//   - derived (WithValue, WithCancel, WithTimeout, …) from a lease context;
//   - made by WithCancel (or a sibling) whose cancel function is called on
//     a lease-loss path: after a receive from a lease-lost channel
//     (Session.Done(), the lost channel an acquisition returns, a lease
//     context's Done()), or in client-go's OnStoppedLeading callback.

// leaseContext reports whether v is a context tied to a lease.
func (m *model) leaseContext(v ssa.Value, depth int) bool {
	if v == nil || depth > maxCondDepth {
		return false
	}
	if v == m.assumedCtx {
		return true
	}
	switch x := v.(type) {
	case *ssa.MakeInterface:
		return m.leaseContext(x.X, depth+1)
	case *ssa.ChangeInterface:
		return m.leaseContext(x.X, depth+1)
	case *ssa.ChangeType:
		return m.leaseContext(x.X, depth+1)
	case *ssa.TypeAssert:
		return m.leaseContext(x.X, depth+1)
	case *ssa.Phi:
		for _, e := range x.Edges {
			if m.leaseContext(e, depth+1) {
				return true
			}
		}
	case *ssa.Parameter:
		return m.leaseParam(x, depth)
	case *ssa.UnOp:
		for _, sv := range loadedValues(x) {
			if m.leaseContext(sv, depth+1) {
				return true
			}
		}
	case *ssa.FreeVar:
		return m.leaseContext(freeVarBinding(x), depth+1)
	case *ssa.Extract:
		if call, ok := x.Tuple.(*ssa.Call); ok {
			return m.leaseContextCall(call, x.Index, depth)
		}
	case *ssa.Call:
		return m.leaseContextCall(x, 0, depth)
	}
	return false
}

// leaseContextCall reports whether result idx of call is a lease context.
func (m *model) leaseContextCall(call *ssa.Call, idx int, depth int) bool {
	if o := m.opAt(call); o != nil && o.acquire {
		return true // a lease API that returns a context
	}
	fn := funcObject(call.Common().StaticCallee())
	if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() != "context" || idx != 0 {
		return false
	}
	args := call.Common().Args
	switch fn.Name() {
	case "WithValue":
		return len(args) > 0 && m.leaseContext(args[0], depth+1)
	case "WithCancel", "WithCancelCause", "WithTimeout", "WithTimeoutCause", "WithDeadline", "WithDeadlineCause":
		if len(args) > 0 && m.leaseContext(args[0], depth+1) {
			return true
		}
		return m.cancelledOnLoss(call, depth)
	}
	return false
}

// leaseParam reports whether parameter p carries a lease context: p is a
// parameter of a handler body, or every call of its function in the
// package passes one. The answer is memoised per parameter, so a helper
// with many callers is asked once; a parameter met again while it is being
// decided (recursion) counts as no lease context. While ctxProbeParams
// assumes a parameter to be one, answers depend on that and are not kept.
func (m *model) leaseParam(p *ssa.Parameter, depth int) bool {
	if m.assumedCtx != nil {
		return m.decideLeaseParam(p, depth+1)
	}
	switch m.leaseParams[p] {
	case probeYes:
		return true
	case probeNo, probeComputing:
		return false
	}
	if m.leaseParams == nil {
		m.leaseParams = make(map[*ssa.Parameter]probeState)
	}
	m.leaseParams[p] = probeComputing
	state := probeNo
	if m.decideLeaseParam(p, 0) {
		state = probeYes
	}
	m.leaseParams[p] = state
	return state == probeYes
}

// decideLeaseParam decides leaseParam; depth bounds how far the contexts
// callers pass are followed back.
func (m *model) decideLeaseParam(p *ssa.Parameter, depth int) bool {
	fn := p.Parent()
	if fi := m.local[fn]; fi != nil {
		for _, s := range fi.own {
			if s.whole {
				return true
			}
		}
	}
	idx := -1
	for i, q := range fn.Params {
		if q == p {
			idx = i
		}
	}
	calls := m.staticCallers()[fn]
	if idx < 0 || len(calls) == 0 {
		return false
	}
	for _, c := range calls {
		args := c.Common().Args
		if idx >= len(args) || !m.leaseContext(args[idx], depth+1) {
			return false
		}
	}
	return true
}

// staticCallers indexes the static calls of the package's functions.
func (m *model) staticCallers() map[*ssa.Function][]ssa.CallInstruction {
	if m.callers != nil {
		return m.callers
	}
	m.callers = make(map[*ssa.Function][]ssa.CallInstruction)
	for _, fn := range m.funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if c, ok := instr.(ssa.CallInstruction); ok {
					if callee := c.Common().StaticCallee(); callee != nil && m.local[callee] != nil {
						m.callers[callee] = append(m.callers[callee], c)
					}
				}
			}
		}
	}
	return m.callers
}

// cancelledOnLoss reports whether the cancel function that call (a
// context.WithCancel or sibling) returns is called on a lease-loss path.
func (m *model) cancelledOnLoss(call *ssa.Call, depth int) bool {
	var cancel ssa.Value
	if refs := call.Referrers(); refs != nil {
		for _, r := range *refs {
			if ex, ok := r.(*ssa.Extract); ok && ex.Index == 1 {
				cancel = ex
			}
		}
	}
	if cancel == nil {
		return false
	}
	for _, c := range callsOfValue(cancel, 0) {
		if m.onLossPath(c, depth) {
			return true
		}
	}
	return false
}

// callsOfValue returns the calls of function value f, directly or in the
// closures that capture it.
func callsOfValue(f ssa.Value, depth int) []*ssa.Call {
	refs := f.Referrers()
	if refs == nil || depth > 3 {
		return nil
	}
	var out []*ssa.Call
	for _, r := range *refs {
		switch x := r.(type) {
		case *ssa.Call:
			if x.Common().Value == f {
				out = append(out, x)
			}
		case *ssa.Store:
			// A captured variable: follow its loads, here and in closures.
			if a, ok := x.Addr.(*ssa.Alloc); ok && x.Val == f {
				out = append(out, callsOfValue(a, depth+1)...)
			}
		case *ssa.UnOp:
			if x.Op == token.MUL && x.X == f {
				out = append(out, callsOfValue(x, depth+1)...)
			}
		case *ssa.MakeClosure:
			fn, _ := x.Fn.(*ssa.Function)
			for i, b := range x.Bindings {
				if b == f && fn != nil && i < len(fn.FreeVars) {
					out = append(out, callsOfValue(fn.FreeVars[i], depth+1)...)
				}
			}
		}
	}
	return out
}

// onLossPath reports whether instr runs only after the lease is lost: it
// follows a receive from a lease-lost channel, or it is in a callback the
// leader-election library runs when leadership ends.
func (m *model) onLossPath(instr ssa.Instruction, depth int) bool {
	fn := instr.Parent()
	if m.leaderCallbacksIn("OnStoppedLeading")[fn] {
		return true
	}
	b := instr.Block()
	for d := b; d != nil; d = d.Idom() {
		for _, in := range d.Instrs {
			if d == b && in == instr {
				break
			}
			if m.receivesLoss(in, depth) {
				return true
			}
		}
	}
	return false
}

// receivesLoss reports whether instr blocks on a lease-lost channel.
func (m *model) receivesLoss(instr ssa.Instruction, depth int) bool {
	switch x := instr.(type) {
	case *ssa.UnOp:
		return x.Op == token.ARROW && m.lossChannel(x.X, depth)
	case *ssa.Select:
		if !x.Blocking || len(x.States) != 1 {
			return false // which case ran is not followed
		}
		return x.States[0].Dir == types.RecvOnly && m.lossChannel(x.States[0].Chan, depth)
	}
	return false
}

// lossChannel reports whether ch is closed or sent on when a lease is
// lost: the Done channel of a session or lease context, or the lost
// channel an acquisition returns.
func (m *model) lossChannel(ch ssa.Value, depth int) bool {
	if ld, ok := ch.(*ssa.UnOp); ok && ld.Op == token.MUL && depth <= maxCondDepth {
		for _, sv := range loadedValues(ld) {
			if m.lossChannel(sv, depth+1) {
				return true
			}
		}
		return false
	}
	if ex, ok := ch.(*ssa.Extract); ok {
		ch = ex.Tuple
	}
	call, ok := ch.(*ssa.Call)
	if !ok {
		return false
	}
	if o := m.opAt(call); o != nil && o.acquire {
		return true
	}
	c := call.Common()
	if c.IsInvoke() && c.Method.Name() == "Done" && c.Method.Pkg() != nil && c.Method.Pkg().Path() == "context" {
		return m.leaseContext(c.Value, depth+1)
	}
	if _, ok := m.probeCall(call); ok {
		return true // a catalogued probe returning a channel (Session.Done)
	}
	return false
}

// loadedValues returns the values stored in the variable a load reads: a
// local variable whose address was taken, or one captured by a closure.
func loadedValues(ld *ssa.UnOp) []ssa.Value {
	if ld.Op != token.MUL {
		return nil
	}
	addr := ld.X
	if fv, ok := addr.(*ssa.FreeVar); ok {
		addr = freeVarBinding(fv)
	}
	if _, ok := addr.(*ssa.Alloc); !ok {
		return nil
	}
	return storedValues(addr)
}
