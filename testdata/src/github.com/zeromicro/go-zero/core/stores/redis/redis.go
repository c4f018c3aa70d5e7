// Package redis synthesizes the part of
// github.com/zeromicro/go-zero/core/stores/redis that fencecheck's tests
// need, with the real signatures.
package redis

import "context"

// Redis is go-zero's Redis client.
type Redis struct{ Addr string }

// New returns a client.
func New(addr string) *Redis { return &Redis{Addr: addr} }

// Hset sets a hash field.
func (s *Redis) Hset(key, field, value string) error { return nil }

// A RedisLock is a redis lock.
type RedisLock struct {
	store   *Redis
	seconds uint32
	key     string
	id      string
}

// NewRedisLock returns a RedisLock.
func NewRedisLock(store *Redis, key string) *RedisLock { return &RedisLock{store: store, key: key} }

// Acquire acquires the lock.
func (rl *RedisLock) Acquire() (bool, error) { return false, nil }

// AcquireCtx acquires the lock with the given ctx.
func (rl *RedisLock) AcquireCtx(ctx context.Context) (bool, error) { return false, nil }

// Release releases the lock.
func (rl *RedisLock) Release() (bool, error) { return false, nil }

// ReleaseCtx releases the lock with the given ctx.
func (rl *RedisLock) ReleaseCtx(ctx context.Context) (bool, error) { return false, nil }

// SetExpire sets the expiration.
func (rl *RedisLock) SetExpire(seconds int) {}
