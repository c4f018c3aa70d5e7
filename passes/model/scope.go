package model

import (
	"go/token"
	"go/types"

	"github.com/fencecheck/fencecheck/passes/model/store"
	"golang.org/x/tools/go/ssa"
)

// scope is a region of one function that runs under a lease without an
// acquisition of its own: fi.own holds the scopes that cover a whole body
// (handlers, lease-carrying objects) and those that begin at a receive
// (channels.go). Where an acquisition of the function holds a lease is
// told by its leaseFlow (dataflow.go), the one notion of acquisition
// scope, which the summaries ask as well.
type scope struct {
	lease Lease
	// whole: the entire body (a handler, or a method of a type that
	// carries the lease).
	whole bool
	// from, when whole is false, is where the scope starts: a receive from
	// a channel only sent on under a lease (channels.go).
	from ssa.Instruction
	// entry, when set instead of from, is the block the scope covers (and
	// every block it dominates): the body of a select case.
	entry *ssa.BasicBlock
	// failure are blocks entered only when the receive failed (the channel
	// was closed).
	failure []*ssa.BasicBlock
}

// covers reports whether instr runs under the scope's lease.
func (s *scope) covers(instr ssa.Instruction) bool {
	if s.whole {
		return true
	}
	if s.entry != nil {
		if instr.Block() == nil || !s.entry.Dominates(instr.Block()) {
			return false
		}
	} else if s.from == nil || instr == s.from || !store.Dominates(s.from, instr) {
		return false
	}
	for _, b := range s.failure {
		if b.Dominates(instr.Block()) {
			return false
		}
	}
	return true
}

// computeScopes finds the lease scopes of every function and propagates
// them to the functions of the package called from them.
func (m *model) computeScopes() {
	m.inferLocalAcquirers()
	for m.resolvePendingInvokes() {
		m.inferLocalAcquirers()
	}
	var queue []*funcInfo
	for _, fn := range m.funcs {
		fi := m.local[fn]
		if lease, ok := m.handlerLease(fn); ok {
			fi.own = append(fi.own, &scope{whole: true, lease: lease})
		}
		fi.flow = newLeaseFlow(fi)
		if len(fi.own) > 0 || fi.flow != nil {
			queue = append(queue, fi)
		}
	}
	for len(queue) > 0 {
		fi := queue[0]
		queue = queue[1:]
		queue = append(queue, m.scopedCallees(fi)...)
	}
}

// scopedCallees marks the functions of the package that fi calls (or whose
// closures it creates, or that it passes where the callee runs them
// synchronously) from a lease scope as inheriting that scope, and returns
// the newly marked ones.
func (m *model) scopedCallees(fi *funcInfo) []*funcInfo {
	var out []*funcInfo
	visit := func(instr ssa.Instruction, callee *ssa.Function) {
		target := m.local[callee]
		if target == nil || target.inherited != nil || target == fi || m.testToProduction(instr, callee) || startsOnce(instr) {
			return
		}
		if lease, ok := fi.leaseAt(instr); ok {
			lease = withCall(lease, instr, displayName(store.FuncObject(callee), callee))
			target.inherited = &lease
			out = append(out, target)
		}
	}
	for _, o := range fi.ops {
		if o.local != nil {
			visit(o.instr, o.local)
		}
		for _, impl := range m.implTargets(o) {
			visit(o.instr, impl)
		}
		for _, cb := range m.callbacks(o.instr) {
			visit(o.instr, cb) // a named function run synchronously: callbacks.go
		}
	}
	for _, b := range fi.fn.Blocks {
		for _, instr := range b.Instrs {
			if mc, ok := instr.(*ssa.MakeClosure); ok {
				if fn, ok := mc.Fn.(*ssa.Function); ok {
					visit(instr, fn)
				}
			}
		}
	}
	return out
}

// leaseAt returns the lease under which instr runs, if any: one of fi's
// own scopes (see ownLeaseAt), else the lease of the scope the function is
// called from.
func (fi *funcInfo) leaseAt(instr ssa.Instruction) (Lease, bool) {
	if l, ok := fi.ownLeaseAt(instr); ok {
		return l, true
	}
	if fi.inherited != nil && !fi.releasedAt(instr) {
		return *fi.inherited, true
	}
	return Lease{}, false
}

// releasedAt reports whether instr runs after fi released the lease it
// runs under: fi takes no lease of its own (the dataflow tracks the
// releases of those), and one of its releases, neither deferred nor run in
// a goroutine, runs before instr on every path. A message handler that
// acknowledges its message and carries on, or a helper called per message
// that deletes it and then records something, writes after its lease
// ended.
func (fi *funcInfo) releasedAt(instr ssa.Instruction) bool {
	if fi.flow != nil {
		return false
	}
	if fi.releases == nil {
		rel := []ssa.Instruction{}
		for _, o := range fi.ops {
			switch o.instr.(type) {
			case *ssa.Defer, *ssa.Go:
				continue
			}
			if o.release && !o.acquire {
				rel = append(rel, o.instr)
			}
		}
		fi.releases = &rel
	}
	for _, r := range *fi.releases {
		if r != instr && store.Dominates(r, instr) {
			return true
		}
	}
	return false
}

// ownLeaseAt returns the lease of one of fi's own scopes covering instr:
// its handler body or another scope in fi.own, else the earliest of its
// acquisitions possibly held there (leaseFlow).
func (fi *funcInfo) ownLeaseAt(instr ssa.Instruction) (Lease, bool) {
	for _, s := range fi.own {
		if s.covers(instr) && !fi.releasedAt(instr) {
			return s.lease, true
		}
	}
	if a, ok := fi.flow.lease(instr); ok {
		return acquisitionLease(a), true
	}
	return Lease{}, false
}

// guardedAt reports whether a write through handle at instr is checked by
// the database against a lock held in the same transaction or session
// (sessions.go).
func (fi *funcInfo) guardedAt(instr ssa.Instruction, handle ssa.Value) bool {
	if handle == nil {
		return false
	}
	held := fi.flow.held(instr)
	if held == nil {
		return false
	}
	for i, a := range fi.flow.acqs {
		if held.has(i) && (a.sameHandleGuards || a.sessionLock) && a.handle != nil && sameSession(a, handle) {
			return true
		}
	}
	return false
}

// failureValues returns the values that tell whether acquisition instr
// failed: its error results (and the error of Scan on its row), non-nil on
// failure, and its boolean results, false on failure.
func failureValues(instr ssa.CallInstruction) (errs, oks []ssa.Value) {
	call, ok := instr.(*ssa.Call)
	if !ok {
		return nil, nil
	}
	collect := func(v ssa.Value, t types.Type) {
		switch {
		case store.IsError(t):
			errs = append(errs, v)
		case store.IsBool(t):
			oks = append(oks, v)
		}
	}
	results := call.Common().Signature().Results()
	if results.Len() == 1 {
		collect(call, results.At(0).Type())
	} else if refs := call.Referrers(); refs != nil {
		for _, r := range *refs {
			if ex, ok := r.(*ssa.Extract); ok {
				collect(ex, results.At(ex.Index).Type())
			}
		}
	}
	// QueryRow(...).Scan(&tok): the error of Scan tells whether the claim
	// returned a row.
	if refs := call.Referrers(); refs != nil {
		for _, r := range *refs {
			if scan, ok := r.(*ssa.Call); ok && (isScanOn(scan, call) || isDecodeOn(scan, call)) {
				collect(scan, scan.Type())
			}
		}
	}
	return errs, oks
}

// isDecodeOn reports whether call decodes the document recv holds, or
// asks for its error (MongoDB SingleResult.Decode, Err): both return the
// error that says no document was found.
func isDecodeOn(call *ssa.Call, recv ssa.Value) bool {
	c := call.Common()
	if c.IsInvoke() || len(c.Args) == 0 || c.Args[0] != recv || !store.IsError(call.Type()) {
		return false
	}
	name := store.CalledName(call)
	return name == "Decode" || name == "Err"
}

// isScanOn reports whether call is a Scan method call on recv.
func isScanOn(call *ssa.Call, recv ssa.Value) bool {
	args := store.CallArgs(call)
	return isScanCall(call) && len(args) > 0 && args[0] == recv
}

// boolFailure returns the successors taken when a success flag is false.
func boolFailure(b ssa.Value) []*ssa.BasicBlock {
	var out []*ssa.BasicBlock
	out = append(out, ifSuccessor(b, 1)...)
	if refs := b.Referrers(); refs != nil {
		for _, r := range *refs {
			if not, ok := r.(*ssa.UnOp); ok && not.Op == token.NOT {
				out = append(out, ifSuccessor(not, 0)...)
			}
		}
	}
	return out
}

// ifSuccessor returns successor i of every If branching on cond, when that
// successor is reached from nowhere else.
func ifSuccessor(cond ssa.Value, i int) []*ssa.BasicBlock {
	var out []*ssa.BasicBlock
	refs := cond.Referrers()
	if refs == nil {
		return nil
	}
	for _, r := range *refs {
		iff, ok := r.(*ssa.If)
		if !ok || iff.Block() == nil || len(iff.Block().Succs) != 2 {
			continue
		}
		succ := iff.Block().Succs[i]
		if len(succ.Preds) == 1 {
			out = append(out, succ)
		}
	}
	return out
}
