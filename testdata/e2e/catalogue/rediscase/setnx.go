package rediscase

import (
	"context"
	"database/sql"
	"errors"
	"time"

	redigo "github.com/gomodule/redigo/redis"
	"github.com/redis/go-redis/v9"
)

// releaseScript deletes the lock only while it holds the holder's value.
var releaseScript = redis.NewScript(`
if redis.call("GET", KEYS[1]) == ARGV[1] then
	return redis.call("DEL", KEYS[1])
end
return 0`)

// KeyLock is a lock written by hand: SET key value NX PX, released by a
// compare-and-delete script.
type KeyLock struct {
	RDB   *redis.Client
	Key   string
	Value string
}

// Acquire takes the lock for ttl; it reports whether it did.
func (l *KeyLock) Acquire(ctx context.Context, ttl time.Duration) (bool, error) {
	return l.RDB.SetNX(ctx, l.Key, l.Value, ttl).Result()
}

// Release frees the lock while it is still this holder's.
func (l *KeyLock) Release(ctx context.Context) error {
	return releaseScript.Run(ctx, l.RDB, []string{l.Key}, l.Value).Err()
}

// Reconcile writes an account row and a cache entry under the lock.
func Reconcile(ctx context.Context, l *KeyLock, db *sql.DB, id int64) error {
	ok, err := l.Acquire(ctx, 30*time.Second)
	if err != nil || !ok {
		return err
	}
	defer l.Release(ctx)
	if _, err := db.ExecContext(ctx, `UPDATE accounts SET reconciled_at = now() WHERE id = $1`, id); err != nil { // finding: unfenced
		return err
	}
	return l.RDB.Set(ctx, "reconciled", id, 0).Err() // finding: unfenced
}

// Dedupe processes an event at most once a day: the mark is created if
// absent and never deleted, so it is no lock and the write is under no
// lease.
func Dedupe(ctx context.Context, rdb *redis.Client, db *sql.DB, event string) error {
	first, err := rdb.SetNX(ctx, "event:"+event, 1, 24*time.Hour).Result()
	if err != nil || !first {
		return err
	}
	_, err = db.ExecContext(ctx, `UPDATE events SET handled = true WHERE id = $1`, event) // ok: no lease is held
	return err
}

// Sweep takes a lock by name with redigo, SET … NX PX, and deletes it on
// return.
func Sweep(conn redigo.Conn, shard string) error {
	key := "sweep:" + shard
	if _, err := redigo.String(conn.Do("SET", key, "me", "NX", "PX", 60000)); errors.Is(err, redigo.ErrNil) {
		return nil // another worker sweeps
	} else if err != nil {
		return err
	}
	defer conn.Do("DEL", key)
	conn.Do("HSETNX", "sweeps", shard, time.Now().Unix()) // ok: create-only, it cannot overwrite newer state
	_, err := conn.Do("HSET", "shard:"+shard, "swept", 1) // finding: unfenced
	return err
}
