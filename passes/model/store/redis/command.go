package redis

import (
	"go/constant"
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
	// nx: the command creates only keys that are absent.
	nx     bool
	expiry expiry
}

// key returns the command's first key, or nil.
func (c command) key() ssa.Value { return store.ArgAt(c.keys, 0) }

// goRedisNames maps go-redis methods to the commands they run, where the
// name is not the method's upper-cased.
var goRedisNames = map[string]string{
	"SetEx": "SET", "SetNX": "SET", "SetXX": "SET", "SetArgs": "SET", "ZAddNX": "ZADD",
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
	case "SetEx":
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

// redigoCommand reads a call that runs a command by name (a CommandDo
// entry: redigo Conn.Do, Send, DoContext, DoWithTimeout); false when the
// name is not a constant.
func redigoCommand(core store.Core, call ssa.CallInstruction) (command, bool) {
	fn := store.CalledFunc(call)
	e := catalogue.Lookup(fn)
	if e == nil || e.Class != catalogue.CommandDo {
		return command{}, false
	}
	args := store.CallArgs(call)
	if len(args) == 0 {
		return command{}, false
	}
	conn := args[0] // the receiver, or DoContext's first argument
	if call.Common().IsInvoke() || fn.Signature().Recv() != nil {
		args = args[1:]
	}
	name, ok := core.Text(store.ArgAt(args, e.Arg))
	if !ok {
		return command{}, false
	}
	cmd := command{call: call, conn: conn, name: strings.ToUpper(strings.TrimSpace(name))}
	rest := store.Varargs(store.ArgAt(args, e.Arg+1))
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
		readSetOptions(core, &cmd)
	case "ZADD":
		for _, a := range cmd.args {
			if s, ok := core.Text(store.UnwrapInterface(a)); ok && strings.EqualFold(s, "NX") {
				cmd.nx = true
			}
		}
	}
	return cmd, true
}

// readSetOptions reads the options of a SET run by name: NX, and EX, PX,
// EXAT, PXAT or KEEPTTL.
func readSetOptions(core store.Core, cmd *command) {
	for i, a := range cmd.args {
		if i == 0 {
			continue // the value
		}
		s, ok := core.Text(store.UnwrapInterface(a))
		if !ok {
			continue
		}
		switch strings.ToUpper(s) {
		case "NX":
			cmd.nx = true
		case "EX", "PX", "EXAT", "PXAT":
			cmd.expiry = withExpiry
		case "KEEPTTL":
			cmd.expiry = unknownExpiry
		}
	}
}
