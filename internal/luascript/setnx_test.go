package luascript

import "testing"

// TestSetsIfAbsent checks the create-only SETs of scripts: SET … NX with
// and without an expiry, SETNX, and SETs that overwrite.
func TestSetsIfAbsent(t *testing.T) {
	for _, tc := range []struct {
		src               string
		ifAbsent, expires bool
	}{
		{`return redis.call("SET", KEYS[1], ARGV[1], "NX", "PX", ARGV[2])`, true, true},
		{`return redis.call('set', KEYS[1], ARGV[1], 'ex', 30, 'nx')`, true, true},
		{`return redis.call("SET", KEYS[1], ARGV[1], "NX")`, true, false},
		{`return redis.call("SETNX", KEYS[1], ARGV[1])`, true, false},
		{`if redis.call("GET", KEYS[1]) == ARGV[1] then
    redis.call("SET", KEYS[1], ARGV[1], "PX", ARGV[2])
    return "OK"
else
    return redis.call("SET", KEYS[1], ARGV[1], "NX", "PX", ARGV[2])
end`, true, true},
		{`return redis.call("SET", KEYS[1], ARGV[1], "PX", ARGV[2])`, false, false},
		{`-- redis.call("SET", KEYS[1], ARGV[1], "NX")`, false, false},
	} {
		a, e := SetsIfAbsent(tc.src)
		if a != tc.ifAbsent || e != tc.expires {
			t.Errorf("SetsIfAbsent(%q) = %v, %v; want %v, %v", tc.src, a, e, tc.ifAbsent, tc.expires)
		}
	}
}
