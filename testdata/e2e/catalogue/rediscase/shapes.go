package rediscase

import (
	"context"
	"errors"
	"time"

	redigo "github.com/gomodule/redigo/redis"
	"github.com/redis/go-redis/v9"
)

// claimItem moves an item to the processing list and records its deadline:
// a claim.
var claimItem = redis.NewScript(`
local id = redis.call('RPOPLPUSH', KEYS[1], KEYS[2])
if not id then return nil end
redis.call('ZADD', KEYS[3], ARGV[1], id)
return id`)

// finishIfRunning writes only while the item is in the processing list: a
// state guard.
var finishIfRunning = redis.NewScript(`
if redis.call('LREM', KEYS[1], 0, ARGV[1]) == 0 then
  return 0
end
redis.call('HSET', KEYS[2], 'result', ARGV[2])
return 1`)

// Items processes queue items claimed by a script.
type Items struct{ rdb *redis.Client }

// Next claims an item and finishes it.
func (it *Items) Next(ctx context.Context) error {
	deadline := time.Now().Add(time.Minute).UnixMilli()
	id, err := claimItem.Run(ctx, it.rdb, []string{"items", "items:processing", "items:deadlines"}, deadline).Text() // ok: the claim itself
	if err != nil {
		return err
	}
	n, err := finishIfRunning.Run(ctx, it.rdb, []string{"items:processing", "item:" + id}, id, "done").Int64() // finding: weakguard
	if err != nil {
		return err
	}
	if n == 0 {
		return errLost
	}
	return it.rdb.Set(ctx, "item:"+id+":at", time.Now().Unix(), 0).Err() // finding: unfenced
}

// Consume reads a consumer group's entries and stores their results.
func (it *Items) Consume(ctx context.Context) error {
	streams, err := it.rdb.XReadGroup(ctx, &redis.XReadGroupArgs{Group: "g", Consumer: "c1", Streams: []string{"events", ">"}}).Result()
	if err != nil {
		return err
	}
	for _, s := range streams {
		for _, msg := range s.Messages {
			it.rdb.HSet(ctx, "event:"+msg.ID, "seen", 1) // finding: unfenced
		}
	}
	return nil
}

// Produce adds entries: no claim.
func (it *Items) Produce(ctx context.Context, id string) error {
	if err := it.rdb.XAdd(ctx, &redis.XAddArgs{Stream: "events", Values: map[string]any{"id": id}}).Err(); err != nil {
		return err
	}
	return it.rdb.Set(ctx, "queued:"+id, 1, 0).Err() // ok: no lease is held
}

// Pipelined claims a stream entry through redigo and writes with Send and
// DoContext.
func Pipelined(ctx context.Context, conn redigo.Conn) error {
	if _, err := redigo.DoContext(conn, ctx, "XREADGROUP", "GROUP", "g", "c1", "STREAMS", "events", ">"); err != nil { // ok: the claim itself
		return err
	}
	if err := conn.Send("SET", "events:last", "1"); err != nil { // finding: unfenced
		return err
	}
	if _, err := redigo.DoWithTimeout(conn, time.Second, "HSET", "events:stats", "n", 1); err != nil { // finding: unfenced
		return err
	}
	if _, err := conn.Do("WATCH", "events:fence"); err != nil {
		return err
	}
	cur, err := redigo.Int64(conn.Do("GET", "events:fence"))
	if err != nil && !errors.Is(err, redigo.ErrNil) {
		return err
	}
	if cur > 7 {
		return errLost
	}
	conn.Send("MULTI")
	conn.Send("SET", "events:summary", "x") // ok: WATCH on the fence key read after it aborts EXEC
	_, err = conn.Do("EXEC")
	return err
}
