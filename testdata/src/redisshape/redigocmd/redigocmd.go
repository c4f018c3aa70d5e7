// Package redigocmd writes through redigo under a lock: Send (pipelined
// commands), DoContext and DoWithTimeout run commands by name like Do, and
// a WATCH … MULTI … EXEC sequence on one connection is an optimistic
// transaction that fences when the watched key is the one read and
// compared with the token.
package redigocmd

import (
	"context"
	"errors"
	"time"

	"github.com/go-redsync/redsync/v4"
	redigo "github.com/gomodule/redigo/redis"
)

var errStale = errors.New("redigocmd: stale")

// lock takes a redsync mutex.
func lock(rs *redsync.Redsync, id string) (*redsync.Mutex, error) {
	mu := rs.NewMutex("lock:" + id)
	return mu, mu.Lock()
}

// Pipelined sends writes by name.
func Pipelined(ctx context.Context, rs *redsync.Redsync, conn redigo.Conn, id string) error {
	mu, err := lock(rs, id)
	if err != nil {
		return err
	}
	defer mu.Unlock()
	conn.Send("SET", "job:"+id, "done")                              // want `sets under a lease without a fencing token`
	conn.Send("GET", "job:"+id)                                      // ok: a read is not a write
	redigo.DoContext(conn, ctx, "HSET", "job:"+id, "state", "done")  // want `hsets under a lease without a fencing token`
	redigo.DoWithTimeout(conn, time.Second, "DEL", "job:"+id+":tmp") // want `dels under a lease without a fencing token`
	redigo.DoContext(conn, ctx, "TTL", "job:"+id)                    // ok: a read is not a write
	if cc, ok := conn.(redigo.ConnWithContext); ok {
		cc.DoContext(ctx, "INCR", "jobs:done") // want `incrs under a lease without a fencing token`
	}
	return conn.Flush()
}

// Unlocked is Pipelined's twin without a lock.
func Unlocked(ctx context.Context, conn redigo.Conn, id string) error {
	conn.Send("SET", "job:"+id, "done")                             // ok: no lease is held
	redigo.DoContext(conn, ctx, "HSET", "job:"+id, "state", "done") // ok: no lease is held
	return conn.Flush()
}

// Watched writes in a transaction that watches the fence key, reads it and
// compares it with the token before MULTI.
func Watched(rs *redsync.Redsync, conn redigo.Conn, id string, token int64) error {
	mu, err := lock(rs, id)
	if err != nil {
		return err
	}
	defer mu.Unlock()
	fence := "fence:" + id
	if _, err := conn.Do("WATCH", fence); err != nil {
		return err
	}
	cur, err := redigo.Int64(conn.Do("GET", fence))
	if err != nil && !errors.Is(err, redigo.ErrNil) {
		return err
	}
	if cur > token {
		return errStale
	}
	conn.Send("MULTI")
	conn.Send("SET", fence, token)      // ok: WATCH on the fence key read above aborts EXEC when a newer token lands
	conn.Send("SET", "job:"+id, "done") // ok: WATCH on the fence key read above aborts EXEC when a newer token lands
	_, err = conn.Do("EXEC")
	return err
}

// WatchedBlind watches a key but reads nothing after WATCH: a newer
// holder's earlier write goes unnoticed.
func WatchedBlind(rs *redsync.Redsync, conn redigo.Conn, id string) error {
	mu, err := lock(rs, id)
	if err != nil {
		return err
	}
	defer mu.Unlock()
	conn.Do("WATCH", "job:"+id)
	conn.Send("MULTI")
	conn.Send("SET", "job:"+id, "done") // want `sets under a lease without a fencing token`
	_, err = conn.Do("EXEC")
	return err
}

// WatchedOther watches one constant key and reads another.
func WatchedOther(rs *redsync.Redsync, conn redigo.Conn, token int64) error {
	mu, err := lock(rs, "report")
	if err != nil {
		return err
	}
	defer mu.Unlock()
	conn.Do("WATCH", "report:lock")
	cur, _ := redigo.Int64(conn.Do("GET", "report:fence"))
	if cur > token {
		return errStale
	}
	conn.Send("MULTI")
	conn.Send("SET", "report", "done") // want `sets under a lease without a fencing token`
	_, err = conn.Do("EXEC")
	return err
}

// MultiOnly queues writes in MULTI … EXEC without WATCH: nothing is
// checked.
func MultiOnly(rs *redsync.Redsync, conn redigo.Conn, id string) error {
	mu, err := lock(rs, id)
	if err != nil {
		return err
	}
	defer mu.Unlock()
	conn.Send("MULTI")
	conn.Send("SET", "job:"+id, "done") // want `sets under a lease without a fencing token`
	_, err = conn.Do("EXEC")
	return err
}

// AfterExec writes after the transaction ended: WATCH no longer checks it.
func AfterExec(rs *redsync.Redsync, conn redigo.Conn, id string, token int64) error {
	mu, err := lock(rs, id)
	if err != nil {
		return err
	}
	defer mu.Unlock()
	fence := "fence:" + id
	conn.Do("WATCH", fence)
	cur, _ := redigo.Int64(conn.Do("GET", fence))
	if cur > token {
		return errStale
	}
	conn.Send("MULTI")
	conn.Send("SET", fence, token) // ok: inside the watched transaction
	if _, err := conn.Do("EXEC"); err != nil {
		return err
	}
	_, err = conn.Do("SET", "job:"+id, "done") // want `sets under a lease without a fencing token`
	return err
}
