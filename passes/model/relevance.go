package model

import (
	"go/types"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/fencecheck/fencecheck/internal/catalogue"
	"github.com/fencecheck/fencecheck/internal/config"
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
//   - refers to a function with an entry in the catalogue other than a
//     read of a version (which only a write beside it uses; a library read
//     only at calls of its entries, net/http or database/sql, makes a
//     package worth reading only then), to sync.Locker's methods, or to a
//     function, type or field a dependency exported a fact about that
//     says more than which callbacks run or that it probes;
//   - calls an interface method whose name is that of a method with such
//     a fact or of a hidden implementation with a fact (the call may be
//     dispatched there), or of a catalogued SQL execution when a SQL
//     handle is among its imports (the interface may stand for one:
//     sqliface.go);
//   - imports a package that lists interface calls made under a lease,
//     which a conversion here may wire to an implementation;
//   - may export a fact from its own code (ownfacts.go): a function whose
//     bool result may come from a clock, a context or a probe, SQL text a
//     function returns, or the callbacks a hidden implementation runs.
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
	// probes are the functions whose fact says only that they probe
	// ownership (Probe, ProbeCtxParams), and probeMethods the names of the
	// methods among them: such a fact matters where a function's bool
	// result may come from it (ownfacts.go).
	probes       map[types.Object]bool
	probeMethods map[string]bool
	// wiring: a dependency lists interface calls made under a lease.
	wiring bool
	// any: a dependency exported a fact other than a SyncFact.
	any bool
}

// importedFacts indexes the facts the dependencies exported.
func importedFacts(pass *analysis.Pass) *factIndex {
	idx := &factIndex{objects: make(map[types.Object]bool), methods: make(map[string]bool), probes: make(map[types.Object]bool), probeMethods: make(map[string]bool)}
	for _, f := range pass.AllObjectFacts() {
		switch fact := f.Fact.(type) {
		case *SyncFact:
			continue
		case *FuncFact:
			idx.any = true
			if fact.probeOnly() {
				idx.probes[f.Object] = true
				if fn, ok := f.Object.(*types.Func); ok && fn.Signature().Recv() != nil {
					idx.probeMethods[fn.Name()] = true
				}
				continue
			}
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
// can make a fact of its own (ownfacts.go).
func refersToWhatMatters(pass *analysis.Pass, facts *factIndex) bool {
	for _, obj := range pass.TypesInfo.Uses {
		switch obj := obj.(type) {
		case *types.Func:
			if e := catalogue.Lookup(obj); e != nil && e.Class != catalogue.Read || isLockerMethod(obj) || facts.objects[obj.Origin()] {
				return true
			}
			if _, ok := config.LookupFunc(obj); ok {
				return true
			}
			if recv := obj.Signature().Recv(); recv != nil && types.IsInterface(recv.Type()) &&
				(facts.methods[obj.Name()] || sqlMethodNames()[obj.Name()] && seesSQLHandles(pass.Pkg)) {
				return true
			}
		case *types.Var, *types.TypeName:
			if facts.objects[obj] {
				return true
			}
		}
	}
	return ownFacts(pass, facts)
}

// seesSQLHandles reports whether database/sql or a catalogued SQL library
// is among the transitive imports of p: only then can an interface of p
// stand for a SQL handle.
func seesSQLHandles(p *types.Package) bool {
	seen := make(map[*types.Package]bool)
	var walk func(*types.Package) bool
	walk = func(q *types.Package) bool {
		if seen[q] {
			return false
		}
		seen[q] = true
		if catalogue.HoldsSQLHandles(q.Path()) {
			return true
		}
		for _, imp := range q.Imports() {
			if walk(imp) {
				return true
			}
		}
		return false
	}
	return walk(p)
}
