// Package rdb runs Redis scripts through wrappers whose script is a
// parameter, as task queues do; RunScript serves other packages.
package rdb

import (
	"context"

	"github.com/redis/go-redis/v9"
)

// RDB is the queue's Redis store.
type RDB struct {
	client *redis.Client
}

// doneCmd marks a task done without looking at who holds it.
var doneCmd = redis.NewScript(`
redis.call("LREM", KEYS[1], 0, ARGV[1])
redis.call("SET", KEYS[2], "done")
return 1`)

// runScript runs script and maps its errors: what it does depends on the
// script its caller passes.
func (r *RDB) runScript(ctx context.Context, op string, script *redis.Script, keys []string, args ...any) error { // want runScript:`fence:script\(2\)`
	if err := script.Run(ctx, r.client, keys, args...).Err(); err != nil {
		return err
	}
	return nil
}

// RunScript is runScript for other packages.
func (r *RDB) RunScript(ctx context.Context, op string, script *redis.Script, keys []string, args ...any) error { // want RunScript:`fence:script\(2\)`
	return script.Run(ctx, r.client, keys, args...).Err()
}

// Forget runs the unfenced script without a lease.
func (r *RDB) Forget(ctx context.Context, id string) error { // want Forget:`fence:writes\(\(\*rdb\.RDB\)\.runScript\)`
	return r.runScript(ctx, "done", doneCmd, []string{"active", "task:" + id}, id) // ok: no lease is held here
}
