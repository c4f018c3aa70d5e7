// Package claims takes Redis work items by structure: a Lua script that
// pops or moves an item and records an expiry for it is a claim, and so are
// XREADGROUP, XCLAIM and XAUTOCLAIM. Writes made after a claim are under
// its lease; a script that pops without recording an expiry is not a claim.
package claims

import (
	"context"
	"time"

	redigo "github.com/gomodule/redigo/redis"
	"github.com/redis/go-redis/v9"
)

// claimScript moves an item to the processing list and records its
// deadline in a sorted set.
var claimScript = redis.NewScript(`
local id = redis.call('RPOPLPUSH', KEYS[1], KEYS[2])
if not id then return nil end
redis.call('ZADD', KEYS[3], ARGV[1], id)
return id`)

// leaseScript pops the earliest item and stores a lease key with PX.
const leaseScript = `
local r = redis.call('ZPOPMIN', KEYS[1])
if #r == 0 then return nil end
redis.call('SET', 'lease:' .. r[1], ARGV[1], 'PX', ARGV[2])
return r[1]`

// popScript pops an item and marks it running: no expiry, so no lease.
var popScript = redis.NewScript(`
local id = redis.call('LMOVE', KEYS[1], KEYS[2], 'RIGHT', 'LEFT')
redis.call('HSET', KEYS[3], 'status', 'running')
return id`)

// Work claims an item with the script and writes its result.
func Work(ctx context.Context, rdb *redis.Client) error {
	deadline := time.Now().Add(30 * time.Second).UnixMilli()
	id, err := claimScript.Run(ctx, rdb, []string{"queue", "processing", "deadlines"}, deadline).Text() // ok: the claim itself
	if err != nil {
		return err
	}
	return rdb.Set(ctx, "result:"+id, "done", 0).Err() // want `writes under a lease without a fencing token`
}

// WorkEval claims through Eval of a script with SET … PX.
func WorkEval(ctx context.Context, rdb *redis.Client) error {
	id, err := rdb.Eval(ctx, leaseScript, []string{"ready"}, "w1", 30000).Text() // ok: the claim itself
	if err != nil {
		return err
	}
	return rdb.HSet(ctx, "job:"+id, "state", "done").Err() // want `writes under a lease without a fencing token`
}

// Pop is Work's twin: the script records no expiry, so it takes no lease.
func Pop(ctx context.Context, rdb *redis.Client) error {
	id, err := popScript.Run(ctx, rdb, []string{"queue", "processing", "meta"}).Text() // ok: not under a lease
	if err != nil {
		return err
	}
	return rdb.Set(ctx, "result:"+id, "done", 0).Err() // ok: a pop without an expiry takes no lease
}

// Consume reads a consumer group's entries: each is claimed for the
// consumer until it is acknowledged.
func Consume(ctx context.Context, rdb *redis.Client) error {
	streams, err := rdb.XReadGroup(ctx, &redis.XReadGroupArgs{Group: "g", Consumer: "c1", Streams: []string{"jobs", ">"}}).Result()
	if err != nil {
		return err
	}
	for _, s := range streams {
		for _, msg := range s.Messages {
			rdb.Set(ctx, "out:"+msg.ID, "done", 0) // want `writes under a lease without a fencing token`
		}
	}
	return nil
}

// Reclaim takes over idle entries with XAUTOCLAIM.
func Reclaim(ctx context.Context, rdb *redis.Client) error {
	msgs, _, err := rdb.XAutoClaim(ctx, &redis.XAutoClaimArgs{Stream: "jobs", Group: "g", Consumer: "c2", MinIdle: time.Minute, Start: "0"}).Result()
	if err != nil {
		return err
	}
	for _, msg := range msgs {
		rdb.Del(ctx, "pending:"+msg.ID) // want `writes under a lease without a fencing token`
	}
	return nil
}

// Steal takes over named entries with XCLAIM.
func Steal(ctx context.Context, rdb *redis.Client, ids []string) error {
	got, err := rdb.XClaimJustID(ctx, &redis.XClaimArgs{Stream: "jobs", Group: "g", Consumer: "c3", MinIdle: time.Minute, Messages: ids}).Result()
	if err != nil {
		return err
	}
	for _, id := range got {
		rdb.Set(ctx, "owner:"+id, "c3", 0) // want `writes under a lease without a fencing token`
	}
	return nil
}

// Produce is the twin of Consume: adding entries claims nothing.
func Produce(ctx context.Context, rdb *redis.Client, id string) error {
	rdb.XAdd(ctx, &redis.XAddArgs{Stream: "jobs", Values: map[string]any{"id": id}})
	return rdb.Set(ctx, "queued:"+id, "1", 0).Err() // ok: no lease is held
}

// ConsumeRedigo reads a group's entries by command name.
func ConsumeRedigo(conn redigo.Conn) error {
	if _, err := conn.Do("XREADGROUP", "GROUP", "g", "c1", "STREAMS", "jobs", ">"); err != nil { // ok: the claim itself
		return err
	}
	_, err := conn.Do("SET", "seen", "1") // want `sets under a lease without a fencing token`
	return err
}

// ReadRedigo is its twin: XREAD without a group claims nothing.
func ReadRedigo(conn redigo.Conn) error {
	if _, err := conn.Do("XREAD", "STREAMS", "jobs", "0"); err != nil {
		return err
	}
	_, err := conn.Do("SET", "seen", "1") // ok: no lease is held
	return err
}

// ConsumeNoAck is Consume's twin: with NoAck the entries are acknowledged
// on delivery, so nothing is claimed.
func ConsumeNoAck(ctx context.Context, rdb *redis.Client) error {
	streams, err := rdb.XReadGroup(ctx, &redis.XReadGroupArgs{Group: "g", Consumer: "c1", Streams: []string{"jobs", ">"}, NoAck: true}).Result()
	if err != nil {
		return err
	}
	for _, s := range streams {
		for _, msg := range s.Messages {
			rdb.Set(ctx, "out:"+msg.ID, "done", 0) // ok: NOACK reads claim nothing
		}
	}
	return nil
}

// ConsumeAck acknowledges each entry after its write: XACK ends the
// claim, so it is the release, not a write, and what follows it runs
// under no lease.
func ConsumeAck(ctx context.Context, rdb *redis.Client) error {
	streams, err := rdb.XReadGroup(ctx, &redis.XReadGroupArgs{Group: "g", Consumer: "c1", Streams: []string{"jobs", ">"}}).Result()
	if err != nil {
		return err
	}
	msg := streams[0].Messages[0]
	rdb.Set(ctx, "out:"+msg.ID, "done", 0) // want `writes under a lease without a fencing token`
	if err := rdb.XAck(ctx, "jobs", "g", msg.ID).Err(); err != nil { // ok: the release of the entry
		return err
	}
	return rdb.Set(ctx, "acked:"+msg.ID, "1", 0).Err() // ok: the claim ended with the acknowledgement
}

// ConsumeAckRedigo is ConsumeAck by command name.
func ConsumeAckRedigo(conn redigo.Conn) error {
	if _, err := conn.Do("XREADGROUP", "GROUP", "g", "c1", "STREAMS", "jobs", ">"); err != nil {
		return err
	}
	if _, err := conn.Do("XACK", "jobs", "g", "1-0"); err != nil { // ok: the release of the entry
		return err
	}
	_, err := conn.Do("SET", "acked", "1") // ok: the claim ended with the acknowledgement
	return err
}
