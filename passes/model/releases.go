package model

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/fencecheck/fencecheck/internal/valueflow"
	"github.com/fencecheck/fencecheck/passes/model/store"
)

// classifyFuncValueCall keeps a call of a function value that another call
// returned (unlock, err := locks.Acquire(ctx, key); … unlock()). Whether
// it releases is settled once acquisitions are known (settleIndirect).
func (m *model) classifyFuncValueCall(o *op) *op {
	common := o.instr.Common()
	if common.IsInvoke() {
		return nil
	}
	p := m.producerOf(common.Value)
	if p == nil {
		return m.noteDynamic(o) // inventory.go
	}
	o.producer = p
	o.name = "function returned by " + displayName(store.FuncObject(p.Common().StaticCallee()), nil)
	if p.Common().IsInvoke() {
		o.name = "function returned by " + displayName(p.Common().Method, nil)
	}
	return o
}

// producerOf returns the call that returned the function value v: the
// first call the value-flow graph says v comes from (through captured
// variables at any depth, variables, fields, channels and phis), or nil.
func (m *model) producerOf(v ssa.Value) ssa.CallInstruction {
	produced := func(key any) bool { return producedCall(key) != nil }
	srcs, _ := m.graph().Sources(v, valueflow.Copy, produced)
	for _, k := range srcs {
		if call := producedCall(k); call != nil {
			return call
		}
	}
	return nil
}

// producedCall returns the call a source node of the graph stands for: a
// call whose result is a function, or a result of a call with several.
func producedCall(key any) ssa.CallInstruction {
	switch k := key.(type) {
	case valueflow.TupleItem:
		if call, ok := k.Tuple.(*ssa.Call); ok {
			return call
		}
	case *ssa.Call:
		if _, ok := k.Type().Underlying().(*types.Signature); ok {
			return k
		}
	}
	return nil
}

// settleIndirect settles the ops that depend on what other calls do, and
// reports whether one changed: a call of a function value an acquisition
// returned releases that lease; a call that runs a callback synchronously
// takes the lease the callback returns holding.
func (m *model) settleIndirect() bool {
	changed := false
	for _, fn := range m.funcs {
		for _, o := range m.local[fn].ops {
			if o.release {
				continue
			}
			if o.producer != nil {
				if p := m.opAt(o.producer); p != nil && p.acquire {
					o.release, changed = true, true
				}
			}
			if callee := m.local[o.local]; callee != nil && callee != m.local[fn] && m.onlyReleases(callee) {
				o.release, changed = true, true
			}
		}
	}
	if m.settleCallbacks() {
		changed = true
	}
	return changed
}

// onlyReleases reports whether fi releases a lease and does nothing else
// the model tracks: no acquisition, no write. Calling it releases.
func (m *model) onlyReleases(fi *funcInfo) bool {
	released := false
	for _, o := range fi.ops {
		switch {
		case o.acquire || o.write:
			return false
		case o.release:
			released = true
		}
	}
	return released
}
