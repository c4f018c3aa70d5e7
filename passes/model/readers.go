package model

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/fencecheck/fencecheck/internal/catalogue"
	"github.com/fencecheck/fencecheck/passes/model/store"
	"github.com/fencecheck/fencecheck/passes/model/store/redis"
)

// Store readers. The calls of a family of sinks (documents today; SQL,
// Redis, CQL and the others in turn) are read by a package of their own
// under passes/model/store, which turns a call into a typed op through
// the store.Reader interface; the engine turns the op into its own record
// of the call. A reader asks the engine only what the engine alone knows,
// through core.

// core is the engine as the readers see it.
type core struct{ m *model }

// IssuedByClaim reports whether v was issued by a lease's claim.
func (c core) IssuedByClaim(v ssa.Value) bool { return c.m.tokenOrigin(v).origin == ClaimOrigin }

// Text resolves a string value as the engine resolves SQL text.
func (c core) Text(v ssa.Value) (string, bool) { return resolveText(c.m, v) }

// FieldOrigin returns the struct field every value the package stores in
// f is loaded from, nil when there is none (f is filled from elsewhere,
// from several fields, or never in this package).
func (c core) FieldOrigin(f *types.Var) *types.Var {
	m := c.m
	if g, seen := m.fieldOrigins[f]; seen {
		return g
	}
	if m.fieldOrigins == nil {
		m.fieldOrigins = make(map[*types.Var]*types.Var)
		var stores map[*types.Var][]ssa.Value
		m.fieldStores(func(_ *ssa.Function, st *ssa.Store, fa *ssa.FieldAddr) {
			if g := store.FieldAddrVar(fa); g != nil {
				if stores == nil {
					stores = make(map[*types.Var][]ssa.Value)
				}
				stores[g] = append(stores[g], st.Val)
			}
		})
		for g, vals := range stores {
			m.fieldOrigins[g] = filledFrom(vals)
		}
	}
	return m.fieldOrigins[f]
}

// filledFrom returns the one field every value in vals is a load of, or
// nil.
func filledFrom(vals []ssa.Value) *types.Var {
	var from *types.Var
	for _, v := range vals {
		_, f := store.LoadedField(store.StripConv(v))
		if f == nil || from != nil && f != from {
			return nil
		}
		from = f
	}
	return from
}

// Script returns the text of the Lua script call c runs.
func (c core) Script(call store.Call) (string, bool) {
	if call.Entry.Arg >= 0 {
		return resolveText(c.m, store.ArgAt(call.Args, call.Entry.Arg))
	}
	if call.Handle != nil {
		return c.m.scriptOf(call.Handle)
	}
	return "", false
}

// readStore classifies call o, of catalogue entry e with arguments args
// (the receiver excluded), with reader r.
func (m *model) readStore(o *op, r store.Reader, e *catalogue.Entry, args []ssa.Value) *op {
	return m.applyOp(o, r.Read(core{m}, o.storeCall(e, args)))
}

// storeCall returns call o, of catalogue entry e with arguments args (the
// receiver excluded), as a reader sees it.
func (o *op) storeCall(e *catalogue.Entry, args []ssa.Value) store.Call {
	method := ""
	if o.callee != nil {
		method = o.callee.Name()
	}
	return store.Call{Instr: o.instr, Entry: e, Method: method, Handle: o.handle, Args: args}
}

// applyOp records what a reader made of the call in o; it returns nil
// when the call does nothing the rules judge (a write that cannot
// overwrite newer state, a renewal), or the reader could not tell, and
// notes why for the lease inventory.
func (m *model) applyOp(o *op, x store.Op) *op {
	switch x := x.(type) {
	case *store.Acquire:
		o.acquire, o.claimColumns, o.sameHandleGuards = true, x.Columns, x.SameHandle
		return o
	case *store.Release:
		o.release = true
		if x.Write != nil {
			applyWrite(o, x.Write)
		}
		return o
	case *store.Write:
		applyWrite(o, x)
		return o
	case *store.Read:
		return o
	case *store.Renew:
		m.noteSilent(o.instr, JudgedNotWrite, x.Reason)
	case *store.NotWrite:
		if x.Cleanup {
			m.noteSilent(o.instr, JudgedCleanup, x.Reason)
		} else if x.Reason != "" {
			m.noteSilent(o.instr, JudgedNotWrite, x.Reason)
		}
	case *store.Unknown:
		m.noteSilent(o.instr, NotJudged, x.Reason)
	}
	return nil
}

// applyWrite records in o the write w a reader found.
func applyWrite(o *op, w *store.Write) {
	o.write, o.guard, o.verb, o.target = true, w.Guard, w.Verb, w.Target
	o.guardColumn, o.tokenArg, o.wrongWay, o.condValue = w.GuardField, w.TokenArg, w.WrongWay, w.CondValue
	if w.Note != "" {
		o.note = w.Note
	}
}

// redisItemWrite reports whether w, a write of the exported function fn
// with no guard or a state guard, acts on an item the package reserves in
// Redis, chosen by a parameter of fn (an acknowledgement by id), and
// returns the call that reserves the items. A removal from the list a move
// put the item in, with the count checked, is fenced and not reported.
func (m *model) redisItemWrite(fn *ssa.Function, w *op) (ssa.CallInstruction, bool) {
	if !w.write || w.guard != NoGuard && w.guard != StateGuard || w.callee == nil {
		return nil, false
	}
	var c store.Call
	if e := catalogue.Lookup(w.callee); redisEntry(e) {
		c = callOf(w.instr, w.callee, e)
	} else if wc, ok := m.wrappedRedisCall(w.instr); ok {
		c = wc // a call of a client wrapper: rediswrap.go
	} else {
		return nil, false
	}
	it, ok := m.redisReader().ItemWrite(core{m}, fn, c)
	if !ok || it.Fenced {
		return nil, false
	}
	if w.note == "" {
		w.note = "the reservation issues no token: return one with the item (a counter the claim increments) and compare it in a script before acting on the item"
	}
	return it.Claim, true
}

// redisReader returns the Redis reader of the package, built on first use
// from every Redis call of the package's functions.
func (m *model) redisReader() *redis.Reader {
	if m.redis != nil {
		return m.redis
	}
	var calls []store.Call
	for _, fn := range m.funcs {
		for _, b := range fn.Blocks {
			for _, instr := range b.Instrs {
				call, ok := instr.(ssa.CallInstruction)
				if !ok {
					continue
				}
				callee := store.CalledFunc(call)
				if e := catalogue.Lookup(callee); redisEntry(e) {
					calls = append(calls, callOf(call, callee, e))
				} else if c, ok := m.wrappedRedisCall(call); ok {
					calls = append(calls, c) // rediswrap.go
				}
			}
		}
	}
	m.redis = redis.New(core{m}, calls)
	return m.redis
}

// redisEntry reports whether a catalogue entry is one the Redis reader
// reads: a command, a command run by name, or a script.
func redisEntry(e *catalogue.Entry) bool {
	return e != nil && (e.Class == catalogue.RedisCommand || e.Class == catalogue.CommandDo || e.Class == catalogue.ScriptEval)
}

// callOf returns a catalogued call as a reader sees it: its receiver as
// the handle, its other arguments as the args.
func callOf(call ssa.CallInstruction, callee *types.Func, e *catalogue.Entry) store.Call {
	args := store.CallArgs(call)
	var handle ssa.Value
	if len(args) > 0 && (call.Common().IsInvoke() || callee.Signature().Recv() != nil) {
		handle, args = args[0], args[1:]
	}
	return store.Call{Instr: call, Entry: e, Method: callee.Name(), Handle: handle, Args: args}
}
