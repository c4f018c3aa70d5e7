package model

import (
	"fmt"
	"go/token"
	"go/types"
	"sort"
	"strings"

	"github.com/fencecheck/fencecheck/passes/model/store"
	"golang.org/x/tools/go/ssa"
)

// Wiring. An interface call made under a lease that no implementation the
// calling package can see decided is listed in its LeasedCallsFact; the
// package that converts a concrete type to that interface (and so sees
// both) reports the implementation's write at the conversion. Unexported
// implementations a package converts are listed in its HiddenImplsFact,
// so that importers can count them among the implementations.

// LeasedCallsFact lists the interface methods a package calls under a lease
// where no implementation it could see decided what the call does. A
// package that converts a concrete type to such an interface judges the
// call with the concrete type's facts. The slice is sorted.
type LeasedCallsFact struct {
	Calls []LeasedCall
}

// LeasedCall is one call of an interface method under a lease.
type LeasedCall struct {
	// Method is the full name of the interface method
	// ("(example.com/ports.JobStore).Complete").
	Method string
	// Pos is the position of the call, "file:line:col".
	Pos string
	// Lease describes where the lease was taken.
	Lease string
}

// AFact marks LeasedCallsFact as an analysis fact.
func (*LeasedCallsFact) AFact() {}

// String describes the fact for tests: "leasedcalls(M@file:line, …)".
func (f *LeasedCallsFact) String() string {
	parts := make([]string, len(f.Calls))
	for i, c := range f.Calls {
		parts[i] = c.Method + "@" + shortSite(c.Pos)
	}
	return "leasedcalls(" + strings.Join(parts, ", ") + ")"
}

// HiddenImplsFact lists the unexported types of a package that it converts
// to an interface, with the facts of their methods: export data may omit
// such a type (a factory returns it only as the interface), so importers
// learn its implementations from this fact. The slice is sorted.
type HiddenImplsFact struct {
	Impls []HiddenImpl
}

// HiddenImpl is the method of an unexported type implementing an
// interface method.
type HiddenImpl struct {
	// Method is the full name of the interface method.
	Method string
	// Type is the full name of the concrete type (T or *T).
	Type string
	// Impl is the display name of the concrete method.
	Impl string
	// Fact is what calling the concrete method does.
	Fact FuncFact
}

// AFact marks HiddenImplsFact as an analysis fact.
func (*HiddenImplsFact) AFact() {}

// String describes the fact for tests: "impls(M=T:fact, …)".
func (f *HiddenImplsFact) String() string {
	parts := make([]string, len(f.Impls))
	for i, h := range f.Impls {
		parts[i] = h.Method + "=" + h.Impl + ":" + h.Fact.String()
	}
	return "impls(" + strings.Join(parts, ", ") + ")"
}

// exportLeasedCalls exports the LeasedCallsFact of the package: its
// interface calls made under a lease that no visible implementation
// decided.
func (m *model) exportLeasedCalls() {
	if m.iface == nil {
		return
	}
	var calls []LeasedCall
	for _, ic := range m.iface.order {
		o := ic.o
		if o.write || o.acquire || o.release || len(ic.pending) > 0 {
			continue
		}
		lease, ok := ic.fi.leaseAt(o.instr)
		if !ok || !o.instr.Pos().IsValid() {
			continue
		}
		calls = append(calls, LeasedCall{
			Method: o.callee.FullName(),
			Pos:    m.siteOf(o.instr.Pos()),
			Lease:  lease.Desc,
		})
	}
	if len(calls) == 0 {
		return
	}
	sort.Slice(calls, func(i, j int) bool {
		if calls[i].Method != calls[j].Method {
			return calls[i].Method < calls[j].Method
		}
		return calls[i].Pos < calls[j].Pos
	})
	m.pass.ExportPackageFact(&LeasedCallsFact{Calls: calls})
}

// wiredWrites finds the conversions of a concrete type to an interface
// whose method another package calls under a lease (its LeasedCallsFact),
// when the concrete method writes without a token: the write happens
// under that lease. It returns one write per interface method and
// concrete type, at the first such conversion.
func (m *model) wiredWrites() []*Write {
	leased := make(map[string][]LeasedCall)
	for _, pf := range m.pass.AllPackageFacts() {
		f, ok := pf.Fact.(*LeasedCallsFact)
		if !ok || pf.Package == m.pass.Pkg {
			continue
		}
		for _, c := range f.Calls {
			leased[c.Method] = append(leased[c.Method], c)
		}
	}
	if len(leased) == 0 {
		return nil
	}
	var out []*Write
	done := make(map[string]bool)
	memo := make(map[*funcInfo][]string)
	m.interfaceConversions(func(conv ssa.Value, fn *ssa.Function, concrete types.Type, im *types.Func) {
		if calls := leased[im.FullName()]; len(calls) > 0 {
			if w := m.wiredWrite(conv, fn, concrete, im, calls[0], memo, done); w != nil {
				out = append(out, w)
			}
		}
	})
	return out
}

// interfaceConversions calls visit for every conversion of a concrete
// type to an interface in the package, once per method of the interface.
func (m *model) interfaceConversions(visit func(conv ssa.Value, fn *ssa.Function, concrete types.Type, im *types.Func)) {
	for _, fn := range m.funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				var concrete, target types.Type
				switch x := instr.(type) {
				case *ssa.MakeInterface:
					concrete, target = x.X.Type(), x.Type()
				case *ssa.ChangeInterface:
					if mi, ok := store.StripConv(x.X).(*ssa.MakeInterface); ok {
						concrete, target = mi.X.Type(), x.Type()
					}
				}
				if concrete == nil || types.IsInterface(concrete) {
					continue
				}
				iface, ok := target.Underlying().(*types.Interface)
				if !ok {
					continue
				}
				for i := 0; i < iface.NumMethods(); i++ {
					visit(instr.(ssa.Value), fn, concrete, iface.Method(i))
				}
			}
		}
	}
}

// wiredWrite returns the write made when concrete, converted to an
// interface at conv, runs interface method im at the leased call c; nil
// when the concrete method does not write unguarded, does not count, or
// was already reported.
func (m *model) wiredWrite(conv ssa.Value, fn *ssa.Function, concrete types.Type, im *types.Func, c LeasedCall, memo map[*funcInfo][]string, done map[string]bool) *Write {
	obj, _, _ := types.LookupFieldOrMethod(concrete, true, im.Pkg(), im.Name())
	method, ok := obj.(*types.Func)
	if !ok || !m.countedType(concrete) || m.inTestFile(method.Pos()) {
		return nil
	}
	key := im.FullName() + " " + types.TypeString(concrete, nil)
	if done[key] {
		return nil
	}
	var path []string
	var probe probeSite // the probe the implementation makes before its write
	if method.Pkg() == m.pass.Pkg {
		if lf := m.localFunc(method); lf != nil && m.local[lf] != nil && !m.dirs.Func(method).Idempotent {
			path = m.unscopedWrite(m.local[lf], memo, map[*funcInfo]bool{})
			probe = m.writeProbes[m.local[lf]]
		}
	} else {
		var f FuncFact
		if m.pass.ImportObjectFact(method, &f) && !f.Idempotent && !f.Guarded {
			path = f.Writes
			probe = probeSite{desc: f.WriteProbe, site: f.WriteProbeAt}
		}
	}
	if len(path) == 0 {
		return nil
	}
	done[key] = true
	pos, end := m.conversionRange(conv)
	implName := displayName(method, nil)
	ifaceName := displayName(im, nil)
	leasePos := m.resolveSite(c.Pos)
	where := shortSite(c.Pos)
	w := &Write{
		Pos: pos, End: end, Callee: ifaceName,
		Via:    append([]string{ifaceName, implName}, path...),
		Target: lastTarget(path), Verb: "writes", Guard: NoGuard,
		Note:    fmt.Sprintf("%s is used as %s here, and %s is called under a lease at %s", types.TypeString(concrete, func(p *types.Package) string { return p.Name() }), types.TypeString(im.Signature().Recv().Type(), func(p *types.Package) string { return p.Name() }), im.Name(), where),
		Lease:   Lease{Pos: leasePos, Desc: c.Lease},
		Verdict: Unfenced,
		Func:    fn,
	}
	if leasePos.IsValid() {
		w.Related = append(w.Related, Related{leasePos, "called here under a lease (" + c.Lease + ")"})
	} else {
		w.Related = append(w.Related, Related{pos, "called under a lease at " + where + " (" + c.Lease + ")"})
	}
	w.Related = append(w.Related, Related{method.Pos(), implName + " writes via " + strings.Join(pathNames(path), " → ")})
	if probe.desc != "" {
		// The implementation checks the lease before it writes: the check
		// does not fence (the worker can pause after it).
		w.Verdict = Preflight
		pos := m.resolveSite(probe.site)
		msg := probe.desc
		if !pos.IsValid() {
			pos, msg = method.Pos(), msg+" at "+shortSite(probe.site)
		}
		w.Related = append(w.Related, Related{pos, msg})
	}
	return w
}

// countedType reports whether a concrete type counts as an
// implementation (it is not a test double).
func (m *model) countedType(t types.Type) bool {
	if p, ok := t.(*types.Pointer); ok {
		t = p.Elem()
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return true
	}
	if excludedName(n.Obj().Name()) {
		return false
	}
	return n.Obj().Pkg() == nil || m.userPackage(n.Obj().Pkg()) && !excludedName(n.Obj().Pkg().Path())
}

// pathNames strips the targets from a fact's write path.
func pathNames(path []string) []string {
	out := make([]string, len(path))
	for i, p := range path {
		out[i], _, _ = strings.Cut(p, " ")
	}
	return out
}

// conversionRange returns a source range for a conversion to an
// interface: its own position when explicit, else that of the call,
// store or return that uses it.
func (m *model) conversionRange(v ssa.Value) (token.Pos, token.Pos) {
	if v.Pos().IsValid() {
		return v.Pos(), v.Pos()
	}
	if refs := v.Referrers(); refs != nil {
		for _, r := range *refs {
			if call, ok := r.(ssa.CallInstruction); ok {
				return m.callRange(call)
			}
			if r.Pos().IsValid() {
				return r.Pos(), r.Pos()
			}
		}
	}
	if instr, ok := v.(ssa.Instruction); ok && instr.Parent() != nil {
		return instr.Parent().Pos(), instr.Parent().Pos()
	}
	return token.NoPos, token.NoPos
}

// exportHiddenImpls exports the HiddenImplsFact of the package: every
// counted unexported named type of the package converted to an interface
// here, with the facts of its methods implementing that interface. It runs
// after exportFacts, whose facts it reads back.
func (m *model) exportHiddenImpls() {
	var out []HiddenImpl
	seen := make(map[string]bool)
	for _, fn := range m.funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				mi, ok := instr.(*ssa.MakeInterface)
				if !ok {
					continue
				}
				concrete := mi.X.Type()
				t := concrete
				if p, ok := t.(*types.Pointer); ok {
					t = p.Elem()
				}
				n, ok := types.Unalias(t).(*types.Named)
				if !ok || n.Obj().Pkg() != m.pass.Pkg || n.Obj().Exported() || !m.countedType(concrete) || m.inTestFile(n.Obj().Pos()) {
					continue
				}
				iface, ok := mi.Type().Underlying().(*types.Interface)
				if !ok {
					continue
				}
				for i := 0; i < iface.NumMethods(); i++ {
					im := iface.Method(i)
					if !m.userPackage(im.Pkg()) && im.Pkg() != nil {
						continue
					}
					key := im.FullName() + " " + types.TypeString(concrete, nil)
					if seen[key] {
						continue
					}
					seen[key] = true
					obj, _, _ := types.LookupFieldOrMethod(concrete, true, im.Pkg(), im.Name())
					method, ok := obj.(*types.Func)
					if !ok {
						continue
					}
					h := HiddenImpl{Method: im.FullName(), Type: types.TypeString(concrete, nil), Impl: displayName(method, nil), Fact: FuncFact{TokenResult: -1, TokenParam: -1}}
					m.pass.ImportObjectFact(method, &h.Fact)
					out = append(out, h)
				}
			}
		}
	}
	if len(out) == 0 {
		return
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Method != out[j].Method {
			return out[i].Method < out[j].Method
		}
		return out[i].Type < out[j].Type
	})
	m.pass.ExportPackageFact(&HiddenImplsFact{Impls: out})
}

// hiddenImplementations returns the summaries of the implementations of
// interface method im that imported packages listed in their
// HiddenImplsFact and that the package cannot see as types.
func (m *model) hiddenImplementations(im *types.Func) []funcSummary {
	st := m.ifaces()
	if st.hidden == nil {
		st.hidden = make(map[string][]HiddenImpl)
		for _, pf := range m.pass.AllPackageFacts() {
			if f, ok := pf.Fact.(*HiddenImplsFact); ok && pf.Package != m.pass.Pkg {
				for _, h := range f.Impls {
					st.hidden[h.Method] = append(st.hidden[h.Method], h)
				}
			}
		}
		for _, hs := range st.hidden {
			sort.Slice(hs, func(i, j int) bool { return hs[i].Type < hs[j].Type })
		}
	}
	hs := st.hidden[im.FullName()]
	if len(hs) == 0 {
		return nil
	}
	if st.visible == nil {
		st.visible = make(map[string]bool)
		for _, n := range m.candidateTypes() {
			st.visible[types.TypeString(n, nil)] = true
			st.visible[types.TypeString(types.NewPointer(n), nil)] = true
		}
	}
	var out []funcSummary
	for _, h := range hs {
		if st.visible[h.Type] {
			continue // already counted from its type
		}
		s := factSummary(&h.Fact)
		s.name = h.Impl
		s.foreign = !m.sameModule(typePackage(h.Type))
		out = append(out, s)
	}
	return out
}

// typePackage returns the package path of a full type name such as
// "*example.com/pkg.T" or "example.com/pkg.G[int]".
func typePackage(full string) string {
	full = strings.TrimLeft(full, "*")
	full, _, _ = strings.Cut(full, "[")
	if i := strings.LastIndex(full, "."); i > 0 {
		return full[:i]
	}
	return full
}
