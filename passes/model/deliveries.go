package model

import (
	"go/constant"
	"go/token"

	"golang.org/x/tools/go/ssa"

	"github.com/fencecheck/fencecheck/internal/catalogue"
	"github.com/fencecheck/fencecheck/internal/valueflow"
	"github.com/fencecheck/fencecheck/passes/model/store"
)

// Delivery channels. Some brokers hand a consumer its messages on a
// channel (AMQP Channel.Consume): each message received from it is leased
// to the consumer until it acknowledges it, while the call that returned
// the channel leases nothing yet. The catalogue lists such calls (class
// Delivers); a receive from a channel that can only be what one of them
// returned (through variables, captured variables, parameters of the
// package's functions, fields) opens a lease scope, like a receive from a
// channel only lease scopes send on (channels.go). A channel that may also
// come from elsewhere, or a consumer whose acknowledge-on-delivery flag
// is not a constant false, leases nothing the analysis can see. A channel
// the package makes and hands to the broker in a consumer's options (a
// Delivers entry with Fields) is a delivery channel too.

// deliveryScopes opens a lease scope at every receive from a delivery
// channel and propagates it to the functions called after the receive.
// It runs before channelScopes, so a receive loop that forwards each
// delivery on a channel of its own hands the lease on.
func (m *model) deliveryScopes() {
	if !m.callsDelivers() {
		return // every delivery channel comes from a Delivers call of the package
	}
	var queue []*funcInfo
	for _, fn := range m.funcs {
		fi := m.local[fn]
		for _, rv := range receives(fn) {
			lease, ok := m.deliveredLease(rv.ch)
			if !ok {
				continue
			}
			fi.own = append(fi.own, rv.scope(lease))
			queue = append(queue, fi)
		}
	}
	for len(queue) > 0 {
		fi := queue[0]
		queue = append(queue[1:], m.scopedCallees(fi)...)
	}
}

// callsDelivers reports whether a function of the package calls a
// catalogued Delivers API.
func (m *model) callsDelivers() bool {
	for _, fn := range m.funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				if call, ok := instr.(*ssa.Call); ok && deliveryCall(call) != nil {
					return true
				}
			}
		}
	}
	return false
}

// deliveredLease returns the lease of a message received from ch: every
// value ch may be is the channel a Delivers call returned, with leasing
// on.
func (m *model) deliveredLease(ch ssa.Value) (Lease, bool) {
	srcs, open := m.graph().Sources(ch, valueflow.Copy, func(key any) bool { return deliveryCall(key) != nil })
	if open || len(srcs) == 0 {
		return Lease{}, false
	}
	var first *ssa.Call
	for _, k := range srcs {
		call := deliveryCall(k)
		if mc, ok := k.(*ssa.MakeChan); ok {
			call = configuredDelivery(mc)
		}
		if call == nil || !leasesDeliveries(call) {
			return Lease{}, false
		}
		if first == nil || call.Pos() < first.Pos() {
			first = call
		}
	}
	return Lease{Pos: first.Pos(), Desc: "a message received from the deliveries of " + calleeName(first) + " is leased until acknowledged"}, true
}

// deliveryCall returns the call a source node of the graph stands for
// when it is the channel result of a catalogued Delivers call, or nil.
func deliveryCall(key any) *ssa.Call {
	var call *ssa.Call
	switch k := key.(type) {
	case valueflow.TupleItem:
		c, ok := k.Tuple.(*ssa.Call)
		if !ok || k.Index != 0 {
			return nil
		}
		call = c
	case *ssa.Call:
		call = k
	default:
		return nil
	}
	if e := catalogue.Lookup(store.CalledFunc(call)); e == nil || e.Class != catalogue.Delivers {
		return nil
	}
	return call
}

// configuredDelivery returns the Delivers call a channel the package made
// is handed to in its options (Pulsar ConsumerOptions{MessageChannel: ch}
// passed to Subscribe), or nil: the channel is stored in the field the
// entry names of a struct whose value is the call's argument.
func configuredDelivery(mc *ssa.MakeChan) *ssa.Call {
	refs := mc.Referrers()
	if refs == nil {
		return nil
	}
	for _, r := range *refs {
		st, ok := r.(*ssa.Store)
		if !ok || st.Val != mc {
			continue
		}
		fa, ok := st.Addr.(*ssa.FieldAddr)
		if !ok || fa.X.Referrers() == nil {
			continue
		}
		for _, rr := range *fa.X.Referrers() {
			load, ok := rr.(*ssa.UnOp)
			if !ok || load.Op != token.MUL || load.Referrers() == nil {
				continue
			}
			for _, use := range *load.Referrers() {
				if call, ok := use.(*ssa.Call); ok && optionsChannel(call, load, store.FieldName(fa)) {
					return call
				}
			}
		}
	}
	return nil
}

// optionsChannel reports whether call is a Delivers call whose options
// argument is opts and whose entry names field as the delivery channel.
func optionsChannel(call *ssa.Call, opts ssa.Value, field string) bool {
	fn := store.CalledFunc(call)
	e := catalogue.Lookup(fn)
	if e == nil || e.Class != catalogue.Delivers || len(e.Fields) == 0 || e.Fields[0] != field {
		return false
	}
	args := store.CallArgs(call)
	if call.Common().IsInvoke() || fn.Signature().Recv() != nil {
		args = args[1:]
	}
	return store.ArgAt(args, e.Arg) == opts
}

// leasesDeliveries reports whether a Delivers call leases what it
// delivers: it has no acknowledge-on-delivery flag, or the flag is the
// constant false.
func leasesDeliveries(call *ssa.Call) bool {
	fn := store.CalledFunc(call)
	e := catalogue.Lookup(fn)
	if e.Arg < 0 || len(e.Fields) > 0 {
		return true
	}
	args := store.CallArgs(call)
	if call.Common().IsInvoke() || fn.Signature().Recv() != nil {
		args = args[1:]
	}
	k, ok := store.ArgAt(args, e.Arg).(*ssa.Const)
	return ok && k.Value != nil && k.Value.Kind() == constant.Bool && !constant.BoolVal(k.Value)
}
