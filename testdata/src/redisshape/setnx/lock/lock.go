// Package lock is a hand-written Redis lock: SET key value NX PX ttl,
// renewed and released by scripts that act only while the key holds the
// holder's value.
package lock

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

var (
	unlock = redis.NewScript(`if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`)
	extend = redis.NewScript(`if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("pexpire", KEYS[1], ARGV[2]) else return 0 end`)
)

// Lock is a lock held in a Redis key.
type Lock struct {
	rdb   *redis.Client
	key   string
	value string
	ttl   time.Duration
}

// New returns the lock on name.
func New(rdb *redis.Client, name, value string) *Lock {
	return &Lock{rdb: rdb, key: "lock:" + name, value: value, ttl: 30 * time.Second}
}

// TryLock takes the lock; it reports whether it did.
func (l *Lock) TryLock(ctx context.Context) (bool, error) {
	return l.rdb.SetNX(ctx, l.key, l.value, l.ttl).Result()
}

// Refresh extends the lock while it is still ours.
func (l *Lock) Refresh(ctx context.Context) error {
	return extend.Run(ctx, l.rdb, []string{l.key}, l.value, l.ttl.Milliseconds()).Err()
}

// Unlock releases the lock while it is still ours.
func (l *Lock) Unlock(ctx context.Context) error {
	return unlock.Run(ctx, l.rdb, []string{l.key}, l.value).Err()
}

// Once marks an event seen for a day; nothing deletes or extends the
// mark, so it is a create-only write, not a lock.
func Once(ctx context.Context, rdb *redis.Client, event string) (bool, error) {
	return rdb.SetNX(ctx, "seen:"+event, 1, 24*time.Hour).Result()
}
