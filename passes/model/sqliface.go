package model

import (
	"go/types"
	"sort"
	"strings"
	"sync"

	"github.com/fencecheck/fencecheck/internal/catalogue"
)

// sqlInterfaceEntry returns the catalogue entry that a call through an
// interface of the program stands for when the interface is a SQL
// handle: no type of the program implements it, and every handle of a
// catalogued SQL library (or of database/sql) its package can see that
// does implements the called method with the same catalogued SQL
// execution. This is how generated query code runs its statements (sqlc's
// DBTX interface, satisfied by *pgxpool.Pool, *pgx.Conn and pgx.Tx or by
// *sql.DB and *sql.Tx). The entry's handle is Pooled unless every
// implementation agrees: which handle the caller passes is not known
// here. It returns nil for any other call.
func (m *model) sqlInterfaceEntry(o *op) *catalogue.Entry {
	common := o.instr.Common()
	if !common.IsInvoke() || common.Value == nil || o.callee == nil || !m.userPackage(o.callee.Pkg()) {
		return nil
	}
	if m.sqlIfaces == nil {
		m.sqlIfaces = make(map[*types.Func]*catalogue.Entry)
	}
	if e, ok := m.sqlIfaces[o.callee]; ok {
		return e
	}
	var e *catalogue.Entry
	if iface, ok := common.Value.Type().Underlying().(*types.Interface); ok && sqlMethodNames()[o.callee.Name()] &&
		len(m.implementations(common.Value.Type(), o.callee)) == 0 {
		e = m.sqlHandleEntry(iface, o.callee)
	}
	m.sqlIfaces[o.callee] = e
	return e
}

// sqlHandleEntry returns the entry of method on the catalogued SQL handle
// types, visible from the method's package, that implement iface, when
// they all agree on how the text and arguments are passed.
func (m *model) sqlHandleEntry(iface *types.Interface, method *types.Func) *catalogue.Entry {
	var found *catalogue.Entry
	kinds := make(map[catalogue.Handle]bool)
	if m.sqlHandles == nil {
		m.sqlHandles = make(map[*types.Package][]types.Type)
	}
	handles, ok := m.sqlHandles[method.Pkg()]
	if !ok {
		handles = sqlHandleTypes(method.Pkg())
		m.sqlHandles[method.Pkg()] = handles
	}
	for _, t := range handles {
		if !types.Implements(t, iface) {
			continue
		}
		obj, _, _ := types.LookupFieldOrMethod(t, true, method.Pkg(), method.Name())
		f, ok := obj.(*types.Func)
		if !ok {
			continue
		}
		e := catalogue.Lookup(f)
		if e == nil || e.Class != catalogue.SQLExec {
			continue
		}
		if found != nil && (found.Text != e.Text || found.Args != e.Args || found.Rows != e.Rows || found.Named != e.Named) {
			return nil // handles that disagree: not judged
		}
		if found == nil {
			found = e
		}
		kinds[e.Handle] = true
	}
	if found == nil {
		return nil
	}
	out := *found
	out.Name = method.FullName()
	if len(kinds) != 1 {
		out.Handle = catalogue.Pooled
	}
	return &out
}

// sqlHandleTypes returns the package-level types, and pointers to them,
// of the catalogued SQL libraries and database/sql among the transitive
// imports of p, sorted by name.
func sqlHandleTypes(p *types.Package) []types.Type {
	seen := make(map[*types.Package]bool)
	var pkgs []*types.Package
	var walk func(*types.Package)
	walk = func(q *types.Package) {
		if q == nil || seen[q] {
			return
		}
		seen[q] = true
		if q.Path() == "database/sql" || catalogue.InLibrary(q.Path()) {
			pkgs = append(pkgs, q)
		}
		for _, imp := range q.Imports() {
			walk(imp)
		}
	}
	walk(p)
	sort.Slice(pkgs, func(i, j int) bool { return pkgs[i].Path() < pkgs[j].Path() })
	var out []types.Type
	for _, q := range pkgs {
		for _, name := range q.Scope().Names() {
			tn, ok := q.Scope().Lookup(name).(*types.TypeName)
			if !ok || !tn.Exported() || tn.IsAlias() {
				continue
			}
			n, ok := tn.Type().(*types.Named)
			if !ok || n.TypeParams().Len() > 0 {
				continue
			}
			out = append(out, n)
			if !types.IsInterface(n) {
				out = append(out, types.NewPointer(n))
			}
		}
	}
	return out
}

// sqlMethodNames returns the names of the catalogued SQL executions that
// are methods ("Exec", "QueryRowContext", …).
var sqlMethodNames = sync.OnceValue(func() map[string]bool {
	names := make(map[string]bool)
	for _, e := range catalogue.Entries() {
		if e.Class != catalogue.SQLExec || !strings.HasPrefix(e.Name, "(") {
			continue
		}
		if i := strings.LastIndex(e.Name, ")."); i > 0 {
			names[e.Name[i+2:]] = true
		}
	}
	return names
})
