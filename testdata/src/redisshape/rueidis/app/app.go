// Package app writes under the rueidis lock of package lock, taken by a
// helper of that package that returns the command's result.
package app

import (
	"context"
	"database/sql"

	"github.com/redis/rueidis"

	"redisshape/rueidis/lock"
)

// Settle settles an account under the lock.
func Settle(ctx context.Context, client rueidis.Client, db *sql.DB, id string) error {
	l := lock.New(client, "settle:"+id, "worker-1")
	if err := l.TryLock(ctx); err != nil {
		return err
	}
	defer l.Unlock(ctx)
	if _, err := db.ExecContext(ctx, "UPDATE accounts SET settled = true WHERE id = $1", id); err != nil { // want `updates accounts under a lease without a fencing token`
		return err
	}
	if err := l.Refresh(ctx); err != nil { // ok: a renewal of the lock
		return err
	}
	return client.Do(ctx, client.B().Set().Key("settled:"+id).Value("1").Build()).Error() // want `sets under a lease without a fencing token`
}

// Notify sends a notification once per event: a create-only mark is no
// lock, so the write after it is under no lease.
func Notify(ctx context.Context, client rueidis.Client, db *sql.DB, event string) error {
	first, err := lock.Once(ctx, client, event)
	if err != nil || !first {
		return err
	}
	_, err = db.ExecContext(ctx, "UPDATE events SET notified = true WHERE id = $1", event) // ok: no lease is held
	return err
}
