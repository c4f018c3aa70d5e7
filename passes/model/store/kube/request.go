package kube

import (
	"go/token"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/fencecheck/fencecheck/internal/catalogue"
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
			if store.FieldName(r) == name && len(store.StoredValues(r)) > 0 || setsField(r, name, depth+1) || storesSetting(r, name, depth) {
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
	for _, v := range store.StoredValues(addr) {
		if load, ok := v.(*ssa.UnOp); ok && setsField(load.X, name, depth+1) {
			return true
		}
	}
	return false
}

// readFromServer reports whether obj is the object a read of the API
// returned (cm, err := cms.Get(…)), possibly changed in place since.
func readFromServer(obj ssa.Value) bool {
	x, ok := store.StripConv(obj).(*ssa.Extract)
	if !ok || x.Index != 0 {
		return false
	}
	call, ok := x.Tuple.(*ssa.Call)
	if !ok {
		return false
	}
	e := catalogue.Lookup(store.CalledFunc(call))
	return e != nil && e.Class == catalogue.Read
}

// preconditioned reports whether a deletion's options carry
// Preconditions: set in the options (or in an Eviction's DeleteOptions),
// or made by a helper that builds them (metav1.NewPreconditionDeleteOptions).
func preconditioned(v ssa.Value, depth int) bool {
	if v == nil || depth > maxDepth {
		return false
	}
	v = store.UnwrapInterface(v)
	if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL {
		if call, ok := load.X.(*ssa.Call); ok {
			v = call // *metav1.NewPreconditionDeleteOptions(uid)
		}
	}
	if call, ok := v.(*ssa.Call); ok {
		return strings.Contains(store.CalledName(call), "Precondition")
	}
	fields, ok := store.FieldValues(v)
	if !ok {
		return false
	}
	return fields["Preconditions"] != nil || preconditioned(fields["DeleteOptions"], depth+1)
}
