package model

import (
	"go/token"
	"sort"

	"github.com/fencecheck/fencecheck/passes/model/store"
	sqlstore "github.com/fencecheck/fencecheck/passes/model/store/sql"
	"golang.org/x/tools/go/ssa"
)

// leaseSet is a set of the acquisitions of one function, by their index in
// leaseFlow.acqs.
type leaseSet []uint64

// newLeaseSet returns an empty set able to hold n acquisitions.
func newLeaseSet(n int) leaseSet { return make(leaseSet, (n+63)/64) }

// has reports whether acquisition i is in the set.
func (s leaseSet) has(i int) bool { return s[i/64]&(1<<(uint(i)%64)) != 0 }

// add puts acquisition i in the set.
func (s leaseSet) add(i int) { s[i/64] |= 1 << (uint(i) % 64) }

// del removes acquisition i from the set.
func (s leaseSet) del(i int) { s[i/64] &^= 1 << (uint(i) % 64) }

// clear empties the set.
func (s leaseSet) clear() {
	for i := range s {
		s[i] = 0
	}
}

// empty reports whether the set holds nothing.
func (s leaseSet) empty() bool {
	for _, w := range s {
		if w != 0 {
			return false
		}
	}
	return true
}

// union adds every member of t to s and reports whether s grew.
func (s leaseSet) union(t leaseSet) bool {
	grew := false
	for i := range s {
		if n := s[i] | t[i]; n != s[i] {
			s[i], grew = n, true
		}
	}
	return grew
}

// first returns the lowest member of the set, or -1.
func (s leaseSet) first() int {
	for i, w := range s {
		if w == 0 {
			continue
		}
		for j := 0; j < 64; j++ {
			if w&(1<<uint(j)) != 0 {
				return i*64 + j
			}
		}
	}
	return -1
}

// leaseFlow is the forward "lease possibly held" analysis of one function:
// at each instruction, the acquisitions of the function whose lease may
// still be held on some path that reaches it. A successful acquisition
// adds its lease after the call; a block entered only when it failed
// removes it; a release removes every lease; the end of the transaction
// that holds a transaction-scoped lock removes that lock. Deferred calls
// run when the function returns, so they neither add nor remove a lease
// inside the body.
type leaseFlow struct {
	// acqs are the acquisitions, sorted by position, so the lowest member
	// of a set is the earliest acquisition.
	acqs  []*op
	index map[*op]int
	opOf  map[ssa.Instruction]*op
	// failed maps a control-flow edge to the acquisitions that failed
	// when it is taken.
	failed map[edge][]int
	// in is the set held at the entry of each block, by block index.
	in []leaseSet
	// at is the set held just before each instruction.
	at map[ssa.Instruction]leaseSet
}

// newLeaseFlow solves the analysis for fi. It returns nil when fi takes no
// lease.
func newLeaseFlow(fi *funcInfo) *leaseFlow {
	f := &leaseFlow{index: make(map[*op]int), opOf: make(map[ssa.Instruction]*op), failed: make(map[edge][]int)}
	for _, o := range fi.ops {
		f.opOf[o.instr] = o
		if _, deferred := o.instr.(*ssa.Defer); o.acquire && !deferred {
			f.acqs = append(f.acqs, o)
		}
	}
	if len(f.acqs) == 0 || len(fi.fn.Blocks) == 0 {
		return nil
	}
	sort.SliceStable(f.acqs, func(i, j int) bool { return f.acqs[i].instr.Pos() < f.acqs[j].instr.Pos() })
	for i, a := range f.acqs {
		f.index[a] = i
	}
	f.failureEdges()
	n := len(f.acqs)
	blocks := fi.fn.Blocks
	f.in = make([]leaseSet, len(blocks))
	out := make([]leaseSet, len(blocks))
	for i := range blocks {
		f.in[i], out[i] = newLeaseSet(n), newLeaseSet(n)
	}
	for changed := true; changed; {
		changed = false
		for _, b := range blocks {
			in := f.in[b.Index]
			for _, p := range b.Preds {
				for j, s := range p.Succs {
					if s != b {
						continue
					}
					from := append(leaseSet(nil), out[p.Index]...)
					for _, i := range f.failed[edge{p, j}] {
						from.del(i)
					}
					if b.Dominates(p) {
						f.abandonOnBackEdge(b, from)
					}
					in.union(from)
				}
			}
			cur := append(leaseSet(nil), in...)
			for _, instr := range b.Instrs {
				f.transfer(instr, cur)
			}
			if out[b.Index].union(cur) {
				changed = true
			}
		}
	}
	f.at = make(map[ssa.Instruction]leaseSet)
	for _, b := range blocks {
		cur := append(leaseSet(nil), f.in[b.Index]...)
		for _, instr := range b.Instrs {
			f.at[instr] = append(leaseSet(nil), cur...)
			f.transfer(instr, cur)
		}
	}
	return f
}

// abandonOnBackEdge removes, on an edge back to the loop header head, the
// leases taken inside that loop: a worker that claims once per iteration
// moves on to the next claim, and the code before it does not work for the
// previous one (an abandoned lease is not a scope; a lease taken before
// the loop still is).
func (f *leaseFlow) abandonOnBackEdge(head *ssa.BasicBlock, s leaseSet) {
	for i, a := range f.acqs {
		if s.has(i) && head.Dominates(a.instr.Block()) {
			s.del(i)
		}
	}
}

// edge is the control-flow edge from a block to its successor succ.
type edge struct {
	from *ssa.BasicBlock
	succ int
}

// failureEdges records the edges taken when an acquisition failed: the
// branch where its error is non-nil or its success flag is false. An error
// variable assigned by several acquisitions (one claim per SQL dialect)
// joins them in a phi; the phi's failure edge fails each of them, when
// every value it merges is nil or such an error.
func (f *leaseFlow) failureEdges() {
	errOf := make(map[ssa.Value][]int)
	for i, a := range f.acqs {
		errs, oks := failureValues(a.instr)
		for _, c := range sqlstore.RowCountFailures(a.instr) { // store/sql
			f.failOn(c.Cond, c.Succ, i)
		}
		for _, e := range errs {
			errOf[e] = append(errOf[e], i)
		}
		for _, b := range oks {
			f.failOn(b, 1, i)
			if refs := b.Referrers(); refs != nil {
				for _, r := range *refs {
					if not, ok := r.(*ssa.UnOp); ok && not.Op == token.NOT {
						f.failOn(not, 0, i)
					}
				}
			}
		}
	}
	// Phis of acquisition errors, until no new one is found.
	for changed := true; changed; {
		changed = false
		for v := range errOf {
			refs := v.Referrers()
			if refs == nil {
				continue
			}
			for _, r := range *refs {
				phi, ok := r.(*ssa.Phi)
				if !ok || errOf[phi] != nil {
					continue
				}
				var acqs []int
				for _, e := range phi.Edges {
					if store.IsNil(e) {
						continue
					}
					if errOf[e] == nil {
						acqs = nil
						break
					}
					acqs = append(acqs, errOf[e]...)
				}
				if len(acqs) > 0 {
					errOf[phi], changed = acqs, true
				}
			}
		}
	}
	for v, acqs := range errOf {
		refs := v.Referrers()
		if refs == nil {
			continue
		}
		for _, r := range *refs {
			cmp, ok := r.(*ssa.BinOp)
			if !ok || (cmp.Op != token.EQL && cmp.Op != token.NEQ) || !store.IsNil(cmp.X) && !store.IsNil(cmp.Y) {
				continue
			}
			succ := 1
			if cmp.Op == token.NEQ {
				succ = 0 // err != nil: the true edge is the failure
			}
			for _, i := range acqs {
				f.failOn(cmp, succ, i)
			}
		}
	}
	for e, acqs := range f.failed {
		sort.Ints(acqs)
		f.failed[e] = acqs
	}
}

// failOn records that acquisition i failed on successor succ of every If
// branching on cond.
func (f *leaseFlow) failOn(cond ssa.Value, succ, i int) {
	refs := cond.Referrers()
	if refs == nil {
		return
	}
	for _, r := range *refs {
		iff, ok := r.(*ssa.If)
		if !ok || iff.Block() == nil || len(iff.Block().Succs) != 2 {
			continue
		}
		f.failed[edge{iff.Block(), succ}] = append(f.failed[edge{iff.Block(), succ}], i)
	}
}

// transfer applies the effect of instr on the set of held leases.
func (f *leaseFlow) transfer(instr ssa.Instruction, cur leaseSet) {
	o := f.opOf[instr]
	if o == nil {
		return
	}
	if _, deferred := instr.(*ssa.Defer); deferred {
		return // runs when the function returns: the lease lasts until then
	}
	if o.release {
		cur.clear()
	}
	if o.txEnd && o.handle != nil {
		for i, a := range f.acqs {
			if a.sameHandleGuards && a.handle != nil && store.SameValue(a.handle, o.handle) {
				cur.del(i)
			}
		}
	}
	if i, ok := f.index[o]; ok {
		cur.add(i)
	}
}

// held returns the acquisitions possibly held just before instr, an
// instruction of the function, or nil.
func (f *leaseFlow) held(instr ssa.Instruction) leaseSet {
	if f == nil {
		return nil
	}
	s := f.at[instr]
	if s == nil || s.empty() {
		return nil
	}
	return s
}

// atReturn returns the acquisitions possibly held at some return of fn,
// the function of the flow, or nil.
func (f *leaseFlow) atReturn(fn *ssa.Function) leaseSet {
	if f == nil {
		return nil
	}
	var out leaseSet
	for _, ret := range returns(fn) {
		if held := f.held(ret); held != nil {
			if out == nil {
				out = newLeaseSet(len(f.acqs))
			}
			out.union(held)
		}
	}
	return out
}

// lease returns the earliest acquisition possibly held before instr.
func (f *leaseFlow) lease(instr ssa.Instruction) (*op, bool) {
	s := f.held(instr)
	if s == nil {
		return nil, false
	}
	return f.acqs[s.first()], true
}

// acquisitionLease describes the lease taken by acquisition o.
func acquisitionLease(o *op) Lease {
	return Lease{Pos: o.instr.Pos(), Desc: "lease taken here by " + o.name}
}
