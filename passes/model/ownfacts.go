package model

import (
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/fencecheck/fencecheck/internal/sqltext"
)

// Facts a package makes from its own code. A package that refers to
// nothing of the catalogue and to no fact that says it writes or holds a
// lease may still export facts others use, from its syntax and types
// alone:
//
//   - a probe: a function whose bool result comes from a clock compared
//     with a deadline (clock.go), from a context's Err or Done, or from a
//     function with a probe fact, directly or through a function of the
//     package with a bool result;
//   - SQL text a function returns (sqlfuncs.go), in a package with a
//     string literal that is a SQL statement or a placeholder of a list;
//   - the callbacks an unexported type's method runs, which only a
//     HiddenImplsFact tells importers about (ifacewire.go).
//
// ownFacts says whether one of these may hold; when it may, the package is
// built like any other.

// ownFacts reports whether the package may export a fact of its own.
func ownFacts(pass *analysis.Pass, facts *factIndex) bool {
	texts := false
	decls := make(map[*types.Func]*ast.FuncDecl)
	for _, file := range pass.Files {
		for _, decl := range file.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func)
			if !ok {
				continue
			}
			if hiddenCallbacks(fn) {
				return true
			}
			decls[fn] = fd
			res := fn.Signature().Results()
			texts = texts || res.Len() > 0 && types.Identical(res.At(0).Type().Underlying(), types.Typ[types.String])
		}
	}
	p := &probeScan{pass: pass, facts: facts, decls: decls, memo: make(map[*types.Func]bool)}
	for fn := range decls {
		if p.mayProbe(fn) {
			return true
		}
	}
	return texts && hasSQLLiteral(pass)
}

// probeScan decides which functions of the package may have a bool result
// that comes from a probe.
type probeScan struct {
	pass  *analysis.Pass
	facts *factIndex
	decls map[*types.Func]*ast.FuncDecl
	memo  map[*types.Func]bool
	// byName lists the package's methods by name, for calls through an
	// interface of the package.
	byName map[string][]*types.Func
}

// mayProbe reports whether fn has a bool result and its body reads a clock,
// a context's Err or Done, or a function with a probe fact, or calls a
// function of the package for which mayProbe holds.
func (p *probeScan) mayProbe(fn *types.Func) bool {
	if v, ok := p.memo[fn]; ok {
		return v
	}
	p.memo[fn] = false // a cycle adds nothing
	fd := p.decls[fn]
	if fd == nil || !boolResult(fn.Signature()) {
		return false
	}
	found := false
	var callees []*types.Func
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		id, ok := n.(*ast.Ident)
		if found || !ok {
			return !found
		}
		switch obj := p.pass.TypesInfo.Uses[id].(type) {
		case *types.Func:
			switch {
			case p.readsProbe(obj):
				found = true
			case obj.Pkg() == p.pass.Pkg:
				callees = append(callees, p.implementations(obj)...)
			}
		case *types.Var:
			if sig, ok := obj.Type().Underlying().(*types.Signature); ok && isClockSignature(sig) {
				found = true // an injected clock
			}
		}
		return !found
	})
	for _, c := range callees {
		found = found || p.mayProbe(c)
	}
	p.memo[fn] = found
	return found
}

// readsProbe reports whether a reference to fn reads a clock, a context's
// Err or Done, or a function with a probe fact.
func (p *probeScan) readsProbe(fn *types.Func) bool {
	if fn.Name() == "Now" && isClockSignature(fn.Signature()) {
		return true
	}
	if fn.Pkg() != nil && fn.Pkg().Path() == "context" && (fn.Name() == "Err" || fn.Name() == "Done") {
		return true
	}
	if p.facts.probes[fn.Origin()] {
		return true
	}
	recv := fn.Signature().Recv()
	return recv != nil && types.IsInterface(recv.Type()) && p.facts.probeMethods[fn.Name()]
}

// implementations returns fn itself, or for a method of an interface of
// the package, the package's methods of the same name.
func (p *probeScan) implementations(fn *types.Func) []*types.Func {
	recv := fn.Signature().Recv()
	if recv == nil || !types.IsInterface(recv.Type()) {
		return []*types.Func{fn}
	}
	if p.byName == nil {
		p.byName = make(map[string][]*types.Func)
		for d := range p.decls {
			if d.Signature().Recv() != nil {
				p.byName[d.Name()] = append(p.byName[d.Name()], d)
			}
		}
	}
	return p.byName[fn.Name()]
}

// boolResult reports whether one of sig's results is a bool.
func boolResult(sig *types.Signature) bool {
	res := sig.Results()
	for i := 0; i < res.Len(); i++ {
		if b, ok := res.At(i).Type().Underlying().(*types.Basic); ok && b.Kind() == types.Bool {
			return true
		}
	}
	return false
}

// hasSQLLiteral reports whether a string literal of the package is a SQL
// statement the engine reads, or a placeholder a list is built from ("?",
// "?,", "$", "@p").
func hasSQLLiteral(pass *analysis.Pass) bool {
	found := false
	for _, file := range pass.Files {
		ast.Inspect(file, func(n ast.Node) bool {
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
				if s, err := strconv.Unquote(lit.Value); err == nil && sqlOrPlaceholder(s) {
					found = true
				}
			}
			return !found
		})
		if found {
			return true
		}
	}
	return false
}

// sqlOrPlaceholder reports whether a string literal is a SQL statement the
// engine reads or a placeholder of a list.
func sqlOrPlaceholder(s string) bool {
	switch t := strings.Trim(s, listSeparators); {
	case t == "":
		return false
	case t == "$" || t == ":" || t == "@" || t == "@p" || isPlaceholderText(t):
		return true
	}
	st := sqltext.Parse(s)
	return st.Kind != sqltext.Unknown && st.Kind != sqltext.Other
}

// hiddenCallbacks reports whether fn is a method of an unexported type that
// takes a function-valued parameter.
func hiddenCallbacks(fn *types.Func) bool {
	recv := fn.Signature().Recv()
	if recv == nil || len(funcParams(fn.Signature())) == 0 {
		return false
	}
	t := recv.Type()
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	return ok && !n.Obj().Exported()
}
