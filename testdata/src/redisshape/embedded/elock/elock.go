// Package elock is a hand-written Redis lock whose scripts live in files
// the package embeds.
package elock

import (
	"context"
	_ "embed"
	"time"

	"github.com/redis/go-redis/v9"
)

//go:embed unlock.lua
var unlockSrc string

//go:embed extend.lua
var extendSrc []byte

//go:embed bump.lua
var bumpSrc string

var (
	unlock = redis.NewScript(unlockSrc)
	extend = redis.NewScript(string(extendSrc))
	bump   = redis.NewScript(bumpSrc)
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

// Mark is a once-only mark whose only script counts: nothing deletes or
// extends the key, so its SET NX is a create-only write, not a lock.
type Mark struct {
	rdb *redis.Client
	key string
}

// NewMark returns the mark of event.
func NewMark(rdb *redis.Client, event string) *Mark {
	return &Mark{rdb: rdb, key: "mark:" + event}
}

// First reports whether this is the first time the mark is set.
func (k *Mark) First(ctx context.Context) (bool, error) {
	return k.rdb.SetNX(ctx, k.key, 1, time.Hour).Result()
}

// Count counts the mark's hits with the embedded script.
func (k *Mark) Count(ctx context.Context) error {
	return bump.Run(ctx, k.rdb, []string{k.key}).Err()
}
