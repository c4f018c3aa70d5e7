// Package compat takes a lock through rueidiscompat, rueidis's adapter with
// go-redis's command methods: SetNX checked by its value, DEL releases.
package compat

import (
	"context"
	"time"

	"github.com/redis/rueidis"
	"github.com/redis/rueidis/rueidiscompat"
)

// Rebuild takes a lock with SetNX and releases it with Del.
func Rebuild(ctx context.Context, client rueidis.Client, id string) error {
	rdb := rueidiscompat.NewAdapter(client)
	key := "rebuild:" + id
	ok, err := rdb.SetNX(ctx, key, 1, time.Minute).Result()
	if err != nil || !ok {
		return err
	}
	defer rdb.Del(ctx, key)
	rdb.HSetNX(ctx, "report:"+id, "created", time.Now().Unix()) // ok: create-only, it cannot overwrite newer state
	rdb.PExpire(ctx, key, time.Minute)                          // ok: a renewal of the lock
	return rdb.HSet(ctx, "report:"+id, "state", "built").Err()  // want `writes under a lease without a fencing token`
}

// ByErr looks only at SetNX's error, which says nothing about whether the
// key was set: not a lock.
func ByErr(ctx context.Context, rdb rueidiscompat.Cmdable, id string) error {
	key := "rebuild:" + id
	if err := rdb.SetNX(ctx, key, 1, time.Minute).Err(); err != nil { // ok: create-only, it cannot overwrite newer state
		return err
	}
	defer rdb.Del(ctx, key)
	return rdb.Set(ctx, "report:"+id, "built", 0).Err() // ok: no lease is held
}
