package model

import (
	"go/types"
	"sort"
	"strconv"
	"strings"

	"github.com/fencecheck/fencecheck/passes/model/store"
	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/types/objectpath"
)

// Lock-holding handles travel. A transaction that took a row lock (FOR
// UPDATE, pg_advisory_xact_lock) or a connection that took a session lock
// guards the writes made through it, wherever the handle goes:
//
//   - into a helper that takes the lock on its parameter
//     (SessionLock(ctx, conn) error): the call is an acquisition and the
//     argument a guarded handle for the rest of the caller's scope
//     (FuncFact.LocksParams);
//   - into a struct field that is only ever assigned lock-holding handles
//     (j := &Job{tx: tx}): writes through a load of the field are checked
//     by the database (FieldFact);
//   - out of the function that locked it (return &Job{tx: tx}): the
//     function returns holding the lease;
//   - into a helper whose writes all go through one of its handle
//     parameters (ApplyCredit(ctx, tx, …)): the call is guarded when the
//     argument holds the lock (FuncFact.WriteParams); inside the package,
//     a function whose every call passes a guarded handle is judged the
//     same way.

// FieldFact marks a struct field that carries a lock-holding handle: every
// value its package stores in it is a transaction or connection on which
// a lock is held.
type FieldFact struct {
	// LockedHandle: the field only ever holds lock-holding handles.
	LockedHandle bool
}

// AFact marks FieldFact as an analysis fact.
func (*FieldFact) AFact() {}

// String describes the fact for tests.
func (f *FieldFact) String() string {
	if f.LockedHandle {
		return "fence:lockedhandle"
	}
	return "fence:"
}

// handleState is what bindHandles learns about the package.
type handleState struct {
	// lockedParams maps the declared functions of the package that return
	// holding a lock on some of their parameters to those parameters
	// (receiver excluded, sorted).
	lockedParams map[*ssa.Function][]int
	// carriers are the fields of the package that carry a locked handle.
	carriers map[*types.Var]bool
	// spoiled are the fields this package stores a handle without a lock
	// in (an imported FieldFact does not hold here for them).
	spoiled map[*types.Var]bool
	// contextKeys are the context keys every context.WithValue of the
	// package fills with a lock-holding handle (ctxhandles.go).
	contextKeys map[string]bool
	// imported caches the FieldFacts of fields of other packages.
	imported map[*types.Var]bool
	// callers indexes the calls of each local function, built on first use
	// (after scopes are computed, when calls no longer change).
	callers map[*ssa.Function][]*op
	// paramGuards memoises whether every call binds a parameter to a
	// guarded handle.
	paramGuards map[*ssa.Parameter]bool
}

// callersOf returns the calls of fn in the package.
func (m *model) callersOf(fn *ssa.Function) []*op {
	h := m.handles
	if h.callers == nil {
		h.callers = make(map[*ssa.Function][]*op)
		for _, f := range m.funcs {
			for _, o := range m.local[f].ops {
				if o.local != nil {
					h.callers[o.local] = append(h.callers[o.local], o)
				}
			}
		}
	}
	return h.callers[fn]
}

// handleFactParts renders the handle parts of a FuncFact for tests.
func handleFactParts(f *FuncFact) []string {
	var parts []string
	if len(f.LocksParams) > 0 {
		parts = append(parts, "locks("+joinInts(f.LocksParams)+")")
	}
	if len(f.WriteParams) > 0 {
		parts = append(parts, "writesthrough("+joinInts(f.WriteParams)+")")
	}
	return parts
}

// joinInts renders a list of indices as "0,2".
func joinInts(xs []int) string {
	s := make([]string, len(xs))
	for i, x := range xs {
		s[i] = strconv.Itoa(x)
	}
	return strings.Join(s, ",")
}

// bindHandles runs after classification, before scopes are computed: it
// turns calls of local lock-taking helpers into acquisitions on their
// argument, finds the fields that carry a locked handle, and marks writes
// through such fields as checked by the database.
func (m *model) bindHandles() {
	m.handles = &handleState{
		lockedParams: make(map[*ssa.Function][]int),
		imported:     make(map[*types.Var]bool),
	}
	m.inferLockedParams()
	m.findCarrierFields()
	m.findContextCarriers()
	for _, fn := range m.funcs {
		for _, o := range m.local[fn].ops {
			if !o.write || o.guard.Fences() {
				continue
			}
			if o.handle != nil && len(o.via) == 0 && m.carried(o.handle) {
				o.guard = TxGuard
			}
			if len(o.writeHandles) > 0 && allOf(o.writeHandles, m.carried) {
				o.guard = TxGuard
			}
		}
	}
	m.exportFieldFacts()
}

// allOf reports whether pred holds for every value of vs.
func allOf(vs []ssa.Value, pred func(ssa.Value) bool) bool {
	for _, v := range vs {
		if v == nil || !pred(v) {
			return false
		}
	}
	return true
}

// inferLockedParams finds the declared functions of the package that
// return holding a lock taken on one of their parameters, directly or in a
// callback they run synchronously, and turns their calls into
// acquisitions whose guarded handle is the argument, until nothing
// changes.
func (m *model) inferLockedParams() {
	for changed := true; changed; {
		changed = false
		for _, fn := range m.funcs {
			if fn.Parent() != nil || m.handles.lockedParams[fn] != nil {
				continue
			}
			ps := m.lockedParamsOf(fn)
			if len(ps) == 0 {
				continue
			}
			m.handles.lockedParams[fn] = ps
			changed = true
			for _, caller := range m.funcs {
				for _, o := range m.local[caller].ops {
					if o.local == fn {
						o.acquire, o.local = true, nil
						bindLockedArgs(o, ps)
					}
				}
			}
		}
	}
}

// lockedParamsOf returns the parameters of fn (receiver excluded, sorted)
// on which fn, or a closure of it run synchronously, takes a transaction
// or session lock still held when it returns.
func (m *model) lockedParamsOf(fn *ssa.Function) []int {
	set := make(map[int]bool)
	for _, f := range m.funcs {
		if store.Root(f) != fn || (f != fn && !m.closureRunsSync(f)) {
			continue
		}
		fi := m.local[f]
		flow := newLeaseFlow(fi)
		held := flow.atReturn(f)
		if held == nil {
			continue
		}
		for i, o := range flow.acqs {
			if !held.has(i) || !o.sameHandleGuards || o.handle == nil {
				continue
			}
			if m.deferredEnd(fi, o.handle) || m.deferredEnd(m.local[fn], o.handle) {
				continue // released when the function returns
			}
			owner, v := resolveFree(f, o.handle)
			if owner != fn {
				continue
			}
			if k, ok := paramIndex(fn, v); ok {
				set[k] = true
			}
		}
	}
	return sortedKeys(set)
}

// sortedKeys returns the keys of an int set in order.
func sortedKeys(set map[int]bool) []int {
	if len(set) == 0 {
		return nil
	}
	out := make([]int, 0, len(set))
	for k := range set {
		out = append(out, k)
	}
	sort.Ints(out)
	return out
}

// bindLockedArgs makes the acquisition o guard the argument bound to the
// first locked parameter.
func bindLockedArgs(o *op, params []int) {
	if len(params) == 0 {
		return
	}
	if args := paramArgs(o, params[:1]); len(args) == 1 {
		o.handle, o.sameHandleGuards = args[0], true
	}
}

// paramArgs returns the arguments of call o bound to the given parameters
// (receiver excluded), or nil if one is missing.
func paramArgs(o *op, params []int) []ssa.Value {
	if len(params) == 0 {
		return nil
	}
	args := store.CallArgs(o.instr)
	if o.instr.Common().IsInvoke() || (o.callee != nil && o.callee.Signature().Recv() != nil) {
		if len(args) == 0 {
			return nil
		}
		args = args[1:]
	}
	out := make([]ssa.Value, 0, len(params))
	for _, k := range params {
		if k < 0 || k >= len(args) {
			return nil
		}
		out = append(out, args[k])
	}
	return out
}

// findCarrierFields finds the struct fields every store of the package
// fills with a lock-holding handle. A second round lets a handle loaded
// from such a field count as locked when it is stored elsewhere.
func (m *model) findCarrierFields() {
	h := m.handles
	for round := 0; round < 2; round++ {
		locked := make(map[*types.Var]bool)
		spoiled := make(map[*types.Var]bool)
		m.fieldStores(func(fn *ssa.Function, st *ssa.Store, fa *ssa.FieldAddr) {
			f := store.FieldAddrVar(fa)
			if f == nil || store.IsNil(st.Val) {
				return
			}
			if m.lockedIn(fn, st.Val) {
				locked[f] = true
			} else {
				spoiled[f] = true
			}
		})
		carriers := make(map[*types.Var]bool)
		for f := range locked {
			if !spoiled[f] && f.Pkg() == m.pass.Pkg {
				carriers[f] = true
			}
		}
		h.carriers, h.spoiled = carriers, spoiled
	}
}

// lockedIn reports whether v, used in fn, is a handle on which fn (or the
// function a closure's free variable comes from) takes a transaction or
// session lock, or a load of a field that carries one.
func (m *model) lockedIn(fn *ssa.Function, v ssa.Value) bool {
	if m.carried(v) {
		return true
	}
	owner, v := resolveFree(fn, v)
	fi := m.local[owner]
	if fi == nil {
		return false
	}
	if m.wrapperLocks(owner, v) {
		return true
	}
	for _, o := range fi.ops {
		if !o.acquire || !o.sameHandleGuards || o.handle == nil {
			continue
		}
		if _, h := resolveFree(owner, o.handle); store.SameValue(o.handle, v) || h != nil && store.SameValue(h, v) {
			return true
		}
	}
	return false
}

// carried reports whether v is a load of a field that carries a locked
// handle, or a handle taken out of a context that carries one.
func (m *model) carried(v ssa.Value) bool {
	if m.handles == nil || v == nil {
		return false
	}
	if m.contextCarried(v) {
		return true
	}
	_, f := store.LoadedField(store.StripConv(v))
	if f == nil {
		return false
	}
	if f.Pkg() == m.pass.Pkg {
		return m.handles.carriers[f]
	}
	if m.handles.spoiled[f] {
		return false
	}
	ok, seen := m.handles.imported[f]
	if !seen {
		var fact FieldFact
		ok = m.pass.ImportObjectFact(f, &fact) && fact.LockedHandle
		m.handles.imported[f] = ok
	}
	return ok
}

// exportFieldFacts exports a FieldFact for every carrier field other
// packages can name.
func (m *model) exportFieldFacts() {
	vars := make([]*types.Var, 0, len(m.handles.carriers))
	for f := range m.handles.carriers {
		vars = append(vars, f)
	}
	sort.Slice(vars, func(i, j int) bool { return vars[i].Pos() < vars[j].Pos() })
	for _, f := range vars {
		if _, err := objectpath.For(f); err != nil {
			continue // a field of a type local to a function
		}
		m.pass.ExportObjectFact(f, &FieldFact{LockedHandle: true})
	}
}
