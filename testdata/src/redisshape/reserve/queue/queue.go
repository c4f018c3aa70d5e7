// Package queue reserves jobs in Redis: a script pops a job id from the
// ready list and records its deadline in the working set. Its exported
// operations act on a job by its id alone, so a worker whose reservation
// expired, and whose job another worker reserved again, acts on the new
// holder's reservation.
package queue

import (
	"context"
	"time"

	"github.com/redis/go-redis/v9"
)

var (
	reserve = redis.NewScript(`
local id = redis.call('RPOP', KEYS[1])
if not id then return false end
redis.call('ZADD', KEYS[2], ARGV[1], id)
return id`)
	ack = redis.NewScript(`
if redis.call('ZREM', KEYS[1], ARGV[1]) == 0 then return 0 end
redis.call('HDEL', KEYS[2], ARGV[1])
return 1`)
	finish = redis.NewScript(`
local cur = redis.call('HGET', KEYS[2], ARGV[1] .. ':token')
if cur ~= ARGV[2] then return 0 end
redis.call('ZREM', KEYS[1], ARGV[1])
redis.call('HDEL', KEYS[2], ARGV[1])
return 1`)
)

// Queue is a Redis job queue.
type Queue struct {
	rdb                  *redis.Client
	ready, working, jobs string
}

// Reserve takes the next job for ttl and returns its id.
func (q *Queue) Reserve(ctx context.Context, ttl time.Duration) (string, error) {
	return reserve.Run(ctx, q.rdb, []string{q.ready, q.working}, time.Now().Add(ttl).Unix()).Text()
}

// Ack removes the job, after a test that it is still in the working set.
func (q *Queue) Ack(ctx context.Context, id string) error {
	return ack.Run(ctx, q.rdb, []string{q.working, q.jobs}, id).Err() // want `weakguard: `
}

// Fail takes the job out of the working set with no check at all.
func (q *Queue) Fail(ctx context.Context, id string) error {
	return q.rdb.ZRem(ctx, q.working, id).Err() // want `unfenced: `
}

// Finish removes the job only when the caller's token is still the job's.
func (q *Queue) Finish(ctx context.Context, id, token string) error {
	return finish.Run(ctx, q.rdb, []string{q.working, q.jobs}, id, token).Err() // ok: the script compares the caller's token
}

// Purge empties the job table: no job is chosen by the caller.
func (q *Queue) Purge(ctx context.Context) error {
	return q.rdb.Del(ctx, q.jobs).Err() // ok: no item is chosen by a parameter
}

// Tag tags a job in a set the queue reserves nothing into.
func (q *Queue) Tag(ctx context.Context, id string) error {
	return q.rdb.SAdd(ctx, "tags", id).Err() // ok: not a key the queue reserves into
}

// Client wraps go-redis: its moves and removals act on whatever lists its
// caller names, so the package reserves nothing through them.
type Client struct{ rdb *redis.Client }

// RPopLPush moves an item between the lists the caller names.
func (c *Client) RPopLPush(ctx context.Context, src, dst string) (string, error) {
	return c.rdb.RPopLPush(ctx, src, dst).Result()
}

// LRem removes an item from the list the caller names.
func (c *Client) LRem(ctx context.Context, key string, value string) error {
	return c.rdb.LRem(ctx, key, 1, value).Err() // ok: a wrapper of the caller's keys, not an operation on a reservation
}
