package docstore

import (
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/fencecheck/fencecheck/passes/model/store"
)

// maxDocDepth bounds the nesting of filter documents read.
const maxDocDepth = 4

// docEntry is one key of a document literal and the value stored under
// it; key is "" when the key is not a constant.
type docEntry struct {
	key   string
	value ssa.Value
}

// docCond is one condition of a filter: a field, its query operator ("$eq"
// for a plain value) and the value it is compared with.
type docCond struct {
	field, op string
	value     ssa.Value
}

// docFilter is what was read of a filter document.
type docFilter struct {
	conds []docCond
	// opaque reports a part that could not be read: an operator such as
	// $or or $expr, a key or a nested document built elsewhere.
	opaque bool
}

// readFilter adds the conditions of the filter document v to f. It reports
// false when v is not a document literal fencecheck can read.
func readFilter(v ssa.Value, depth int, f *docFilter) bool {
	if depth > maxDocDepth {
		return false
	}
	entries, ok := docEntries(v)
	if !ok {
		return false
	}
	for _, e := range entries {
		switch {
		case e.key == "":
			f.opaque = true
		case e.key == "$and":
			elems, ok := arrayValues(e.value)
			if !ok {
				f.opaque = true
				continue
			}
			for _, el := range elems {
				if !readFilter(el, depth+1, f) {
					f.opaque = true
				}
			}
		case strings.HasPrefix(e.key, "$"):
			f.opaque = true // $or, $nor, $expr, $where: not read
		default:
			readFieldCond(e.key, e.value, depth, f)
		}
	}
	return true
}

// readFieldCond adds the conditions on one field: its operators when its
// value is an operator document, else an equality with the value.
func readFieldCond(field string, v ssa.Value, depth int, f *docFilter) {
	inner := store.StripConv(v)
	if _, isConst := inner.(*ssa.Const); !isConst && types.IsInterface(inner.Type()) {
		f.opaque = true // a value built elsewhere, perhaps an operator document
		return
	}
	if !isDocType(inner.Type()) {
		f.conds = append(f.conds, docCond{field, "$eq", inner})
		return
	}
	entries, ok := docEntries(inner)
	if !ok || depth >= maxDocDepth {
		f.opaque = true
		return
	}
	for _, e := range entries {
		if !strings.HasPrefix(e.key, "$") {
			f.opaque = true // an embedded document matched whole
			return
		}
	}
	for _, e := range entries {
		f.conds = append(f.conds, docCond{field, e.key, store.StripConv(e.value)})
	}
}

// isDocType reports whether t is a document type: a map with string keys
// or a slice of key/value elements (bson.D).
func isDocType(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Map:
		b, ok := u.Key().Underlying().(*types.Basic)
		return ok && b.Kind() == types.String
	case *types.Slice:
		return isElemType(u.Elem())
	}
	return false
}

// isElemType reports whether t is a document element: a struct with Key
// and Value fields (bson.E).
func isElemType(t types.Type) bool {
	return store.HasField(t, "Key") && store.HasField(t, "Value") && !isPointer(t)
}

// isPointer reports whether t is a pointer type.
func isPointer(t types.Type) bool {
	_, ok := t.Underlying().(*types.Pointer)
	return ok
}

// docEntries returns the keys and values of a document literal: a map
// literal with its updates (bson.M, map[string]any) or a slice literal of
// elements (bson.D). ok is false for anything else, and for a map that
// escapes where it could be changed (passed to a function, stored).
func docEntries(v ssa.Value) ([]docEntry, bool) {
	v = store.StripConv(v)
	switch x := v.(type) {
	case *ssa.Const:
		return nil, x.IsNil()
	case *ssa.MakeMap:
		return mapEntries(x)
	case *ssa.Slice:
		alloc, ok := x.X.(*ssa.Alloc)
		if !ok || !isElemType(elemOf(alloc)) {
			return nil, false
		}
		return elementEntries(alloc)
	}
	return nil, false
}

// mapEntries returns the updates of a map literal.
func mapEntries(mm *ssa.MakeMap) ([]docEntry, bool) {
	refs := mm.Referrers()
	if refs == nil {
		return nil, true
	}
	var out []docEntry
	for _, r := range *refs {
		switch x := r.(type) {
		case *ssa.MapUpdate:
			out = append(out, docEntry{store.ConstString(x.Key), x.Value})
		case *ssa.MakeInterface, *ssa.ChangeType, *ssa.Lookup, *ssa.DebugRef:
		default:
			return nil, false
		}
	}
	return out, true
}

// elemOf returns the element type of the array an Alloc allocates.
func elemOf(alloc *ssa.Alloc) types.Type {
	ptr, ok := alloc.Type().Underlying().(*types.Pointer)
	if !ok {
		return nil
	}
	arr, ok := ptr.Elem().Underlying().(*types.Array)
	if !ok {
		return types.Typ[types.Invalid]
	}
	return arr.Elem()
}

// elementEntries returns the Key and Value stored in each element of the
// array behind a bson.D literal.
func elementEntries(alloc *ssa.Alloc) ([]docEntry, bool) {
	values, ok := arrayElements(alloc)
	if !ok {
		return nil, false
	}
	out := make([]docEntry, 0, len(values))
	for _, addr := range values {
		key, val := elementFields(addr)
		out = append(out, docEntry{store.ConstString(key), val})
	}
	return out, true
}

// arrayElements returns the element addresses of an array literal, in
// order; ok is false when the array is used otherwise than by indexing
// and slicing.
func arrayElements(alloc *ssa.Alloc) ([]*ssa.IndexAddr, bool) {
	refs := alloc.Referrers()
	if refs == nil {
		return nil, true
	}
	var out []*ssa.IndexAddr
	for _, r := range *refs {
		switch x := r.(type) {
		case *ssa.IndexAddr:
			out = append(out, x)
		case *ssa.Slice, *ssa.DebugRef:
		default:
			return nil, false
		}
	}
	return out, true
}

// elementFields returns the values stored into the Key and Value of one
// document element, field by field or as a whole struct.
func elementFields(addr *ssa.IndexAddr) (key, val ssa.Value) {
	refs := addr.Referrers()
	if refs == nil {
		return nil, nil
	}
	for _, r := range *refs {
		switch x := r.(type) {
		case *ssa.FieldAddr:
			v := storedAt(x)
			switch store.FieldName(x) {
			case "Key":
				key = v
			case "Value":
				val = v
			}
		case *ssa.Store:
			if x.Addr == addr {
				if values, ok := store.FieldValues(x.Val); ok {
					key, val = values["Key"], values["Value"]
				}
			}
		}
	}
	return key, val
}

// storedAt returns the value stored at addr, or nil.
func storedAt(addr ssa.Value) ssa.Value {
	if vs := store.StoredValues(addr); len(vs) > 0 {
		return vs[0]
	}
	return nil
}

// arrayValues returns the values of a slice literal (bson.A, []bson.M,
// []mongo.WriteModel), in order; ok is false for anything else.
func arrayValues(v ssa.Value) ([]ssa.Value, bool) {
	s, ok := store.StripConv(v).(*ssa.Slice)
	if !ok {
		return nil, false
	}
	alloc, ok := s.X.(*ssa.Alloc)
	if !ok {
		return nil, false
	}
	elems, ok := arrayElements(alloc)
	if !ok {
		return nil, false
	}
	out := make([]ssa.Value, 0, len(elems))
	for _, e := range elems {
		val := storedAt(e)
		if val == nil {
			return nil, false
		}
		out = append(out, val)
	}
	return out, true
}

// collectionName returns the name of the collection a handle was made
// for (db.Collection("jobs")), or "".
func collectionName(handle ssa.Value) string {
	call, ok := store.StripConv(handle).(*ssa.Call)
	if !ok || store.CalledName(call) != "Collection" {
		return ""
	}
	if args := store.CallArgs(call); len(args) > 1 {
		return store.ConstString(args[1])
	}
	return ""
}
