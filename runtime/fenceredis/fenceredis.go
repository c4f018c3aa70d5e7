// Package fenceredis fences writes to Redis with Lua scripts that compare
// and store a fencing token atomically, and issues tokens with a Redis lease.
//
// [Set] stores a value under key and its token under the companion key
// [TokenKey](key) (key + ":fence"), only if the token is at least the stored
// one; [Del] deletes the value under the same condition and keeps the token,
// so older holders stay fenced out. Both run as one script, so nothing can
// interleave between the comparison and the write.
//
// [Claim] takes a lease on a resource and issues the next token from a
// counter (INCR), also in one script; [Release] gives the lease back.
//
// Keys in Redis Cluster: a script may only touch keys of one hash slot.
// Give your keys a hash tag ("{job:42}:result"): the companion keys add a
// suffix after it and land in the same slot.
//
// Token strength: a token counter on one primary is strictly increasing.
// With asynchronous replicas, a failover can lose the last increments and
// reissue a token; run Redis with persistence and WAIT, or issue tokens
// elsewhere (SQL, etcd) and use Set only as the fenced sink.
package fenceredis

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"time"

	"github.com/redis/go-redis/v9"

	"github.com/fencecheck/fencecheck/runtime/fence"
)

// TokenKey returns the key that holds the newest token written to key.
func TokenKey(key string) string { return key + ":fence" }

// LeaseKey returns the key that holds resource's lease (its value is the
// holder's token).
func LeaseKey(resource string) string { return resource + ":lease" }

// CounterKey returns the key of resource's token counter.
func CounterKey(resource string) string { return resource + ":tokens" }

// olderLua defines older(a, b): a < b for decimal strings of positive
// integers without leading zeros. Comparing lengths, then bytes, is exact
// for every int64, where Lua's tonumber (a double) is not above 2^53.
const olderLua = `
local function older(a, b)
  if #a ~= #b then return #a < #b end
  return a < b
end
`

// setScript: KEYS[1] value key, KEYS[2] token key; ARGV[1] value, ARGV[2]
// token. Returns {1} when written, {0, newest} when rejected.
var setScript = redis.NewScript(olderLua + `
local cur = redis.call('GET', KEYS[2])
if cur and older(ARGV[2], cur) then
  return {0, cur}
end
redis.call('SET', KEYS[1], ARGV[1])
redis.call('SET', KEYS[2], ARGV[2])
return {1}
`)

// delScript: KEYS[1] value key, KEYS[2] token key; ARGV[1] token.
var delScript = redis.NewScript(olderLua + `
local cur = redis.call('GET', KEYS[2])
if cur and older(ARGV[1], cur) then
  return {0, cur}
end
redis.call('DEL', KEYS[1])
redis.call('SET', KEYS[2], ARGV[1])
return {1}
`)

// claimScript: KEYS[1] lease key, KEYS[2] counter key; ARGV[1] lease in ms.
// Returns the new token, or 0 when the lease is held.
var claimScript = redis.NewScript(`
if redis.call('EXISTS', KEYS[1]) == 1 then
  return 0
end
local tok = redis.call('INCR', KEYS[2])
redis.call('SET', KEYS[1], tok, 'PX', ARGV[1])
return tok
`)

// releaseScript: KEYS[1] lease key; ARGV[1] token. Returns 1 when released.
var releaseScript = redis.NewScript(`
if redis.call('GET', KEYS[1]) == ARGV[1] then
  redis.call('DEL', KEYS[1])
  return 1
end
return 0
`)

// ErrUnavailable reports that a claim found the resource's lease held.
var ErrUnavailable = errors.New("fenceredis: resource is leased to another holder")

// Set stores value under key if tok is at least the newest token written to
// key, and records tok under TokenKey(key), atomically (a Lua script). It
// returns an error matching [fence.ErrStale] (a *fence.StaleError with the
// newest token) when a newer token has written: the caller has lost its
// claim and must stop. The holder of a token may Set any number of times.
// value is any value go-redis accepts as a command argument.
//
//fencecheck:guarded token=tok
func Set(ctx context.Context, c redis.Scripter, key string, tok fence.Token, value any) error {
	return run(ctx, c, setScript, "set", key, tok, value, tok.String())
}

// Del deletes key if tok is at least the newest token written to key, and
// records tok, atomically. The token key stays, so a holder of an older
// token cannot recreate key. Errors as [Set].
//
//fencecheck:guarded token=tok
func Del(ctx context.Context, c redis.Scripter, key string, tok fence.Token) error {
	return run(ctx, c, delScript, "del", key, tok, tok.String())
}

func run(ctx context.Context, c redis.Scripter, s *redis.Script, what, key string, tok fence.Token, args ...any) error {
	if !tok.Valid() {
		return fmt.Errorf("fenceredis: %s %q: invalid token %d: tokens are positive", what, key, tok)
	}
	res, err := s.Run(ctx, c, []string{key, TokenKey(key)}, args...).Slice()
	if err != nil {
		return fmt.Errorf("fenceredis: %s %q: %w", what, key, err)
	}
	if ok, _ := res[0].(int64); ok == 1 {
		return nil
	}
	stale := &fence.StaleError{Resource: key, Token: tok}
	if len(res) > 1 {
		if s, ok := res[1].(string); ok {
			if cur, err := fence.Parse(s); err == nil {
				stale.Current = cur
			}
		}
	}
	return fmt.Errorf("fenceredis: %s: %w", what, stale)
}

// Claim takes resource's lease for the given duration if no one holds it,
// and issues the next token from resource's counter, atomically (a Lua
// script: EXISTS lease, INCR counter, SET lease PX). It returns
// [ErrUnavailable] when the lease is held. The lease key expires by itself;
// the counter never does.
//
//fencecheck:acquire
func Claim(ctx context.Context, c redis.Scripter, resource string, lease time.Duration) (fence.Claim, error) {
	ms := lease.Milliseconds()
	if ms <= 0 {
		return fence.Claim{}, fmt.Errorf("fenceredis: claim %q: lease %v is shorter than 1ms", resource, lease)
	}
	start := time.Now()
	n, err := claimScript.Run(ctx, c, []string{LeaseKey(resource), CounterKey(resource)}, strconv.FormatInt(ms, 10)).Int64()
	if err != nil {
		return fence.Claim{}, fmt.Errorf("fenceredis: claim %q: %w", resource, err)
	}
	if n == 0 {
		return fence.Claim{}, fmt.Errorf("fenceredis: claim %q: %w", resource, ErrUnavailable)
	}
	return fence.Claim{Resource: resource, Token: fence.Token(n), Deadline: start.Add(lease)}, nil
}

// Release deletes resource's lease if tok still holds it, so the next claim
// need not wait for expiry. It returns an error matching [fence.ErrStale]
// when the lease has expired or been taken by a newer claim.
//
//fencecheck:release
//fencecheck:guarded token=tok
func Release(ctx context.Context, c redis.Scripter, resource string, tok fence.Token) error {
	n, err := releaseScript.Run(ctx, c, []string{LeaseKey(resource)}, tok.String()).Int64()
	if err != nil {
		return fmt.Errorf("fenceredis: release %q: %w", resource, err)
	}
	if n == 0 {
		return fmt.Errorf("fenceredis: release: %w", &fence.StaleError{Resource: resource, Token: tok})
	}
	return nil
}
