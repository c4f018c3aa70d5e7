package model

import (
	"go/types"
	"sort"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/fencecheck/fencecheck/internal/valueflow"
	"github.com/fencecheck/fencecheck/passes/model/store"
)

// Objects that carry the lease. A value of a named type of the package that
// is made only inside lease scopes, and is given something of the lease
// when made (a field set from the claim's result, a context derived in the
// scope, the job a handler was given), stands for the lease: whoever calls
// its methods later (a result writer handed to user handlers) does so
// while the lease is meant to be held. The methods of such a type are
// lease scopes, and the type gets a TypeFact.

// TypeFact marks a named type whose values stand for a lease.
type TypeFact struct {
	// UnderLease: every value of the type its package makes is made in a
	// lease scope and carries something of the lease.
	UnderLease bool
}

// AFact marks TypeFact as an analysis fact.
func (*TypeFact) AFact() {}

// String describes the fact for tests.
func (f *TypeFact) String() string {
	if f.UnderLease {
		return "fence:underlease"
	}
	return "fence:"
}

// carrierScopes makes the methods of the package's lease-carrying types
// lease scopes and propagates them to the functions they call, until no
// new type qualifies (a value made in such a method may carry the lease
// too). It runs after computeScopes.
func (m *model) carrierScopes() {
	m.carrierMethods = make(map[*funcInfo]bool)
	found := make(map[*types.TypeName]bool)
	for round := 0; round < 4; round++ {
		carriers := m.leaseCarriers()
		var queue []*funcInfo
		for _, fn := range m.funcs {
			obj := receiverTypeName(fn)
			lease, ok := carriers[obj]
			fi := m.local[fn]
			if !ok || m.carrierMethods[fi] {
				continue
			}
			m.carrierMethods[fi] = true
			fi.own = append(fi.own, &scope{whole: true, lease: lease})
			queue = append(queue, fi)
		}
		for obj := range carriers {
			found[obj] = true
		}
		if len(queue) == 0 {
			break
		}
		for len(queue) > 0 {
			fi := queue[0]
			queue = append(queue[1:], m.scopedCallees(fi)...)
		}
	}
	names := make([]*types.TypeName, 0, len(found))
	for obj := range found {
		names = append(names, obj)
	}
	sort.Slice(names, func(i, j int) bool { return m.posLess(names[i].Pos(), names[j].Pos()) })
	for _, obj := range names {
		if obj.Parent() == obj.Pkg().Scope() {
			m.pass.ExportObjectFact(obj, &TypeFact{UnderLease: true})
		}
	}
}

// receiverTypeName returns the named type a declared method of the
// package is defined on, or nil.
func receiverTypeName(fn *ssa.Function) *types.TypeName {
	obj := store.FuncObject(fn)
	if obj == nil || fn.Parent() != nil {
		return nil
	}
	recv := obj.Signature().Recv()
	if recv == nil {
		return nil
	}
	t := recv.Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return nil
	}
	return named.Origin().Obj()
}

// leaseCarriers returns the named types of the package with methods whose
// every allocation runs in a lease scope and stores something of the
// lease in the value, with the lease of the first allocation.
func (m *model) leaseCarriers() map[*types.TypeName]Lease {
	withMethods := make(map[*types.TypeName]bool)
	for _, fn := range m.funcs {
		if obj := receiverTypeName(fn); obj != nil {
			withMethods[obj] = true
		}
	}
	leases := make(map[*types.TypeName]Lease)
	spoiled := make(map[*types.TypeName]bool)
	var label *valueflow.Label // built on the first value made under a lease
	for _, fn := range m.funcs {
		fi := m.local[fn]
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				alloc, ok := instr.(*ssa.Alloc)
				if !ok {
					continue
				}
				obj := allocTypeName(alloc)
				if obj == nil || !withMethods[obj] || spoiled[obj] || isCopy(alloc) || m.inTestCode(alloc) {
					continue // a test's values neither make nor spoil a carrier
				}
				lease, scoped := fi.leaseAt(alloc)
				if scoped && label == nil {
					label = m.leaseLabel()
				}
				if !scoped || !m.carriesLease(label, alloc) {
					spoiled[obj] = true
					delete(leases, obj)
					continue
				}
				if _, seen := leases[obj]; !seen {
					desc := lease.Desc + "; " + obj.Name() + " values are made only under it"
					leases[obj] = Lease{Pos: lease.Pos, Desc: desc}
				}
			}
		}
	}
	return leases
}

// allocTypeName returns the named type of the package an Alloc makes a
// value of, or nil.
func allocTypeName(alloc *ssa.Alloc) *types.TypeName {
	p, ok := alloc.Type().Underlying().(*types.Pointer)
	if !ok {
		return nil
	}
	named, ok := types.Unalias(p.Elem()).(*types.Named)
	if !ok {
		return nil
	}
	if _, ok := named.Underlying().(*types.Struct); !ok {
		return nil
	}
	return named.Origin().Obj()
}

// isCopy reports whether an Alloc holds a copy of an existing value (a
// spilled parameter, a variable assigned a whole value) rather than a
// new one built field by field.
func isCopy(alloc *ssa.Alloc) bool {
	refs := alloc.Referrers()
	if refs == nil {
		return false
	}
	for _, r := range *refs {
		if st, ok := r.(*ssa.Store); ok && st.Addr == alloc && !isZero(st.Val) {
			return true
		}
	}
	return false
}

// isZero reports whether v is a zero constant.
func isZero(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.Value == nil
}

// carriesLease reports whether a field of the value alloc makes is set
// from the lease: a value the lease label reaches.
func (m *model) carriesLease(label *valueflow.Label, alloc *ssa.Alloc) bool {
	refs := alloc.Referrers()
	if refs == nil {
		return false
	}
	for _, r := range *refs {
		fa, ok := r.(*ssa.FieldAddr)
		if !ok || fa.Referrers() == nil {
			continue
		}
		for _, rr := range *fa.Referrers() {
			if st, ok := rr.(*ssa.Store); ok && st.Addr == fa && label.Reaches(st.Val) {
				return true
			}
		}
	}
	return false
}

// leaseLabel puts the lease label on what a lease yields (an
// acquisition's result and the variables a claim scanned into, a context
// derived in a lease scope, the parameters of a handler) and returns the
// values of the package it reaches through the value-flow graph: through
// fields, closures at any depth, calls and channels.
func (m *model) leaseLabel() *valueflow.Label {
	var sources []ssa.Value
	for _, fn := range m.funcs {
		fi := m.local[fn]
		if m.handlerBody(fi) {
			for _, p := range fn.Params {
				sources = append(sources, p)
			}
		}
		for _, o := range fi.ops {
			call, ok := o.instr.(*ssa.Call)
			if !ok || !o.acquire {
				continue
			}
			sources = append(sources, call)
			sources = append(sources, scannedInto(call)...)
		}
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if call, ok := instr.(*ssa.Call); ok && m.derivedContext(fi, call) {
					sources = append(sources, call)
				}
			}
		}
	}
	return m.graph().Propagate(sources, valueflow.Copy|valueflow.Part)
}

// derivedContext reports whether call derives a context (context.With…)
// inside a lease scope.
func (m *model) derivedContext(fi *funcInfo, call *ssa.Call) bool {
	callee := call.Common().StaticCallee()
	if callee == nil || callee.Pkg == nil || callee.Pkg.Pkg.Path() != "context" || !strings.HasPrefix(callee.Name(), "With") {
		return false
	}
	_, ok := fi.leaseAt(call)
	return ok
}

// handlerBody reports whether fi's whole body is a lease scope of its own
// (a handler), so its parameters are what the lease was given for.
func (m *model) handlerBody(fi *funcInfo) bool {
	for _, s := range fi.own {
		if s.whole && !m.carrierMethods[fi] {
			return true
		}
	}
	return false
}

// scannedInto returns the variables a Scan of what call returned
// scans into.
func scannedInto(call *ssa.Call) []ssa.Value {
	var out []ssa.Value
	if call.Referrers() == nil {
		return nil
	}
	for _, r := range *call.Referrers() {
		scan, ok := r.(*ssa.Call)
		if !ok || !isScanOn(scan, call) {
			continue
		}
		args := store.CallArgs(scan)
		if len(args) < 2 {
			continue
		}
		for _, a := range store.Varargs(args[len(args)-1]) {
			if alloc, ok := store.StripConv(a).(*ssa.Alloc); ok {
				out = append(out, alloc)
			}
		}
	}
	return out
}
