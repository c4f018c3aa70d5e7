package model

import (
	"go/ast"
	"go/token"
	"go/types"
	"strconv"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/fencecheck/fencecheck/internal/catalogue"
	"github.com/fencecheck/fencecheck/internal/config"
	"github.com/fencecheck/fencecheck/internal/sqltext"
	"github.com/fencecheck/fencecheck/passes/directives"
)

// Relevance. Every package go vet analyses, dependencies included, costs
// its SSA form and a classification of every call, unless the engine can
// tell from the typed syntax that nothing in it could make a lease scope,
// a write or a fact: then it only looks at the callbacks the package's
// functions run (syncscan.go). What the engine reads in a package comes
// through what the package refers to: a library of the catalogue through
// its entries or its shapes, a dependency's fact through the object it is
// about. So a package is worth building when it
//
//   - carries a //fencecheck: directive, or a flag names it or a package
//     it imports;
//   - imports a library of the catalogue that is read by shape as well as
//     at calls (a job type in a handler's signature, a leader-election
//     callback), or writes through a typed Kubernetes client a clientset
//     hands it;
//   - refers to a function with an entry in the catalogue (a library read
//     only at calls of its entries, net/http or database/sql, makes a
//     package worth reading only then), to sync.Locker's methods, or to a
//     function, type or field a dependency exported a fact about that
//     says more than which callbacks run;
//   - calls an interface method whose name is that of a catalogued method,
//     of a method with such a fact, or of a hidden implementation with a
//     fact (the call may be dispatched there);
//   - imports a package that lists interface calls made under a lease,
//     which a conversion here may wire to an implementation.
//
// A fact about an object the package never refers to cannot change what
// the package does, and a fact that only says which callbacks a function
// runs is the SyncFact a skipped package exports too.

// relevant reports whether the package is worth building, by the rules
// above.
func relevant(pass *analysis.Pass, dirs *directives.Result) bool {
	if len(dirs.Funcs()) > 0 || len(dirs.Errors()) > 0 {
		return true
	}
	for _, rule := range directives.Rules {
		if len(dirs.Ignores(rule)) > 0 {
			return true
		}
	}
	if config.Mentions(pass.Pkg.Path()) {
		return true
	}
	typed, atCalls := false, false
	for _, imp := range pass.Pkg.Imports() {
		path := imp.Path()
		if config.Mentions(path) {
			return true
		}
		if catalogue.Models(path) {
			if !catalogue.ReadAtCalls(path) {
				return true
			}
			atCalls = true
		}
		typed = typed || catalogue.ReachesTyped(path)
	}
	if typed && catalogue.WritesThrough(pass.TypesInfo) {
		return true // clientset.CoreV1().Pods(ns).Delete(…)
	}
	facts := importedFacts(pass)
	if facts.wiring {
		return true
	}
	if !atCalls && !facts.any {
		return false
	}
	return refersToWhatMatters(pass, facts)
}

// factIndex is what the dependencies' facts can make matter in a package.
type factIndex struct {
	// objects are the functions, types and fields with a fact that says
	// more than which callbacks a function runs.
	objects map[types.Object]bool
	// methods are the names of the methods among objects, and of the
	// hidden implementations with a fact: an interface call of one of
	// these names may be dispatched there.
	methods map[string]bool
	// wiring: a dependency lists interface calls made under a lease.
	wiring bool
	// any: a dependency exported a fact other than a SyncFact.
	any bool
}

// importedFacts indexes the facts the dependencies exported.
func importedFacts(pass *analysis.Pass) *factIndex {
	idx := &factIndex{objects: make(map[types.Object]bool), methods: make(map[string]bool)}
	for _, f := range pass.AllObjectFacts() {
		switch fact := f.Fact.(type) {
		case *SyncFact:
			continue
		case *FuncFact:
			idx.any = true
			if !fact.hasEffect() {
				continue
			}
		}
		idx.any = true
		idx.objects[f.Object] = true
		if fn, ok := f.Object.(*types.Func); ok && fn.Signature().Recv() != nil {
			idx.methods[fn.Name()] = true
		}
	}
	for _, f := range pass.AllPackageFacts() {
		idx.any = true
		hidden, ok := f.Fact.(*HiddenImplsFact)
		if !ok {
			idx.wiring = true // LeasedCallsFact
			continue
		}
		for _, h := range hidden.Impls {
			if h.Fact.hasEffect() || len(h.Fact.SyncParams) > 0 {
				idx.methods[h.Method[strings.LastIndexByte(h.Method, '.')+1:]] = true
			}
		}
	}
	return idx
}

// refersToWhatMatters reports whether the package's code refers to an
// object that can make a scope, a write or a fact here (see relevant), or
// can make a fact of its own: a probe or SQL text (ownFacts).
func refersToWhatMatters(pass *analysis.Pass, facts *factIndex) bool {
	readsClock := false
	for _, obj := range pass.TypesInfo.Uses {
		switch obj := obj.(type) {
		case *types.Func:
			if catalogue.Lookup(obj) != nil || isLockerMethod(obj) || facts.objects[obj.Origin()] {
				return true
			}
			if _, ok := config.LookupFunc(obj); ok {
				return true
			}
			if recv := obj.Signature().Recv(); recv != nil && types.IsInterface(recv.Type()) && (facts.methods[obj.Name()] || catalogue.MethodNamed(obj.Name())) {
				return true
			}
			readsClock = readsClock || obj.Name() == "Now" && isClockSignature(obj.Signature()) ||
				obj.Pkg() != nil && obj.Pkg().Path() == "context" && (obj.Name() == "Err" || obj.Name() == "Done")
		case *types.Var:
			if facts.objects[obj] {
				return true
			}
			if sig, ok := obj.Type().Underlying().(*types.Signature); ok && isClockSignature(sig) {
				readsClock = true // an injected clock
			}
		case *types.TypeName:
			if facts.objects[obj] {
				return true
			}
		}
	}
	return ownFacts(pass, readsClock)
}

// ownFacts reports whether the package may export a fact from its own code
// alone: a probe (a function with a bool result in a package that reads a
// clock or a context's Err or Done, clock.go and probes.go), SQL text (a
// function whose first result is a string in a package with a string
// literal that is a SQL statement or a placeholder of a list,
// sqlfuncs.go), or the callbacks a hidden implementation runs (a method of
// an unexported type with a function-valued parameter, which only a
// HiddenImplsFact can tell importers about: ifacewire.go).
func ownFacts(pass *analysis.Pass, readsClock bool) bool {
	texts := false
	for _, obj := range pass.TypesInfo.Defs {
		fn, ok := obj.(*types.Func)
		if !ok {
			continue
		}
		if hiddenCallbacks(fn) {
			return true
		}
		res := fn.Signature().Results()
		for i := 0; i < res.Len(); i++ {
			if readsClock && types.Identical(res.At(i).Type(), types.Typ[types.Bool]) {
				return true
			}
		}
		texts = texts || res.Len() > 0 && types.Identical(res.At(0).Type().Underlying(), types.Typ[types.String])
	}
	if !texts {
		return false
	}
	found := false
	for _, file := range pass.Files {
		ast.Inspect(file, func(n ast.Node) bool {
			if found {
				return false
			}
			if lit, ok := n.(*ast.BasicLit); ok && lit.Kind == token.STRING {
				if s, err := strconv.Unquote(lit.Value); err == nil && sqlOrPlaceholder(s) {
					found = true
				}
			}
			return true
		})
		if found {
			return true
		}
	}
	return false
}

// sqlOrPlaceholder reports whether a string literal is a SQL statement the
// engine reads, or a piece of a placeholder list ("?,", "$", "@p").
func sqlOrPlaceholder(s string) bool {
	if t := strings.Trim(s, listSeparators); t != "" && strings.Trim(t, "?$:@p0123456789,") == "" {
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
