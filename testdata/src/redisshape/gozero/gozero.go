// Package gozero writes under go-zero's RedisLock.
package gozero

import (
	"context"
	"database/sql"

	"github.com/zeromicro/go-zero/core/stores/redis"
)

// Settle settles an order under the order's lock, then logs it.
func Settle(ctx context.Context, rds *redis.Redis, db *sql.DB, id int64) error {
	lock := redis.NewRedisLock(rds, "order-lock")
	lock.SetExpire(10)
	ok, err := lock.AcquireCtx(ctx)
	if err != nil || !ok {
		return err
	}
	if _, err := db.ExecContext(ctx, `UPDATE orders SET settled = true WHERE id = $1`, id); err != nil { // want `updates orders under a lease without a fencing token`
		return err
	}
	if _, err := lock.ReleaseCtx(ctx); err != nil {
		return err
	}
	_, err = db.ExecContext(ctx, `UPDATE orders SET logged = true WHERE id = $1`, id) // ok: the lock was released
	return err
}
