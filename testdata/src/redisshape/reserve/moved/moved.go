// Package moved reserves deliveries by moving them from the ready list
// into the consumer's own unacked list; a cleaner moves a dead consumer's
// unacked deliveries back, so an acknowledgement that removes the delivery
// from the consumer's list and checks the count fails once it was taken
// over.
package moved

import (
	"context"
	"errors"

	"github.com/redis/go-redis/v9"
)

// ErrNotFound is returned when the delivery is no longer this consumer's.
var ErrNotFound = errors.New("moved: delivery not found")

// Consumer consumes one queue.
type Consumer struct {
	rdb            *redis.Client
	ready, unacked string
}

// Next moves the next delivery into the consumer's unacked list.
func (c *Consumer) Next(ctx context.Context) (string, error) {
	return c.rdb.RPopLPush(ctx, c.ready, c.unacked).Result()
}

// Ack removes the delivery from the unacked list and checks that it was
// there.
func (c *Consumer) Ack(ctx context.Context, payload string) error {
	n, err := c.rdb.LRem(ctx, c.unacked, 1, payload).Result() // ok: a takeover empties the list first, and the count says so
	if err != nil {
		return err
	}
	if n == 0 {
		return ErrNotFound
	}
	return nil
}

// Drop removes the delivery without looking at the count.
func (c *Consumer) Drop(ctx context.Context, payload string) error {
	return c.rdb.LRem(ctx, c.unacked, 1, payload).Err() // want `writes under a lease without a fencing token`
}
