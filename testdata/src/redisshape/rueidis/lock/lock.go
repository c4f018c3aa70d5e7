// Package lock is a hand-written rueidis lock: SET key value NX PX ttl,
// built with the command builder, renewed and released by Lua scripts
// that act only while the key holds the holder's value.
package lock

import (
	"context"
	"time"

	"github.com/redis/rueidis"
)

var (
	unlock = rueidis.NewLuaScript(`if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("del", KEYS[1]) else return 0 end`)
	extend = rueidis.NewLuaScript(`if redis.call("get", KEYS[1]) == ARGV[1] then return redis.call("pexpire", KEYS[1], ARGV[2]) else return 0 end`)
)

// Lock is a lock held in a Redis key.
type Lock struct {
	client rueidis.Client
	key    string
	value  string
	ttl    time.Duration
}

// New returns the lock on name.
func New(client rueidis.Client, name, value string) *Lock {
	return &Lock{client: client, key: "lock:" + name, value: value, ttl: 30 * time.Second}
}

// TryLock takes the lock; a nil reply (rueidis.IsRedisNil) says another
// holder has it.
func (l *Lock) TryLock(ctx context.Context) error {
	return l.client.Do(ctx, l.client.B().Set().Key(l.key).Value(l.value).Nx().Px(l.ttl).Build()).Error()
}

// Refresh extends the lock while it is still ours.
func (l *Lock) Refresh(ctx context.Context) error {
	return extend.Exec(ctx, l.client, []string{l.key}, []string{l.value, "30000"}).Error()
}

// Unlock releases the lock while it is still ours.
func (l *Lock) Unlock(ctx context.Context) error {
	return unlock.Exec(ctx, l.client, []string{l.key}, []string{l.value}).Error()
}

// Once marks an event seen for a day; nothing deletes or extends the
// mark, so it is a create-only write, not a lock.
func Once(ctx context.Context, client rueidis.Client, event string) (bool, error) {
	err := client.Do(ctx, client.B().Set().Key("seen:"+event).Value("1").Nx().Ex(24*time.Hour).Build()).Error()
	if rueidis.IsRedisNil(err) {
		return false, nil
	}
	return err == nil, err
}
