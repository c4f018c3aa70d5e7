package model

import (
	"go/token"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/fencecheck/fencecheck/passes/model/store"
)

// Goroutines started once. A goroutine that a function starts at most
// once per object or per process (a fetcher, a janitor, a flusher) serves
// every caller that comes after, not the caller that happened to start it:
// it does not run under that caller's lease. Two structures say "at most
// once": the go statement runs only where an atomic compare-and-swap
// succeeded (if atomic.CompareAndSwapInt32(&c.n, 0, 1) { go c.loop() }),
// or inside the function passed to sync.Once.Do. A goroutine started per
// call (go handle(msg)) is part of the caller's work, and runs under its
// lease.

// startsOnce reports whether instr, a go statement or the closure that
// one runs, starts its goroutine at most once (see above).
func startsOnce(instr ssa.Instruction) bool {
	var g *ssa.Go
	switch x := instr.(type) {
	case *ssa.Go:
		g = x
	case *ssa.MakeClosure:
		for _, r := range referrers(x) {
			if gr, ok := r.(*ssa.Go); ok && gr.Call.Value == x {
				g = gr
			}
		}
	}
	if g == nil {
		return false
	}
	return afterCompareAndSwap(g) || inOnceDo(g.Parent())
}

// afterCompareAndSwap reports whether instr runs only on the branch where
// an atomic compare-and-swap succeeded.
func afterCompareAndSwap(instr ssa.Instruction) bool {
	b := instr.Block()
	if b == nil {
		return false
	}
	for p := b.Idom(); p != nil; p = p.Idom() {
		ifi, ok := p.Instrs[len(p.Instrs)-1].(*ssa.If)
		if !ok || len(p.Succs) != 2 {
			continue
		}
		cond, succ := ifi.Cond, 0
		if not, ok := cond.(*ssa.UnOp); ok && not.Op == token.NOT {
			cond, succ = not.X, 1
		}
		call, ok := cond.(*ssa.Call)
		if !ok || !isCompareAndSwap(call) {
			continue
		}
		if p.Succs[succ].Dominates(b) && !p.Succs[1-succ].Dominates(b) {
			return true
		}
	}
	return false
}

// isCompareAndSwap reports whether call is a compare-and-swap of package
// sync/atomic (the functions, and the methods of its types).
func isCompareAndSwap(call *ssa.Call) bool {
	fn := store.CalledFunc(call)
	return fn != nil && fn.Pkg() != nil && fn.Pkg().Path() == "sync/atomic" && strings.HasPrefix(fn.Name(), "CompareAndSwap")
}

// inOnceDo reports whether fn is a closure passed to (*sync.Once).Do.
func inOnceDo(fn *ssa.Function) bool {
	mc := store.MakeClosureOf(fn)
	var v ssa.Value = fn
	if mc != nil {
		v = mc
	}
	for _, r := range referrers(v) {
		call, ok := r.(ssa.CallInstruction)
		if !ok {
			continue
		}
		if callee := store.CalledFunc(call); callee != nil && callee.FullName() == "(*sync.Once).Do" {
			return true
		}
	}
	return false
}

// referrers returns the instructions that use v.
func referrers(v ssa.Value) []ssa.Instruction {
	if refs := v.Referrers(); refs != nil {
		return *refs
	}
	return nil
}
