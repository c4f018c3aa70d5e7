package model

import (
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/fencecheck/fencecheck/internal/catalogue"
	"github.com/fencecheck/fencecheck/internal/sqltext"
	"github.com/fencecheck/fencecheck/passes/model/store"
)

// redigoCommand is a Redis command a redigo call runs by name (Conn.Do,
// Conn.Send, DoContext, DoWithTimeout).
type redigoCommand struct {
	call ssa.CallInstruction
	conn ssa.Value   // the connection it runs on
	name string      // the command, upper-cased
	args []ssa.Value // its arguments after the name, when known
}

// calledFunc returns the function or interface method a call names.
func calledFunc(call ssa.CallInstruction) *types.Func {
	c := call.Common()
	if c.IsInvoke() {
		return c.Method
	}
	return funcObject(c.StaticCallee())
}

// redigoCommandOf returns the command a call runs by name, if it is one
// whose name is a constant.
func (m *model) redigoCommandOf(call ssa.CallInstruction) (redigoCommand, bool) {
	fn := calledFunc(call)
	e := catalogue.Lookup(fn)
	if e == nil || e.Class != catalogue.CommandDo {
		return redigoCommand{}, false
	}
	args := store.CallArgs(call)
	if len(args) == 0 {
		return redigoCommand{}, false
	}
	conn := args[0] // the receiver, or DoContext's first argument
	if call.Common().IsInvoke() || fn.Signature().Recv() != nil {
		args = args[1:]
	}
	name, ok := resolveText(m, store.ArgAt(args, e.Arg))
	if !ok {
		return redigoCommand{}, false
	}
	return redigoCommand{call: call, conn: conn, name: strings.ToUpper(strings.TrimSpace(name)), args: store.Varargs(store.ArgAt(args, e.Arg+1))}, true
}

// redigoValueReads are the commands that read a value a script or the
// caller can compare with its token.
var redigoValueReads = map[string]bool{"GET": true, "HGET": true, "HMGET": true, "MGET": true, "HGETALL": true, "ZSCORE": true, "LINDEX": true}

// redigoTx judges a write sent on a redigo connection inside an optimistic
// transaction: WATCH, then MULTI, then the write, all on the same
// connection, each dominating the next, with no EXEC or DISCARD between
// MULTI and the write. It reports whether the write is
// in such a transaction and, if so, whether the transaction fences it,
// with a note when it does not. The transaction fences when a watched key
// is read on the connection between WATCH and MULTI (the read value is
// what the caller compares with its token; a newer holder's write to it
// aborts EXEC), or when fencecheck cannot tell which keys are read or
// watched. It does not fence when nothing is read after WATCH, or when
// every watched key and every key read are constant texts and none is
// read: then a newer holder's earlier write goes unnoticed.
func (m *model) redigoTx(o *op) (inTx, fenced bool, note string) {
	fn := o.instr.Parent()
	conn := o.handle
	if conn == nil {
		if args := store.CallArgs(o.instr); len(args) > 0 {
			conn = args[0]
		}
	}
	if fn == nil || conn == nil {
		return false, false, ""
	}
	var watches, multis, ends []redigoCommand
	var reads []redigoCommand
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok || call == o.instr {
				continue
			}
			c, ok := m.redigoCommandOf(call)
			if !ok || !sameValue(store.StripConv(c.conn), store.StripConv(conn)) {
				continue
			}
			switch {
			case c.name == "WATCH" && dominates(call, o.instr):
				watches = append(watches, c)
			case c.name == "MULTI" && dominates(call, o.instr):
				multis = append(multis, c)
			case (c.name == "EXEC" || c.name == "DISCARD") && dominates(call, o.instr):
				ends = append(ends, c)
			case redigoValueReads[c.name]:
				reads = append(reads, c)
			}
		}
	}
	var watch *redigoCommand
	for i := range watches {
		for _, mu := range multis {
			if dominates(watches[i].call, mu.call) && !endedAfter(mu, ends) {
				watch = &watches[i]
			}
		}
	}
	if watch == nil {
		return false, false, ""
	}
	if len(watch.args) == 0 {
		return true, true, "" // keys passed as a slice: cannot tell
	}
	const why = "WATCH fences only when the watched key holds the token the transaction compares: read it after WATCH and compare it with yours"
	var after []redigoCommand
	for _, r := range reads {
		if dominates(watch.call, r.call) && dominates(r.call, o.instr) {
			after = append(after, r)
		}
	}
	if len(after) == 0 {
		return true, false, why
	}
	for _, w := range watch.args {
		wk, wok := constKey(m, w)
		for _, r := range after {
			rk := store.ArgAt(r.args, 0)
			if rk == nil || sameValue(store.StripConv(store.UnwrapInterface(w)), store.StripConv(store.UnwrapInterface(rk))) {
				return true, true, ""
			}
			k, ok := constKey(m, rk)
			if !ok || !wok || k == wk {
				return true, true, ""
			}
		}
	}
	return true, false, why
}

// endedAfter reports whether one of ends (EXEC or DISCARD, each
// dominating the write) follows multi: the write is after the transaction.
func endedAfter(multi redigoCommand, ends []redigoCommand) bool {
	for _, e := range ends {
		if dominates(multi.call, e.call) {
			return true
		}
	}
	return false
}

// constKey returns the text of a key that is known whole (no part of it is
// computed at run time).
func constKey(m *model, v ssa.Value) (string, bool) {
	text, ok := resolveText(m, store.UnwrapInterface(v))
	if !ok || strings.Contains(text, sqltext.Hole) {
		return "", false
	}
	return text, true
}
