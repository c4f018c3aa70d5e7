// Package eapp writes under the lock of package elock, whose release is
// a script embedded from a file.
package eapp

import (
	"context"
	"database/sql"

	"github.com/redis/go-redis/v9"

	"redisshape/embedded/elock"
)

// Settle settles an account under the lock.
func Settle(ctx context.Context, rdb *redis.Client, db *sql.DB, id string) error {
	l := elock.New(rdb, "settle:"+id, "worker-1")
	ok, err := l.TryLock(ctx)
	if err != nil || !ok {
		return err
	}
	defer l.Unlock(ctx)
	_, err = db.ExecContext(ctx, "UPDATE accounts SET settled = true WHERE id = $1", id) // want `updates accounts under a lease without a fencing token`
	return err
}

// Notify writes after a once-only mark, which is no lock.
func Notify(ctx context.Context, rdb *redis.Client, db *sql.DB, event string) error {
	k := elock.NewMark(rdb, event)
	first, err := k.First(ctx)
	if err != nil || !first {
		return err
	}
	defer k.Count(ctx)
	_, err = db.ExecContext(ctx, "UPDATE events SET notified = true WHERE id = $1", event) // ok: no lease is held
	return err
}
