package redis

import (
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/fencecheck/fencecheck/internal/catalogue"
	"github.com/fencecheck/fencecheck/internal/luascript"
	"github.com/fencecheck/fencecheck/passes/model/store"
)

// Reader reads the Redis calls of one package, each in the light of the
// package's other commands on the same key.
type Reader struct {
	// locks are the keys of the package's locks: keys a checked SET … NX
	// takes that the package also deletes or extends.
	locks []keyShape
	// reserved are the keys the package reserves items into.
	reserved []reservation
}

// Classes returns the catalogue classes the reader reads.
func (*Reader) Classes() []catalogue.Class {
	return []catalogue.Class{catalogue.RedisCommand, catalogue.CommandDo}
}

// New returns the reader of a package whose Redis calls (every call of a
// RedisCommand, CommandDo or ScriptEval entry) are calls.
func New(core store.Core, calls []store.Call) *Reader {
	r := &Reader{}
	var takes, frees, extends []keyShape
	var ownerFrees, ownerExtends []keyShape // by a script that checks the holder's value
	shape := func(c store.Call, v ssa.Value) (keyShape, bool) {
		return shapeOf(core, c.Instr.Parent(), v)
	}
	for _, c := range calls {
		if c.Entry.Class == catalogue.ScriptEval {
			r.noteReservations(core, c, command{}, false)
			text, ok := core.Script(c)
			if !ok {
				continue
			}
			if ifAbsent, expires := luascript.SetsIfAbsent(text); ifAbsent {
				if s, ok := shape(c, scriptKey(c)); ok {
					s.needsExpiry = !expires
					takes = append(takes, s)
				}
			}
			frees1, extends1 := ownerScript(text)
			if !frees1 && !extends1 {
				continue
			}
			if s, ok := shape(c, scriptKey(c)); ok {
				if frees1 {
					frees, ownerFrees = append(frees, s), append(ownerFrees, s)
				}
				if extends1 {
					extends, ownerExtends = append(extends, s), append(ownerExtends, s)
				}
			}
			continue
		}
		cmds, _ := commandsOf(core, c)
		for _, cmd := range cmds {
			r.noteReservations(core, c, cmd, true)
			takes, frees, extends = noteKeys(core, c, cmd, takes, frees, extends)
		}
	}
	for _, t := range takes {
		extended := anyMatch(t, extends)
		if t.recv != nil {
			// A key its caller passes whole (a client wrapper's SetNX and
			// Del methods): only a release or renewal that checks the
			// holder's value says the type keeps a lock in it.
			extended = anyMatch(t, ownerExtends)
			if !extended && !anyMatch(t, ownerFrees) {
				continue
			}
		} else if !extended && !anyMatch(t, frees) {
			continue
		}
		if !t.needsExpiry || extended {
			t.needsExpiry = false
			r.locks = append(r.locks, t)
		}
	}
	return r
}

// noteKeys adds the key of cmd, a command call c runs, to the keys the
// package takes with SET … NX, frees with DEL or extends with EXPIRE.
func noteKeys(core store.Core, c store.Call, cmd command, takes, frees, extends []keyShape) (t, f, e []keyShape) {
	shape := func(v ssa.Value) (keyShape, bool) { return shapeOf(core, c.Instr.Parent(), v) }
	switch {
	case cmd.name == "SET" && cmd.nx:
		if s, ok := shape(cmd.key()); ok {
			if cmd.expiry == noExpiry {
				s.needsExpiry = true
			}
			takes = append(takes, s)
		}
	case cmd.name == "SETNX":
		if s, ok := shape(cmd.key()); ok {
			s.needsExpiry = true
			takes = append(takes, s)
		}
	case cmd.name == "DEL":
		for _, k := range cmd.keys {
			if s, ok := shape(k); ok {
				frees = append(frees, s)
			}
		}
	case cmd.name == "EXPIRE":
		if s, ok := shape(cmd.key()); ok {
			extends = append(extends, s)
		}
	}
	return takes, frees, extends
}

// anyMatch reports whether s matches one of shapes.
func anyMatch(s keyShape, shapes []keyShape) bool {
	for _, o := range shapes {
		if s.matches(o) {
			return true
		}
	}
	return false
}

// commandsOf reads the commands a call of a RedisCommand or CommandDo
// entry runs: one, or the several of a rueidis DoMulti.
func commandsOf(core store.Core, c store.Call) ([]command, bool) {
	switch c.Entry.Class {
	case catalogue.RedisCommand:
		return []command{goRedisCommand(c)}, true
	case catalogue.CommandDo:
		return runCommands(core, c.Instr)
	}
	return nil, false
}

// commandOf reads the one command a call of a RedisCommand or CommandDo
// entry runs.
func commandOf(core store.Core, c store.Call) (command, bool) {
	cmds, ok := commandsOf(core, c)
	if !ok || len(cmds) != 1 {
		return command{}, false
	}
	return cmds[0], true
}

// isLock reports whether key v, used in fn, is the key of one of the
// package's locks.
func (r *Reader) isLock(core store.Core, fn *ssa.Function, v ssa.Value) bool {
	s, ok := shapeOf(core, fn, v)
	return ok && anyMatch(s, r.locks)
}

// claimCommands are the commands that claim stream entries for a
// consumer: reading a group's new entries, or taking over idle ones.
var claimCommands = map[string]bool{"XREADGROUP": true, "XCLAIM": true, "XAUTOCLAIM": true}

// createOnly is why a create-only command is not an overwrite.
const createOnly = "it creates the key only if it is absent: it cannot overwrite what a newer holder wrote"

// Read returns what a Redis command does: the acquisition, renewal or
// release of a lock held in its key, a create-only write, a claim of
// stream entries, or a write with its guard. A call that runs several
// commands (rueidis DoMulti) is read as the strongest of its commands'
// ops (see multiOp).
func (r *Reader) Read(core store.Core, c store.Call) store.Op {
	cmds, ok := commandsOf(core, c)
	if !ok || len(cmds) == 0 {
		return nil // a command whose name is computed at run time, or built elsewhere
	}
	if len(cmds) == 1 {
		return r.readCommand(core, c, cmds[0], false)
	}
	ops := make([]store.Op, len(cmds))
	multi := false // a MULTI queued before the command, in the same call
	for i, cmd := range cmds {
		ops[i] = r.readCommand(core, c, cmd, multi)
		multi = multi || cmd.name == "MULTI"
	}
	return multiOp(ops)
}

// readCommand returns what one command of call c does. queued reports
// that a MULTI runs before it in the same call (rueidis DoMulti).
func (r *Reader) readCommand(core store.Core, c store.Call, cmd command, queued bool) store.Op {
	fn := c.Instr.Parent()
	switch {
	case cmd.name == "EVAL":
		text, ok := core.Text(store.ArgAt(cmd.keys, 0)) // EVAL's first argument is the script
		if !ok {
			return nil
		}
		return ReadScript(text, verb(c))
	case claimCommands[cmd.name] && cmd.has("NOACK"):
		return nil // a group read that acknowledges on delivery claims nothing
	case claimCommands[cmd.name] || moves[cmd.name]:
		return &store.Acquire{}
	case cmd.name == "XACK":
		// Acknowledging stream entries ends the group's claim of them: the
		// release of the lease XREADGROUP or XCLAIM took, not an overwrite.
		return &store.Release{}
	case cmd.name == "SADD":
		return &store.NotWrite{Reason: "it adds members to a set, which holds no value a newer holder wrote: it cannot overwrite newer state"}
	case cmd.nx:
		if (cmd.name == "SET" || cmd.name == "SETNX") && r.isLock(core, fn, cmd.key()) && outcomeChecked(cmd.call) {
			return &store.Acquire{}
		}
		return &store.NotWrite{Reason: createOnly}
	case cmd.name == "LREM" && r.movedInto(core, fn, cmd.key()) && outcomeChecked(cmd.call):
		// Removing an item from the list a move reserved it into, with the
		// count checked: an acknowledgement that fails once a takeover
		// moved the item out.
		return &store.Release{}
	case cmd.name == "DEL" && r.anyLock(core, fn, cmd.keys):
		return &store.Release{}
	case cmd.name == "EXPIRE" && r.isLock(core, fn, cmd.key()):
		return &store.Renew{Reason: "it extends the expiry of the lock held in the key: a renewal, neither a claim nor a write"}
	case c.Entry.Class == catalogue.CommandDo && !luascript.IsWrite(cmd.name):
		return nil
	}
	w := &store.Write{Verb: verb(c), Guard: store.NoGuard}
	if c.Entry.Class == catalogue.CommandDo {
		w.Verb = strings.ToLower(cmd.name) + "s"
		if inTx, fenced, note := watchedTx(core, cmd, queued); inTx && fenced {
			w.Guard = store.TxGuard
		} else if inTx {
			w.Note = note
		}
	}
	return w
}

// multiOp returns the op of a call that runs several commands, from the
// ops of its commands: a release when one releases a lock (the commands
// after the call run under no lease; a write queued with the release is
// not reported), else an acquisition, else the first write with no
// fencing guard, else the first write, else a renewal, else the first
// other op.
func multiOp(ops []store.Op) store.Op {
	rank := func(op store.Op) int {
		switch x := op.(type) {
		case *store.Release:
			return 5
		case *store.Acquire:
			return 4
		case *store.Write:
			if !x.Guard.Fences() {
				return 3
			}
			return 2
		case *store.Renew:
			return 1
		}
		return 0
	}
	var best store.Op
	for _, op := range ops {
		if op != nil && (best == nil || rank(op) > rank(best)) {
			best = op
		}
	}
	return best
}

// anyLock reports whether one of keys is a lock's.
func (r *Reader) anyLock(core store.Core, fn *ssa.Function, keys []ssa.Value) bool {
	for _, k := range keys {
		if r.isLock(core, fn, k) {
			return true
		}
	}
	return false
}

// verb returns the verb of a call's writes.
func verb(c store.Call) string {
	if c.Entry.Verb != "" {
		return c.Entry.Verb
	}
	return "writes"
}

// Script returns what a run of Lua script text does: the acquisition of
// one of the package's locks when it sets the lock's key only if absent
// and the caller checks the outcome; its release or renewal when it
// deletes or extends the key only while the key holds the caller's value;
// else what ReadScript says.
func (r *Reader) Script(core store.Core, c store.Call, text string) store.Op {
	if ifAbsent, _ := luascript.SetsIfAbsent(text); ifAbsent && r.isLock(core, c.Instr.Parent(), scriptKey(c)) && outcomeChecked(c.Instr) {
		return &store.Acquire{} // a script that takes the lock held in its key
	}
	if frees, extends := ownerScript(text); frees || extends {
		if r.isLock(core, c.Instr.Parent(), scriptKey(c)) {
			if frees {
				return &store.Release{}
			}
			return &store.Renew{Reason: "the script extends the lock held in its key while the key holds the caller's value: a renewal"}
		}
	}
	return ReadScript(text, verb(c))
}

// ReadScript returns what a run of Lua script text does: a claim when it
// pops or moves an item and records an expiry for it; a guarded write
// when every write is conditioned on a comparison of an ARGV value with
// stored data; a state-guarded write (weakguard) when some write is
// conditioned only on existence, membership or a removal's count; a write
// otherwise; nil when it writes nothing.
func ReadScript(text, verb string) store.Op {
	s := luascript.Analyze(text)
	switch {
	case s.Claims:
		return &store.Acquire{}
	case !s.Writes:
		return nil
	case s.Guarded:
		return &store.Write{Verb: verb, Guard: store.HelperGuard}
	case s.StateGuarded:
		return &store.Write{Verb: verb, Guard: store.StateGuard, Note: stateNote(s.StateCheck)}
	}
	return &store.Write{Verb: verb, Guard: store.NoGuard}
}

// stateNote explains why a script's state guard does not fence.
func stateNote(check string) string {
	what := "a stored state"
	if check != "" {
		what = "the result of " + check
	}
	return "the script tests only " + what + " before writing, which a newer attempt on the same id passes too " +
		"(compare a token passed in ARGV with the one stored)"
}

// ownerScript reports whether a script deletes (frees) or extends a key
// only while it holds the caller's value: a lock's release or renewal.
func ownerScript(text string) (frees, extends bool) {
	s := luascript.Analyze(text)
	if !s.Guarded {
		return false, false
	}
	for _, c := range s.Commands {
		switch c {
		case "DEL", "UNLINK":
			frees = true
		case "PEXPIRE", "EXPIRE", "PEXPIREAT", "EXPIREAT":
			extends = true
		}
	}
	return frees, extends
}

// scriptKey returns the first key a script call passes.
func scriptKey(c store.Call) ssa.Value { return store.ArgAt(scriptKeys(c), 0) }
