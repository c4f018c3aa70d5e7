package model

import "go/types"

// methodIndex indexes the candidate types (candidateTypes) by method, so
// that finding the types with a method of a given name does not look the
// name up on every candidate for every interface method the package calls:
// on a package that sees thousands of generated types and calls hundreds
// of interface methods, those lookups were a fifth of its analysis.
type methodIndex struct {
	// named are the candidates, in the order of candidateTypes.
	named []*types.Named
	// declared maps a method Id to the positions, among named, of the
	// types that declare a method of that Id and whose pointer's method
	// set is just what they declare.
	declared map[string][]int
	// promoting are the positions of the other candidates: structs with
	// embedded fields, whose pointer may have promoted methods too, and
	// named pointer types.
	promoting []int
	// with caches typesWith per method Id.
	with map[string][]*types.Named
}

// typesWithMethod returns the candidate types T for which *T has a method
// with the Id of method (promoted ones included), in the order of
// candidateTypes. A type implements an interface only if *T has each of
// its methods, so implementations checks these alone: far cheaper than
// types.Implements on every candidate for every interface called.
func (m *model) typesWithMethod(method *types.Func) []*types.Named {
	st := m.ifaces()
	if st.methods == nil {
		st.methods = newMethodIndex(m.candidateTypes())
	}
	return st.methods.typesWith(method)
}

// newMethodIndex indexes named by the methods they declare.
func newMethodIndex(named []*types.Named) *methodIndex {
	idx := &methodIndex{named: named, declared: make(map[string][]int), with: make(map[string][]*types.Named)}
	for i, n := range named {
		if !declaresItsMethodSet(n) {
			idx.promoting = append(idx.promoting, i)
			continue
		}
		for j := range n.NumMethods() {
			id := n.Method(j).Id()
			idx.declared[id] = append(idx.declared[id], i)
		}
	}
	return idx
}

// typesWith returns the indexed types T for which *T has a method with
// the Id of method, in their order; memoised per Id.
func (idx *methodIndex) typesWith(method *types.Func) []*types.Named {
	id := method.Id()
	if out, ok := idx.with[id]; ok {
		return out
	}
	out := []*types.Named{}
	declared, promoting := idx.declared[id], idx.promoting
	may := make(map[*types.Named]bool) // mayHaveMethod's, for this name
	for len(declared) > 0 || len(promoting) > 0 {
		// Merge the two ascending lists, so the order is the candidates'.
		if len(promoting) == 0 || len(declared) > 0 && declared[0] < promoting[0] {
			out = append(out, idx.named[declared[0]])
			declared = declared[1:]
			continue
		}
		n := idx.named[promoting[0]]
		promoting = promoting[1:]
		if !mayHaveMethod(n, method.Name(), may) {
			continue
		}
		obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(n), false, method.Pkg(), method.Name())
		if _, ok := obj.(*types.Func); ok {
			out = append(out, n)
		}
	}
	idx.with[id] = out
	return out
}

// declaresItsMethodSet reports whether the method set of *n is exactly
// the methods n declares: n is neither an interface nor a pointer, and
// its underlying type embeds nothing a method could be promoted from.
func declaresItsMethodSet(n *types.Named) bool {
	switch u := n.Underlying().(type) {
	case *types.Interface, *types.Pointer:
		return false
	case *types.Struct:
		for f := range u.Fields() {
			if f.Embedded() {
				return false
			}
		}
	}
	return true
}

// mayHaveMethod reports whether *n may have a method called name: n
// declares one, or a type it embeds may have one (or n's type is one whose
// method set this does not follow). It may say yes wrongly, never no
// wrongly: types.LookupFieldOrMethod decides after it. memo holds the
// answers for name; a type still being looked at counts as yes, so that
// a cycle of embedded pointers cannot record a wrong no.
func mayHaveMethod(n *types.Named, name string, memo map[*types.Named]bool) bool {
	if may, ok := memo[n]; ok {
		return may
	}
	memo[n] = true
	may := false
	for i := range n.NumMethods() {
		may = may || n.Method(i).Name() == name
	}
	switch u := n.Underlying().(type) {
	case *types.Struct:
		for f := range u.Fields() {
			may = may || f.Embedded() && embeddedMayHave(f.Type(), name, memo)
		}
	case *types.Interface:
		for i := range u.NumMethods() {
			may = may || u.Method(i).Name() == name
		}
	case *types.Pointer:
		may = true // a named pointer type: the lookup decides
	}
	memo[n] = may
	return may
}

// embeddedMayHave is mayHaveMethod for the type of an embedded field.
func embeddedMayHave(t types.Type, name string, memo map[*types.Named]bool) bool {
	t = types.Unalias(t)
	if p, ok := t.(*types.Pointer); ok {
		t = types.Unalias(p.Elem())
	}
	if n, ok := t.(*types.Named); ok {
		return mayHaveMethod(n, name, memo)
	}
	return true // a type parameter or something else: let the lookup decide
}
