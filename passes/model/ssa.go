package model

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"

	"github.com/fencecheck/fencecheck/internal/catalogue"
	"github.com/fencecheck/fencecheck/internal/config"
	"github.com/fencecheck/fencecheck/passes/directives"
)

// relevant reports whether the package can hold a lease scope or a sink
// write: it imports a library of the catalogue (or writes through the
// typed Kubernetes clients a clientset hands it), carries a //fencecheck:
// directive, or depends on a package that exported a fact other than a
// SyncFact (which only says where a callback runs). Only then is SSA
// built; every other package costs a look at its declarations for the
// callbacks it runs (syncscan.go), beyond the type check the driver has
// already done.
func relevant(pass *analysis.Pass, dirs *directives.Result) bool {
	if len(dirs.Funcs()) > 0 || len(dirs.Errors()) > 0 {
		return true
	}
	for _, rule := range directives.Rules {
		if len(dirs.Ignores(rule)) > 0 {
			return true
		}
	}
	typed := false
	for _, imp := range pass.Pkg.Imports() {
		if catalogue.Models(imp.Path()) || config.Mentions(imp.Path()) {
			return true
		}
		typed = typed || catalogue.ReachesTyped(imp.Path())
	}
	if typed && catalogue.WritesThrough(pass.TypesInfo) {
		return true // clientset.CoreV1().Pods(ns).Delete(…)
	}
	for _, f := range pass.AllObjectFacts() {
		if _, callbacksOnly := f.Fact.(*SyncFact); !callbacksOnly {
			return true
		}
	}
	return len(pass.AllPackageFacts()) > 0
}

// buildSSA builds the SSA form of the package and returns its source
// functions, closures included, in source order.
func buildSSA(pass *analysis.Pass) []*ssa.Function {
	prog := ssa.NewProgram(pass.Fset, 0)
	for _, p := range pass.Pkg.Imports() {
		prog.CreatePackage(p, nil, nil, true)
	}
	pkg := prog.CreatePackage(pass.Pkg, pass.Files, pass.TypesInfo, false)
	pkg.Build()
	var out []*ssa.Function
	var add func(*ssa.Function)
	add = func(f *ssa.Function) {
		out = append(out, f)
		for _, anon := range f.AnonFuncs {
			add(anon)
		}
	}
	for _, file := range pass.Files {
		for _, decl := range file.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok {
				continue
			}
			fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if !ok {
				continue
			}
			if f := prog.FuncValue(fn); f != nil {
				add(f)
			}
		}
	}
	return out
}

// returns lists the return instructions of fn, in block order.
func returns(fn *ssa.Function) []*ssa.Return {
	var out []*ssa.Return
	for _, b := range fn.Blocks {
		if len(b.Instrs) == 0 {
			continue
		}
		if ret, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return); ok {
			out = append(out, ret)
		}
	}
	return out
}

// paramPos returns the index of v among fn's Params (receiver included),
// or -1 when v is not one of them.
func paramPos(fn *ssa.Function, v ssa.Value) int {
	if fn == nil || v == nil {
		return -1
	}
	for i, q := range fn.Params {
		if q == v {
			return i
		}
	}
	return -1
}

// fieldStores calls visit for every store to a struct field in the
// functions of the package, in order.
func (m *model) fieldStores(visit func(fn *ssa.Function, st *ssa.Store, fa *ssa.FieldAddr)) {
	for _, fn := range m.funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if st, ok := instr.(*ssa.Store); ok {
					if fa, ok := st.Addr.(*ssa.FieldAddr); ok {
						visit(fn, st, fa)
					}
				}
			}
		}
	}
}
