package redis

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/fencecheck/fencecheck/internal/catalogue"
	"github.com/fencecheck/fencecheck/internal/luascript"
	"github.com/fencecheck/fencecheck/passes/model/store"
)

// reservation is a claim of items into a key: a move into a list
// (RPOPLPUSH, LMOVE: a consumer's processing list), or a script that pops
// an item and records its deadline (ZADD working <deadline> id).
type reservation struct {
	call ssa.CallInstruction
	key  keyShape
	// moved: the key is the list a move puts the item into. A takeover
	// moves the item out of it again, so removing the item from it with
	// the count checked fails once the reservation is gone.
	moved bool
}

// noteReservations records the keys call c reserves items into.
func (r *Reader) noteReservations(core store.Core, c store.Call, cmd command, isCmd bool) {
	fn := c.Instr.Parent()
	if isCmd {
		if moves[cmd.name] {
			if s, ok := shapeOf(core, fn, store.ArgAt(cmd.keys, 1)); ok && s.named() {
				r.reserved = append(r.reserved, reservation{call: c.Instr, key: s, moved: true})
			}
		}
		return
	}
	text, ok := core.Script(c)
	if !ok || !luascript.Analyze(text).Claims {
		return
	}
	for _, k := range scriptKeys(c) {
		if s, ok := shapeOf(core, fn, k); ok && s.named() {
			r.reserved = append(r.reserved, reservation{call: c.Instr, key: s})
		}
	}
}

// movedInto reports whether key v, used in fn, is a list the package's
// moves reserve items into.
func (r *Reader) movedInto(core store.Core, fn *ssa.Function, v ssa.Value) bool {
	s, ok := shapeOf(core, fn, v)
	if !ok {
		return false
	}
	for _, res := range r.reserved {
		if res.moved && res.key.matches(s) {
			return true
		}
	}
	return false
}

// ByItem is a write of an exported operation on items the package
// reserves, keyed by one of the operation's parameters.
type ByItem struct {
	// Claim is the call that reserves the items.
	Claim ssa.CallInstruction
	// Fenced: the write removes the item from the list a move put it in
	// and checks the count, which fails once a takeover moved it out.
	Fenced bool
}

// ItemWrite reports whether call c, a write made by the exported function
// fn, acts on an item of one of the package's reservations chosen by a
// parameter of fn: an acknowledgement, failure, retry or extension by id.
// Such a call from a worker whose reservation expired acts on the new
// holder's reservation.
func (r *Reader) ItemWrite(core store.Core, fn *ssa.Function, c store.Call) (ByItem, bool) {
	if len(r.reserved) == 0 {
		return ByItem{}, false
	}
	var keys, values []ssa.Value
	var cmd command
	isCmd := false
	switch c.Entry.Class {
	case catalogue.ScriptEval:
		keys = scriptKeys(c)
		if len(c.Args) > 0 {
			values = store.Varargs(c.Args[len(c.Args)-1])
		}
	case catalogue.RedisCommand, catalogue.CommandDo:
		var ok bool
		if cmd, ok = commandOf(core, c); !ok {
			return ByItem{}, false
		}
		isCmd = true
		keys, values = cmd.keys, cmd.args
	default:
		return ByItem{}, false
	}
	if !anyParam(fn, values) {
		return ByItem{}, false
	}
	for _, k := range keys {
		s, ok := shapeOf(core, c.Instr.Parent(), k)
		if !ok {
			continue
		}
		for _, res := range r.reserved {
			if res.call == c.Instr || !res.key.matches(s) {
				continue
			}
			fenced := res.moved && isCmd && cmd.name == "LREM" && outcomeChecked(c.Instr)
			return ByItem{Claim: res.call, Fenced: fenced}, true
		}
	}
	return ByItem{}, false
}

// anyParam reports whether one of values is a parameter of fn (its
// receiver excluded), or is bound to one.
func anyParam(fn *ssa.Function, values []ssa.Value) bool {
	var all []ssa.Value
	for _, v := range values {
		all = append(all, v)
		if _, isSlice := v.Type().Underlying().(*types.Slice); isSlice {
			all = append(all, store.Varargs(v)...) // a variadic argument's elements
		}
	}
	for _, v := range all {
		if v == nil {
			continue
		}
		_, b := bound(fn, v)
		p, ok := b.(*ssa.Parameter)
		if !ok {
			continue
		}
		for i, q := range fn.Params {
			if q == p && (i > 0 || fn.Signature.Recv() == nil) {
				return true
			}
		}
	}
	return false
}

// scriptKeys returns the keys a script call passes: the elements of its
// []string keys (go-redis), or its leading variadic arguments (redigo
// Script.Do, whose key count the script object holds: all are taken).
func scriptKeys(c store.Call) []ssa.Value {
	for _, a := range c.Args {
		if s, ok := a.Type().Underlying().(*types.Slice); ok {
			if b, ok := s.Elem().Underlying().(*types.Basic); ok && b.Kind() == types.String {
				return store.Varargs(a)
			}
		}
	}
	if len(c.Args) > 0 {
		return store.Varargs(c.Args[len(c.Args)-1])
	}
	return nil
}
