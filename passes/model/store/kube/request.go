package kube

import (
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/fencecheck/fencecheck/passes/model/store"
)

// maxDepth bounds the walks through the fields of a request.
const maxDepth = 4

// builtHere reports whether obj is an object the function builds itself
// (&corev1.ConfigMap{…}), not one it read or was given.
func builtHere(obj ssa.Value) bool {
	_, ok := store.StripConv(obj).(*ssa.Alloc)
	return ok
}

// setsField reports whether the code stores into field name of the value
// v addresses, or of a struct nested in it (obj.ObjectMeta.ResourceVersion
// = rv, a composite literal that names it), or calls a setter for it
// (obj.SetResourceVersion(rv)).
func setsField(v ssa.Value, name string, depth int) bool {
	if v == nil || depth > maxDepth || v.Referrers() == nil {
		return false
	}
	for _, r := range *v.Referrers() {
		switch r := r.(type) {
		case *ssa.FieldAddr:
			if store.FieldName(r) == name && stored(r) || setsField(r, name, depth+1) || storesSetting(r, name, depth) {
				return true
			}
		case ssa.CallInstruction:
			if store.CalledName(r) == "Set"+name {
				return true
			}
		}
	}
	return false
}

// storesSetting reports whether a struct stored whole at addr (a nested
// composite literal, built apart and copied in) sets field name.
func storesSetting(addr *ssa.FieldAddr, name string, depth int) bool {
	for _, r := range *addr.Referrers() {
		st, ok := r.(*ssa.Store)
		if !ok || st.Addr != addr {
			continue
		}
		if load, ok := st.Val.(*ssa.UnOp); ok && setsField(load.X, name, depth+1) {
			return true
		}
	}
	return false
}

// stored reports whether a value is stored at addr.
func stored(addr ssa.Value) bool {
	if addr.Referrers() == nil {
		return false
	}
	for _, r := range *addr.Referrers() {
		if st, ok := r.(*ssa.Store); ok && st.Addr == addr {
			return true
		}
	}
	return false
}

// preconditioned reports whether a deletion's options carry
// Preconditions: set in the options (or in an Eviction's DeleteOptions),
// or made by a helper that builds them (metav1.NewPreconditionDeleteOptions).
func preconditioned(v ssa.Value, depth int) bool {
	if v == nil || depth > maxDepth {
		return false
	}
	switch x := store.StripConv(v).(type) {
	case *ssa.UnOp:
		return preconditioned(x.X, depth+1) // a load of the options built in place
	case *ssa.Call:
		return strings.Contains(store.CalledName(x), "Precondition")
	case *ssa.Alloc, *ssa.FieldAddr:
		if setsField(x, "Preconditions", 0) {
			return true
		}
		for _, r := range *x.Referrers() {
			switch r := r.(type) {
			case *ssa.FieldAddr:
				if r.X == x && storedPreconditioned(r, depth) {
					return true
				}
			case *ssa.Store:
				if r.Addr == x && preconditioned(r.Val, depth+1) {
					return true
				}
			}
		}
	}
	return false
}

// storedPreconditioned reports whether a value stored at addr (an
// Eviction's DeleteOptions) carries Preconditions.
func storedPreconditioned(addr *ssa.FieldAddr, depth int) bool {
	if addr.Referrers() == nil {
		return false
	}
	for _, r := range *addr.Referrers() {
		if st, ok := r.(*ssa.Store); ok && st.Addr == addr && preconditioned(st.Val, depth+1) {
			return true
		}
	}
	return false
}
