package model

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/fencecheck/fencecheck/internal/valueflow"
	"github.com/fencecheck/fencecheck/passes/model/store"
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
func (m *model) leaseContext(v ssa.Value, _ int) bool {
	return v != nil && m.leaseContexts().Reaches(v)
}

// leaseContexts returns the lease-context label: put on the contexts a
// lease yields (handler parameters, what an acquisition returns, and
// contexts cancelled on a lease-loss path) and carried by the value-flow
// graph through conversions, phis, variables, closures, fields, derived
// contexts, and parameters every call of the package binds to one. It is
// memoised per assumption (ctxProbeParams takes one parameter for a lease
// context while it asks what a function's result depends on).
func (m *model) leaseContexts() *valueflow.Label {
	key := m.assumedCtx
	if l, ok := m.ctxLabels[key]; ok {
		return l
	}
	if m.ctxLabels == nil {
		m.ctxLabels = make(map[ssa.Value]*valueflow.Label)
	}
	const kinds = valueflow.Copy | valueflow.Part
	sources := m.leaseContextSources()
	if key != nil {
		sources = append(sources, key)
	}
	// With no source the label reaches nothing, and the graph is built
	// only if a cancellation on a lease-loss path gives it one.
	var label *valueflow.Label
	if len(sources) > 0 {
		label = m.graph().PropagateInPackage(sources, kinds)
	}
	m.ctxLabels[key] = label
	// A context whose cancel runs when the lease is lost is tied to the
	// lease; the loss may be told by another lease context's Done.
	cancels := m.cancelContexts()
	for round := 0; round < 4; round++ {
		added := false
		for _, c := range cancels {
			if v := store.ResultValue(c, 0, 2); v != nil && !label.Reaches(v) && m.cancelledOnLoss(c, 0) {
				sources = append(sources, v)
				added = true
			}
		}
		if !added {
			break
		}
		label = m.graph().PropagateInPackage(sources, kinds)
		m.ctxLabels[key] = label
	}
	return label
}

// leaseContextSources returns the contexts a lease yields: the parameters
// of handler bodies and what acquisitions return.
func (m *model) leaseContextSources() []ssa.Value {
	var out []ssa.Value
	for _, fn := range m.funcs {
		fi := m.local[fn]
		for _, s := range fi.own {
			if s.whole {
				for _, p := range fn.Params {
					out = append(out, p)
				}
				break
			}
		}
		for _, o := range fi.ops {
			if call, ok := o.instr.(*ssa.Call); ok && o.acquire {
				out = append(out, call)
			}
		}
	}
	return out
}

// cancelContexts returns the calls of context.WithCancel and its siblings
// in the package.
func (m *model) cancelContexts() []*ssa.Call {
	var out []*ssa.Call
	for _, fn := range m.funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(*ssa.Call)
				if !ok {
					continue
				}
				f := store.FuncObject(call.Common().StaticCallee())
				if f == nil || f.Pkg() == nil || f.Pkg().Path() != "context" {
					continue
				}
				switch f.Name() {
				case "WithCancel", "WithCancelCause", "WithTimeout", "WithTimeoutCause", "WithDeadline", "WithDeadlineCause":
					out = append(out, call)
				}
			}
		}
	}
	return out
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
		addr = store.FreeVarBinding(fv)
	}
	if _, ok := addr.(*ssa.Alloc); !ok {
		return nil
	}
	return store.StoredValues(addr)
}
