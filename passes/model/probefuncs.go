package model

import (
	"go/types"

	"github.com/fencecheck/fencecheck/passes/model/store"
	"golang.org/x/tools/go/ssa"
)

// Inferred probes. A function whose bool result comes from an ownership
// probe is a probe itself: func (l *Lease) Valid() bool { return
// l.clock.Now().Before(l.until) }, func isExpired(j *Job) bool { return
// time.Now().After(j.Deadline) }. It is recognised through any number of
// such functions of the package and exported as FuncFact.Probe, so a
// caller in another package that writes after `if lease.Valid()` is
// reported as preflight. Constant results (the early `return false` of a
// nil check) do not decide; at least one returned bool must come from a
// probe: computed from one with ||, && and !, or a constant returned only
// on the branch a probe decides (if clk.Now().After(l.until) { return
// false }).

// probeState is the memo of probeFunc.
type probeState int8

const (
	probeUnknown probeState = iota
	probeComputing
	probeYes
	probeNo
)

// inferredProbe reports whether call calls a function of the package whose
// bool result comes from a probe.
// A call through an interface is one when every counted implementation the
// package can see is (see implementations).
func (m *model) inferredProbe(call *ssa.Call) bool {
	c := call.Common()
	if c.IsInvoke() {
		if store.BoolResult(c.Signature()) < 0 || c.Method.Pkg() == nil || !m.userPackage(c.Method.Pkg()) {
			return false
		}
		impls := m.implementations(c.Value.Type(), c.Method)
		for _, im := range impls {
			if fn := m.localFunc(im.method); fn != nil {
				if !m.probeFunc(fn) {
					return false
				}
			} else if f, ok := m.importedFact(im.method); !ok || !f.Probe {
				return false
			}
		}
		return len(impls) > 0
	}
	fn := c.StaticCallee()
	if fn == nil || m.local[fn] == nil {
		return false
	}
	return m.probeFunc(fn)
}

// probeFunc reports whether fn returns a bool that comes from a probe.
func (m *model) probeFunc(fn *ssa.Function) bool {
	if m.probeFuncs == nil {
		m.probeFuncs = make(map[*ssa.Function]probeState)
	}
	switch m.probeFuncs[fn] {
	case probeYes:
		return true
	case probeNo, probeComputing:
		return false
	}
	idx := store.BoolResult(fn.Signature)
	if idx < 0 {
		m.probeFuncs[fn] = probeNo
		return false
	}
	m.probeFuncs[fn] = probeComputing
	state := probeNo
	if m.returnsProbe(fn, idx) {
		state = probeYes
	}
	m.probeFuncs[fn] = state
	return state == probeYes
}

// returnsProbe reports whether one of fn's returns gives, as result idx, a
// bool built from a probe: computed from one (with ||, && and !, whose
// short-circuit phis findInCond follows), or a constant returned only
// when a probe decides so (if until.Before(now) { return false }; return
// true).
func (m *model) returnsProbe(fn *ssa.Function, idx int) bool {
	for _, b := range fn.Blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
		if !ok || idx >= len(ret.Results) {
			continue
		}
		res := ret.Results[idx]
		if _, ok := m.findInCond(res, 0, make(map[ssa.Value]bool), m.probeValue); ok {
			return true
		}
		if _, ok := res.(*ssa.Const); !ok {
			continue
		}
		for _, cond := range m.controllingConds(ret) {
			if _, ok := m.findInCond(cond, 0, make(map[ssa.Value]bool), m.probeValue); ok {
				return true
			}
		}
	}
	return false
}

// probeSite is a probe recorded for a fact: what it checks and where
// ("file:line:col").
type probeSite struct {
	desc, site string
}

// noteWriteProbe records the probe the write fi's fact path ends in
// depends on, reached through o: a probe in fi that decides whether o
// runs, else the probe recorded for the helper o calls. The first record
// wins, like the write's site.
func (m *model) noteWriteProbe(fi *funcInfo, o *op) {
	if _, ok := m.writeProbes[fi]; ok {
		return
	}
	var pr probeSite
	if c, ok := m.probeBefore(o.instr); ok {
		pr = probeSite{desc: c.desc, site: m.siteOf(c.pos)}
	} else if o.viaProbe.desc != "" {
		pr = o.viaProbe
	} else if o.local != nil {
		pr = m.writeProbes[m.local[o.local]]
	}
	if pr.desc == "" {
		return
	}
	if m.writeProbes == nil {
		m.writeProbes = make(map[*funcInfo]probeSite)
	}
	m.writeProbes[fi] = pr
}

// probeStep returns the step of a finding that names the probe a helper
// of another package makes before its write; when the probe's file is not
// in the file set, the step sits at the call and names the file and line.
func (m *model) probeStep(o *op) Related {
	pos := m.resolveSite(o.viaProbe.site)
	msg := o.viaProbe.desc
	if !pos.IsValid() {
		pos = o.instr.Pos()
		msg += " at " + shortSite(o.viaProbe.site)
	}
	return Related{Pos: pos, Message: msg}
}

// callerProbe returns the probe that decides every call of the function
// instr is in, when that function runs under a lease it inherited from its
// callers: `if lease.Valid() { finish(ctx) }` makes a write in finish
// preflight. A caller that also inherited its lease is followed in turn.
func (m *model) callerProbe(instr ssa.Instruction) (check, bool) {
	fi := m.local[instr.Parent()]
	if fi == nil || fi.inherited == nil {
		return check{}, false
	}
	if _, own := fi.ownLeaseAt(instr); own {
		return check{}, false
	}
	return m.probedCalls(instr.Parent(), 0)
}

// probedCalls returns the probe that decides each call of fn in the
// package; it fails when fn has no such call or one call is not decided
// by a probe.
func (m *model) probedCalls(fn *ssa.Function, depth int) (check, bool) {
	calls := m.staticCallers()[fn]
	if len(calls) == 0 || depth > 4 {
		return check{}, false
	}
	var first check
	for i, c := range calls {
		pr, ok := m.probeBefore(c)
		if !ok {
			if caller := m.local[c.Parent()]; caller != nil && caller.inherited != nil {
				if _, own := caller.ownLeaseAt(c); !own && c.Parent() != fn {
					pr, ok = m.probedCalls(c.Parent(), depth+1)
				}
			}
		}
		if !ok {
			return check{}, false
		}
		if i == 0 {
			first = pr
		}
	}
	return first, true
}

// ctxProbeParams returns the declared indices (receiver excluded) of fn's
// context parameters whose Err or Done its bool result comes from, were
// the parameter a lease context: func alive(ctx context.Context) bool {
// return ctx.Err() == nil }. Whether a call probes then depends on the
// context it passes (ctxProbeCall).
func (m *model) ctxProbeParams(fn *ssa.Function) []int {
	if out, ok := m.ctxProbes[fn]; ok {
		return out
	}
	if m.ctxProbes == nil {
		m.ctxProbes = make(map[*ssa.Function][]int)
	}
	m.ctxProbes[fn] = nil
	idx := store.BoolResult(fn.Signature)
	if idx < 0 || m.assumedCtx != nil {
		return nil
	}
	offset := 0
	if fn.Signature.Recv() != nil {
		offset = 1
	}
	var out []int
	for i, p := range fn.Params {
		if i < offset || namedType(p.Type()) != "context.Context" {
			continue
		}
		// Memos computed under the assumption would keep it: set them
		// aside.
		saved := m.probeFuncs
		m.probeFuncs, m.assumedCtx = nil, p
		found := m.returnsProbe(fn, idx)
		m.probeFuncs, m.assumedCtx = saved, nil
		if found {
			out = append(out, i-offset)
		}
	}
	m.ctxProbes[fn] = out
	return out
}

// ctxProbeCall reports whether call passes a lease context to a function
// whose bool result comes from that context's Err or Done: a function of
// the package (ctxProbeParams) or of another one (FuncFact.ProbeCtxParams).
func (m *model) ctxProbeCall(call *ssa.Call, fn *types.Func) bool {
	var params []int
	if callee := call.Common().StaticCallee(); callee != nil && m.local[callee] != nil {
		params = m.ctxProbeParams(callee)
	} else if f, ok := m.importedFact(fn); ok {
		params = f.ProbeCtxParams
	}
	if len(params) == 0 {
		return false
	}
	args := store.CallArgs(call)
	if call.Common().Signature().Recv() != nil || call.Common().IsInvoke() {
		if len(args) > 0 {
			args = args[1:]
		}
	}
	for _, p := range params {
		if p < len(args) && m.leaseContext(args[p], 0) {
			return true
		}
	}
	return false
}
