// Package local takes Redis locks by hand inside the function that
// writes: go-redis SetNX and SetArgs with NX, and redigo SET … NX PX,
// each checked and released with DEL; and their twins that are no locks.
package local

import (
	"context"
	"errors"
	"time"

	redigo "github.com/gomodule/redigo/redis"
	"github.com/redis/go-redis/v9"
)

// Rebuild takes a lock with SetNX and releases it with DEL.
func Rebuild(ctx context.Context, rdb *redis.Client, id string) error {
	key := "rebuild:" + id
	ok, err := rdb.SetNX(ctx, key, 1, time.Minute).Result()
	if err != nil || !ok {
		return err
	}
	defer rdb.Del(ctx, key)
	rdb.HSetNX(ctx, "report:"+id, "created", time.Now().Unix()) // ok: create-only, it cannot overwrite newer state
	rdb.PExpire(ctx, key, time.Minute)                          // ok: a renewal of the lock
	return rdb.HSet(ctx, "report:"+id, "state", "built").Err()  // want `writes under a lease without a fencing token`
}

// Compact takes a lock with SET … NX and an expiry, checked by its error.
func Compact(ctx context.Context, rdb *redis.Client, id string) error {
	key := "compact:" + id
	err := rdb.SetArgs(ctx, key, "me", redis.SetArgs{Mode: "NX", TTL: time.Minute}).Err()
	if errors.Is(err, redis.Nil) {
		return nil // held by another worker
	}
	if err != nil {
		return err
	}
	defer func() { rdb.Del(ctx, key) }()
	return rdb.Set(ctx, "compacted:"+id, "1", 0).Err() // want `writes under a lease without a fencing token`
}

// Unchecked sets the key but never looks at whether it did: not a lock.
func Unchecked(ctx context.Context, rdb *redis.Client, id string) error {
	key := "rebuild:" + id
	rdb.SetNX(ctx, key, 1, time.Minute) // ok: create-only, it cannot overwrite newer state
	defer rdb.Del(ctx, key)
	return rdb.HSet(ctx, "report:"+id, "state", "built").Err() // ok: no lease is held
}

// Forever takes a key with no expiry: nobody can take it over while its
// holder pauses, so it is no lease.
func Forever(ctx context.Context, rdb *redis.Client, id string) error {
	key := "migrate:" + id
	ok, err := rdb.SetNX(ctx, key, 1, 0).Result()
	if err != nil || !ok {
		return err
	}
	defer rdb.Del(ctx, key)
	return rdb.Set(ctx, "migrated:"+id, "1", 0).Err() // ok: no lease is held
}

// Redigo takes a lock with SET … NX PX by name and releases it with DEL.
func Redigo(conn redigo.Conn, id, token string) error {
	key := "job-lock:" + id
	if _, err := redigo.String(conn.Do("SET", key, token, "NX", "PX", 30000)); err != nil {
		return err // redigo.ErrNil: held by another worker
	}
	defer conn.Do("DEL", key)
	_, err := conn.Do("HSET", "job:"+id, "state", "done") // want `hsets under a lease without a fencing token`
	return err
}

// RedigoSeen marks a job seen with SET … NX EX: nothing deletes the mark.
func RedigoSeen(conn redigo.Conn, id string) error {
	if _, err := redigo.String(conn.Do("SET", "job-seen:"+id, 1, "NX", "EX", 3600)); err != nil {
		return err
	}
	_, err := conn.Do("HSET", "job:"+id, "seen", 1) // ok: no lease is held
	return err
}

// Client wraps go-redis: its SetNX and Del pass their caller's key whole,
// so neither says the type keeps a lock.
type Client struct{ rdb *redis.Client }

// SetNX sets key if it is absent.
func (c *Client) SetNX(ctx context.Context, key string, v any, ttl time.Duration) (bool, error) {
	return c.rdb.SetNX(ctx, key, v, ttl).Result() // ok: create-only, it cannot overwrite newer state
}

// Del deletes keys.
func (c *Client) Del(ctx context.Context, key string) error {
	return c.rdb.Del(ctx, key).Err() // ok: no lease is held
}

// Mark marks an item through the wrapper.
func Mark(ctx context.Context, c *Client, rdb *redis.Client, id string) error {
	ok, err := c.SetNX(ctx, "mark:"+id, 1, time.Hour)
	if err != nil || !ok {
		return err
	}
	return rdb.Set(ctx, "marked:"+id, "1", 0).Err() // ok: no lease is held
}

var (
	lockScript   = redis.NewScript(`return redis.call("SET", KEYS[1], ARGV[1], "NX", "PX", ARGV[2])`)
	unlockScript = redis.NewScript(`if redis.call("GET", KEYS[1]) == ARGV[1] then return redis.call("DEL", KEYS[1]) end return 0`)
)

// Scripted takes a lock with a script that sets the key only if absent,
// and releases it with a compare-and-delete script.
func Scripted(ctx context.Context, rdb *redis.Client, id string) error {
	key := "scripted:" + id
	if _, err := lockScript.Run(ctx, rdb, []string{key}, "me", 30000).Text(); err != nil {
		return err // redis.Nil: held by another worker
	}
	defer unlockScript.Run(ctx, rdb, []string{key}, "me")
	return rdb.Set(ctx, "scripted-out:"+id, "1", 0).Err() // want `writes under a lease without a fencing token`
}

// ScriptedOnce sets a mark with the same script; nothing releases it.
func ScriptedOnce(ctx context.Context, rdb *redis.Client, id string) error {
	if _, err := lockScript.Run(ctx, rdb, []string{"once:" + id}, "me", 30000).Text(); err != nil {
		return err
	}
	return rdb.Set(ctx, "once-out:"+id, "1", 0).Err() // ok: no lease is held
}
