// Package rdbuser runs scripts of its own through another package's
// script wrapper.
package rdbuser

import (
	"context"

	"github.com/go-redsync/redsync/v4"
	"github.com/redis/go-redis/v9"

	"wrappers/rdb"
)

var archiveCmd = redis.NewScript(`
redis.call("RENAME", KEYS[1], KEYS[2])
return 1`)

var guardedArchiveCmd = redis.NewScript(`
if redis.call("GET", KEYS[3]) == ARGV[1] then
  redis.call("RENAME", KEYS[1], KEYS[2])
  return 1
end
return 0`)

// Archive moves a task under its lock through the wrapper of package rdb.
func Archive(ctx context.Context, r *rdb.RDB, rs *redsync.Redsync, id string) error {
	m := rs.NewMutex("task:" + id)
	if err := m.LockContext(ctx); err != nil {
		return err
	}
	return r.RunScript(ctx, "archive", archiveCmd, []string{"task:" + id, "archived:" + id}) // want `RunScript writes under a lease without a fencing token`
}

// GuardedArchive moves a task only while the caller's value is current.
func GuardedArchive(ctx context.Context, r *rdb.RDB, rs *redsync.Redsync, id, val string) error {
	m := rs.NewMutex("task:" + id)
	if err := m.LockContext(ctx); err != nil {
		return err
	}
	return r.RunScript(ctx, "archive", guardedArchiveCmd, []string{"task:" + id, "archived:" + id, "owner:" + id}, val) // ok: the script checks the owner before it writes
}
