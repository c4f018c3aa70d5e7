// Package local takes Redis locks by hand with rueidis inside the function
// that writes: a SET … NX PX built with the command builder, its outcome
// checked, released with DEL; and its twins that are no locks.
package local

import (
	"context"
	"database/sql"
	"errors"
	"strconv"
	"time"

	"github.com/redis/rueidis"
)

// Settle takes a lock with SET … NX PX, checked by the result's error (a
// nil reply when another worker holds the key), and releases it with DEL.
func Settle(ctx context.Context, client rueidis.Client, db *sql.DB, id string) error {
	key := "settle:" + id
	if err := client.Do(ctx, client.B().Set().Key(key).Value("worker-1").Nx().Px(30*time.Second).Build()).Error(); err != nil {
		return err // rueidis.IsRedisNil(err): held by another worker
	}
	defer client.Do(ctx, client.B().Del().Key(key).Build())
	client.Do(ctx, client.B().Hset().Key("account:"+id).FieldValue().FieldValue("state", "settled").Build()) // want `hsets under a lease without a fencing token`
	client.Do(ctx, client.B().Pexpire().Key(key).Milliseconds(30000).Build())                                // ok: a renewal of the lock
	client.Do(ctx, client.B().Get().Key("account:"+id).Build())                                              // ok: a read is not a write
	client.Do(ctx, client.B().Setnx().Key("settled-at:"+id).Value("now").Build())                            // ok: create-only, it cannot overwrite newer state
	if _, err := db.ExecContext(ctx, "UPDATE accounts SET settled = true WHERE id = $1", id); err != nil {   // want `updates accounts under a lease without a fencing token`
		return err
	}
	return client.Do(ctx, client.B().Set().Key("settled:"+id).Value("1").Build()).Error() // want `sets under a lease without a fencing token`
}

// Acquired takes the same kind of lock, checked with AsBool, with the
// expiry in seconds.
func Acquired(ctx context.Context, client rueidis.Client, id string) error {
	key := "rebuild:" + id
	if ok, err := client.Do(ctx, client.B().Set().Key(key).Value("me").Nx().ExSeconds(60).Build()).AsBool(); err != nil || !ok {
		return err
	}
	defer client.Do(ctx, client.B().Del().Key(key).Build())
	return client.Do(ctx, client.B().Incr().Key("rebuilds:"+id).Build()).Error() // want `incrs under a lease without a fencing token`
}

// Unchecked sets the lock key but never looks at whether it did: not a
// lock, so the write after it is under no lease.
func Unchecked(ctx context.Context, client rueidis.Client, id string) error {
	key := "settle:" + id
	client.Do(ctx, client.B().Set().Key(key).Value("worker-1").Nx().Px(30*time.Second).Build()) // ok: create-only, it cannot overwrite newer state
	defer client.Do(ctx, client.B().Del().Key(key).Build())
	return client.Do(ctx, client.B().Set().Key("settled:"+id).Value("1").Build()).Error() // ok: no lease is held
}

// Seen marks an event seen for a day: nothing deletes or extends the
// mark, so it is a create-only write, not a lock.
func Seen(ctx context.Context, client rueidis.Client, event string) error {
	if err := client.Do(ctx, client.B().Set().Key("seen:"+event).Value("1").Nx().Ex(24*time.Hour).Build()).Error(); err != nil {
		return err
	}
	return client.Do(ctx, client.B().Hset().Key("event:"+event).FieldValue().FieldValue("seen", "1").Build()).Error() // ok: no lease is held
}

// Forever takes a key with no expiry, deleted on return: nobody can take
// it over while its holder pauses, so it is no lease.
func Forever(ctx context.Context, client rueidis.Client, id string) error {
	key := "migrate:" + id
	if err := client.Do(ctx, client.B().Set().Key(key).Value("me").Nx().Build()).Error(); err != nil {
		return err
	}
	defer client.Do(ctx, client.B().Del().Key(key).Build())
	return client.Do(ctx, client.B().Set().Key("migrated:"+id).Value("1").Build()).Error() // ok: no lease is held
}

// Pipelined sends writes under the lock in one round trip with DoMulti,
// and releases it alone.
func Pipelined(ctx context.Context, client rueidis.Client, id string) error {
	key := "settle:" + id
	if err := client.Do(ctx, client.B().Set().Key(key).Value("worker-1").Nx().Px(30*time.Second).Build()).Error(); err != nil {
		return err
	}
	client.DoMulti(ctx, // want `hsets under a lease without a fencing token`
		client.B().Hset().Key("account:"+id).FieldValue().FieldValue("state", "settled").Build(),
		client.B().Pexpire().Key("account:"+id).Milliseconds(60000).Build())
	client.DoMulti(ctx, client.B().Del().Key(key).Build())
	return client.Do(ctx, client.B().Set().Key("settled:"+id).Value("1").Build()).Error() // ok: no lease is held
}

// Built runs a command built by a helper: fencecheck cannot tell which,
// and stays silent.
func Built(ctx context.Context, client rueidis.Client, id string) error {
	key := "settle:" + id
	if err := client.Do(ctx, client.B().Set().Key(key).Value("worker-1").Nx().Px(30*time.Second).Build()).Error(); err != nil {
		return err
	}
	defer client.Do(ctx, client.B().Del().Key(key).Build())
	return client.Do(ctx, command(client, id)).Error() // ok: a command built elsewhere is not judged
}

// command builds a command for Built.
func command(client rueidis.Client, id string) rueidis.Completed {
	return client.B().Get().Key("settled:" + id).Build()
}

// fencedSrc writes only when the caller's token is newer than the one
// stored in the fence key.
const fencedSrc = `if tonumber(redis.call("GET", KEYS[1]) or "0") < tonumber(ARGV[1]) then
	redis.call("SET", KEYS[1], ARGV[1])
	return redis.call("HSET", KEYS[2], "state", ARGV[2])
end
return 0`

var fencedSet = rueidis.NewLuaScript(fencedSrc)

// Fenced is Settle's twin whose writes a script fences with the token.
func Fenced(ctx context.Context, client rueidis.Client, id, token string) error {
	key := "settle:" + id
	if err := client.Do(ctx, client.B().Set().Key(key).Value("worker-1").Nx().Px(30*time.Second).Build()).Error(); err != nil {
		return err
	}
	defer client.Do(ctx, client.B().Del().Key(key).Build())
	if err := fencedSet.Exec(ctx, client, []string{"fence:" + id, "account:" + id}, []string{token, "settled"}).Error(); err != nil { // ok: the script compares the token
		return err
	}
	return client.Do(ctx, client.B().Eval().Script(fencedSrc).Numkeys(2).Key("fence:"+id, "account:"+id).Arg(token, "settled").Build()).Error() // ok: the script compares the token
}

var errStale = errors.New("local: stale")

// Watched writes in a transaction on a dedicated connection that watches
// the fence key, reads it and compares it with the token before MULTI.
func Watched(ctx context.Context, client rueidis.Client, id string, token int64) error {
	key := "settle:" + id
	if err := client.Do(ctx, client.B().Set().Key(key).Value("worker-1").Nx().Px(30*time.Second).Build()).Error(); err != nil {
		return err
	}
	defer client.Do(ctx, client.B().Del().Key(key).Build())
	return client.Dedicated(func(c rueidis.DedicatedClient) error {
		fence := "fence:" + id
		if err := c.Do(ctx, c.B().Watch().Key(fence).Build()).Error(); err != nil {
			return err
		}
		cur, err := c.Do(ctx, c.B().Get().Key(fence).Build()).AsInt64()
		if err != nil && !rueidis.IsRedisNil(err) {
			return err
		}
		if cur > token {
			return errStale
		}
		res := c.DoMulti(ctx, // ok: WATCH on the fence key read above aborts EXEC when a newer token lands
			c.B().Multi().Build(),
			c.B().Set().Key(fence).Value(strconv.FormatInt(token, 10)).Build(),
			c.B().Set().Key("job:"+id).Value("done").Build(),
			c.B().Exec().Build())
		return res[len(res)-1].Error()
	})
}

// WatchedBlind watches the fence key but reads nothing after WATCH: a
// newer holder's earlier write goes unnoticed.
func WatchedBlind(ctx context.Context, client rueidis.Client, id string) error {
	key := "settle:" + id
	if err := client.Do(ctx, client.B().Set().Key(key).Value("worker-1").Nx().Px(30*time.Second).Build()).Error(); err != nil {
		return err
	}
	defer client.Do(ctx, client.B().Del().Key(key).Build())
	return client.Dedicated(func(c rueidis.DedicatedClient) error {
		if err := c.Do(ctx, c.B().Watch().Key("fence:"+id).Build()).Error(); err != nil {
			return err
		}
		res := c.DoMulti(ctx, // want `sets under a lease without a fencing token`
			c.B().Multi().Build(),
			c.B().Set().Key("job:"+id).Value("done").Build(),
			c.B().Exec().Build())
		return res[len(res)-1].Error()
	})
}
