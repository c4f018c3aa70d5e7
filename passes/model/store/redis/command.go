package redis

import (
	"go/constant"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/fencecheck/fencecheck/internal/catalogue"
	"github.com/fencecheck/fencecheck/passes/model/store"
)

// expiry says whether a command sets an expiry on its key.
type expiry int

const (
	noExpiry      expiry = iota // sets none (SETNX, SET without EX or PX)
	withExpiry                  // sets one (SET … EX, SetNX with a TTL)
	unknownExpiry               // a TTL computed at run time, or KEEPTTL
)

// command is a Redis command a call runs.
type command struct {
	call ssa.CallInstruction
	// conn is what the command runs on: the go-redis client, the redigo
	// connection.
	conn ssa.Value
	// name is the command, upper-cased ("SET", "DEL").
	name string
	// keys are the keys it names, when known; args the values after the
	// first key (redigo) or after the command's name.
	keys []ssa.Value
	args []ssa.Value
	// opts are the command's option words (NX, PX, NOACK), upper-cased:
	// for a command run by name, its arguments after the key (after a
	// SET's value) known as text; for a built command, the words its
	// builder methods name.
	opts []string
	// nx: the command creates only keys that are absent.
	nx     bool
	expiry expiry
}

// has reports whether the command names option opt.
func (c command) has(opt string) bool {
	for _, o := range c.opts {
		if o == opt {
			return true
		}
	}
	return false
}

// key returns the command's first key, or nil.
func (c command) key() ssa.Value { return store.ArgAt(c.keys, 0) }

// goRedisNames maps go-redis methods to the commands they run, where the
// name is not the method's upper-cased.
var goRedisNames = map[string]string{
	"SetEx": "SET", "SetEX": "SET", "SetNX": "SET", "SetXX": "SET", "SetArgs": "SET", "ZAddNX": "ZADD",
	"Unlink": "DEL", "PExpire": "EXPIRE", "ExpireAt": "EXPIRE", "PExpireAt": "EXPIRE",
}

// moves are the commands that move an item from a list into another
// (a consumer's processing list): a claim of the item.
var moves = map[string]bool{"RPOPLPUSH": true, "BRPOPLPUSH": true, "LMOVE": true, "BLMOVE": true}

// multiKey are the go-redis commands whose keys are all their variadic
// arguments.
var multiKey = map[string]bool{"Del": true, "Unlink": true}

// goRedisCommand reads a call of a go-redis command method (a RedisCommand
// entry). args are the call's arguments without the receiver.
func goRedisCommand(c store.Call) command {
	args := c.Args
	if len(args) > 0 && store.IsContext(args[0].Type()) {
		args = args[1:] // v9 and v8 take a context first; v7 does not
	}
	cmd := command{call: c.Instr, conn: c.Handle, name: strings.ToUpper(c.Method)}
	if n, ok := goRedisNames[c.Method]; ok {
		cmd.name = n
	}
	switch {
	case multiKey[c.Method]:
		cmd.keys = store.Varargs(store.ArgAt(args, 0))
	case moves[cmd.name] && len(args) > 1:
		cmd.keys, cmd.args = args[:2], args[2:] // source, destination
	case len(args) > 0:
		cmd.keys, cmd.args = args[:1], args[1:]
	}
	switch c.Method {
	case "SetNX", "HSetNX", "MSetNX", "ZAddNX":
		cmd.nx = true
	}
	switch c.Method {
	case "SetNX", "Set", "SetXX":
		cmd.expiry = ttlArg(store.ArgAt(args, 2))
	case "SetEx", "SetEX":
		cmd.expiry = withExpiry
	case "SetArgs":
		readSetArgs(&cmd, store.ArgAt(args, 2))
	}
	return cmd
}

// ttlArg reads a go-redis expiration argument: 0 sets no expiry, KeepTTL
// (-1) keeps the key's, anything else sets one.
func ttlArg(v ssa.Value) expiry {
	k, ok := store.StripConv(v).(*ssa.Const)
	if !ok || k.Value == nil || k.Value.Kind() != constant.Int {
		return unknownExpiry
	}
	n, exact := constant.Int64Val(k.Value)
	switch {
	case !exact || n < 0:
		return unknownExpiry
	case n == 0:
		return noExpiry
	}
	return withExpiry
}

// readSetArgs reads a go-redis SetArgs literal: Mode "NX", and TTL or
// ExpireAt.
func readSetArgs(cmd *command, v ssa.Value) {
	values, ok := store.FieldValues(v)
	if !ok {
		cmd.expiry = unknownExpiry
		return
	}
	cmd.nx = strings.EqualFold(store.ConstString(values["Mode"]), "NX")
	switch {
	case values["TTL"] != nil:
		cmd.expiry = ttlArg(values["TTL"])
	case values["ExpireAt"] != nil:
		cmd.expiry = withExpiry
	case values["KeepTTL"] != nil:
		cmd.expiry = unknownExpiry
	}
}

// runCommands reads the commands a call of a CommandDo entry runs: the
// one its argument Arg names, with the arguments after it (redigo
// Conn.Do, Send, DoContext, DoWithTimeout), or the ones that argument
// builds (rueidis Do, and DoMulti's list). false when a name is not known:
// computed at run time, or a command built elsewhere.
func runCommands(core store.Core, call ssa.CallInstruction) ([]command, bool) {
	fn := store.CalledFunc(call)
	e := catalogue.Lookup(fn)
	if e == nil || e.Class != catalogue.CommandDo {
		return nil, false
	}
	args := store.CallArgs(call)
	if len(args) == 0 {
		return nil, false
	}
	conn := args[0] // the receiver, or DoContext's first argument
	if call.Common().IsInvoke() || fn.Signature().Recv() != nil {
		args = args[1:]
	}
	arg := store.ArgAt(args, e.Arg)
	if arg == nil {
		return nil, false
	}
	if b, ok := arg.Type().Underlying().(*types.Basic); ok && b.Info()&types.IsString != 0 {
		name, ok := core.Text(arg)
		if !ok {
			return nil, false
		}
		rest := store.Varargs(store.ArgAt(args, e.Arg+1))
		return []command{byName(call, conn, name, rest, textOptions(core, name, rest))}, true
	}
	commands := []ssa.Value{arg}
	if _, ok := arg.Type().Underlying().(*types.Slice); ok {
		if commands = store.Varargs(arg); len(commands) == 0 {
			return nil, false // DoMulti(ctx, cmds...): built elsewhere
		}
	}
	var out []command
	for _, v := range commands {
		b, ok := builtCommand(v)
		if !ok {
			return nil, false
		}
		out = append(out, byName(call, conn, b.name, b.values, b.opts))
	}
	return out, true
}

// textOptions returns the arguments of a command run by name that are
// known as text, after its key (and after a SET's value), upper-cased:
// its option words.
func textOptions(core store.Core, name string, rest []ssa.Value) []string {
	from := 1
	if strings.EqualFold(strings.TrimSpace(name), "SET") {
		from = 2
	}
	var opts []string
	for i, a := range rest {
		if i < from || a == nil {
			continue
		}
		if s, ok := core.Text(store.UnwrapInterface(a)); ok {
			opts = append(opts, strings.ToUpper(s))
		}
	}
	return opts
}

// byName reads command name run with arguments rest (its keys first) and
// option words opts, as Redis reads it, whether the library passes it by
// name (redigo) or builds it (rueidis).
func byName(call ssa.CallInstruction, conn ssa.Value, name string, rest []ssa.Value, opts []string) command {
	cmd := command{call: call, conn: conn, name: strings.ToUpper(strings.TrimSpace(name)), opts: opts}
	switch {
	case cmd.name == "DEL" || cmd.name == "UNLINK" || cmd.name == "WATCH":
		cmd.keys = rest
	case moves[cmd.name] && len(rest) > 1:
		cmd.keys, cmd.args = rest[:2], rest[2:]
	default:
		if len(rest) > 0 {
			cmd.keys, cmd.args = rest[:1], rest[1:]
		}
	}
	switch cmd.name {
	case "UNLINK":
		cmd.name = "DEL"
	case "PEXPIRE", "EXPIREAT", "PEXPIREAT":
		cmd.name = "EXPIRE"
	case "SETNX", "HSETNX", "MSETNX":
		cmd.nx = true
	case "SET":
		readSetOptions(&cmd)
	case "ZADD":
		cmd.nx = cmd.has("NX")
	}
	return cmd
}

// readSetOptions reads the options of a SET run by name: NX, and EX, PX,
// EXAT, PXAT or KEEPTTL.
func readSetOptions(cmd *command) {
	for _, o := range cmd.opts {
		switch o {
		case "NX":
			cmd.nx = true
		case "EX", "PX", "EXAT", "PXAT":
			cmd.expiry = withExpiry
		case "KEEPTTL":
			cmd.expiry = unknownExpiry
		}
	}
}
