// Package worker uses the queue package of another package: Claim returns
// holding a lease on the item, Take does not.
package worker

import (
	"context"

	"github.com/redis/go-redis/v9"

	"redisshape/queue"
)

// Process claims an item and stores its result.
func Process(ctx context.Context, rdb *redis.Client, deadline int64) error {
	id, err := queue.Claim(ctx, rdb, deadline)
	if err != nil {
		return err
	}
	return rdb.Set(ctx, "result:"+id, "done", 0).Err() // want `writes under a lease without a fencing token`
}

// Drain is Process's twin: Take holds no lease.
func Drain(ctx context.Context, rdb *redis.Client) error {
	id, err := queue.Take(ctx, rdb)
	if err != nil {
		return err
	}
	return rdb.Set(ctx, "result:"+id, "done", 0).Err() // ok: Take records no deadline, so it takes no lease
}
