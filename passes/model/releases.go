package model

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/fencecheck/fencecheck/internal/valueflow"
	"github.com/fencecheck/fencecheck/passes/model/store"
)

// classifyFuncValueCall keeps a call of a function value, which may be one
// that another call returned (unlock, err := locks.Acquire(ctx, key); …
// unlock()). The call that produced it is looked up once every call is
// classified (resolveProducers), and whether it releases is settled once
// acquisitions are known (settleIndirect).
func (m *model) classifyFuncValueCall(o *op) *op {
	if o.instr.Common().IsInvoke() {
		return nil
	}
	m.funcValueCalls = append(m.funcValueCalls, o)
	return o
}

// resolveProducers finds the call that returned the function value each
// call of a function value runs, and drops the calls whose value no call
// of the package returned. Only a producer that acquires makes its value
// a release, so in a package none of whose calls acquires nothing is
// looked up: the value-flow graph is not built for it.
func (m *model) resolveProducers() {
	calls := m.funcValueCalls
	m.funcValueCalls = nil
	if len(calls) == 0 {
		return
	}
	acquires := false
	for _, fn := range m.funcs {
		for _, o := range m.local[fn].ops {
			acquires = acquires || o.acquire
		}
	}
	dropped := make(map[*op]bool)
	for _, o := range calls {
		var p ssa.CallInstruction
		if acquires {
			p = m.producerOf(o.instr.Common().Value)
		}
		if p == nil {
			m.noteDynamic(o) // inventory.go
			dropped[o] = true
			continue
		}
		o.producer = p
		o.name = "function returned by " + displayName(store.FuncObject(p.Common().StaticCallee()), nil)
		if p.Common().IsInvoke() {
			o.name = "function returned by " + displayName(p.Common().Method, nil)
		}
	}
	if len(dropped) == 0 {
		return
	}
	for _, fn := range m.funcs {
		fi := m.local[fn]
		kept := fi.ops[:0]
		for _, o := range fi.ops {
			if !dropped[o] {
				kept = append(kept, o)
			}
		}
		fi.ops = kept
	}
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
