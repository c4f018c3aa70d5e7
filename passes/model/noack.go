package model

import (
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/fencecheck/fencecheck/internal/catalogue"
	"github.com/fencecheck/fencecheck/passes/model/store"
)

// Consumers that acknowledge on delivery.
//
// A broker leases a message only to a consumer that must acknowledge it:
// a JetStream ordered consumer, or one created with AckPolicy AckNone,
// acknowledges every message on delivery and never redelivers it, so what
// its receives return, and what its handlers run, is under no lease. The
// catalogue lists the calls that make such consumers (class NoAckSource).
// Only a consumer the function makes itself is recognised; one that comes
// from a field, a parameter or a config built elsewhere is taken to lease
// its messages, as the brokers do by default. A kafka-go Reader made from
// a config literal without a GroupID reads partitions directly, outside any
// group: no other member takes them over, and nothing is leased.

// noAckReceiver reports whether call, a receive or a registration of a
// method, is made on a consumer that acknowledges on delivery.
func noAckReceiver(call ssa.CallInstruction) bool {
	c := call.Common()
	if !c.IsInvoke() && (c.StaticCallee() == nil || c.StaticCallee().Signature.Recv() == nil) {
		return false
	}
	args := store.CallArgs(call)
	if len(args) == 0 {
		return false
	}
	return noAckConsumer(args[0])
}

// noAckConsumer reports whether v was returned by a NoAckSource call that
// makes it acknowledge on delivery: always, because its config sets the
// entry's field to the entry's constant, or because its config leaves the
// entry's one field unset (a Kafka reader with no consumer group), or
// because of its options (noAckOptions).
func noAckConsumer(v ssa.Value) bool {
	v = store.StripConv(v)
	if ex, ok := v.(*ssa.Extract); ok {
		v = ex.Tuple
	}
	call, ok := v.(*ssa.Call)
	if !ok {
		return false
	}
	c := call.Common()
	fn := c.Method
	if fn == nil {
		fn = store.FuncObject(c.StaticCallee())
	}
	e := catalogue.Lookup(fn)
	if e == nil || e.Class != catalogue.NoAckSource || fn.Pkg() == nil {
		return false
	}
	if e.Arg < 0 {
		return true
	}
	if len(e.Fields) != 1 && len(e.Fields) != 2 {
		return false
	}
	args := store.CallArgs(call)
	if c.IsInvoke() || fn.Signature().Recv() != nil {
		args = args[1:]
	}
	if sig := fn.Signature(); sig.Variadic() && e.Arg == sig.Params().Len()-1 {
		return noAckOptions(sig, store.ArgAt(args, e.Arg), e.Fields)
	}
	values, ok := store.FieldValues(store.ArgAt(args, e.Arg))
	if !ok {
		return false
	}
	if len(e.Fields) == 1 {
		return values[e.Fields[0]] == nil // left unset: no group, no lease
	}
	k, ok := values[e.Fields[0]].(*ssa.Const)
	if !ok || k.Value == nil {
		return false
	}
	want, ok := fn.Pkg().Scope().Lookup(e.Fields[1]).(*types.Const)
	return ok && want.Val().Kind() == k.Value.Kind() && constant.Compare(k.Value, token.EQL, want.Val())
}

// noAckOptions reports whether the variadic options v of a call of a
// function of signature sig make a consumer that leases nothing: with one
// name, when none of them is made by the option function of that name (a
// franz-go client with no ConsumerGroup option joins no group); with two,
// when one is made by the option function Fields[0] from the constant
// Fields[1] (RocketMQ WithConsumerModel(BroadCasting)). Both names are
// looked up in the package of the option type.
func noAckOptions(sig *types.Signature, v ssa.Value, fields []string) bool {
	sl, ok := sig.Params().At(sig.Params().Len() - 1).Type().Underlying().(*types.Slice)
	if !ok {
		return false
	}
	named, ok := types.Unalias(sl.Elem()).(*types.Named)
	if !ok || named.Obj().Pkg() == nil {
		return false
	}
	pkg := named.Obj().Pkg()
	if len(fields) == 1 {
		return withoutOption(v, pkg.Path(), fields[0])
	}
	want, ok := pkg.Scope().Lookup(fields[1]).(*types.Const)
	if !ok {
		return false
	}
	for _, o := range store.Varargs(v) {
		call, ok := store.StripConv(o).(*ssa.Call)
		if !ok {
			continue
		}
		fn := store.CalledFunc(call)
		if fn == nil || fn.Pkg() != pkg && (fn.Pkg() == nil || fn.Pkg().Path() != pkg.Path()) || fn.Name() != fields[0] || len(call.Common().Args) == 0 {
			continue
		}
		k, ok := call.Common().Args[0].(*ssa.Const)
		if ok && k.Value != nil && want.Val().Kind() == k.Value.Kind() && constant.Compare(k.Value, token.EQL, want.Val()) {
			return true
		}
	}
	return false
}

// withoutOption reports whether the variadic options v, built at the call
// site, are all visible and none is made by the function name of package
// pkg. No options at all (a nil slice) qualifies; options built elsewhere
// do not.
func withoutOption(v ssa.Value, pkg, name string) bool {
	if c, ok := v.(*ssa.Const); ok && c.IsNil() {
		return true
	}
	opts := store.Varargs(v)
	if opts == nil {
		return false
	}
	for _, o := range opts {
		if o == nil {
			return false
		}
		call, ok := store.StripConv(o).(*ssa.Call)
		if !ok {
			return false // an option made elsewhere: it may join a group
		}
		fn := store.CalledFunc(call)
		if fn == nil || fn.Pkg() == nil || fn.Pkg().Path() == pkg && fn.Name() == name {
			return false
		}
	}
	return true
}
