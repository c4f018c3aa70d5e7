package model

import (
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/fencecheck/fencecheck/internal/catalogue"
)

// SyncFact lists the callbacks that a function of a package the engine
// skips (one that imports no library of the catalogue: a retry or polling
// helper such as github.com/sethvargo/go-retry's Do, client-go's
// retry.RetryOnConflict, apimachinery's wait.PollUntilContextTimeout, or a
// project's own withLock(fn)) calls before it returns. It is read from the
// syntax of the package, without SSA, and it does not make the packages
// that import it worth analysing by itself: it only says where a callback
// runs once a package that can hold a lease passes one.
type SyncFact struct {
	// Params are the declared indices (receiver excluded) of the
	// function-valued parameters the function calls before it returns,
	// sorted.
	Params []int
}

// AFact marks SyncFact as an analysis fact.
func (*SyncFact) AFact() {}

// String describes the fact for tests ("fence:sync(0)").
func (f *SyncFact) String() string {
	ps := make([]string, len(f.Params))
	for i, p := range f.Params {
		ps[i] = strconv.Itoa(p)
	}
	return "fence:sync(" + strings.Join(ps, ",") + ")"
}

// The syntax scan decides, for a package that gets no SSA, which
// function-valued parameters each function calls synchronously, by the
// same rule as syncParamsOf (callbacks.go) but on the syntax tree: every
// use of the parameter is a call of it, a comparison with nil, an argument
// where the callee calls that parameter synchronously (a function of the
// package, by this scan; another package's, by its facts or the
// catalogue), a local variable defined from it whose uses obey the same
// rule, or the receiver or argument of an adapter (a function of the
// package whose body only returns a closure that calls that value
// synchronously: apimachinery's ConditionFunc.WithContext); a function
// literal that uses it must itself run synchronously in the same sense
// (called in place, deferred, or passed where it is). A go statement, a
// store anywhere, a return, a send or any other use keeps the whole
// parameter out. At least one use must call it. When in doubt the scan
// says no: the callback's ops then stay the callback's own.

// Adapter results: which operand of an adapter its closure calls.
const (
	notAdapter  = -2
	recvAdapter = -1
)

// maxSyncDepth bounds the chains of variables and literals followed.
const maxSyncDepth = 8

// syncScanner holds the memo of one package's scan.
type syncScanner struct {
	pass     *analysis.Pass
	decls    map[*types.Func]*ast.FuncDecl
	memo     map[*types.Func][]int
	adapters map[*types.Func]int
}

// varUses maps a function-valued local variable or parameter to the paths
// from the scanned body to each of its uses (the identifier last).
type varUses map[*types.Var][][]ast.Node

// exportSyncFacts exports a SyncFact for every exported function of a
// package that gets no SSA and calls one of its function-valued
// parameters before it returns. Packages without such a function pay for
// one look at the signatures of their declarations.
func exportSyncFacts(pass *analysis.Pass) {
	order, decls := funcDecls(pass)
	var candidates []*types.Func
	for _, fn := range order {
		if fn.Exported() && len(funcParams(fn.Signature())) > 0 {
			candidates = append(candidates, fn)
		}
	}
	if len(candidates) == 0 {
		return
	}
	s := &syncScanner{
		pass:     pass,
		decls:    decls,
		memo:     make(map[*types.Func][]int),
		adapters: make(map[*types.Func]int),
	}
	for _, fn := range candidates {
		if ps := s.syncParams(fn); len(ps) > 0 {
			pass.ExportObjectFact(fn, &SyncFact{Params: ps})
		}
	}
}

// funcDecls returns the functions and methods declared with a body in the
// package, in source order, and their declarations.
func funcDecls(pass *analysis.Pass) ([]*types.Func, map[*types.Func]*ast.FuncDecl) {
	var order []*types.Func
	decls := make(map[*types.Func]*ast.FuncDecl)
	for _, file := range pass.Files {
		for _, decl := range file.Decls {
			fd, ok := decl.(*ast.FuncDecl)
			if !ok || fd.Body == nil {
				continue
			}
			if fn, ok := pass.TypesInfo.Defs[fd.Name].(*types.Func); ok {
				order = append(order, fn)
				decls[fn] = fd
			}
		}
	}
	return order, decls
}

// funcParams returns the declared indices of the function-valued
// parameters of sig.
func funcParams(sig *types.Signature) []int {
	var out []int
	for i := 0; i < sig.Params().Len(); i++ {
		if isFuncValued(sig.Params().At(i).Type()) {
			out = append(out, i)
		}
	}
	return out
}

// isFuncValued reports whether values of t are functions.
func isFuncValued(t types.Type) bool {
	_, ok := t.Underlying().(*types.Signature)
	return ok
}

// syncParams returns the sorted declared indices of the parameters a
// function of the package calls synchronously. A recursive call is
// assumed to call none.
func (s *syncScanner) syncParams(fn *types.Func) []int {
	if ps, ok := s.memo[fn]; ok {
		return ps
	}
	s.memo[fn] = nil
	fd := s.decls[fn]
	if fd == nil {
		return nil
	}
	sig := fn.Signature()
	var out []int
	var uses varUses
	for _, i := range funcParams(sig) {
		p := sig.Params().At(i)
		if p.Name() == "" || p.Name() == "_" {
			continue
		}
		if uses == nil {
			uses = s.funcVarUses(fd.Body)
		}
		if called, ok := s.varSync(p, uses, 0); called && ok {
			out = append(out, i)
		}
	}
	s.memo[fn] = out
	return out
}

// funcVarUses collects the uses of the function-valued variables of the
// package's functions under root.
func (s *syncScanner) funcVarUses(root ast.Node) varUses {
	uses := make(varUses)
	var stack []ast.Node
	ast.Inspect(root, func(n ast.Node) bool {
		if n == nil {
			stack = stack[:len(stack)-1]
			return true
		}
		if id, ok := n.(*ast.Ident); ok {
			if v, ok := s.pass.TypesInfo.Uses[id].(*types.Var); ok && !v.IsField() && v.Pkg() == s.pass.Pkg &&
				v.Parent() != s.pass.Pkg.Scope() && isFuncValued(v.Type()) {
				path := make([]ast.Node, len(stack)+1)
				copy(path, stack)
				path[len(stack)] = id
				uses[v] = append(uses[v], path)
			}
		}
		stack = append(stack, n)
		return true
	})
	return uses
}

// varSync reports whether the function value v is called, and whether
// every use keeps it synchronous.
func (s *syncScanner) varSync(v *types.Var, uses varUses, depth int) (called, ok bool) {
	if depth > maxSyncDepth {
		return false, false
	}
	for _, path := range uses[v] {
		c, k := s.exprSync(path, uses, depth)
		if !k {
			return false, false
		}
		called = called || c
	}
	return called, true
}

// exprSync follows the function value the last node of path evaluates to
// up its ancestors, and reports whether it is called there and whether
// that use keeps it synchronous.
func (s *syncScanner) exprSync(path []ast.Node, uses varUses, depth int) (called, ok bool) {
	if depth > maxSyncDepth {
		return false, false
	}
	child := path[len(path)-1]
	for i := len(path) - 2; i >= 0; i-- {
		switch p := path[i].(type) {
		case *ast.ParenExpr:
			child = p
		case *ast.CallExpr:
			if i > 0 {
				if _, isGo := path[i-1].(*ast.GoStmt); isGo {
					return false, false
				}
			}
			if p.Fun == child {
				return s.enclosingSync(path[:i+1], uses, depth)
			}
			if tv, ok := s.pass.TypesInfo.Types[p.Fun]; ok && tv.IsType() {
				child = p // a conversion to another function type
				continue
			}
			k := argIndex(p, child)
			callee := s.calleeOf(p)
			if k < 0 || callee == nil || p.Ellipsis.IsValid() && k == len(p.Args)-1 {
				return false, false
			}
			if containsInt(s.calleeSync(callee), k) {
				return s.enclosingSync(path[:i+1], uses, depth)
			}
			if s.adapterOf(callee) != k {
				return false, false
			}
			child = p // adapt(fn): a closure that calls fn
		case *ast.SelectorExpr:
			// fn.WithContext(): a method of a function type that returns a
			// closure calling its receiver.
			if p.X != child || i == 0 {
				return false, false
			}
			call, isCall := path[i-1].(*ast.CallExpr)
			if !isCall || call.Fun != p {
				return false, false
			}
			if callee := s.calleeOf(call); callee == nil || s.adapterOf(callee) != recvAdapter {
				return false, false
			}
			i--
			child = call
		case *ast.BinaryExpr:
			if (p.Op == token.EQL || p.Op == token.NEQ) && (isNilIdent(p.X) || isNilIdent(p.Y)) {
				return false, true
			}
			return false, false
		case *ast.AssignStmt:
			if p.Tok != token.DEFINE || len(p.Lhs) != len(p.Rhs) {
				return false, false
			}
			return s.definedSync(p.Lhs, p.Rhs, child, uses, depth)
		case *ast.ValueSpec:
			if len(p.Names) != len(p.Values) {
				return false, false
			}
			lhs := make([]ast.Expr, len(p.Names))
			for j, n := range p.Names {
				lhs[j] = n
			}
			return s.definedSync(lhs, p.Values, child, uses, depth)
		default:
			return false, false
		}
	}
	return false, false
}

// definedSync follows a local variable defined from the value child (v :=
// fn, op := func() error {…}).
func (s *syncScanner) definedSync(lhs, rhs []ast.Expr, child ast.Node, uses varUses, depth int) (called, ok bool) {
	for j, r := range rhs {
		if r != child {
			continue
		}
		id, isIdent := lhs[j].(*ast.Ident)
		if !isIdent {
			return false, false
		}
		v, isVar := s.pass.TypesInfo.Defs[id].(*types.Var)
		if !isVar {
			return false, false
		}
		return s.varSync(v, uses, depth+1)
	}
	return false, false
}

// enclosingSync reports, for a use at the end of path that calls the
// value, whether the innermost function literal around it runs
// synchronously too (and so on outwards), and whether it is called.
func (s *syncScanner) enclosingSync(path []ast.Node, uses varUses, depth int) (called, ok bool) {
	for j := len(path) - 1; j >= 0; j-- {
		if _, isLit := path[j].(*ast.FuncLit); isLit {
			return s.exprSync(path[:j+1], uses, depth+1)
		}
	}
	return true, true
}

// argIndex returns the index of arg among the arguments of call, or -1.
func argIndex(call *ast.CallExpr, arg ast.Node) int {
	for i, a := range call.Args {
		if a == arg {
			return i
		}
	}
	return -1
}

// isNilIdent reports whether e is the predeclared nil.
func isNilIdent(e ast.Expr) bool {
	id, ok := ast.Unparen(e).(*ast.Ident)
	return ok && id.Name == "nil"
}

// calleeOf returns the function or concrete method a call calls
// statically (its generic origin), or nil: a call of a function value, an
// interface method, a method expression, a builtin.
func (s *syncScanner) calleeOf(call *ast.CallExpr) *types.Func {
	fun := ast.Unparen(call.Fun)
	switch f := fun.(type) {
	case *ast.IndexExpr:
		fun = ast.Unparen(f.X)
	case *ast.IndexListExpr:
		fun = ast.Unparen(f.X)
	}
	var obj types.Object
	switch f := fun.(type) {
	case *ast.Ident:
		obj = s.pass.TypesInfo.Uses[f]
	case *ast.SelectorExpr:
		if sel, ok := s.pass.TypesInfo.Selections[f]; ok {
			if sel.Kind() != types.MethodVal {
				return nil
			}
			obj = sel.Obj()
		} else {
			obj = s.pass.TypesInfo.Uses[f.Sel]
		}
	}
	fn, _ := obj.(*types.Func)
	if fn == nil {
		return nil
	}
	if recv := fn.Signature().Recv(); recv != nil && types.IsInterface(recv.Type()) {
		return nil
	}
	return fn.Origin()
}

// calleeSync returns the parameters a callee calls synchronously: from the
// catalogue for the libraries it models, from this scan for functions of
// the package, from facts for the others.
func (s *syncScanner) calleeSync(fn *types.Func) []int {
	if e := catalogue.Lookup(fn); e != nil {
		if e.Class == catalogue.SyncCall && e.Arg >= 0 {
			return []int{e.Arg}
		}
		return nil
	}
	if fn.Pkg() == s.pass.Pkg {
		return s.syncParams(fn)
	}
	var sf SyncFact
	if s.pass.ImportObjectFact(fn, &sf) {
		return sf.Params
	}
	var ff FuncFact
	if s.pass.ImportObjectFact(fn, &ff) {
		return ff.SyncParams
	}
	return nil
}

// adapterOf reports which operand an adapter of the package wraps: a
// function whose body is only "return func(…) {…}" (or that literal
// converted), whose literal calls its receiver (recvAdapter) or
// parameter k synchronously. notAdapter otherwise.
func (s *syncScanner) adapterOf(fn *types.Func) int {
	if a, ok := s.adapters[fn]; ok {
		return a
	}
	s.adapters[fn] = notAdapter
	fd := s.decls[fn]
	if fd == nil || len(fd.Body.List) != 1 {
		return notAdapter
	}
	ret, ok := fd.Body.List[0].(*ast.ReturnStmt)
	if !ok || len(ret.Results) != 1 {
		return notAdapter
	}
	res := ast.Unparen(ret.Results[0])
	if conv, ok := res.(*ast.CallExpr); ok && len(conv.Args) == 1 {
		if tv, ok := s.pass.TypesInfo.Types[conv.Fun]; ok && tv.IsType() {
			res = ast.Unparen(conv.Args[0])
		}
	}
	lit, ok := res.(*ast.FuncLit)
	if !ok {
		return notAdapter
	}
	sig := fn.Signature()
	operands := []*types.Var{sig.Recv()}
	for i := 0; i < sig.Params().Len(); i++ {
		operands = append(operands, sig.Params().At(i))
	}
	uses := s.funcVarUses(lit.Body)
	for i, v := range operands {
		if v == nil || !isFuncValued(v.Type()) {
			continue
		}
		if called, ok := s.varSync(v, uses, 0); called && ok {
			s.adapters[fn] = i - 1
			return i - 1
		}
	}
	return notAdapter
}
