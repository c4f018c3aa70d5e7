// Package docs updates documents under the lock locks hands out through
// its Locker interface.
package docs

import (
	"context"

	"ifaces/locks"
)

// Bump increments a document's version under its lock.
func Bump(ctx context.Context, svc *locks.Store, id string) error {
	l := svc.NewLock(id)
	if err := l.Lock(ctx); err != nil {
		svc.Put(ctx, locks.Doc{ID: id}) // ok: the lock was not taken
		return err
	}
	defer l.Unlock(ctx)
	cur, err := svc.Get(ctx, id)
	if err != nil {
		return err
	}
	cur.Version++
	return svc.Put(ctx, cur) // want `call to \(\*locks\.Store\)\.Put writes via \(redis\.cmdable\)\.Set without a fencing token`
}

// BumpUnlocked increments a document's version without a lock.
func BumpUnlocked(ctx context.Context, svc *locks.Store, id string) error {
	cur, err := svc.Get(ctx, id)
	if err != nil {
		return err
	}
	cur.Version++
	return svc.Put(ctx, cur) // ok: no lock is held
}
