// Package onceuse calls a pool of another package under a lock.
package onceuse

import (
	"context"
	"time"

	"github.com/bsm/redislock"

	"goroutines/oncelib"
)

// run holds a lock while it uses the pool.
func run(ctx context.Context, rc redislock.RedisClient, p *oncelib.Pool, id int64) {
	lock, err := redislock.Obtain(ctx, rc, "job:lock", time.Minute, nil)
	if err != nil {
		return
	}
	defer lock.Release(ctx)
	p.Ensure(ctx)   // ok: the flusher it starts runs once for the pool, under no caller's lock
	p.Kick(ctx, id) // want `call to \(\*oncelib\.Pool\)\.Kick writes jobs via \(\*oncelib\.Pool\)\.mark`
}
