package store

import (
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// ArgAt returns argument i, or nil.
func ArgAt(args []ssa.Value, i int) ssa.Value {
	if i < 0 || i >= len(args) {
		return nil
	}
	return args[i]
}

// CallArgs returns the arguments of a call with the receiver first, for
// static and interface calls alike.
func CallArgs(call ssa.CallInstruction) []ssa.Value {
	c := call.Common()
	if c.IsInvoke() {
		return append([]ssa.Value{c.Value}, c.Args...)
	}
	return c.Args
}

// CalledName returns the name of the function or method a call calls.
func CalledName(call ssa.CallInstruction) string {
	if call.Common().IsInvoke() {
		return call.Common().Method.Name()
	}
	if fn := call.Common().StaticCallee(); fn != nil {
		return fn.Name()
	}
	return ""
}

// ConstString returns the string constant v holds, or "".
func ConstString(v ssa.Value) string {
	c, ok := UnwrapInterface(v).(*ssa.Const)
	if !ok || c.Value == nil || c.Value.Kind() != constant.String {
		return ""
	}
	return constant.StringVal(c.Value)
}

// FieldName returns the name of the field a FieldAddr selects.
func FieldName(fa *ssa.FieldAddr) string {
	ptr, ok := fa.X.Type().Underlying().(*types.Pointer)
	if !ok {
		return ""
	}
	st, ok := ptr.Elem().Underlying().(*types.Struct)
	if !ok || fa.Field >= st.NumFields() {
		return ""
	}
	return st.Field(fa.Field).Name()
}

// FieldNameOf returns the name of the field a Field selects.
func FieldNameOf(f *ssa.Field) string {
	st, ok := f.X.Type().Underlying().(*types.Struct)
	if !ok || f.Field >= st.NumFields() {
		return ""
	}
	return st.Field(f.Field).Name()
}

// FieldUsed reports whether the named field of the struct v points to is
// read, or v escapes.
func FieldUsed(v ssa.Value, name string) bool {
	refs := v.Referrers()
	if refs == nil {
		return false
	}
	for _, r := range *refs {
		switch x := r.(type) {
		case *ssa.FieldAddr:
			if FieldName(x) == name && UsedAtAll(x) {
				return true
			}
		case *ssa.Field:
			if FieldNameOf(x) == name && UsedAtAll(x) {
				return true
			}
		case *ssa.DebugRef:
		case *ssa.Call:
			// resp.Body.Close() and the like use other fields; a call
			// taking the whole value passes it on.
			for _, a := range x.Common().Args {
				if a == v {
					return true
				}
			}
		case *ssa.Return, *ssa.Store, *ssa.MakeInterface, *ssa.Phi:
			return true
		}
	}
	return false
}

// FieldValues returns the non-zero values stored into the fields of the
// struct v points to (or, for a struct value, was loaded from), by field
// name.
func FieldValues(v ssa.Value) (map[string]ssa.Value, bool) {
	v = UnwrapInterface(v)
	if c, ok := v.(*ssa.Const); ok && c.IsNil() {
		return map[string]ssa.Value{}, true
	}
	if load, ok := v.(*ssa.UnOp); ok && load.Op == token.MUL {
		v = load.X // a struct value copied out of a composite literal
	}
	alloc, ok := v.(*ssa.Alloc)
	if !ok {
		return nil, false
	}
	ptr, ok := alloc.Type().Underlying().(*types.Pointer)
	if !ok {
		return nil, false
	}
	st, ok := ptr.Elem().Underlying().(*types.Struct)
	if !ok || alloc.Referrers() == nil {
		return nil, false
	}
	fields := make(map[string]ssa.Value)
	for _, r := range *alloc.Referrers() {
		fa, ok := r.(*ssa.FieldAddr)
		if !ok || fa.Referrers() == nil || fa.Field >= st.NumFields() {
			continue
		}
		for _, rr := range *fa.Referrers() {
			if s, ok := rr.(*ssa.Store); ok && s.Addr == fa && !IsZeroConst(s.Val) {
				fields[st.Field(fa.Field).Name()] = s.Val
			}
		}
	}
	return fields, true
}

// HasField reports whether t (or what it points to) is a struct with the
// named field.
func HasField(t types.Type, name string) bool {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	st, ok := t.Underlying().(*types.Struct)
	if !ok {
		return false
	}
	for i := 0; i < st.NumFields(); i++ {
		if st.Field(i).Name() == name {
			return true
		}
	}
	return false
}

// IsContext reports whether t is context.Context.
func IsContext(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "context" && n.Obj().Name() == "Context"
}

// IsTimeType reports whether t is time.Time or a pointer to it.
func IsTimeType(t types.Type) bool { return NamedPointee(t) == "time.Time" }

// IsZeroConst reports whether v is a zero constant (nil, "", 0, false).
func IsZeroConst(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	if !ok {
		return false
	}
	if c.Value == nil {
		return true
	}
	switch c.Value.Kind() {
	case constant.String:
		return constant.StringVal(c.Value) == ""
	case constant.Bool:
		return !constant.BoolVal(c.Value)
	case constant.Int, constant.Float:
		return constant.Sign(c.Value) == 0
	}
	return false
}

// MaxChain bounds how far back a chain of calls is followed.
const MaxChain = 32

// NamedPointee returns "pkg/path.Name" of the named type t points to (or
// is), ignoring type arguments.
func NamedPointee(t types.Type) string {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	named, ok := types.Unalias(t).(*types.Named)
	if !ok || named.Obj().Pkg() == nil {
		return ""
	}
	return named.Obj().Pkg().Path() + "." + named.Obj().Name()
}

// ReceiverCalls returns the calls that built a receiver through a chain of
// method calls (txn.If(…).Then(…), bkt.Object(…).If(…)), nearest first.
func ReceiverCalls(v ssa.Value) []*ssa.Call {
	var out []*ssa.Call
	for i := 0; i < MaxChain; i++ {
		call, ok := StripConv(v).(*ssa.Call)
		if !ok {
			return out
		}
		out = append(out, call)
		args := CallArgs(call)
		if len(args) == 0 || !call.Common().IsInvoke() && call.Common().Signature().Recv() == nil {
			return out
		}
		v = args[0]
	}
	return out
}

// ResultUsed reports whether result i of call is used.
func ResultUsed(call *ssa.Call, i, n int) bool {
	v := ResultValue(call, i, n)
	return v != nil && UsedAtAll(v)
}

// ResultValue returns the value of result i of a call with n results.
func ResultValue(call *ssa.Call, i, n int) ssa.Value {
	if n == 1 {
		return call
	}
	refs := call.Referrers()
	if refs == nil {
		return nil
	}
	for _, r := range *refs {
		if ex, ok := r.(*ssa.Extract); ok && ex.Index == i {
			return ex
		}
	}
	return nil
}

// StoredValues returns the values stored at addr (a local variable, a
// field), in the order of its referrers.
func StoredValues(addr ssa.Value) []ssa.Value {
	refs := addr.Referrers()
	if refs == nil {
		return nil
	}
	var out []ssa.Value
	for _, r := range *refs {
		if st, ok := r.(*ssa.Store); ok && st.Addr == addr {
			out = append(out, st.Val)
		}
	}
	return out
}

// StripConv removes interface boxing and type changes.
func StripConv(v ssa.Value) ssa.Value {
	for i := 0; i < 8; i++ {
		switch x := v.(type) {
		case *ssa.MakeInterface:
			v = x.X
		case *ssa.ChangeType:
			v = x.X
		case *ssa.ChangeInterface:
			v = x.X
		default:
			return v
		}
	}
	return v
}

// TimeDerived reports whether a Go value is a time.Time or computed from
// one (t.Unix(), t.Format(…), now.Add(-ttl)).
func TimeDerived(v ssa.Value, depth int) bool {
	if v == nil || depth > 8 {
		return false
	}
	if IsTimeType(v.Type()) {
		return true
	}
	switch x := v.(type) {
	case *ssa.Call:
		fn := x.Common().StaticCallee()
		if fn == nil || fn.Signature.Recv() == nil || len(x.Common().Args) == 0 {
			return false
		}
		return IsTimeType(fn.Signature.Recv().Type())
	case *ssa.BinOp:
		return TimeDerived(x.X, depth+1) || TimeDerived(x.Y, depth+1)
	case *ssa.Convert:
		return TimeDerived(x.X, depth+1)
	case *ssa.ChangeType:
		return TimeDerived(x.X, depth+1)
	case *ssa.MakeInterface:
		return TimeDerived(x.X, depth+1)
	case *ssa.Phi:
		for _, e := range x.Edges {
			if !TimeDerived(e, depth+1) {
				return false
			}
		}
		return len(x.Edges) > 0
	}
	return false
}

// UnwrapInterface returns the concrete value boxed by a MakeInterface.
func UnwrapInterface(v ssa.Value) ssa.Value {
	if mi, ok := v.(*ssa.MakeInterface); ok {
		return mi.X
	}
	return v
}

// UsedAtAll reports whether v has a referrer other than a debug marker.
func UsedAtAll(v ssa.Value) bool {
	refs := v.Referrers()
	if refs == nil {
		return false
	}
	for _, r := range *refs {
		if _, ok := r.(*ssa.DebugRef); !ok {
			return true
		}
	}
	return false
}

// Varargs returns the elements of a variadic slice argument built at the
// call site (nil entries for elements it cannot see), or nil when the
// slice comes from elsewhere.
func Varargs(v ssa.Value) []ssa.Value {
	slice, ok := v.(*ssa.Slice)
	if !ok {
		return nil
	}
	alloc, ok := slice.X.(*ssa.Alloc)
	if !ok {
		return nil
	}
	arr, ok := alloc.Type().Underlying().(*types.Pointer)
	if !ok {
		return nil
	}
	at, ok := arr.Elem().Underlying().(*types.Array)
	if !ok {
		return nil
	}
	out := make([]ssa.Value, at.Len())
	refs := alloc.Referrers()
	if refs == nil {
		return out
	}
	for _, r := range *refs {
		ia, ok := r.(*ssa.IndexAddr)
		if !ok {
			continue
		}
		idx, ok := ia.Index.(*ssa.Const)
		if !ok || idx.Value == nil {
			continue
		}
		i, exact := constant.Int64Val(idx.Value)
		if !exact || i < 0 || int(i) >= len(out) || ia.Referrers() == nil {
			continue
		}
		for _, rr := range *ia.Referrers() {
			if st, ok := rr.(*ssa.Store); ok && st.Addr == ia {
				out[i] = st.Val
			}
		}
	}
	return out
}

// CalledFunc returns the function or interface method a call names, nil
// for a call of a function value.
func CalledFunc(call ssa.CallInstruction) *types.Func {
	c := call.Common()
	if c.IsInvoke() {
		return c.Method
	}
	return FuncObject(c.StaticCallee())
}

// FuncObject returns the declared function of an SSA function (its
// generic origin for an instance), nil for a closure or a wrapper.
func FuncObject(fn *ssa.Function) *types.Func {
	if fn == nil {
		return nil
	}
	if o := fn.Origin(); o != nil {
		fn = o
	}
	f, _ := fn.Object().(*types.Func)
	return f
}

// IsNil reports whether v is the nil constant.
func IsNil(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.Value == nil
}

// IsError reports whether t is the error interface.
func IsError(t types.Type) bool {
	return types.Identical(t, types.Universe.Lookup("error").Type())
}

// IsBool reports whether t is a boolean type.
func IsBool(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && b.Info()&types.IsBoolean != 0
}

// BoolResult returns the index of the first bool result of sig, or -1.
func BoolResult(sig *types.Signature) int {
	for i := 0; i < sig.Results().Len(); i++ {
		if b, ok := sig.Results().At(i).Type().Underlying().(*types.Basic); ok && b.Kind() == types.Bool {
			return i
		}
	}
	return -1
}

// ChainReceiver returns the receiver of a call of a method that returns
// its receiver's type (gocql Query.WithContext, Consistency, Bind): a
// builder that configures and returns the same statement.
func ChainReceiver(call *ssa.Call) (ssa.Value, bool) {
	fn := call.Common().StaticCallee()
	if fn == nil || fn.Signature.Recv() == nil || len(call.Common().Args) == 0 {
		return nil, false
	}
	res := fn.Signature.Results()
	if res.Len() != 1 || !types.Identical(res.At(0).Type(), fn.Signature.Recv().Type()) {
		return nil, false
	}
	return call.Common().Args[0], true
}

// Unconvert removes value conversions and type changes.
func Unconvert(v ssa.Value) ssa.Value {
	for i := 0; i < 8; i++ {
		switch x := v.(type) {
		case *ssa.Convert:
			v = x.X
		case *ssa.ChangeType:
			v = x.X
		default:
			return v
		}
	}
	return v
}

// IsMethodCallOn reports whether call is a method call on v: through an
// interface v holds, or of a method whose receiver v is.
func IsMethodCallOn(call *ssa.Call, v ssa.Value) bool {
	c := call.Common()
	if c.IsInvoke() {
		return c.Value == v
	}
	fn := c.StaticCallee()
	return fn != nil && fn.Signature.Recv() != nil && len(c.Args) > 0 && c.Args[0] == v
}
