package model

import (
	"go/token"
	"go/types"
	"sort"
	"strconv"
	"strings"

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
		if root(f) != fn || (f != fn && !m.closureRunsSync(f)) {
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

// root returns the declared function a closure is nested in.
func root(fn *ssa.Function) *ssa.Function {
	for fn.Parent() != nil {
		fn = fn.Parent()
	}
	return fn
}

// makeClosureOf returns the instruction that creates closure fn in its
// parent, or nil.
func makeClosureOf(fn *ssa.Function) *ssa.MakeClosure {
	parent := fn.Parent()
	if parent == nil {
		return nil
	}
	for _, b := range parent.Blocks {
		for _, instr := range b.Instrs {
			if mc, ok := instr.(*ssa.MakeClosure); ok && mc.Fn == fn {
				return mc
			}
		}
	}
	return nil
}

// resolveFree follows a free variable of a closure to the value its
// parent binds, and a load of a variable stored once (a parameter a
// closure captures) to the stored value. It returns the function that
// defines the value and the value itself.
func resolveFree(fn *ssa.Function, v ssa.Value) (*ssa.Function, ssa.Value) {
	for i := 0; i < 8 && fn != nil; i++ {
		v = stripConv(v)
		if ld, ok := v.(*ssa.UnOp); ok && ld.Op == token.MUL {
			addrFn, addr := resolveFree(fn, ld.X)
			if alloc, ok := addr.(*ssa.Alloc); ok {
				if stored := storedOnce(alloc); stored != nil {
					fn, v = addrFn, stored
					continue
				}
			}
			return fn, v
		}
		fv, ok := v.(*ssa.FreeVar)
		if !ok {
			return fn, v
		}
		b := freeVarBinding(fv)
		if b == nil {
			return nil, nil
		}
		fn, v = fn.Parent(), b
	}
	return fn, v
}

// storedValues returns the values stored at addr (a local variable, a
// field), in the order of its referrers.
func storedValues(addr ssa.Value) []ssa.Value {
	refs := addr.Referrers()
	if refs == nil {
		return nil
	}
	var out []ssa.Value
	for _, r := range *refs {
		if st, ok := r.(*ssa.Store); ok && st.Addr == addr {
			out = append(out, st.Val)
		}
	}
	return out
}

// storedOnce returns the value stored in a local variable that is
// assigned exactly once, or nil: also when its address is stored
// elsewhere, or a closure that captures it assigns it or passes it on.
func storedOnce(alloc *ssa.Alloc) ssa.Value {
	refs := alloc.Referrers()
	if refs == nil {
		return nil
	}
	var val ssa.Value
	for _, r := range *refs {
		switch r := r.(type) {
		case *ssa.Store:
			if r.Addr != alloc || val != nil {
				return nil
			}
			val = r.Val
		case *ssa.MakeClosure:
			if !readOnlyCapture(r, alloc) {
				return nil
			}
		}
	}
	return val
}

// readOnlyCapture reports whether the closure made by mc only loads the
// variable alloc it captures.
func readOnlyCapture(mc *ssa.MakeClosure, alloc *ssa.Alloc) bool {
	fn, ok := mc.Fn.(*ssa.Function)
	if !ok {
		return false
	}
	for i, bound := range mc.Bindings {
		if bound != alloc || i >= len(fn.FreeVars) {
			continue
		}
		if refs := fn.FreeVars[i].Referrers(); refs != nil {
			for _, r := range *refs {
				if ld, ok := r.(*ssa.UnOp); !ok || ld.Op != token.MUL {
					return false
				}
			}
		}
	}
	return true
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
	args := callArgs(o.instr)
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
			f := fieldAddrVar(fa)
			if f == nil || isNil(st.Val) {
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
		if _, h := resolveFree(owner, o.handle); sameValue(o.handle, v) || h != nil && sameValue(h, v) {
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
	var f *types.Var
	switch x := stripConv(v).(type) {
	case *ssa.UnOp:
		if fa, ok := x.X.(*ssa.FieldAddr); ok && x.Op == token.MUL {
			f = fieldAddrVar(fa)
		}
	case *ssa.Field:
		f = fieldVar(x)
	}
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

// fieldAddrVar returns the (generic origin of the) field a FieldAddr
// selects.
func fieldAddrVar(fa *ssa.FieldAddr) *types.Var {
	ptr, ok := fa.X.Type().Underlying().(*types.Pointer)
	if !ok {
		return nil
	}
	return structField(ptr.Elem(), fa.Field)
}

// fieldVar returns the (generic origin of the) field a Field selects.
func fieldVar(f *ssa.Field) *types.Var {
	return structField(f.X.Type(), f.Field)
}

// structField returns field i of struct type t, or nil.
func structField(t types.Type, i int) *types.Var {
	st, ok := t.Underlying().(*types.Struct)
	if !ok || i < 0 || i >= st.NumFields() {
		return nil
	}
	return st.Field(i).Origin()
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
		if o.release || (o.txEnd && o.handle != nil && sameValue(o.handle, h)) {
			return true
		}
	}
	return false
}

// returnsHandle reports whether fn returns h, or a struct (or a pointer
// to one) it allocated and stored h in.
func returnsHandle(fn *ssa.Function, h ssa.Value) bool {
	holds := func(v ssa.Value) bool {
		v = stripConv(v)
		if sameValue(v, h) {
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
				if st, ok := rr.(*ssa.Store); ok && st.Addr == fa && sameValue(st.Val, h) {
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
		if k, isParam := paramIndex(fi.fn, stripConv(v)); isParam {
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
		mc := makeClosureOf(rootChild(fi.fn, owner))
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
