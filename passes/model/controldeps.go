package model

import "golang.org/x/tools/go/ssa"

// Deciding branches. A write depends on a branch when one of the
// branch's successors leads to it and the other cannot: `if expired {
// return }` before it, or the second operand of `if len(kvs) > 0 &&
// kvs[0].Expired() { return }`, whose block does not dominate the write.
// Reachability is computed once per function, as one bit set per block.

// blockSet is a set of block indices.
type blockSet []uint64

func (s blockSet) has(i int) bool { return s[i/64]&(1<<(uint(i)%64)) != 0 }
func (s blockSet) add(i int)      { s[i/64] |= 1 << (uint(i) % 64) }

// union adds t to s and reports whether s grew.
func (s blockSet) union(t blockSet) bool {
	grew := false
	for i := range s {
		n := s[i] | t[i]
		if n != s[i] {
			s[i], grew = n, true
		}
	}
	return grew
}

// maxReachBlocks bounds the functions whose reachability is computed; a
// larger function keeps only the dominance-based conditions.
const maxReachBlocks = 2000

// reachable returns, for each block of fn, the blocks reachable from it
// (itself included), or nil when fn is too large.
func (m *model) reachable(fn *ssa.Function) []blockSet {
	if r, ok := m.reach[fn]; ok {
		return r
	}
	if m.reach == nil {
		m.reach = make(map[*ssa.Function][]blockSet)
	}
	n := len(fn.Blocks)
	if n > maxReachBlocks {
		m.reach[fn] = nil
		return nil
	}
	words := (n + 63) / 64
	r := make([]blockSet, n)
	for i := range r {
		r[i] = make(blockSet, words)
		r[i].add(i)
	}
	for changed := true; changed; {
		changed = false
		for i := n - 1; i >= 0; i-- {
			for _, s := range fn.Blocks[i].Succs {
				if r[i].union(r[s.Index]) {
					changed = true
				}
			}
		}
	}
	m.reach[fn] = r
	return r
}

// decidingConds returns the conditions of the branches of instr's function
// one successor of which reaches instr's block and the other does not, and
// which instr's block cannot reach.
func (m *model) decidingConds(instr ssa.Instruction) []ssa.Value {
	b := instr.Block()
	r := m.reachable(b.Parent())
	if r == nil {
		return nil
	}
	var out []ssa.Value
	for _, d := range b.Parent().Blocks {
		if len(d.Succs) != 2 || len(d.Instrs) == 0 || d == b {
			continue
		}
		iff, ok := d.Instrs[len(d.Instrs)-1].(*ssa.If)
		if !ok {
			continue
		}
		if r[b.Index].has(d.Index) {
			continue // the branch may run after instr (a loop): it does not decide it
		}
		if r[d.Succs[0].Index].has(b.Index) != r[d.Succs[1].Index].has(b.Index) {
			out = append(out, iff.Cond)
		}
	}
	return out
}
