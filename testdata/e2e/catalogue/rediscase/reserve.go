package rediscase

import (
	"context"
	"errors"
	"time"

	"github.com/redis/go-redis/v9"
)

// reserveScript pops a job id from the ready list and records its
// deadline in the working set: a reservation.
var reserveScript = redis.NewScript(`
local id = redis.call('RPOP', KEYS[1])
if not id then return false end
redis.call('ZADD', KEYS[2], ARGV[1], id)
return id`)

// ackScript removes a job from the working set and its body, after a
// test that the job is still reserved: any reservation of the id passes.
var ackScript = redis.NewScript(`
if redis.call('ZREM', KEYS[1], ARGV[1]) == 0 then return 0 end
redis.call('HDEL', KEYS[2], ARGV[1])
return 1`)

// JobQueue reserves jobs in Redis and takes them back by id.
type JobQueue struct {
	RDB                  *redis.Client
	Ready, Working, Jobs string
}

// Reserve takes the next job for ttl.
func (q *JobQueue) Reserve(ctx context.Context, ttl time.Duration) (string, error) {
	return reserveScript.Run(ctx, q.RDB, []string{q.Ready, q.Working}, time.Now().Add(ttl).Unix()).Text()
}

// Ack completes a job by id.
func (q *JobQueue) Ack(ctx context.Context, id string) error {
	return ackScript.Run(ctx, q.RDB, []string{q.Working, q.Jobs}, id).Err() // finding: weakguard
}

// Nack puts a job back by id, with no check at all.
func (q *JobQueue) Nack(ctx context.Context, id string) error {
	return q.RDB.ZRem(ctx, q.Working, id).Err() // finding: unfenced
}

// Inbox moves deliveries into this consumer's own list.
type Inbox struct {
	RDB            *redis.Client
	Ready, Pending string
}

// errGone is returned when a delivery was taken over.
var errGone = errors.New("rediscase: delivery taken over")

// Next moves the next delivery into the consumer's list.
func (b *Inbox) Next(ctx context.Context) (string, error) {
	return b.RDB.LMove(ctx, b.Ready, b.Pending, "RIGHT", "LEFT").Result()
}

// Done removes the delivery from the consumer's list and checks it was
// there: a takeover moves it out first.
func (b *Inbox) Done(ctx context.Context, payload string) error {
	n, err := b.RDB.LRem(ctx, b.Pending, 1, payload).Result() // ok: the count says whether the delivery is still this consumer's
	if err != nil {
		return err
	}
	if n == 0 {
		return errGone
	}
	return nil
}
