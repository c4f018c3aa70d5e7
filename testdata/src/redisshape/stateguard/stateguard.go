// Package stateguard writes through Lua scripts under a lease. A script
// that tests only existence, membership or a removal's count before
// writing does not fence (a newer attempt on the same id passes the test
// too): it is a state guard. A script that compares the caller's token in
// ARGV with the stored one fences.
package stateguard

import (
	"context"
	"errors"

	redigo "github.com/gomodule/redigo/redis"
	"github.com/redis/go-redis/v9"
)

var errStale = errors.New("stateguard: stale")

// finishIfRunning records the result only while the job is in the
// processing list: LREM … == 0 tests membership.
var finishIfRunning = redis.NewScript(`
if redis.call('LREM', KEYS[1], 0, ARGV[1]) == 0 then
  return 0
end
redis.call('HSET', KEYS[2], 'result', ARGV[2])
return 1`)

// finishIfFenced records the result only when the caller's token is not
// older than the stored one.
var finishIfFenced = redis.NewScript(`
local cur = tonumber(redis.call('HGET', KEYS[2], 'fence') or '0')
if tonumber(ARGV[1]) < cur then
  return 0
end
redis.call('HSET', KEYS[2], 'fence', ARGV[1], 'result', ARGV[2])
return 1`)

// setIfExists writes only when the key exists.
const setIfExists = `if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('SET', KEYS[1], ARGV[1])
return 1`

// completeIfMember writes inside an if on SISMEMBER.
const completeIfMember = `if redis.call('SISMEMBER', KEYS[1], ARGV[1]) == 1 then
  redis.call('SREM', KEYS[1], ARGV[1])
  redis.call('RPUSH', KEYS[2], ARGV[1])
  return 1
end
return 0`

// ownerSet writes only when the stored owner is the caller's.
const ownerSet = `if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
redis.call('SET', KEYS[2], ARGV[2])
return 1`

// Finish records a job's result.
//
//fencecheck:handler
func Finish(ctx context.Context, rdb *redis.Client, id string, token int64, result string) error {
	n, err := finishIfRunning.Run(ctx, rdb, []string{"processing", "job:" + id}, id, result).Int64() // want `does not fence: the script tests only the result of LREM before writing, which a newer attempt on the same id passes too`
	if err != nil {
		return err
	}
	if n == 0 {
		return errStale
	}
	n, err = finishIfFenced.Run(ctx, rdb, []string{"processing", "job:" + id}, token, result).Int64() // ok: the script compares the caller's token with the stored one
	if err != nil {
		return err
	}
	if n == 0 {
		return errStale
	}
	return nil
}

// Touch writes through Eval.
//
//fencecheck:handler
func Touch(ctx context.Context, rdb *redis.Client, id string) error {
	n, err := rdb.Eval(ctx, setIfExists, []string{"job:" + id}, "touched").Int() // want `the script tests only the result of EXISTS`
	if err != nil {
		return err
	}
	if n == 0 {
		return errStale
	}
	return nil
}

// Complete moves a member through redigo.
//
//fencecheck:handler
func Complete(conn redigo.Conn, id, owner string) error {
	n, err := redigo.Int64(conn.Do("EVAL", completeIfMember, 2, "running", "done", id)) // want `the script tests only the result of SISMEMBER`
	if err != nil {
		return err
	}
	if n == 0 {
		return errStale
	}
	n, err = redigo.Int64(conn.Do("EVAL", ownerSet, 2, "owner:"+id, "job:"+id, owner, "done")) // ok: the script compares ARGV with the stored owner
	if err != nil {
		return err
	}
	if n == 0 {
		return errStale
	}
	return nil
}
