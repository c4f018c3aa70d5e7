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
	f.Fuzz(func(t *testing.T, src string) {
		s := Analyze(src)
		if s.Guarded && !s.Writes {
			t.Errorf("guarded without writes: %q", src)
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
