package model

import (
	"go/token"
	"go/types"
	"slices"
	"sort"
	"strings"
	"unicode"

	"golang.org/x/tools/go/ssa"

	"github.com/fencecheck/fencecheck/internal/catalogue"
	"github.com/fencecheck/fencecheck/passes/model/store"
)

// Interface dispatch.
//
// A call through an interface method is understood in three ways, in this
// order: the directives written on the interface method (exported as a
// FuncFact, so they hold in every package that calls through it); the
// implementations the analysed package can see (its own named types and
// those of its transitive imports, plus the unexported types imported
// packages listed in a HiddenImplsFact), whose facts decide the call
// together;
// and, when neither settles a call made under a lease, a LeasedCallsFact,
// so that a package that wires a concrete type to the interface (and so
// sees both) reports the write there.

// ifaceState is the per-package cache of interface resolution.
type ifaceState struct {
	// named are the candidate named types (non-interface, non-generic) of
	// the package and its transitive imports, in a deterministic order;
	// nil until first needed.
	named []*types.Named
	// impls caches the counted implementations per interface method.
	impls map[implKey][]impl
	// localFns maps the declared functions of the package to their SSA.
	localFns map[*types.Func]*ssa.Function
	// calls are the invoke calls the implementation step looked at.
	calls map[*op]*ifaceCall
	order []*ifaceCall
	// hidden are the implementations listed in imported HiddenImplsFacts,
	// by interface method; nil until first needed.
	hidden map[string][]HiddenImpl
	// visible holds the full names of the candidate types (T and *T).
	visible map[string]bool
	// methods indexes the candidates by method and caches, per method
	// Id, the types that have it (methodindex.go); nil until first needed.
	methods *methodIndex
}

// implKey identifies an interface method called through a given
// interface type.
type implKey struct {
	iface  types.Type
	method *types.Func
}

// impl is one concrete method implementing an interface method.
type impl struct {
	// key sorts implementations: the concrete type's full name.
	key string
	// method is the concrete method (possibly promoted from an embedded
	// field).
	method *types.Func
}

// ifaceCall is an invoke call resolved through implementations.
type ifaceCall struct {
	o  *op
	fi *funcInfo
	// pending are the counted implementations declared in this package
	// with no directive: their summary is known only after scopes.
	pending []*ssa.Function
	// others are the summaries of the other counted implementations.
	others []funcSummary
}

// ifaces returns the interface cache, creating it.
func (m *model) ifaces() *ifaceState {
	if m.iface == nil {
		m.iface = &ifaceState{impls: make(map[implKey][]impl), calls: make(map[*op]*ifaceCall)}
	}
	return m.iface
}

// exportInterfaceFacts exports a FuncFact for every interface method of
// the package that carries a directive, so calls through the interface are
// understood in other packages.
func (m *model) exportInterfaceFacts() {
	for _, fn := range m.dirs.Funcs() {
		recv := fn.Signature().Recv()
		if recv == nil || !types.IsInterface(recv.Type()) || fn.Pkg() != m.pass.Pkg {
			continue
		}
		if _, ok := types.Unalias(recv.Type()).(*types.Named); !ok {
			continue // an interface literal: no object path leads to it
		}
		d := m.dirs.Func(fn)
		f := &FuncFact{
			Acquire: d.Acquire, Release: d.Release, Sink: d.Sink, Guarded: d.Guarded && d.TokenParam >= 0,
			Probe: d.Probe, Idempotent: d.Idempotent, TokenResult: -1, TokenParam: -1,
		}
		if f.Guarded {
			f.TokenParam = d.TokenParam
		}
		if f.Acquire {
			f.TokenResult = tokenResult(fn.Signature())
		}
		if f.Acquire || f.Release || f.Sink || f.Guarded || f.Probe || f.Idempotent {
			m.pass.ExportObjectFact(fn, f)
		}
	}
}

// classifyInvoke settles an invoke call that no directive, fact or
// catalogue entry settled, from the implementations of its method the
// package can see. It reports whether the call is of interest.
func (m *model) classifyInvoke(o *op) bool {
	common := o.instr.Common()
	if !common.IsInvoke() || common.Value == nil || o.callee == nil || !m.userPackage(o.callee.Pkg()) {
		return false
	}
	st := m.ifaces()
	ic := &ifaceCall{o: o, fi: m.local[o.instr.Parent()]}
	if ic.fi == nil {
		return false
	}
	st.calls[o] = ic
	st.order = append(st.order, ic)
	for _, im := range m.implementations(common.Value.Type(), o.callee) {
		if im.method.Pkg() == m.pass.Pkg {
			if s, ok := m.funcDirectives(im.method); ok {
				s.name, s.pos = displayName(im.method, nil), im.method.Pos()
				ic.others = append(ic.others, s)
			} else if fn := m.localFunc(im.method); fn != nil {
				ic.pending = append(ic.pending, fn)
			} else {
				ic.others = append(ic.others, funcSummary{name: displayName(im.method, nil)})
			}
			continue
		}
		s := funcSummary{name: displayName(im.method, nil), pos: im.method.Pos(), tokenParam: -1}
		var f FuncFact
		if m.pass.ImportObjectFact(im.method, &f) {
			name, pos := s.name, s.pos
			s = factSummary(&f)
			s.name, s.pos = name, pos
		}
		s.foreign = !m.sameModule(im.method.Pkg().Path())
		ic.others = append(ic.others, s)
	}
	ic.others = append(ic.others, m.hiddenImplementations(o.callee)...)
	m.decideInvoke(ic, false)
	return true
}

// decideInvoke fills the op of an interface call from its implementations:
// it writes unguarded when any implementation does (the path names that
// implementation), it is guarded when all are, and it acquires or releases
// when all do. Pending local implementations take part once resolved (a
// local implementation that writes is followed into its body instead, like
// any local call).
func (m *model) decideInvoke(ic *ifaceCall, resolved bool) bool {
	o := ic.o
	if o.write || o.acquire || o.release {
		return false
	}
	_, split := foreignWriter(ic)
	for _, s := range ic.others {
		if s.idempotent || s.guarded || split && s.foreign {
			continue
		}
		switch {
		case len(s.writes) > 0:
			o.write, o.guard, o.verb = true, NoGuard, "writes"
			o.via = append([]string{o.name, s.name}, s.writes...)
			o.writeAt, o.implPos = s.writeAt, s.pos
			o.viaProbe = s.writeProbe
			o.target = lastTarget(s.writes)
			return true
		case s.sink:
			o.write, o.guard, o.verb = true, NoGuard, "writes"
			o.via = []string{o.name, s.name}
			o.implPos = s.pos
			return true
		}
	}
	n := len(ic.others) + len(ic.pending)
	if n == 0 || (len(ic.pending) > 0 && !resolved) {
		return false
	}
	all := func(pred func(funcSummary) bool, local func(*ssa.Function) bool) bool {
		for _, s := range ic.others {
			if !pred(s) {
				return false
			}
		}
		for _, fn := range ic.pending {
			if !local(fn) {
				return false
			}
		}
		return true
	}
	never := func(*ssa.Function) bool { return false }
	switch {
	case m.someAcquirer(ic) && all(func(s funcSummary) bool { return s.acquire }, func(fn *ssa.Function) bool {
		return m.acquirers[fn] || inProcessLock(fn)
	}):
		for _, s := range ic.others {
			for _, c := range s.claimColumns {
				m.claimColumns[c] = true
			}
		}
		o.acquire, o.local = true, nil
		if len(ic.pending) == 0 {
			bindLockedArgs(o, sameLockedParams(ic.others))
		}
		ic.pending = nil
		return true
	case m.someReleaser(ic) && all(func(s funcSummary) bool { return s.release }, func(fn *ssa.Function) bool {
		fi := m.local[fn]
		return fi != nil && m.onlyReleases(fi) || inProcessCall(fn, inProcessUnlocks)
	}):
		o.release = true
		return true
	case len(ic.pending) == 0 && all(func(s funcSummary) bool { return s.guarded && s.tokenParam == ic.others[0].tokenParam }, never):
		m.applyDirectives(o, funcSummary{guarded: true, tokenParam: ic.others[0].tokenParam})
		return true
	}
	return false
}

// foreignWriter returns an implementation of interface call ic outside
// the analysed module that writes, when another implementation does not
// (or is not known yet). A library's interface with several
// implementations of its own (payload codecs, transports, exporters) is a
// plug-in point: which one runs is the configuration of some other
// package, and one that writes says nothing of the call. Such a call is
// left unjudged rather than read as the writing one; within the module, a
// call writes when any implementation does.
func foreignWriter(ic *ifaceCall) (funcSummary, bool) {
	var writer funcSummary
	found, other := false, len(ic.pending) > 0
	for _, s := range ic.others {
		switch {
		case s.idempotent || s.guarded:
		case len(s.writes) > 0 || s.sink:
			if s.foreign && !found {
				writer, found = s, true
			}
		default:
			other = true
		}
	}
	return writer, found && other
}

// sameLockedParams returns the parameters every implementation returns
// holding a lock on, when they all agree, else nil: an interface call of a
// session-lock helper guards the writes made later through its argument.
func sameLockedParams(impls []funcSummary) []int {
	if len(impls) == 0 {
		return nil
	}
	first := impls[0].locksParams
	for _, s := range impls[1:] {
		if !slices.Equal(s.locksParams, first) {
			return nil
		}
	}
	return first
}

// resolvePendingInvokes decides the interface calls whose implementations
// include local functions, now that the local acquirers are known. It
// reports whether a call became an acquisition.
func (m *model) resolvePendingInvokes() bool {
	if m.iface == nil {
		return false
	}
	changed := false
	for _, ic := range m.iface.order {
		if len(ic.pending) > 0 && m.decideInvoke(ic, true) && ic.o.acquire {
			changed = true
		}
	}
	return changed
}

// implTargets returns the local implementations an interface call runs,
// which inherit the lease of the call like any local callee.
func (m *model) implTargets(o *op) []*ssa.Function {
	if m.iface == nil {
		return nil
	}
	if ic := m.iface.calls[o]; ic != nil {
		return ic.pending
	}
	return nil
}

// implUnscopedWrite returns the path to an unguarded write a local
// implementation of interface call o makes, for the caller's fact, and
// where that write is.
func (m *model) implUnscopedWrite(o *op, memo map[*funcInfo][]string, visiting map[*funcInfo]bool) ([]string, string) {
	for _, fn := range m.implTargets(o) {
		if callee := m.local[fn]; callee != nil {
			if sub := m.unscopedWrite(callee, memo, visiting); len(sub) > 0 {
				return append([]string{o.name, displayName(store.FuncObject(fn), fn)}, sub...), m.writeSites[callee]
			}
		}
	}
	return nil, ""
}

// localFunc returns the SSA function of a declared function of the package.
func (m *model) localFunc(obj *types.Func) *ssa.Function {
	st := m.ifaces()
	if st.localFns == nil {
		st.localFns = make(map[*types.Func]*ssa.Function)
		for _, fn := range m.funcs {
			if fn.Parent() == nil {
				if f := store.FuncObject(fn); f != nil {
					st.localFns[f] = fn
				}
			}
		}
	}
	return st.localFns[obj]
}

// implementations returns the counted implementations of method, called
// through a value of interface type it, among the named types the package
// can see, sorted by the concrete type's name. Implementations in the
// standard library or in catalogued libraries, and mocks, fakes, stubs,
// in-memory and test-only types, do not count.
func (m *model) implementations(it types.Type, method *types.Func) []impl {
	st := m.ifaces()
	key := implKey{it, method}
	if impls, ok := st.impls[key]; ok {
		return impls
	}
	iface, ok := it.Underlying().(*types.Interface)
	var out []impl
	seen := make(map[*types.Func]bool)
	if ok {
		for _, n := range m.typesWithMethod(method) {
			var t types.Type = n
			if !types.Implements(t, iface) {
				t = types.NewPointer(n)
				if !types.Implements(t, iface) {
					continue
				}
			}
			obj, _, _ := types.LookupFieldOrMethod(t, true, method.Pkg(), method.Name())
			f, ok := obj.(*types.Func)
			if !ok || seen[f] {
				continue
			}
			seen[f] = true
			out = append(out, impl{key: types.TypeString(t, nil), method: f})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].key < out[j].key })
	st.impls[key] = out
	return out
}

// candidateTypes returns the named types that may implement an interface
// of the package: those declared at package level in the package and its
// transitive imports (and in the packages of imported facts), except in the
// standard library, catalogued libraries and non-counting packages.
func (m *model) candidateTypes() []*types.Named {
	st := m.ifaces()
	if st.named != nil {
		return st.named
	}
	st.named = []*types.Named{}
	seen := make(map[*types.Package]bool)
	var pkgs []*types.Package
	var walk func(p *types.Package)
	walk = func(p *types.Package) {
		if p == nil || seen[p] {
			return
		}
		seen[p] = true
		if !m.userPackage(p) {
			return // the standard library and catalogued libraries import no user code
		}
		pkgs = append(pkgs, p)
		for _, imp := range p.Imports() {
			walk(imp)
		}
	}
	walk(m.pass.Pkg)
	for _, f := range m.pass.AllObjectFacts() {
		walk(f.Object.Pkg())
	}
	sort.Slice(pkgs, func(i, j int) bool { return pkgs[i].Path() < pkgs[j].Path() })
	for _, p := range pkgs {
		if excludedName(p.Path()) {
			continue
		}
		scope := p.Scope()
		for _, name := range scope.Names() {
			tn, ok := scope.Lookup(name).(*types.TypeName)
			if !ok || tn.IsAlias() || excludedName(name) || m.inTestFile(tn.Pos()) {
				continue
			}
			n, ok := tn.Type().(*types.Named)
			if !ok || types.IsInterface(n) || n.TypeParams().Len() > 0 {
				continue
			}
			st.named = append(st.named, n)
		}
	}
	return st.named
}

// excludedWords mark implementations that do not count: test doubles and
// in-memory stand-ins.
var excludedWords = []string{"mock", "fake", "stub", "inmem", "memory", "noop", "test"}

// excludedName reports whether a type name or an element of a package
// path names a test double: one of its words (split at case changes,
// digits and punctuation) begins with an excluded word, or ends with one
// (for "test", only in an all-lower-case package name such as storetest).
// So MockStore, pgmock, testutil and storetest count as doubles, and
// LatestStore does not.
func excludedName(s string) bool {
	pkgName := strings.ToLower(s) == s
	for _, word := range identWords(s) {
		for _, w := range excludedWords {
			if strings.HasPrefix(word, w) || (w != "test" || pkgName) && strings.HasSuffix(word, w) {
				return true
			}
		}
	}
	return false
}

// identWords splits an identifier or path element into lower-case words
// at case changes (fooBar, HTTPServer), digits and punctuation.
func identWords(s string) []string {
	var words []string
	var cur []rune
	flush := func() {
		if len(cur) > 0 {
			words = append(words, strings.ToLower(string(cur)))
			cur = cur[:0]
		}
	}
	runes := []rune(s)
	for i, r := range runes {
		switch {
		case !unicode.IsLetter(r):
			flush()
			continue
		case unicode.IsUpper(r) && i > 0 && (unicode.IsLower(runes[i-1]) ||
			i+1 < len(runes) && unicode.IsLower(runes[i+1]) && unicode.IsUpper(runes[i-1])):
			flush()
		}
		cur = append(cur, r)
	}
	flush()
	return words
}

// inTestFile reports whether pos lies in a _test.go file.
func (m *model) inTestFile(pos token.Pos) bool {
	if !pos.IsValid() {
		return false
	}
	return strings.HasSuffix(m.pass.Fset.Position(pos).Filename, "_test.go")
}

// stdRoots are the first path elements of the standard library.
var stdRoots = map[string]bool{
	"archive": true, "bufio": true, "builtin": true, "bytes": true, "cmp": true, "compress": true,
	"container": true, "context": true, "crypto": true, "database": true, "debug": true,
	"embed": true, "encoding": true, "errors": true, "expvar": true, "flag": true, "fmt": true,
	"go": true, "hash": true, "html": true, "image": true, "index": true, "internal": true,
	"io": true, "iter": true, "log": true, "maps": true, "math": true, "mime": true, "net": true,
	"os": true, "path": true, "plugin": true, "reflect": true, "regexp": true, "runtime": true,
	"slices": true, "sort": true, "strconv": true, "strings": true, "structs": true, "sync": true,
	"syscall": true, "testing": true, "text": true, "time": true, "unicode": true, "unique": true,
	"unsafe": true, "vendor": true, "weak": true,
}

// userPackage reports whether p is neither in the standard library nor a
// library of the catalogue: its interfaces and types are the program's own.
func (m *model) userPackage(p *types.Package) bool {
	if p == nil {
		return false
	}
	path := p.Path()
	first, _, _ := strings.Cut(path, "/")
	if !strings.Contains(first, ".") && stdRoots[first] {
		return false
	}
	return !catalogue.InLibrary(path) || m.sameModule(path)
}

// someReleaser reports whether one of the implementations of interface
// call ic releases a lease.
func (m *model) someReleaser(ic *ifaceCall) bool {
	for _, s := range ic.others {
		if s.release {
			return true
		}
	}
	for _, fn := range ic.pending {
		if fi := m.local[fn]; fi != nil && m.onlyReleases(fi) {
			return true
		}
	}
	return false
}

// someAcquirer reports whether one of the implementations of interface
// call ic takes a lease.
func (m *model) someAcquirer(ic *ifaceCall) bool {
	for _, s := range ic.others {
		if s.acquire {
			return true
		}
	}
	for _, fn := range ic.pending {
		if m.acquirers[fn] {
			return true
		}
	}
	return false
}

// inProcessLocks are the locks of one process: an implementation of a
// lock interface that takes one of them (single-node or development mode)
// does not veto the distributed implementations beside it.
var inProcessLocks = map[string]bool{
	"(*sync.Mutex).Lock": true, "(*sync.Mutex).TryLock": true,
	"(*sync.RWMutex).Lock": true, "(*sync.RWMutex).TryLock": true,
}

// inProcessUnlocks release the locks of inProcessLocks.
var inProcessUnlocks = map[string]bool{"(*sync.Mutex).Unlock": true, "(*sync.RWMutex).Unlock": true}

// inProcessLock reports whether fn takes a lock of its own process.
func inProcessLock(fn *ssa.Function) bool { return inProcessCall(fn, inProcessLocks) }

// inProcessCall reports whether fn calls one of the functions named.
func inProcessCall(fn *ssa.Function, names map[string]bool) bool {
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			if call, ok := instr.(ssa.CallInstruction); ok {
				if f := store.CalledFunc(call); f != nil && names[f.FullName()] {
					return true
				}
			}
		}
	}
	return false
}
