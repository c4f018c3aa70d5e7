// Package once starts goroutines under a lock: some once per consumer,
// which serve every worker after the one that started them, and some per
// call, which do the worker's own work.
package once

import (
	"context"
	"database/sql"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bsm/redislock"
)

// Consumer runs workers, each under a lock of its own, and one fetcher.
type Consumer struct {
	redis      redislock.RedisClient
	db         *sql.DB
	numFetcher int32
	fetchers   sync.WaitGroup
	janitor    sync.Once
	ready      atomic.Bool
}

// worker takes its lock, then makes sure the consumer's fetcher runs and
// processes what it gets.
func (c *Consumer) worker(ctx context.Context, id int64) {
	lock, err := redislock.Obtain(ctx, c.redis, "worker:lock", time.Minute, nil)
	if err != nil {
		return
	}
	defer lock.Release(ctx)
	c.ensureFetcher(ctx)
	c.startJanitor(ctx)
	c.startReporter(ctx)
	go c.record(ctx, id)
}

// ensureFetcher starts the fetcher unless one runs.
func (c *Consumer) ensureFetcher(ctx context.Context) {
	if atomic.LoadInt32(&c.numFetcher) == 0 {
		c.addFetcher(ctx)
	}
}

// addFetcher starts the consumer's one fetcher, once.
func (c *Consumer) addFetcher(ctx context.Context) {
	if atomic.CompareAndSwapInt32(&c.numFetcher, 0, 1) {
		c.fetchers.Add(1)
		go func() {
			defer c.fetchers.Done()
			c.fetcher(ctx)
		}()
	}
}

// fetcher runs for the whole consumer, under no worker's lock.
func (c *Consumer) fetcher(ctx context.Context) {
	c.db.ExecContext(ctx, `UPDATE queue SET reserved_at = now() WHERE id = 1`) // ok: started once per consumer, not under the lock of the worker that started it
}

// startJanitor starts the janitor once.
func (c *Consumer) startJanitor(ctx context.Context) {
	c.janitor.Do(func() {
		go c.sweep(ctx)
	})
}

// sweep runs for the whole consumer.
func (c *Consumer) sweep(ctx context.Context) {
	c.db.ExecContext(ctx, `UPDATE queue SET swept = true WHERE id = 2`) // ok: started once, inside sync.Once.Do
}

// startReporter starts the reporter unless one runs, with the method form
// of the compare-and-swap.
func (c *Consumer) startReporter(ctx context.Context) {
	if !c.ready.CompareAndSwap(false, true) {
		return
	}
	go c.report(ctx)
}

// report runs for the whole consumer.
func (c *Consumer) report(ctx context.Context) {
	c.db.ExecContext(ctx, `UPDATE stats SET seen = now() WHERE id = 3`) // ok: started once, after a compare-and-swap
}

// record is started by each worker for its own job.
func (c *Consumer) record(ctx context.Context, id int64) {
	c.db.ExecContext(ctx, `UPDATE jobs SET state = 'done' WHERE id = $1`, id) // want `\(\*sql\.DB\)\.ExecContext updates jobs under a lease without a fencing token`
}

// kick starts a goroutine per call, after a compare-and-swap that does not
// decide whether it starts.
func (c *Consumer) kick(ctx context.Context, id int64) {
	lock, err := redislock.Obtain(ctx, c.redis, "kick:lock", time.Minute, nil)
	if err != nil {
		return
	}
	defer lock.Release(ctx)
	if atomic.CompareAndSwapInt32(&c.numFetcher, 0, 0) {
		c.db.ExecContext(ctx, `UPDATE jobs SET kicked = true WHERE id = $1`, id) // want `\(\*sql\.DB\)\.ExecContext updates jobs under a lease without a fencing token`
	}
	go func() {
		c.db.ExecContext(ctx, `UPDATE jobs SET state = 'kicked' WHERE id = $1`, id) // want `\(\*sql\.DB\)\.ExecContext updates jobs under a lease without a fencing token`
	}()
}
