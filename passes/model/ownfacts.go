package model

import (
	"go/ast"
	"go/constant"
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
//   - SQL text a function returns (sqlfuncs.go): a function whose first
//     result is a string and whose body holds a SQL statement, a
//     placeholder it builds a list from, or a call of such a function;
//   - the callbacks an unexported type's method runs, which only a
//     HiddenImplsFact tells importers about (ifacewire.go).
//
// ownFacts says whether one of these may hold; when it may, the package is
// built like any other.

// ownFacts reports whether the package may export a fact of its own.
func ownFacts(pass *analysis.Pass, facts *factIndex) bool {
	order, decls := funcDecls(pass)
	for _, fn := range order {
		if hiddenCallbacks(fn) {
			return true
		}
	}
	p := &probeScan{pass: pass, facts: facts, decls: decls, memo: make(map[*types.Func]bool)}
	t := &textScan{pass: pass, decls: decls, memo: make(map[*types.Func]bool)}
	for _, fn := range order {
		if p.mayProbe(fn) || t.mayReturnText(fn) {
			return true
		}
	}
	return false
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

// readsProbe reports whether a reference to fn reads a clock (Now, or the
// Since and Until of time or of a clock), a context's Err or Done, or a
// function with a probe fact.
func (p *probeScan) readsProbe(fn *types.Func) bool {
	if fn.Name() == "Now" && isClockSignature(fn.Signature()) {
		return true
	}
	if sig := fn.Signature(); (fn.Name() == "Since" || fn.Name() == "Until") && sig.Params().Len() == 1 && namedType(sig.Params().At(0).Type()) == "time.Time" {
		return true // time.Since(deadline), a clock's Until(deadline)
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

// textScan decides which functions of the package may return SQL text.
type textScan struct {
	pass  *analysis.Pass
	decls map[*types.Func]*ast.FuncDecl
	memo  map[*types.Func]bool
}

// mayReturnText reports whether fn's first result is a string and its body
// holds a SQL statement (a literal, or a constant it refers to), a
// placeholder it builds a list from with strings.Repeat or strings.Join, a
// string variable of the package, or a call of a function of the package
// for which mayReturnText holds.
func (t *textScan) mayReturnText(fn *types.Func) bool {
	if v, ok := t.memo[fn]; ok {
		return v
	}
	t.memo[fn] = false // a cycle adds nothing
	fd := t.decls[fn]
	res := fn.Signature().Results()
	if fd == nil || res.Len() == 0 || !types.Identical(res.At(0).Type().Underlying(), types.Typ[types.String]) {
		return false
	}
	found, unit, builds := false, false, false
	var callees []*types.Func
	ast.Inspect(fd.Body, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.BasicLit:
			if n.Kind != token.STRING {
				break
			}
			if s, err := strconv.Unquote(n.Value); err == nil {
				found = found || sqlStatement(s)
				unit = unit || placeholderUnit(s)
			}
		case *ast.Ident:
			switch obj := t.pass.TypesInfo.Uses[n].(type) {
			case *types.Const:
				if obj.Val().Kind() == constant.String {
					s := constant.StringVal(obj.Val())
					found = found || sqlStatement(s)
					unit = unit || placeholderUnit(s)
				}
			case *types.Var:
				found = found || obj.Pkg() == t.pass.Pkg && obj.Parent() == t.pass.Pkg.Scope() && types.Identical(obj.Type().Underlying(), types.Typ[types.String])
			case *types.Func:
				if obj.Pkg() != nil && obj.Pkg().Path() == "strings" && (obj.Name() == "Repeat" || obj.Name() == "Join") {
					builds = true
				} else if obj.Pkg() == t.pass.Pkg {
					callees = append(callees, obj)
				}
			}
		}
		return !found
	})
	found = found || unit && builds
	for _, c := range callees {
		found = found || t.mayReturnText(c)
	}
	t.memo[fn] = found
	return found
}

// sqlStatement reports whether s is a SQL statement the engine reads.
func sqlStatement(s string) bool {
	st := sqltext.Parse(s)
	return st.Kind != sqltext.Unknown && st.Kind != sqltext.Other
}

// placeholderUnit reports whether s is a placeholder, or the start of one,
// a list of them is built from ("?", "?,", "$", "$1", "@p", ":").
func placeholderUnit(s string) bool {
	switch t := strings.Trim(s, listSeparators); {
	case t == "":
		return false
	case t == "$" || t == ":" || t == "@" || t == "@p":
		return true
	default:
		return isPlaceholderText(t)
	}
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
