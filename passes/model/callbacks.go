package model

import (
	"go/token"
	"go/types"
	"sort"

	"golang.org/x/tools/go/ssa"

	"github.com/fencecheck/fencecheck/internal/catalogue"
	"github.com/fencecheck/fencecheck/passes/model/store"
)

// A function calls one of its parameters synchronously when it calls the
// function value it was given before it returns (a transaction helper
// InTx(ctx, db, fn), a retry loop), and hands it to nothing that could keep
// it: no go statement, no store to a field or a global, no call of a
// function that does not itself call that parameter synchronously. The
// callback's ops then belong to the call: a lease the callback returns
// holding is taken by the call, and a write the callback makes is made by
// the call (for the facts of the caller).

// syncParamsOf returns the sorted declared indices (receiver excluded) of
// the parameters that fn, a function of the package, calls synchronously.
func (m *model) syncParamsOf(fn *ssa.Function) []int {
	if m.syncParams == nil {
		m.syncParams = make(map[*ssa.Function][]int)
	}
	if ps, ok := m.syncParams[fn]; ok {
		return ps
	}
	m.syncParams[fn] = nil // recursion: assume none until known
	var out []int
	recv := 0
	if fn.Signature.Recv() != nil {
		recv = 1
	}
	for i, p := range fn.Params {
		if i < recv {
			continue
		}
		if _, ok := p.Type().Underlying().(*types.Signature); !ok {
			continue
		}
		if called, ok := m.syncUse(p, 0); called && ok {
			out = append(out, i-recv)
		}
	}
	sort.Ints(out)
	m.syncParams[fn] = out
	return out
}

// syncUse follows the uses of the function value v and reports whether it
// is called, and whether every use keeps it synchronous.
func (m *model) syncUse(v ssa.Value, depth int) (called, ok bool) {
	if depth > 8 {
		return false, false
	}
	refs := v.Referrers()
	if refs == nil {
		return false, true
	}
	for _, r := range *refs {
		switch x := r.(type) {
		case *ssa.DebugRef:
		case *ssa.BinOp:
			if (x.Op != token.EQL && x.Op != token.NEQ) || !store.IsNil(x.X) && !store.IsNil(x.Y) {
				return false, false
			}
		case *ssa.Phi, *ssa.ChangeType:
			// A phi, or a conversion to a named function type (a closure
			// passed as a wait.ConditionFunc): follow the new value.
			c, k := m.syncUse(x.(ssa.Value), depth+1)
			if !k {
				return false, false
			}
			called = called || c
		case *ssa.MakeClosure:
			fn, _ := x.Fn.(*ssa.Function)
			if fn == nil {
				return false, false
			}
			for i, b := range x.Bindings {
				if b != v || i >= len(fn.FreeVars) {
					continue
				}
				c, k := m.syncUse(fn.FreeVars[i], depth+1)
				if !k {
					return false, false
				}
				if c {
					// The closure calls v: it must itself be run synchronously.
					cc, kk := m.syncUse(x, depth+1)
					if !kk {
						return false, false
					}
					called = called || cc
				}
			}
		case *ssa.Store:
			// A captured variable lives in a cell: follow the cell, which
			// closures load from.
			if x.Addr == v {
				continue
			}
			cell, isCell := x.Addr.(*ssa.Alloc)
			if !isCell {
				return false, false
			}
			c, k := m.syncUse(cell, depth+1)
			if !k {
				return false, false
			}
			called = called || c
		case *ssa.UnOp:
			if x.Op != token.MUL {
				return false, false
			}
			c, k := m.syncUse(x, depth+1)
			if !k {
				return false, false
			}
			called = called || c
		case *ssa.Call, *ssa.Defer:
			common := x.(ssa.CallInstruction).Common()
			if !common.IsInvoke() && common.Value == v {
				called = true
				continue
			}
			if !m.passedToSync(common, v) {
				return false, false
			}
			called = true
		default:
			return false, false
		}
	}
	return called, true
}

// closureRunsSync reports whether a closure, and each closure it is nested
// in, runs before its parent returns: it is called there, or passed only
// where the callee calls that parameter synchronously (SyncParams), and
// handed to nothing that could keep it.
func (m *model) closureRunsSync(fn *ssa.Function) bool {
	for ; fn.Parent() != nil; fn = fn.Parent() {
		mc := store.MakeClosureOf(fn)
		if mc == nil {
			return false
		}
		if called, ok := m.syncUse(mc, 0); !called || !ok {
			return false
		}
	}
	return true
}

// passedToSync reports whether every argument position where v is passed
// in the call is a parameter the callee calls synchronously.
func (m *model) passedToSync(common *ssa.CallCommon, v ssa.Value) bool {
	sync := m.calleeSyncParams(common)
	passed := false
	for _, k := range argPositions(common, v) {
		passed = true
		if !containsInt(sync, k) {
			return false
		}
	}
	return passed
}

// argPositions returns the declared parameter indices (receiver excluded)
// at which v is passed in the call.
func argPositions(common *ssa.CallCommon, v ssa.Value) []int {
	var out []int
	off := argOffset(common)
	for i, a := range common.Args {
		if a == v && i >= off {
			out = append(out, i-off)
		}
	}
	return out
}

// argOffset is the number of leading arguments of a call that are not
// declared parameters (the receiver of a static method call).
func argOffset(common *ssa.CallCommon) int {
	if common.IsInvoke() {
		return 0
	}
	if fn := common.StaticCallee(); fn != nil && fn.Signature.Recv() != nil {
		return 1
	}
	return 0
}

// calleeSyncParams returns the parameters the callee of a call runs
// synchronously: from the catalogue for the libraries it models (retry
// helpers), computed for functions of the package, read from facts for
// the others (FuncFact.SyncParams from packages with SSA, SyncFact from
// the syntax of the others: syncscan.go).
func (m *model) calleeSyncParams(common *ssa.CallCommon) []int {
	if common.IsInvoke() {
		return nil
	}
	fn := common.StaticCallee()
	if fn == nil {
		return nil
	}
	if o := fn.Origin(); o != nil {
		fn = o
	}
	if e := catalogue.Lookup(store.FuncObject(fn)); e != nil {
		if e.Class == catalogue.SyncCall && e.Arg >= 0 {
			return []int{e.Arg}
		}
		return nil
	}
	if _, ok := m.local[fn]; ok {
		return m.syncParamsOf(fn)
	}
	if obj := store.FuncObject(fn); obj != nil {
		if f, ok := m.importedFact(obj); ok {
			return f.SyncParams
		}
		var sf SyncFact
		if obj.Pkg() != m.pass.Pkg && m.pass.ImportObjectFact(obj, &sf) {
			return sf.Params
		}
	}
	return nil
}

// callbacks returns the functions of the package the call passes where the
// callee runs them synchronously.
func (m *model) callbacks(call ssa.CallInstruction) []*ssa.Function {
	if _, ok := call.(*ssa.Go); ok {
		return nil
	}
	common := call.Common()
	sync := m.calleeSyncParams(common)
	if len(sync) == 0 {
		return nil
	}
	off := argOffset(common)
	var out []*ssa.Function
	for _, k := range sync {
		if k+off >= len(common.Args) {
			continue
		}
		if fn := closureFunc(common.Args[k+off]); fn != nil && m.local[fn] != nil {
			out = append(out, fn)
		}
	}
	return out
}

// hasSyncParams reports whether the callee of o runs a parameter
// synchronously, so that its call is kept as an op.
func (m *model) hasSyncParams(o *op) bool {
	return len(m.calleeSyncParams(o.instr.Common())) > 0
}

// settleCallbacks marks as acquisitions the calls whose synchronous
// callback returns holding a lease, and reports whether one changed.
func (m *model) settleCallbacks() bool {
	changed := false
	for _, fn := range m.funcs {
		for _, o := range m.local[fn].ops {
			if o.acquire || o.release || o.write {
				continue
			}
			for _, cb := range m.callbacks(o.instr) {
				if cbi := m.local[cb]; cbi != nil && cbi != m.local[fn] && m.holdsAtReturn(cbi) {
					o.acquire, o.local, changed = true, nil, true
					break
				}
			}
		}
	}
	return changed
}

// callbackWrite returns the path to an unguarded write made, outside a
// lease of their own, by the callbacks the call o runs synchronously (the
// called helper first), and where that write is.
func (m *model) callbackWrite(o *op, memo map[*funcInfo][]string, visiting map[*funcInfo]bool) ([]string, string) {
	for _, cb := range m.callbacks(o.instr) {
		if sub := m.unscopedWrite(m.local[cb], memo, visiting); len(sub) > 0 {
			return append([]string{o.name}, sub...), m.writeSites[m.local[cb]]
		}
	}
	return nil, ""
}

// containsInt reports whether x is in s.
func containsInt(s []int, x int) bool {
	for _, y := range s {
		if y == x {
			return true
		}
	}
	return false
}
