package luascript

import (
	"reflect"
	"testing"
)

var cases = []struct {
	name            string
	src             string
	writes, guarded bool
}{
	{"fenced set", `
local cur = tonumber(redis.call('GET', KEYS[2]) or '0')
if cur <= tonumber(ARGV[2]) then
  redis.call('SET', KEYS[1], ARGV[1])
  redis.call('SET', KEYS[2], ARGV[2])
  return 1
end
return 0`, true, true},
	{"plain set", `return redis.call('SET', KEYS[1], ARGV[1])`, true, false},
	{"read only", `return redis.call('GET', KEYS[1])`, false, false},
	{"owner check without read", `if ARGV[1] == 'x' then redis.call('DEL', KEYS[1]) end`, true, false},
	{"redsync unlock", `if redis.call("GET", KEYS[1]) == ARGV[1] then return redis.call("DEL", KEYS[1]) else return 0 end`, true, true},
	{"write outside the if", `local v = redis.call('GET', KEYS[1])
if tonumber(v) < tonumber(ARGV[1]) then redis.call('SET', KEYS[1], ARGV[1]) end
redis.call('HSET', KEYS[2], 'x', 1)`, true, false},
	{"commands in strings and comments", `-- redis.call('SET', k, v)
local s = "redis.call('DEL', k)"
--[[ redis.call('SET') ]]
return redis.call('GET', KEYS[1])`, false, false},
	{"dynamic command", `return redis.call(ARGV[1], KEYS[1])`, false, false},
	{"early return", `local cur = tonumber(redis.call('GET', KEYS[2]) or '0')
if tonumber(ARGV[1]) <= cur then
  return 0
end
redis.call('SET', KEYS[2], ARGV[1])
redis.call('SET', KEYS[1], ARGV[2])
return 1`, true, true},
	{"early return without a comparison", `if redis.call('EXISTS', KEYS[1]) then return 0 end
redis.call('SET', KEYS[1], ARGV[1])`, true, false},
	{"nested block", `local cur = redis.call('HGET', KEYS[1], 'fence')
if not cur or tonumber(cur) < tonumber(ARGV[1]) then
  for i = 1, 2 do redis.call('HSET', KEYS[1], 'v', ARGV[2]) end
end`, true, true},
}

func TestAnalyze(t *testing.T) {
	for _, c := range cases {
		got := Analyze(c.src)
		if got.Writes != c.writes || got.Guarded != c.guarded {
			t.Errorf("%s: Writes=%v Guarded=%v, want %v %v (commands %v)", c.name, got.Writes, got.Guarded, c.writes, c.guarded, got.Commands)
		}
	}
}

func TestCommands(t *testing.T) {
	got := Analyze(`redis.call('get', KEYS[1]); redis.pcall ( "Set" , KEYS[1], 1)`).Commands
	if want := []string{"GET", "SET"}; !reflect.DeepEqual(got, want) {
		t.Errorf("commands %v, want %v", got, want)
	}
}

func FuzzAnalyze(f *testing.F) {
	for _, c := range cases {
		f.Add(c.src)
	}
	f.Add(`[[`)
	f.Add(`--[==[`)
	f.Add(`redis.call(`)
	f.Add(`"\`)
	for _, c := range shapes {
		f.Add(c.src)
	}
	f.Fuzz(func(t *testing.T, src string) {
		s := Analyze(src)
		if s.Guarded && !s.Writes {
			t.Errorf("guarded without writes: %q", src)
		}
		if s.Guarded && s.StateGuarded {
			t.Errorf("token- and state-guarded at once: %q", src)
		}
		if s.StateCheck != "" && !s.StateGuarded {
			t.Errorf("state check without a state guard: %q", src)
		}
		if !reflect.DeepEqual(s, Analyze(src)) {
			t.Errorf("not deterministic: %q", src)
		}
	})
}

func TestTokenArg(t *testing.T) {
	s := Analyze(`local cur = tonumber(redis.call('GET', KEYS[2]) or '0')
if tonumber(ARGV[3]) <= cur then return 0 end
redis.call('SET', KEYS[1], ARGV[1])`)
	if !s.Guarded || s.TokenArg != 3 {
		t.Errorf("Guarded=%v TokenArg=%d, want true 3", s.Guarded, s.TokenArg)
	}
	if s := Analyze(`return redis.call('SET', KEYS[1], ARGV[1])`); s.TokenArg != 0 {
		t.Errorf("unguarded script TokenArg=%d, want 0", s.TokenArg)
	}
}

// shapes are scripts read by structure: claims, state guards and token
// guards.
var shapes = []struct {
	name                   string
	src                    string
	claims, guarded, state bool
	check                  string
}{
	{"rpoplpush then zadd deadline", `local id = redis.call('RPOPLPUSH', KEYS[1], KEYS[2])
if id then redis.call('ZADD', KEYS[3], ARGV[1], id) end
return id`, true, false, false, ""},
	{"lmove then set px", `local id = redis.call('LMOVE', KEYS[1], KEYS[2], 'RIGHT', 'LEFT')
if not id then return nil end
redis.call('SET', 'lease:' .. id, ARGV[1], 'PX', ARGV[2])
return id`, true, false, false, ""},
	{"zpopmin then hset lease", `local r = redis.call('ZPOPMIN', KEYS[1])
if #r == 0 then return nil end
redis.call('HSET', KEYS[2] .. r[1], 'lease_until', ARGV[1])
return r[1]`, true, false, false, ""},
	{"spop then pexpire", `local id = redis.call('SPOP', KEYS[1])
redis.call('SET', KEYS[2] .. id, ARGV[1])
redis.call('PEXPIRE', KEYS[2] .. id, ARGV[2])
return id`, true, false, false, ""},
	{"pop without expiry", `local id = redis.call('RPOPLPUSH', KEYS[1], KEYS[2])
redis.call('HSET', KEYS[3], 'status', 'running')
return id`, false, false, false, ""},
	{"set px without pop", `return redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])`, false, false, false, ""},
	{"exists guard", `if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('SET', KEYS[2], ARGV[1])
return 1`, false, false, true, "EXISTS"},
	{"lrem guard", `if redis.call('LREM', KEYS[1], 0, ARGV[1]) == 0 then return 0 end
redis.call('HSET', KEYS[2], 'result', ARGV[2])
return 1`, false, false, true, "LREM"},
	{"zrem guard through a local", `local removed = redis.call('ZREM', KEYS[1], ARGV[1])
if removed == 0 then
  return 0
end
redis.call('RPUSH', KEYS[2], ARGV[1])
return 1`, false, false, true, "ZREM"},
	{"sismember guard", `if redis.call('SISMEMBER', KEYS[1], ARGV[1]) == 1 then
  redis.call('SET', KEYS[2], ARGV[2])
end`, false, false, true, "SISMEMBER"},
	{"member argument is not a token", `if redis.call('ZSCORE', KEYS[1], ARGV[1]) == false then return 0 end
redis.call('SET', KEYS[2], ARGV[2])`, false, false, true, "ZSCORE"},
	{"stored state compared with a literal", `local state = redis.call('HGET', KEYS[1], 'state')
if state ~= 'running' then return 0 end
redis.call('HSET', KEYS[1], 'state', 'done')`, false, false, true, "HGET"},
	{"token compared through locals", `local tok = tonumber(ARGV[1])
local cur = tonumber(redis.call('HGET', KEYS[1], 'fence') or '0')
if tok < cur then return 0 end
redis.call('HSET', KEYS[1], 'fence', tok, 'v', ARGV[2])`, false, true, false, ""},
	{"owner compared", `if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[2], ARGV[2])`, false, true, false, ""},
	{"state then token", `if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
local cur = tonumber(redis.call('GET', KEYS[2]) or '0')
if tonumber(ARGV[1]) <= cur then return 0 end
redis.call('SET', KEYS[1], ARGV[2])`, false, true, false, ""},
	{"comparison in a function of the script", `
local function older(a, b)
  if #a ~= #b then return #a < #b end
  return a < b
end
local cur = redis.call('GET', KEYS[2])
if cur and older(ARGV[2], cur) then
  return {0, cur}
end
redis.call('SET', KEYS[1], ARGV[1])
redis.call('SET', KEYS[2], ARGV[2])
return {1}`, false, true, false, ""},
	{"conversion is not a comparison", `local cur = redis.call('GET', KEYS[1])
if tonumber(cur) then return 0 end
redis.call('SET', KEYS[1], ARGV[1])`, false, false, true, "GET"},
	{"elseif branch", `local cur = redis.call('GET', KEYS[1])
if cur == false then
  return 0
elseif tonumber(cur) < tonumber(ARGV[1]) then
  redis.call('SET', KEYS[1], ARGV[1])
end`, false, true, false, ""},
}

func TestShapes(t *testing.T) {
	for _, c := range shapes {
		got := Analyze(c.src)
		if got.Claims != c.claims || got.Guarded != c.guarded || got.StateGuarded != c.state || got.StateCheck != c.check {
			t.Errorf("%s: Claims=%v Guarded=%v StateGuarded=%v StateCheck=%q, want %v %v %v %q (commands %v)",
				c.name, got.Claims, got.Guarded, got.StateGuarded, got.StateCheck, c.claims, c.guarded, c.state, c.check, got.Commands)
		}
	}
}
