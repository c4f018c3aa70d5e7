package model

import (
	"go/ast"
	"go/types"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/ssa"
)

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
