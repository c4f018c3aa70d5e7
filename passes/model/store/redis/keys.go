package redis

import (
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/fencecheck/fencecheck/passes/model/store"
)

// keyShape is what a key is known to be, to tell whether two commands of
// a package name the same key.
type keyShape struct {
	// text is the key's text with sqltext.Hole for each part computed at
	// run time, when part of it is constant ("lock:" + id).
	text string
	// field is the struct field the key is read from (l.key).
	field *types.Var
	// recv is, for a parameter of a method, the method's receiver type:
	// Lock(key) and Unlock(key) of one type name the same key.
	recv *types.TypeName
	// fn and value are the key itself, a value of fn or of the closures it
	// makes.
	fn    *ssa.Function
	value ssa.Value
	// needsExpiry marks the key of a SET … NX that sets no expiry of its
	// own: a lock only when the package extends it.
	needsExpiry bool
}

// shapeOf returns the shape of key v, used in fn.
func shapeOf(core store.Core, fn *ssa.Function, v ssa.Value) (keyShape, bool) {
	if v == nil || fn == nil {
		return keyShape{}, false
	}
	fn, v = bound(fn, v)
	if v == nil {
		return keyShape{}, false
	}
	if text, ok := core.Text(v); ok {
		return keyShape{text: text}, true
	}
	if _, f := store.LoadedField(v); f != nil {
		return keyShape{field: originField(core, f)}, true
	}
	if x, ok := v.(*ssa.Parameter); ok {
		if f := handleField(x); f != nil {
			return keyShape{field: originField(core, f)}, true
		}
		if recv := fn.Signature.Recv(); recv != nil && len(fn.Params) > 0 && fn.Params[0] != x {
			if n := namedOf(recv.Type()); n != nil {
				return keyShape{recv: n}, true
			}
		}
	}
	return keyShape{fn: store.Root(fn), value: v}, true
}

// handleField returns the struct field a function stores its parameter p
// in, when it stores p in exactly one: a lock helper that returns a handle
// carrying its key (Obtain(ctx, key) returning &Lock{key: key}, whose
// Release deletes l.key) names the handle's field, so the key it takes and
// the key its handle releases are one.
func handleField(p *ssa.Parameter) *types.Var {
	refs := p.Referrers()
	if refs == nil {
		return nil
	}
	var field *types.Var
	for _, r := range *refs {
		st, ok := r.(*ssa.Store)
		if !ok || st.Val != p {
			continue
		}
		fa, ok := st.Addr.(*ssa.FieldAddr)
		if !ok {
			continue
		}
		f := store.FieldAddrVar(fa)
		if f == nil || field != nil && f != field {
			return nil
		}
		field = f
	}
	return field
}

// maxFieldHops bounds the chain of fields filled from fields.
const maxFieldHops = 4

// originField returns the field whose value f holds: f itself, or the
// field every value stored in f is loaded from, followed a few hops (a
// delivery's key field copied from its queue's names the queue's key).
func originField(core store.Core, f *types.Var) *types.Var {
	for i := 0; i < maxFieldHops; i++ {
		g := core.FieldOrigin(f)
		if g == nil || g == f {
			break
		}
		f = g
	}
	return f
}

// named reports whether the shape names a key of the package: a text or
// a struct field. A key a function takes whole from its caller (a client
// wrapper's RPopLPush(src, dst)) names none: its caller chooses it.
func (a keyShape) named() bool { return a.text != "" || a.field != nil }

// matches reports whether two shapes name the same key.
func (a keyShape) matches(b keyShape) bool {
	switch {
	case a.text != "" || b.text != "":
		return a.text == b.text
	case a.field != nil || b.field != nil:
		return a.field == b.field
	case a.recv != nil || b.recv != nil:
		return a.recv == b.recv
	}
	return a.fn == b.fn && store.SameValue(a.value, b.value)
}

// bound follows v out of the closures of fn to the value it is bound to
// (a free variable, a variable assigned once), and returns the function
// that defines it.
func bound(fn *ssa.Function, v ssa.Value) (*ssa.Function, ssa.Value) {
	for i := 0; i < 8; i++ {
		v = store.StripConv(store.UnwrapInterface(v))
		switch x := v.(type) {
		case *ssa.FreeVar:
			b := store.FreeVarBinding(x)
			if b == nil {
				return fn, v
			}
			fn, v = fn.Parent(), b
		case *ssa.UnOp:
			alloc, ok := x.X.(*ssa.Alloc)
			if !ok || x.Op != token.MUL {
				if fv, isFree := x.X.(*ssa.FreeVar); isFree && x.Op == token.MUL {
					if b := store.FreeVarBinding(fv); b != nil {
						if a, isAlloc := b.(*ssa.Alloc); isAlloc {
							if s := store.StoredOnce(a); s != nil {
								fn, v = fn.Parent(), s
								continue
							}
						}
					}
				}
				return fn, v
			}
			s := store.StoredOnce(alloc)
			if s == nil {
				return fn, v
			}
			v = s
		default:
			return fn, v
		}
	}
	return fn, v
}

// namedOf returns the type name of t or of what t points to.
func namedOf(t types.Type) *types.TypeName {
	if p, ok := types.Unalias(t).(*types.Pointer); ok {
		t = p.Elem()
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return n.Origin().Obj()
	}
	return nil
}
