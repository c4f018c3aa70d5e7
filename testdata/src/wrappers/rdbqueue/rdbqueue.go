// Package rdb runs its Redis scripts through one wrapper whose script is a
// parameter, as task queues do.
package rdbqueue

import (
	"context"

	"github.com/go-redsync/redsync/v4"
	"github.com/redis/go-redis/v9"
)

// RDB is the queue's Redis store.
type RDB struct {
	client *redis.Client
	rs     *redsync.Redsync
}

// doneCmd marks a task done without looking at who holds it.
var doneCmd = redis.NewScript(`
redis.call("LREM", KEYS[1], 0, ARGV[1])
redis.call("SET", KEYS[2], "done")
return 1`)

// fencedDoneCmd marks a task done only when the caller's token is still
// the current one.
var fencedDoneCmd = redis.NewScript(`
local cur = tonumber(redis.call("GET", KEYS[3]) or "0")
if tonumber(ARGV[2]) < cur then
  return 0
end
redis.call("LREM", KEYS[1], 0, ARGV[1])
redis.call("SET", KEYS[2], "done")
return 1`)

// statsCmd only reads.
var statsCmd = redis.NewScript(`return redis.call("LLEN", KEYS[1])`)

// runScript runs script and maps its errors: what it does depends on the
// script its caller passes.
func (r *RDB) runScript(ctx context.Context, op string, script *redis.Script, keys []string, args ...any) error {
	if err := script.Run(ctx, r.client, keys, args...).Err(); err != nil {
		return err
	}
	return nil
}

// Done marks a task done under the task's lock: the script writes without
// a token.
func (r *RDB) Done(ctx context.Context, id string) error {
	m := r.rs.NewMutex("task:" + id)
	if err := m.LockContext(ctx); err != nil {
		return err
	}
	keys := []string{"active", "task:" + id}
	return r.runScript(ctx, "done", doneCmd, keys, id) // want `runScript writes under a lease without a fencing token`
}

// FencedDone marks a task done under its lock through the fenced script.
func (r *RDB) FencedDone(ctx context.Context, id string, tok int64) error {
	m := r.rs.NewMutex("task:" + id)
	if err := m.LockContext(ctx); err != nil {
		return err
	}
	keys := []string{"active", "task:" + id, "fence:" + id}
	return r.runScript(ctx, "done", fencedDoneCmd, keys, id, tok) // ok: the script compares the token before it writes
}

// Stats runs a read-only script under the lock.
func (r *RDB) Stats(ctx context.Context, id string) error {
	m := r.rs.NewMutex("task:" + id)
	if err := m.LockContext(ctx); err != nil {
		return err
	}
	return r.runScript(ctx, "stats", statsCmd, []string{"active"}) // ok: the script only reads
}
