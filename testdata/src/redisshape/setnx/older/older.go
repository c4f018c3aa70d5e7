// Package older takes hand-written Redis locks with go-redis v8 and v7,
// the import paths before v9.
package older

import (
	"context"
	"time"

	redis7 "github.com/go-redis/redis/v7"
	"github.com/go-redis/redis/v8"
)

// Eight takes a lock with go-redis v8 and releases it with Del.
func Eight(ctx context.Context, rdb *redis.Client, id string) error {
	key := "lock:" + id
	if !rdb.SetNX(ctx, key, "me", time.Minute).Val() {
		return nil
	}
	defer rdb.Del(ctx, key)
	rdb.HSetNX(ctx, "job:"+id, "started", 1)               // ok: create-only, it cannot overwrite newer state
	return rdb.HSet(ctx, "job:"+id, "state", "done").Err() // want `writes under a lease without a fencing token`
}

// EightUnlocked writes with go-redis v8 under no lease.
func EightUnlocked(ctx context.Context, rdb *redis.Client, id string) error {
	return rdb.HSet(ctx, "job:"+id, "state", "done").Err() // ok: no lease is held
}

// Seven takes a lock with go-redis v7, whose methods take no context.
func Seven(rdb *redis7.Client, id string) error {
	key := "lock7:" + id
	ok, err := rdb.SetNX(key, "me", time.Minute).Result()
	if err != nil || !ok {
		return err
	}
	defer rdb.Del(key)
	return rdb.Set("job7:"+id, "done", 0).Err() // want `writes under a lease without a fencing token`
}

// SevenSeen marks a job seen with go-redis v7: nothing deletes the mark.
func SevenSeen(rdb *redis7.Client, id string) error {
	if ok, err := rdb.SetNX("seen7:"+id, 1, time.Hour).Result(); err != nil || !ok {
		return err
	}
	return rdb.Set("job7:"+id, "seen", 0).Err() // ok: no lease is held
}
