// Package editor edits documents under their lock.
package editor

import (
	"context"

	"github.com/redis/go-redis/v9"

	"example.com/services/locks"
)

// Bump increments a document's version under its lock. The lock does not
// stop a paused editor: Put overwrites whatever a newer holder wrote.
func Bump(ctx context.Context, svc *locks.Service, id string) error {
	l := svc.NewLock(id)
	if err := l.Lock(ctx); err != nil {
		return err
	}
	defer l.Unlock(ctx)
	cur, err := svc.Get(ctx, id)
	if err != nil {
		return err
	}
	cur.Version++
	return svc.Put(ctx, cur) // finding: unfenced
}

// Touch writes without taking the lock.
func Touch(ctx context.Context, svc *locks.Service, id string) error {
	cur, err := svc.Get(ctx, id)
	if err != nil {
		return err
	}
	return svc.Put(ctx, cur) // ok: no lease is held (inventory: unscoped)
}

// Retry gives up when the lock is busy and writes nothing.
func Retry(ctx context.Context, svc *locks.Service, id string) error {
	l := svc.NewLock(id)
	if err := l.Lock(ctx); err != nil {
		return svc.Put(ctx, locks.Doc{ID: id, Body: "busy"}) // ok: the lock was not taken (inventory: unscoped)
	}
	_, err := l.Unlock(ctx)
	return err
}

// Rename renames a document under a redislock lock, releasing it before a
// final write.
func Rename(ctx context.Context, svc *locks.Service, id, name string) error {
	unlock, err := svc.Acquire(ctx, id)
	if err != nil {
		return err
	}
	cur, err := svc.Get(ctx, id)
	if err != nil {
		unlock()
		return err
	}
	cur.Body = name
	if err := svc.Put(ctx, cur); err != nil { // finding: unfenced
		unlock()
		return err
	}
	unlock()
	return svc.Put(ctx, locks.Doc{ID: id + ":renamed"}) // ok: the lock was released (inventory: unscoped)
}

// archiveCmd moves a document aside without a fencing check.
var archiveCmd = redis.NewScript(`
redis.call("RENAME", KEYS[1], KEYS[2])
return 1`)

// guardedArchiveCmd moves a document aside only while its version is the
// one the caller read.
var guardedArchiveCmd = redis.NewScript(`
if redis.call("HGET", KEYS[1], "version") == ARGV[1] then
  redis.call("RENAME", KEYS[1], KEYS[2])
  return 1
end
return 0`)

// Archive moves a document aside under its lock through the store's
// script wrapper.
func Archive(ctx context.Context, svc *locks.Service, id string) error {
	l := svc.NewLock(id)
	if err := l.Lock(ctx); err != nil {
		return err
	}
	defer l.Unlock(ctx)
	return svc.RunScript(ctx, "archive", archiveCmd, []string{"doc:" + id, "archived:" + id}) // finding: unfenced
}

// ArchiveChecked moves a document aside only if its version is unchanged.
func ArchiveChecked(ctx context.Context, svc *locks.Service, id, version string) error {
	l := svc.NewLock(id)
	if err := l.Lock(ctx); err != nil {
		return err
	}
	defer l.Unlock(ctx)
	return svc.RunScript(ctx, "archive", guardedArchiveCmd, []string{"doc:" + id, "archived:" + id}, version) // ok: the script compares the version before it writes (inventory: fenced)
}
