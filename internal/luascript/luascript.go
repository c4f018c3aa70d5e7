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
	// Guarded reports that every write happens inside an if whose
	// condition compares values with a relational operator, after the
	// script read stored data.
	Guarded bool
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
	"LPUSH RPUSH LPUSHX RPUSHX LPOP RPOP LSET LREM LTRIM LINSERT LMOVE RPOPLPUSH " +
	"SADD SREM SMOVE SPOP ZADD ZREM ZINCRBY ZPOPMIN ZPOPMAX ZREMRANGEBYSCORE ZREMRANGEBYRANK " +
	"XADD XDEL XTRIM XACK XCLAIM XAUTOCLAIM PUBLISH JSON.SET JSON.DEL")

// readCommands are the Redis commands that read stored data.
var readCommands = set("GET MGET HGET HMGET HGETALL EXISTS ZSCORE LINDEX LRANGE SISMEMBER XRANGE JSON.GET TTL PTTL")

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
	kind string // "call", "if", "then", "end", "cmp", "block" (do/function/for/while), "return", "argv"
	text string // the command for a call
	n    int    // the index of an ARGV[n]
}

// Analyze reports what a script does. It never panics.
//
// A write is guarded when it sits inside an if whose condition compares
// values after the script read stored data, or follows, at the same
// level, such an if whose body returns (the early-return form:
// `if tonumber(ARGV[1]) <= cur then return 0 end; redis.call('SET', …)`).
func Analyze(src string) Script {
	var s Script
	toks := scan(src)
	read := false
	type frame struct {
		guarded, returns bool
	}
	var stack []frame
	inCond, condCompares, condArg := false, false, 0
	// guardedAfter[d] is set when an early-return guard closed at depth d.
	guardedAfter := map[int]bool{}
	allGuarded := true
	for _, t := range toks {
		switch t.kind {
		case "if":
			inCond, condCompares, condArg = true, false, 0
		case "cmp":
			if inCond {
				condCompares = true
			}
		case "argv":
			if inCond && condArg == 0 {
				condArg = t.n
			}
		case "then":
			if inCond {
				g := condCompares && read
				stack = append(stack, frame{guarded: g})
				if g && s.TokenArg == 0 {
					s.TokenArg = condArg
				}
				inCond = false
			}
		case "block":
			stack = append(stack, frame{})
		case "return":
			if len(stack) > 0 {
				stack[len(stack)-1].returns = true
			}
		case "end":
			if len(stack) > 0 {
				top := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				if top.guarded && top.returns {
					guardedAfter[len(stack)] = true
				}
			}
		case "call":
			s.Commands = append(s.Commands, t.text)
			if readCommands[t.text] {
				read = true
			}
			if writeCommands[t.text] {
				s.Writes = true
				g := false
				for d, f := range stack {
					g = g || f.guarded || guardedAfter[d]
				}
				g = g || guardedAfter[len(stack)]
				allGuarded = allGuarded && g
			}
		}
	}
	s.Guarded = s.Writes && allGuarded
	if !s.Guarded {
		s.TokenArg = 0
	}
	return s
}

// scan tokenizes src into the elements Analyze needs.
func scan(src string) []token {
	var out []token
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case c == '-' && strings.HasPrefix(src[i:], "--"):
			i = skipComment(src, i)
		case c == '"' || c == '\'':
			i = skipString(src, i)
		case c == '[' && longBracket(src, i) >= 0:
			i = skipLong(src, i)
		case c == '<' || c == '>':
			out = append(out, token{kind: "cmp"})
			i++
		case (c == '=' || c == '~') && i+1 < len(src) && src[i+1] == '=':
			out = append(out, token{kind: "cmp"})
			i += 2
		case isIdentStart(c):
			j := i
			for j < len(src) && (isIdentPart(src[j]) || src[j] == '.') {
				j++
			}
			word := src[i:j]
			i = j
			switch word {
			case "if", "elseif":
				out = append(out, token{kind: "if"})
			case "then":
				out = append(out, token{kind: "then"})
			case "end":
				out = append(out, token{kind: "end"})
			case "do", "function":
				out = append(out, token{kind: "block"})
			case "return":
				out = append(out, token{kind: "return"})
			case "ARGV":
				if n, next := argvIndex(src, i); n > 0 {
					out = append(out, token{kind: "argv", n: n})
					i = next
				}
			case "redis.call", "redis.pcall":
				if cmd, next := commandName(src, i); cmd != "" {
					out = append(out, token{kind: "call", text: cmd})
					i = next
				}
			}
		default:
			i++
		}
	}
	return out
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

// IsWrite reports whether a Redis command (upper case) modifies data.
func IsWrite(cmd string) bool { return writeCommands[cmd] }

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
