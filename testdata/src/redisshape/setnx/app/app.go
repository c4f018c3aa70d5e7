// Package app writes under the hand-written lock of package lock.
package app

import (
	"context"
	"database/sql"

	"github.com/redis/go-redis/v9"

	"redisshape/setnx/lock"
)

// Settle settles an account under the lock.
func Settle(ctx context.Context, rdb *redis.Client, db *sql.DB, id string) error {
	l := lock.New(rdb, "settle:"+id, "worker-1")
	ok, err := l.TryLock(ctx)
	if err != nil || !ok {
		return err
	}
	defer l.Unlock(ctx)
	if _, err := db.ExecContext(ctx, "UPDATE accounts SET settled = true WHERE id = $1", id); err != nil { // want `updates accounts under a lease without a fencing token`
		return err
	}
	if err := l.Refresh(ctx); err != nil { // ok: a renewal of the lock
		return err
	}
	return rdb.Set(ctx, "settled:"+id, "1", 0).Err() // want `writes under a lease without a fencing token`
}

// Notify sends a notification once per event: a create-only mark is no
// lock, so the write after it is under no lease.
func Notify(ctx context.Context, rdb *redis.Client, db *sql.DB, event string) error {
	first, err := lock.Once(ctx, rdb, event)
	if err != nil || !first {
		return err
	}
	_, err = db.ExecContext(ctx, "UPDATE events SET notified = true WHERE id = $1", event) // ok: no lease is held
	return err
}
