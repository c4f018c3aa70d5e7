// Package luascript reads a Redis Lua script well enough to tell whether
// its writes are conditioned on a value it read: the shape of a fenced
// write done in Redis (read the stored token, compare it with the caller's,
// write only if the caller's is not older).
//
// It is a tolerant scanner, not a Lua parser: it finds redis.call and
// redis.pcall invocations with a constant command name, and if … then
// conditions, in the order they appear. Strings and comments are skipped.
package luascript

import (
	"strings"
)

// Script is what a script does.
type Script struct {
	// Writes reports that the script calls a command that modifies data.
	Writes bool
	// Guarded reports that every write is conditioned on a token guard:
	// it happens inside an if whose condition compares a value the script
	// read from stored data with an ARGV value (directly or through
	// locals), or follows, at the same level, such an if whose body
	// returns.
	Guarded bool
	// StateGuarded reports that every write is conditioned on a guard, but
	// some only on a state guard: a test of existence, membership, a
	// removal's count or a stored state that compares no ARGV value with
	// stored data (`if redis.call('EXISTS', k) == 1 then return 0 end`,
	// `if redis.call('LREM', l, 0, id) == 0 then return 0 end`). A newer
	// attempt on the same id passes it too, so it does not fence.
	StateGuarded bool
	// StateCheck is the command whose result the state guard tests
	// ("EXISTS", "LREM"), or "" when StateGuarded is false or the guard
	// tests a value read earlier.
	StateCheck string
	// Claims reports that the script pops or moves an item (RPOPLPUSH,
	// LMOVE, ZPOPMIN, SPOP, …) and then records an expiry for it (ZADD of
	// a deadline, SET … PX, PEXPIRE, HSET of a lease field): it takes a
	// lease on the item, like a visibility-timeout claim.
	Claims bool
	// Commands lists the Redis commands called, upper-cased, in order.
	Commands []string
	// TokenArg is n when the guarding comparison mentions ARGV[n] (the
	// caller's token), or 0.
	TokenArg int
}

// writeCommands are the Redis commands that modify data.
var writeCommands = set("SET SETEX PSETEX SETNX SETRANGE GETSET GETDEL GETEX MSET MSETNX APPEND INCR INCRBY INCRBYFLOAT DECR DECRBY " +
	"DEL UNLINK EXPIRE PEXPIRE EXPIREAT PEXPIREAT PERSIST RENAME RENAMENX COPY " +
	"HSET HSETNX HMSET HDEL HINCRBY HINCRBYFLOAT " +
	"LPUSH RPUSH LPUSHX RPUSHX LPOP RPOP LSET LREM LTRIM LINSERT LMOVE RPOPLPUSH BRPOPLPUSH BLMOVE BLPOP BRPOP LMPOP " +
	"SADD SREM SMOVE SPOP ZADD ZREM ZINCRBY ZPOPMIN ZPOPMAX BZPOPMIN BZPOPMAX ZMPOP ZREMRANGEBYSCORE ZREMRANGEBYRANK " +
	"XADD XDEL XTRIM XACK XCLAIM XAUTOCLAIM PUBLISH JSON.SET JSON.DEL")

// readCommands are the Redis commands that read stored data.
var readCommands = set("GET MGET HGET HMGET HGETALL EXISTS HEXISTS ZSCORE ZRANK LINDEX LRANGE LPOS SISMEMBER SMISMEMBER XRANGE JSON.GET TTL PTTL TYPE")

// stateCommands are the commands whose result tells only whether
// something exists, is a member, was removed or added, or how much is
// left: a test of them is a state guard, whatever it is compared with.
var stateCommands = set("EXISTS HEXISTS SISMEMBER SMISMEMBER ZRANK ZREVRANK LPOS LREM ZREM SREM HDEL DEL UNLINK " +
	"SETNX HSETNX SADD ZADD LLEN SCARD ZCARD HLEN TTL PTTL TYPE")

// popCommands take an item off a list, set or sorted set (or move it to
// another): the first half of a claim.
var popCommands = set("RPOPLPUSH BRPOPLPUSH LMOVE BLMOVE LPOP RPOP BLPOP BRPOP LMPOP SPOP SMOVE ZPOPMIN ZPOPMAX BZPOPMIN BZPOPMAX ZMPOP")

// expiryCommands record an expiry by themselves; SET records one with an
// EX/PX/EXAT/PXAT option and HSET/HMSET with a lease-like field.
var expiryCommands = set("ZADD SETEX PSETEX EXPIRE PEXPIRE EXPIREAT PEXPIREAT")

// setExpiryOptions are the SET options that give the key an expiry.
var setExpiryOptions = set("EX PX EXAT PXAT")

// leaseFieldWords mark a hash field that records a lease's expiry.
var leaseFieldWords = []string{"LEASE", "DEADLINE", "EXPIR", "TIMEOUT", "VISIBLE"}

// IsWrite reports whether a Redis command (upper case) modifies data.
func IsWrite(cmd string) bool { return writeCommands[cmd] }

// set returns the set of space-separated words.
func set(s string) map[string]bool {
	m := make(map[string]bool)
	for _, w := range strings.Fields(s) {
		m[w] = true
	}
	return m
}

// token is a lexical element the analysis cares about.
type token struct {
	// kind is one of "call", "if", "elseif", "then", "end", "cmp",
	// "block" (do/function), "return", "argv", "name", "fcall" (a name
	// that is called), "local", "assign", "eol" (a newline or ; outside
	// brackets).
	kind string
	text string   // the command for a call, the name for a name
	n    int      // the index of an ARGV[n]
	args []string // the constant string arguments of a call, upper-cased
	// inCall marks an argv or name that is an argument of a redis.call:
	// a key or member the command reads, not an operand of a comparison.
	inCall bool
}

// taint says where a value may come from.
type taint uint8

// Origins of a value.
const (
	fromArgv    taint = 1 << iota // an ARGV value: the caller's
	fromValue                     // a value read from stored data
	fromState                     // existence, membership or a count
	fromUnknown                   // a name the script did not assign
)

// guard levels of a write.
const (
	noGuard = iota
	stateGuard
	tokenGuard
)

// condition accumulates what an if condition mentions.
type condition struct {
	taint      taint
	compares   bool
	arg        int
	stateCheck string
	writes     int // writes made inside the condition (LREM … == 0)
	// heldLevel is the lowest level at a write whose result the condition
	// tests through a local.
	heldLevel int
}

// level returns the guard level of a condition.
func (c *condition) level(read bool) int {
	switch {
	case c.compares && read && c.taint&(fromArgv|fromUnknown) != 0 && c.taint&(fromValue|fromUnknown) != 0:
		return tokenGuard
	case c.taint&(fromState|fromValue) != 0:
		return stateGuard
	}
	return noGuard
}

// Analyze reports what a script does. It never panics.
//
// Each if condition is read for where its operands come from: ARGV,
// stored data read by a command (directly or through locals assigned
// from it), or the result of an existence, membership or removal test. A
// write is token-guarded when it sits inside an if whose condition
// compares stored data with an ARGV value, or follows, at the same level,
// such an if whose body returns (the early-return form: `if
// tonumber(ARGV[1]) <= cur then return 0 end; redis.call('SET', …)`).
// A guard that tests state alone is a state guard.
func Analyze(src string) Script {
	var s Script
	toks := scan(src)
	read, popped := false, false
	type frame struct {
		level   int
		returns bool
	}
	var stack []frame
	var cond *condition
	// after[d] is the level of an early-return guard closed at depth d.
	after := map[int]int{}
	names := map[string]taint{}
	minLevel := tokenGuard
	// origin is the command a name was assigned from.
	origin := map[string]string{}
	exprCmd := ""
	// A write whose result is assigned to a local (`local n =
	// redis.call('ZREM', …)`) is judged with the condition that tests the
	// local; held maps the local to the level at the write, -1 for none.
	held := map[string]int{}
	exprWrite := -1
	// An assignment in progress: the names assigned and the taint of the
	// expression so far.
	var assigning []string
	var pendingNames []string
	var expr taint
	inExpr := false
	endExpr := func() {
		if inExpr {
			for _, n := range assigning {
				names[n], origin[n] = expr, exprCmd
				if exprWrite >= 0 {
					held[n] = exprWrite
				}
			}
			if exprWrite >= 0 && len(assigning) == 0 {
				minLevel = min(minLevel, exprWrite)
			}
		}
		inExpr, assigning, expr, exprCmd, pendingNames, exprWrite = false, nil, 0, "", nil, -1
	}
	mark := func(t taint, check string) {
		if cond != nil {
			cond.taint |= t
			if t&(fromState|fromValue) != 0 && check != "" && (cond.stateCheck == "" || t&fromState != 0 && !stateCommands[cond.stateCheck]) {
				cond.stateCheck = check
			}
		}
		if inExpr {
			expr |= t
			if check != "" && (exprCmd == "" || t&fromState != 0) {
				exprCmd = check
			}
		}
	}
	levelHere := func() int {
		l := after[len(stack)]
		for d, f := range stack {
			l = max(l, f.level, after[d])
		}
		return l
	}
	for i, t := range toks {
		switch t.kind {
		case "local":
			endExpr()
			pendingNames = []string{}
		case "assign":
			if pendingNames != nil && cond == nil && !inExpr {
				assigning, inExpr, pendingNames = pendingNames, true, nil
			}
		case "eol":
			endExpr()
		case "if", "elseif":
			endExpr()
			if t.kind == "elseif" && len(stack) > 0 {
				stack = stack[:len(stack)-1]
			}
			cond = &condition{heldLevel: tokenGuard}
		case "cmp":
			if cond != nil {
				cond.compares = true
			}
		case "fcall":
			// A function of the script's own (older(ARGV[1], cur)) may
			// compare its arguments; conversions do not.
			if cond != nil && !t.inCall && !conversions[t.text] {
				cond.compares = true
			}
		case "argv":
			if t.inCall {
				continue
			}
			mark(fromArgv, "")
			if cond != nil && cond.arg == 0 {
				cond.arg = t.n
			}
		case "name":
			if t.inCall {
				continue
			}
			if pendingNames != nil && !inExpr {
				pendingNames = append(pendingNames, t.text)
				continue
			}
			if i+1 < len(toks) && toks[i+1].kind == "assign" && cond == nil && !inExpr {
				pendingNames = []string{t.text} // a plain assignment
				continue
			}
			base := t.text
			if k := strings.IndexAny(base, ".:"); k > 0 {
				base = base[:k]
			}
			if l, ok := held[base]; ok && cond != nil {
				cond.writes++
				cond.heldLevel = min(cond.heldLevel, l)
				delete(held, base)
			}
			if tn, ok := names[base]; ok {
				mark(tn, origin[base])
			} else if !builtinName(t.text) {
				mark(fromUnknown, "")
			}
		case "then":
			if cond != nil {
				l := cond.level(read)
				if cond.writes > 0 {
					minLevel = min(minLevel, max(l, min(levelHere(), cond.heldLevel)))
				}
				stack = append(stack, frame{level: l})
				if l == tokenGuard && s.TokenArg == 0 {
					s.TokenArg = cond.arg
				}
				if l == stateGuard && s.StateCheck == "" {
					s.StateCheck = cond.stateCheck
				}
				cond = nil
			}
		case "block":
			endExpr()
			stack = append(stack, frame{})
		case "return":
			endExpr()
			if len(stack) > 0 {
				stack[len(stack)-1].returns = true
			}
		case "end":
			endExpr()
			if len(stack) > 0 {
				top := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				if top.level > noGuard && top.returns {
					after[len(stack)] = max(after[len(stack)], top.level)
				}
			}
		case "call":
			s.Commands = append(s.Commands, t.text)
			switch {
			case stateCommands[t.text]:
				mark(fromState, t.text)
			default:
				mark(fromValue, t.text)
			}
			if readCommands[t.text] {
				read = true
			}
			if popCommands[t.text] {
				popped = true
			} else if popped && recordsExpiry(t) {
				s.Claims = true
			}
			if writeCommands[t.text] {
				s.Writes = true
				if cond != nil {
					cond.writes++ // judged with the condition at then
					continue
				}
				if inExpr {
					if exprWrite < 0 {
						exprWrite = levelHere()
					}
					exprWrite = min(exprWrite, levelHere())
					continue
				}
				minLevel = min(minLevel, levelHere())
			}
		}
	}
	if cond != nil && cond.writes > 0 {
		minLevel = noGuard // a condition never closed
	}
	endExpr()
	for _, l := range held {
		minLevel = min(minLevel, l) // a write whose result no guard tested
	}
	// A claim is judged as a claim: its own writes are not guarded writes.
	s.Guarded = s.Writes && !s.Claims && minLevel == tokenGuard
	s.StateGuarded = s.Writes && !s.Claims && minLevel == stateGuard
	if !s.Guarded {
		s.TokenArg = 0
	}
	if !s.StateGuarded {
		s.StateCheck = ""
	}
	return s
}

// recordsExpiry reports whether a call records an expiry: ZADD of a
// deadline, SETEX, PEXPIRE and the like, SET with EX/PX/EXAT/PXAT, or
// HSET/HMSET of a lease-like field.
func recordsExpiry(t token) bool {
	switch {
	case expiryCommands[t.text]:
		return true
	case t.text == "SET":
		for _, a := range t.args {
			if setExpiryOptions[a] {
				return true
			}
		}
	case t.text == "HSET" || t.text == "HMSET":
		for _, a := range t.args {
			for _, w := range leaseFieldWords {
				if strings.Contains(a, w) {
					return true
				}
			}
		}
	}
	return false
}

// conversions are the functions that convert or measure a value without
// comparing it with another.
var conversions = set("tonumber tostring type string.len string.lower string.upper string.format cjson.decode cjson.encode cmsgpack.unpack unpack table.unpack math.floor")

// builtinName reports whether a name is one of Lua's values or standard
// library names, or KEYS: never a token nor stored data by itself.
func builtinName(n string) bool {
	switch n {
	case "nil", "true", "false", "not", "and", "or", "KEYS", "else", "for", "in", "while", "repeat", "until", "break":
		return true
	}
	return false
}

// scan tokenizes src into the elements Analyze needs.
func scan(src string) []token {
	var out []token
	depth := 0
	// calls are the open calls: index into out and the depth of their
	// arguments.
	type open struct{ tok, depth int }
	var calls []open
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == '-' && strings.HasPrefix(src[i:], "--"):
			i = skipComment(src, i)
		case c == '"' || c == '\'':
			j := skipString(src, i)
			if n := len(calls); n > 0 && calls[n-1].depth == depth && j-1 > i+1 {
				t := &out[calls[n-1].tok]
				if len(t.args) < 64 {
					t.args = append(t.args, strings.ToUpper(src[i+1:j-1]))
				}
			}
			i = j
		case c == '[' && longBracket(src, i) >= 0:
			i = skipLong(src, i)
		case c == '(' || c == '[' || c == '{':
			depth++
			i++
		case c == ')' || c == ']' || c == '}':
			if depth > 0 {
				depth--
			}
			for len(calls) > 0 && calls[len(calls)-1].depth > depth {
				calls = calls[:len(calls)-1]
			}
			i++
		case c == '\n' || c == ';':
			if depth == 0 {
				out = append(out, token{kind: "eol"})
			}
			i++
		case c == '<' || c == '>':
			out = append(out, token{kind: "cmp"})
			i++
			if i < len(src) && src[i] == '=' {
				i++
			}
		case (c == '=' || c == '~') && i+1 < len(src) && src[i+1] == '=':
			out = append(out, token{kind: "cmp"})
			i += 2
		case c == '=':
			out = append(out, token{kind: "assign"})
			i++
		case isIdentStart(c):
			j := i
			for j < len(src) && (isIdentPart(src[j]) || src[j] == '.' || src[j] == ':') {
				j++
			}
			word := src[i:j]
			i = j
			switch word {
			case "if":
				out = append(out, token{kind: "if"})
			case "elseif":
				out = append(out, token{kind: "elseif"})
			case "then":
				out = append(out, token{kind: "then"})
			case "end":
				out = append(out, token{kind: "end"})
			case "do", "function":
				out = append(out, token{kind: "block"})
			case "return":
				out = append(out, token{kind: "return"})
			case "local":
				out = append(out, token{kind: "local"})
			case "ARGV":
				n, next := argvIndex(src, i)
				out = append(out, token{kind: "argv", n: n, inCall: len(calls) > 0})
				i = next
			case "redis.call", "redis.pcall":
				if cmd, next := commandName(src, i); cmd != "" {
					out = append(out, token{kind: "call", text: cmd})
					depth++
					calls = append(calls, open{tok: len(out) - 1, depth: depth})
					i = next
				}
			default:
				kind := "name"
				if isCallee(src, i) {
					kind = "fcall"
				}
				out = append(out, token{kind: kind, text: word, inCall: len(calls) > 0})
			}
		default:
			i++
		}
	}
	return out
}

// isCallee reports whether the name ending at i is called (followed by
// an opening parenthesis or a string argument): a function such as
// tonumber, not a value.
func isCallee(src string, i int) bool {
	for i < len(src) && (src[i] == ' ' || src[i] == '\t') {
		i++
	}
	return i < len(src) && (src[i] == '(' || src[i] == '"' || src[i] == '\'' || src[i] == '{')
}

// commandName reads `('CMD'` after redis.call, returning the upper-cased
// command and the offset after it, or "" when the name is not a constant.
func commandName(src string, i int) (string, int) {
	for i < len(src) && (src[i] == ' ' || src[i] == '\t' || src[i] == '\n' || src[i] == '\r') {
		i++
	}
	if i >= len(src) || src[i] != '(' {
		return "", i
	}
	i++
	for i < len(src) && (src[i] == ' ' || src[i] == '\t' || src[i] == '\n' || src[i] == '\r') {
		i++
	}
	if i >= len(src) || src[i] != '"' && src[i] != '\'' {
		return "", i
	}
	q := src[i]
	j := i + 1
	for j < len(src) && src[j] != q && src[j] != '\n' {
		j++
	}
	if j >= len(src) || src[j] != q {
		return "", j
	}
	return strings.ToUpper(src[i+1 : j]), j + 1
}

// skipComment skips a -- comment (short or long) starting at i.
func skipComment(src string, i int) int {
	i += 2
	if i < len(src) && src[i] == '[' && longBracket(src, i) >= 0 {
		return skipLong(src, i)
	}
	for i < len(src) && src[i] != '\n' {
		i++
	}
	return i
}

// skipString skips a quoted string starting at i.
func skipString(src string, i int) int {
	q := src[i]
	i++
	for i < len(src) {
		switch src[i] {
		case '\\':
			i += 2
			continue
		case q, '\n':
			return i + 1
		}
		i++
	}
	return len(src)
}

// longBracket returns the level of a long bracket [==[ at i, or -1.
func longBracket(src string, i int) int {
	j := i + 1
	for j < len(src) && src[j] == '=' {
		j++
	}
	if j < len(src) && src[j] == '[' {
		return j - i - 1
	}
	return -1
}

// skipLong skips a long string or comment [==[ … ]==] starting at i.
func skipLong(src string, i int) int {
	level := longBracket(src, i)
	closing := "]" + strings.Repeat("=", level) + "]"
	start := i + level + 2
	if start > len(src) {
		return len(src)
	}
	if k := strings.Index(src[start:], closing); k >= 0 {
		return start + k + len(closing)
	}
	return len(src)
}

// isIdentStart reports whether c can start a Lua name.
func isIdentStart(c byte) bool { return c == '_' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' }

// isIdentPart reports whether c can continue a Lua name.
func isIdentPart(c byte) bool { return isIdentStart(c) || '0' <= c && c <= '9' }

// argvIndex reads `[n]` after ARGV, returning n and the offset after it,
// or 0.
func argvIndex(src string, i int) (int, int) {
	if i >= len(src) || src[i] != '[' {
		return 0, i
	}
	n, j := 0, i+1
	for j < len(src) && '0' <= src[j] && src[j] <= '9' && n < 1<<20 {
		n = n*10 + int(src[j]-'0')
		j++
	}
	if j >= len(src) || src[j] != ']' || j == i+1 {
		return 0, i
	}
	return n, j + 1
}
