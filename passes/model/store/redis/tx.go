package redis

import (
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/fencecheck/fencecheck/internal/sqltext"
	"github.com/fencecheck/fencecheck/passes/model/store"
)

// valueReads are the commands that read a value a script or the caller
// can compare with its token.
var valueReads = map[string]bool{"GET": true, "HGET": true, "HMGET": true, "MGET": true, "HGETALL": true, "ZSCORE": true, "LINDEX": true}

// watchedTx judges a write sent on a redigo connection inside an
// optimistic transaction: WATCH, then MULTI, then the write, all on the
// same connection, each dominating the next, with no EXEC or DISCARD
// between MULTI and the write. It reports whether the write is in such a
// transaction and, if so, whether the transaction fences it, with a note
// when it does not. The transaction fences when a watched key is read on
// the connection between WATCH and MULTI (the read value is what the
// caller compares with its token; a newer holder's write to it aborts
// EXEC), or when fencecheck cannot tell which keys are read or watched.
// queued reports that MULTI runs before the write in the write's own call
// (a rueidis DoMulti of MULTI, the writes and EXEC); a WATCH before that
// call then opens the transaction.
// It does not fence when nothing is read after WATCH, or when every
// watched key and every key read are constant texts and none is read:
// then a newer holder's earlier write goes unnoticed.
func watchedTx(core store.Core, w command, queued bool) (inTx, fenced bool, note string) {
	fn := w.call.Parent()
	if fn == nil || w.conn == nil {
		return false, false, ""
	}
	var watches, multis, ends, reads []command
	for _, b := range fn.Blocks {
		for _, instr := range b.Instrs {
			call, ok := instr.(ssa.CallInstruction)
			if !ok || call == w.call {
				continue
			}
			cmds, _ := runCommands(core, call)
			for _, c := range cmds {
				if !store.SameValue(c.conn, w.conn) {
					continue
				}
				switch {
				case c.name == "WATCH" && store.Dominates(call, w.call):
					watches = append(watches, c)
				case c.name == "MULTI" && store.Dominates(call, w.call):
					multis = append(multis, c)
				case (c.name == "EXEC" || c.name == "DISCARD") && store.Dominates(call, w.call):
					ends = append(ends, c)
				case valueReads[c.name]:
					reads = append(reads, c)
				}
			}
		}
	}
	var watch *command
	for i := range watches {
		if queued && !endedAfter(watches[i], ends) {
			watch = &watches[i] // MULTI runs in the write's own call
		}
		for _, mu := range multis {
			if store.Dominates(watches[i].call, mu.call) && !endedAfter(mu, ends) {
				watch = &watches[i]
			}
		}
	}
	if watch == nil {
		return false, false, ""
	}
	if len(watch.keys) == 0 {
		return true, true, "" // keys passed as a slice: cannot tell
	}
	const why = "WATCH fences only when the watched key holds the token the transaction compares: read it after WATCH and compare it with yours"
	var after []command
	for _, r := range reads {
		if store.Dominates(watch.call, r.call) && store.Dominates(r.call, w.call) {
			after = append(after, r)
		}
	}
	if len(after) == 0 {
		return true, false, why
	}
	for _, wk := range watch.keys {
		wtext, wok := constKey(core, wk)
		for _, r := range after {
			rk := r.key()
			if rk == nil || store.SameValue(store.UnwrapInterface(wk), store.UnwrapInterface(rk)) {
				return true, true, ""
			}
			k, ok := constKey(core, rk)
			if !ok || !wok || k == wtext {
				return true, true, ""
			}
		}
	}
	return true, false, why
}

// endedAfter reports whether one of ends (EXEC or DISCARD, each
// dominating the write) follows multi (or a WATCH): the write is after the
// transaction.
func endedAfter(multi command, ends []command) bool {
	for _, e := range ends {
		if store.Dominates(multi.call, e.call) {
			return true
		}
	}
	return false
}

// constKey returns the text of a key that is known whole (no part of it is
// computed at run time).
func constKey(core store.Core, v ssa.Value) (string, bool) {
	text, ok := core.Text(store.UnwrapInterface(v))
	if !ok || strings.Contains(text, sqltext.Hole) {
		return "", false
	}
	return text, true
}
