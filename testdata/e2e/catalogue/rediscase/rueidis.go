package rediscase

import (
	"context"
	"database/sql"
	"time"

	"github.com/redis/rueidis"
	"github.com/redis/rueidis/rueidiscompat"
)

// unlockLua deletes the lock only while it holds the holder's value.
var unlockLua = rueidis.NewLuaScript(`
if redis.call("GET", KEYS[1]) == ARGV[1] then
	return redis.call("DEL", KEYS[1])
end
return 0`)

// fencedLua writes the job's state only when the caller's token is newer
// than the one stored in the fence key.
var fencedLua = rueidis.NewLuaScript(`
if tonumber(redis.call("GET", KEYS[1]) or "0") < tonumber(ARGV[1]) then
	redis.call("SET", KEYS[1], ARGV[1])
	return redis.call("HSET", KEYS[2], "state", ARGV[2])
end
return 0`)

// BuiltLock is a lock written by hand with rueidis's command builder:
// SET key value NX PX, released by a compare-and-delete script.
type BuiltLock struct {
	Client rueidis.Client
	Key    string
	Value  string
}

// Acquire takes the lock for ttl; a nil reply says another holder has it.
func (l *BuiltLock) Acquire(ctx context.Context, ttl time.Duration) error {
	return l.Client.Do(ctx, l.Client.B().Set().Key(l.Key).Value(l.Value).Nx().Px(ttl).Build()).Error()
}

// Release frees the lock while it is still this holder's.
func (l *BuiltLock) Release(ctx context.Context) error {
	return unlockLua.Exec(ctx, l.Client, []string{l.Key}, []string{l.Value}).Error()
}

// Close writes the job row and its hash under the lock.
func Close(ctx context.Context, l *BuiltLock, db *sql.DB, id string) error {
	if err := l.Acquire(ctx, 30*time.Second); err != nil {
		return err
	}
	defer l.Release(ctx)
	if _, err := db.ExecContext(ctx, `UPDATE jobs SET closed_at = now() WHERE id = $1`, id); err != nil { // finding: unfenced
		return err
	}
	c := l.Client
	return c.Do(ctx, c.B().Hset().Key("job:"+id).FieldValue().FieldValue("state", "closed").Build()).Error() // finding: unfenced
}

// CloseFenced is Close's twin whose Redis write a script fences.
func CloseFenced(ctx context.Context, l *BuiltLock, id, token string) error {
	if err := l.Acquire(ctx, 30*time.Second); err != nil {
		return err
	}
	defer l.Release(ctx)
	return fencedLua.Exec(ctx, l.Client, []string{"fence:" + id, "job:" + id}, []string{token, "closed"}).Error() // ok: the script compares the token
}

// Tally takes a lock by name inside the function, checked with AsBool,
// and deletes it on return.
func Tally(ctx context.Context, client rueidis.Client, shard string) error {
	key := "tally:" + shard
	if ok, err := client.Do(ctx, client.B().Set().Key(key).Value("me").Nx().ExSeconds(60).Build()).AsBool(); err != nil || !ok {
		return err
	}
	defer client.Do(ctx, client.B().Del().Key(key).Build())
	client.Do(ctx, client.B().Pexpire().Key(key).Milliseconds(60000).Build())        // ok: a renewal of the lock
	client.Do(ctx, client.B().Setnx().Key("tallied-at:"+shard).Value("now").Build()) // ok: create-only, it cannot overwrite newer state
	return client.Do(ctx, client.B().Incr().Key("tallies:"+shard).Build()).Error()   // finding: unfenced
}

// Announce marks an announcement sent for a day: the mark is created if
// absent and never deleted, so it is no lock and the write is under no
// lease.
func Announce(ctx context.Context, client rueidis.Client, id string) error {
	if err := client.Do(ctx, client.B().Set().Key("announced:"+id).Value("1").Nx().Ex(24*time.Hour).Build()).Error(); err != nil {
		return err
	}
	return client.Do(ctx, client.B().Set().Key("announcement:"+id).Value("sent").Build()).Error() // ok: no lease is held
}

// Compat takes a lock through the rueidiscompat adapter and releases it
// with Del.
func Compat(ctx context.Context, client rueidis.Client, id string) error {
	rdb := rueidiscompat.NewAdapter(client)
	key := "compat:" + id
	ok, err := rdb.SetNX(ctx, key, 1, time.Minute).Result()
	if err != nil || !ok {
		return err
	}
	defer rdb.Del(ctx, key)
	return rdb.HSet(ctx, "compat-job:"+id, "state", "done").Err() // finding: unfenced
}

// CompatUnchecked looks only at SetNX's error, which says nothing about
// whether the key was set: no lock.
func CompatUnchecked(ctx context.Context, client rueidis.Client, id string) error {
	rdb := rueidiscompat.NewAdapter(client)
	key := "compat:" + id
	if err := rdb.SetNX(ctx, key, 1, time.Minute).Err(); err != nil {
		return err
	}
	defer rdb.Del(ctx, key)
	return rdb.Set(ctx, "compat-job:"+id, "done", 0).Err() // ok: no lease is held
}
