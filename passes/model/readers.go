package model

import (
	"golang.org/x/tools/go/ssa"

	"github.com/fencecheck/fencecheck/internal/catalogue"
	"github.com/fencecheck/fencecheck/passes/model/store"
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

// readStore classifies call o, of catalogue entry e with arguments args
// (the receiver excluded), with reader r.
func (m *model) readStore(o *op, r store.Reader, e *catalogue.Entry, args []ssa.Value) *op {
	method := ""
	if o.callee != nil {
		method = o.callee.Name()
	}
	c := store.Call{Instr: o.instr, Entry: e, Method: method, Handle: o.handle, Args: args}
	return m.applyOp(o, r.Read(core{m}, c))
}

// applyOp records what a reader made of the call in o; it returns nil
// when the call does nothing the rules judge (a write that cannot
// overwrite newer state, a renewal), or the reader could not tell, and
// notes why for the lease inventory.
func (m *model) applyOp(o *op, x store.Op) *op {
	switch x := x.(type) {
	case *store.Acquire:
		o.acquire = true
		return o
	case *store.Release:
		o.release = true
		return o
	case *store.Write:
		o.write, o.guard, o.verb, o.target = true, x.Guard, x.Verb, x.Target
		o.guardColumn, o.tokenArg, o.wrongWay = x.GuardField, x.TokenArg, x.WrongWay
		return o
	case *store.NotWrite:
		if x.Cleanup {
			m.noteSilent(o.instr, JudgedCleanup, x.Reason)
		}
	case *store.Unknown:
		m.noteSilent(o.instr, NotJudged, x.Reason)
	}
	return nil
}
